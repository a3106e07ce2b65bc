"""When a query matches nothing: up to three links to the closest titles, in headless Chromium, against an
independent model of typo distance (searchmodel.closest: Damerau–Levenshtein on the folded text, to a start
of the title). And queries nobody means: a thousand characters, punctuation, emoji and lone combining
marks answer without an error and with one request at most."""
import pytest
from selenium.webdriver.common.by import By

from conftest import COUNTRIES, ROOT, scaled
from searchmodel import Model, closest, fold
from test_search_browser import browser, open_index, page_order, serve_folder, server, wait_for  # noqa: F401


@pytest.fixture(scope="module")
def model():
    return Model(COUNTRIES)


@pytest.fixture(scope="module")
def shipped_server(site):
    yield from serve_folder(site)


# Types each query a character at a time, as a reader does, and reads what the search shows for it.
TYPE = """
const [queries, scope, done] = arguments;
const box = document.getElementById('search');
document.querySelector(`input[name=scope][value='${scope}']`).checked = true;
const errors = [];
window.addEventListener('error', e => errors.push(String(e.message)));
window.addEventListener('unhandledrejection', e => errors.push(String(e.reason)));
const out = {};
(async () => {
  for (const q of queries) {
    for (let n = 1; n <= q.length; n++) {
      const shown = new Promise(r => box.addEventListener('results', r, {once: true}));
      box.value = q.slice(0, n);
      box.dispatchEvent(new Event('input'));
      await shown;
    }
    const hint = document.getElementById('suggestions');
    out[q] = {results: document.querySelectorAll('#results li').length,
              near: hint.hidden ? [] : [...hint.querySelectorAll('a')].map(a => [a.getAttribute('href'), a.textContent]),
              none: !document.getElementById('no-results').hidden};
  }
  done({out, errors});
})();
"""


def typed(browser, queries, scope):
    browser.set_script_timeout(300)
    answer = browser.execute_async_script(TYPE, queries, scope)
    assert answer["errors"] == []
    return answer["out"]


def misspelt(title: str, number: int) -> str:
    """The title with one typo from its third character on: two neighbours swapped, one left out, one
    doubled or one changed, by turns."""
    i = 2 + number % max(1, len(title) - 3)
    kind = number % 4
    if kind == 0:
        return title[:i] + title[i + 1] + title[i] + title[i + 2:]
    if kind == 1:
        return title[:i] + title[i + 1:]
    if kind == 2:
        return title[:i] + title[i] + title[i:]
    return title[:i] + ("x" if title[i] != "x" else "y") + title[i + 1:]


def test_a_misspelt_country_is_suggested(browser, server, model):
    """Each country's name with one typo, typed a character at a time: when nothing matches, every link is
    a record the model puts within the typos allowed, in the model's order (fewest typos, then index
    order: these countries have no rank), and the country meant is among them unless three records come
    before it in that order."""
    open_index(browser, server)
    order = page_order(browser)
    names = {model.path(r): r["name"] for r in model.records}
    queries = {misspelt(name, n): path for n, (path, name) in enumerate(sorted(names.items()))
               if len(fold(name)) >= 5 and name.isascii()}
    queries = dict(list(queries.items())[::scaled(1, 5)])
    got = typed(browser, list(queries), "name")
    checked = 0
    for q, meant in queries.items():
        if got[q]["results"]:
            continue  # the typo made another title
        assert got[q]["none"], q
        near = [(typos, score, order[path], path) for typos, score, path in closest(model, q, "name")]
        near.sort()
        shown = [href for href, _ in got[q]["near"]]
        allowed = {entry[3]: entry for entry in near}
        assert len(shown) <= 3 and all(path in allowed for path in shown), (q, shown, near[:5])
        assert [allowed[p] for p in shown] == sorted(allowed[p] for p in shown), (q, shown)
        before = [entry for entry in near if entry < allowed[meant]] if meant in allowed else near
        if meant in allowed and len(before) < 3:
            assert meant in shown, (q, shown, near[:5])
        checked += 1
    assert checked > scaled(150, 30)


@pytest.mark.parametrize("how", ["http", "file"])
@pytest.mark.parametrize("scope,query,title", [("name", "swtzerland", "Switzerland"), ("all", "swtzerland", "Switzerland"),
                                               ("city", "kyiw", "Kyiv"), ("capital", "kyiw", "Ukraine")])
def test_the_shipped_examples(browser, shipped_server, site, how, scope, query, title):
    """On the shipped site, from a link (nothing loaded yet) and typed: the closest title is first."""
    base = shipped_server if how == "http" else site.as_uri() + "/"
    open_index(browser, base, f"?q={query}&scope={scope}")
    first = lambda: browser.execute_script(
        "const a = document.querySelector('#suggestions:not([hidden]) a'); return a && a.textContent")
    wait_for(browser, lambda: first() == title, f"{scope} {query}: {first()}")
    assert browser.find_element(By.ID, "no-results").is_displayed()
    assert browser.find_element(By.ID, "suggestions").text.startswith("Did you mean: " + title)
    if how == "http":
        # The search's own request and one for the suggestions at most, after the entry and the manifest.
        shards = browser.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name)"
            ".filter(n => n.includes('/search/') && !/entry|manifest/.test(n))")
        assert 1 <= len(shards) <= (2 if scope != "all" else 4), shards
    got = typed(browser, [query], scope)[query]
    assert got["near"][0][1] == title


def test_the_model_agrees_on_the_shipped_examples():
    """The examples' first suggestions are what the model puts first among every record of the scope."""
    shipped = Model(ROOT / "Content")
    assert closest(shipped, "swtzerland", "name")[0][2] == "countries/ch.html"
    assert closest(shipped, "kyiw", "capital")[0][2] == "countries/ua.html"


ODD = ["a" * 1000, "Zürich " * 140, "!!!", "...", "-", "'", "()[]{}", "🇨🇭", "👍🏽 zurich", "e\u0301\u0301\u0301",
       "\u0301", "\u200b", "ß" * 300, "\ufeff", "a\u0000b", "%", "?q=", "<script>"]


def test_odd_queries_answer_without_an_error_or_a_storm_of_requests(browser, server):
    """Each query pasted at once, then typed a character at a time (its first 60): an answer each time,
    no error, two requests at most for the paste (its shard and the suggestions') and one per keystroke
    and one more when typed."""
    open_index(browser, server)
    shards = ("return performance.getEntriesByType('resource').map(e => e.name)"
              ".filter(n => n.includes('/search/') && !/entry|manifest/.test(n)).length")
    browser.set_script_timeout(60)
    for query in ODD:
        browser.execute_script("performance.clearResourceTimings()")
        answer = browser.execute_async_script("""
            const [q, done] = arguments, box = document.getElementById('search'), errors = [];
            window.addEventListener('error', e => errors.push(String(e.message)));
            box.addEventListener('results', () => done({errors, near: document.querySelectorAll('#suggestions a').length,
              shown: ['no-results', 'results', 'index'].filter(id => !document.getElementById(id).hidden)}),
              {once: true});
            box.value = q;
            box.dispatchEvent(new Event('input'));""", query)
        assert answer["errors"] == [] and answer["near"] <= 3, query
        # The results, "No results", or the index itself for a query that folds to nothing (a lone mark).
        assert len(answer["shown"]) == 1, (query, answer["shown"])
        assert browser.execute_script(shards) <= 2, query
        browser.execute_script("performance.clearResourceTimings()")
        typed(browser, [query[:60]], "name")
        assert browser.execute_script(shards) <= len(query[:60]) + 1, query
