"""The live model at a few thousand records: `Benchmarks/live.py --check` starts `worldfacts watch` on a
linked site of the 252 countries and 2,000 cities (TSV) and makes 200 seeded random edits (10 in make test) (populations, time zones, names, cities added and removed, a note). After each,
the watched folder must be, file for file and manifest entry for manifest entry, what a clean build of the
same content makes. `LiveBuildTests` (Swift) runs the same kind of sequence in-process at 550 records,
template edits and bad values included, as many as a debug build does in a few minutes."""
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


def test_random_edits_in_watch_build_what_clean_builds_do():
    # On tmpfs where there is one: every edit is followed by a clean build of the whole site.
    scratch = "/dev/shm" if Path("/dev/shm").is_dir() else None
    work = Path(tempfile.mkdtemp(prefix="worldfacts-live-check-", dir=scratch))
    try:
        content = work / "content"
        subprocess.run([ROOT / "Benchmarks/make-cities-content", "--linked", "--sample", str(CITIES), "cities15000",
                        content], check=True, capture_output=True)
        run = subprocess.run(
            [sys.executable, ROOT / "Benchmarks/live.py", content, "--check", "--edits", str(EDITS)],
            env={**os.environ, "WORLDFACTS": worldfacts_bin(), "BENCH_DIR": str(work)},
            capture_output=True, text=True, timeout=1800)
        report = run.stdout[-3000:] + run.stderr[-3000:]
        assert run.returncode == 0, report
        assert f"# {EDITS} random edits compared with clean builds: 0 differ" in run.stdout, report
        summary = re.search(r"# ([\d,]+) records, (\d+) edits \((\d+) from the live model\)", run.stdout)
        assert summary, report
        records, edits, live = (int(group.replace(",", "")) for group in summary.groups())
        assert (records, edits) == (252 + CITIES, EDITS), report
        # Most edits change values only, and those rebuild from the live model: it is what is checked.
        assert live > EDITS // 2, report
    finally:
        shutil.rmtree(work, ignore_errors=True)
