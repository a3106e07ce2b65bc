"""The live model at a few thousand records: `Benchmarks/live.py --check` starts `worldfacts watch` on a
linked site of the 252 countries and 2,000 cities (TSV) and makes 200 seeded random edits (4 in make test:
populations, time zones, names, cities added and removed, a note). After each,
the watched folder must be, file for file and manifest entry for manifest entry, what a clean build of the
same content makes. `LiveBuildTests` (Swift) runs the same kind of sequence in-process at 550 records,
template edits and bad values included, as many as a debug build does in a few minutes.
The same edits are built from the command line too (`--command-line`), each from the snapshot the last
build saved, on the shipped site in its seven languages with 2,000 of its cities (200 edits, 8 in make
test)."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from conftest import ROOT, scaled, worldfacts_bin

CITIES = 2_000
EDITS = scaled(200, 4)
# From the command line each edit is a process of its own, and the first that makes a page the snapshot
# lost a fact of (a fallback note) is the fourth of the seeded sequence: a few more than that.
COMMAND_LINE_EDITS = scaled(200, 8)


def random_edits_build_what_clean_builds_do(form: str, *options: str, edits: int, model: str, kept_at_least: int):
    # On tmpfs where there is one: every edit is followed by a clean build of the whole site.
    scratch = "/dev/shm" if Path("/dev/shm").is_dir() else None
    work = Path(tempfile.mkdtemp(prefix="worldfacts-live-check-", dir=scratch))
    try:
        content = work / "content"
        subprocess.run([ROOT / "Benchmarks/make-cities-content", form, "--sample", str(CITIES), "cities15000",
                        content], check=True, capture_output=True)
        run = subprocess.run(
            [sys.executable, ROOT / "Benchmarks/live.py", content, "--check", "--edits", str(edits), *options],
            env={**os.environ, "WORLDFACTS": worldfacts_bin(), "BENCH_DIR": str(work)},
            capture_output=True, text=True, timeout=1800)
        report = run.stdout[-3000:] + run.stderr[-3000:]
        assert run.returncode == 0, report
        assert f"# {edits} random edits compared with clean builds: 0 differ" in run.stdout, report
        summary = re.search(rf"# ([\d,]+) records, (\d+) edits \((\d+) from {model}\)", run.stdout)
        assert summary, report
        records, made, kept = (int(group.replace(",", "")) for group in summary.groups())
        assert (records, made) == (252 + CITIES, edits), report
        # Most edits change values only, and those build from the last build's model: it is what is checked.
        assert kept >= kept_at_least, report
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_random_edits_in_watch_build_what_clean_builds_do():
    random_edits_build_what_clean_builds_do(
        "--linked", edits=EDITS, model="the live model", kept_at_least=EDITS // 2 + 1)


def test_random_edits_from_the_command_line_in_seven_languages_build_what_clean_builds_do():
    # The seeded sequence starts with a note and an added city, which a build from the snapshot cannot take.
    random_edits_build_what_clean_builds_do(
        "--shipped", "--command-line", edits=COMMAND_LINE_EDITS, model="the last build's snapshot",
        kept_at_least=COMMAND_LINE_EDITS // 2)
