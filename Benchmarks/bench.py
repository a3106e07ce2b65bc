"""WorldFacts vs Hugo vs Hugo + Pagefind vs the raw-write floor, on the same records, on this machine, in one run.

Usage: Benchmarks/run [SIZES...]   (sizes: countries, cities15000, cities500, linked15000, linked500, million,
       generated, languages, languages500; default all)
       linked15000 / linked500: the countries and the cities of cities15000 / cities500 as one site of two
       linked collections (make-cities-content --linked), with each country's largest cities and the
       continents as group pages; Hugo builds the same pages with its taxonomies (continents, and each
       country's cities as a term page that the country page takes its ten largest from).
       million: 1,000,000 synthetic cities (make-cities-content --sample 200000 --scale 5 cities500: five
       renamed copies of 200,000 real ones). Hugo and Pagefind do not run at this size (Hugo's peak at
       234,908 cities was 5.7-6.1 GB, and a million would take about four times that, more than this
       machine's memory); worldfacts' time is also given against linear from the 234,908 build of the same
       run, when cities500 ran before it.
       generated: the search alone (Benchmarks/search-bounds) on 28,000 generated titles, "Airport" in nine of
       ten (Tests/site/gensite.py); cities500 runs it too, after its builds.
       languages / languages500: what the shipped site's six other languages cost (Benchmarks/languages-cost):
       the shipped content, and the shipped content with the 234,908 cities of cities500
       (make-cities-content --shipped cities500), each against a copy in English only, clean, no-op, one
       record and `watch`, taking turns.
       BENCH_DIR=/dev/shm/... runs the whole benchmark on tmpfs (default: the system's temporary folder).
       BENCH_RUNS=N (default 3): how many times each build runs; the best wall time is reported.
Prints, per size: wall time, peak RSS (/usr/bin/time -f %M), files written, the ratios to Hugo and to
the floor; then worldfacts' no-op and one-record rebuilds, and `watch`'s (Benchmarks/live.py). Every tool writes into a fresh folder and
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
# On tmpfs each size's outputs are removed when it is done; on disk nothing is deleted until the end.
ON_TMPFS = os.environ.get("BENCH_DIR", "").startswith("/dev/shm")


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
    if size == "million":
        args = ["--sample", "200000", "--scale", "5", "cities500"]
    elif size.startswith("linked"):
        args = ["--linked", size.replace("linked", "cities")]
    else:
        args = [size]
    subprocess.run([HERE / "make-cities-content", *args, folder], check=True, stdout=subprocess.DEVNULL)
    return folder


def record_count(size: str, content: Path) -> int:
    if size.startswith("linked"):
        countries = len(json.loads((content / "countries.json").read_text(encoding="utf-8")))
        return countries + sum(1 for _ in open(content / "cities.tsv", encoding="utf-8")) - 1
    if size == "million":  # one element a line: not parsed into a million dictionaries
        return sum(1 for line in open(content / "cities.json", encoding="utf-8") if line.lstrip().startswith("{"))
    return len(json.loads((content / ("countries.json" if size == "countries" else "cities.json")).read_text(encoding="utf-8")))


HUGO_BASE = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title>'
             '<link rel="stylesheet" href="/assets/style.css"></head><body>{{ block "main" . }}{{ end }}'
             '<footer>Data: GeoNames (CC BY 4.0)</footer></body></html>\n')
HUGO_LIST = ('{{ define "main" }}<h1>{{ .Title }}</h1><ol>{{ range .Pages.ByTitle }}<li><a href="{{ .RelPermalink }}">'
             '{{ .Title }}</a></li>{{ end }}</ol>{{ end }}\n')
HUGO_FACTS = ('<table>{{ range $k, $v := .Params.facts }}<tr><th>{{ $k }}</th><td>{{ $v }}</td></tr>{{ end }}</table>')


def hugo_linked_site(content: Path, work: Path) -> Path:
    """The linked site as Hugo content: a section per collection, a city links its country, a country page
    lists its ten largest cities (from the term page of the `incountry` taxonomy, which lists them all), and
    the continents are a taxonomy (a page per continent and an overview with counts)."""
    site = work / f"hugo-{content.name}"
    if site.exists():
        return site
    countries = json.loads((content / "countries.json").read_text(encoding="utf-8"))
    (site / "layouts/_default").mkdir(parents=True)
    (site / "hugo.toml").write_text(
        'baseURL = "/"\ntitle = "Bench"\ndisableKinds = ["RSS", "sitemap"]\nrelativeURLs = true\n'
        '[taxonomies]\n  continent = "continents"\n  incountry = "incountry"\n')
    (site / "layouts/_default/baseof.html").write_text(HUGO_BASE)
    (site / "layouts/_default/single.html").write_text(
        '{{ define "main" }}<nav><a href="../">Index</a></nav><h1>{{ .Title }}</h1>' + HUGO_FACTS +
        '{{ with .Params.country }}{{ with site.GetPage (printf "/countries/%s" (lower .)) }}'
        '<p>Country: <a href="{{ .RelPermalink }}">{{ .Title }}</a></p>{{ end }}{{ end }}'
        '{{ with .Params.continents }}{{ range . }}<p>Continent: <a href="{{ (site.GetPage (printf "/continents/%s" (urlize .))).RelPermalink }}">{{ . }}</a></p>{{ end }}{{ end }}'
        '{{ with .Params.code }}{{ with index site.Taxonomies.incountry (urlize .) }}<h2>Largest cities</h2><ol>'
        '{{ range first 10 (.Pages.ByParam "population").Reverse }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}'
        '</ol>{{ end }}{{ end }}{{ .Content }}{{ end }}\n')
    (site / "layouts/_default/list.html").write_text(HUGO_LIST)
    (site / "layouts/_default/terms.html").write_text(
        '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Data.Terms.ByCount }}<li><a href="{{ .Page.RelPermalink }}">'
        '{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}</ul>{{ end }}\n')
    (site / "layouts/index.html").write_text(
        '{{ define "main" }}<h1>Index</h1><ul>{{ range .Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> '
        '{{ len .Pages }}</li>{{ end }}</ul>{{ end }}\n')
    for folder in ("countries", "cities"):
        (site / "content" / folder).mkdir(parents=True)
    for country in countries:
        facts = {k: v for k, v in country.items() if k not in ("code", "name") and not isinstance(v, (list, dict))}
        front = {"title": country["name"], "slug": country["code"].lower(), "code": country["code"],
                 "continents": [country.get("continent", "")], "facts": facts}
        (site / f"content/countries/{country['code'].lower()}.md").write_text(json.dumps(front, ensure_ascii=False) + "\n\n", encoding="utf-8")
    with open(content / "cities.tsv", encoding="utf-8") as rows:
        header = next(rows).rstrip("\n").split("\t")
        for line in rows:
            city = dict(zip(header, line.rstrip("\n").split("\t")))
            facts = {k: v for k, v in city.items() if k not in ("geonameid", "name")}
            front = {"title": city["name"], "slug": city["geonameid"], "country": city["country"],
                     "incountry": [city["country"]], "population": int(city["population"] or 0), "facts": facts}
            (site / f"content/cities/{city['geonameid']}.md").write_text(json.dumps(front, ensure_ascii=False) + "\n\n", encoding="utf-8")
    return site


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
    (site / "layouts/_default/baseof.html").write_text(HUGO_BASE)
    (site / "layouts/_default/single.html").write_text(
        '{{ define "main" }}<nav><a href="/">Index</a></nav><h1>{{ .Title }}</h1>' + HUGO_FACTS +
        '{{ .Content }}{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}'
        '{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ end }}\n')
    (site / "layouts/_default/list.html").write_text(HUGO_LIST)
    (site / "layouts/index.html").write_text(
        '{{ define "main" }}<h1>Index</h1>{{ range (where .Site.RegularPages "Section" "records").ByTitle }}'
        '<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ end }}\n')
    for record in records:
        facts = {k: v for k, v in record.items() if k not in (key, title) and not isinstance(v, (list, dict))}
        front = {"title": str(record[title]), "slug": str(record[key]).lower(), "facts": facts}
        (site / f"content/records/{str(record[key]).lower()}.md").write_text(json.dumps(front, ensure_ascii=False) + "\n\n", encoding="utf-8")
    return site


PAGEFIND = [sys.executable, "-m", "pagefind"]


def pagefind(site: Path):
    """Pagefind's index of a built site, into the site's own pagefind/ folder: (seconds, peak RSS in MB)."""
    seconds, peak, _ = timed([*PAGEFIND, "--site", site, "--quiet"])
    return seconds, peak


def best(runs):
    """The fastest of several (seconds, peak MB, stdout) runs, with the highest peak of them all."""
    fastest = min(runs, key=lambda run: run[0])
    return fastest[0], max(run[1] for run in runs), fastest[2]


def rebuilds(content: Path, work: Path, out: Path):
    """worldfacts no-op and one-record rebuilds: a copy of the content with one population changed,
    once more for every run. Returns the best of each and the files the one-record rebuild wrote."""
    # The snapshot's cache is in the work folder, so that on tmpfs the rebuild's snapshot is too (by default
    # it is in ~/.cache, on the disk, whose writeback made one-record rebuilds swing 0.9-2.7 s).
    build = [WORLDFACTS, "build", "--templates", ROOT / "Templates", "--output", out, "--cache-dir", work / "cache"]
    edited = work / f"edited-{content.name}"
    shutil.copytree(content, edited)
    config = (edited / "site.yml").read_text()
    records_file = edited / re.search(r"^\s*file:\s*(\S+)", config, re.M).group(1)
    if (edited / "cities.tsv").exists():  # a linked site: one city changes
        records_file = edited / "cities.tsv"
    original = records_file.read_text(encoding="utf-8")

    def edit(text: str, by: int) -> str:
        """The records with one population changed by `by`."""
        if records_file.suffix == ".tsv":  # the population (sixth column) of the thousandth city
            lines = text.split("\n")
            cells = lines[1000].split("\t")
            cells[5] = str(int(cells[5]) + by)
            lines[1000] = "\t".join(cells)
            return "\n".join(lines)
        return re.sub(r'"population": (\d+)', lambda m: f'"population": {int(m.group(1)) + by}', text, count=1)

    noops, ones, written = [], [], set()
    # The copy is edited and built once, untimed, before the timed edits: the load's cache is kept by
    # the records file's path, so the first edit's rebuild from another folder than the last build's
    # reads every record (3.9 s at 235k), which is a moved folder's cost, not an edit's.
    for run in range(RUNS):
        noops.append(timed(build + ["--content", content if run == 0 else edited, "--quiet"]))
        text = edit(original, run + 1)
        if run == 0:
            records_file.write_text(edit(original, 1000), encoding="utf-8")
            timed(build + ["--content", edited, "--quiet"])
        records_file.write_text(text, encoding="utf-8")
        ones.append(timed(build + ["--content", edited]))
        written.add(int(re.search(r"([\d,]+) files? written", ones[-1][2]).group(1).replace(",", "")))
    noop, one = best(noops), best(ones)
    return noop[0], one[0], "/".join(map(str, sorted(written))), one[1]


def main(sizes):
    if os.environ.get("BENCH_DIR"):  # a folder on tmpfs is gone after a reboot: made when missing
        os.makedirs(os.environ["BENCH_DIR"], exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="worldfacts-bench-", dir=os.environ.get("BENCH_DIR")))
    floor = work / "floor"
    subprocess.run(["cc", "-O2", "-o", floor, HERE / "floor.c"], check=True)
    hugo_version = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.strip()
    print(f"# {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {hugo_version.split()[0]} {hugo_version.split()[1]}, best of {RUNS} runs")
    print(f"{'records':>8} {'tool':<14} {'wall s':>8} {'peak MB':>8} {'files':>8} {'MB out':>8} {'÷ hugo':>7} {'÷ floor':>7}")
    clean, counts = {}, {}
    try:
        for size in [size for size in sizes if size not in ("generated", "languages", "languages500")]:
            content = content_for(size, work)
            records = record_count(size, content)
            with_hugo = size != "million"
            if not with_hugo:
                hugo_src = None
            elif size.startswith("linked"):
                hugo_src = hugo_linked_site(content, work)
            else:
                hugo_src = hugo_site(content, work)
            runs = {"worldfacts": [], "hugo": [], "hugo+pagefind": [], "floor": []}
            for run in range(RUNS):
                wf_out = work / f"out-worldfacts-{size}-{run}"
                runs["worldfacts"].append(timed([WORLDFACTS, "build", "--content", content, "--templates", ROOT / "Templates", "--output", wf_out, "--cache-dir", work / "cache", "--quiet"]))
                wf_files, wf_bytes = tree(wf_out)
                if with_hugo:
                    hugo_out = work / f"out-hugo-{size}-{run}"
                    runs["hugo"].append(timed(["hugo", "--quiet", "--source", hugo_src, "--destination", hugo_out]))
                    hugo_files, hugo_bytes = tree(hugo_out)
                    pf_seconds, pf_peak = pagefind(hugo_out)
                    runs["hugo+pagefind"].append((runs["hugo"][-1][0] + pf_seconds, max(runs["hugo"][-1][1], pf_peak), ""))
                    pf_files, pf_bytes = tree(hugo_out)
                runs["floor"].append(timed([floor, work / f"out-floor-{size}-{run}", wf_files, wf_bytes]))
            wf, fl = best(runs["worldfacts"]), best(runs["floor"])
            clean[size], counts[size] = wf[0], records
            rows = [("worldfacts", wf, wf_files, wf_bytes)]
            if with_hugo:
                hugo, hpf = best(runs["hugo"]), best(runs["hugo+pagefind"])
                rows += [("hugo", hugo, hugo_files, hugo_bytes), ("hugo+pagefind", hpf, pf_files, pf_bytes)]
            rows.append(("floor", fl, wf_files, wf_bytes))
            for name, (seconds, peak, _), files, size_bytes in rows:
                to_hugo = f"{seconds / hugo[0]:>7.2f}" if with_hugo else f"{'-':>7}"
                print(f"{records:>8} {name:<14} {seconds:>8.2f} {peak:>8.0f} {files:>8} {size_bytes / 1e6:>8.1f} "
                      f"{to_hugo} {seconds / fl[0]:>7.2f}", flush=True)
            if with_hugo:
                print(f"{records:>8} {'':<14} worldfacts ÷ hugo+pagefind {wf[0] / hpf[0]:.3f}", flush=True)
            else:
                print(f"{records:>8} {'':<14} Hugo and Pagefind not run: about four times their 235k peak (5.7-6.1 GB) is more than this machine's memory", flush=True)
            if size == "million" and "cities500" in clean:
                linear = clean["cities500"] * records / counts["cities500"]
                print(f"{records:>8} {'':<14} worldfacts ÷ linear from {counts['cities500']} (same run, {linear:.2f} s): {wf[0] / linear:.3f}", flush=True)
            linked_to = size.replace("linked", "cities")
            if size.startswith("linked") and linked_to in clean:
                print(f"{records:>8} {'':<14} linked ÷ one collection ({linked_to}, same run): {wf[0] / clean[linked_to]:.2f}", flush=True)
            if ON_TMPFS:  # the other tools' outputs go first: the rebuilds and watch need room (and inodes)
                for folder in work.glob(f"out-*-{size}-*"):
                    if folder.name != f"out-worldfacts-{size}-0":
                        shutil.rmtree(folder, ignore_errors=True)
            noop, one, written, peak = rebuilds(content, work, work / f"out-worldfacts-{size}-0")
            print(f"{records:>8} {'no-op':<14} {noop:>8.2f}   one-record rebuild {one:.2f} s, {written} files written, peak {peak:.0f} MB", flush=True)
            # watch: an edit's time from the file's write to the rebuild line (live.py); at 34k linked,
            # 200 random edits each compared with a clean build.
            live_args = ["--check", "--edits", "200"] if size == "linked15000" else ["--edits", "10"]
            live = subprocess.run([sys.executable, HERE / "live.py", content, *live_args], capture_output=True, text=True)
            for line in live.stdout.splitlines():
                if line.startswith("# ") and "edits" in line or "differ from a clean build" in line:
                    print(f"{records:>8} {'watch':<14} {line.lstrip('# ')}", flush=True)
            if live.returncode != 0:
                sys.exit(f"live.py failed:\n{live.stdout[-3000:]}\n{live.stderr[-3000:]}")
            if size == "cities500":
                search_bounds(content, "--glob", "cities/*.html", "--unsearched", "latitude", "--searched",
                              "asciiname", "--score", "population")
            if ON_TMPFS:  # memory, not disk: a size's outputs go before the next size's (about 10 GB at 235k)
                for folder in work.glob(f"out-*-{size}-*"):
                    shutil.rmtree(folder, ignore_errors=True)
        if "generated" in sizes:
            # A collection nobody here wrote: 28,000 titles of Zipf words in five scripts, "Airport" in nine
            # of ten, common first words, duplicates (Tests/site/gensite.py).
            sys.path.insert(0, str(ROOT / "Tests/site"))
            import gensite
            generated = work / "content-generated"
            gensite.write_site(generated, 20261201, 28000)
            print("   28000 generated", flush=True)
            search_bounds(generated, "--glob", "places/*.html", "--unsearched", "elevation", "--searched", "name",
                          "--score", "population", "--queries",
                          "san fr,airport,airport ,new y,Saint p,lake airp,port k,ka,mi airport")
        for size in [size for size in sizes if size in ("languages", "languages500")]:
            languages_cost(size, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def languages_cost(size: str, work: Path):
    """Benchmarks/languages-cost: the shipped site's seven languages against English only, in turns; on the
    shipped content, or (languages500) on it with the cities of cities500."""
    content = ROOT / "Content"
    if size == "languages500":
        content = work / "content-languages500"
        subprocess.run([HERE / "make-cities-content", "--shipped", "cities500", content], check=True,
                       stdout=subprocess.DEVNULL)
    result = subprocess.run([sys.executable, HERE / "languages-cost", WORLDFACTS], capture_output=True, text=True,
                            env=dict(os.environ, CONTENT=str(content), RUNS=str(RUNS), BENCH_DIR=str(work)))
    for line in result.stdout.splitlines():
        print(f"{size:>12} {line.strip()}", flush=True)
    if result.returncode != 0:
        sys.exit(f"languages-cost failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    if content != ROOT / "Content":
        shutil.rmtree(content, ignore_errors=True)


def search_bounds(content: Path, *args):
    """Benchmarks/search-bounds on a content folder, with the tests' Python (Selenium): the search's cost per
    keystroke and the files a one-record edit rewrites, beside Pagefind's."""
    python = ROOT / ".venv/bin/python"
    result = subprocess.run([python, HERE / "search-bounds", content, "--bin", WORLDFACTS, *map(str, args)],
                            capture_output=True, text=True)
    for line in result.stdout.splitlines():
        print(f"{'':>8} {'search':<14} {line.strip()}", flush=True)
    if result.returncode != 0:
        sys.exit(f"search-bounds failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["countries", "cities15000", "cities500", "linked15000", "linked500", "million", "generated",
                          "languages", "languages500"])
