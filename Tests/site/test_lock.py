"""One build at a time per output folder, with real processes: a build waits for the one that holds the
folder's lock (saying whom it waits for), `--no-wait` fails at once naming it, `watch` takes the same lock,
and the lock of a process killed with SIGKILL is gone with it (the kernel releases a flock)."""
import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path


from conftest import interrupt, worldfacts_bin

LOCK = ".worldfacts-lock"


def build(project, *extra, **kwargs):
    return subprocess.run([worldfacts_bin(), "build", "--content", "Content", "--templates", "Templates",
                           "--output", "Output", *extra], cwd=project, capture_output=True, text=True, **kwargs)


class HeldLock:
    """The output folder's lock, held by this test process as another build would hold it."""

    def __init__(self, folder: Path):
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / LOCK
        self.file = open(self.path, "a+")
        fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def release(self):
        """As worldfacts releases it: the file goes while still held, then the lock."""
        self.path.unlink()
        self.file.close()


def test_no_wait_fails_at_once_naming_the_holder_and_changes_nothing(project):
    assert build(project).returncode == 0
    before = sorted(p.relative_to(project) for p in (project / "Output").rglob("*"))
    held = HeldLock(project / "Output")
    try:
        started = time.monotonic()
        result = build(project, "--no-wait", timeout=60)
        assert time.monotonic() - started < 30
        assert result.returncode == 1
        assert f"another worldfacts build (pid {os.getpid()}) is building into this folder" in result.stderr
        assert "build failed in step 'check output'" in result.stderr
        assert "non-empty folder" not in result.stderr
    finally:
        held.release()
    assert sorted(p.relative_to(project) for p in (project / "Output").rglob("*")) == before


def start(project, command):
    return subprocess.Popen([worldfacts_bin(), command, "--content", "Content", "--templates", "Templates",
                             "--output", "Output"], cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def test_a_second_build_waits_saying_for_whom_then_builds(project):
    held = HeldLock(project / "Output")
    waiting = start(project, "build")
    try:
        line = waiting.stderr.readline()
        assert f"waiting for the build (pid {os.getpid()}) that is writing Output" in line
        time.sleep(0.3)
        assert waiting.poll() is None, "it waits while the folder is held"
        assert not (project / "Output/index.html").exists()
    finally:
        held.release()
    out, err = waiting.communicate(timeout=120)
    assert waiting.returncode == 0, err
    assert out.startswith("252 records: 350 files written")
    assert not (project / "Output" / LOCK).exists(), "no lock file stays behind"


def test_watch_takes_the_same_lock(project):
    held = HeldLock(project / "Output")
    watch = start(project, "watch")
    try:
        assert f"(pid {os.getpid()})" in watch.stderr.readline()
        assert not (project / "Output/index.html").exists()
        held.release()
        assert watch.stdout.readline().startswith("build: 252 records: 350 files written")
    finally:
        interrupt(watch)


def test_a_killed_holder_leaves_no_stale_lock(project):
    (project / "Output").mkdir()
    holder = subprocess.Popen([sys.executable, "-c",
                               "import fcntl, sys, time\n"
                               f"f = open({str(project / 'Output' / LOCK)!r}, 'a+')\n"
                               "fcntl.flock(f, fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(600)\n"],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    assert f"(pid {holder.pid})" in build(project, "--no-wait").stderr
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=20)
    result = build(project, "--no-wait", timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("252 records: 350 files written")
