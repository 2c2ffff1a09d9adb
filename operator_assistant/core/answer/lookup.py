"""The lookup card: a question that names a code, alarm, parameter, register or MIB object gets that
entry's whole row; one that describes a symptom gets the troubleshooting row that matches it, every
cause with its remedy. A key in no entry of the table the question points at is said to be not listed,
naming that table; a neighbouring row is never shown as if it were the one asked for.

Entries are found at ingest (core/documents/entries.py) and kept in the manifest by every written
form of their key. It must not compose text: every cell is a verbatim span of the document.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import numpy as np

from operator_assistant.core.answer.card import _GENERIC, Found
from operator_assistant.core.answer.policy import DEFAULT_POLICY, AnswerPolicy
from operator_assistant.core.answer.records import TABLE, Card, CardCell, Source
from operator_assistant.core.documents.entries import SYMPTOM, Field, key_forms, key_prefix
from operator_assistant.core.index.manifest import ChunkRecord, EntryRecord, Manifest
from operator_assistant.core.tokenize import canonical, tokenize

# Words that say which family a key belongs to ("exception code 04", "fault F3", "parameter PD013").
_FAMILIES = ("exception", "function", "error", "fault", "alarm", "warning", "parameter", "register", "address",
             "trap", "notification", "object", "event", "diagnostic", "message", "status", "bit", "menu", "setting",
             "input", "output", "point", "tag", "variable", "property", "instance")
_FAMILY_STEMS = frozenset(t for w in _FAMILIES for t in tokenize(w))
# Words that mark a following figure as a key without naming its family.
_MARKERS = r"code|codes|no\.?|number|nr\.?|num|#|id"
_FAMILY_WORD = "|".join(_FAMILIES)
# A number or hex code right after a family word or marker: "exception code 04", "error no. 12", "register 0x0121".
_NUMERIC_KEY = re.compile(rf"\b(?:(?:{_FAMILY_WORD})s?|{_MARKERS})\s*(?:(?:{_MARKERS})\s*)?[:#]?\s*"
                          r"(0x[0-9a-f]+|[0-9a-f]*\d[0-9a-f]*h\b|\d+(?:\.\d+)*)(?![\w.]*\s*(?:%|mm|cm|m\b|s\b))",
                          re.IGNORECASE)
# A code with letters: F3, E-47, PD013, AL.12, CL2-ALM-03 (not a bare word, not a figure with its unit).
_LETTER_KEY = re.compile(r"(?<![\w.-])([A-Za-z]{1,4}[-_.]?\d{1,6}(?:[.-]\d{1,4})?[A-Za-z]?)(?![\w-])")
# A MIB name or an OID: upsAlarmBatteryBad, fooAlarms.17, { fooAlarms 17 }.
_MIB_NAME = re.compile(r"(?<![\w.-])([a-z][a-z0-9]*[A-Z][A-Za-z0-9-]*(?:\.\d+)?)(?![\w-])")
_OID = re.compile(r"\{\s*[a-z][\w-]*\s+\d+\s*\}")
# A question that asks what is wrong or what to do about it: a symptom question.
_ASKS_REMEDY = re.compile(r"\b(cause|causes|caused|causing|why|reason|remedy|remedies|fix|repair|correct|"
                          r"troubleshoot\w*|what (?:should|do|must|can) (?:i|we) (?:do|check|look)|what to (?:do|check)|"
                          r"wrong)\b", re.IGNORECASE)


@dataclass(frozen=True)
class NamedKey:
    """A key the question names, with the family words written before it."""

    text: str
    forms: frozenset[str]
    family: frozenset[str]  # stems of the family words around it ("exception"), empty when none
    numeric: bool  # no letters of its own: only a family word makes it a key


@dataclass(frozen=True)
class NotListed:
    """The key is in no entry of the group the question points at."""

    reason: str
    closest: list[Source]


def _family_near(text: str, at: int) -> frozenset[str]:
    before = tokenize(text[max(0, at - 40):at])[-3:]
    return frozenset(w for w in before if w in _FAMILY_STEMS)


def named_keys(question: str, query: str = "") -> list[NamedKey]:
    """The keys a question names, each with the family it gives them; the family may come from the
    search text (a follow-up "And F4?" after "What is fault F3?")."""
    found: dict[str, NamedKey] = {}
    default = frozenset(w for w in tokenize(query) if w in _FAMILY_STEMS)

    def add(text: str, at: int, numeric: bool) -> None:
        family = _family_near(question, at) or frozenset(w for w in tokenize(question) if w in _FAMILY_STEMS) or default
        forms = key_forms(text)
        if forms and text.casefold() not in found:
            found[text.casefold()] = NamedKey(text, frozenset(forms), family, numeric)

    for m in _OID.finditer(question):
        add(m.group(), m.start(), False)
    for m in _MIB_NAME.finditer(question):
        add(m.group(1), m.start(1), False)
    for m in _LETTER_KEY.finditer(question):
        if not re.fullmatch(r"0x[0-9a-f]+", m.group(1), re.IGNORECASE):
            add(m.group(1), m.start(1), False)
    for m in _NUMERIC_KEY.finditer(question):
        add(m.group(1), m.start(1), True)
    return list(found.values())


def _stems(text: str) -> set[str]:
    return set(tokenize(text))


def _in_family(key: NamedKey, record: EntryRecord) -> bool:
    entry = record.entry
    return bool(key.family & _stems(" ".join([entry.family, entry.group, *record.section, entry.key.name])))


class Lookup:
    """Finds the entry a question asks for and builds its card."""

    def __init__(self, manifest: Manifest, embed: Callable[[list[str]], np.ndarray],
                 vocabulary: Callable[[], Collection[str]], policy: AnswerPolicy = DEFAULT_POLICY) -> None:
        self.manifest = manifest
        self.embed = embed
        self.vocabulary = vocabulary  # the lexical index's words: a key written elsewhere is not "not listed"
        self.policy = policy
        self._vectors: dict[str, np.ndarray] = {}

    # codes

    def by_key(self, question: str, query: str, sources: Sequence[Source]) -> Found | NotListed | None:
        keys = named_keys(question, query)
        if not keys:
            return None
        ranks = _doc_ranks(sources)
        for key in keys:
            found = self._key_card(key, question, query, ranks)
            if found is not None:
                return found
        for key in keys:
            missing = self._not_listed(key, ranks)
            if missing is not None:
                return missing
        return None

    def _key_card(self, key: NamedKey, question: str, query: str, ranks: dict[str, int]) -> Found | None:
        candidates = self.manifest.entries_for_keys(key.forms)
        if key.family:
            within = [c for c in candidates if _in_family(key, c)]
            if within or self._family_groups(key, ranks):
                candidates = within
        if key.numeric:  # a bare number is this entry's key only within the family named, or where search points
            candidates = [c for c in candidates if (key.family and _in_family(key, c)) or c.doc_id in ranks]
        if not candidates:
            return None
        words = _stems(question) - key.family

        def rank(c: EntryRecord) -> tuple[float, ...]:
            held = _stems(" ".join([c.entry.family, c.entry.group, *c.section, *(f.text for f in c.entry.fields)]))
            return (float(bool(key.family) and _in_family(key, c)), -ranks.get(c.doc_id, len(ranks) + 1),
                    float(len(words & held)), float(c.entry.kind != SYMPTOM), -c.ordinal)

        best = max(candidates, key=rank)
        return self._card(best, question, key.family)

    def _family_groups(self, key: NamedKey, ranks: dict[str, int]) -> dict[tuple[str, str], list[EntryRecord]]:
        """Groups of entries in the documents search found that belong to the key's family: by family word
        where the question names one, else by the letters its code starts with."""
        prefix = key_prefix(key.text)
        groups: dict[tuple[str, str], list[EntryRecord]] = {}
        for record in self.manifest.entries_in(ranks, None):
            if record.entry.kind == SYMPTOM:
                continue
            same_shape = key_prefix(record.entry.key.text) == prefix and (
                bool(prefix) or any(c.isdigit() for c in record.entry.key.text))
            if not same_shape:
                continue
            if (key.family and _in_family(key, record)) or (not key.family and prefix):
                groups.setdefault((record.doc_id, record.entry.group), []).append(record)
        return {g: members for g, members in groups.items() if len(members) >= self.policy.lookup_group_min}

    def _not_listed(self, key: NamedKey, ranks: dict[str, int]) -> NotListed | None:
        groups = self._family_groups(key, ranks)
        if not groups or (not key.numeric and canonical(key.text) in self.vocabulary()):
            return None
        (doc_id, _), members = min(groups.items(), key=lambda g: (ranks.get(g[0][0], 99), -len(g[1])))
        document = self.manifest.document(doc_id)
        if document is None:
            return None
        first, last = members[0].entry, members[-1].entry
        pages = sorted({p for m in members for p in m.pages})
        where = f", p. {pages[0]}" + (f"-{pages[-1]}" if len(pages) > 1 else "") if pages else ""
        reason = (f"{key.text} is not listed in the {first.group} of {document.title}{where}, which lists "
                  f"{len(members)} entries from {first.key.text} to {last.key.text}.")
        source = self._source(members[0], first.start, last.end)
        return NotListed(reason, [source] if source else [])

    # symptoms

    def by_symptom(self, question: str, query_vector: np.ndarray, sources: Sequence[Source]) -> Found | None:
        """The troubleshooting row whose symptom the question describes, among the documents found."""
        if not _ASKS_REMEDY.search(question):
            return None
        ranks = _doc_ranks(sources)
        records = self.manifest.entries_in(ranks, SYMPTOM)
        if not records:
            return None
        vectors = self._symptom_vectors(records)
        scores = vectors @ query_vector
        words = _stems(question)
        shares = [len(words & _stems(r.entry.key.text)) / max(1, len(_stems(r.entry.key.text))) for r in records]
        total = [float(s) + self.policy.symptom_word_weight * w for s, w in zip(scores, shares)]
        best = int(np.argmax(total))
        if scores[best] < self.policy.symptom_min_cosine:
            return None
        return self._card(records[best], question)

    def _symptom_vectors(self, records: Sequence[EntryRecord]) -> np.ndarray:
        texts = [r.entry.key.text for r in records]
        missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if missing:
            for text, vector in zip(missing, self.embed(missing)):
                self._vectors[text] = vector
        return np.stack([self._vectors[t] for t in texts])

    # the card

    def _card(self, record: EntryRecord, question: str, family: frozenset[str] = frozenset()) -> Found | None:
        """The entry as a table card: its key, then each field under its column name, a row per line of
        the entry (a symptom's causes one under another). A code's row keeps only the columns a question
        names by header where it names one ("the factory setting of PD013"), and the name beside them."""
        entry = record.entry
        source = self._source(record, entry.start, entry.end)
        if source is None:
            return None
        fields = list(entry.fields)
        if entry.kind != SYMPTOM and entry.table is not None and (named := self._named_columns(fields, question, family)):
            # the columns asked for, beside the first one, which names what the code is
            fields = [f for f in fields if f.column in named or f.column == fields[0].column]
        columns = sorted({(f.column, f.name) for f in fields}, key=lambda c: c[0]) if entry.table is not None else \
            [(n, f.name) for n, f in enumerate(fields, start=1)]
        if entry.table is None:
            fields = [Field(f.name, f.text, f.start, f.end, f.ref, 0, n) for n, f in enumerate(fields, start=1)]
        at = {(f.row, f.column): f for f in fields}
        rows = []
        for line in sorted({f.row for f in fields}):
            key = (CardCell(entry.key.text, 1, entry.key.start, entry.key.end) if line == min(f.row for f in fields)
                   else CardCell("", 1, entry.key.start, entry.key.start))
            cells = [CardCell(f.text, 1, f.start, f.end) if (f := at.get((line, c))) else
                     CardCell("", 1, entry.key.start, entry.key.start) for c, _ in columns]
            rows.append((key, *cells))
        title = " > ".join(record.section[-1:]) or entry.group
        card = Card(TABLE, title, tuple(rows), (entry.key.name, *(name for _, name in columns)),
                    tuple(tuple("" for _ in row) for row in rows))
        return Found(card, [source])

    @staticmethod
    def _named_columns(fields: Sequence[Field], question: str, family: frozenset[str]) -> set[int]:
        """The columns a question asks for by a word of their header ("the factory setting of PD013"),
        not counting the words that name the key's family or ask for any value; none if it names none."""
        words = _stems(question) - family - _GENERIC
        scores: dict[int, int] = {}
        for f in fields:
            scores[f.column] = len((_stems(f.name) - _GENERIC) & words)
        best = max(scores.values(), default=0)
        return {c for c, v in scores.items() if v == best} if best else set()

    def _source(self, record: EntryRecord, start: int, end: int) -> Source | None:
        document = self.manifest.document(record.doc_id)
        if document is None:
            return None
        chunks = sorted(self.manifest.chunks(self.manifest.chunk_hashes(record.doc_id)).values(), key=lambda c: c.start)
        holding = [c for c in chunks if c.start < end and c.end > start]
        if not holding:
            return None
        first = next((c for c in holding if c.start <= start < c.end), holding[0])
        return Source(1, first.chunk_id, document.title, document.source, first.section,
                      record.pages or first.pages, start, end, _text_between(holding, start, end), 1.0)


def _text_between(chunks: Sequence[ChunkRecord], start: int, end: int) -> str:
    """The document text of [start, end) as the chunks holding it give it (a space where none does)."""
    out = [" "] * (end - start)
    for c in chunks:
        for i in range(max(start, c.start), min(end, c.end)):
            out[i - start] = c.text[i - c.start]
    return "".join(out)


def _doc_ranks(sources: Sequence[Source]) -> dict[str, int]:
    ranks: dict[str, int] = {}
    for s in sources:
        ranks.setdefault(s.doc_id, len(ranks) + 1)
    return ranks


