"""What the search must answer, computed independently of the site: BEGINSWITH[cd] on the scope's
fields, plus matches at the start of any later word; a text equal to the query first, then by the
collection's `rank:` (highest score first, no score last), then whole-field matches before word starts,
then index order; a query of several words matched in any order (each word starting a word of one text)
after every match in a row, ordered the same way among themselves. Folding follows Tests/Fixtures/fold-vectors.json."""
import csv
import json
import unicodedata
from html.parser import HTMLParser
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


def word_starts(text: str) -> list:
    """0 and every offset where a word begins after a character that is not part of a word."""
    return [0] + [i for i in range(1, len(text)) if is_word(text[i]) and not is_word(text[i - 1])]


def rank(text: str, q: str, starts=None) -> int:
    """0: the text is q; 1: it starts with q; 2: a later word of it does; -1: no match."""
    if text.startswith(q):
        return 0 if text == q else 1
    return 2 if any(text.startswith(q, i) for i in (starts or word_starts(text))[1:]) else -1


def score(record, spec):
    """The record's rank score: its number in the rank field, negated in ascending order; None without."""
    rank_spec = spec.get("rank")
    value = record.get(rank_spec["field"]) if rank_spec else None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return -number if rank_spec.get("order") == "ascending" else number


def read_records(path: Path) -> list:
    """A records file as site.yml names it: JSON, JSON Lines, CSV or TSV (values as text)."""
    if path.suffix in (".csv", ".tsv"):
        with open(path, encoding="utf-8-sig", newline="") as f:
            return list(csv.DictReader(f, delimiter="\t" if path.suffix == ".tsv" else ","))
    if path.suffix in (".jsonl", ".ndjson"):
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return json.loads(path.read_text(encoding="utf-8"))


def word_prefixes(record, fields, longest: int) -> set:
    """Every prefix of 1 to `longest` characters of each text of `fields`, from each of its words on, as
    written and folded: the queries a recall sweep types."""
    queries = set()
    for field in fields:
        value = record.get(field)
        for text in value if isinstance(value, list) else [value]:
            if not isinstance(text, str):
                continue
            words = text.split()
            for start in range(len(words)):
                tail = " ".join(words[start:])
                for n in range(1, longest + 1):
                    queries.update([tail[:n], fold(tail[:n])])
    return queries


class Model:
    """The records of every collection, one list, collection after collection, and what each scope
    searches: a scope searches its collection's fields; the "All" scope (search.all) searches every record
    by the fields of every scope of its collection."""

    def __init__(self, content: Path = ROOT / "Content"):
        site = yaml.safe_load((content / "site.yml").read_text(encoding="utf-8"))
        if "collections" in site:
            specs = [dict(spec, pages=spec.get("pages", spec["id"])) for spec in site["collections"]]
        else:
            specs = [dict(site["records"], id="records", pages=site["records"].get("pages", "records"))]
        self.records = []
        self.pages, self.keys = {}, {}
        for spec in specs:
            self.pages[spec["id"]], self.keys[spec["id"]] = spec["pages"], spec["key"]
            for record in read_records(content / spec["file"]):
                record["_collection"] = spec["id"]
                record["_score"] = score(record, spec)
                self.records.append(record)
        only = specs[0]["id"] if len(specs) == 1 else None
        self.fields_of = {}
        # Full-text scopes (note: true): by scope, its collection.
        self.noted = {}
        for scope in site["search"]["scopes"]:
            self.fields_of[scope["id"]] = {scope.get("collection", only): scope.get("fields", [])}
            if scope.get("note"):
                self.noted[scope["id"]] = scope.get("collection", only)
        # A record's note as the reader sees it on its page (note_keys), by path; set by read_notes.
        self.notes = {}
        if "all" in site["search"]:
            merged = {}
            for fields in [f for scope, f in self.fields_of.items() if scope not in self.noted]:
                for collection, names in fields.items():
                    merged.setdefault(collection, []).extend(names)
            self.fields_of["all"] = merged
        # Every field a scope searches, in any collection.
        self.scopes = {scope: [f for names in by.values() for f in names] for scope, by in self.fields_of.items()}
        self._folded = {}
        self._note_keys = {}

    def texts(self, record, scope):
        out = []
        for field in self.fields_of[scope].get(record["_collection"], []):
            value = record.get(field)
            for item in value if isinstance(value, list) else [value]:
                # A text that folds to nothing (a lone combining mark) is no key, as in the index.
                if isinstance(item, str) and fold(item.strip()):
                    out.append(fold(item.strip()))
        return out

    def path(self, record) -> str:
        collection = record["_collection"]
        return f"{self.pages[collection]}/{str(record[self.keys[collection]]).lower()}.html"

    # The longest string from a word start that `folded` keys records by.
    PREFIX = 3

    def folded(self, scope):
        """Per scope, once: each record's folded texts with their word starts, and the records that have
        a text or word starting with each string of one to PREFIX characters (the only ones a query whose
        first word starts with it can match)."""
        if scope not in self._folded:
            texts = [[(t, word_starts(t)) for t in self.texts(record, scope)] for record in self.records]
            by_start = {}
            for number, record_texts in enumerate(texts):
                for text, starts in record_texts:
                    for i in starts:
                        for n in range(1, min(self.PREFIX, len(text) - i) + 1):
                            by_start.setdefault(text[i:i + n], set()).add(number)
            self._folded[scope] = (texts, by_start)
        return self._folded[scope]

    def candidates(self, scope, q: str):
        """The records a folded query (not empty, no space first) can match, in a row or in any order: those
        with a text or word that starts as the query's first word does. Every other record is left unread."""
        return self.folded(scope)[1].get(q.split()[0][:self.PREFIX], ())

    def read_notes(self, site: Path):
        """Each record's note, as the text of its page's note (`article.note`), for the full-text scopes."""
        self._note_keys = {}
        for record in self.records:
            page = site / self.path(record)
            if page.exists():
                text = NoteText.of(page.read_text(encoding="utf-8"))
                if text is not None:
                    self.notes[self.path(record)] = text

    def note_keys(self, record) -> list:
        """The folded note from each word start of each of its white-space tokens on (a letter or digit at a
        token's start or after a character that is neither), as a full-text scope matches query words."""
        path = self.path(record)
        if path not in self._note_keys:
            keys = []
            for token in self.notes.get(path, "").split():
                folded = fold(token)
                keys += [folded[i:] for i in word_starts(folded) if folded and is_word(folded[i])]
            self._note_keys[path] = keys
        return self._note_keys[path]

    def text_expected(self, q: str, scope: str, order: dict):
        """A full-text scope: a record matches as in a scope of its fields, or when every query word starts a
        word of a field or of its note (tier 2, or 3 for several words)."""
        words = q.split()
        hits = []
        folded, _ = self.folded(scope)
        for record, texts in zip(self.records, folded):
            if record["_collection"] != self.noted[scope]:
                continue
            ranks = [r for r in (rank(t, q, starts) for t, starts in texts) if r >= 0]
            if not ranks and len(words) > 1 and any(all(rank(t, w, s) >= 0 for w in words) for t, s in texts):
                ranks = [3]
            if not ranks:
                keys = self.note_keys(record)
                if all(any(rank(t, w, s) >= 0 for t, s in texts) or any(k.startswith(w) for k in keys)
                       for w in words):
                    ranks = [3 if len(words) > 1 else 2]
            if ranks:
                path, best, points = self.path(record), min(ranks), record["_score"]
                hits.append(((best > 0, best > 2, points is None, -(points or 0), best, order[path]), path))
        return [path for _, path in sorted(hits)]

    def expected(self, query: str, scope: str, order: dict, in_row: bool = False):
        """Record paths in result order; None for an empty query. `in_row`: only the matches of the query's
        words in a row (BEGINSWITH[cd] at a word start), not those of its words in any order."""
        q = fold(query).lstrip()
        if not q:
            return None
        if scope in self.noted:
            return self.text_expected(q, scope, order)
        texts, _ = self.folded(scope)
        words = q.split()
        hits = []
        for number in self.candidates(scope, q):
            ranks = [r for r in (rank(t, q, starts) for t, starts in texts[number]) if r >= 0]
            if not ranks and not in_row and len(words) > 1 and any(
                    all(rank(t, w, starts) >= 0 for w in words) for t, starts in texts[number]):
                ranks = [3]
            if ranks:
                record = self.records[number]
                path, best, points = self.path(record), min(ranks), record["_score"]
                key = (best > 0, best > 2, points is None, -(points or 0), best, order[path])
                hits.append((key, path))
        return [path for _, path in sorted(hits)]


class NoteText(HTMLParser):
    """The text of a record page's `<article class="note">`, as the reader sees it: tags dropped, a space
    at each block's edge, references decoded."""

    BLOCKS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "blockquote", "pre", "br", "hr",
              "article", "div", "table", "tr", "td", "th"}
    VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "source"}

    def __init__(self):
        super().__init__()
        self.depth, self.parts = 0, None

    def handle_starttag(self, tag, attrs):
        if not self.depth and tag == "article" and "note" in (dict(attrs).get("class") or "").split():
            self.parts = []
        elif not self.depth:
            return
        if tag not in self.VOID:
            self.depth += 1
        if tag in self.BLOCKS:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        if self.depth and tag not in self.VOID:
            self.depth -= 1
            if tag in self.BLOCKS:
                self.parts.append(" ")

    def handle_data(self, data):
        if self.depth:
            self.parts.append(data)

    @classmethod
    def of(cls, html: str):
        parser = cls()
        parser.feed(html)
        return None if parser.parts is None else "".join(parser.parts)


def typos_allowed(q: str):
    """How far a suggestion may be from a folded query that matches nothing: 1 edit for 3 to 5
    characters, 2 from 6 to 40, no suggestion otherwise (None)."""
    return None if len(q) < 3 or len(q) > 40 else 1 if len(q) < 6 else 2


def typos(text: str, q: str) -> int:
    """The fewest edits from q to a start of text (the reader may not have finished typing), up to two
    characters longer than q."""
    return min(edits_to_starts(q, text[:len(q) + 2]))


def edits_to_starts(a: str, b: str) -> list:
    """Damerau–Levenshtein distance as optimal string alignment (inserts, deletes, changes and swaps of two
    neighbours, each one edit) from a to each start of b, b[:0] to b. Each cell of the table depends only on
    the two prefixes it ends, so its last row holds them all."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)]


def closest(model: Model, query: str, scope: str):
    """Every record of the scope within the typos allowed of the query, as (typos, -score, path), sorted:
    what suggestions may offer, best first."""
    q = fold(query).lstrip()
    allowed = typos_allowed(q)
    if allowed is None:
        return []
    out = []
    for record in model.records:
        texts = model.texts(record, scope)
        if texts:
            best = min(typos(t, q) for t in texts)
            if best <= allowed:
                out.append((best, -(record["_score"] or 0) if record["_score"] is not None else float("inf"),
                            model.path(record)))
    return sorted(out)
