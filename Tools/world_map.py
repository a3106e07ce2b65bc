"""world_map.py WHEEL OUT: Natural Earth's 1:110m countries, from the geopandas wheel, as one SVG.

Equirectangular: x = (longitude + 180) / 360 × 1000, y = (90 − latitude) / 180 × 500, one decimal. A
country is one path of its rings (`fill-rule: evenodd` keeps lakes and enclaves open), with its
ISO 3166-1 alpha-2 code as its id where it has one. Natural Earth gives some countries no ISO code
(-99); the dataset's own creation script then takes the administrative code (ADM0_A3), which for
France, Norway and Kosovo is not ISO's, so those are named here.

Every other code of ISO 3166-1, and every withdrawn two-letter code of ISO 3166-3 (AN, CS, ...), is an
empty group of its id: a country too small for 1:110m, known, with no shape to highlight. A build takes a
region code that is neither a path nor a group for a mistake, and warns of it (docs/site-yml.md, maps).
"""
import io
import sys
import zipfile

import pycountry
import shapefile

WIDTH, HEIGHT = 1000, 500
BY_NAME = {"France": "FR", "Norway": "NO", "Kosovo": "XK"}


def alpha2(iso_a3, name):
    if name in BY_NAME:
        return BY_NAME[name]
    country = pycountry.countries.get(alpha_3=iso_a3)
    return country.alpha_2 if country else None


def point(lon, lat):
    x = (lon + 180) / 360 * WIDTH
    y = (90 - lat) / 180 * HEIGHT
    return f"{x:.1f}".rstrip("0").rstrip("."), f"{y:.1f}".rstrip("0").rstrip(".")


def path(shape):
    parts = list(shape.parts) + [len(shape.points)]
    d = []
    for start, end in zip(parts, parts[1:]):
        ring = [point(*p) for p in shape.points[start:end]]
        # Points the rounding made one are one.
        kept = [p for i, p in enumerate(ring) if i == 0 or p != ring[i - 1]]
        if len(kept) < 3:
            continue
        d.append("M" + " ".join(f"{x} {y}" for x, y in kept) + "Z")
    return "".join(d)


def main(wheel, out):
    base = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres."
    with zipfile.ZipFile(wheel) as z:
        encoding = z.read(base + "cpg").decode().strip() or "latin-1"
        reader = shapefile.Reader(
            shp=io.BytesIO(z.read(base + "shp")), dbf=io.BytesIO(z.read(base + "dbf")),
            shx=io.BytesIO(z.read(base + "shx")), encoding=encoding)
    countries = []
    for shape_record in reader.iterShapeRecords():
        record = shape_record.record
        code = alpha2(record["iso_a3"], record["name"])
        countries.append((code or "", record["name"], path(shape_record.shape)))
    countries.sort(key=lambda c: (c[0] == "", c[0], c[1]))
    lines = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 500">',
        "<!-- Natural Earth 1:110m countries, public domain (naturalearthdata.com), as the geopandas 0.14.4"
        " wheel ships them. Made by Tools/make-world-map. -->",
        "<style>path{fill:#c9d3c4;stroke:#fff;stroke-width:.4;fill-rule:evenodd}path:target{fill:#c2410c}"
        "@media(prefers-color-scheme:dark){path{fill:#4b5563;stroke:#1f2937}path:target{fill:#fb923c}}</style>",
    ]
    for code, name, d in countries:
        lines.append(f'<path id="{code}" d="{d}"/>' if code else f'<path d="{d}"/>')
    drawn = {c[0] for c in countries}
    known = {c.alpha_2 for c in pycountry.countries}
    known |= {c.alpha_2 for c in pycountry.historic_countries if len(getattr(c, "alpha_2", "")) == 2}
    unshaped = sorted(known - drawn)
    lines.append("<!-- Too small for 1:110m: known codes with no shape. -->")
    lines.append("".join(f'<g id="{code}"/>' for code in unshaped))
    lines.append("</svg>")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{out}: {len(countries)} countries, {sum(1 for c in countries if c[0])} with a code,"
          f" {len(unshaped)} codes with no shape")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
