"""The search on data nobody here wrote (gensite.py: Zipf-distributed words in five scripts, "San" and
"Saint" first in many titles, "Airport" in nine titles of ten, very long and very short titles, duplicates,
digits) in headless Chromium, against the independent model (searchmodel.py). Seeded queries of the
records are pasted, opened from a link (`?q=`) over HTTP and from `file://`, and typed a key at a time.

What every answer must be, whatever the index's shards:
- every result matches, and there are at most `search.results_limit` of them;
- the matches in a row (BEGINSWITH[cd] at a word start) come first, in the model's order, the best of them
  shown; then matches of the words in any order;
- the count is at least the number of matches in a row and at most that of every match; exactly the first
  when there is no match in any order;
- "more may match" only where no match is in a row;
- typed, a keystroke asks for one file at most, and every file of the index is within the shard budget
  gzipped; pasted, the requests are bounded by the previews on the query's way (docs/search.md)."""
import gzip
import random
import urllib.parse
from pathlib import Path

import pytest

from conftest import scaled, worldfacts_bin, ROOT
from gensite import queries as generated_queries, write_site
from searchmodel import Model, fold, rank
from test_search_browser import browser, serve_folder, sweep  # noqa: F401

SEED = 20261201
COUNT = scaled(28000, 3000)
BUDGET = 16384
LIMIT = 50
PREVIEW = 20


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    content = tmp_path_factory.mktemp("generated-content")
    write_site(content, SEED, COUNT, BUDGET)
    out = tmp_path_factory.mktemp("generated-site")
    import subprocess
    subprocess.run([worldfacts_bin(), "build", "--content", str(content), "--templates", str(ROOT / "Templates"),
                    "--output", str(out), "--quiet"], check=True)
    return content, out


@pytest.fixture(scope="module")
def model(generated):
    return Model(generated[0])


@pytest.fixture(scope="module")
def server(generated):
    yield from serve_folder(generated[1])


@pytest.fixture(scope="module")
def queries(generated):
    import json
    data = json.loads((generated[0] / "records.json").read_text(encoding="utf-8"))
    return generated_queries(SEED, data, scaled(400, 120))


def classes(model, query):
    """{path: key} of the matches in a row and of those in any order, each key the model's order but the
    index order that breaks its ties: (not equal, any order, no score, -score, tier)."""
    q = fold(query).lstrip()
    in_row, any_order = {}, {}
    if not q:
        return in_row, any_order
    texts, _ = model.folded("name")
    words = q.split()
    for n in model.candidates("name", q):
        ranks = [r for r in (rank(t, q, s) for t, s in texts[n]) if r >= 0]
        if not ranks and len(words) > 1 and any(all(rank(t, w, s) >= 0 for w in words) for t, s in texts[n]):
            ranks = [3]
        if ranks:
            record, best = model.records[n], min(ranks)
            points = record["_score"]
            key = (best > 0, best > 2, points is None, -(points or 0), best)
            (any_order if best == 3 else in_row)[model.path(record)] = key
    return in_row, any_order


def check(model, query, answer):
    """The problems of one answer ({rows, count, partial}), as text; empty when it is right."""
    in_row, any_order = classes(model, query)
    every = {**in_row, **any_order}
    rows, count, partial = answer["rows"], answer["count"], answer["partial"]
    problems = []
    if len(rows) > LIMIT:
        problems.append(f"{len(rows)} rows")
    wrong = [r for r in rows if r not in every]
    if wrong:
        problems.append(f"not matches: {wrong[:3]}")
        return problems
    keys = [every[r] for r in rows]
    if keys != sorted(keys):
        problems.append("rows out of order")
    if in_row and partial:
        problems.append(f"'keep typing' with {len(in_row)} matches in a row")
    if not partial and not len(in_row) <= count <= len(every):
        problems.append(f"count {count}, {len(in_row)} in a row, {len(every)} in all")
    if not partial and not any_order and count != len(in_row):
        problems.append(f"count {count} of {len(in_row)}")
    shown = [r for r in rows if r in in_row]
    if len(shown) < min(len(in_row), PREVIEW):
        problems.append(f"{len(shown)} of {len(in_row)} matches in a row shown")
    if shown:
        last = max(in_row[r] for r in shown)
        missing = [p for p, k in in_row.items() if k < last and p not in shown]
        if missing:
            problems.append(f"better matches left out: {missing[:3]}")
    return problems


ANSWER = """
const more = document.getElementById('more-results');
return {rows: [...document.querySelectorAll('#results li a')].map(a => a.getAttribute('href')),
        count: +document.getElementById('result-count').textContent.replace(/[^0-9]/g, ''),
        partial: !more.hidden && !/[0-9]/.test(more.textContent)};
"""

# Types `query` a key at a time on a page that has loaded no file of the index: per keystroke, the files
# of the index it asked for and the answer.
TYPE = """
const [query, done] = arguments;
const box = document.getElementById('search');
const files = () => performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/search/'));
const steps = [];
(async () => {
  let typed = '', before = files().length;
  for (const ch of query) {
    typed += ch;
    const shown = new Promise(r => box.addEventListener('results', r, {once: true}));
    box.value = typed;
    box.dispatchEvent(new Event('input'));
    await shown;
    const now = files();
    steps.push({typed, files: now.slice(before).map(n => n.split('/search/')[1]), answer: (() => {""" + ANSWER + """})()});
    before = now.length;
  }
  done(steps);
})();
"""


def open_page(browser, url):
    browser.get(url)
    for _ in range(100):
        if browser.execute_script("return !!window.WorldFactsSearch"):
            return
    raise AssertionError(url)


def wait_answer(browser):
    for _ in range(200):
        got = browser.execute_script(
            "return !document.getElementById('results').hidden || !document.getElementById('no-results').hidden"
            " || !document.getElementById('more-results').hidden")
        if got:
            return browser.execute_script(ANSWER)
        browser.execute_script("return new Promise(r => setTimeout(r, 20))")
    return None


def preview_prefixes(site: Path) -> set:
    """The prefixes of every preview of the index, from the names of its files on disk."""
    out = set()
    for f in (site / "search/name").glob("p-*.js"):
        out.add(bytes.fromhex(f.name[2:f.name.index(".")]).decode("utf-8"))
    return out


def test_the_generated_data_has_the_shapes_it_claims(model):
    names = [r["name"] for r in model.records]
    assert len(names) == COUNT
    assert sum("Airport" in n for n in names) > 0.8 * len(names)
    assert sum(n.split()[0] in ("San", "Saint", "New", "Lake", "Port") for n in names) > 0.15 * len(names)
    assert len(set(names)) < 0.97 * len(names), "duplicate titles"
    assert any(len(n) > 300 for n in names) and any(len(n) == 1 for n in names)
    assert any(any("\u0400" <= c <= "\u04ff" for c in n) for n in names)
    assert any(any("\u30a0" <= c <= "\u30ff" for c in n) for n in names)


def test_every_search_file_is_within_the_budget_gzipped(generated):
    files = list((generated[1] / "search").rglob("*.js"))
    assert len(files) > scaled(5000, 500)
    sizes = {f.name: len(gzip.compress(f.read_bytes(), 9)) for f in files}
    over = {name: size for name, size in sizes.items() if size > BUDGET}
    assert over == {}
    assert max(sizes.values()) > BUDGET // 8, "the budget is never approached: the test tests nothing"


def test_pasted_queries_answer_as_the_model(browser, server, model, queries):
    open_page(browser, server + "index.html")
    got = {q: {"rows": rows, "count": total or 0, "partial": total is None}
           for q, (rows, total) in sweep(browser, queries, "name").items()}
    wrong = {q: check(model, q, got[q]) for q in queries}
    wrong = {q: p for q, p in wrong.items() if p}
    assert wrong == {}
    assert sum(bool(classes(model, q)[1]) for q in queries) > 5, "some queries match in any order"
    assert sum(len(classes(model, q)[0]) > LIMIT for q in queries) > 5, "some answers are over the limit"


@pytest.mark.parametrize("where", ["http", "file"])
def test_linked_queries_answer_as_the_model(browser, server, generated, model, queries, where):
    """Opened from a link: the page runs the query at once, through the previews on its way, whose
    number bounds its requests."""
    base = server if where == "http" else generated[1].as_uri() + "/"
    previews = preview_prefixes(generated[1])
    picked = random.Random(SEED).sample(queries, scaled(60, 15) if where == "http" else scaled(20, 6))
    for q in picked + ["san fr", "Airport", "x" * 1000, "!!!,,;", "a" * 300]:
        open_page(browser, base + "index.html?q=" + urllib.parse.quote(q))
        answer = wait_answer(browser)
        assert answer is not None, q
        assert check(model, q, answer) == [], q
        if where == "http":
            asked = browser.execute_script(
                "return performance.getEntriesByType('resource').filter(e => e.name.includes('/search/')).length")
            folded = fold(q).lstrip()
            ways = {folded[:n] for n in range(1, len(folded) + 1)} | {
                w[:n] for w in folded.split() for n in range(1, len(w) + 1)}
            bound = 2 + len(ways & previews) + 2
            assert asked <= bound, (q, asked, bound)


def test_typed_queries_ask_one_file_a_keystroke_within_the_budget(browser, server, generated, model, queries):
    sizes = {f.relative_to(generated[1] / "search").as_posix(): len(gzip.compress(f.read_bytes(), 9))
             for f in (generated[1] / "search").rglob("*.js")}
    picked = random.Random(SEED + 1).sample([q for q in queries if len(q) < 60], scaled(40, 10))
    picked += ["San Fr", "airport ", "Saint p"]
    browser.set_script_timeout(120)
    largest = 0
    for q in picked:
        open_page(browser, server + "index.html")
        steps = browser.execute_async_script(TYPE, q)
        for number, step in enumerate(steps):
            files = step["files"]
            searched = [f for f in files if f != "entry.js" and not f.startswith("manifest/")]
            assert len(searched) <= 1, (step["typed"], files)
            if number == 0:
                assert files[:2] == ["entry.js", files[1]] and files[1].startswith("manifest/"), files
            for f in searched:
                largest = max(largest, sizes[f])
                assert sizes[f] <= BUDGET, (f, sizes[f])
            assert check(model, step["typed"], step["answer"]) == [], step["typed"]
    assert largest > 0
