"""The installable site (`offline: true`) on the shipped content, served by a real HTTP server that logs
every request, in Chromium with the network cut through the DevTools protocol
(`Network.emulateNetworkConditions`):
- the worker registers and fetches the shell: every file sw.js names, within 2 MB;
- offline, the home page, a record page visited before, and a search over the shards visited before all
  work; a page never visited gets the 404 page from the cache;
- after a rebuild that changes one country, the worker's update fetches exactly the shell files whose
  bytes changed (the manifests' hashes before and after, an independent account), and nothing else;
- "Save for offline" counts to the list's end, after which a page never visited opens offline;
- from file:// nothing registers, the button stays hidden, and the search works as before;
- the pages with the offline markup are valid HTML (the Nu checker), and axe-core finds no violation on
  the home page with the button shown, before and after saving.
Over the network the server's log is the account of what was fetched: a request that reached it while the
network was cut fails the test."""
import functools
import http.server
import json
import shutil
import subprocess
import tempfile
import threading
import urllib.request
from pathlib import Path

import pytest
import websocket
from selenium.webdriver.common.by import By
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import shipped_content_copy, worldfacts_bin
from sitecheck import nu_validator
from test_axe import axe_source, violations  # noqa: F401
from test_search_browser import headless_chromium, results, wait_for


def build(content: Path, out: Path):
    subprocess.run([worldfacts_bin(), "build", "--content", str(content), "--output", str(out), "--quiet"],
                   capture_output=True, text=True, check=True)


class LoggingServer:
    """http.server over a folder, in a thread, keeping the path of every request it answers."""

    def __init__(self, folder: Path):
        self.requests = []
        log = self.requests

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def send_head(self):
                log.append(self.path.split("?")[0].lstrip("/"))
                return super().send_head()

        handler = functools.partial(Handler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def shell_of(out: Path):
    """The shell sw.js names, as [path, hash] pairs, the worker's version, and all it is given."""
    text = (out / "sw.js").read_text(encoding="utf-8")
    assert text.startswith("const OFFLINE = ")
    offline = json.loads(text[len("const OFFLINE = "):text.index("};\n") + 1])
    return offline["shell"], offline["version"], offline


def hashes(out: Path):
    """Every file's hash, as the build's manifest records it: the account the worker's fetches are checked
    against."""
    manifest = json.loads((out / ".worldfacts/manifest.json").read_text(encoding="utf-8"))
    return {path: value.split(" ")[0] for path, value in manifest["files"].items()}


@pytest.fixture(scope="module")
def installable():
    folder = Path(tempfile.mkdtemp(prefix="worldfacts-offline-"))
    folder.chmod(0o755)
    content = shipped_content_copy(folder)
    with (content / "site.yml").open("a", encoding="utf-8") as site_yml:
        site_yml.write("\noffline: true\n")
    out = folder / "Output"
    build(content, out)
    server = LoggingServer(out)
    yield content, out, server
    server.close()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def chromium():
    """A browser of its own: its service workers and caches are this module's alone."""
    driver = headless_chromium()
    driver.set_script_timeout(60)
    driver.execute_cdp_cmd("Network.enable", {})
    yield driver
    driver.quit()


class DevTools:
    """The browser's own DevTools endpoint, over its WebSocket: Selenium's `execute_cdp_cmd` speaks to the
    page alone, and a page's network conditions do not reach its service worker, which fetches on a
    target of its own."""

    def __init__(self, browser):
        address = browser.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version") as answer:
            endpoint = json.load(answer)["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(endpoint, timeout=30, suppress_origin=True)
        self.number = 0

    def send(self, method, params=None, session=None):
        self.number += 1
        message = {"id": self.number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.number:
                assert "error" not in answer, answer
                return answer.get("result", {})

    def workers(self):
        """A session on each service worker running now."""
        targets = self.send("Target.getTargets")["targetInfos"]
        return [self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
                for target in targets if target["type"] == "service_worker"]


class NetworkCut:
    """The network cut for the page and for every service worker running, while the block runs: a
    target's network conditions last as long as the DevTools session that set them."""

    def __init__(self, browser):
        self.browser = browser

    def conditions(self, offline):
        return {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}

    def __enter__(self):
        self.browser.execute_cdp_cmd("Network.emulateNetworkConditions", self.conditions(True))
        self.tools = DevTools(self.browser)
        for session in self.tools.workers():
            self.tools.send("Network.enable", session=session)
            self.tools.send("Network.emulateNetworkConditions", self.conditions(True), session=session)
        return self

    def __exit__(self, *exception):
        self.tools.socket.close()
        self.browser.execute_cdp_cmd("Network.emulateNetworkConditions", self.conditions(False))


def worker_info(browser):
    """What the active worker says of itself: its version, and whether the site may be saved."""
    return browser.execute_async_script("""
        const done = arguments[0];
        navigator.serviceWorker.ready.then(registration => {
          const channel = new MessageChannel();
          channel.port1.onmessage = event => done(event.data);
          registration.active.postMessage({ type: "info" }, [channel.port2]);
        }, error => done({ error: String(error) }));""")


def cached_paths(browser, scope):
    return browser.execute_async_script("""
        const [scope, done] = arguments;
        caches.open("worldfacts " + scope).then(cache => cache.keys())
          .then(keys => done(keys.map(request => request.url.slice(scope.length))), e => done([String(e)]));""",
                                        scope)


def search(browser, text):
    box = browser.find_element(By.CSS_SELECTOR, "#search")
    box.clear()
    box.send_keys(text)
    box.send_keys(Keys.SPACE, Keys.BACKSPACE)


def test_installable_site_works_offline_and_fetches_only_what_changed(installable, chromium, axe_source):
    content, out, server = installable
    browser = chromium
    shell, version, offline = shell_of(out)
    assert sum((out / path).stat().st_size for path, _ in shell) <= 2 * 1024 * 1024
    assert {"index.html", "404.html", "search/entry.js", "countries/index.html"} <= {p for p, _ in shell}

    browser.get(server.url + "index.html")
    wait_for(browser, lambda: browser.execute_script("return !!navigator.serviceWorker.controller"),
             "the service worker never took control of the page")
    assert worker_info(browser)["version"] == version
    cached = set(cached_paths(browser, server.url))
    assert {path for path, _ in shell} <= cached, "the shell is not all cached after install"

    # Visited online: a record page, and the shards of a search.
    browser.get(server.url + "countries/is.html")
    assert "Iceland" in browser.title
    browser.get(server.url + "index.html")
    search(browser, "Icel")
    wait_for(browser, lambda: any("countries/is.html" in href for href in results(browser)), "no result for Icel online")

    seen = len(server.requests)
    with NetworkCut(browser):
        browser.get(server.url + "index.html")
        assert browser.find_element(By.CSS_SELECTOR, "h1")
        search(browser, "Icel")
        wait_for(browser, lambda: any("countries/is.html" in href for href in results(browser)),
                 "offline, the search over visited shards found no Iceland")
        browser.get(server.url + "countries/is.html")
        assert "Iceland" in browser.title, "offline, the visited record page did not open"
        browser.get(server.url + "countries/no.html")
        assert "not found" in browser.title.lower(), \
            f"offline, a page never visited did not get the cached 404 page: {browser.title!r}, {server.requests[seen:]}"
        assert server.requests[seen:] == [], "requests reached the server with the network cut"

    # A rebuild that changes one country: the worker's update fetches the changed shell files alone.
    before = hashes(out)
    countries = json.loads((content / "countries.json").read_text(encoding="utf-8"))
    next(c for c in countries if c["code"] == "IS")["population"] += 1000
    (content / "countries.json").write_text(json.dumps(countries, ensure_ascii=False), encoding="utf-8")
    build(content, out)
    after = hashes(out)
    new_shell, new_version, _ = shell_of(out)
    assert new_version != version
    changed = {path for path, _ in new_shell if before.get(path) != after.get(path)}
    assert changed, "the edit changed no shell file: the test would prove nothing"
    assert len(changed) < len(new_shell)
    seen = len(server.requests)
    browser.execute_async_script("""
        const done = arguments[0];
        navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => done(), () => done());""")
    wait_for(browser, lambda: worker_info(browser).get("version") == new_version,
             "the updated worker never became active")
    fetched = set(server.requests[seen:]) - {"sw.js"}
    assert fetched == changed, f"fetched {sorted(fetched - changed)} unchanged, missed {sorted(changed - fetched)}"

    # Save for offline, on a site within save_kb (50 MB), by the sizes of the files the manifest lists:
    # the button counts to the list's end; then an unvisited page opens offline. All 34,006 cities in
    # seven languages weigh more: no list, no button.
    weight = sum((out / path).stat().st_size for path in after
                 if not path.startswith(".") and path not in ("_headers", "sw.js", "offline-files.json"))
    browser.get(server.url + "index.html")
    box = browser.find_element(By.CSS_SELECTOR, ".offline-save")
    if weight > 51200 * 1024:
        assert not (out / "offline-files.json").exists()
        assert worker_info(browser)["save"] is None and not box.is_displayed()
        assert violations(browser, axe_source) == []
        return
    wait_for(browser, lambda: box.is_displayed(), "the site is small enough to save, and no button is shown")
    assert violations(browser, axe_source) == []
    listed = json.loads((out / "offline-files.json").read_text(encoding="utf-8"))
    box.find_element(By.TAG_NAME, "button").click()
    status = box.find_element(By.CSS_SELECTOR, "[role=status]")
    try:
        WebDriverWait(browser, 120).until(lambda _: status.text == "Saved for offline reading")
    except TimeoutException:
        pytest.fail(f"saving never ended: {status.text!r}, {len(listed)} files listed")
    assert violations(browser, axe_source) == []
    assert len(set(cached_paths(browser, server.url))) >= len(listed)
    seen = len(server.requests)
    with NetworkCut(browser):
        browser.get(server.url + "countries/no.html")
        assert "Norway" in browser.title, "offline after saving, a page never visited did not open"
        assert server.requests[seen:] == []


def test_from_disk_nothing_registers(installable, chromium):
    _, out, _ = installable
    browser = chromium
    browser.get((out / "index.html").as_uri())
    search(browser, "Icel")
    wait_for(browser, lambda: any("countries/is.html" in href for href in results(browser)), "no result for Icel from disk")
    assert browser.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)") is False
    assert not browser.find_element(By.CSS_SELECTOR, ".offline-save").is_displayed()


def test_offline_markup_is_valid_html(installable):
    _, out, _ = installable
    pages = [out / "index.html", out / "countries" / "iceland.html", out / "de" / "index.html", out / "404.html"]
    checked = nu_validator(*pages)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    manifest = json.loads((out / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["name"] == "World Facts"
