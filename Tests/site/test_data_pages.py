"""A fact site is also its data: each collection's records as CSV and JSON downloads, parsed back with
Python's csv and json to the records the site was built from; each collection's own data credit on its
pages, all of them on the home page; redirect pages for records' former keys, and the clashes that are
errors."""
import csv
import json
import re
import shutil
import subprocess

from conftest import COUNTRIES, FULL, ROOT, worldfacts_bin


def build(content, output, *extra, check=True):
    return subprocess.run(
        [worldfacts_bin(), "build", "--content", str(content), "--templates", str(ROOT / "Templates"),
         "--output", str(output), "--quiet", "--no-cache", *extra],
        capture_output=True, text=True, check=check)


def same(value, source):
    """A download's value against the source's: numbers as numbers, lists as lists, absent as empty."""
    if source is None or source == "" or source == []:
        return value in (None, "", [])
    if str(value) == str(source):
        return True
    if isinstance(source, (int, float)) and not isinstance(source, bool):
        return float(value) == float(source)
    if isinstance(source, list):
        return list(value) == [str(item) for item in source]
    try:
        return float(value) == float(source)
    except (TypeError, ValueError):
        return str(value) == str(source)


def test_the_downloads_parse_back_to_the_records(site):
    config = (ROOT / "Content/site.yml").read_text()
    assert "downloads: [csv, json]" in config
    countries = {r["code"]: r for r in json.loads((ROOT / "Content/countries.json").read_text())}
    with open(ROOT / "Content/cities.tsv", newline="") as file:
        cities = {r["geonameid"]: r for r in csv.DictReader(file, delimiter="\t")}
    for collection, key, source in [("countries", "code", countries), ("cities", "geonameid", cities)]:
        as_json = json.loads((site / f"data/{collection}.json").read_text())
        with open(site / f"data/{collection}.csv", newline="") as file:
            as_csv = list(csv.DictReader(file))
        assert len(as_json) == len(as_csv) == len(source)
        assert [r[key] for r in as_json] == [r[key] for r in as_csv]
        for from_json, from_csv in zip(as_json, as_csv):
            record = source[from_json[key]]
            for name, value in from_json.items():
                assert same(value, record.get(name)), (collection, from_json[key], name, value, record.get(name))
                if isinstance(value, list):
                    assert from_csv[name] == ";".join(value)
                else:
                    assert same(from_csv[name], record.get(name)), (collection, name, from_csv[name])
    # Links are keys: a city's country is its code.
    bern = next(r for r in json.loads((site / "data/cities.json").read_text()) if r["geonameid"] == "2661552")
    assert bern["country"] == "CH"
    index = (site / "countries/index.html").read_text()
    assert 'href="../data/countries.csv"' in index and 'href="../data/countries.json"' in index


def test_each_collection_credits_its_own_source_and_the_home_page_all(site):
    swiss = (site / "countries/ch.html").read_text()
    bern = (site / "cities/2661552.html").read_text()
    home = (site / "index.html").read_text()
    assert "ISO 3166-1" in swiss and "cities15000" not in swiss
    assert "cities15000" in bern and "ISO 3166-1" not in bern
    assert "ISO 3166-1" in home and "cities15000" in home
    assert "cities15000" in (site / "cities/index.html").read_text()


def with_former_codes(tmp_path, codes):
    """The countries fixture, with a list of former codes per record and `aliases:` naming it."""
    content = tmp_path / "Content"
    shutil.copytree(COUNTRIES, content)
    config = content / "site.yml"
    text = config.read_text()
    anchor = "  notes: notes             # Markdown notes: notes/<key>.md\n"
    text = text.replace(anchor, anchor + "  aliases: former_codes\n", 1)
    text = text.replace("fields:\n", "fields:\n  - { id: former_codes, label: Former codes, format: list, show: false }\n", 1)
    config.write_text(text)
    records = json.loads((content / "countries.json").read_text())
    for record in records:
        if record["code"] in codes:
            record["former_codes"] = codes[record["code"]]
    (content / "countries.json").write_text(json.dumps(records, ensure_ascii=False, indent=1))
    return content


def test_a_former_key_gets_a_redirect_page_left_out_of_the_sitemap(tmp_path):
    content = with_former_codes(tmp_path, {"CZ": ["CS-CZ", "CZE"], "MM": ["BU"]})
    out = tmp_path / "out"
    build(content, out, "--base-url", "https://example.org/")
    page = (out / "countries/bu.html").read_text()
    assert '<meta http-equiv="refresh" content="0; url=https://example.org/countries/mm.html">' in page
    assert '<link rel="canonical" href="https://example.org/countries/mm.html">' in page
    assert (out / "countries/cs-cz.html").is_file() and (out / "countries/cze.html").is_file()
    sitemap = (out / "sitemap.xml").read_text()
    assert "countries/mm.html" in sitemap and "countries/bu.html" not in sitemap
    # Without a base URL the redirect is relative, so it works from disk.
    build(content, out)
    assert 'content="0; url=mm.html"' in (out / "countries/bu.html").read_text()


def test_an_alias_that_names_another_record_or_is_shared_is_an_error(tmp_path):
    out = tmp_path / "out"
    build(COUNTRIES, out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    content = with_former_codes(tmp_path, {"CZ": ["FR"], "MM": ["BU"], "MY": ["BU"]})
    result = build(content, out, check=False)
    assert result.returncode == 1
    assert re.search(r"record 'CZ', field 'former_codes': alias 'FR' .*page of record 'FR'", result.stderr), result.stderr
    assert re.search(r"record '(MM|MY)', field 'former_codes': alias 'BU' .*record '(MM|MY)'", result.stderr)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def census(result):
    line = next(l for l in result.stdout.splitlines() if re.match(r"\s+[\d,]+ files: ", l))
    return int(line.split()[0].replace(",", ""))


def test_max_files_fails_before_writing_and_names_the_largest_contributors(tmp_path):
    out = tmp_path / "out"
    built = subprocess.run(
        [worldfacts_bin(), "build", "--content", str(COUNTRIES), "--templates", str(ROOT / "Templates"),
         "--output", str(out), "--no-cache"], capture_output=True, text=True, check=True)
    files = census(built)
    # The build's bookkeeping (`.worldfacts/`) is not the site's.
    on_disk = [p for p in out.rglob("*") if p.is_file() and not any(part.startswith(".") for part in
                                                                     p.relative_to(out).parts)]
    assert files == len(on_disk)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    shutil.rmtree(out)
    # Exactly the count passes; one fewer fails, with nothing written, into a fresh folder as into a built one.
    build(COUNTRIES, out, "--max-files", str(files))
    shutil.rmtree(out)
    result = build(COUNTRIES, out, "--max-files", str(files - 1), check=False)
    assert result.returncode == 1
    assert f"the site would be {files:,} files, more than the {files - 1:,} allowed; nothing was written" in result.stderr
    assert "252 records record pages: one per record" in result.stderr
    assert "search files: raise search.shard_budget (now 16384)" in result.stderr
    assert not out.exists() or not any(p for p in out.rglob("*") if p.is_file() and not p.name.startswith(".worldfacts-lock"))
    build(COUNTRIES, out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    result = build(COUNTRIES, out, "--max-files", "100", check=False)
    assert result.returncode == 1 and "--max-files" in result.stderr
    # The record pages alone are more than 100: the message names the one setting that helps then.
    assert ("The records record pages alone are more than the limit: publish some of them, those whose number"
            " lies within bounds, with records.only: { field: population, min: … }") in result.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_one_file_per_shard_script_twins_retired_and_max_files_in_site_yml(tmp_path):
    """Every file of the index is one script that serves HTTP and file:// alike: the former
    `search.script_twins` is an error at its line that says so, with nothing written."""
    content = tmp_path / "Content"
    shutil.copytree(COUNTRIES, content)
    out = tmp_path / "out"
    build(content, out)
    files = [p for p in (out / "search").rglob("*") if p.is_file()]
    assert files and all(p.suffix == ".js" for p in files)
    config = content / "site.yml"
    original = config.read_text()
    config.write_text(original.replace("search:\n", "search:\n  script_twins: false\n", 1))
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    result = build(content, out, check=False)
    line = original[:original.index("search:\n")].count("\n") + 2
    assert result.returncode == 1
    assert f"site.yml:{line}:3: error: field 'search.script_twins': key 'script_twins' is no longer used" in result.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    config.write_text(original)
    # max_files in site.yml, named in the message.
    config.write_text(config.read_text().replace("locale: en\n", "locale: en\nmax_files: 50\n", 1))
    result = build(content, out, check=False)
    assert result.returncode == 1 and "site.yml: max_files" in result.stderr and "allowed" in result.stderr


def test_the_documented_example_fits_20000_files(tmp_path):
    """examples/under-20000-files: the shipped data with its site.yml is under 20,000 files. The count before
    writing (`--max-files 1` fails, naming it) is the count a build leaves; make test-full builds it too."""
    content = tmp_path / "Content"
    shutil.copytree(ROOT / "Content", content)
    shutil.copy(ROOT / "examples/under-20000-files/site.yml", content / "site.yml")
    out = tmp_path / "out"
    result = build(content, out, "--max-files", "1", check=False)
    assert result.returncode == 1, result.stderr
    planned = int(re.search(r"the site would be ([\d,]+) files", result.stderr).group(1).replace(",", ""))
    assert 15_000 < planned <= 20_000
    assert not any(p for p in out.rglob("*") if p.is_file() and not p.name.startswith(".worldfacts-lock"))
    if FULL:
        built = subprocess.run(
            [worldfacts_bin(), "build", "--content", str(content), "--templates", str(ROOT / "Templates"),
             "--output", str(out), "--no-cache"], capture_output=True, text=True, check=True)
        assert census(built) == planned
        assert "warning" not in built.stderr, "a link to a city `only:` leaves out is no mistake"
