"""Filters from groups in Chromium, on the shipped site: the Country scope offers the continents
(`filters: [continent]`). Results and each value's count of matches are those of an independent model
(searchmodel.py: the scope's answer, then the records with a checked value), over HTTP and from disk; the
checked values live in the address; with no query, the checked values link to their group pages; the
filters work by keyboard alone and axe-core finds no violation with them."""
import re
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT
from searchmodel import Model
from test_axe import axe_source, violations  # noqa: F401
from test_collections_browser import order, shipped_server  # noqa: F401
from test_search_browser import browser, wait_for  # noqa: F401
from test_search_browser import results as hrefs

CONTINENTS = ["africa", "antarctica", "asia", "europe", "north-america", "oceania", "south-america"]


@pytest.fixture(scope="module")
def model():
    return Model(ROOT / "Content")


def continent(model, path):
    """A country's continent, or a city's country's, as a slug."""
    if not hasattr(model, "_continent"):
        countries = {r["code"]: r for r in model.records if r["_collection"] == "countries"}
        slug = lambda text: re.sub(r"[^a-z0-9]+", "-", (text or "").lower()).strip("-")
        model._continent = {model.path(r): slug(r.get("continent") if r["_collection"] == "countries"
                                                else countries.get(r.get("country"), {}).get("continent"))
                            for r in model.records}
    return model._continent[path]


def expected(model, query, order, chosen, scope="name"):
    """A scope's answer with the checked continents, and each continent's count of matches."""
    answer = model.expected(query, scope, order)
    counts = {c: sum(1 for p in answer if continent(model, p) == c) for c in CONTINENTS}
    return [p for p in answer if not chosen or continent(model, p) in chosen], counts


def results(browser):
    """The results' pages from the site's root (the countries' index is one folder down)."""
    return [re.sub(r"^(\.\./)+", "", href) for href in hrefs(browser)]


def shown_counts(browser):
    return browser.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#filters fieldset:not([hidden]) label')]"
        ".map(l => [l.querySelector('input').value, l.querySelector('.count').textContent]))")


def open_page(browser, base, query):
    browser.get(base + "countries/index.html" + query)
    wait_for(browser, lambda: browser.execute_script("return !!window.WorldFactsSearch"), "search.js loaded")


@pytest.mark.parametrize("mode", ["http", "file"])
@pytest.mark.parametrize("query,chosen", [("sa", ["europe"]), ("s", ["africa", "asia"]), ("republic", []),
                                          ("korea", ["europe"]), ("guinea", ["africa", "oceania"])])
def test_filtered_results_and_counts_are_the_models(browser, shipped_server, site, model, order, mode, query, chosen):
    base = shipped_server if mode == "http" else site.as_uri() + "/"
    address = "?q=" + query + "&scope=name" + "".join("&continent=" + c for c in chosen)
    open_page(browser, base, address)
    want, counts = expected(model, query, order, set(chosen))
    wait_for(browser, lambda: results(browser) == want, f"{query} {chosen}: {results(browser)} != {want}")
    assert shown_counts(browser) == {c: f"{n:,}" for c, n in counts.items()}
    checked = browser.execute_script("return [...document.querySelectorAll('#filters input:checked')].map(i => i.value)")
    assert checked == chosen
    assert browser.find_element(By.ID, "no-results").is_displayed() == (want == [])


def test_checking_a_value_narrows_and_the_address_keeps_it(browser, shipped_server, model, order):
    open_page(browser, shipped_server, "")
    assert not browser.find_element(By.CSS_SELECTOR, "#filters fieldset[data-scope=name]").get_attribute("hidden")
    box = browser.find_element(By.ID, "search")
    box.send_keys("sa")
    want, _ = expected(model, "sa", order, set())
    wait_for(browser, lambda: results(browser) == want, f"{results(browser)}")
    browser.find_element(By.CSS_SELECTOR, "#filters input[value=europe]").click()
    want, _ = expected(model, "sa", order, {"europe"})
    wait_for(browser, lambda: results(browser) == want, f"europe: {results(browser)}")
    browser.find_element(By.CSS_SELECTOR, "#filters input[value=asia]").click()
    want, _ = expected(model, "sa", order, {"europe", "asia"})
    wait_for(browser, lambda: results(browser) == want, f"europe, asia: {results(browser)}")
    params = parse_qs(urlparse(browser.current_url).query)
    assert params == {"q": ["sa"], "scope": ["name"], "continent": ["asia", "europe"]}
    # Another scope hides the continents and does not filter by them.
    browser.find_element(By.CSS_SELECTOR, "input[name=scope][value=capital]").click()
    wait_for(browser, lambda: "continent" not in browser.current_url, browser.current_url)
    assert not browser.find_element(By.CSS_SELECTOR, "#filters fieldset[data-scope=name]").is_displayed()
    assert results(browser) == model.expected("sa", "capital", order)


def test_with_no_query_the_checked_values_link_to_their_group_pages(browser, shipped_server, model):
    open_page(browser, shipped_server, "?scope=name&continent=oceania&continent=europe")
    wait_for(browser, lambda: results(browser) == ["continents/europe.html", "continents/oceania.html"],
             f"{results(browser)}")
    totals = {c: sum(1 for r in model.records if r["_collection"] == "countries" and continent(model, model.path(r)) == c)
              for c in CONTINENTS}
    assert shown_counts(browser) == {c: f"{n:,}" for c, n in totals.items()}
    texts = browser.execute_script("return [...document.querySelectorAll('#results a')].map(a => a.textContent)")
    assert texts == [f"Europe{totals['europe']} results", f"Oceania{totals['oceania']} results"]
    # Unchecked, the page itself shows again.
    for value in ("europe", "oceania"):
        browser.find_element(By.CSS_SELECTOR, f"#filters input[value={value}]").click()
    wait_for(browser, lambda: browser.find_element(By.ID, "index").is_displayed(), "the index again")
    assert "?" not in browser.current_url


def test_the_filters_by_keyboard_alone(browser, shipped_server, model, order):
    """Type, Tab past the scopes to the first continent, Space checks it, Tab and Space the next; Shift+Tab
    back to the box, the arrows and Enter open a result."""
    open_page(browser, shipped_server, "")
    box = browser.find_element(By.ID, "search")
    box.click()
    box.send_keys("s")
    want, _ = expected(model, "s", order, set())
    wait_for(browser, lambda: results(browser) == want, f"{results(browser)}")
    active = browser.switch_to.active_element
    active.send_keys(Keys.TAB)  # the checked scope
    browser.switch_to.active_element.send_keys(Keys.TAB)  # Africa
    assert browser.switch_to.active_element.get_attribute("value") == "africa"
    browser.switch_to.active_element.send_keys(Keys.SPACE)
    want, _ = expected(model, "s", order, {"africa"})
    wait_for(browser, lambda: results(browser) == want, f"africa: {results(browser)}")
    browser.switch_to.active_element.send_keys(Keys.TAB)
    assert browser.switch_to.active_element.get_attribute("value") == "antarctica"
    browser.switch_to.active_element.send_keys(Keys.TAB)
    browser.switch_to.active_element.send_keys(Keys.SPACE)  # Asia
    want, _ = expected(model, "s", order, {"africa", "asia"})
    wait_for(browser, lambda: results(browser) == want, f"africa, asia: {results(browser)}")
    for _ in range(4):
        browser.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)
    assert browser.switch_to.active_element.get_attribute("id") == "search"
    box.send_keys(Keys.ARROW_DOWN)
    box.send_keys(Keys.ENTER)
    wait_for(browser, lambda: browser.current_url.endswith("/" + want[0]), browser.current_url)


def test_no_violation_with_filters(browser, shipped_server, site, axe_source):  # noqa: F811
    for base in (shipped_server, site.as_uri() + "/"):
        open_page(browser, base, "?q=s&scope=name&continent=europe")
        wait_for(browser, lambda: browser.find_element(By.ID, "results").is_displayed(), "filtered results")
        assert violations(browser, axe_source) == []
        open_page(browser, base, "?scope=name&continent=europe")
        wait_for(browser, lambda: browser.find_element(By.ID, "results").is_displayed(), "group links")
        assert violations(browser, axe_source) == []


@pytest.mark.parametrize("query", ["san", "sa", "z"])
def test_the_cities_filter_by_their_countrys_continent(browser, shipped_server, model, order, query):
    """A group through a link: each city has its country's continent. A preview (a prefix of thousands of
    cities) shows the European cities among its first ones, counts every match by continent, and knows how
    many more European ones there are."""
    open_page(browser, shipped_server, "?q=" + query + "&scope=city&continent=europe".replace("continent", "country.continent"))
    want, counts = expected(model, query, order, {"europe"}, scope="city")
    shown = lambda: results(browser)
    wait_for(browser, lambda: shown_counts(browser) == {c: f"{n:,}" for c, n in counts.items()},
             f"{query}: {shown_counts(browser)}")
    assert set(shown()) <= set(want) and shown() == [p for p in want if p in set(shown())]
    more = browser.find_element(By.ID, "more-results")
    if len(shown()) < len(want):
        assert more.is_displayed() and f"{len(want) - len(shown()):,}" in more.text
        assert not browser.find_element(By.ID, "no-results").is_displayed()
    else:
        assert shown() == want and not more.is_displayed()
    assert want and counts["europe"] == len(want)

