"""Builds the shipped Content once per test session into a temporary folder."""
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def worldfacts_bin() -> str:
    return str((ROOT / os.environ.get("WORLDFACTS_BIN", ".build/debug/worldfacts")).resolve())


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
