"""The shipped site of several collections (countries, cities, continents) in headless Chromium: the
"All" scope and each collection's scopes answer as an independent model of the records (searchmodel.py),
over HTTP (python3 -m http.server) and from disk (file://), from the home page and from a collection's
index one folder down."""
import heapq
import re
from pathlib import Path

import icu
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
    """Every record's place in the search's order: each collection in index order (the cities' index is split:
    its section pages, in the strip's order), the collections merged as PyICU's English collator and
    AlphabeticIndex order their titles (section, then sort key), the countries first between equals."""
    countries, cities = rows(site / "countries/index.html"), []
    index_page = (site / "cities/index.html").read_text(encoding="utf-8")
    for page in re.findall(r'<p class="section-link"><a href="(sections/[^"#]+)#', index_page):
        cities += rows(site / "cities" / page)
    specs = yaml.safe_load((ROOT / "Content/site.yml").read_text(encoding="utf-8"))["collections"]
    title_field = {spec["id"]: spec["title"] for spec in specs}
    model = Model(ROOT / "Content")
    titles = {model.path(r): r[title_field[r["_collection"]]] for r in model.records}
    collator = icu.Collator.createInstance(icu.Locale("en"))
    index = icu.AlphabeticIndex(icu.Locale("en")).buildImmutableIndex()
    paths = heapq.merge(countries, cities, key=lambda p: (index.getBucketIndex(titles[p]), collator.getSortKey(titles[p])))
    return {path: position for position, path in enumerate(paths)}


def queries_for(model, scope, every=scaled(40, 640), countries_every=scaled(1, 5)):
    """Prefixes of one to three characters of every word of every searched text of every country (of every
    fifth in make test), and of every `every`th city (every 40th in make test-full, every 640th in make
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
    """Each answer whole (its first `search.results_limit` results in order, and the exact total), or a
    preview (the first `preview` results in order and the exact total), or the matches of the query's words
    in a row, whole or previewed, counted at least as they are and at most as every match is (the matches
    of the words in any order come after them, when a shard holds them), or for a query of several words with
    no match in a row that only previews could answer, a part (results of the answer, in its order, and no
    total); `root` is how the page's links lead back to the site's root."""
    wrong, previews = {}, 0
    limit = results_limit()
    for q in queries:
        want = model.expected(q, scope, order)
        row = model.expected(q, scope, order, in_row=True)
        shown = [href[len(root):] if href.startswith(root) else href for href in got[q][0]]
        total = got[q][1]
        whole = shown == want[:limit] and total == len(want)
        previewed = len(want) > preview and total == len(want) and shown == want[:preview]
        in_row = (bool(row) and total is not None and len(row) <= total <= len(want)
                  and shown[:len(row)] in (row[:limit], row[:preview]))
        part = total is None and not row and len(q.split()) > 1 and shown == [p for p in want if p in set(shown)]
        previews += previewed
        if not (whole or previewed or in_row or part):
            wrong[q] = (shown[:5], total, want[:5], len(want))
    assert wrong == {}
    return previews


def results_limit():
    search = yaml.safe_load((ROOT / "Content/site.yml").read_text(encoding="utf-8"))["search"]
    return search.get("results_limit", 50)


def preview_size():
    return yaml.safe_load((ROOT / "Content/site.yml").read_text(encoding="utf-8"))["search"]["preview"]


@pytest.mark.parametrize("scope", ["all", "name", "capital", "city"])
def test_each_scope_from_the_home_page_answers_as_the_model(browser, shipped_server, shipped_model, order, scope):
    queries = queries_for(shipped_model, scope)
    assert len(queries) > scaled(300, 60)
    open_index(browser, shipped_server)
    previews = check(sweep(browser, queries, scope), shipped_model, scope, queries, order, preview_size())
    if scope in ("all", "city"):
        assert previews >= 10, "the sweep reached the preview shards"


def test_a_collections_index_one_folder_down_searches_too(browser, shipped_server, shipped_model, order):
    queries = queries_for(shipped_model, "city", every=scaled(400, 1600))
    open_index(browser, shipped_server + "cities/")
    assert browser.find_element(By.CSS_SELECTOR, "input[name=scope][value=city]").is_selected()
    check(sweep(browser, queries, "city"), shipped_model, "city", queries, order, preview_size(), root="../")


def test_all_scope_from_disk_shows_each_results_collection(browser, site, shipped_model, order):
    open_index(browser, (site / "index.html").as_uri().rsplit("index.html", 1)[0])
    queries = queries_for(shipped_model, "all", every=scaled(2000, 8000), countries_every=scaled(1, 15))
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


def reversed_words(model, scope, every):
    """For every `every`th record with a searched text of several words, its last word and the start of its
    first ("jose sa" for San José), folded and as written: queries that match only in any order."""
    queries = set()
    for position, record in enumerate(model.records):
        if position % every:
            continue
        for field in model.fields_of[scope].get(record["_collection"], []):
            words = str(record.get(field) or "").split()
            if len(words) > 1:
                queries.update([f"{words[-1]} {words[0][:2]}", f"{words[-1][:3]} {words[0]}".lower()])
    return sorted(queries)


def test_a_query_of_two_words_lists_every_title_that_begins_with_it(browser, shipped_server, shipped_model, order):
    """"san" is a preview of 810 cities, "san fr" a shard of the 18 whose words go on so: every city whose
    name begins with "San Fr" is listed, and counted, however many begin with "San"."""
    open_index(browser, shipped_server)
    got = sweep(browser, ["san", "san fr", "san fran", "San Fr"], "city")
    begins = [shipped_model.path(r) for r in shipped_model.records
              if r["_collection"] == "cities" and r["name"].lower().startswith("san fr")]
    assert len(begins) >= 17
    for q in ["san fr", "san fran", "San Fr"]:
        shown, total = got[q]
        assert total is not None and total >= len(begins), (q, total)
        assert set(begins) <= set(shown), q
        assert shown == shipped_model.expected(q, "city", order)[:len(shown)], q
    assert got["san"][1] == len(shipped_model.expected("san", "city", order)) > 500
    assert len(got["san"][0]) == preview_size()


@pytest.mark.parametrize("scope", scaled(["all", "city"], ["all"]))
def test_words_in_any_order_answer_as_the_model(browser, shipped_server, shipped_model, order, scope):
    """A query of several words matches where each word starts a word of one text, in any order: each
    answer is the model's, whole, previewed, or (when only previews could answer) a part of it in order."""
    queries = reversed_words(shipped_model, scope, scaled(20, 200))
    assert len(queries) > scaled(400, 60)
    open_index(browser, shipped_server)
    got = sweep(browser, queries, scope)
    check(got, shipped_model, scope, queries, order, preview_size())
    assert sum(bool(got[q][0]) for q in queries) > len(queries) // 2, "most reversed queries find something"
    box = browser.find_element(By.ID, "search")
    browser.find_element(By.CSS_SELECTOR, f"input[name=scope][value={scope}]").click()
    box.clear()
    box.send_keys("jose san")
    marked = lambda: browser.execute_script(
        "return [...document.querySelectorAll('#results .title')].map(s => [s.textContent,"
        " [...s.querySelectorAll('mark')].map(m => m.textContent)])")
    wait_for(browser, lambda: ["San José", ["San", "José"]] in marked(), f"jose san: {marked()[:3]}")
