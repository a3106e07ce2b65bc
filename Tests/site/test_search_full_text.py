"""The full-text scope (`note: true`) in Chromium, over HTTP and from disk: the countries fixture's "text"
scope searches the official name and each note, word by word. The model (searchmodel.py) reads each note as
the reader sees it on its record page, and matches every query word at a word start of a field or of the
note; results show a snippet of the note, the matched word starts in <mark>, as text."""
import shutil
import subprocess
import unicodedata

import pytest
from selenium.webdriver.common.by import By

from conftest import FULL, worldfacts_bin
from searchmodel import fold, is_word, word_prefixes, word_starts
from test_search_browser import (  # noqa: F401
    browser, choose_scope, model, open_index, page_order, results, serve_folder, server, sweep, wait_for)

SNIPPETS = """
return [...document.querySelectorAll('#results li a')].map(a => {
  const s = a.querySelector('.snippet');
  return [a.getAttribute('href'), s ? s.textContent : null, s ? [...s.querySelectorAll('mark')].map(m => m.textContent) : [],
          s ? [...s.querySelectorAll('*')].map(e => e.tagName) : []];
});
"""


@pytest.fixture(scope="module")
def noted(model, countries_site):
    model.read_notes(countries_site)
    assert len(model.notes) >= 20
    return model


def text_queries(model):
    """Every prefix of 1 to 4 characters of every word start of every note token, folded and as written, and
    those of the official names."""
    queries = set()
    for text in model.notes.values():
        for token in text.split():
            folded = fold(token)
            for i in word_starts(folded):
                if folded and is_word(folded[i]):
                    queries.update(folded[i:i + n] for n in range(1, 5))
            queries.update(token[:n] for n in range(1, 5))
    for record in model.records:
        queries |= word_prefixes(record, ["official_name"], 4)
    return sorted(q for q in queries if q.strip())


def check(got, wanted):
    """A whole answer is the model's; a preview's ("and N more") is the top of it, in its order, with the
    model's total announced; a partial one (several words) is in the model's order."""
    hrefs, total = got
    if total == len(hrefs) or (total is None and hrefs == wanted):
        return hrefs == wanted
    ordered = [p for p in wanted if p in set(hrefs)] == hrefs
    return ordered and (total is None or (total == len(wanted) and set(wanted[:20]) <= set(hrefs)))


def test_every_prefix_of_every_note_word_finds_the_model_answer(browser, server, noted):
    open_index(browser, server)
    order = page_order(browser)
    queries = text_queries(noted)
    assert len(queries) > 1000
    if not FULL:
        queries = queries[::3]
    got = sweep(browser, queries, "text")
    wanted = {q: noted.expected(q, "text", order) for q in queries}
    assert sum(1 for q in queries if wanted[q]) > len(queries) // 2
    wrong = {q: (got[q], wanted[q]) for q in queries if not check(got[q], wanted[q])}
    assert wrong == {}


MULTI = ["vatna ice", "ICE vatnaj", "nile egypt", "egypt nile", "republic iceland glaciers", "vatna zzz",
         "volcano", "Vatnajökull", "jokull", "(vatna", "the", "of", "a b c", "žž"]


@pytest.mark.parametrize("mode", ["http", "file"])
def test_words_in_any_order_and_from_disk(browser, server, countries_site, noted, mode):
    base = server if mode == "http" else countries_site.as_uri() + "/"
    open_index(browser, base)
    order = page_order(browser)
    got = sweep(browser, MULTI, "text")
    wrong = {q: (got[q], noted.expected(q, "text", order)) for q in MULTI
             if not check(got[q], noted.expected(q, "text", order))}
    assert wrong == {}
    assert got["vatna ice"][0] == ["countries/is.html"]
    assert got["nile egypt"][0] == got["egypt nile"][0] == ["countries/eg.html"]
    assert got["jokull"][0] == [] and got["vatna zzz"][0] == []


def test_a_result_shows_a_snippet_of_its_note_with_the_match_marked(browser, server, noted):
    open_index(browser, server)
    choose_scope(browser, "text")
    box = browser.find_element(By.ID, "search")
    box.send_keys("vatnaj")
    wait_for(browser, lambda: results(browser) == ["countries/is.html"], f"{results(browser)}")
    [(href, snippet, marks, tags)] = browser.execute_script(SNIPPETS)
    assert marks == ["Vatnaj"] and tags == ["MARK"]
    note = " ".join(noted.notes["countries/is.html"].split())
    assert snippet.startswith("…") and snippet.strip("…") in note
    assert len(snippet) < 200
    # A match in a field alone shows no snippet; one in the note, its first occurrence.
    box.clear()
    box.send_keys("republic")
    iceland = [r for r in noted.records if noted.path(r) == "countries/is.html"][0]
    assert not any(k.startswith("republic") for k in noted.note_keys(iceland))
    wait_for(browser, lambda: "countries/is.html" in results(browser), f"{results(browser)}")
    assert [r for r in browser.execute_script(SNIPPETS) if r[0] == "countries/is.html"][0][1] is None
    box.clear()
    box.send_keys("ice glaciers")
    wait_for(browser, lambda: "countries/is.html" in results(browser), f"{results(browser)}")
    row = [r for r in browser.execute_script(SNIPPETS) if r[0] == "countries/is.html"][0]
    assert row[1].strip("…") in note and any(fold(m).startswith(("ice", "glaciers")) for m in row[2])


HOSTILE = """## <script>alert(1)</script> Zyxwq heading

Zyxwq text with `<img src=x onerror=alert(2)>` in code, an &lt;b&gt;entity&lt;/b&gt; and <b>raw</b> html.

<div onclick="alert(3)">zyxwq block of raw html</div>
"""


@pytest.mark.parametrize("unsafe", [False, True])
def test_a_snippet_is_text_whatever_the_note_holds(browser, project, unsafe):
    """Markup in a note reaches a snippet as text: raw HTML is left out of the searched text (even where
    notes may carry it), and what looks like markup in the text is shown as written."""
    (project / "Content/notes/IS.md").write_text(HOSTILE, encoding="utf-8")
    if unsafe:
        site_yml = project / "Content/site.yml"
        site_yml.write_text(site_yml.read_text(encoding="utf-8").replace(
            "unsafe_raw_html: false", "unsafe_raw_html: true"), encoding="utf-8")
    out = project / "out"
    subprocess.run([worldfacts_bin(), "build", "--content", str(project / "Content"), "--templates",
                    str(project / "Templates"), "--output", str(out), "--quiet"], check=True)
    open_index(browser, out.as_uri() + "/")
    choose_scope(browser, "text")
    box = browser.find_element(By.ID, "search")
    for query, present, absent in [("zyxwq", "<img src=x onerror=alert(2)>", "alert(3)"),
                                   ("entity", "<b>entity</b>", "raw</b>"), ("onclick", None, None),
                                   ("alert", "alert(1) Zyxwq", "<script>")]:
        box.clear()
        box.send_keys(query)
        if present is None:
            wait_for(browser, lambda: browser.find_element(By.ID, "no-results").is_displayed(), query)
            continue
        wait_for(browser, lambda: results(browser) == ["countries/is.html"], f"{query}: {results(browser)}")
        [(_, snippet, marks, tags)] = browser.execute_script(SNIPPETS)
        assert present in snippet and absent not in snippet, snippet
        assert set(tags) == {"MARK"}, tags
    assert browser.execute_script("return document.querySelectorAll('#results script, #results img').length") == 0
    shutil.rmtree(out)


def test_the_full_text_scope_is_not_part_of_all(browser, server, noted):
    """A word only a note holds is found by the text scope, never by "All" or the name scope."""
    open_index(browser, server)
    got = sweep(browser, ["vatnaj"], "name")
    assert got["vatnaj"][0] == []
    assert unicodedata.normalize("NFC", "Vatnajökull") in noted.notes["countries/is.html"]


def test_a_pasted_text_of_a_thousand_characters_asks_for_a_few_files(browser, server, noted):
    """The words' shards load one after the other until no record matches every word so far: a sentence of
    the Iceland note finds Iceland; a thousand characters that start with a word no record has ask for a
    shard or two, not one per word."""
    note = " ".join(noted.notes["countries/is.html"].split())
    sentence = note[note.index("Iceland sits"):note.index("apart.")]
    open_index(browser, server, "?q=" + sentence.replace(" ", "+") + "&scope=text")
    wait_for(browser, lambda: results(browser) == ["countries/is.html"], f"{sentence}: {results(browser)}")
    long = ("zebraquokka " + sentence + " ") * (1000 // len(sentence) + 1)
    open_index(browser, server, "?q=" + long[:1000].replace(" ", "+") + "&scope=text")
    wait_for(browser, lambda: browser.find_element(By.ID, "no-results").is_displayed(), "no results")
    shards = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/search/text/'))")
    assert 0 < len(shards) <= 2, shards
