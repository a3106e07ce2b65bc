"""`worldfacts pack --zip`: the shipped site in one ZIP. Unzipped into a new folder (Python's zipfile, an
independent reader), it holds exactly the files the build published and a README.txt, every internal link
resolves (Debian's linkchecker and an HTML parse for anchors), and a search typed on a page opened from
file:// finds and opens the right page in Chromium. The same site packs to the same bytes; an existing
file is kept unless --force; a pack that cannot be written leaves nothing behind. make test cuts the
cities to Iceland's and a few hundred others, which keeps every kind of page; make test-full packs all
34,006."""
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

import pytest

from conftest import FULL, ROOT, shipped_content_copy, worldfacts_bin
from sitecheck import broken_links
from test_search_browser import browser, wait_for  # noqa: F401
from test_search_everywhere import search_loaded, type_and_open


def pack(content: Path, out: Path, zip_file: Path, *extra, check=True):
    return subprocess.run(
        [worldfacts_bin(), "pack", "--content", str(content), "--output", str(out), "--quiet",
         "--zip", str(zip_file), *extra],
        capture_output=True, text=True, check=check)


@pytest.fixture(scope="module")
def packed():
    """The shipped content packed (its site built into a folder of its own, then packed; a later pack's
    build is a no-op), and unzipped into a new folder, world-readable: linkchecker, run as root, drops
    privileges to nobody. Yields the content, the built site, the ZIP and the unzipped folder."""
    folder = Path(tempfile.mkdtemp(prefix="worldfacts-pack-"))
    folder.chmod(0o755)
    content = shipped_content_copy(folder)
    site = folder / "Output"
    zip_file = folder / "site.zip"
    pack(content, site, zip_file)
    unzipped = folder / "unzipped"
    with zipfile.ZipFile(zip_file) as archive:
        assert archive.testzip() is None
        archive.extractall(unzipped)
    unzipped.chmod(0o755)
    for path in unzipped.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    yield content, site, zip_file, unzipped
    shutil.rmtree(folder, ignore_errors=True)


def test_the_zip_holds_what_the_build_published_and_a_readme(packed):
    _, site, zip_file, unzipped = packed
    published = json.loads((site / ".worldfacts/manifest.json").read_text(encoding="utf-8"))["files"]
    expected = sorted(set(published) - {"_headers"} | {"README.txt"})
    with zipfile.ZipFile(zip_file) as archive:
        names = archive.namelist()
    assert names == ["README.txt"] + sorted(set(expected) - {"README.txt"})
    assert not any(part.startswith(".") for name in names for part in Path(name).parts)
    for name in expected:
        if name != "README.txt":
            assert (unzipped / name).read_bytes() == (site / name).read_bytes(), name
    readme = (unzipped / "README.txt").read_text(encoding="utf-8")
    assert readme.startswith("World Facts\n") and "index.html" in readme


def test_the_unzipped_site_has_no_broken_link(packed):
    _, _, _, unzipped = packed
    depth = [] if FULL else ["--recursion-level=2"]
    result = subprocess.run(
        ["linkchecker", "--config", str(ROOT / "Tests/tools/linkcheckerrc"), "--no-status", *depth,
         (unzipped / "index.html").as_uri()], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:]
    assert "0 errors found" in result.stdout
    pages = sorted(unzipped.rglob("*.html"))
    assert broken_links(unzipped, pages) == []


@pytest.mark.parametrize("page", ["index.html", "countries/is.html"])
def test_a_search_in_the_unzipped_site_from_disk_opens_the_right_page(browser, packed, page):
    _, _, _, unzipped = packed
    browser.get((unzipped / page).as_uri())
    search_loaded(browser)
    type_and_open(browser, f"{page} from the ZIP")


def test_the_same_site_packs_to_the_same_bytes_and_a_pack_is_replaced_only_with_force(packed, tmp_path):
    content, site, zip_file, _ = packed
    again = tmp_path / "again.zip"
    pack(content, site, again)
    assert again.read_bytes() == zip_file.read_bytes()
    again.write_bytes(b"mine")
    refused = pack(content, site, again, check=False)
    assert refused.returncode == 1
    assert f"{again}: error: the file exists; pack --force replaces it" in refused.stderr
    assert again.read_bytes() == b"mine"
    pack(content, site, again, "--force")
    assert again.read_bytes() == zip_file.read_bytes()


def test_a_pack_that_cannot_be_written_leaves_nothing(packed, tmp_path):
    content, site, _, _ = packed
    (tmp_path / "a-file").write_text("not a folder")
    for target, says in [(tmp_path / "no-folder" / "site.zip", "the folder"),
                         (tmp_path / "a-file" / "site.zip", "the folder")]:
        result = pack(content, site, target, check=False)
        assert result.returncode == 1
        assert f"{target}: error:" in result.stderr and says in result.stderr, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]
