"""worldfacts watch: how long an edit takes to reach the site, and whether the live model builds what a
clean build does.

Usage: Benchmarks/live.py CONTENT_FOLDER [--edits N] [--check] [--command-line]
  Copies the content, starts `worldfacts watch` on the copy, and changes one city's population (or, in
  a site of one collection, one record's population) N times (default 20). Prints, per edit, the time
  from the end of the file's write to watch's rebuild line, then the median and the best.
  --check: the edits are random (values, names, added and removed records, notes) and after every one
  the watched folder is compared with a clean build of the same content, file by file, manifest
  entries included; exits non-zero at the first difference.
  --command-line: each edit is built by `worldfacts build` from the command line instead, from the
  snapshot the last build saved in a cache folder (the time is the build's, from its start).
Run by Benchmarks/run (make bench) after bench.py."""
import hashlib
import json
import os
import queue
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORLDFACTS = Path(os.environ.get("WORLDFACTS", ROOT / ".build/release/worldfacts"))  # another binary, to compare
MANIFEST = ".worldfacts/manifest.json"


def save(path: Path, text: str):
    """Writes as editors save: a new file renamed over the old one, so the watcher never sees half of it."""
    temporary = path.with_name(path.name + ".saving~")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def records_file(content: Path) -> Path:
    if (content / "cities.tsv").exists():
        return content / "cities.tsv"
    config = (content / "site.yml").read_text()
    return content / re.search(r"^\s*file:\s*(\S+)", config, re.M).group(1)


class Watch:
    """`worldfacts watch` in the background, its lines in a queue."""

    def __init__(self, content: Path, output: Path):
        self.process = subprocess.Popen(
            [WORLDFACTS, "watch", "--stats", "--content", content, "--templates", ROOT / "Templates", "--output", output],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))

    def next_build(self, timeout=600):
        """The next summary line ("build: …" or "changed …: …"), with the time it came."""
        while True:
            at, line = self.lines.get(timeout=timeout)
            if re.match(r"^(build|changed [^:]*): ", line):
                return at, line

    def stop(self):
        self.process.terminate()
        self.process.wait()


class CommandLineBuilds:
    """`worldfacts build` of the content after each edit, from the snapshot in a cache folder of its own, as
    `Watch` gives `watch`'s builds: each build's summary line as "build: …", with the time it ended."""

    def __init__(self, content: Path, output: Path):
        self.command = [WORLDFACTS, "build", "--content", content, "--templates", ROOT / "Templates",
                        "--output", output, "--cache-dir", output.parent / "cache"]
        self.started = None

    def next_build(self, timeout=600):
        self.started = time.monotonic()
        run = subprocess.run(self.command, capture_output=True, text=True, timeout=timeout)
        lines = run.stdout.strip().split("\n")
        if run.returncode != 0:
            return time.monotonic(), f"build failed: {run.stdout[-2000:]}{run.stderr[-2000:]}"
        return time.monotonic(), "build: " + lines[0]

    def stop(self):
        pass


def population_edit(path: Path, rng: random.Random):
    """One record's population set to a new number; the text before and after."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".tsv":
        lines = text.split("\n")
        line = rng.randrange(1, len(lines) - 1)
        cells = lines[line].split("\t")
        cells[5] = str(rng.randrange(0, 40_000_000))
        lines[line] = "\t".join(cells)
        return "\n".join(lines)
    matches = list(re.finditer(r'"population": (\d+)', text))
    match = rng.choice(matches)
    return text[:match.start(1)] + str(rng.randrange(1, 900_000_000)) + text[match.end(1):]


def random_edit(content: Path, rng: random.Random) -> str:
    """A random edit for --check: mostly values, sometimes names, records added or removed, notes."""
    path = records_file(content)
    kind = rng.randrange(100)
    if kind < 60 or path.suffix != ".tsv":
        save(path, population_edit(path, rng))
        return "population"
    lines = path.read_text(encoding="utf-8").split("\n")
    line = rng.randrange(1, len(lines) - 1)
    cells = lines[line].split("\t")
    if kind < 70:
        cells[6] = rng.choice(["Europe/Zurich", "Asia/Tokyo", "UTC"])
        lines[line] = "\t".join(cells)
        done = "time zone"
    elif kind < 80:
        cells[1] = rng.choice(["Aa", "Zz", "Éa", "Ñu"]) + f" {kind}"
        lines[line] = "\t".join(cells)
        done = "name"
    elif kind < 88:
        key = 900_000_000 + rng.randrange(1_000_000)
        lines.insert(len(lines) - 1, f"{key}\tNew {key}\tNew {key}\tCH\t01\t{key % 99_999}\tEurope/Zurich\t46.5\t7.5")
        done = "added"
    elif kind < 95:
        del lines[line]
        done = "removed"
    else:
        notes = content / "notes"
        notes.mkdir(exist_ok=True)
        (notes / "CH.md").write_text(f"A note, edit {kind}.\n")
        return "note"
    save(path, "\n".join(lines))
    return done


def digest(folder: Path):
    files = {}
    for path, _, names in os.walk(folder):
        for name in names:
            full = Path(path) / name
            relative = str(full.relative_to(folder))
            if relative == ".worldfacts/folders":  # the folders' stamps: times and inodes, one build's
                files[relative] = "present"
            elif relative == MANIFEST:
                manifest = json.loads(full.read_bytes())
                files[relative] = hashlib.sha256(
                    json.dumps({k: manifest[k] for k in sorted(manifest)}, sort_keys=True).encode()).hexdigest()
            else:
                files[relative] = hashlib.sha256(full.read_bytes()).hexdigest()
    return files


def main():
    args = sys.argv[1:]
    content = Path(args[0])
    edits = int(args[args.index("--edits") + 1]) if "--edits" in args else 20
    check = "--check" in args
    command_line = "--command-line" in args
    work = Path(tempfile.mkdtemp(prefix="worldfacts-live-", dir=os.environ.get("BENCH_DIR")))
    try:
        watched = work / "content"
        shutil.copytree(content, watched)
        watch = (CommandLineBuilds if command_line else Watch)(watched, work / "out")
        _, first = watch.next_build()
        if not re.match(r"^build: [\d,]+ records", first):
            watch.stop()
            sys.exit(f"the first build failed: {first}")
        records = first.split(":")[1].split()[0]
        print(f"# live: {records} records, first build: {first}", flush=True)
        rng = random.Random(20261123)
        times, live, differing = [], 0, 0
        for number in range(1, edits + 1):
            if not command_line:
                time.sleep(0.3)  # the watcher's snapshot settles between edits
            if check:
                done = random_edit(watched, rng)
            else:
                path = records_file(watched)
                text = population_edit(path, rng)
                save(path, text)
                done = "population"
            written = time.monotonic()
            at, line = watch.next_build()
            times.append(at - (watch.started if command_line else written))
            live += "from the live model" in line or "from the last build's snapshot" in line
            if "build failed" in line:
                watch.stop()
                sys.exit(f"edit {number} ({done}): {line}")
            if check:
                fresh = work / "fresh"
                shutil.rmtree(fresh, ignore_errors=True)
                subprocess.run([WORLDFACTS, "build", "--quiet", "--content", watched, "--templates", ROOT / "Templates",
                                "--output", fresh], check=True)
                a, b = digest(work / "out"), digest(fresh)
                diff = sorted(path for path in set(a) | set(b) if a.get(path) != b.get(path))
                if diff:
                    differing += 1
                    print(f"edit {number} ({done}): {len(diff)} files differ from a clean build: {diff[:5]}", flush=True)
            elif number <= 3 or number == edits:
                print(f"edit {number}: {times[-1] * 1000:.0f} ms  {line}", flush=True)
                time.sleep(0.05)
                while not watch.lines.empty():  # the build's steps (--stats)
                    print(watch.lines.get()[1], flush=True)
        watch.stop()
        model = "the last build's snapshot" if command_line else "the live model"
        print(f"# {records} records, {edits} edits ({live} from {model}): write to rebuild line "
              f"median {statistics.median(times) * 1000:.0f} ms, best {min(times) * 1000:.0f} ms, "
              f"worst {max(times) * 1000:.0f} ms", flush=True)
        if check:
            print(f"# {edits} random edits compared with clean builds: {differing} differ", flush=True)
            sys.exit(1 if differing else 0)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
