"""A full disk and a read-only folder, for real: Output on a small tmpfs of its own (`mount -t tmpfs`, as root;
skipped with a message where mount is not allowed) that fills in the middle of a rebuild, and the same
file system remounted read-only.

- Full: the build fails naming ENOSPC ("No space left on device") and a file; every file in Output is then
  either as the last good build wrote it or as the new build would, the manifest is the last good one,
  no staging file is left; once space is freed, a build completes and matches a clean build.
- Read-only: the build fails with a clear error and nothing in Output changes."""
import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import COUNTRIES, ROOT, worldfacts_bin

MANIFEST = ".worldfacts/manifest.json"
# The output folders' stamps (device, inode, time): one build's, never the same twice.
STAMPS = ".worldfacts/folders"


def files(folder: Path):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def build(content: Path, output: Path):
    return subprocess.run([worldfacts_bin(), "build", "--content", str(content), "--templates",
                           str(ROOT / "Templates"), "--output", str(output), "--quiet"], capture_output=True, text=True)


def usage_kb(folder: Path) -> int:
    """What a folder takes on a tmpfs: every file rounded up to whole 4 KB pages."""
    return sum(-(-p.stat().st_size // 4096) * 4 for p in folder.rglob("*") if p.is_file())


@pytest.fixture()
def mounted():
    """A folder with a tmpfs of its own on `mnt/` (sized by the test); yields (folder, mountpoint, mount, remount)."""
    folder = Path(tempfile.mkdtemp(prefix="worldfacts-disk-"))
    mountpoint = folder / "mnt"
    mountpoint.mkdir()

    def mount(size_kb):
        result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(mountpoint)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here (needs root and mount rights): {result.stderr.strip()}")

    def remount(options):
        subprocess.run(["mount", "-o", f"remount,{options}", str(mountpoint)], check=True)

    try:
        yield folder, mountpoint, mount, remount
    finally:
        subprocess.run(["umount", str(mountpoint)], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def bigger_content(folder: Path) -> Path:
    """The shipped content with a 6 KB note on every record: the rebuild needs more room than the last build."""
    content = folder / "content-b"
    shutil.copytree(COUNTRIES, content)
    records = json.loads((content / "countries.json").read_text(encoding="utf-8"))
    for record in records:
        (content / "notes" / f"{record['code']}.md").write_text(
            f"# {record['name']}\n\n" + ("Facts and more facts about this country. " * 150) + "\n", encoding="utf-8")
    return content


def test_a_full_disk_fails_clearly_leaves_output_as_it_was_and_recovers(mounted):
    folder, mountpoint, mount, remount = mounted
    output = mountpoint / "Output"
    content_b = bigger_content(folder)
    # What the last good build and the new one write, built elsewhere.
    for content, reference in [(COUNTRIES, folder / "ref-a"), (content_b, folder / "ref-b")]:
        assert build(content, reference).returncode == 0
    new = files(folder / "ref-b")
    # Room for the last good build and half of what the new one adds.
    small, large = usage_kb(folder / "ref-a"), usage_kb(folder / "ref-b")
    assert large > small + 400
    mount(small + (large - small) // 2)

    assert build(COUNTRIES, output).returncode == 0
    before = files(output)
    failed = build(content_b, output)
    assert failed.returncode == 1
    assert "No space left on device" in failed.stderr, failed.stderr
    assert f"{output}/" in failed.stderr, "the error names the file"
    assert "build failed in step 'render and write'" in failed.stderr

    # The failed build put back what it replaced and removed what it made: byte for byte the last good
    # build, with no journal, staging or kept file.
    left = files(output)
    assert sorted(set(left) ^ set(before)) == [], "files added or lost"
    assert [p for p in left if left[p] != before[p]] == [], "files changed"

    remount("size=64m")
    again = build(content_b, output)
    assert again.returncode == 0, again.stderr
    after = files(output)
    assert after.pop(STAMPS, None) and new.pop(STAMPS, None), "each build saved its folders' stamps"
    assert json.loads(after.pop(MANIFEST)) == json.loads(new.pop(MANIFEST))
    assert after == new


def test_a_read_only_output_fails_clearly_and_changes_nothing(mounted):
    folder, mountpoint, mount, remount = mounted
    mount(8192)
    output = mountpoint / "Output"
    assert build(COUNTRIES, output).returncode == 0
    before = {p: hashlib.sha256(b).hexdigest() for p, b in files(output).items()}
    remount("ro")
    failed = build(bigger_content(folder), output)
    assert failed.returncode == 1
    assert "Read-only file system" in failed.stderr, failed.stderr
    assert f"{output}: error:" in failed.stderr
    assert {p: hashlib.sha256(b).hexdigest() for p, b in files(output).items()} == before
