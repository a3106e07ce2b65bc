"""Locator maps in a real browser: the marker where the test's own projection puts it, inside its country's
highlighted outline, the country pages' dots, from HTTP and from disk (file://), and the coordinates as
PyICU formats them. The projection is written here anew: equirectangular on a 1000 × 500 view box, north
up, the antimeridian at the edges."""
import html
import io
import re

import icu
from PIL import Image

from conftest import ROOT
from test_axe import base, shipped_server  # noqa: F401 (the shipped site over HTTP and from disk)
from test_search_browser import browser  # noqa: F401

REYKJAVIK = "cities/3413829.html"
# The outline's own colours (Tools/world_map.py): a country, the highlighted one; the marker's (style.css).
LAND, HIGHLIGHT, MARKER = (0xC9, 0xD3, 0xC4), (0xC2, 0x41, 0x0C), (0xB9, 0x1C, 0x1C)


def projected(latitude, longitude):
    return 1000 * (longitude + 180) / 360, 500 * (90 - latitude) / 180


def place(page_html):
    """The latitude and longitude the page's facts give (the coordinates row), as numbers."""
    cell = re.search(r"<th scope=\"row\">Coordinates</th><td>([^<]*)</td>", page_html).group(1)
    match = re.fullmatch(r"([\d.]+)°([NS]) ([\d.]+)°([EW])", html.unescape(cell))
    latitude = float(match.group(1)) * (1 if match.group(2) == "N" else -1)
    longitude = float(match.group(3)) * (1 if match.group(4) == "E" else -1)
    return latitude, longitude


def colour(image, x, y):
    return image.getpixel((round(x), round(y)))[:3]


def near(found, wanted, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(found, wanted))


def test_the_marker_is_where_the_projection_puts_it_inside_its_highlighted_country(browser, base, site):
    browser.set_window_size(900, 1600)
    browser.get(base + REYKJAVIK)
    # Where the browser draws the marker, against the test's projection of the page's own coordinates.
    box = browser.execute_script("""
        const svg = document.querySelector('svg.map'), marker = svg.querySelector('path:not(.dot)');
        const s = svg.getBoundingClientRect(), m = marker.getBoundingClientRect();
        return [s.left, s.top, s.width, s.height, m.left + m.width / 2, m.top + m.height / 2];""")
    left, top, width, height, marker_x, marker_y = box
    x, y = projected(*place((site / REYKJAVIK).read_text(encoding="utf-8")))
    scale = width / 1000
    assert abs(height - width / 2) <= 1
    # The facts round to two digits (0.01° is 0.03 units): the page's marker is within half a pixel of it.
    assert abs(left + x * scale - marker_x) <= 0.5 + 0.03 * scale
    assert abs(top + y * scale - marker_y) <= 0.5 + 0.03 * scale
    # The outline loaded (from disk too) and Iceland is highlighted around the marker, in the inset: the
    # same group again (`use`), so the marker is where the inset's view box puts the map's.
    inset = browser.execute_script("""
        const svg = document.querySelector('svg.map + svg'), r = svg.getBoundingClientRect();
        const box = svg.viewBox.baseVal, k = svg.clientWidth / box.width;
        const [x, y] = document.querySelector('svg.map path:not(.dot)').getAttribute('d').match(/[\\d.]+/g).map(Number);
        return [r.left + svg.clientLeft + (x - box.x) * k, r.top + svg.clientTop + (y - box.y) * k, k];""")
    shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    ratio = shot.width / browser.execute_script("return window.innerWidth")
    centre_x, centre_y, per_unit = (inset[0] * ratio, inset[1] * ratio, inset[2] * ratio)
    assert near(colour(shot, centre_x, centre_y), MARKER), "the marker"
    # Iceland lies to the east of Reykjavík: a degree inland (about 2.8 units) is highlighted land.
    assert near(colour(shot, centre_x + 3 * per_unit, centre_y - 0.5 * per_unit), HIGHLIGHT), "Iceland highlighted"
    # Far to the east, Norway is land, not highlighted.
    world_x, world_y = (left + projected(61, 9)[0] * scale) * ratio, (top + projected(61, 9)[1] * scale) * ratio
    assert near(colour(shot, world_x, world_y), LAND), "another country, not highlighted"


def test_a_countrys_largest_cities_are_its_dots(site):
    page = (site / "countries/is.html").read_text(encoding="utf-8")
    world = re.search(r'<svg class=map .*?</svg>', page).group(0)
    assert 'world.' in world and '.svg#IS"' in world
    dots = [(float(x), float(y)) for x, y in re.findall(r'<path class=dot d="M([\d.]+) ([\d.]+)h0"', world)]
    # The list of largest cities, in its order: each dot is the projection of that city's coordinates.
    listed = re.findall(r'<li><a href="\.\./(cities/\d+\.html)"', page)
    assert 0 < len(dots) <= 12 and len(dots) == min(len(listed), 12)
    for (x, y), city in zip(dots, listed):
        px, py = projected(*place((site / city).read_text(encoding="utf-8")))
        assert abs(x - px) <= 0.1 and abs(y - py) <= 0.1, city


def test_every_language_labels_the_map_in_its_own_words(site):
    for language, word in [("", "Map: Iceland"), ("de/", "Karte: Island"), ("ar/", "خريطة: آيسلندا")]:
        page = (site / f"{language}countries/is.html").read_text(encoding="utf-8")
        assert f'role=img aria-label="{word}"' in page, language


def test_coordinates_are_written_as_pyicu_writes_their_numbers(site):
    formatter = icu.NumberFormat.createInstance(icu.Locale("en"))
    formatter.setMaximumFractionDigits(2)
    cities = sorted((site / "cities").glob("*.html"))[:200]
    assert len(cities) >= 100
    source = {}
    for city in cities:
        page = city.read_text(encoding="utf-8")
        cell = html.unescape(re.search(r"<th scope=\"row\">Coordinates</th><td>([^<]*)</td>", page).group(1))
        label = html.unescape(re.search(r'<svg class=map [^>]*aria-label="([^"]*)"', page).group(1))
        assert label.endswith(", " + cell)
        source[city.stem] = cell
    rows = {}
    for line in (ROOT / "Content/cities.tsv").read_text(encoding="utf-8").split("\n")[1:]:
        cells = line.split("\t")
        if len(cells) > 8 and cells[0] in source:
            rows[cells[0]] = (float(cells[7]), float(cells[8]))
    assert len(rows) == len(source)
    for key, (latitude, longitude) in rows.items():
        wanted = (f"{formatter.format(abs(latitude))}°{'N' if latitude >= 0 else 'S'} "
                  f"{formatter.format(abs(longitude))}°{'E' if longitude >= 0 else 'W'}")
        assert source[key] == wanted, key
