"""The shipped site in seven languages: each language's pages in its folder, its titles from the committed
iso-codes translations, its index ordered and sectioned as PyICU's collator and AlphabeticIndex do for
its locale, hreflang alternates that point at each other, one search scope shared rather than copied, and
in Chromium a search in each language (over HTTP and from disk) against a model, a language switcher that
stays on the record, Arabic laid out right to left, and no axe violation."""
import csv
import html
import json
import re
import subprocess
from pathlib import Path

import icu
import pytest
import yaml
from selenium.webdriver.common.by import By

from conftest import FULL, ROOT, worldfacts_bin
from searchmodel import fold, word_starts
from sitecheck import nu_validator
from test_axe import axe_source, violations  # noqa: F401
from test_search_browser import browser, serve_folder, wait_for  # noqa: F401

CONTENT = ROOT / "Content"
SITE = yaml.safe_load((CONTENT / "site.yml").read_text(encoding="utf-8"))
LANGUAGES = {language["id"]: language["locale"] for language in SITE["languages"]}
OTHERS = [id for id in LANGUAGES if id != "en"]
COUNTRIES = json.loads((CONTENT / "countries.json").read_text(encoding="utf-8"))
TAGS = {"en", "de", "fr", "sv", "ru", "ja", "ar", "x-default"}


def region_name(code, language):
    """CLDR's name of a current ISO 3166-1 code in `language`, by PyICU (`key_format: region`); None for a
    code off ICU's list (a withdrawn one, which ICU would name as its successor)."""
    if code not in icu.Locale.getISOCountries():
        return None
    name = icu.Locale("und_" + code).getDisplayCountry(icu.Locale(language))
    return None if name == code else name


def titles(language):
    """Each country's title in `language`: its translation, else CLDR's name of its code, else its English
    name."""
    if language == "en":
        return {country["code"]: country["name"] for country in COUNTRIES}
    with open(CONTENT / f"translations/countries.{language}.tsv", encoding="utf-8", newline="") as file:
        translated = {row["key"]: row["title"] for row in csv.DictReader(file, delimiter="\t")}
    return {country["code"]: translated.get(country["code"]) or region_name(country["code"], language)
            or country["name"] for country in COUNTRIES}


def folder(language):
    return "" if language == "en" else language + "/"


@pytest.fixture(scope="module")
def server(site):
    yield from serve_folder(site)


def test_each_language_has_its_pages_and_shares_the_cities(site):
    for language in OTHERS:
        for page in ["index.html", "countries/index.html", "countries/ch.html", "countries/cities/ch.html",
                     "continents/index.html", "continents/europe.html", "search/entry.js"]:
            assert (site / language / page).exists(), f"{language}/{page}"
        # The cities have pages in English only: no copy of their pages, group or search shards.
        for shared in ["cities", "cities-by-continent", "search/city"]:
            assert not (site / language / shared).exists(), f"{language}/{shared}"
    english = manifest(site, "")["scopes"]["city"]
    for language in OTHERS:
        city = manifest(site, language + "/")["scopes"]["city"]
        assert city.pop("o") == "search/"
        assert city == english, "a shared scope names the default's shards"
    # Those shards are there.
    assert all((site / "search/city" / f"{name}.js").exists() for name in english["k"].values())
    # `_headers` marks each language's hashed search folders immutable, and names no folder that is not there.
    rules = [line for line in (site / "_headers").read_text().splitlines() if line.startswith("/") and "/search/" in line]
    assert "/sv/search/name/*" in rules and "/search/city/*" in rules
    for rule in rules:
        assert (site / rule.strip("/*")).exists(), rule


def manifest(site, language_folder):
    entry = read_script(site / language_folder / "search/entry.js")
    return read_script(site / language_folder / "search" / (entry["manifest"] + ".js"))


def read_script(path):
    text = path.read_text(encoding="utf-8")
    return json.loads(text[text.index(",") + 1:text.rindex(")")])


def test_titles_labels_and_notes_are_the_languages(site):
    swedish = (site / "sv/countries/se.html").read_text(encoding="utf-8")
    assert "<h1>Sverige</h1>" in swedish and '<html lang="sv" dir="ltr">' in swedish
    assert ">Huvudstad</th>" in swedish and "Världsfakta" in swedish
    # Its note is the English one, marked, with its language.
    assert '<p class="note-fallback">' not in swedish  # Sweden has no note
    german_note = (site / "de/countries/ch.html").read_text(encoding="utf-8")
    assert "Vier Landessprachen" in german_note and "note-fallback" not in german_note
    fallback = (site / "sv/countries/de.html").read_text(encoding="utf-8")
    assert '<p class="note-fallback">Den här anteckningen är inte översatt än.</p>' in fallback
    assert '<article class="note" lang="en">' in fallback
    # The continents' translation table, with the default's page names.
    assert "<h1>Europa</h1>" in (site / "sv/continents/europe.html").read_text(encoding="utf-8")
    arabic = (site / "ar/countries/eg.html").read_text(encoding="utf-8")
    assert '<html lang="ar" dir="rtl">' in arabic and "<h1>مصر</h1>" in arabic
    # Numbers in the language's own digits and separators.
    assert re.search("<td>[٠-٩]+٬[٠-٩]{3}٬[٠-٩]{3}</td>", arabic)
    # A link to a city leads to its English page.
    assert 'href="../../cities/2673730.html" hreflang="en"' in swedish


# The built-in forms of a count of records, by CLDR plural category; PyICU's rules choose among them.
RECORDS = {"ru": {"one": "запись", "few": "записи", "many": "записей", "other": "записи"},
           "ar": {"zero": "سجل", "few": "سجلات", "many": "سجلًا", "other": "سجل"},
           "en": {"one": "record", "other": "records"}}


def test_counts_take_the_form_of_their_plural_category(site):
    for language, forms in RECORDS.items():
        home = (site / folder(language) / "index.html").read_text(encoding="utf-8")
        rules = icu.PluralRules.forLocale(icu.Locale(language))
        for count in [len(COUNTRIES), 34006]:
            shown = icu.NumberFormat.createInstance(icu.Locale(language)).format(count)
            assert f'<span class="detail">{shown} {forms[rules.select(count)]}</span>' in home, (language, count)


ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">')


def test_hreflang_alternates_point_at_each_other(site):
    pages = ["index.html", "countries/index.html", "continents/index.html", "continents/asia.html"]
    pages += [f"countries/{country['code'].lower()}.html" for country in COUNTRIES][:: 1 if FULL else 9]
    for page in pages:
        versions = {}
        for language in LANGUAGES:
            path = site / folder(language) / page
            found = dict(ALTERNATE.findall(path.read_text(encoding="utf-8")))
            assert set(found) == TAGS, f"{path}: {sorted(found)}"
            resolved = {tag: (path.parent / href).resolve() for tag, href in found.items()}
            assert resolved[language] == path.resolve(), f"{path} names itself"
            assert resolved["x-default"] == (site / page).resolve()
            assert all(target.exists() for target in resolved.values())
            versions[language] = resolved
        # Every version lists the same versions.
        assert all(found == versions["en"] for found in versions.values()), page


def test_a_section_page_and_a_city_page_have_no_alternates_but_a_switcher(site):
    city = (site / "cities/2657896.html").read_text(encoding="utf-8")
    assert not ALTERNATE.search(city)
    switcher = re.search(r'<nav class="languages"[^>]*>(.*?)</nav>', city).group(1)
    assert re.findall(r'href="([^"]+)"', switcher) == [f"../{folder(id)}index.html" for id in LANGUAGES]
    not_found = (site / "404.html").read_text(encoding="utf-8")
    assert re.findall(r'<a href="([^"]+)" hreflang', not_found) == [f"{folder(id)}index.html" for id in LANGUAGES]


def icu_sections(locale, keyed_titles):
    """(label, keys in order) per section, as PyICU orders and sections the titles of `keyed_titles`."""
    collator = icu.Collator.createInstance(icu.Locale(locale))
    index = icu.AlphabeticIndex(icu.Locale(locale)).buildImmutableIndex()
    ordered = sorted((index.getBucketIndex(t), collator.getSortKey(t), k) for k, t in keyed_titles.items())
    sections = []
    for bucket, _, key in ordered:
        if not sections or sections[-1][0] != bucket:
            sections.append((bucket, index.getBucket(bucket)[0], []))
        sections[-1][2].append(key)
    return [(label, keys) for _, label, keys in sections]


def page_sections(page):
    parts = re.split(r'<h2 id="section-[A-Za-z0-9]+" class="section-header">([^<]*)</h2>', page)[1:]
    return [(html.unescape(label), [key.upper() for key in re.findall(r'<li><a href="[^"]*/([a-z]+)\.html"', rows)])
            for label, rows in zip(parts[0::2], parts[1::2])]


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_each_languages_index_is_ordered_and_sectioned_as_icu_does(site, language):
    page = (site / folder(language) / "countries/index.html").read_text(encoding="utf-8")
    assert page_sections(page) == icu_sections(LANGUAGES[language], titles(language))


def test_the_languages_differ_where_their_alphabets_do(site):
    labels = {language: [label for label, _ in page_sections(
        (site / folder(language) / "countries/index.html").read_text(encoding="utf-8"))] for language in LANGUAGES}
    # No country's Swedish name starts with Ä: Å and Ö after Z.
    assert labels["sv"][-3:] == ["Z", "Å", "Ö"] and "Å" not in labels["en"]
    assert "あ" in labels["ja"] and "か" in labels["ja"]
    assert "Ш" in labels["ru"] and "ا" in labels["ar"]


def test_the_other_languages_pages_are_valid_html(site):
    pages = [site / folder(language) / page for language in OTHERS
             for page in ["index.html", "countries/index.html", "countries/ch.html", "countries/cities/ch.html",
                          "continents/index.html", "continents/europe.html"]]
    result = nu_validator(*pages)
    assert result.returncode == 0, result.stdout + result.stderr


def test_missing_translations_are_listed(site):
    # Built as the session's site was (the built-in templates and the content's own), so the build is a
    # no-op and every later test of the session reads the same site.
    listed = subprocess.run(
        [worldfacts_bin(), "build", "--content", str(CONTENT),
         "--output", str(site), "--quiet", "--print-missing-translations"],
        check=True, capture_output=True, text=True).stdout.splitlines()
    # Every country has a title in every language: from iso-codes, else CLDR's for its code (Kosovo).
    assert not [line for line in listed if ": title of " in line]
    # The notes are declared English (`note_languages: default`): listed, though not warned about.
    assert "de: countries: note 'CH'" not in listed and "sv: countries: note 'DE'" in listed


# Queries typed in each language's box, over its titles: a word start of a title, folded (case, marks).
QUERIES = {"en": "swe", "de": "schw", "fr": "su", "sv": "sver", "ru": "шве", "ja": "スイ", "ar": "السو"}


def expected(language, query):
    q = fold(query)
    aliases = {country["code"]: country.get("aliases") or [] for country in COUNTRIES}
    return {f"countries/{code.lower()}.html" for code, title in titles(language).items()
            if any(any(fold(text).startswith(q, i) for i in word_starts(fold(text)))
                   for text in [title] + aliases[code])}


@pytest.mark.parametrize("how", ["http", "file"])
def test_a_search_in_each_language_finds_its_titles(browser, server, site, how):
    if how == "file" and not FULL:
        pytest.skip("from file:// in make test-full; make test searches Arabic from disk below")
    base = server if how == "http" else site.as_uri() + "/"
    for language in LANGUAGES:
        found = search(browser, base, folder(language) + "countries/index.html", "name", QUERIES[language])
        want = {folder(language) + path for path in expected(language, QUERIES[language])}
        assert want and found == want, language


def search(browser, base, page, scope, query):
    """The pages of the results of `query` in `scope`, typed on `page`, from the site's root."""
    browser.get(base + page)
    wait_for(browser, lambda: browser.execute_script("return !!window.WorldFactsSearch"), "search.js loads")
    browser.find_element(By.CSS_SELECTOR, f"input[name=scope][value='{scope}']").click()
    browser.find_element(By.ID, "search").send_keys(query)
    wait_for(browser, lambda: browser.execute_script(
        "return document.querySelectorAll('#results li a').length > 0 || !document.getElementById('no-results').hidden"),
        f"results for {query!r}")
    hrefs = browser.execute_script("return [...document.querySelectorAll('#results li a')].map(a => a.href)")
    assert all(href.startswith(base) for href in hrefs), hrefs
    return {href[len(base):] for href in hrefs}


def test_the_result_count_takes_its_plural_form(browser, server, site):
    """The script counts its results in the form PyICU's plural rules choose, from the manifest's forms, which
    give one for every CLDR category (those the locale lacks being its "other")."""
    for language in ["en", "ru", "ar", "ja"]:
        count = manifest(site, folder(language))["count"]
        found = search(browser, server, folder(language) + "countries/index.html", "name", QUERIES[language])
        n = len(found)
        shown = browser.find_element(By.ID, "result-count").get_attribute("textContent")
        if language == "ja":
            assert count == "{count}件" and shown == f"{n}件"
            continue
        assert sorted(count) == sorted(["zero", "one", "two", "few", "many", "other"]), language
        category = icu.PluralRules.forLocale(icu.Locale(language)).select(n)
        assert shown == count[category].replace("{count}", str(n)), (language, n, shown)
    assert manifest(site, "ru/")["count"]["few"] == "{count} результата"


def test_a_shared_scope_searches_the_default_shards_from_disk(browser, site):
    # From disk, where each shard is loaded as a script: the Arabic page's city search reads search/city/.
    browser.get(site.as_uri() + "/ar/countries/index.html")
    wait_for(browser, lambda: browser.execute_script("return !!window.WorldFactsSearch"), "search.js loads")
    browser.find_element(By.CSS_SELECTOR, "input[name=scope][value='city']").click()
    browser.find_element(By.ID, "search").send_keys("zürich")
    wait_for(browser, lambda: browser.execute_script(
        "return [...document.querySelectorAll('#results li a')].some(a => a.href.endsWith('/cities/2657896.html'))"),
        "Zürich's English page is found from the Arabic index")
    # And in Arabic, from disk, its own titles.
    found = search(browser, site.as_uri() + "/", "ar/countries/index.html", "name", QUERIES["ar"])
    assert found == {"ar/" + path for path in expected("ar", QUERIES["ar"])}


def test_the_switcher_stays_on_the_record(browser, server):
    browser.get(server + "countries/se.html")
    for language, title in [("sv", "Sverige"), ("ja", "スウェーデン"), ("ar", "السّويد"), ("en", "Sweden")]:
        browser.find_element(By.CSS_SELECTOR, f"nav.languages a[hreflang='{language}']").click()
        wait_for(browser, lambda: browser.find_element(By.TAG_NAME, "h1").text == title, f"{language}: {title}")
        assert browser.current_url == server + folder(language) + "countries/se.html"


def test_arabic_pages_lay_out_right_to_left(browser, server):
    browser.get(server + "ar/countries/index.html")
    assert browser.execute_script("return getComputedStyle(document.body).direction") == "rtl"
    width = browser.execute_script("return document.documentElement.clientWidth")
    strip = browser.find_element(By.ID, "section-index").rect
    heading = browser.find_element(By.TAG_NAME, "h1").rect
    # The section strip sits at the end edge (the left), the heading starts at the right.
    assert strip["x"] + strip["width"] < width / 2 < heading["x"] + heading["width"]
    browser.get(server + "countries/index.html")
    assert browser.execute_script("return getComputedStyle(document.body).direction") == "ltr"
    assert browser.find_element(By.ID, "section-index").rect["x"] > width / 2
    # The arrows point back and on in the reading direction: the stylesheet turns them round in Arabic.
    arrows = ("return [['.crumbs a', '::before'], ['.pager a[rel=prev]', '::before'], ['.pager a[rel=next]', '::after']]"
              ".map(([s, p]) => getComputedStyle(document.querySelector(s), p).content)")
    browser.get(server + "ar/countries/ch.html")
    assert browser.execute_script(arrows) == ['"→ "', '"→ "', '" ←"']
    browser.get(server + "countries/ch.html")
    assert browser.execute_script(arrows) == ['"← "', '"← "', '" →"']


@pytest.mark.parametrize("language", LANGUAGES if FULL else ["sv", "ja", "ar"])
def test_each_languages_pages_have_no_axe_violation(browser, server, axe_source, language):  # noqa: F811
    for page in ["index.html", "countries/index.html", "countries/ch.html"]:
        browser.get(server + folder(language) + page)
        assert violations(browser, axe_source) == [], f"{language}/{page}"
