"""Checks on real data (in make test-full): Benchmarks/make-cities-content turns a slice of GeoNames cities into
content that worldfacts builds with no code change; above index.split_above (default 5,000) the index is
one page per section, linked from the index and from every section strip; and the search of that site,
in headless Chromium over HTTP, answers every query as the independent model does, previews included
(the first results and the exact total)."""
import json
import re
import shutil
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, full_only, worldfacts_bin
from searchmodel import Model, fold
from sitecheck import broken_links, nu_validator
from test_collections_browser import check
from test_search_browser import browser, open_index, serve_folder, sweep  # noqa: F401

SAMPLE = 6_000  # above the default split threshold of 5,000
pytestmark = full_only


@pytest.fixture(scope="module")
def cities():
    """(content folder, output folder, build's stdout) for SAMPLE cities of cities15000."""
    work = Path(tempfile.mkdtemp(prefix="worldfacts-cities-"))
    work.chmod(0o755)
    content, out = work / "content", work / "out"
    subprocess.run([ROOT / "Benchmarks/make-cities-content", "--sample", str(SAMPLE), "cities15000", content],
                   check=True, capture_output=True)
    build = subprocess.run([worldfacts_bin(), "build", "--content", content, "--templates", ROOT / "Templates",
                            "--output", out], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    yield content, out, build.stdout
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def sections(cities):
    """The section pages in the order of the index's strip, each with its record page paths."""
    _, out, _ = cities
    index = (out / "index.html").read_text(encoding="utf-8")
    strip = index[index.index('<nav id="section-index"'):index.index("</nav>", index.index('<nav id="section-index"'))]
    pages = re.findall(r'<a href="(sections/[^"#]+)#section-[^"]+">', strip)
    result = []
    for page in pages:
        html = (out / page).read_text(encoding="utf-8")
        rows = re.findall(r'<li><a href="\.\./(cities/[^"]+\.html)"', html[html.index('<div id="index"'):])
        result.append((page, rows))
    return result


def test_the_converter_writes_content_that_builds(cities):
    content, out, stdout = cities
    assert sorted(p.name for p in content.iterdir()) == ["cities.json", "site.yml"]
    site = yaml.safe_load((content / "site.yml").read_text(encoding="utf-8"))
    records = json.loads((content / "cities.json").read_text(encoding="utf-8"))
    assert len(records) == SAMPLE
    declared = {field["id"] for field in site["fields"]} | {site["records"]["key"], site["records"]["title"]}
    assert all(set(record) == declared for record in records)
    # Keys are unique; titles repeat (many cities share a name), and every one gets its own page.
    assert len({record["geonameid"] for record in records}) == SAMPLE
    repeated = [name for name, count in Counter(record["name"] for record in records).most_common() if count > 1]
    assert len(repeated) >= 10
    assert stdout.startswith(f"{SAMPLE:,} records: ")
    assert len(list((out / "cities").glob("*.html"))) == SAMPLE
    # The most common of the names with nothing to escape: one page per namesake, each its own.
    name = next(name for name in repeated if re.fullmatch(r"[^\W\d_]+( [^\W\d_]+)*", name))
    namesakes = [record for record in records if record["name"] == name]
    pages = {(out / f"cities/{record['geonameid']}.html").read_text(encoding="utf-8") for record in namesakes}
    assert len(pages) == len(namesakes) >= 3 and all(f"<h1>{name}</h1>" in page for page in pages)


def test_the_index_is_one_page_per_section_above_the_threshold(cities, sections):
    _, out, _ = cities
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="cities/' not in index, "no record rows on a split index"
    # Every record is on exactly one section page, and the index counts each section's rows.
    rows = [row for _, section_rows in sections for row in section_rows]
    assert len(rows) == SAMPLE and len(set(rows)) == SAMPLE
    counts = dict(re.findall(r'<p class="section-link"><a href="(sections/[^"#]+)#section-[^"]+">'
                             r'<span class="guide">[^<]*</span> <span class="count">([\d,]+) records</span></a>', index))
    assert counts == {page: f"{len(section_rows):,}" for page, section_rows in sections}
    # ICU's English index: the underflow bucket (digits, punctuation), named by its number, then A to Z.
    assert [page for page, _ in sections] == ["sections/0.html"] + [f"sections/{c}.html" for c in "abcdefghijklmnopqrstuvwxyz"]
    for page, _ in sections:
        html = (out / page).read_text(encoding="utf-8")
        strip = html[html.index('<nav id="section-index"'):]
        first = re.search(r'<a href="([^"]+)"', strip)[1]
        assert first == "../index.html#top", f"{page}: the strip's first entry goes to the search"
    pages = [out / "index.html", out / "404.html", *(out / page for page, _ in sections), *sorted((out / "cities").glob("*.html"))]
    assert broken_links(out, pages) == []


def test_the_split_site_is_valid_html(cities, sections):
    _, out, _ = cities
    sample = [out / page for page in ["index.html", "404.html"]] + [out / page for page, _ in sections]
    sample += [out / rows[0] for _, rows in sections if rows] + [out / rows[-1] for _, rows in sections if rows]
    result = nu_validator(*sample)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="module")
def cities_server(cities):
    yield from serve_folder(cities[1])


def queries_for(model, scope, full_names=300):
    """Every prefix of one to three characters of every word of every text of the scope, as written
    and folded; every prefix of every time zone; and every prefix of the whole name of `full_names`
    cities spread over the sample."""
    queries = set()
    for position, record in enumerate(model.records):
        for field in model.scopes[scope]:
            text = record.get(field)
            if not isinstance(text, str):
                continue
            words = re.split(r"(?<=[\s/_-])", text)
            for start in range(len(words)):
                tail = "".join(words[start:])
                deep = len(tail) if scope == "timezone" or (start == 0 and position % (SAMPLE // full_names) == 0) else 3
                for n in range(1, deep + 1):
                    queries.update([tail[:n], fold(tail[:n])])
    return sorted(q for q in queries if q.strip())


@pytest.mark.parametrize("scope", ["city", "timezone"])
def test_the_split_site_search_answers_as_the_model(browser, cities, sections, cities_server, scope):
    content, out, _ = cities
    model = Model(content)
    preview = yaml.safe_load((content / "site.yml").read_text(encoding="utf-8"))["search"]["preview"]
    order = {row: position for position, row in enumerate(row for _, rows in sections for row in rows)}
    queries = queries_for(model, scope)
    assert len(queries) > 1_000
    open_index(browser, cities_server)
    got = sweep(browser, queries, scope)
    # A whole answer, or a preview: the first results in order, every record the query ends a text of,
    # and the exact count of all of them.
    previews = check(got, model, scope, queries, order, preview)
    assert previews >= 20, "the sweep reached the preview shards"
