"""A seeded generator of collections nobody here wrote, for the search: title words drawn by Zipf's law
from a vocabulary in several scripts, first words that most titles share ("San", "Saint", "New"), one word
in about 90% of the titles ("Airport"), very long and very short titles, duplicate titles and digits.
`write_site` writes a content folder (records.json and site.yml) whose one collection is searched by its
titles and ranked by a population some records lack; `queries` draws the queries a reader would type of it.

Run as a script it writes a content folder: `python3 Tests/site/gensite.py OUT [--count N] [--seed S]`."""
import argparse
import json
import random
from pathlib import Path

SYLLABLES = {
    "latin": ["ka", "ro", "mi", "san", "tel", "vo", "ber", "lu", "na", "gro", "é", "ña", "ø", "dal", "ix",
              "qu", "ell", "ü", "tra", "mon"],
    "cyrillic": ["ка", "ро", "ми", "ск", "ов", "на", "гра", "д", "й", "ё"],
    "greek": ["κα", "ρο", "μι", "λη", "ός", "ά", "θε", "νι"],
    "kana": ["カ", "ロ", "ミ", "ト", "ウ", "キョ", "ガ", "ぱ"],
    "arabic": ["كا", "رو", "مي", "ال", "أ", "ِ", "ب", "د"],
}
COMMON_FIRST = ["San", "Saint", "New", "Lake", "Port"]
EVERYWHERE = "Airport"


def vocabulary(rng: random.Random, size: int) -> list:
    """`size` distinct words, most Latin, the rest in four other scripts; a few are numbers or codes."""
    words, seen = [], set()
    scripts = ["latin"] * 6 + ["cyrillic", "greek", "kana", "arabic"]
    while len(words) < size:
        roll = rng.random()
        if roll < 0.04:
            word = str(rng.randint(0, 999))
        elif roll < 0.06:
            word = f"{rng.choice('ABCXZ')}-{rng.randint(1, 40)}"
        else:
            script = rng.choice(scripts)
            word = "".join(rng.choice(SYLLABLES[script]) for _ in range(rng.randint(1, 4)))
            if script == "latin" and rng.random() < 0.7:
                word = word[:1].upper() + word[1:]
        if word not in seen and word.strip():
            seen.add(word)
            words.append(word)
    return words


def zipf_words(rng: random.Random, words: list, weights: list, n: int) -> list:
    return rng.choices(words, weights=weights, k=n)


def titles(rng: random.Random, count: int) -> list:
    words = vocabulary(rng, max(200, count // 4))
    weights = [1 / (rank + 1) for rank in range(len(words))]
    out = []
    for _ in range(count):
        roll = rng.random()
        if out and roll < 0.05:
            title = rng.choice(out)  # a duplicate
        elif roll < 0.06:
            title = rng.choice(words)[:1] or "x"  # very short
        elif roll < 0.08:
            title = " ".join(zipf_words(rng, words, weights, rng.randint(20, 60)))[:900]  # very long
        else:
            body = zipf_words(rng, words, weights, rng.randint(1, 3))
            if rng.random() < 0.25:
                body = [rng.choice(COMMON_FIRST)] + body
            if rng.random() < 0.9:
                body.append(EVERYWHERE)
            title = " ".join(body)
        out.append(title)
    return out


def records(seed: int, count: int) -> list:
    rng = random.Random(seed)
    out = []
    for number, title in enumerate(titles(rng, count)):
        record = {"id": number + 1, "name": title, "elevation": rng.randint(-50, 4000)}
        if rng.random() < 0.9:
            record["population"] = int(rng.lognormvariate(8, 2))
        out.append(record)
    return out


SITE_YML = """title: Generated places
locale: en
records:
  file: records.json
  key: id
  title: name
  pages: places
  rank: {{ field: population }}
fields:
  - {{ id: name, label: Name, format: text }}
  - {{ id: population, label: Population, format: integer }}
  - {{ id: elevation, label: Elevation, format: integer, unit: m }}
index:
  detail: population
  detail_label: "Pop:"
search:
  shard_budget: {budget}
  scopes:
    - {{ id: name, label: Name, fields: [name] }}
"""


def write_site(folder: Path, seed: int, count: int, budget: int = 16384) -> list:
    folder.mkdir(parents=True, exist_ok=True)
    data = records(seed, count)
    (folder / "records.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (folder / "site.yml").write_text(SITE_YML.format(budget=budget), encoding="utf-8")
    return data


def queries(seed: int, data: list, count: int) -> list:
    """Seeded queries of the records: prefixes of titles and of their words, several words in and out of
    order, the common words alone and as the start of a query, random text, typos, and odd input."""
    rng = random.Random(seed)
    names = [r["name"] for r in data]
    out = [EVERYWHERE, EVERYWHERE.lower() + " ", *COMMON_FIRST, "san ", "saint ", "x" * 1000, "!!!,,;", "a" * 300,
           "airport airport", "new airport"]
    while len(out) < count:
        name = rng.choice(names)
        words = name.split()
        roll = rng.random()
        if roll < 0.3:
            q = name[:rng.randint(1, min(len(name), 40))]
        elif roll < 0.5 and len(words) > 1:
            start = rng.randrange(len(words))
            tail = " ".join(words[start:])
            q = tail[:rng.randint(1, min(len(tail), 30))]
        elif roll < 0.7 and len(words) > 1:
            picked = rng.sample(words, min(len(words), rng.randint(2, 3)))
            q = " ".join(w[:rng.randint(1, len(w))] for w in picked)
        elif roll < 0.8:
            q = rng.choice(COMMON_FIRST) + " " + rng.choice(words)[:rng.randint(1, 4)]
        elif roll < 0.9 and len(name) > 3:
            i = rng.randrange(len(name) - 1)
            q = name[:i] + name[i + 1] + name[i] + name[i + 2:i + 8]
        else:
            q = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz кαカ") for _ in range(rng.randint(1, 8)))
        if q.strip():
            out.append(rng.choice([q, q.upper(), q.lower()]))
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=28000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=16384)
    args = parser.parse_args()
    write_site(args.out, args.seed, args.count, args.budget)
