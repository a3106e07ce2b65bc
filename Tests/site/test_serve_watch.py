"""`worldfacts watch` and `worldfacts serve`, run as the real binary on a copy of the shipped content:
rebuilds on edits, keeps the last good site on a bad edit, serves Output on a free loopback port with
the right content types and the site's 404 page, refuses traversal, and fires its reload channel."""
import http.client
import os
import re
import time
from pathlib import Path

import pytest

from conftest import Running


def set_population(content: Path, code: str, population: int):
    path = content / "countries.json"
    text = path.read_text(encoding="utf-8")
    start = text.index(f'"code": "{code}"')
    head, tail = text[:start], text[start:]
    tail = re.sub(r'"population": \d+', f'"population": {population}', tail, count=1)
    path.write_text(head + tail, encoding="utf-8")


def test_watch_rebuilds_an_edit_and_survives_bad_input(project):
    watch = Running(["watch"], cwd=project)
    try:
        watch.wait_for_line(r"^build: 252 records")
        page = project / "Output/countries/is.html"
        assert "353,574" in page.read_text(encoding="utf-8")
        time.sleep(0.2)
        edited = time.monotonic()
        set_population(project / "Content", "IS", 400000)
        # How soon is a figure of the benchmarks (`make bench`, `watch` edit), not a limit here: the tests
        # share two cores with four other groups.
        while "400,000" not in page.read_text(encoding="utf-8"):
            assert time.monotonic() - edited < 120, "the edit was not built"
            time.sleep(0.02)
        print(f"\nwatch: the edit on the page after {time.monotonic() - edited:.2f} s")
        line = watch.wait_for_line(r"^changed .*countries\.json: 252 records: ([\d,]+) files written")
        # The shards that show Iceland: those of its name and capital, and those of the full-text scope, one
        # per first letter of its note's words, and the previews above them.
        shown = [p for p in (project / "Output/search").rglob("*.js") if '"is",[' in p.read_text(encoding="utf-8")]
        previews = [p for p in (project / "Output/search").rglob("p-*.js")]
        assert 1 < int(line.group(1)) <= 4 + len(shown) + len(previews), \
            "one population change rewrites its page, the index, the shards that show it, the manifest and the entry"
        assert len(shown) < 40

        before = page.read_bytes()
        count = len(watch.lines)
        (project / "Content/countries.json").write_text("[{", encoding="utf-8")
        watch.wait_for_line(r"build failed in step 'load content'; keeping the last good site", after=count)
        assert any("countries.json:1:3: error: malformed JSON" in line for line in watch.lines[count:])
        assert watch.process.poll() is None, "watch exited on a content error"
        assert page.read_bytes() == before
    finally:
        watch.stop()


def request(port, path, method="GET"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request(method, path)  # the path goes out exactly as given: no client-side normalising
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, response.getheader("Content-Type"), body


@pytest.fixture()
def served(project):
    (project / "Output").mkdir()
    (project / "secret.txt").write_text("secret", encoding="utf-8")
    server = Running(["serve", "--port", "0"], cwd=project)
    try:
        port = int(server.wait_for_line(r"at http://127\.0\.0\.1:(\d+)/").group(1))
        server.wait_for_line(r"^build: 252 records")
        yield project, port, server
    finally:
        server.stop()


def test_serve_answers_with_content_types_and_the_404_page(served):
    project, port, _ = served
    status, kind, body = request(port, "/")
    assert (status, kind) == (200, "text/html; charset=utf-8")
    assert b"/__worldfacts/events" in body, "the reload snippet is added when serving"
    assert b"/__worldfacts/events" not in (project / "Output/index.html").read_bytes(), "…and never written into Output"
    assert request(port, "/countries/is.html")[:2] == (200, "text/html; charset=utf-8")
    (stylesheet,) = (project / "Output/assets").glob("style.*.css")
    (script,) = (project / "Output/assets").glob("search.*.js")
    assert request(port, f"/assets/{stylesheet.name}")[:2] == (200, "text/css; charset=utf-8")
    assert request(port, f"/assets/{script.name}")[:2] == (200, "text/javascript; charset=utf-8")
    (shard,) = (project / "Output/search/name").glob("l-69.*.js")
    assert request(port, f"/search/name/{shard.name}")[:2] == (200, "text/javascript; charset=utf-8")
    assert request(port, "/search/entry.js")[:2] == (200, "text/javascript; charset=utf-8")
    status, kind, body = request(port, "/countries/nowhere.html")
    assert status == 404 and b"Page not found" in body and b'<base href="/">' in body


def test_serve_refuses_every_path_outside_output(served):
    project, port, _ = served
    os.symlink(project / "secret.txt", project / "Output/leak.txt")
    for path in ["/../secret.txt", "/countries/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
                 "/..%2f..%2fsecret.txt", "/leak.txt", "/.worldfacts-manifest.json", "/.worldfacts/manifest.json"]:
        status, _, body = request(port, path)
        assert status in (400, 403, 404), f"{path}: {status}"
        assert b"secret" not in body, path


def test_serve_fires_the_reload_channel_after_an_edit(served):
    project, port, server = served
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", "/__worldfacts/events")
    response = connection.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/event-stream"
    assert response.readline() == b": connected\n"
    response.readline()
    set_population(project / "Content", "FR", 1234)
    started = time.monotonic()
    # Heartbeat comments (": heartbeat", every second) may come first; then the reload, as soon as the
    # rebuild is written (how soon is a figure of the benchmarks, not a limit here).
    line = response.readline()
    while line in (b": heartbeat\n", b"\n"):
        line = response.readline()
    assert line == b"data: reload\n"
    print(f"\nserve: the reload after {time.monotonic() - started:.2f} s")
    connection.close()
