"""Accessibility with axe-core 4.12.1: the axe.min.js of PyPI's axe-playwright-python 0.1.8 wheel (which
Tests/tools/install-deps fetches without Playwright and unpacks into .venv/axe), injected with Selenium into
headless Chromium. Every kind of page of the shipped site, and a collection's index in every state of the
search (results, a preview with more to come, no results, a result chosen with the arrow keys, back to the
index), and every other kind of page with the search open, over HTTP and from disk (file://), has no
violation."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import FULL, ROOT
from test_search_browser import browser, serve_folder, wait_for  # noqa: F401
from test_search_on_submit import submit_server, submit_site  # noqa: F401

AXE = ROOT / ".venv/axe/axe.min.js"


@pytest.fixture(scope="module")
def axe_source():
    source = AXE.read_text(encoding="utf-8")
    assert source.startswith("/*! axe v4.12.1"), "install-deps unpacks axe-core 4.12.1 into .venv/axe"
    return source


@pytest.fixture(scope="module")
def shipped_server(site):
    yield from serve_folder(site)


def violations(browser, axe_source):
    """axe's violations on the page as it is now: rule, impact and the first few elements."""
    if not browser.execute_script("return !!window.axe"):
        browser.execute_script(axe_source)
    browser.set_script_timeout(60)
    return browser.execute_async_script(
        "const done = arguments[0]; axe.run(document).then(r => done(r.violations.map(v => "
        "[v.id, v.impact, v.nodes.slice(0, 3).map(n => n.target.join(' '))])), e => done([['error', String(e)]]))")


def pages(site):
    """One page of every kind: home, a collection's index (whole and split into sections), a record with a
    list, a complete list, a section page, a group and the groups' overview, and the 404 page."""
    # The smallest section page: axe takes half a minute over a part of 2,000 rows, and finds nothing more.
    section = min((site / "cities/sections").glob("*.html"), key=lambda p: p.stat().st_size).name
    return ["index.html", "countries/index.html", "countries/ch.html", "countries/cities/ch.html",
            "cities/index.html", f"cities/sections/{section}", "cities/2657896.html", "continents/index.html",
            "continents/europe.html", "ar/continents/asia.html", "404.html"]


@pytest.fixture(params=["http", "file"])
def base(request, shipped_server, site):
    return shipped_server if request.param == "http" else site.as_uri() + "/"


def test_every_kind_of_page_has_no_violation(browser, base, site, axe_source):
    # The pages are the same bytes over HTTP and from disk: make test checks them over HTTP, make test-full
    # both ways (the states of the search, below, are checked both ways in each).
    if not FULL and base.startswith("file:"):
        pytest.skip("every kind of page from file:// runs in make test-full")
    found = {}
    for page in pages(site):
        browser.get(base + page)
        if violation := violations(browser, axe_source):
            found[page] = violation
    assert found == {}


# (page, scope, query, what the search shows): the indexes in every state, and every other kind of page
# with the search open.
STATES = [("index.html", "all", "zur", "results"), ("index.html", "all", "s", "more"),
          ("index.html", "all", "zzzzq", "none"), ("index.html", "all", "swtzerland", "suggestions"),
          ("index.html", "text", "vatnaj", "results"),
          ("cities/index.html", "city", "sa", "more"),
          ("countries/index.html", "name", "korea", "results"), ("countries/ch.html", "all", "zur", "results"),
          ("cities/sections/0.html", "city", "sa", "more"), ("countries/cities/ch.html", "name", "korea", "results"),
          ("continents/europe.html", "all", "zzzzq", "none"), ("continents/index.html", "capital", "ber", "results"),
          ("404.html", "all", "ber", "results")]


@pytest.mark.parametrize("page,scope,query,state", STATES)
def test_every_state_of_the_search_has_no_violation(browser, base, axe_source, page, scope, query, state):
    # The indexes in every state both ways; the other kinds of page from file:// in make test-full.
    if base.startswith("file:") and not FULL and STATES.index((page, scope, query, state)) >= 7:
        pytest.skip("the other kinds of page from file:// run in make test-full")
    browser.get(base + page)
    wait_for(browser, lambda: browser.execute_script("return !!window.WorldFactsSearch"), "search.js loaded")
    browser.find_element(By.CSS_SELECTOR, f"input[name=scope][value='{scope}']").click()
    box = browser.find_element(By.ID, "search")
    box.send_keys(query)
    shown = {"results": "results", "more": "more-results", "none": "no-results", "suggestions": "suggestions"}[state]
    wait_for(browser, lambda: browser.find_element(By.ID, shown).is_displayed(), f"{page} {query}: {state}")
    found = {state: violations(browser, axe_source)}
    if state not in ("none", "suggestions"):
        box.send_keys(Keys.ARROW_DOWN)
        wait_for(browser, lambda: box.get_attribute("aria-activedescendant") == "result-0", "a result chosen")
        found["chosen"] = violations(browser, axe_source)
    box.send_keys(Keys.ESCAPE)
    page_itself = "return ['index', 'content'].map(id => document.getElementById(id)).some(e => e && !e.hidden)"
    wait_for(browser, lambda: browser.execute_script(page_itself), "the page itself again")
    found["cleared"] = violations(browser, axe_source)
    assert found == {key: [] for key in found}


def test_search_on_submit_has_no_violation_in_any_state(browser, submit_server, axe_source):
    """The test site in `on_submit` mode: typed and dimmed, run, edited and dimmed over results, and a
    query that matches nothing, with suggestions."""
    browser.get(submit_server + "index.html")
    wait_for(browser, lambda: browser.execute_script("return !!window.WorldFactsSearch"), "search.js loaded")
    box = browser.find_element(By.ID, "search")
    overlay = lambda: browser.find_element(By.ID, "search-overlay").is_displayed()
    box.send_keys("sa")
    assert overlay()
    found = {"dimmed": violations(browser, axe_source)}
    box.send_keys(Keys.ENTER)
    wait_for(browser, lambda: browser.find_element(By.ID, "results").is_displayed(), "results for sa")
    found["results"] = violations(browser, axe_source)
    box.send_keys("int")
    assert overlay()
    found["dimmed results"] = violations(browser, axe_source)
    box.clear()
    box.send_keys("swtzerland", Keys.ENTER)
    wait_for(browser, lambda: browser.find_element(By.ID, "suggestions").is_displayed(), "suggestions")
    found["suggestions"] = violations(browser, axe_source)
    assert found == {key: [] for key in found}
