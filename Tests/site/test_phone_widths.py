"""Pages that fit a phone: every kind of page of the shipped site, and of a site of eight scopes with long
labels, at 360, 390 and 768 px wide in headless Chromium, scrolls no wider than the window
(`document.documentElement.scrollWidth <= innerWidth`): the scope bar wraps within the page. And on a wide
screen the home page's one-section strip stays with its list rather than alone at the window's edge."""
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import COUNTRIES, built, worldfacts_bin
from test_axe import pages
from test_search_browser import browser  # noqa: F401

WIDTHS = [360, 390, 768]


def overflowing(browser, base, paths):
    wide = []
    for width in WIDTHS:
        browser.set_window_size(width, 900)
        for path in paths:
            browser.get(base + path)
            scroll, inner = browser.execute_script(
                "return [document.documentElement.scrollWidth, innerWidth]")
            if scroll > inner:
                wide.append((width, path, scroll, inner))
    return wide


def test_every_kind_of_page_of_the_shipped_site_fits_a_phone(browser, site):
    assert overflowing(browser, site.as_uri() + "/", pages(site)) == []


@pytest.fixture(scope="module")
def eight_scopes():
    """The countries with eight search scopes, each label a long word."""
    folder = Path(tempfile.mkdtemp(prefix="worldfacts-scopes-"))
    shutil.copytree(COUNTRIES, folder / "Content")
    config = (folder / "Content/site.yml").read_text(encoding="utf-8")
    start = config.index("search:")
    end = config.find("\n\n", start)
    scopes = "\n".join(
        f"    - {{ id: s{n}, label: Searchscope{n}long, fields: [name] }}" for n in range(8))
    config = config[:start] + "search:\n  scopes:\n" + scopes + (config[end:] if end >= 0 else "\n")
    (folder / "Content/site.yml").write_text(config, encoding="utf-8")
    yield from built(folder / "Content")
    shutil.rmtree(folder, ignore_errors=True)


def test_a_bar_of_eight_long_scopes_wraps_within_the_page(browser, eight_scopes):
    paths = ["index.html", "ch.html", "404.html"]
    paths = [p for p in paths if (eight_scopes / p).exists()] + [
        str(p.relative_to(eight_scopes)) for p in sorted(eight_scopes.glob("*/ch.html"))]
    assert len(paths) >= 3
    browser.get(eight_scopes.as_uri() + "/" + paths[0])
    assert browser.execute_script("return document.querySelectorAll('.scopes input').length") == 8
    assert overflowing(browser, eight_scopes.as_uri() + "/", paths) == []


def test_the_home_pages_strip_stays_with_its_list_on_a_wide_screen(browser, site):
    browser.set_window_size(1280, 900)
    browser.get(site.as_uri() + "/index.html")
    strip, rows = browser.execute_script(
        "const s = document.querySelector('#section-index').getBoundingClientRect();"
        "const r = document.querySelector('#index').getBoundingClientRect();"
        "return [[s.left, s.right, s.bottom], [r.left, r.right, r.top]]")
    assert strip[0] >= rows[0] - 1 and strip[1] <= rows[1] + 1, "within the column of the list"
    assert strip[2] <= rows[2] + 1, "above the list it leads to"
    # A collection's index, of many sections, keeps its strip at the window's edge.
    browser.get(site.as_uri() + "/countries/index.html")
    edge = browser.execute_script("return document.querySelector('#section-index').getBoundingClientRect().right")
    assert edge > 1200
