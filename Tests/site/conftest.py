"""What the site tests share: the binary, the shipped Content built once per test run, a project folder
(a copy of the content and templates), and a running watch or serve whose output lines are collected."""
import atexit
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The countries alone, as one collection (the short form of site.yml): the fixture of the tests that
# build, rebuild and search many times. The shipped Content (countries, cities, continents) is `site`.
COUNTRIES = ROOT / "Tests/Fixtures/countries"
# `make test-full` sets WORLDFACTS_TEST_FULL=1: every test at its full size. Otherwise (`make test`) the
# counts are cut to sizes that still find regressions, and the tests of the 6,000 cities are left out.
FULL = os.environ.get("WORLDFACTS_TEST_FULL") == "1"
full_only = pytest.mark.skipif(not FULL, reason="runs in make test-full (WORLDFACTS_TEST_FULL=1)")


def scaled(full, quick):
    """`full` in make test-full, `quick` in make test."""
    return full if FULL else quick


# Build snapshots (`--cache-dir`) go to a folder of this test run, not to the user's ~/.cache, removed when
# the run ends (on tmpfs each run's was 20 MB of memory left behind).
if "WORLDFACTS_CACHE_DIR" not in os.environ:
    os.environ["WORLDFACTS_CACHE_DIR"] = tempfile.mkdtemp(prefix="worldfacts-cache-")
    atexit.register(shutil.rmtree, os.environ["WORLDFACTS_CACHE_DIR"], ignore_errors=True)


def worldfacts_bin() -> str:
    return str((ROOT / os.environ.get("WORLDFACTS_BIN", ".build/debug/worldfacts")).resolve())


def interrupt(process, timeout=20):
    """Stops a watch or serve as Ctrl-C does, or kills it when it does not stop in time."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def built(content: Path):
    # World-readable: linkchecker, run as root, drops privileges to nobody.
    out = Path(tempfile.mkdtemp(prefix="worldfacts-site-"))
    out.chmod(0o755)
    # As `make site` builds it: the built-in templates (Templates/, compiled in), and the content's own
    # (`Content/templates/`: the countries' and cities' record layouts).
    subprocess.run(
        [worldfacts_bin(), "build", "--content", str(content), "--output", str(out), "--quiet"],
        check=True,
    )
    yield out
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="session")
def site() -> Path:
    """The shipped Content, built once."""
    yield from built(ROOT / "Content")


@pytest.fixture(scope="session")
def countries_site() -> Path:
    """The countries alone, built once."""
    yield from built(COUNTRIES)


@pytest.fixture()
def project():
    """A copy of the shipped content and templates in a folder of its own."""
    folder = Path(tempfile.mkdtemp(prefix="worldfacts-project-"))
    shutil.copytree(COUNTRIES, folder / "Content")
    shutil.copytree(ROOT / "Templates", folder / "Templates")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


class Running:
    """A worldfacts subprocess whose output lines are collected by a thread."""

    def __init__(self, args, cwd):
        self.lines = []
        self.process = subprocess.Popen([worldfacts_bin(), *args], cwd=cwd, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, bufsize=1)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for_line(self, pattern, timeout=60, after=0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines[after:]:
                match = re.search(pattern, line)
                if match:
                    return match
            time.sleep(0.02)
        raise AssertionError(f"no line matching {pattern!r} in {self.lines}")

    def stop(self):
        interrupt(self.process, timeout=10)
