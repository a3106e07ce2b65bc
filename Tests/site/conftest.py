"""What the site tests share: the binary, the shipped Content built once per test run, a project folder
(a copy of the content and templates), and a running watch or serve whose output lines are collected."""
import atexit
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
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


def shipped_content_copy(folder: Path) -> Path:
    """The shipped content copied into `folder`/Content. In make test its cities are cut to Iceland's and
    the first 400 others, which keeps every kind of page; make test-full keeps all 34,006."""
    content = folder / "Content"
    shutil.copytree(ROOT / "Content", content)
    if not FULL:
        lines = (content / "cities.tsv").read_text(encoding="utf-8").split("\n")
        country = lines[0].split("\t").index("country")
        kept = [line for n, line in enumerate(lines[1:]) if line and (n < 400 or line.split("\t")[country] == "IS")]
        (content / "cities.tsv").write_text("\n".join([lines[0], *kept]) + "\n", encoding="utf-8")
    return content


def free_port() -> int:
    """A port of 127.0.0.1 that no process listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_served(url: str, attempts=100):
    """Waits until `url` answers, a tenth of a second between tries."""
    for _ in range(attempts):
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)


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
