"""The shipped countries and cities each have a record layout of their own (`Content/templates/`): key facts
above the table, taken from the data itself (an independent reading of countries.json and cities.tsv), in
every language; every other page is the built-in templates'."""
import csv
import html
import json
import re

from conftest import ROOT

KEY_FACTS = re.compile(r'<dl class="key-facts">\n(.*?)</dl>', re.S)
FACT = re.compile(r"<div><dt>([^<]*)</dt><dd>(.*?)</dd></div>")


def key_facts(page: str):
    block = KEY_FACTS.search(page)
    assert block, "no key facts"
    return [(html.unescape(label), html.unescape(re.sub(r"<[^>]+>", "", value))) for label, value in
            FACT.findall(block.group(1))]


def grouped(number: int) -> str:
    return f"{number:,}"


def test_a_country_page_leads_with_its_key_facts(site):
    countries = json.loads((ROOT / "Content" / "countries.json").read_text(encoding="utf-8"))
    cities = {row["geonameid"]: row for row in
              csv.DictReader((ROOT / "Content" / "cities.tsv").open(encoding="utf-8"), delimiter="\t")}
    checked = 0
    for country in countries:
        page = (site / "countries" / f"{country['code'].lower()}.html").read_text(encoding="utf-8")
        facts = dict(key_facts(page))
        capital = cities.get(str(country.get("capital_city", "")), {}).get("name") or country.get("capital")
        assert facts.get("Capital") == (capital or None), country["code"]
        if country.get("population") is not None:
            assert facts["Population"] == grouped(country["population"]), country["code"]
        assert facts.get("Continent") == country.get("continent"), country["code"]
        # Above the table of every fact.
        assert page.index('<dl class="key-facts">') < page.index('<table class="facts">')
        checked += 1
    assert checked == len(countries) > 200


def test_a_city_page_leads_with_its_country_and_population(site):
    rows = list(csv.DictReader((ROOT / "Content" / "cities.tsv").open(encoding="utf-8"), delimiter="\t"))
    names = {country["code"]: country["name"] for country in
             json.loads((ROOT / "Content" / "countries.json").read_text(encoding="utf-8"))}
    for row in rows[:: max(1, len(rows) // 300)]:
        page = (site / "cities" / f"{row['geonameid']}.html").read_text(encoding="utf-8")
        facts = key_facts(page)
        assert [label for label, _ in facts][:2] == ["Country", "Population"], row["geonameid"]
        assert facts[0][1] == names.get(row["country"], row["country"])
        assert facts[1][1] == grouped(int(row["population"]))


def test_another_language_has_the_layout_in_its_words(site):
    page = (site / "sv" / "countries" / "is.html").read_text(encoding="utf-8")
    facts = key_facts(page)
    assert [label for label, _ in facts] == ["Huvudstad", "Folkmängd", "Yta", "Världsdel"]
    assert facts[3][1] == "Europa" and '<a href="../../sv/continents/europe.html">' in page


def test_other_pages_have_no_key_facts(site):
    for page in ["index.html", "countries/index.html", "continents/europe.html", "cities/index.html"]:
        assert "key-facts" not in (site / page).read_text(encoding="utf-8")
