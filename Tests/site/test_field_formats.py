"""The `boolean`, `percentage` and `timezone` field formats on built pages, in every shipped language: a percentage as
PyICU's number formatter writes it with the `percent` skeleton (the number as it is, at most the field's
digits), a yes or no as the language's built-in words or the site's own (a value that is neither an
error at its record's line), a time zone as PyICU names it with its offset at the start of today."""

import html
import json
import random
import re
import time
import subprocess
import tempfile
from pathlib import Path

import icu
import pytest

from conftest import worldfacts_bin

LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "sv": "Svenska", "ru": "Русский", "ja": "日本語",
             "ar": "العربية"}
# The built-in words for a yes and a no, as a reader of each language expects them; Swedish's the site's own.
WORDS = {"en": ("Yes", "No"), "de": ("Ja", "Nein"), "fr": ("Oui", "Non"), "sv": ("Absolut", "Nej då"),
         "ru": ("Да", "Нет"), "ja": ("はい", "いいえ"), "ar": ("نعم", "لا")}
TRUE_WORDS, FALSE_WORDS = ["true", "yes", "1"], ["false", "no", "0"]


def site_yml(digits, file="records.json"):
    languages = "\n".join(f"  - {{ id: {code}, locale: {code}, label: {label} }}" for code, label in LANGUAGES.items())
    return f"""title: Formats
languages:
{languages}
records: {{ file: {file}, key: id, title: name, pages: things }}
fields:
  - {{ id: share, label: Share, format: percentage, digits: {digits} }}
  - {{ id: open, label: Open, format: boolean }}
"""


def records(seed, count=60):
    """Seeded records: percentages of every size and sign, a yes or no in JSON's and the words' forms."""
    rng = random.Random(seed)
    made = []
    for number in range(count):
        share = rng.choice([rng.uniform(-100, 100), rng.uniform(0, 1), rng.uniform(0, 1e6), rng.randint(0, 100)])
        truth = rng.random() < 0.5
        written = rng.choice([truth, *(TRUE_WORDS if truth else FALSE_WORDS)])
        if isinstance(written, str):
            written = rng.choice([written, written.upper(), f" {written.capitalize()} "])
        made.append({"id": f"r{number}", "name": f"Record {number}", "share": share, "open": written,
                     "_truth": truth})
    return made


def facts(page: Path):
    """The facts table of a record page: label → the text of its value."""
    text = page.read_text(encoding="utf-8")
    rows = re.findall(r'<th scope="row">(.*?)</th><td>(.*?)</td>', text.replace("\n", ""))
    return {html.unescape(label): html.unescape(re.sub(r"<[^>]+>", "", value)) for label, value in rows}


def build(content: Path, out: Path, quiet=True):
    return subprocess.run([worldfacts_bin(), "build", "--content", str(content), "--output", str(out)]
                          + (["--quiet"] if quiet else []), capture_output=True, text=True)


def write_records(content: Path, made, tsv: bool):
    """The records as JSON (a yes or no as JSON's boolean or a word), or as TSV (every cell a text)."""
    rows = [{k: v for k, v in r.items() if k != "_truth"} for r in made]
    if tsv:
        cell = lambda v: ("true" if v else "false") if isinstance(v, bool) else str(v)  # noqa: E731
        lines = ["id\tname\tshare\topen"] + ["\t".join(cell(r[k]) for k in ("id", "name", "share", "open"))
                                             for r in rows]
        (content / "records.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        (content / "records.json").write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize("seed,digits,tsv", [(1, 2, False), (2, 0, False), (3, 4, True)])
def test_percentages_and_yes_or_no_are_each_languages(seed, digits, tsv):
    with tempfile.TemporaryDirectory() as work:
        content, out = Path(work) / "content", Path(work) / "out"
        content.mkdir()
        (content / "site.yml").write_text(site_yml(digits, "records.tsv" if tsv else "records.json"), encoding="utf-8")
        (content / "languages").mkdir()
        (content / "languages" / "sv.yml").write_text(
            f'strings: {{ yes: "{WORDS["sv"][0]}", no: "{WORDS["sv"][1]}" }}\n', encoding="utf-8")
        made = records(seed)
        write_records(content, made, tsv)
        result = build(content, out)
        assert result.returncode == 0, result.stderr
        skeleton = "percent " + ("." + "#" * digits if digits else "precision-integer")
        checked = 0
        for code in LANGUAGES:
            folder = out if code == "en" else out / code
            formatter = icu.NumberFormatter.forSkeleton(skeleton).locale(icu.Locale(code))
            for record in made:
                shown = facts(folder / "things" / f"{record['id']}.html")
                values = list(shown.values())
                assert values[0] == str(formatter.formatDouble(float(record["share"]))), (code, record)
                assert values[1] == WORDS[code][0 if record["_truth"] else 1], (code, record)
                checked += 1
        assert checked == len(LANGUAGES) * len(made)


@pytest.mark.parametrize("bad", ["maybe", "2", "ja"])
def test_a_boolean_that_is_neither_is_an_error_at_its_record(bad):
    with tempfile.TemporaryDirectory() as work:
        content, out = Path(work) / "content", Path(work) / "out"
        content.mkdir()
        (content / "site.yml").write_text(site_yml(2), encoding="utf-8")
        rows = [{"id": "a", "name": "A", "share": 1, "open": True},
                {"id": "b", "name": "B", "share": 2, "open": bad}]
        (content / "records.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
        result = build(content, out)
        assert result.returncode != 0
        assert re.search(r"records\.json:\d+(:\d+)?: error: .*'b'.*'open'.*expected yes or no", result.stderr), \
            result.stderr
        assert f"found '{bad}'" in result.stderr
        assert not out.exists() or not any(out.iterdir())


def zones_today(seed, count=40):
    """Seeded IANA zones ICU knows (canonical ones, with a slash), and the start of today (UTC) in ICU's
    seconds, the instant whose offset the pages show."""
    rng = random.Random(seed)
    known = sorted(z for z in icu.TimeZone.createEnumeration() if "/" in z and not z.startswith("Etc/"))
    day = 86400
    return rng.sample(known, count), (int(time.time()) // day) * day


def test_time_zones_are_each_languages_name_and_offset_today():
    zones, today = zones_today(5)
    with tempfile.TemporaryDirectory() as work:
        content, out = Path(work) / "content", Path(work) / "out"
        content.mkdir()
        languages = "\n".join(f"  - {{ id: {c}, locale: {c}, label: {label} }}" for c, label in LANGUAGES.items())
        (content / "site.yml").write_text(f"""title: Zones
languages:
{languages}
records: {{ file: records.json, key: id, title: name, pages: places }}
fields:
  - {{ id: zone, label: Zone, format: timezone }}
""", encoding="utf-8")
        rows = [{"id": f"z{n}", "name": f"Place {n}", "zone": zone} for n, zone in enumerate(zones)]
        rows.append({"id": "nowhere", "name": "Nowhere", "zone": "Mars/Olympus_Mons"})
        (content / "records.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
        result = build(content, out, quiet=False)
        assert result.returncode == 0, result.stderr
        # A zone ICU does not know: one warning at its record, and the value as it is.
        assert re.search(r"records\.json:\d+(:\d+)?: warning: .*'Mars/Olympus_Mons' is no time zone ICU knows",
                         result.stdout + result.stderr), result.stdout + result.stderr
        for code in LANGUAGES:
            folder = out if code == "en" else out / code
            for row in rows:
                shown = list(facts(folder / "places" / f"{row['id']}.html").values())[0]
                if row["id"] == "nowhere":
                    assert shown == row["zone"]
                    continue
                formatter = icu.SimpleDateFormat("vvvv (ZZZZ)", icu.Locale(code))
                formatter.setTimeZone(icu.TimeZone.createTimeZone(row["zone"]))
                assert shown == formatter.format(float(today)), (code, row["zone"])
