"""Bar charts on the shipped site, against the data read here anew: each continent's page charts its ten most
populous countries and each country's page its ten largest cities, largest first, their values as PyICU
formats them in the page's language; in a real browser the bars are drawn to scale, from the left, or from
the right in Arabic, over HTTP and from disk (file://). And the countries' computed density, in every
shipped language, as PyICU formats the division."""
import csv
import html
import json
import re

import icu
import pytest

from conftest import ROOT
from test_axe import base, shipped_server  # noqa: F401 (the shipped site over HTTP and from disk)
from test_search_browser import browser  # noqa: F401

COUNTRIES = json.loads((ROOT / "Content/countries.json").read_text(encoding="utf-8"))


def chart_table(page_html):
    """The chart's table: (title, value) rows, as the page writes them."""
    table = re.search(r'<table class="chart-data">(.*?)</table>', page_html, re.S).group(1)
    rows = re.findall(r'<tr><th scope="row">(?:<a href="[^"]*">)?(.*?)(?:</a>)?</th><td>(.*?)</td></tr>', table)
    return [(html.unescape(title), html.unescape(value)) for title, value in rows]


def largest(records, value, limit=10):
    """The model: records with a value, the largest first, the earlier among equals."""
    numbered = [(r, int(r[value])) for r in records if r.get(value) not in (None, "")]
    return sorted(numbered, key=lambda pair: -pair[1])[:limit]


def grouped(number, locale):
    return str(icu.NumberFormatter.withLocale(icu.Locale(locale)).formatInt(number))


@pytest.mark.parametrize("language", ["", "de", "ar"])
def test_each_continent_charts_its_most_populous_countries(site, language):
    folder = site / language if language else site
    locale = language or "en"
    continents = sorted({c["continent"] for c in COUNTRIES})
    for continent in continents:
        page = (folder / "continents" / f"{continent.lower().replace(' ', '-')}.html").read_text(encoding="utf-8")
        expected = largest([c for c in COUNTRIES if c["continent"] == continent], "population")
        rows = chart_table(page)
        assert [value for _, value in rows] == [grouped(n, locale) for _, n in expected], continent
        if not language:
            # Equal populations may come in either order of names: the titles as a set of each value.
            assert sorted(title for title, _ in rows) == sorted(c["name"] for c, _ in expected), continent


def test_each_country_charts_its_largest_cities(site):
    with open(ROOT / "Content/cities.tsv", encoding="utf-8", newline="") as file:
        cities = list(csv.DictReader(file, delimiter="\t", quoting=csv.QUOTE_NONE))
    by_country = {}
    for city in cities:
        by_country.setdefault(city["country"], []).append(city)
    checked = 0
    for country in COUNTRIES:
        page = (site / "countries" / f"{country['code'].lower()}.html").read_text(encoding="utf-8")
        expected = largest(by_country.get(country["code"], []), "population")
        if not expected:
            assert 'class="chart"' not in page, country["code"]
            continue
        rows = chart_table(page)
        assert [value for _, value in rows] == [grouped(n, "en") for _, n in expected], country["code"]
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("page,right_to_left", [("continents/asia.html", False), ("countries/in.html", False),
                                                ("ar/continents/asia.html", True)])
def test_the_bars_are_drawn_to_scale(browser, base, page, right_to_left):
    browser.set_window_size(1000, 1200)
    browser.get(base + page)
    bars = browser.execute_script("""
        return [...document.querySelectorAll('.chart svg rect')].map(r => {
            const b = r.getBoundingClientRect(); return [b.left, b.right, b.width]; });""")
    values = browser.execute_script("""
        return [...document.querySelectorAll('.chart-data td')].map(td => td.textContent);""")
    assert len(bars) == len(values) >= 5
    numbers = [icu.NumberFormat.createInstance(icu.Locale("ar" if right_to_left else "en")).parse(v).getDouble()
               for v in values]
    # Every bar's length is its value's share of the largest's, within a pixel.
    for (left, right, width), number in zip(bars, numbers):
        assert abs(width - bars[0][2] * number / numbers[0]) <= 1, (page, number)
    # They start at one edge: the left, or in Arabic the right.
    edges = [right if right_to_left else left for left, right, _ in bars]
    assert max(edges) - min(edges) <= 0.5
    others = [left if right_to_left else right for left, right, _ in bars]
    assert all((other < edge) if right_to_left else (other > edge) for other, edge in zip(others, edges))


DENSITY = {"": "Density", "de": "Bevölkerungsdichte", "fr": "Densité", "sv": "Befolkningstäthet",
           "ru": "Плотность населения", "ja": "人口密度", "ar": "الكثافة السكانية"}


@pytest.mark.parametrize("language", list(DENSITY))
def test_a_computed_density_is_population_over_area_as_pyicu_writes_it(site, language):
    """The countries' computed `density` (population / area_km2, one digit, `/km²`), in every shipped
    language, against the division done here and PyICU's decimal format; empty where the area is none."""
    folder = site / language if language else site
    formatter = icu.NumberFormatter.forSkeleton(".#").locale(icu.Locale(language or "en"))
    checked = 0
    for country in COUNTRIES:
        page = (folder / "countries" / f"{country['code'].lower()}.html").read_text(encoding="utf-8")
        cell = re.search(rf'<th scope="row">{re.escape(DENSITY[language])}</th><td>(.*?)</td>', page)
        area = country.get("area_km2")
        if not area or country.get("population") is None:
            assert cell is None or "/km²" not in cell.group(1), country["code"]
            continue
        expected = str(formatter.formatDouble(country["population"] / area)) + " /km²"
        assert html.unescape(cell.group(1)) == expected, (language, country["code"])
        checked += 1
    assert checked > 200
