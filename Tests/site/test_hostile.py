"""Hostile content is inert: the fixture in Tests/Fixtures/hostile puts <script>, onerror=, javascript:
links, quotes, entities and </script> into titles, fields, aliases, notes and site strings. Built, then
loaded in headless Chromium, no script from content may run (each payload would set window.pwned),
and the text must show as text."""
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, worldfacts_bin
from test_search_browser import browser, serve_folder, open_index, wait_for  # noqa: F401

HOSTILE = ROOT / "Tests/Fixtures/hostile"


@pytest.fixture(scope="module")
def hostile_site():
    out = Path(tempfile.mkdtemp(prefix="worldfacts-hostile-"))
    out.chmod(0o755)
    build = subprocess.run([worldfacts_bin(), "build", "--content", str(HOSTILE), "--templates", str(ROOT / "Templates"),
                            "--output", str(out)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    assert "ghost.md: warning: note names no record" in build.stderr
    assert "links to 'NOWHERE', which names no record" in build.stderr
    yield out
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="module")
def hostile_server(hostile_site):
    yield from serve_folder(hostile_site)


def pwned(browser):
    return browser.execute_script("return window.pwned === undefined ? null : String(window.pwned)")


def test_no_page_runs_content(browser, hostile_server, hostile_site):
    pages = sorted(p.relative_to(hostile_site).as_posix() for p in hostile_site.rglob("*.html"))
    assert len(pages) == 8
    for page in pages:
        browser.get(hostile_server + page)
        browser.execute_script("document.querySelectorAll('img').forEach(i => i.dispatchEvent(new Event('error')))")
        assert pwned(browser) is None, page
        hrefs = browser.execute_script("return [...document.querySelectorAll('[href]')].map(a => a.getAttribute('href'))")
        assert not [h for h in hrefs if h.strip().lower().startswith("javascript:")], page
        # The search script, and on the 404 page the template's own script that finds the root.
        scripts = browser.execute_script(
            "return [...document.scripts].map(s => s.src || (s.textContent.includes('Served at any depth') ? 'root' : s.type || 'inline'))")
        allowed = lambda s: re.search(r"/assets/search\.[0-9a-f]{10}\.js$", s) or (s == "root" and page == "404.html")
        assert scripts and all(allowed(s) for s in scripts), (page, scripts)


def test_text_shows_as_text(browser, hostile_server):
    browser.get(hostile_server + "things/s1.html")
    assert browser.find_element(By.TAG_NAME, "h1").text == "<script>window.pwned='name'</script>Scriptland"
    capital = browser.find_element(By.XPATH, "//th[starts-with(., 'Capital')]/following-sibling::td").text
    assert capital == "\"><img src=x onerror=\"window.pwned='capital'\">"
    note = browser.find_element(By.CSS_SELECTOR, ".note").text
    assert "&lt;script&gt;" not in note and "<script>" in note  # the entity is decoded once, as text
    browser.get(hostile_server + "things/s2.html")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Quote \"double\" & 'single' &amp; entity"


@pytest.mark.parametrize("scope,query,title", [
    ("name", "<scr", "<script>window.pwned='name'</script>Scriptland"),
    ("name", "javascript:", "<script>window.pwned='name'</script>Scriptland"),
    ("name", "</script", "<script>window.pwned='name'</script>Scriptland"),
    ("name", "quote \"d", "Quote \"double\" & 'single' &amp; entity"),
    ("name", "onerror <im", "Onerror <img src=x onerror=alert(1)> Town"),
    ("capital", "<svg", "Onerror <img src=x onerror=alert(1)> Town"),
    ("capital", "&lt;", "Quote \"double\" & 'single' &amp; entity"),
])
def test_search_results_are_text(browser, hostile_server, scope, query, title):
    open_index(browser, hostile_server)
    browser.find_element(By.CSS_SELECTOR, f"input[name=scope][value='{scope}']").click()
    browser.find_element(By.ID, "search").send_keys(query)
    titles = lambda: browser.execute_script("return [...document.querySelectorAll('#results .title')].map(s => s.textContent)")
    wait_for(browser, lambda: title in titles(), f"{query}: {titles()}")
    assert pwned(browser) is None
    browser.find_element(By.ID, "search").clear()
    browser.find_element(By.ID, "search").send_keys("zzzz")
    wait_for(browser, lambda: browser.find_element(By.ID, "no-results").is_displayed(), "no results")
    assert pwned(browser) is None


def test_shards_escape_markup(hostile_site):
    for shard in (hostile_site / "search").rglob("*"):
        if shard.is_file():
            text = shard.read_text(encoding="utf-8")
            assert "<" not in text and ">" not in text, shard
