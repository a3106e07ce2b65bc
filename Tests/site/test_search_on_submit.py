"""Search on submit (`search: { mode: on_submit }`), on a test site (the countries fixture in that mode),
in headless Chromium over HTTP and from disk: typing runs nothing and dims the page below; Enter or the
search button runs the query, with the same results as the model and the same URL as the default mode;
Escape or a click on the dimmed page brings back the query that ran."""
import shutil
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import COUNTRIES, built
from searchmodel import Model
from test_search_browser import browser, open_index, page_order, results, serve_folder, wait_for  # noqa: F401


@pytest.fixture(scope="module")
def submit_site():
    folder = Path(tempfile.mkdtemp(prefix="worldfacts-submit-"))
    shutil.copytree(COUNTRIES, folder / "Content")
    site_yml = folder / "Content/site.yml"
    text = site_yml.read_text(encoding="utf-8")
    assert "\nsearch:\n" in text
    site_yml.write_text(text.replace("\nsearch:\n", "\nsearch:\n  mode: on_submit\n"), encoding="utf-8")
    yield from built(folder / "Content")
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def submit_server(submit_site):
    yield from serve_folder(submit_site)


@pytest.fixture(params=["http", "file"])
def base(request, submit_server, submit_site):
    return submit_server if request.param == "http" else submit_site.as_uri() + "/"


def dimmed(browser):
    return browser.find_element(By.ID, "search-overlay").is_displayed()


def test_a_query_runs_on_enter_or_the_button_and_an_edit_can_be_cancelled(browser, base):
    model = Model(COUNTRIES)
    open_index(browser, base)
    order = page_order(browser)
    box = browser.find_element(By.ID, "search")
    box.send_keys("sa")
    assert dimmed(browser)
    assert results(browser) == [] and browser.find_element(By.ID, "index").is_displayed()
    assert "?q=" not in browser.current_url
    box.send_keys(Keys.ENTER)
    want = model.expected("sa", "name", order)
    wait_for(browser, lambda: results(browser) == want, f"sa: {results(browser)}")
    assert not dimmed(browser) and "q=sa" in browser.current_url
    # An edit dims the results; Escape brings back the query that ran, and its results stay.
    box.send_keys("int")
    assert dimmed(browser) and results(browser) == want
    box.send_keys(Keys.ESCAPE)
    assert not dimmed(browser) and box.get_attribute("value") == "sa" and results(browser) == want
    # A click on the dimmed page does the same.
    box.send_keys("x")
    browser.find_element(By.ID, "search-overlay").click()
    assert not dimmed(browser) and box.get_attribute("value") == "sa"
    # The button runs the query.
    box.send_keys("int")
    browser.find_element(By.CSS_SELECTOR, "#search-form button[type=submit]").click()
    want = model.expected("saint", "name", order)
    wait_for(browser, lambda: results(browser) == want, f"saint: {results(browser)}")
    assert "q=saint" in browser.current_url and not dimmed(browser)
    # A scope chosen runs the query at once, in that scope.
    browser.find_element(By.CSS_SELECTOR, "input[name=scope][value=capital]").click()
    want = model.expected("saint", "capital", order)
    wait_for(browser, lambda: results(browser) == want, f"capital saint: {results(browser)}")
    # With the query run, Enter opens the chosen result as in the default mode; Escape with nothing to
    # cancel clears the search and shows the index.
    box.send_keys(Keys.ARROW_DOWN)
    assert box.get_attribute("aria-activedescendant") == "result-0"
    box.send_keys(Keys.ESCAPE)
    wait_for(browser, lambda: browser.find_element(By.ID, "index").is_displayed(), "the index again")
    assert box.get_attribute("value") == ""


def test_a_link_with_a_query_runs_it(browser, base):
    open_index(browser, base, "?q=reyk&scope=capital")
    wait_for(browser, lambda: results(browser) == ["countries/is.html"], f"restored: {results(browser)}")
    assert not browser.find_element(By.ID, "search-overlay").is_displayed()
    box = browser.find_element(By.ID, "search")
    box.send_keys(Keys.ENTER)
    wait_for(browser, lambda: browser.current_url.endswith("countries/is.html"), browser.current_url)


def test_the_on_submit_pages_are_valid_html(submit_site):
    """The button and the overlay the mode adds, on an index, a record page and the 404 page."""
    from sitecheck import nu_validator
    pages = [submit_site / "index.html", submit_site / "countries/ch.html", submit_site / "404.html"]
    html = pages[0].read_text(encoding="utf-8")
    assert 'data-mode="on_submit"' in html and '<div id="search-overlay" hidden></div>' in html
    result = nu_validator(*pages)
    assert result.returncode == 0, result.stdout + result.stderr
