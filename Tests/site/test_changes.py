"""The feed of data changes (`changes:`) on the shipped content, with an address: after editing Iceland's
population and removing one city, the latest Atom entry (read by Python's feedparser, an independent
parser: bozo 0) names both, the population old → new as the page shows it; a build whose data did not
change adds no entry; a --clean build into a copy of the last Output alone, with no cache, keeps the
history. `changes.html` is valid HTML (the Nu checker), its links resolve, and axe-core finds no
violation on it in Chromium, over HTTP and from disk. make test cuts the cities to Iceland's and a few
hundred others; make test-full builds all 34,006."""
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import feedparser
import pytest

from conftest import shipped_content_copy, worldfacts_bin
from sitecheck import broken_links, nu_validator
from test_axe import axe_source, violations  # noqa: F401
from test_search_browser import browser, serve_folder  # noqa: F401


def build(content: Path, out: Path, *extra, cache=None):
    environment = dict(os.environ)
    if cache is not None:
        environment["WORLDFACTS_CACHE_DIR"] = str(cache)
    return subprocess.run([worldfacts_bin(), "build", "--content", str(content), "--output", str(out), "--quiet",
                           *extra], capture_output=True, text=True, check=True, env=environment)


def edit(content: Path):
    """Iceland's population up by 1,000; the first city that is not Icelandic removed. Gives the old and
    new population and the removed city's name."""
    countries = json.loads((content / "countries.json").read_text(encoding="utf-8"))
    iceland = next(c for c in countries if c["code"] == "IS")
    old = iceland["population"]
    iceland["population"] = old + 1000
    (content / "countries.json").write_text(json.dumps(countries, ensure_ascii=False), encoding="utf-8")
    lines = (content / "cities.tsv").read_text(encoding="utf-8").split("\n")
    header = lines[0].split("\t")
    country, name = header.index("country"), header.index("name")
    removed = next(n for n, line in enumerate(lines[1:], 1) if line and line.split("\t")[country] != "IS")
    city = lines[removed].split("\t")[name]
    del lines[removed]
    (content / "cities.tsv").write_text("\n".join(lines), encoding="utf-8")
    return old, old + 1000, city


@pytest.fixture(scope="module")
def feed():
    folder = Path(tempfile.mkdtemp(prefix="worldfacts-changes-"))
    folder.chmod(0o755)
    content = shipped_content_copy(folder)
    with (content / "site.yml").open("a", encoding="utf-8") as site_yml:
        site_yml.write("\nurl: https://example.org/facts/\nchanges: { limit: 50 }\n")
    out = folder / "Output"
    build(content, out)
    old, new, city = edit(content)
    build(content, out)
    out.chmod(0o755)
    yield folder, content, out, old, new, city
    shutil.rmtree(folder, ignore_errors=True)


def parsed(out: Path):
    result = feedparser.parse(str(out / "changes.xml"))
    assert result.bozo == 0, result.get("bozo_exception")
    return result


def test_the_latest_entry_names_the_edited_country_and_the_removed_city(feed):
    _, _, out, old, new, city = feed
    result = parsed(out)
    assert [entry.link.split("#")[1] for entry in result.entries] == ["change-2", "change-1"]
    latest = result.entries[0].content[0].value
    assert f"Population: {old:,} → {new:,}" in latest
    assert 'href="https://example.org/facts/countries/is.html">Iceland</a>' in latest
    assert f"Cities: {city}" in latest.replace("&#39;", "'")
    page = (out / "changes.html").read_text(encoding="utf-8")
    assert f"Population: <del>{old:,}</del> → <ins>{new:,}</ins>" in page
    # Every other language has its page and feed, in its own words.
    assert "Folkmängd: <del>" in (out / "sv/changes.html").read_text(encoding="utf-8")
    assert parsed(out / "sv").feed.link == "https://example.org/facts/sv/changes.html"


def test_a_build_whose_data_did_not_change_adds_no_entry(feed):
    _, content, out, *_ = feed
    before = (out / "changes.xml").read_bytes()
    build(content, out)
    build(content, out, "--clean")
    assert (out / "changes.xml").read_bytes() == before
    assert len(parsed(out).entries) == 2


def test_a_clean_build_from_the_last_output_alone_keeps_the_history(feed):
    folder, content, out, *_ = feed
    restored, cache = folder / "restored", folder / "empty-cache"
    shutil.copytree(out, restored)
    build(content, restored, "--clean", cache=cache)
    assert [e.id for e in parsed(restored).entries] == [e.id for e in parsed(out).entries]


def test_the_page_of_changes_is_valid_and_its_links_resolve(feed):
    _, _, out, *_ = feed
    pages = [out / "changes.html", out / "sv/changes.html", out / "index.html"]
    result = nu_validator(*pages)
    assert result.returncode == 0, result.stdout + result.stderr
    assert broken_links(out, pages) == []


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_the_page_of_changes_has_no_accessibility_violation(feed, browser, axe_source, scheme):  # noqa: F811
    _, _, out, *_ = feed
    if scheme == "file":
        browser.get((out / "changes.html").as_uri())
        assert violations(browser, axe_source) == []
        return
    for base in serve_folder(out):
        browser.get(base + "changes.html")
        assert "Iceland" in browser.page_source
        assert violations(browser, axe_source) == []
