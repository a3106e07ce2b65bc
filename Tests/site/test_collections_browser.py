"""The shipped site of several collections (countries, cities, continents) in headless Chromium: the
"All" scope and each collection's scopes answer as an independent model of the records (searchmodel.py),
over HTTP (python3 -m http.server) and from disk (file://), from the home page and from a collection's
index one folder down."""
import re
from pathlib import Path

import pytest
import yaml
from selenium.webdriver.common.by import By

from conftest import ROOT, scaled
from searchmodel import Model, word_prefixes
from test_search_browser import browser, open_index, serve_folder, sweep, wait_for  # noqa: F401


@pytest.fixture(scope="module")
def shipped_model():
    return Model(ROOT / "Content")


@pytest.fixture(scope="module")
def shipped_server(site):
    yield from serve_folder(site)


def rows(page: Path) -> list:
    html = page.read_text(encoding="utf-8")
    main = html[html.index('<div id="index"'):]
    return [re.sub(r"^(\.\./)+", "", href) for href in re.findall(r'<li><a href="([^"]+)"', main)]


@pytest.fixture(scope="module")
def order(site):
    """Every record's place in the search's order: collection after collection, each in index order
    (the cities' index is split: its section pages, in the strip's order)."""
    paths = rows(site / "countries/index.html")
    cities = (site / "cities/index.html").read_text(encoding="utf-8")
    for page in re.findall(r'<p class="section-link"><a href="(sections/[^"#]+)#', cities):
        paths += rows(site / "cities" / page)
    return {path: position for position, path in enumerate(paths)}


def queries_for(model, scope, every=scaled(40, 320), countries_every=scaled(1, 3)):
    """Prefixes of one to three characters of every word of every searched text of every country (of every
    third in make test), and of every `every`th city (every 40th in make test-full, every 160th in make
    test), as written and folded. The recall sweep of test_search_browser.py takes every country's."""
    queries = set()
    for position, record in enumerate(model.records):
        if record["_collection"] == "cities" and position % every:
            continue
        if record["_collection"] == "countries" and position % countries_every:
            continue
        queries |= word_prefixes(record, model.fields_of[scope].get(record["_collection"], []), 3)
    return sorted(q for q in queries if q.strip())


def check(got, model, scope, queries, order, preview, root=""):
    """Each answer whole, or a preview (the first results in order and the exact total); `root` is
    how the page's links lead back to the site's root."""
    wrong, previews = {}, 0
    for q in queries:
        want = model.expected(q, scope, order)
        shown = [href[len(root):] if href.startswith(root) else href for href in got[q][0]]
        total = got[q][1]
        whole = shown == want and total == len(want)
        previewed = len(want) > preview and shown == want[:preview] and total == len(want)
        previews += previewed
        if not (whole or previewed):
            wrong[q] = (shown[:5], total, want[:5], len(want))
    assert wrong == {}
    return previews


def preview_size():
    return yaml.safe_load((ROOT / "Content/site.yml").read_text(encoding="utf-8"))["search"]["preview"]


@pytest.mark.parametrize("scope", ["all", "name", "capital", "city"])
def test_each_scope_from_the_home_page_answers_as_the_model(browser, shipped_server, shipped_model, order, scope):
    queries = queries_for(shipped_model, scope)
    assert len(queries) > scaled(300, 100)
    open_index(browser, shipped_server)
    previews = check(sweep(browser, queries, scope), shipped_model, scope, queries, order, preview_size())
    if scope in ("all", "city"):
        assert previews >= 10, "the sweep reached the preview shards"


def test_a_collections_index_one_folder_down_searches_too(browser, shipped_server, shipped_model, order):
    queries = queries_for(shipped_model, "city", every=400)
    open_index(browser, shipped_server + "cities/")
    assert browser.find_element(By.CSS_SELECTOR, "input[name=scope][value=city]").is_selected()
    check(sweep(browser, queries, "city"), shipped_model, "city", queries, order, preview_size(), root="../")


def test_all_scope_from_disk_shows_each_results_collection(browser, site, shipped_model, order):
    open_index(browser, (site / "index.html").as_uri().rsplit("index.html", 1)[0])
    queries = queries_for(shipped_model, "all", every=2000)
    check(sweep(browser, queries, "all"), shipped_model, "all", queries, order, preview_size())
    box = browser.find_element(By.ID, "search")
    box.clear()
    box.send_keys("zurich")
    labels = lambda: browser.execute_script(
        "return [...document.querySelectorAll('#results li')].map(li => [li.querySelector('.title').textContent,"
        " (li.querySelector('.collection') || {}).textContent])")
    wait_for(browser, lambda: ["Zürich", "Cities"] in labels(), f"zurich: {labels()}")
    box.clear()
    box.send_keys("switz")
    wait_for(browser, lambda: ["Switzerland", "Countries"] in labels(), f"switz: {labels()}")


def test_results_are_ranked_and_their_matched_prefix_marked(browser, shipped_server):
    """`rank: { field: population }` on both collections: a split prefix's preview shows the largest cities
    first, a name equal to the query comes before any larger one, and the All scope merges by population
    across collections. The part of a title the query matched is in <mark>, as text."""
    open_index(browser, shipped_server)
    box = browser.find_element(By.ID, "search")
    shown = lambda: browser.execute_script(
        "return [...document.querySelectorAll('#results .title')].map(s => [s.textContent,"
        " (s.querySelector('mark') || {}).textContent || null])")
    browser.find_element(By.CSS_SELECTOR, "input[name=scope][value=city]").click()
    box.send_keys("par")
    wait_for(browser, lambda: shown()[:2] == [["Paris", "Par"], ["Paranaque City", "Par"]], f"par: {shown()[:3]}")
    # A match at a later word marks that word.
    box.clear()
    box.send_keys("york")
    wait_for(browser, lambda: ["New York City", "York"] in shown(), f"york: {shown()[:3]}")
    # Exact first: Kara (about 100,000) before Karachi (about 12 million), whose name only starts so.
    box.clear()
    box.send_keys("kara")
    wait_for(browser, lambda: shown()[:2] == [["Kara", "Kara"], ["Karachi", "Kara"]], f"kara: {shown()[:3]}")
    browser.find_element(By.CSS_SELECTOR, "input[name=scope][value=all]").click()
    box.clear()
    box.send_keys("par")
    # One order across both collections: France (found through its capital, so nothing in its title is
    # marked), Paraguay, then Paris.
    want = [["France", None], ["Paraguay", "Par"], ["Paris", "Par"]]
    wait_for(browser, lambda: shown()[:3] == want, f"all par: {shown()[:3]}")
