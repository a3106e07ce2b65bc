"""What the search must answer, computed independently of the site: BEGINSWITH[cd] on the scope's
fields, plus matches at the start of any later word; whole-field matches first, then word starts,
each in index order. Folding follows Tests/Fixtures/fold-vectors.json."""
import json
import unicodedata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
MAP = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
       "ħ": "h", "ŧ": "t", "ς": "σ"}


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).lower())
    return "".join(MAP.get(c, c) for c in text if not unicodedata.category(c).startswith("M"))


def is_word(c: str) -> bool:
    return unicodedata.category(c)[0] in "LN"


def rank(text: str, q: str) -> int:
    if text.startswith(q):
        return 0
    for i in range(1, len(text)):
        if is_word(text[i]) and not is_word(text[i - 1]) and text.startswith(q, i):
            return 1
    return -1


class Model:
    def __init__(self, content: Path = ROOT / "Content"):
        site = yaml.safe_load((content / "site.yml").read_text(encoding="utf-8"))
        self.records = json.loads((content / site["records"]["file"]).read_text(encoding="utf-8"))
        self.pages = site["records"]["pages"]
        self.key = site["records"]["key"]
        self.scopes = {s["id"]: s["fields"] for s in site["search"]["scopes"]}

    def texts(self, record, scope):
        out = []
        for field in self.scopes[scope]:
            value = record.get(field)
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and item.strip():
                    out.append(fold(item.strip()))
        return out

    def path(self, record) -> str:
        return f"{self.pages}/{record[self.key].lower()}.html"

    def expected(self, query: str, scope: str, order: dict):
        """Record paths in result order; None for an empty query."""
        q = fold(query).lstrip()
        if not q:
            return None
        hits = []
        for record in self.records:
            ranks = [r for r in (rank(t, q) for t in self.texts(record, scope)) if r >= 0]
            if ranks:
                hits.append((min(ranks), order[self.path(record)], self.path(record)))
        return [path for _, _, path in sorted(hits)]
