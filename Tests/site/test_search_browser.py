"""The search in a real browser: headless Chromium (Debian's chromium and chromium-driver) driven by
Selenium, over HTTP (python3 -m http.server on 127.0.0.1) and from disk (file://). Results are compared
with an independent model of the records in Content/ (searchmodel.py)."""
import shutil
import subprocess
import sys

import pytest
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import COUNTRIES, free_port, wait_until_served
from searchmodel import Model, word_prefixes


@pytest.fixture(scope="session")
def model():
    return Model(COUNTRIES)


@pytest.fixture(scope="session")
def server(countries_site):
    yield from serve_folder(countries_site)


def serve_folder(site):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    wait_until_served(url + "index.html")
    yield url
    process.terminate()
    process.wait(timeout=10)


def headless_chromium():
    """Chromium, headless, through chromedriver: a browser of its own, with a profile of its own."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1000,900"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


@pytest.fixture(scope="session")
def browser():
    driver = headless_chromium()
    yield driver
    driver.quit()


def page_order(browser):
    hrefs = browser.execute_script(
        "return [...document.querySelectorAll('#index li a')].map(a => a.getAttribute('href'))")
    return {href: position for position, href in enumerate(hrefs)}


def results(browser):
    return browser.execute_script(
        "return [...document.querySelectorAll('#results li a')].map(a => a.getAttribute('href'))")


def choose_scope(browser, scope):
    browser.find_element(By.CSS_SELECTOR, f"input[name=scope][value='{scope}']").click()


def wait_for(browser, condition, message):
    try:
        WebDriverWait(browser, 60).until(lambda _: condition())
    except TimeoutException:
        pytest.fail(message)


def open_index(browser, base, query=""):
    browser.get(base + "index.html" + query)
    WebDriverWait(browser, 60).until(lambda b: b.execute_script("return !!window.WorldFactsSearch"))


TYPED = [("name", "cot"), ("name", "ALA"), ("name", "korea"), ("name", "salvador"), ("name", "ivory"),
         ("name", "Sw"), ("name", "saint "), ("name", "GUINEA-b"), ("name", "zz"),
         ("capital", "reyk"), ("capital", "SAN"), ("capital", "bogota")]


@pytest.mark.parametrize("scope,query", TYPED)
def test_typing_character_by_character_over_http(browser, server, model, scope, query):
    open_index(browser, server)
    order = page_order(browser)
    choose_scope(browser, scope)
    box = browser.find_element(By.ID, "search")
    typed = ""
    for character in query:
        box.send_keys(character)
        typed += character
        want = model.expected(typed, scope, order)
        wait_for(browser, lambda: results(browser) == want, f"{scope} '{typed}': {results(browser)} != {want}")
        assert browser.find_element(By.ID, "no-results").is_displayed() == (want == [])
        assert not browser.find_element(By.ID, "index").is_displayed()
        assert not browser.find_element(By.ID, "section-index").is_displayed()


def test_seed_examples(browser, server):
    open_index(browser, server)
    box = browser.find_element(By.ID, "search")
    titles = lambda: browser.execute_script(
        "return [...document.querySelectorAll('#results .title')].map(s => s.textContent)")
    box.send_keys("cot")
    wait_for(browser, lambda: titles() == ["Côte d'Ivoire"], f"cot: {titles()}")
    box.clear()
    box.send_keys("korea")
    wait_for(browser, lambda: set(titles()) == {"North Korea", "South Korea"}, f"korea: {titles()}")
    box.clear()
    box.send_keys("ivory")
    wait_for(browser, lambda: titles() == ["Côte d'Ivoire"], f"ivory: {titles()}")
    choose_scope(browser, "capital")
    box.clear()
    box.send_keys("reyk")
    wait_for(browser, lambda: titles() == ["Iceland"], f"reyk: {titles()}")


SWEEP = """
const [queries, scope, done] = arguments;
const box = document.getElementById('search');
document.querySelector(`input[name=scope][value='${scope}']`).checked = true;
const out = {};
(async () => {
  for (const q of queries) {
    const shown = new Promise(r => box.addEventListener('results', r, {once: true}));
    box.value = q;
    box.dispatchEvent(new Event('input'));
    await shown;
    const more = document.getElementById('more-results');
    out[q] = {hrefs: [...document.querySelectorAll('#results li a')].map(a => a.getAttribute('href')),
              count: document.getElementById('result-count').textContent,
              partial: !more.hidden && !/[0-9]/.test(more.textContent)};
  }
  done(out);
})();
"""


@pytest.mark.parametrize("scope", ["name", "capital"])
def test_every_prefix_of_every_key_finds_exactly_the_model_answer(browser, server, model, scope):
    """Recall 100%: every prefix (up to 4 characters) of every word of every key, folded and as written."""
    open_index(browser, server)
    order = page_order(browser)
    queries = set()
    for record in model.records:
        queries |= word_prefixes(record, model.scopes[scope], 4)
    queries = sorted(q for q in queries if q.strip())
    assert len(queries) > 300
    got = sweep(browser, queries, scope)
    # No shard of the shipped site is split: every answer is whole, and the total announced is its length.
    wanted = {q: model.expected(q, scope, order) for q in queries}
    wrong = {q: (got[q], wanted[q]) for q in queries if got[q] != (wanted[q], len(wanted[q]))}
    assert wrong == {}


def sweep(browser, queries, scope):
    """Each query typed into the open index page: {query: (result hrefs, the announced total)}; the total is
    None for a query of several words answered in part ("more may match"), whose total is not known."""
    browser.set_script_timeout(300)
    got = browser.execute_async_script(SWEEP, queries, scope)
    return {q: (answer["hrefs"], None if answer["partial"] else int("0" + "".join(c for c in answer["count"] if c.isdigit())))
            for q, answer in got.items()}


def test_escape_restores_the_index_and_no_results_shows(browser, server):
    open_index(browser, server)
    box = browser.find_element(By.ID, "search")
    box.send_keys("qqq")
    wait_for(browser, lambda: browser.find_element(By.ID, "no-results").is_displayed(), "no 'No results'")
    assert browser.find_element(By.ID, "no-results").text == "No results"
    box.send_keys(Keys.ESCAPE)
    wait_for(browser, lambda: browser.find_element(By.ID, "index").is_displayed(), "index not restored")
    assert browser.find_element(By.ID, "section-index").is_displayed()
    assert not browser.find_element(By.ID, "no-results").is_displayed()
    assert box.get_attribute("value") == ""
    assert "?q=" not in browser.current_url


def test_query_and_scope_live_in_the_url(browser, server):
    open_index(browser, server, "?q=reyk&scope=capital")
    wait_for(browser, lambda: results(browser) == ["countries/is.html"], f"restored: {results(browser)}")
    assert browser.find_element(By.CSS_SELECTOR, "input[name=scope][value=capital]").is_selected()
    box = browser.find_element(By.ID, "search")
    box.send_keys("j")
    wait_for(browser, lambda: "q=reykj" in browser.current_url, browser.current_url)
    assert "scope=capital" in browser.current_url


def test_arrow_keys_and_enter_open_a_result(browser, server):
    """The WAI-ARIA 1.2 combobox pattern: the input is a combobox that says whether its listbox is shown;
    arrows move through the options, wrapping; Home and End go to the first and last once an option is
    active, and move the caret before."""
    open_index(browser, server)
    box = browser.find_element(By.ID, "search")
    assert (box.get_attribute("role"), box.get_attribute("aria-expanded"), box.get_attribute("aria-controls")) == (
        "combobox", "false", "results")
    box.send_keys("sa")
    wait_for(browser, lambda: len(results(browser)) > 3, "results for sa")
    assert box.get_attribute("aria-expanded") == "true"
    last = len(results(browser)) - 1
    box.send_keys(Keys.HOME)
    assert box.get_attribute("aria-activedescendant") is None
    box.send_keys(Keys.ARROW_DOWN, Keys.END)
    assert box.get_attribute("aria-activedescendant") == f"result-{last}"
    box.send_keys(Keys.ARROW_DOWN)
    assert box.get_attribute("aria-activedescendant") == "result-0"
    box.send_keys(Keys.ARROW_UP, Keys.HOME)
    assert box.get_attribute("aria-activedescendant") == "result-0"
    assert browser.execute_script("return document.querySelectorAll('#results [aria-selected=true]').length") == 1
    box.send_keys(Keys.ESCAPE)
    wait_for(browser, lambda: box.get_attribute("aria-expanded") == "false", "collapsed after Escape")
    box.send_keys("korea")
    wait_for(browser, lambda: len(results(browser)) == 2, "two koreas")
    second = results(browser)[1]
    box.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    assert box.get_attribute("aria-activedescendant") == "result-1"
    chosen = browser.find_element(By.ID, "result-1")
    assert (chosen.tag_name, chosen.get_attribute("role"), chosen.get_attribute("aria-selected")) == ("a", "option", "true")
    box.send_keys(Keys.ENTER)
    wait_for(browser, lambda: browser.current_url.endswith(second), browser.current_url)
    browser.back()
    wait_for(browser, lambda: len(results(browser)) == 2, "results after back")
    assert browser.find_element(By.ID, "search").get_attribute("value") == "korea"


def test_one_request_per_keystroke_on_a_cold_cache(browser, server):
    """A page names no file of the index: the first keystroke loads the entry, the manifest it names and one
    shard; each later keystroke one shard at most."""
    open_index(browser, server)
    requested = ("return performance.getEntriesByType('resource').map(e => e.name)"
                 ".filter(n => n.includes('/search/')).map(n => n.split('/search/')[1])")
    assert browser.execute_script(requested) == []
    browser.find_element(By.ID, "search").send_keys("m")
    wait_for(browser, lambda: len(results(browser)) > 0, "results for m")
    first = browser.execute_script(requested)
    assert len(first) == 3 and first[0] == "entry.js" and first[1].startswith("manifest/"), first
    assert first[2].startswith("name/l-6d."), first
    browser.find_element(By.ID, "search").send_keys("a")
    wait_for(browser, lambda: len(results(browser)) > 0, "results for ma")
    assert browser.execute_script(requested) == first, "a longer query inside a loaded shard needs no request"


def test_search_works_from_disk(browser, countries_site, model):
    open_index(browser, (countries_site / "index.html").as_uri().rsplit("index.html", 1)[0])
    order = page_order(browser)
    box = browser.find_element(By.ID, "search")
    box.send_keys("saint")
    want = model.expected("saint", "name", order)
    assert len(want) >= 5
    wait_for(browser, lambda: results(browser) == want, f"file:// saint: {results(browser)}")
    choose_scope(browser, "capital")
    want = model.expected("saint", "capital", order)
    wait_for(browser, lambda: results(browser) == want, f"file:// capital saint: {results(browser)}")


def test_without_javascript_the_index_is_the_full_list(countries_site):
    html = (countries_site / "index.html").read_text(encoding="utf-8")
    assert '<div id="index" class="index">' in html and html.count('<main>') == 1
    assert html.count('<li><a href="countries/') == 252
    assert '<ol id="results" class="rows" role="listbox"' in html and " hidden></ol>" in html


def test_a_keyboard_walkthrough(browser, server, model):
    """Keys only, from the top of the page: Tab to the box, type, the arrows, End, Home, Escape; Tab to the
    scopes and an arrow key to the next scope; Shift+Tab back and Enter to open a result; a typo's
    suggestion reached by Tab and opened by Enter."""
    from selenium.webdriver.common.action_chains import ActionChains
    open_index(browser, server)
    order = page_order(browser)
    active = lambda: browser.switch_to.active_element
    keys = lambda *k: ActionChains(browser).send_keys(*k).perform()
    for _ in range(12):
        if active().get_attribute("id") == "search":
            break
        keys(Keys.TAB)
    assert active().get_attribute("id") == "search", "Tab reaches the search box"
    keys("sa")
    want = model.expected("sa", "name", order)
    wait_for(browser, lambda: results(browser) == want, f"sa: {results(browser)}")
    box = browser.find_element(By.ID, "search")
    keys(Keys.ARROW_DOWN)
    assert box.get_attribute("aria-activedescendant") == "result-0"
    keys(Keys.END)
    assert box.get_attribute("aria-activedescendant") == f"result-{len(want) - 1}"
    keys(Keys.HOME)
    assert box.get_attribute("aria-activedescendant") == "result-0"
    keys(Keys.ARROW_UP)
    assert box.get_attribute("aria-activedescendant") == f"result-{len(want) - 1}"
    keys(Keys.ESCAPE)
    wait_for(browser, lambda: browser.find_element(By.ID, "index").is_displayed(), "the index after Escape")
    assert box.get_attribute("value") == "" and active().get_attribute("id") == "search"
    # The scope bar is one radio group: Tab reaches the checked scope, an arrow key checks the next one,
    # and the query runs in it.
    keys("reyk", Keys.TAB)
    assert (active().get_attribute("name"), active().get_attribute("value")) == ("scope", "name")
    keys(Keys.ARROW_RIGHT)
    assert (active().get_attribute("value"), active().is_selected()) == ("capital", True)
    wait_for(browser, lambda: results(browser) == ["countries/is.html"], f"capital reyk: {results(browser)}")
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert active().get_attribute("id") == "search"
    keys(Keys.ENTER)
    wait_for(browser, lambda: browser.current_url.endswith("countries/is.html"), browser.current_url)
    # A typo: Tab past the scopes reaches the suggestion, and Enter opens it.
    open_index(browser, server)
    browser.find_element(By.ID, "search").click()
    keys("swtzerland")
    wait_for(browser, lambda: browser.find_element(By.ID, "suggestions").is_displayed(), "a suggestion")
    keys(Keys.TAB, Keys.TAB)
    assert active().text == "Switzerland"
    keys(Keys.ENTER)
    wait_for(browser, lambda: browser.current_url.endswith("countries/ch.html"), browser.current_url)
