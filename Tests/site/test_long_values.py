"""Long values never break a build: a title, a searched field and an alias of 1 KB to 1 MB, in words and
as one word, and a title of 10,000 one-letter words, each in one country of the countries fixture. Each
build either succeeds or is refused with the length limit's error (search.max_length) and leaves Output as
it was. Every run is bounded by a timeout and an address-space limit, so a regression fails here instead of
hanging the machine; the peak memory of each is checked too."""
import json
import random
import resource
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import COUNTRIES, ROOT, worldfacts_bin

TIMEOUT = 60  # seconds: a build of the fixture takes well under one
ADDRESS_SPACE = 4 << 30  # bytes of virtual memory a run may map
PEAK = 600 << 20  # bytes of resident memory a run may reach


def limited():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def words(size: int, seed: int) -> str:
    rng = random.Random(seed)
    out, length = [], 0
    while length < size:
        word = "".join(rng.choice("abcdefghijklmnopqrstuvwxyzé") for _ in range(rng.randint(2, 9)))
        out.append(word)
        length += len(word) + 1
    text = " ".join(out)[:size]
    return text[:-1] + "x" if text.endswith(" ") else text


def one_word(size: int) -> str:
    return ("Zanzibarland" * (size // 12 + 1))[:size]


def project(tmp: Path, member: str, value, max_length=None) -> Path:
    content = tmp / "Content"
    shutil.copytree(COUNTRIES, content)
    records = json.loads((content / "countries.json").read_text())
    iceland = next(r for r in records if r["code"] == "IS")
    if member == "aliases":
        iceland["aliases"] = [value]
    else:
        iceland[member] = value
    (content / "countries.json").write_text(json.dumps(records, ensure_ascii=False))
    if max_length:
        yml = (content / "site.yml").read_text().replace("  preview: 20", f"  preview: 20\n  max_length: {max_length}")
        (content / "site.yml").write_text(yml)
    return content


def build(content: Path, output: Path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    run = subprocess.run(
        [worldfacts_bin(), "build", "--content", str(content), "--templates", str(ROOT / "Templates"),
         "--output", str(output), "--no-cache"],
        capture_output=True, text=True, timeout=TIMEOUT, preexec_fn=limited,
    )
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    # ru_maxrss of the children is the largest of any: it says something only when it grew.
    assert peak <= PEAK or peak <= before * 1024, f"peak {peak >> 20} MB"
    return run


def tree(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


SIZES = [1_000, 10_000, 100_000, 1_000_000]
CASES = [(member, size, shape) for member in ["name", "capital", "aliases"] for size in SIZES
         for shape in ["words", "word"]]


@pytest.mark.parametrize("member,size,shape", CASES, ids=[f"{m}-{s}-{sh}" for m, s, sh in CASES])
def test_a_long_value_builds_or_is_refused_with_the_limit(member, size, shape):
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        value = words(size, seed=size) if shape == "words" else one_word(size)
        content = project(tmp, member, value)
        output = tmp / "Output"
        first = build(project(tmp / "first", member, "Iceland"), output)
        assert first.returncode == 0, first.stderr
        before = tree(output)
        run = build(content, output)
        if len(value) <= 1_000:
            assert run.returncode == 0, run.stderr
            assert (output / "countries" / "is.html").exists()
        else:
            assert run.returncode == 1, run.stdout + run.stderr
            assert "countries.json" in run.stderr
            assert f"record 'IS', field '{member}': {len(value)} characters; a title or a searched value may have at" \
                   " most 1000 (search.max_length in site.yml)" in run.stderr, run.stderr
            assert tree(output) == before


@pytest.mark.parametrize("size,shape", [(10_000, "words"), (11_000, "words"), (19_500, "words"), (100_000, "word")])
def test_a_raised_limit_builds_long_searched_values(size, shape):
    """Above the default, with the limit raised: the values that once ran out of time, memory or stack."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        value = words(size, seed=size) if shape == "words" else one_word(size)
        content = project(tmp, "name", value, max_length=size)
        run = build(content, tmp / "Output")
        assert run.returncode == 0, run.stderr
        names = [p.name for p in (tmp / "Output" / "search").rglob("*")]
        assert names and max(len(n.encode()) for n in names) <= 2 + 128 + 5


def test_a_title_of_ten_thousand_one_letter_words_is_refused():
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        title = " ".join("abcdefghij"[i % 10] for i in range(10_000))
        run = build(project(tmp, "name", title), tmp / "Output")
        assert run.returncode == 1
        assert "19999 characters; a title or a searched value may have at most 1000" in run.stderr
