"""Search on every page, in headless Chromium: a record, a section, a complete list, a group, the groups'
overview and the 404 page carry the index pages' search box (the same DOM contract and scopes), and a
query typed there finds and opens the right page, over HTTP and from disk. The 404 page, served by a host
in place of any missing address at any depth under a sub-path, finds the site's root by itself. After a
rebuild that changes one shard, a reload fetches the shard's new name, and every page the edit does not
reach keeps its bytes."""
import gzip
import json
import re
import shutil
import subprocess
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import FULL, ROOT, worldfacts_bin
from test_search_browser import browser, results, serve_folder, wait_for  # noqa: F401

CONTRACT = ["search-form", "search", "results", "result-count", "more-results", "no-results", "suggestions"]



def test_the_published_script_is_at_most_6_kb_gzipped_and_keeps_its_code(site):
    """Every page with a search box loads search.js once (its name carries its hash, so hosts cache it for
    good). It is published without its comment lines and its indentation; what is left is the theme's code,
    its parts joined in name order, line for line."""
    published = list((site / "assets").glob("search.*.js"))
    assert len(published) == 1
    script = published[0].read_bytes()
    size = len(gzip.compress(script, 9))
    assert size <= 6144, f"{size} bytes"
    parts = sorted((ROOT / "Templates/assets/search").glob("*.js"))
    assert len(parts) >= 10, "search.js is written in parts"
    source = "".join(part.read_text(encoding="utf-8") for part in parts).split("\n")
    code = [line.lstrip(" \t") for line in source if line.strip() and not line.lstrip().startswith("//")]
    # The block comment that opens the first part goes, up to its line with "*/".
    end = next(n for n, line in enumerate(code) if "*/" in line)
    assert code[0].startswith("/*") and end < 10
    assert script.decode("utf-8").split("\n") == code[end + 1:] + [""]

def pages(site):
    """A page of every kind but the indexes (whose search the other browser tests cover), and its depth."""
    section = sorted(p.name for p in (site / "cities/sections").glob("*.html"))[0]
    return {"record": "countries/is.html", "city": "cities/2657896.html", "section": f"cities/sections/{section}",
            "list": "countries/cities/ch.html", "group": "continents/europe.html",
            "overview": "continents/index.html", "404": "404.html"}


@pytest.fixture(scope="module")
def shipped_server(site):
    yield from serve_folder(site)


def search_loaded(browser):
    wait_for(browser, lambda: browser.execute_script("return !!window.WorldFactsSearch"), "search.js loaded")


def type_and_open(browser, page_text, scope="name", query="switzerl", target="countries/ch.html"):
    """Types a query in a scope: the one result leads to the target, the page's own content steps aside for
    the results, and Enter opens it."""
    browser.find_element(By.CSS_SELECTOR, f"input[name=scope][value='{scope}']").click()
    box = browser.find_element(By.ID, "search")
    box.send_keys(query)
    resolved = "return [...document.querySelectorAll('#results li a')].map(a => a.href)"
    wait_for(browser, lambda: len(browser.execute_script(resolved)) == 1, f"{page_text} '{query}': {results(browser)}")
    assert browser.execute_script(resolved)[0].endswith("/" + target)
    hidden = browser.execute_script(
        "return ['index', 'section-index', 'content'].map(id => document.getElementById(id))"
        ".filter(e => e).every(e => e.hidden)")
    assert hidden, f"{page_text}: the page's content is hidden while results show"
    box.send_keys(Keys.ENTER)
    wait_for(browser, lambda: browser.current_url.endswith("/" + target), f"{page_text}: {browser.current_url}")


@pytest.mark.parametrize("kind", ["record", "city", "section", "list", "group", "overview", "404"])
@pytest.mark.parametrize("over", ["http", "file"])
def test_a_search_typed_on_any_page_opens_the_right_page(browser, site, shipped_server, kind, over):
    if over == "file" and kind not in ("record", "section", "404") and not FULL:
        pytest.skip("every kind of page from file:// runs in make test-full")
    page = pages(site)[kind]
    base = shipped_server if over == "http" else site.as_uri() + "/"
    browser.get(base + page)
    search_loaded(browser)
    found = browser.execute_script(f"return {json.dumps(CONTRACT)}.filter(id => !document.getElementById(id))")
    assert found == [], f"{kind}: missing {found}"
    scopes = browser.execute_script("return [...document.querySelectorAll('input[name=scope]')].map(r => r.value)")
    assert scopes == ["all", "name", "capital", "city", "text"]
    # The way to the root: relative, but for the 404 page served over HTTP, which finds the root itself.
    root = "/" if (kind, over) == ("404", "http") else "../" * page.count("/")
    assert browser.find_element(By.ID, "search-form").get_attribute("data-root") == root
    # A page of a collection checks its collection's first scope; any other page the first.
    checked = browser.execute_script("return document.querySelector('input[name=scope]:checked').value")
    assert checked == {"city": "city", "section": "city", "404": "all"}.get(kind, "name")
    type_and_open(browser, f"{kind} over {over}")


class MissingToNotFound(SimpleHTTPRequestHandler):
    """A static host as Netlify, Cloudflare Pages and GitHub Pages are: the site under a sub-path, and its
    404.html, with status 404, in place of any address that does not exist."""
    prefix = "/facts/"

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "no such file")
        return super().translate_path("/" + path[len(self.prefix):])

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        body = (Path(self.directory) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def host(site):
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(MissingToNotFound, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.mark.parametrize("missing", ["facts/nowhere.html", "facts/cities/no/such/page.html"])
def test_the_404_page_finds_the_root_at_any_depth_under_a_sub_path(browser, host, missing):
    browser.get(f"{host}/{missing}")
    search_loaded(browser)
    stylesheet = browser.find_element(By.CSS_SELECTOR, "link[rel=stylesheet]").get_attribute("href")
    assert re.fullmatch(re.escape(host) + r"/facts/assets/style\.[0-9a-f]{10}\.css", stylesheet), stylesheet
    assert browser.execute_script("return getComputedStyle(document.getElementById('search')).borderRadius") != "0px"
    home = browser.execute_script("return [...document.querySelectorAll('main a')].map(a => a.href)")
    assert f"{host}/facts/index.html" in home
    type_and_open(browser, missing)
    assert browser.current_url == f"{host}/facts/countries/ch.html"


def test_a_reload_after_a_rebuild_fetches_the_new_shard_and_other_pages_keep_their_bytes(browser, project):
    content, out = project / "Content", project / "Output"

    def build():
        subprocess.run([worldfacts_bin(), "build", "--content", str(content), "--templates",
                        str(project / "Templates"), "--output", str(out), "--quiet"], check=True)
        return {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*")
                if p.is_file() and not any(part.startswith(".") for part in p.relative_to(out).parts)}

    before = build()
    for server in serve_folder(out):
        shards = ("return performance.getEntriesByType('resource').map(e => e.name)"
                  ".filter(n => n.includes('/search/name/')).map(n => n.split('/search/')[1])")
        browser.get(server + "index.html?q=icel&scope=name")
        wait_for(browser, lambda: results(browser) == ["countries/is.html"], f"icel: {results(browser)}")
        # Until the reloaded page shows its results, there is no detail to read.
        detail = "return document.querySelector('#results .detail')?.textContent || ''"
        assert "400,000" not in browser.execute_script(detail)
        (old,) = browser.execute_script(shards)

        records = json.loads((content / "countries.json").read_text(encoding="utf-8"))
        next(r for r in records if r["code"] == "IS")["population"] = 400_000
        (content / "countries.json").write_text(json.dumps(records), encoding="utf-8")
        after = build()

        pages = {path for path in before if path.endswith(".html")}
        changed = {path for path in pages if after.get(path) != before[path]}
        assert changed == {"countries/is.html", "index.html"}, "only the pages that show Iceland's population"
        assert old not in after, "the old name is pruned"
        assert before["search/entry.js"] != after["search/entry.js"]

        browser.refresh()
        wait_for(browser, lambda: "400,000" in browser.execute_script(detail), "the new population")
        (new,) = browser.execute_script(shards)
        assert new != old and new.split(".")[0] == old.split(".")[0], (old, new)
        assert "search/" + new in after
