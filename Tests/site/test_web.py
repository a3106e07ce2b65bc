"""A site built with a base URL (`--base-url`) as the web reads it: sitemap.xml per the sitemaps.org
protocol (every page once, every address under the base and existing, `lastmod` kept while a page's bytes
are), robots.txt, canonical links and link previews on every page, JSON-LD on every record page; and the
same site through the Nu checker and linkchecker. Without a base URL none of it appears."""
import json
import os
import re
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from conftest import COUNTRIES, FULL, ROOT, full_only, worldfacts_bin
from sitecheck import nu_validator
from test_valid_site import sample_of_every_folder

BASE = "https://example.org/facts/"
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def build(content, output, *extra, epoch=None, check=True):
    environment = dict(os.environ)
    if epoch is not None:
        environment["SOURCE_DATE_EPOCH"] = str(epoch)
    return subprocess.run(
        [worldfacts_bin(), "build", "--content", str(content), "--templates", str(ROOT / "Templates"),
         "--output", str(output), "--quiet", "--no-cache", *extra],
        capture_output=True, text=True, env=environment, check=check)


@pytest.fixture(scope="module")
def web_site():
    """The shipped Content, built with a base URL that has a path prefix (in a world-readable folder:
    linkchecker, run as root, drops privileges to nobody). In make test, with every 15th city and Bern:
    every kind of page, in a fraction of the time."""
    out = Path(tempfile.mkdtemp(prefix="worldfacts-web-"))
    out.chmod(0o755)
    content = ROOT / "Content"
    if not FULL:
        content = Path(tempfile.mkdtemp(prefix="worldfacts-web-content-")) / "Content"
        shutil.copytree(ROOT / "Content", content)
        lines = (content / "cities.tsv").read_text().splitlines(keepends=True)
        kept = [line for n, line in enumerate(lines) if n == 0 or n % 15 == 0 or line.startswith("2661552\t")]
        (content / "cities.tsv").write_text("".join(kept))
    build(content, out, "--base-url", BASE.rstrip("/"))
    yield out
    shutil.rmtree(out, ignore_errors=True)
    if not FULL:
        shutil.rmtree(content.parent, ignore_errors=True)


def sitemap_urls(site: Path) -> dict:
    """loc → lastmod over sitemap.xml, or over the sitemaps a sitemap index names; fails on a URL listed twice."""
    root = ET.parse(site / "sitemap.xml").getroot()
    files = [site / "sitemap.xml"]
    if root.tag.endswith("sitemapindex"):
        files = []
        for loc in root.findall("s:sitemap/s:loc", NS):
            assert loc.text.startswith(BASE) and "/" not in loc.text[len(BASE):]
            files.append(site / loc.text[len(BASE):])
    urls = {}
    for file in files:
        tree = ET.parse(file).getroot()
        assert tree.tag == "{%s}urlset" % NS["s"]
        entries = tree.findall("s:url", NS)
        assert len(entries) <= 50_000 and file.stat().st_size <= 50 * 1_000_000
        for url in entries:
            loc, lastmod = url.find("s:loc", NS).text, url.find("s:lastmod", NS).text
            assert loc not in urls, f"{loc} listed twice"
            assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", lastmod)
            urls[loc] = lastmod
    return urls


def page_of(url: str) -> str:
    assert url.startswith(BASE), url
    path = url[len(BASE):]
    return path + "index.html" if path == "" or path.endswith("/") else path


class Head(HTMLParser):
    """The canonical link, the meta tags and the JSON-LD of a page."""

    def __init__(self):
        super().__init__()
        self.canonical, self.meta, self.json_ld, self._in_ld = [], {}, [], False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and attrs.get("rel") == "canonical":
            self.canonical.append(attrs["href"])
        elif tag == "meta" and ("property" in attrs or "name" in attrs):
            self.meta[attrs.get("property") or attrs.get("name")] = attrs.get("content")
        elif tag == "script" and attrs.get("type") == "application/ld+json":
            self._in_ld = True
            self.json_ld.append("")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_ld = False

    def handle_data(self, data):
        if self._in_ld:
            self.json_ld[-1] += data


def head(page: Path) -> Head:
    parser = Head()
    parser.feed(page.read_text())
    return parser


def test_the_sitemap_lists_every_page_once_under_the_base(web_site):
    urls = sitemap_urls(web_site)
    pages = {str(p.relative_to(web_site)) for p in web_site.rglob("*.html")} - {"404.html"}
    listed = [page_of(url) for url in urls]
    assert len(listed) == len(set(listed))
    assert set(listed) == pages
    assert all((web_site / page).is_file() for page in listed)
    assert BASE in urls and BASE + "countries/" in urls and BASE + "countries/ch.html" in urls
    robots = (web_site / "robots.txt").read_text()
    assert f"Sitemap: {BASE}sitemap.xml" in robots.splitlines()


def site_name(path: str) -> str:
    """The site's title in the language of the page at `path`: its folder's (`languages/<id>.yml`), else English."""
    folder = path.split("/")[0]
    texts = ROOT / "Content/languages" / f"{folder}.yml"
    return yaml.safe_load(texts.read_text(encoding="utf-8"))["title"] if "/" in path and texts.exists() else "World Facts"


def test_every_page_has_its_canonical_link_and_preview(web_site):
    pages = sorted(web_site.rglob("*.html")) if FULL else sample_of_every_folder(web_site, 40)
    for page in pages:
        path = str(page.relative_to(web_site))
        found = head(page)
        if path == "404.html":
            # Served at any depth: no canonical link, and its links start from the base.
            assert found.canonical == [] and re.search(f'href="{re.escape(BASE)}assets/style\\.[0-9a-f]{{10}}\\.css"',
                                                        page.read_text())
            continue
        expected = BASE + (path[: -len("index.html")] if path.endswith("index.html") else path)
        assert found.canonical == [expected], path
        assert found.meta["og:url"] == expected and found.meta["og:site_name"] == site_name(path)
        assert found.meta["og:title"] and found.meta["twitter:card"] == "summary"


def test_record_pages_carry_json_ld_with_links_as_ids(web_site):
    pages = sorted((web_site / "countries").glob("*.html")) + sorted((web_site / "cities").glob("*.html"))
    if not FULL:
        pages = pages[::25]
    for page in pages:
        if page.name == "index.html" or page.parent.name == "sections":
            continue
        found = head(page)
        assert len(found.json_ld) == 1, page
        data = json.loads(found.json_ld[0])
        assert data["@context"] == "https://schema.org" and data["name"]
        assert data["@type"] == ("Country" if page.parent.name == "countries" else "City")
        assert data["@id"] == found.canonical[0]
    bern = json.loads(head(web_site / "cities/2661552.html").json_ld[0])
    assert bern["containedInPlace"]["@id"] == BASE + "countries/ch.html"
    assert bern["geo"] == {"@type": "GeoCoordinates", "latitude": 46.94809, "longitude": 7.44744}
    swiss = json.loads(head(web_site / "countries/ch.html").json_ld[0])
    assert swiss["containedInPlace"]["@id"] == BASE + "continents/europe.html"
    europe = json.loads(head(web_site / "continents/europe.html").json_ld[0])
    assert europe["@type"] == "Continent" and europe["name"] == "Europe"
    # The description: the note's first paragraph for a country, site.yml's text for a city.
    assert head(web_site / "countries/ch.html").meta["description"].startswith("Four national languages")
    assert head(web_site / "cities/2661552.html").meta["description"].startswith("Bern, a city of Switzerland")


def test_the_site_with_a_base_url_is_valid_and_its_links_resolve(web_site):
    sample = sample_of_every_folder(web_site, 8 if not FULL else 200)
    result = nu_validator(*sample)
    assert result.returncode == 0, result.stdout + result.stderr
    if not FULL:
        # The pages' own links are relative with or without a base URL: make test checks them on the site
        # without one (test_valid_site.py).
        return
    result = subprocess.run(
        ["linkchecker", "--config", str(ROOT / "Tests/tools/linkcheckerrc"), "--no-status",
         (web_site / "index.html").as_uri()],
        capture_output=True, text=True)
    assert result.returncode == 0 and "0 errors found" in result.stdout, result.stdout[-4000:]


def test_without_a_base_url_nothing_of_it_appears(site):
    assert not (site / "sitemap.xml").exists() and not (site / "robots.txt").exists()
    for page in [site / "index.html", site / "countries/ch.html", site / "cities/2661552.html"]:
        found = head(page)
        assert found.canonical == [] and found.json_ld == [] and "og:url" not in found.meta


def test_lastmod_is_the_day_a_page_last_changed_clean_builds_included(tmp_path):
    content, out = tmp_path / "Content", tmp_path / "out"
    shutil.copytree(COUNTRIES, content)
    day1, day2, day3 = 1_700_000_000, 1_800_000_000, 1_900_000_000  # 2023-11-14, 2027-01-15, 2030-03-17
    build(content, out, "--base-url", BASE, epoch=day1)
    first = sitemap_urls(out)
    assert set(first.values()) == {"2023-11-14"}
    records = content / "countries.json"
    text = records.read_text()
    records.write_text(text.replace('"name": "Switzerland"', '"name": "Swiss Land"', 1))
    build(content, out, "--base-url", BASE, epoch=day2)
    second = sitemap_urls(out)
    changed = {url for url, day in second.items() if day == "2027-01-15"}
    assert BASE + "countries/ch.html" in changed
    assert BASE + "countries/jp.html" not in changed and second[BASE + "countries/jp.html"] == "2023-11-14"
    # Only the pages whose bytes changed: the record, its neighbours, its section and its index.
    assert 2 <= len(changed) < len(second) / 10
    build(content, out, "--base-url", BASE, "--clean", epoch=day3)
    assert sitemap_urls(out) == second
    # Another base URL: every page is new to it.
    build(content, out, "--base-url", "https://example.com/", epoch=day3)
    assert not (out / "sitemap.xml").read_text().count("example.org")
    assert "2030-03-17" in (out / "sitemap.xml").read_text()


@pytest.mark.parametrize("url, problem", [
    ("ftp://example.org/", "expected an http or https address"),
    ("https://example.org/?lang=en", "without a query or fragment"),
    ("https://example.org/#top", "without a query or fragment"),
    ("https:///facts", "expected a host"),
    ("https://example.org/my facts/", "space"),
])
def test_a_bad_base_url_fails_naming_the_flag_and_leaves_output(tmp_path, url, problem):
    out = tmp_path / "out"
    build(COUNTRIES, out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    result = build(COUNTRIES, out, "--base-url", url, check=False)
    assert result.returncode == 1
    assert "--base-url" in result.stderr and problem in result.stderr, result.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_bad_web_keys_in_site_yml_are_errors_at_their_line(tmp_path):
    content = tmp_path / "Content"
    shutil.copytree(COUNTRIES, content)
    config = content / "site.yml"
    text = config.read_text().replace("locale: en\n", "locale: en\nurl: https://example.org/?x=1\n", 1)
    anchor = "  notes: notes             # Markdown notes: notes/<key>.md\n"
    assert anchor in text
    text = text.replace(
        anchor, anchor + "  structured_data:\n    type: Country\n    properties: { population: populaton }\n", 1)
    config.write_text(text)
    line = text.splitlines().index("    properties: { population: populaton }") + 1
    result = build(content, tmp_path / "out", check=False)
    assert result.returncode == 1
    assert re.search(r"site\.yml:5:\d+: .*without a query or fragment", result.stderr), result.stderr
    assert re.search(rf"site\.yml:{line}:\d+: .*names no field: 'populaton'", result.stderr), result.stderr


@full_only
def test_a_sitemap_of_235k_cities_is_split_into_an_index(tmp_path):
    content = tmp_path / "Content"
    made = subprocess.run([str(ROOT / "Benchmarks/make-cities-content"), "cities500", str(content)])
    if made.returncode != 0:
        pytest.skip("cities500 is not available")
    out = tmp_path / "out"
    build(content, out, "--base-url", BASE)
    root = ET.parse(out / "sitemap.xml").getroot()
    assert root.tag.endswith("sitemapindex")
    assert len(root.findall("s:sitemap", NS)) >= 5
    urls = sitemap_urls(out)
    assert len(urls) == sum(1 for _ in out.rglob("*.html")) - 1
