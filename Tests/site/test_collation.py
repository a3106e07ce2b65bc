"""The index's order and sections against PyICU (Debian's python3-icu), an independent binding of ICU: for
each shown locale, a site of titles in many scripts is sorted by ICU's collator for the locale and sectioned
by its AlphabeticIndex, labels and all; and the shipped cities' English index is ICU's order, page by page."""
import html
import json
import random
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
import yaml

from conftest import FULL, ROOT, worldfacts_bin
from sitecheck import nu_validator

# PyICU: Debian's python3-icu, which Tests/tools/install-deps links into .venv. A machine without it fails
# here rather than skipping the oracle.
import icu

LOCALES = ["en", "de", "sv", "es", "tr", "ru", "el", "ja", "ar"]
# Letters each locale orders its own way, and titles of other scripts, digits, punctuation and marks.
TITLES = [
    "Zürich", "Åland", "Ærø", "Ärla", "Örebro", "Oslo", "Aachen", "Ångström", "Ñuñoa", "Nuevo", "Ciudad",
    "Chicago", "Çorum", "Ceuta", "İzmir", "Iğdır", "Istanbul", "ısparta", "Ştip", "Sacramento", "Llanes",
    "Lima", "Москва", "Йошкар-Ола", "Ёлки", "Екатеринбург", "Αθήνα", "Ωρωπός", "Ηράκλειο", "ἄλφα",
    "とうきょう", "トウキョウ", "ｶﾅｻﾞﾜ", "かなざわ", "さっぽろ", "東京", "大阪", "القاهرة", "الْقَاهِرَة", "بغداد",
    "1984", "'s-Hertogenbosch", "’Ākra", "Qā’em Shahr", "Qazvin", "Qing’an", "Qingzhou", "😀 Smile", "e\u0301cole",
    "école", "Ecole", "ecole", "Ωmega", "ß", "ss", "Straße", "Strasse",
]


def icu_index(locale: str, titles, numeric=False):
    """(label, keys in order) per non-empty section, as ICU orders and sections `titles` (keys k0, k1, …);
    with `numeric`, ICU's numeric collation."""
    collator = icu.Collator.createInstance(icu.Locale(locale))
    if numeric:
        collator.setAttribute(icu.UCollAttribute.NUMERIC_COLLATION, icu.UCollAttributeValue.ON)
    index = icu.AlphabeticIndex(icu.Locale(locale)).buildImmutableIndex()
    keyed = [(index.getBucketIndex(title), collator.getSortKey(title), f"k{n}") for n, title in enumerate(titles)]
    sections = []
    for bucket, _, key in sorted(keyed):
        label = index.getBucket(bucket)[0]
        if not sections or sections[-1][0] != bucket:
            sections.append((bucket, label, []))
        sections[-1][2].append(key)
    return [(label, keys) for _, label, keys in sections]


def built_index(locale: str, titles, check=None, numeric=False):
    """(label, keys in order) per section of the index page of a one-collection site of `titles`; `check`, if
    given, is called with the output folder first; `numeric` sets `collation: { numeric: true }`."""
    with tempfile.TemporaryDirectory(prefix="worldfacts-collation-") as folder:
        content, out = Path(folder) / "Content", Path(folder) / "Output"
        content.mkdir()
        (content / "site.yml").write_text(
            f"title: Collation\nlocale: {locale}\nrecords: {{ file: records.json, key: id, title: name, pages: things }}\n"
            "fields:\n  - { id: id, label: Key, format: text }\n"
            + ("collation: { numeric: true }\n" if numeric else ""), encoding="utf-8")
        (content / "records.json").write_text(
            json.dumps([{"id": f"k{n}", "name": title} for n, title in enumerate(titles)]), encoding="utf-8")
        subprocess.run([worldfacts_bin(), "build", "--content", str(content), "--templates", str(ROOT / "Templates"),
                        "--output", str(out), "--quiet"], check=True)
        if check:
            check(out)
        page = (out / "index.html").read_text(encoding="utf-8")
    return sections_of(page)


def sections_of(page: str):
    parts = re.split(r'<h2 id="section-([A-Za-z0-9]+)" class="section-header">([^<]*)</h2>', page)[1:]
    sections = []
    for anchor, label, rows in zip(parts[0::3], parts[1::3], parts[2::3]):
        assert re.fullmatch(r"[A-Za-z]+|\d+", anchor), anchor
        sections.append((html.unescape(label), re.findall(r'<li><a href="[^"]*things/(k\d+)\.html"', rows)))
    return sections


@pytest.mark.parametrize("locale", LOCALES)
def test_each_locale_orders_and_sections_as_icu_does(locale):
    assert built_index(locale, TITLES) == icu_index(locale, TITLES)


def numbered_titles(seed: int):
    """Seeded titles with numbers in them: element codes, periods, versions, and digits of other scripts."""
    rng = random.Random(seed)
    stems = ["C-", "Period ", "Block ", "v", "Route ", "Élément ", "Москва-", "Ω", ""]
    titles = []
    for _ in range(60):
        number = rng.choice([rng.randint(0, 12), rng.randint(0, 2000), rng.randint(0, 10**9)])
        digits = str(number) if rng.random() < 0.9 else "٠١٢٣٤٥٦٧٨٩"[number % 10] * 2
        titles.append(rng.choice(stems) + digits + rng.choice(["", "", "a", ".5", " North"]))
    return titles


@pytest.mark.parametrize("locale,seed", [("en", 1), ("de", 2), ("sv", 3), ("ja", 4), ("ar", 5)])
def test_the_numeric_collation_orders_as_icus_does(locale, seed):
    titles = numbered_titles(seed) + TITLES
    numeric = built_index(locale, titles, numeric=True)
    assert numeric == icu_index(locale, titles, numeric=True)
    # It is off by default, and then digits compare one by one: C-10 before C-8.
    assert built_index(locale, ["C-8", "C-10"]) == icu_index(locale, ["C-8", "C-10"])
    def order(sections):
        return [key for _, keys in sections for key in keys]
    assert order(built_index(locale, ["C-8", "C-10"], numeric=True)) == ["k0", "k1"]
    assert order(built_index(locale, ["C-8", "C-10"])) == ["k1", "k0"]


def test_locales_differ_where_their_alphabets_do():
    sections = {locale: dict((label, keys) for label, keys in icu_index(locale, TITLES)) for locale in LOCALES}
    key = {title: f"k{n}" for n, title in enumerate(TITLES)}
    assert key["Åland"] in sections["sv"]["Å"] and key["Åland"] in sections["en"]["A"]
    assert key["Ñuñoa"] in sections["es"]["Ñ"] and key["Ñuñoa"] in sections["en"]["N"]
    assert key["Москва"] in sections["ru"]["М"]
    assert key["とうきょう"] in sections["ja"]["た"] and key["かなざわ"] in sections["ja"]["か"]
    assert key["Αθήνα"] in sections["el"]["Α"] and key["بغداد"] in sections["ar"]["ب"]


def test_the_shipped_cities_are_in_icus_english_order(site):
    """Every city of the shipped site (a sample of 3,000 in make test), page after page of the split index,
    in ICU's English order and sections: "Qā’em Shahr" before "Qazvin", "Qing’an" before "Qingzhou"."""
    index = (site / "cities/index.html").read_text(encoding="utf-8")
    titles, labels = [], []
    # The index links every page of each section, in order.
    for page in re.findall(r'<p class="section-link"><a href="(?:\.\./cities/)?(sections/[^"#]+)#section-', index):
        text = (site / "cities" / page).read_text(encoding="utf-8")
        body = text[text.index('<div id="index"'):]
        for label, rows in zip(*[iter(re.split(r'<h2 id="section-[A-Za-z0-9]+" class="section-header">([^<]*)</h2>', body)[1:])] * 2):
            for title in re.findall(r'<span class="title">([^<]*)</span>', rows):
                titles.append(html.unescape(title))
                labels.append(html.unescape(label))
    assert len(titles) == 34_006
    collator = icu.Collator.createInstance(icu.Locale("en"))
    index = icu.AlphabeticIndex(icu.Locale("en")).buildImmutableIndex()
    sample = range(len(titles)) if FULL else range(0, len(titles), len(titles) // 3000)
    keys = [(index.getBucketIndex(titles[n]), collator.getSortKey(titles[n])) for n in sample]
    assert keys == sorted(keys), "pages list the cities in ICU's order"
    assert all(index.getBucket(index.getBucketIndex(titles[n]))[0] == labels[n] for n in sample)
    for first, then in [("Qā’em Shahr", "Qazvin"), ("Qing’an", "Qingzhou"), ("Qo‘qon", "Qoryooley")]:
        assert titles.index(first) < titles.index(then)


def test_codes_show_by_name_as_icu_names_them(site):
    """The shipped countries' languages and currencies by name: as site.yml's `names:` gives them, else as
    PyICU names them in English."""
    countries = json.loads((ROOT / "Content/countries.json").read_text(encoding="utf-8"))
    config = yaml.safe_load((ROOT / "Content/site.yml").read_text(encoding="utf-8"))
    fields = {field["id"]: field for field in config["collections"][0]["fields"]}
    given = {str(code): name for code, name in fields["languages"].get("names", {}).items()}
    english = icu.Locale("en")
    shown = 0
    for country in countries:
        page = html.unescape((site / "countries" / f"{country['code'].lower()}.html").read_text(encoding="utf-8"))
        cells = dict(re.findall(r'<th scope="row">([^<]+)</th><td>(.*?)</td>', page))
        names = []
        for code in country.get("languages") or []:
            locale = icu.Locale.forLanguageTag(code)
            name = locale.getDisplayName(english)
            known = locale.getLanguage() != locale.getDisplayLanguage(english) and (
                not locale.getCountry() or locale.getCountry() != locale.getDisplayCountry(english))
            names.append(given.get(code) or (name if known else code))
        if names:
            assert re.sub(r"<[^>]+>", "", cells["Languages"]) == ", ".join(names), country["code"]
            shown += 1
    assert shown > 200
    switzerland = html.unescape((site / "countries/ch.html").read_text(encoding="utf-8"))
    assert "German (Switzerland), French (Switzerland), Italian (Switzerland), Romansh" in switzerland
    assert "<td>Swiss Franc</td>" in switzerland


NUMBER_LOCALES = ["en", "de", "de-CH", "fr", "es", "hi", "ar", "ja", "sv", "tr", "ru", "el"]


def test_numbers_and_dates_as_icu_writes_them():
    """Integers, decimals (at most 2 digits, half to even) and dates on record pages, in 12 locales, each
    as PyICU's NumberFormatter and medium DateFormat write it."""
    numbers = [0, 7, 1234, 12345, 1234567, -98765, 10**15]
    decimals = [0.125, 1234.5, 0.005, 99999.995, -3.14159, 468.0]
    days = ["2024-03-07", "1066-10-14", "2000-02-29", "9999-12-31"]
    records = [{"id": f"r{n}", "name": f"R{n}", "count": numbers[n % len(numbers)],
                "size": decimals[n % len(decimals)], "day": days[n % len(days)]} for n in range(8)]
    for locale in NUMBER_LOCALES:
        with tempfile.TemporaryDirectory(prefix="worldfacts-numbers-") as folder:
            content, out = Path(folder) / "Content", Path(folder) / "Output"
            content.mkdir()
            (content / "site.yml").write_text(
                f"title: Numbers\nlocale: {locale}\nrecords: {{ file: records.json, key: id, title: name, pages: things }}\n"
                "fields:\n  - { id: count, label: Count, format: integer }\n"
                "  - { id: size, label: Size, format: decimal, digits: 2 }\n  - { id: day, label: Day, format: date }\n",
                encoding="utf-8")
            (content / "records.json").write_text(json.dumps(records), encoding="utf-8")
            subprocess.run([worldfacts_bin(), "build", "--content", str(content), "--templates",
                            str(ROOT / "Templates"), "--output", str(out), "--quiet"], check=True)
            whole = icu.NumberFormatter.forSkeleton("precision-integer").locale(icu.Locale.forLanguageTag(locale))
            fraction = icu.NumberFormatter.forSkeleton(".##").locale(icu.Locale.forLanguageTag(locale))
            dates = icu.DateFormat.createDateInstance(icu.DateFormat.kMedium, icu.Locale.forLanguageTag(locale))
            dates.setTimeZone(icu.TimeZone.getGMT())
            # The proleptic Gregorian calendar, as the generator's: no Julian days before 1582.
            calendar = icu.GregorianCalendar(icu.TimeZone.getGMT())
            calendar.setGregorianChange(-8.64e15)
            dates.setCalendar(calendar)
            calendar = dates.getCalendar()
            for record in records:
                page = html.unescape((out / "things" / f"{record['id']}.html").read_text(encoding="utf-8"))
                cells = dict(re.findall(r'<th scope="row">([^<]+)</th><td>(.*?)</td>', page))
                year, month, day = map(int, record["day"].split("-"))
                calendar.clear()
                calendar.set(year, month - 1, day)
                expected = {"Count": whole.formatDouble(float(record["count"])), "Size": fraction.formatDouble(record["size"]),
                            "Day": dates.format(calendar.getTime())}
                assert {label: cells[label] for label in expected} == expected, (locale, record)


@pytest.mark.parametrize("locale,lang,direction", [("ar", "ar", "rtl"), ("de_CH", "de-CH", "ltr"), ("fa-IR", "fa-IR", "rtl")])
def test_pages_carry_the_locales_language_and_direction(locale, lang, direction):
    """`<html lang dir>` from the locale: a BCP 47 tag whichever form site.yml uses, and right to left for a
    script written so; the pages stay valid HTML (the Nu checker)."""
    def check(out):
        pages = [out / "index.html", out / "404.html", out / "things/k0.html"]
        for page in pages:
            assert f'<html lang="{lang}" dir="{direction}">' in page.read_text(encoding="utf-8"), page
        result = nu_validator(*pages)
        assert result.returncode == 0, result.stdout + result.stderr
    built_index(locale, TITLES[:10], check)
