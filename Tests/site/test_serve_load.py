"""The preview server under load, on 127.0.0.1 only, bounded and self-stopping (an asyncio client, no tool):

- 200 keep-alive connections make 20,000 requests (4,000 in make test: pages, assets, shards, misses) while
  50 slowloris connections hold half-sent requests open;
- 50 live-reload clients connect, 25 of them drop, and a rebuild must reach each of the other 25;
- no request fails, and afterwards the server's open file descriptors are back to their baseline and its
  memory is within a few megabytes of where it was after the first round (a heartbeat every second is
  how the server finds the reload clients that went without a word).
Prints the figures (requests per second, latency, descriptors, memory); run with -s to see them."""
import asyncio
import os
import random
import re
import time
from pathlib import Path


from conftest import Running, scaled

CONNECTIONS, REQUESTS, IDLE, RELOAD_CLIENTS = 200, scaled(20_000, 4_000), 50, 50


def fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def rss_mb(pid):
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024


async def read_response(reader):
    status_line = await reader.readline()
    status = int(status_line.split()[1])
    headers = {}
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            break
        name, value = line.decode("latin-1").split(":", 1)
        headers[name.strip().lower()] = value.strip()
    body = await reader.readexactly(int(headers.get("content-length", "0")))
    return status, body


async def client(port, paths, count, latencies):
    """One keep-alive connection making `count` requests; returns the errors it saw."""
    errors = []
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for _ in range(count):
            path, expected = random.choice(paths)
            started = time.monotonic()
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            await writer.drain()
            status, body = await asyncio.wait_for(read_response(reader), 30)
            latencies.append(time.monotonic() - started)
            if status != expected or (status == 200 and not body):
                errors.append(f"{path}: {status}")
    finally:
        writer.close()
    return errors


async def slowloris(port, opened):
    """A connection that sends half a request and then nothing: it must not keep others waiting."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    await writer.drain()
    opened.append(writer)


async def reload_client(port, drop, notified):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /__worldfacts/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    await writer.drain()
    while (await reader.readline()) not in (b"\r\n", b""):
        pass
    if drop:
        writer.close()
        return None
    return reader, writer


async def wait_for_reload(reader, writer):
    try:
        while True:
            line = await asyncio.wait_for(reader.readline(), 30)
            if b"data: reload" in line:
                return True
            if not line:
                return False
    finally:
        writer.close()


def test_serve_holds_load_slow_clients_and_many_reload_clients(project):
    running = Running(["serve", "--port", "0"], cwd=project)
    server, lines, wait_for = running.process, running.lines, running.wait_for_line
    try:
        port = int(wait_for(r"at http://127\.0\.0\.1:(\d+)/").group(1))
        wait_for(r"^build: 252 records")
        pages = sorted(p.relative_to(project / "Output") for p in (project / "Output").rglob("*.html"))
        shards = sorted(p.relative_to(project / "Output") for p in (project / "Output/search").rglob("*.js"))
        paths = [(f"/{p}", 200) for p in pages + shards[:200]]
        assets = sorted(p.relative_to(project / "Output") for p in (project / "Output/assets").iterdir())
        paths += [(f"/{p}", 200) for p in assets] + [("/countries/nowhere.html", 404)]

        async def round_of_load(figures):
            opened = []
            await asyncio.gather(*(slowloris(port, opened) for _ in range(IDLE)))
            latencies = []
            started = time.monotonic()
            errors = await asyncio.gather(*(client(port, paths, REQUESTS // CONNECTIONS, latencies)
                                            for _ in range(CONNECTIONS)))
            figures["seconds"] = time.monotonic() - started
            figures["latencies"] = sorted(latencies)
            figures["errors"] = [e for group in errors for e in group]
            for writer in opened:
                writer.close()

        async def reloads():
            clients = await asyncio.gather(*(reload_client(port, n % 2 == 0, None) for n in range(RELOAD_CLIENTS)))
            kept = [c for c in clients if c]
            count = len(lines)
            path = project / "Content/countries.json"
            path.write_text(path.read_text(encoding="utf-8").replace('"population": 353574', '"population": 353575'),
                            encoding="utf-8")
            results = await asyncio.gather(*(wait_for_reload(*c) for c in kept))
            return len(kept), sum(results), count

        pid = server.pid
        warmup = {}
        asyncio.run(round_of_load(warmup))
        time.sleep(0.5)
        baseline_fds, baseline_rss = fds(pid), rss_mb(pid)
        figures = {}
        asyncio.run(round_of_load(figures))
        kept, notified, count = asyncio.run(reloads())
        wait_for(r"^changed .*countries\.json", after=count)
        # The server learns that a client has gone when it writes to it: the heartbeat, every second, does.
        time.sleep(3.0)
        after_fds, after_rss = fds(pid), rss_mb(pid)

        latencies = figures["latencies"]
        print(f"\nserve under load: {len(latencies)} requests over {CONNECTIONS} connections with {IDLE} slow ones "
              f"in {figures['seconds']:.2f} s ({len(latencies) / figures['seconds']:.0f}/s); latency p50 "
              f"{latencies[len(latencies) // 2] * 1000:.1f} ms, p99 {latencies[len(latencies) * 99 // 100] * 1000:.1f} ms,"
              f" max {latencies[-1] * 1000:.1f} ms; errors {len(figures['errors'])}; reload clients notified "
              f"{notified}/{kept}; descriptors {baseline_fds} -> {after_fds}; memory {baseline_rss:.0f} -> "
              f"{after_rss:.0f} MB")
        assert figures["errors"] == [] and warmup["errors"] == []
        assert len(latencies) == REQUESTS
        assert kept == RELOAD_CLIENTS // 2 and notified == kept, "every reload client still connected is told"
        assert after_fds <= baseline_fds + 2, "connections closed by their clients are closed by the server"
        assert after_rss <= baseline_rss + 16, "memory comes back to where the first round left it"
        assert server.poll() is None
    finally:
        running.stop()
