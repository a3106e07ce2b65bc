"""Builds the shipped Content once per test session into a temporary folder."""
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


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


@pytest.fixture(scope="session")
def site() -> Path:
    # World-readable: linkchecker, run as root, drops privileges to nobody.
    out = Path(tempfile.mkdtemp(prefix="worldfacts-site-"))
    out.chmod(0o755)
    subprocess.run(
        [worldfacts_bin(), "build", "--content", str(ROOT / "Content"), "--templates", str(ROOT / "Templates"),
         "--output", str(out), "--quiet"],
        check=True,
    )
    yield out
    shutil.rmtree(out, ignore_errors=True)
