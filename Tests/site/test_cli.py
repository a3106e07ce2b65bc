"""The command line as a person meets it: a progress bar on a terminal (a real pty), only the summary
line in a pipe, only errors with --quiet, and each step's time and memory with --stats."""
import os
import pty
import re
import subprocess
import tempfile

from conftest import COUNTRIES, ROOT, worldfacts_bin

ARGS = ["build", "--content", str(COUNTRIES), "--templates", str(ROOT / "Templates")]


def run_in_pty(args):
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(args[0], args)
    output = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), output.decode("utf-8", "replace")


def test_progress_bar_on_a_terminal_only():
    with tempfile.TemporaryDirectory() as out:
        code, shown = run_in_pty([worldfacts_bin(), *ARGS, "--output", out + "/a"])
        assert code == 0
        # A bar per phase, named as the build's steps are: load content, render (252 record pages),
        # search index, write (every file).
        for phase in ["load content", "render", "search index", "write"]:
            assert re.search(r"(^|\r|\n)" + phase + r" +\[[#-]{30}\] \d+/\d+  \d+/s", shown), phase
        assert re.search(r"render +\[#{30}\] 252/252", shown) and re.search(r"write +\[#{30}\] 350/350", shown)
        assert re.search(r"load content +\[#{30}\] 252/252", shown), "load counts records"
        # The search index and the writing began before their bars: their rate is over the time they
        # worked, not their count over the instant the bar appeared (1 ms at the least).
        for phase, done, rate in re.findall(r"(search index|write) +\[[#-]{30}\] (\d+)/\d+  (\d+)/s", shown):
            assert int(done) == 0 or int(rate) < int(done) * 1000, (phase, done, rate)
        assert "252 records: 350 files written" in shown

        piped = subprocess.run([worldfacts_bin(), *ARGS, "--output", out + "/b"], capture_output=True, text=True)
        assert piped.returncode == 0
        summary, census = piped.stdout.splitlines()
        assert summary == "252 records: 350 files written, 0 unchanged, 0 removed in " + summary.split(" in ")[1]
        # Under it, the folder's files by kind and the bytes written of each.
        assert re.fullmatch(r"  350 files: 252 records pages, 1 index and section pages, 93 search files, "
                            r"4 other; [\d.]+ [KM]B written \(records pages .*\)", census), census
        assert "[" not in piped.stdout and "\r" not in piped.stdout


def test_quiet_and_stats():
    with tempfile.TemporaryDirectory() as out:
        code, shown = run_in_pty([worldfacts_bin(), *ARGS, "--output", out, "--quiet"])
        assert code == 0 and shown.strip() == ""
        stats = subprocess.run([worldfacts_bin(), *ARGS, "--output", out, "--stats"], capture_output=True, text=True)
        lines = stats.stdout.splitlines()
        assert lines[0].startswith("252 records: 0 files written, 350 unchanged")
        # The sources are unchanged: the build stops after comparing them with the last build's.
        assert [step for step, *_ in map(stats_line, lines[1:])] == ["check output", "check sources", "compare last build"]
        clean = subprocess.run([worldfacts_bin(), *ARGS, "--output", out, "--stats", "--clean"], capture_output=True, text=True)
        lines = clean.stdout.splitlines()
        assert lines[0].startswith("252 records: 350 files written")
        assert lines[1].startswith("  350 files: 252 records pages")
        steps = list(map(stats_line, lines[2:]))
        assert [step for step, *_ in steps] == [
            "check output", "check sources", "load content", "load templates", "compile templates", "model",
            "render and write", "save snapshot"]
        # Memory as each step ended: resident now, and the peak so far, which never falls.
        peaks = [peak for *_, peak in steps]
        assert peaks == sorted(peaks) and peaks[0] > 1
        assert all(now <= peak for _, _, now, peak in steps)


def test_a_build_starts_from_the_last_builds_snapshot(project):
    """The snapshot a build saves in the cache folder: the next build after a value edit starts from it;
    --no-cache neither reads nor saves one; --cache-dir, then WORLDFACTS_CACHE_DIR, then XDG_CACHE_HOME
    say where it goes."""
    args = [worldfacts_bin(), "build", "--content", str(project / "Content"), "--templates", str(project / "Templates"),
            "--output", str(project / "Output")]
    records = project / "Content" / "countries.json"

    def edit(old, new):
        text = records.read_text()
        assert old in text
        records.write_text(text.replace(old, new, 1))

    def build(*extra, **env):
        done = subprocess.run([*args, *extra], capture_output=True, text=True, env={**os.environ, **env})
        assert done.returncode == 0, done.stderr
        return done.stdout

    caches = {name: project / name for name in ["flag", "variable", "xdg"]}
    first = build("--cache-dir", str(caches["flag"]))
    assert "snapshot" not in first
    assert [path.suffix for path in caches["flag"].iterdir()] == [".snapshot"]
    edit('"population": 8', '"population": 9')
    assert "(1 record edited, from the last build's snapshot)" in build("--cache-dir", str(caches["flag"]))
    # Without the cache: nothing read, nothing saved; the snapshot left is no longer of the folder's build.
    edit('"population": 9', '"population": 7')
    assert "snapshot" not in build("--no-cache", WORLDFACTS_CACHE_DIR=str(caches["variable"]))
    assert not caches["variable"].exists()
    edit('"population": 7', '"population": 6')
    assert "snapshot" not in build("--cache-dir", str(caches["flag"]))
    # The variable, and XDG_CACHE_HOME when it is not set.
    build("--clean", WORLDFACTS_CACHE_DIR=str(caches["variable"]))
    assert len(list(caches["variable"].iterdir())) == 1
    environment = {key: value for key, value in os.environ.items() if key != "WORLDFACTS_CACHE_DIR"}
    done = subprocess.run([*args, "--clean"], capture_output=True, text=True,
                          env={**environment, "XDG_CACHE_HOME": str(caches["xdg"])})
    assert done.returncode == 0, done.stderr
    assert len(list((caches["xdg"] / "worldfacts").iterdir())) == 1


def stats_line(line):
    """`  load content          0.414 s     210 MB now     230 MB peak` -> (step, seconds, now, peak)."""
    match = re.fullmatch(r"  (\S+(?: \S+)*) +(\d+\.\d{3}) s +(\d+) MB now +(\d+) MB peak", line)
    assert match, line
    return match[1], float(match[2]), int(match[3]), int(match[4])


def test_version_names_the_release_and_the_commit_it_was_built_from():
    shown = subprocess.run([worldfacts_bin(), "--version"], capture_output=True, text=True, check=True).stdout
    match = re.fullmatch(r"worldfacts (\d+\.\d+\.\d+) \(commit ([0-9a-f]{12}(\+changes)?|unknown)\)\n", shown)
    assert match, shown
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True)
    if head.returncode == 0:
        # The binary was built from this checkout (make test builds it first).
        assert match.group(2).split("+")[0] == head.stdout.strip()


def test_init_writes_a_site_that_builds_and_never_replaces_one(tmp_path):
    """The README's quick start, from a folder outside the repository with no templates of its own: a CSV,
    `init --from`, `build` (the built-in templates); a second `init` changes nothing."""
    content = tmp_path / "Birds"
    content.mkdir()
    (content / "birds.csv").write_text(
        "id,name,wingspan_cm,weight_kg\nowl,Barn owl,90,0.3\nkite,Red kite,175,1.1\nwren,Wren,15,0.01\n",
        encoding="utf-8")
    def run(*args):
        return subprocess.run([worldfacts_bin(), *args], capture_output=True, text=True, cwd=tmp_path)
    init = run("init", "--from", "Birds/birds.csv")
    assert init.returncode == 0, init.stderr
    assert init.stdout.startswith("wrote Birds/site.yml: 4 columns of 3 records;")
    site = (content / "site.yml").read_text(encoding="utf-8")
    assert "  key: id   # CHECK" in site and "  title: name   # CHECK" in site
    assert "format: integer" in site and "format: decimal" in site
    build = run("build", "--content", "Birds", "--output", "BirdsSite")
    assert build.returncode == 0, build.stderr
    assert build.stdout.startswith("3 records: ")
    output = tmp_path / "BirdsSite"
    assert "Red kite" in (output / "records/kite.html").read_text(encoding="utf-8")
    assert list(output.glob("assets/search.*.js")) and list(output.glob("assets/style.*.css"))
    again = run("init", "--from", "Birds/birds.csv")
    assert again.returncode == 1
    assert "a site file is already there; init never replaces one" in again.stderr
    assert (content / "site.yml").read_text(encoding="utf-8") == site


def test_templates_export_then_override_one_file(tmp_path):
    """`templates --export` writes the built-in set (the repository's Templates/, byte for byte) and never
    replaces a file; the content folder's templates/ then overrides the built-in files it holds."""
    (tmp_path / "Site").mkdir()
    for name in ["site.yml", "countries.json"]:
        (tmp_path / "Site" / name).write_bytes((COUNTRIES / name).read_bytes())
    export = subprocess.run([worldfacts_bin(), "templates", "--export", str(tmp_path / "Site/templates")],
                            capture_output=True, text=True)
    assert export.returncode == 0, export.stderr
    exported = sorted(p.relative_to(tmp_path / "Site/templates") for p in (tmp_path / "Site/templates").rglob("*")
                      if p.is_file())
    shipped = sorted(p.relative_to(ROOT / "Templates") for p in (ROOT / "Templates").rglob("*")
                     if p.is_file() and not p.name.startswith("."))
    assert exported == shipped
    for path in shipped:
        assert (tmp_path / "Site/templates" / path).read_bytes() == (ROOT / "Templates" / path).read_bytes()
    again = subprocess.run([worldfacts_bin(), "templates", "--export", str(tmp_path / "Site/templates")],
                           capture_output=True, text=True)
    assert again.returncode == 1 and "already there; an export never replaces a file" in again.stderr
    # Keep only the record page, changed: the rest stays built in.
    for path in shipped:
        if str(path) != "record.mustache":
            (tmp_path / "Site/templates" / path).unlink()
    record = tmp_path / "Site/templates/record.mustache"
    record.write_text(record.read_text(encoding="utf-8").replace("<h1", "<h1 data-mine"), encoding="utf-8")
    build = subprocess.run([worldfacts_bin(), "build", "--content", str(tmp_path / "Site"), "--output",
                            str(tmp_path / "out")], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    assert "<h1 data-mine" in (tmp_path / "out/countries/is.html").read_text(encoding="utf-8")
    assert "data-mine" not in (tmp_path / "out/index.html").read_text(encoding="utf-8")
    missing = subprocess.run([worldfacts_bin(), "build", "--content", str(tmp_path / "Site"), "--templates",
                              str(tmp_path / "nowhere"), "--output", str(tmp_path / "out")],
                             capture_output=True, text=True)
    assert missing.returncode == 1
    assert "the templates folder does not exist (leave out --templates" in missing.stderr
