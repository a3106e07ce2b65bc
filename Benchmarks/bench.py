"""WorldFacts vs Hugo vs the raw-write floor, on the same records, on this machine, in one run.

Usage: Benchmarks/run [SIZES...]   (sizes: countries, cities15000, cities500; default all three)
       BENCH_RUNS=N (default 3): how many times each build runs; the best wall time is reported.
Prints, per size: wall time, peak RSS (/usr/bin/time -f %M), files written, the ratios to Hugo and to
the floor; then worldfacts' no-op and one-record rebuilds. Every tool writes into a fresh folder and
nothing is deleted until the end, so no tool pays for another's deleted inodes (ext4 slows inode
allocation for a while after a large delete). Before every timed run the file system is synced, so no
run pays for writing back what the one before it wrote; the tools take turns, run after run, so a
slow spell of the shared disk falls on all of them alike."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORLDFACTS = ROOT / ".build/release/worldfacts"


RUNS = int(os.environ.get("BENCH_RUNS", "3"))


def timed(args, cwd=None):
    """Runs a command under /usr/bin/time, after a sync; returns (seconds, peak RSS in MB, stdout)."""
    os.sync()
    start = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *map(str, args)], cwd=cwd, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, args))}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    peak_kb = int(result.stderr.strip().splitlines()[-1])
    return seconds, peak_kb / 1024, result.stdout


def tree(folder: Path):
    files = total = 0
    for path, _, names in os.walk(folder):
        for name in names:
            files += 1
            total += os.path.getsize(os.path.join(path, name))
    return files, total


def content_for(size: str, work: Path) -> Path:
    if size == "countries":
        return ROOT / "Content"
    folder = work / f"content-{size}"
    subprocess.run([HERE / "make-cities-content", size, folder], check=True, stdout=subprocess.DEVNULL)
    return folder


def hugo_site(content: Path, work: Path) -> Path:
    """The same records as Hugo content: one Markdown file with front matter per record, a list page,
    and templates showing the same facts."""
    site = work / f"hugo-{content.name}"
    if site.exists():
        return site
    config = content / "site.yml"
    records_file = re.search(r"^\s*file:\s*(\S+)", config.read_text(), re.M).group(1)
    key = re.search(r"^\s*key:\s*(\S+)", config.read_text(), re.M).group(1)
    title = re.search(r"^\s*title:\s*(\S+)", config.read_text().split("records:")[1], re.M).group(1)
    records = json.loads((content / records_file).read_text(encoding="utf-8"))
    (site / "content/records").mkdir(parents=True)
    (site / "layouts/_default").mkdir(parents=True)
    (site / "hugo.toml").write_text('baseURL = "/"\ntitle = "Bench"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n'
                                    'relativeURLs = true\n[markup.goldmark.renderer]\nunsafe = false\n')
    (site / "layouts/_default/baseof.html").write_text(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title>'
        '<link rel="stylesheet" href="/assets/style.css"></head><body>{{ block "main" . }}{{ end }}'
        '<footer>Data: GeoNames (CC BY 4.0)</footer></body></html>\n')
    (site / "layouts/_default/single.html").write_text(
        '{{ define "main" }}<nav><a href="/">Index</a></nav><h1>{{ .Title }}</h1><table>'
        '{{ range $k, $v := .Params.facts }}<tr><th>{{ $k }}</th><td>{{ $v }}</td></tr>{{ end }}</table>'
        '{{ .Content }}{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}'
        '{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ end }}\n')
    (site / "layouts/_default/list.html").write_text(
        '{{ define "main" }}<h1>{{ .Title }}</h1><ol>{{ range .Pages.ByTitle }}<li><a href="{{ .RelPermalink }}">'
        '{{ .Title }}</a></li>{{ end }}</ol>{{ end }}\n')
    (site / "layouts/index.html").write_text(
        '{{ define "main" }}<h1>Index</h1>{{ range (where .Site.RegularPages "Section" "records").ByTitle }}'
        '<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ end }}\n')
    for record in records:
        facts = {k: v for k, v in record.items() if k not in (key, title) and not isinstance(v, (list, dict))}
        front = {"title": str(record[title]), "slug": str(record[key]).lower(), "facts": facts}
        (site / f"content/records/{str(record[key]).lower()}.md").write_text(json.dumps(front, ensure_ascii=False) + "\n\n", encoding="utf-8")
    return site


def best(runs):
    """The fastest of several (seconds, peak MB, stdout) runs, with the highest peak of them all."""
    fastest = min(runs, key=lambda run: run[0])
    return fastest[0], max(run[1] for run in runs), fastest[2]


def rebuilds(content: Path, work: Path, out: Path):
    """worldfacts no-op and one-record rebuilds: a copy of the content with one population changed,
    once more for every run. Returns the best of each and the files the one-record rebuild wrote."""
    build = [WORLDFACTS, "build", "--templates", ROOT / "Templates", "--output", out]
    edited = work / f"edited-{content.name}"
    shutil.copytree(content, edited)
    config = (edited / "site.yml").read_text()
    records_file = edited / re.search(r"^\s*file:\s*(\S+)", config, re.M).group(1)
    original = records_file.read_text(encoding="utf-8")
    noops, ones, written = [], [], set()
    for run in range(RUNS):
        noops.append(timed(build + ["--content", content if run == 0 else edited, "--quiet"]))
        text = re.sub(r'"population": (\d+)', lambda m: f'"population": {int(m.group(1)) + run + 1}', original, count=1)
        records_file.write_text(text, encoding="utf-8")
        ones.append(timed(build + ["--content", edited]))
        written.add(int(re.search(r"(\d+) files written", ones[-1][2]).group(1)))
    noop, one = best(noops), best(ones)
    return noop[0], one[0], "/".join(map(str, sorted(written))), one[1]


def main(sizes):
    work = Path(tempfile.mkdtemp(prefix="worldfacts-bench-", dir=os.environ.get("BENCH_DIR")))
    floor = work / "floor"
    subprocess.run(["cc", "-O2", "-o", floor, HERE / "floor.c"], check=True)
    hugo_version = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.strip()
    print(f"# {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {hugo_version.split()[0]} {hugo_version.split()[1]}, best of {RUNS} runs")
    print(f"{'records':>8} {'tool':<10} {'wall s':>8} {'peak MB':>8} {'files':>8} {'MB out':>8} {'÷ hugo':>7} {'÷ floor':>7}")
    try:
        for size in sizes:
            content = content_for(size, work)
            records = len(json.loads((content / ("countries.json" if size == "countries" else "cities.json")).read_text(encoding="utf-8")))
            hugo_src = hugo_site(content, work)
            runs = {"worldfacts": [], "hugo": [], "floor": []}
            for run in range(RUNS):
                wf_out = work / f"out-worldfacts-{size}-{run}"
                runs["worldfacts"].append(timed([WORLDFACTS, "build", "--content", content, "--templates", ROOT / "Templates", "--output", wf_out, "--quiet"]))
                wf_files, wf_bytes = tree(wf_out)
                hugo_out = work / f"out-hugo-{size}-{run}"
                runs["hugo"].append(timed(["hugo", "--quiet", "--source", hugo_src, "--destination", hugo_out]))
                hugo_files, hugo_bytes = tree(hugo_out)
                runs["floor"].append(timed([floor, work / f"out-floor-{size}-{run}", wf_files, wf_bytes]))
            wf, hugo, fl = best(runs["worldfacts"]), best(runs["hugo"]), best(runs["floor"])
            for name, (seconds, peak, _), files, size_bytes in [
                ("worldfacts", wf, wf_files, wf_bytes), ("hugo", hugo, hugo_files, hugo_bytes), ("floor", fl, wf_files, wf_bytes)]:
                print(f"{records:>8} {name:<10} {seconds:>8.2f} {peak:>8.0f} {files:>8} {size_bytes / 1e6:>8.1f} "
                      f"{seconds / hugo[0]:>7.2f} {seconds / fl[0]:>7.2f}", flush=True)
            noop, one, written, peak = rebuilds(content, work, work / f"out-worldfacts-{size}-0")
            print(f"{records:>8} {'no-op':<10} {noop:>8.2f}   one-record rebuild {one:.2f} s, {written} files written, peak {peak:.0f} MB", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:] or ["countries", "cities15000", "cities500"])
