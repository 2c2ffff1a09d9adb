"""The answer card: the documents' own words that answer a question, built without the model.

Three kinds, tried in this order:
- a table: the rows a question names (a tag, a row label, or a family such as "B-series",
  which means every B row) and the columns it asks for (matched to the column headers),
  as the document's cells, each with its place in the document;
- a procedure: when the question asks how to do something, or its best sentence is a
  numbered step, the whole step list of that procedure in order, with its section;
- otherwise the one to three whole sentences closest to the question.
Everything on a card is a verbatim span of a cited passage; nothing is composed but the
"header: cell" reading of a table row.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import PurePath

import numpy as np

from operator_assistant.core.answer.claims import flowed
from operator_assistant.core.answer.evidence import (
    MEASURE_UNITS,
    Evidence,
    asked_unit,
    asks_figure,
    missing_answer,
    names_measure,
)
from operator_assistant.core.answer.policy import DEFAULT_POLICY, AnswerPolicy
from operator_assistant.core.answer.records import PROCEDURE, SENTENCES, TABLE, Card, CardCell, Source
from operator_assistant.core.answer.sentences import (
    MIN_SENTENCE,
    PIECE_MARK,
    Piece,
    asks_prohibition,
    asks_value,
    contradicts,
    describes_trouble,
    holds_value,
    introducing_label,
    is_contents_line,
    ranked_pieces,
    states_prohibition,
    table_caption,
    tells_trouble,
    word_share,
    word_weights,
)
from operator_assistant.core.conflicts import (
    LIMIT_CORE,
    LIMIT_WORDS,
    called_limit,
    in_unit,
    limits_named,
    measurements,
    measures_named,
    one_of,
    other_one,
    same_limit,
    unit_of,
    where_named,
)
from operator_assistant.core.documents.entries import MARKS
from operator_assistant.core.documents.tables import Cell, Table, blocks, cell_unit
from operator_assistant.core.index.manifest import ChunkRecord, Manifest, TableRecord
from operator_assistant.core.references import (
    Reference,
    heading_line,
    in_section,
    passage_holds,
    references,
    spans_in,
)
from operator_assistant.core.tokenize import STOPWORDS, canonical, raw_tokens, tokenize
from operator_assistant.core.units import ABOVE, BELOW

# Words that ask for "the setpoints" without saying which: every value column answers them.
_GENERIC = frozenset(tokenize("alarm alarms threshold thresholds setpoint setpoints set point limit limits value values "
                              "setting settings trip trips level levels protection"))
_FAMILY = re.compile(r"\b([A-Za-z]{1,4})[- ]?(?:series|pumps|units|trains)\b", re.IGNORECASE)
_UNIT_HEADER = re.compile(r"^units?$", re.IGNORECASE)
# A sentence that names its subject only in the sentence before it.
_ANAPHOR = re.compile(r"^(this|these|it|they|such|that|those)\b", re.IGNORECASE)
# A numbered or lettered step: "4. Open the valve", "b) Verify the lamp", and as regulations number
# them, "(4) At intervals ...".
_STEP = re.compile(r"^\s*(?:\((\d{1,2}|[a-z])\)|(\d{1,2}|[a-z])[.)])\s+\S")
# A question that asks what to do, not what a value is ("how long", "how full" are not).
_HOW = re.compile(r"\bhow (do|does|should|can|must|would|to)\b|\bwhat (are|is) the (steps|procedure|sequence)\b|"
                  r"\bwhat (steps|should|do|must)\b.*\bdo\b|\bfirst thing\b|\bwhat to do\b|\bin what order\b|"
                  r"\b(procedure|steps|step by step|sequence)\b", re.IGNORECASE)
# A question for one step or item of a list: "what is step 2?", "item 3 on the permit", "the third step".
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
# What else a list's items are called ("the third way to qualify", "the second condition"): an item of it.
_LIST_NOUNS = ("way", "option", "criterion", "requirement", "condition", "reason", "method", "rule", "bullet")
_STEP_ASKED = re.compile(r"\b(step|item|point)\s*(?:no\.?|number|#)?\s*(\d{1,2})\b|"
                         rf"\b({'|'.join(_ORDINALS)})\s+(step|item|point|{'|'.join(_LIST_NOUNS)})\b", re.IGNORECASE)


def asked_step(question: str) -> tuple[int, str] | None:
    """(N, "step" or "item") when the question asks for one numbered step or item; the last one it
    names ("I have done step 1: what is step 2?" asks for 2)."""
    found = list(_STEP_ASKED.finditer(question))
    if not found:
        return None
    m = found[-1]
    if m.group(2):
        return int(m.group(2)), m.group(1).casefold()
    noun = m.group(4).casefold()
    return _ORDINALS.index(m.group(3).casefold()) + 1, noun if noun in ("step", "point") else "item"


def names_callout(question: str, text: str) -> bool:
    """Whether a piece names the numbered part of a figure the question asks for as item or point N
    ("in the starter diagram, what's item 10?" and "... normally closed overload relay contacts (10)"), or
    opens with the code letter the question asks about ("code letter E" and "E Quick-stop deceleration ...")."""
    letter = _LETTER_ASKED.search(question)
    if letter and re.match(rf"{letter.group(1)}\s+[A-Z][a-z]", text.lstrip()):
        return True
    step = asked_step(question)
    return step is not None and step[1] in ("item", "point") and bool(re.search(rf"\(\s*{step[0]}\s*\)", text))


# A code letter asked about by name: "code letter E", "letter C", "response letter B".
_LETTER_ASKED = re.compile(r"\bletter\s+([A-Z])\b")


@dataclass(frozen=True)
class Found:
    """A card and the passages it cites, in the card's citation order (numbers from 1)."""

    card: Card
    sources: list[Source]


# reading a section back from the manifest


def _section_chunks(manifest: Manifest, source: Source) -> list[ChunkRecord]:
    return [c for c in manifest.document_chunks(source.doc_id) if c.section == source.section]


# section lines read lately: a card reads the same section for its pieces, its lists and its citations,
# and reading it means reading every chunk of the document
_LINES: OrderedDict[tuple[object, ...], list[tuple[int, str]]] = OrderedDict()
_LINES_KEPT = 64
_LINES_LOCK = threading.Lock()


def section_lines(manifest: Manifest, source: Source) -> list[tuple[int, str]]:
    """(document offset, line) of every line of the source's section, in order, overlaps removed."""
    # chunk ids are content hashes: the key names exactly the text read
    key = (source.doc_id, source.section, tuple(sorted(manifest.chunk_hashes(source.doc_id).items())))
    with _LINES_LOCK:
        if key in _LINES:
            _LINES.move_to_end(key)
            return _LINES[key]
    lines = _read_section_lines(manifest, source)
    with _LINES_LOCK:
        _LINES[key] = lines
        while len(_LINES) > _LINES_KEPT:
            _LINES.popitem(last=False)
    return lines


def _read_section_lines(manifest: Manifest, source: Source) -> list[tuple[int, str]]:
    chunks = _section_chunks(manifest, source)
    lines: dict[int, str] = {}
    for chunk in chunks or []:
        pos = 0
        for line in chunk.text.split("\n"):
            if line.strip():
                lines.setdefault(chunk.start + pos, line)
            pos += len(line) + 1
    return sorted(lines.items())


def _span_source(source: Source, number: int, lines: Sequence[tuple[int, str]], start: int, end: int,
                 manifest: Manifest | None = None) -> Source:
    """A citation for [start, end) of the source's document, its text read from the section's lines
    and its pages from the chunks that hold it (a procedure may sit pages away from the passage found)."""
    text = "\n".join(line for at, line in lines if at < end and at + len(line) > start)
    pages = source.pages
    if manifest is not None and pages:
        held = sorted({p for c in _section_chunks(manifest, source) if c.start < end and c.end > start for p in c.pages})
        pages = tuple(held) or pages
    return Source(number, source.chunk_id, source.document, source.source, source.section, pages,
                  start, end, text or source.text, source.score)


# tables


def _row_tokens(row: Sequence[Cell]) -> set[str]:
    return {canonical(t) for c in row for t in raw_tokens(c.text)}


def _named_rows(table: Table, question: str, query: str, named: set[str], families: set[str]) -> tuple[list[int], int]:
    """(rows the question names, how: 2 by identifier or family, 1 by words of their cells, 0 not at all).

    Words are matched against the question itself first and the search text (with the
    question a follow-up continues) only when the question alone names no row: after
    "What is the low alarm ...?", "What about the high alarm?" wants the "high" row."""
    by_id = []
    for n, row in enumerate(table.rows):
        label = row[0].text.strip() if row else ""
        family = re.match(r"^([A-Za-z]{1,4})-?\d+[A-Za-z]?$", label)
        if named & _row_tokens(row) or (family and family.group(1).casefold() in families):
            by_id.append(n)
    if by_id:
        return by_id, 2
    figures, measures = _figures(question), measurements(question)
    by_figure = [n for n, row in enumerate(table.rows) if row and _label_holds(row[0].text, figures, measures)]
    if by_figure and len(by_figure) < len(table.rows):
        return by_figure, 1
    header_words = {w for name in table.names for w in tokenize(name)}
    row_words = [set(tokenize(" ".join(c.text for c in row))) - header_words - _GENERIC for row in table.rows]
    for text in (question, query):
        words = _plain_words(text) - header_words - _GENERIC
        overlap = [len(w & words) for w in row_words]
        best = max(overlap, default=0)
        chosen = [n for n, v in enumerate(overlap) if v == best]
        # of rows that name it alike, the plain one before those that qualify it with a word: "the drive end
        # bearing" is the "Drive end" row, not "Non-drive end"; "Pump 1" and "Pump 2", "Channel B" and "Channel I"
        # (whose letter is read as a stopword) stay alike
        plain = {n: {w for w in row_words[n] if not any(ch.isdigit() for ch in w)} for n in chosen}
        chosen = [n for n in chosen if not any(plain[m] < plain[n] and all(len(w) >= 3 for w in plain[n] - plain[m])
                                               for m in chosen)]
        if best >= 1 and len(chosen) < len(table.rows):
            return chosen, 1
    return [], 0


_FIGURE = re.compile(r"(?<![\w.,/])(?<![A-Za-z]-)\d+(?:,\d{3})*(?:\.\d+)?(?:/\d+)?(?![\d/]|\.\d|,\d)")
_FIGURE_TOKEN = r"(\d+(?:,\d{3})*(?:\.\d+)?)"
# A row label that is a range of figures: "40 through 59", "20-39", "less than 20", "80 or more".
_RANGES: tuple[tuple[re.Pattern[str], Callable[..., bool]], ...] = (
    (re.compile(rf"^{_FIGURE_TOKEN}\s*(?:through|thru|to|-|–|—)\s*{_FIGURE_TOKEN}\b", re.IGNORECASE),
     lambda a, b, x: a <= x <= b),
    (re.compile(rf"^(?:less than|under|below|fewer than|<)\s*{_FIGURE_TOKEN}\b", re.IGNORECASE), lambda a, x: x < a),
    (re.compile(rf"^(?:up to|not more than|≤|<=)\s*{_FIGURE_TOKEN}\b", re.IGNORECASE), lambda a, x: x <= a),
    (re.compile(rf"^(?:more than|over|above|greater than|>)\s*{_FIGURE_TOKEN}\b", re.IGNORECASE), lambda a, x: x > a),
    (re.compile(rf"^(?:at least|≥|>=)\s*{_FIGURE_TOKEN}\b|^{_FIGURE_TOKEN}\s*(?:or more|and (?:over|above|up)|\+)",
                re.IGNORECASE), lambda a, x: x >= a),
)


def _figures(text: str) -> list[str]:
    """The plain figures a text gives ("8-inch" gives 8, "3/4-inch" 3/4), not the digits of tags (B-2, PT-2105)."""
    return _FIGURE.findall(text)


def _number(figure: str) -> float | None:
    try:
        return float(figure.replace(",", ""))
    except ValueError:
        return None


# A figure of a row label, with the letters after it that may be its unit ("5000V", "2.2 kV", "12,000")
_LABEL_FIGURE = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?([A-Za-z\u00b0\u00b5%][\w/%]*)?")
# What the bounds are of, between or before them: "Vr", "rated voltage"
_BOUNDED = r"(?:[A-Za-z][\w().]*\s*){0,3}"
# The shapes of a range once its figures are marked #0, #1: (pattern, which bound each mark is)
_MEASURED_SHAPES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"^#0\s*(?:<=?|\u2264)\s*{_BOUNDED}(?:<=?|\u2264)\s*#1$", re.IGNORECASE), "lo hi"),
    (re.compile(r"^#0\s*(?:-|\u2013|\u2014|to|through|thru)\s*#1$", re.IGNORECASE), "lo hi"),
    (re.compile(rf"^{_BOUNDED}{BELOW}\s*#0$", re.IGNORECASE), "hi"),
    (re.compile(rf"^{_BOUNDED}{ABOVE}\s*#0$", re.IGNORECASE), "lo"),
    (re.compile(r"^#0\s*(?:or\s+(?:more|above|greater)|and\s+(?:over|above|up)|\+)$", re.IGNORECASE), "lo"),
    (re.compile(r"^#0\s*(?:or\s+(?:less|below)|and\s+(?:under|below))$", re.IGNORECASE), "hi"),
    (re.compile(r"^#0$"), "lo hi"),  # one figure is a range of one value: "4160 V" is the row of 4.16 kV
)


def _measured_range(label: str) -> tuple[float | None, float | None, str] | None:
    """(low, high, pint unit) of a row label that is a range of one measured quantity, a bound left None:
    "5000V<Vr<12000V", "Vr < 2500V", "2.2 - 4.4 kV", "over 600 V", or one figure ("4160 V", both bounds);
    None for any other label, and for figures with no unit (left to the plain figures)."""
    figures: list[tuple[float, str]] = []

    def mark(m: re.Match[str]) -> str:
        unit = unit_of(m.group(2)) if m.group(2) else None
        figures.append((float(m.group(1).replace(",", "")), unit or ""))
        return f"#{len(figures) - 1}" + ("" if unit or not m.group(2) else f" {m.group(2)}")

    marked = _LABEL_FIGURE.sub(mark, " ".join(label.split()))
    units = {unit for _, unit in figures if unit}
    if not 1 <= len(figures) <= 2 or len(units) != 1:
        return None
    (unit,) = units
    for pattern, bounds in _MEASURED_SHAPES:
        if pattern.fullmatch(marked):
            # a bound written without its unit takes the other's ("2.2 - 4.4 kV")
            found = {name: in_unit(number, own or unit, unit)
                     for name, (number, own) in zip(bounds.split(), figures * 2 if len(figures) == 1 else figures)}
            return found.get("lo"), found.get("hi"), unit
    return None


def _measured_holds(label: str, measures: Sequence[tuple[float, str]]) -> bool | None:
    """Whether a label that is a measured range holds one of the question's measurements (6.6 kV within
    "5000V<Vr<12000V"), after conversion; None where the label is no such range or the question measures
    nothing its unit converts to."""
    bounds = _measured_range(label)
    if bounds is None:
        return None
    low, high, unit = bounds
    values = [v for v in (in_unit(number, own, unit) for number, own in measures) if v is not None]
    if not values:
        return None  # the question measures nothing of this kind ("an 8-inch main at 60 psi" and "8 in")
    # within the precision a unit's conversion leaves (4.16 kV is 4160.000000000001 V)
    return any((low is None or v >= low * (1 - 1e-9)) and (high is None or v <= high * (1 + 1e-9)) for v in values)


def _label_holds(label: str, figures: Sequence[str], measures: Sequence[tuple[float, str]] = ()) -> bool:
    """Whether a row label names one of the question's figures: as itself ("8", "8 gallons", "3/4")
    or as a range that holds it ("40 through 59", "less than 20", "80 or more"); a range with a unit holds
    only the question's `measures` its unit converts to ("5000V<Vr<12000V" holds 6.6 kV)."""
    label = " ".join(label.split())
    if measures and (held := _measured_holds(label, measures)) is not None:
        return held
    if not figures:
        return False
    own = _FIGURE.match(label)
    if own and any(own.group() == f for f in figures) and len(label.split()) <= 3:
        return True
    values = [v for v in (_number(f) for f in figures) if v is not None]
    for pattern, holds in _RANGES:
        m = pattern.match(label)
        if m:
            bounds = [_number(g) for g in m.groups() if g is not None]
            return None not in bounds and any(holds(*bounds, v) for v in values)
    return False


@lru_cache(maxsize=8192)
def _plain_words(text: str) -> frozenset[str]:
    """Content words, without the parts of identifiers ("CL2ALM03" is not the words "alm" and "03"). Kept: a card
    reads the same pieces' words for their ranking, the sentences beside the best and the words they leave unsaid."""
    return frozenset(w for t in raw_tokens(text) if not any(c.isdigit() for c in t) for w in tokenize(t))


# Words of how a question asks ("how many ... is one ton"), not of what it asks about.
_HOW_ASKED = frozenset(tokenize("many much one"))


def _unexplained(question: str, table: Table, rows: Sequence[int], context: str = "") -> int:
    """How many of the question's words neither the table's header nor these rows hold (nor `context`: where
    the table is, its document's title and headings)."""
    held = {w for name in table.names for w in tokenize(name)} | set(tokenize(context))
    held |= {w for r in rows for c in table.rows[r] for w in tokenize(c.text)}
    held |= {w for acronym in _spelled_out(question, table.names) for w in tokenize(acronym)}  # "MCL" by its column
    return len(_plain_words(question) - held - _GENERIC - _HOW_ASKED)


_ACRONYM = re.compile(r"\b[A-Z]{2,6}s?\b")


def _spelled_out(question: str, names: Sequence[str]) -> dict[str, set[str]]:
    """For each capitalised acronym of the question that column names spell out, the words that spell it: "MCL" (or
    "MCLs") asks the column "Maximum Contaminant Level, mg/L", "TDH" "Total Dynamic Head" (small words skipped)."""
    out: dict[str, set[str]] = {}
    for acronym in {m.group().rstrip("s") for m in _ACRONYM.finditer(question)}:
        for name in names:
            words = [w for w in re.findall(r"[^\W\d_]+", name) if w.lower() not in STOPWORDS]
            for at in range(len(words) - len(acronym) + 1):
                run = words[at:at + len(acronym)]
                if "".join(w[0] for w in run).upper() == acronym and any(w[0].isupper() for w in run):
                    out.setdefault(acronym, set()).update(tokenize(" ".join(run)))
    return out


def _columns(table: Table, question: str, named: set[str], rows: Sequence[int]) -> tuple[list[int], int]:
    """(columns to show, how specifically the question asked for them: 2 by name, 1 generic, 0 not at all)."""
    words = set(tokenize(question)).union(*_spelled_out(question, table.names[1:]).values())
    heads = [set(tokenize(name)) for name in table.names]
    # where the question names a column by name, a generic word that one column alone holds names that one
    # too: "Which transmitter reads it, and what is the trip setpoint?" asks for "High-high trip" beside
    # "Transmitter" ("alarm" is in both "Low alarm" and "High alarm"); alone, "setpoint" leaves every column
    by_name = any((head - _GENERIC) & words for head in heads[1:])
    # and so does the kind of limit asked, where the question asks it with no side, that one column alone holds
    # ("bearing temperature trip": "Trip" beside "Alert"); "low alarm" is not all of an "Alarm" column
    kinds = set() if limits_named(question) else set(tokenize("alarm trip")) & words
    alone = {w for w in _GENERIC & words if sum(w in head for head in heads[1:]) == 1 and (by_name or w in kinds)}
    scores = [2 * len((head - _GENERIC | head & alone) & words) + len((head & _GENERIC & words) - alone)
              for head in heads]
    specific = max(scores[1:], default=0) >= 2
    if specific:
        chosen = [n for n in range(1, len(scores)) if scores[n] == max(scores[1:])]
    else:
        chosen = list(range(1, len(scores)))
    # of columns named by ranges of a measured quantity ("Rated voltage < 2kV", "Rated voltage ≥ 2kV"), the
    # one that holds the figure the question gives (a 6.6 kV machine's)
    measures = measurements(question)
    held = {n: _measured_holds(table.names[n], measures) for n in range(1, len(table.names))} if measures else {}
    if any(held.values()):
        chosen = [n for n in (chosen if specific else range(1, len(scores))) if held.get(n) is not False]
    # the row label, the tags that identify what a value belongs to, and the unit stay with the values
    keep = {0, *chosen}
    for n in range(1, len(scores)):
        cells = [table.rows[r][n].text for r in rows if n < len(table.rows[r])]
        if _UNIT_HEADER.match(table.names[n].strip()) or (cells and all(_is_tag(c) for c in cells)):
            keep.add(n)
    level = 2 if specific else (1 if any(scores[1:]) else 0)
    return sorted(keep), level


def _tags(text: str) -> set[str]:
    """Equipment tags and codes a text names (letters and digits: B-2, PT-2105), in canonical form; not bare numbers."""
    return {canonical(t) for t in raw_tokens(text) if any(c.isdigit() for c in t) and any(c.isalpha() for c in t)}


def _is_tag(text: str) -> bool:
    tokens = raw_tokens(text)
    return len(tokens) == 1 and any(c.isdigit() for c in tokens[0]) and any(c.isalpha() for c in tokens[0])


# "the maximum level", "the lowest suction pressure": a side of a measured quantity asked with no limit named;
# not of a time ("the minimum time between starts" is no low side of anything)
_SIDE_ASKED = re.compile(r"\b(?:(max(?:imum)?|highest|upper)|(min(?:imum)?|lowest))\b", re.IGNORECASE)
_NO_SIDE = frozenset(("time", "duration", "interval", "period", "runtime", "timer"))


def limits_asked(question: str) -> frozenset[tuple[str, str]]:
    """The limits a question asks for: those it names ("low suction trip"), else the high side of a measure it
    asks the maximum or highest of, the low side of one it asks the minimum or lowest of, as a bound of no
    kind ("any": an alarm, trip or other limit the text calls one, or a value a trigger says is crossed; see
    `_limits_stated`)."""
    named = limits_named(question)
    if named or not measures_named(question) - _NO_SIDE:
        return named
    sides = {("high", "any") if high else ("low", "any") for high, _ in _SIDE_ASKED.findall(question)}
    return frozenset(sides) if len(sides) == 1 else named


# a value crossed, as a trigger says it: "falls below 0.80 mg/L", "AIT-520 above 2.60 mg/L", "exceeds 4.0 mg/L";
# not a state checked ("is above 28 psi" before a start), a state a rule requires ("must be below 1.0 ft before
# entry", _REQUIRED_STATE), nor a comparison ("less than 280V")
_CROSSING = re.compile(r"\b([\w-]+)\s+(above|over|exceeds?|exceeding|below|under)\s+(?:about\s+)?\d", re.IGNORECASE)
_REQUIRED_STATE = re.compile(r"\b(?:must|shall|should)\s+(?:be|remain|stay|read)\s+(?:below|above|under|over|less than|"
                             r"more than|greater than|at least|at most|no more than|no less than)\s+(?:about\s+)?\d",
                             re.IGNORECASE)
_REQUIRED = frozenset("be is are was remain remains stay stays kept keep maintained maintain held hold".split())


def _crossings(text: str) -> set[tuple[str, str]]:
    return {("low" if m.group(2).lower() in ("below", "under") else "high", "crossing")
            for m in _CROSSING.finditer(text) if m.group(1).lower() not in _REQUIRED}


def _limits_stated(text: str, asked: frozenset[tuple[str, str]]) -> set[tuple[str, str]]:
    """The limits a text states, read for those asked: against a side asked ("any"), only the limits called one
    and the values crossed."""
    stated = set(limits_named(text))
    if any(kind == "any" for _, kind in asked):
        stated = {limit for limit in stated if called_limit(limit)}
        stated |= _crossings(text)
        # a state a rule requires before something is done ("must be below 1.0 ft before entry") is that rule's,
        # no limit of either side
        if _REQUIRED_STATE.search(text):
            stated.add(("required", "rule"))
    return stated


def asked_quantity(question: str, query: str) -> str:
    """The text whose limits and places a card must answer: the question's own where it names any ("What
    about the high alarm?" asks the high alarm, not the low one the question before it asked), else the
    search text, a follow-up's with the question it follows ("And for A-2 at the intake?")."""
    return question if limits_asked(question) or where_named(question) else query


def asked_ones(question: str, query: str) -> frozenset[tuple[str, str]]:
    """The places or units of several the card must be about (Station B, pump 2): the question's own where it
    names any, else the search text's ("And at Station A?" after a question about a trip)."""
    return one_of(question) or one_of(query)


# Words that say nothing of what a limit is of: how a question asks, and the places of several it names.
_NOT_SUBJECT = frozenset(tokenize("what which value values point series station unit train plant mean means "
                                  "does do show shows")) | _GENERIC | _HOW_ASKED


def limit_subject(question: str) -> tuple[frozenset[str], str]:
    """(stems, as written) of what a question asks a limit of: "the wet well high level alarm at Station B" ->
    ({"well"}, "wet well"); nothing where it asks no limit's figure. Limits, measures, sides and places of
    several are how it is asked, not of what."""
    if not (limits_named(question) or (asks_figure(question) and LIMIT_WORDS & set(tokenize(question)))):
        return frozenset(), ""
    ones = {label.lower() for _, label in one_of(question)}
    # the unit it is asked in ("in feet") and a limit written as one word ("high-level") say how it is asked
    unit = asked_unit(question)
    how = set(tokenize(unit[0])) if unit else set()
    how |= {w for word in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)+", question)
            if all(set(tokenize(part)) <= LIMIT_WORDS | _NOT_SUBJECT for part in word.split("-")) for w in tokenize(word)}
    stems = frozenset(_plain_words(question) - LIMIT_WORDS - _NOT_SUBJECT - ones - how)
    words = re.findall(r"[A-Za-z][\w-]*", question)
    runs: list[str] = []
    run: list[str] = []
    for n, word in enumerate(words):
        if set(tokenize(word)) & stems:
            # with the words just before it that say which kind ("wet well", "traveling screen")
            if not run:
                k = n
                while k and words[k - 1].lower() not in STOPWORDS and not set(tokenize(words[k - 1])) & (
                        LIMIT_CORE | _NOT_SUBJECT):
                    k -= 1
                run = words[k:n]
            run.append(word)
        elif run:
            runs.append(" ".join(run))
            run = []
    if run:
        runs.append(" ".join(run))
    return stems, ", ".join(dict.fromkeys(runs))


def about_other(question: str, *texts: str) -> bool:
    """Whether texts (a table's heading, column names and row labels; a sentence and its heading) speak of
    another quantity than the question asks for: they state limits and none is the one asked ("Low alarm",
    "High-high trip" hold no low trip), they measure only another thing than the limit asked is of (pressure
    for a level alarm), or they read it where the question does not ("discharge" pressure for "suction"
    pressure)."""
    asked = limits_asked(question)
    stated = {limit for text in texts for limit in _limits_stated(text, asked)}
    if asked and stated and not any(same_limit(a, s) for a in asked for s in stated):
        return True
    # a limit of the level is not one of the pressure ("wet well high level alarm", "Discharge Pressure Alarm")
    measured = measures_named(question)
    measures = {m for text in texts for m in measures_named(text)}
    if asked and measured and measures and not measured & measures:
        return True
    there = {place for text in texts for place in where_named(text)}
    asked_places = where_named(question)
    for axis in {axis for axis, _ in asked_places}:
        said = {place for place in there if place[0] == axis}
        if said and not said & asked_places:
            return True
    return False


def states_limit(limits: frozenset[tuple[str, str]], text: str) -> bool:
    """Whether a text states one of these limits asked (as `same_limit` reads them)."""
    return any(same_limit(a, s) for a in limits for s in _limits_stated(text, limits))


def table_card(question: str, query: str, candidates: Sequence[tuple[Source, TableRecord, bool]],
               best_piece: tuple[Piece, Source] | None = None, policy: AnswerPolicy = DEFAULT_POLICY
               ) -> tuple[Source, TableRecord, list[int], list[int]] | None:
    """(source, table, rows, columns) of the table that answers the question, or None.

    A table answers when the question names its rows by tag or family and asks for any of
    its values, names them by label and asks for a column by name, or when the sentence
    closest to the question is one of its rows."""
    named = _tags(query)
    families = {m.group(1).casefold() for m in _FAMILY.finditer(query)}
    asked = _plain_words(question) - _GENERIC - _HOW_ASKED
    quantity = asked_quantity(question, query)
    ones = asked_ones(question, query)
    measured = frozenset(m for m in measures_named(question) if m in MEASURE_UNITS)
    measured_figures = measurements(question)
    unit = asked_unit(question)
    piece_unexplained = len(asked - set(tokenize(best_piece[0].text))) if best_piece else len(asked) + 1
    # and with what names where each is, its document's title and headings: "the intake pump motor windings" are
    # the intake manual's sentence, not the booster manual's row of motor winding temperature
    piece_unsaid = (len(asked - set(tokenize(" ".join([best_piece[0].text, best_piece[1].document,
                                                       *best_piece[1].section])))) if best_piece else len(asked) + 1)
    best, best_key = None, None
    for rank, (source, record, in_passage) in enumerate(candidates):
        table = record.table
        rows, how = _named_rows(table, question, query, named, families)
        columns, level = _columns(table, query, named, rows)
        piece_rows = _rows_at(table, best_piece, source)
        # a piece the layout ran over several rows ("5.2.13 Power ton, refrigeration ... kilowatt") is the row named
        piece_row = next((r for r in piece_rows if r in rows), piece_rows[0] if piece_rows else None)
        if piece_row is not None and not rows:
            rows = [piece_row]
            columns, level = _columns(table, query, named, rows)
        unexplained = _unexplained(question, table, rows)
        # Named by tag and asked for a value, or asked what the tag is ("What does CL2-ALM-03 mean?")
        # unless a sentence elsewhere names the tag and is closer to the question.
        answers_all = level >= 1 or unexplained <= 1
        sentence_first = best_piece is not None and best_piece[0].names_question and piece_row is None
        by_tag = how == 2 and (level >= 1 or (answers_all and not sentence_first))
        if not (by_tag or (how == 1 and level == 2) or (piece_row is not None and answers_all)):
            continue
        labels = [table.rows[r][0].text for r in (rows or range(len(table.rows))) if table.rows[r]]
        if about_other(quantity, *record.section[-1:], *table.names, *labels):
            continue  # B-2's row of discharge alarms is no answer to B-2's low suction trip
        if ones and other_one(ones, source.document, *record.section, *labels):
            continue  # Station A's table is no answer for Station B
        if measured and not names_measure(measured, "\n".join([*record.section[-1:], *table.names, *(
                c.text for r in (rows or range(len(table.rows))) for c in table.rows[r])])):
            continue  # a bearing temperature trip is not in a table of greasing intervals that names bearings
        if all(_marks_only(table, c, rows) for c in columns if c):
            continue  # a matrix's symptom columns show only its x marks: the symptom's entry answers, or nothing
        if rows and asks_value(question) and not _holds_figure(table, rows, columns, question):
            continue  # "how high must an RP be mounted" is not answered by rows that say only "RP" or "AG"
        if rows and unit and not re.search(unit[1], "\n".join(
                [*table.names, *(table.rows[r][c].text for r in rows for c in columns if c < len(table.rows[r]))]),
                re.IGNORECASE):
            continue  # "how many contact hours" is not answered by a row of fees in dollars
        if (how == 1 and piece_row is None
                and _unexplained(question, table, rows, " ".join([source.document, *record.section])) > piece_unsaid
                and not any(_label_holds(table.rows[r][0].text, _figures(question), measured_figures) for r in rows)):
            # rows named only by a word they share with the question ("gallons"), and a sentence found holds
            # more of it: "1 pint (16 ounces) of the chlorine solution to 12.5 gallons" answers, not the bleach table
            continue
        if not in_passage and not (how >= 1 and level == 2
                                   and unexplained <= policy.table_outside_unexplained
                                   and unexplained < piece_unexplained):
            # a table outside the passages found must be named by row and column, and hold the question, and
            # hold more of it than the best sentence found does ("new distribution system ... more than 20
            # percent" is that sentence, not a reporting table that says "percent" and "systems")
            continue
        if not in_passage:
            source = replace(source, section=record.section, start=table.start, end=table.end)
        # a table whose row and column the question names both ("the maximum contaminant level for nitrate": the
        # row "Nitrate", the column "Maximum Contaminant Level, mg/L") before the table of the sentence closest to
        # the question (a points table's row "Less than or equal to the maximum contaminant level"), and of those
        # one whose rows it names by tag or family ("the B-series boosters": B-1 to B-4) before one whose row
        # only shares its words (Station A's "Discharge header"); of tables named alike, the one whose rows hold
        # more of the question ("psi" and "kilopascal", not "kilopascal" alone) before the one ranked first;
        # a column named by the tag asked counts as a row so named: "M20" heads a column of a torque table's
        # second block, where the first block's columns share only its letter
        by_column = bool(named & {t for c in columns if c for t in _tags(table.names[c])})
        key = (how >= 1 and level == 2, how == 2 or by_column, piece_row is not None and piece_row in rows, how,
               level, -unexplained, -rank)
        if best_key is None or key > best_key:
            best, best_key = (source, record, rows, columns), key
    return best


def _holds_figure(table: Table, rows: Sequence[int], columns: Sequence[int], question: str) -> bool:
    """Whether the cells to be shown give a figure the question asks for ("(1)" numbering a row gives none)."""
    return any(holds_value(PIECE_MARK.sub("", table.rows[r][c].text), question)
               for r in rows for c in columns if c < len(table.rows[r]))


def _marks_only(table: Table, column: int, rows: Sequence[int]) -> bool:
    cells = [table.rows[r][column].text.strip() for r in rows if column < len(table.rows[r])]
    return all(not c or c in MARKS for c in cells)


def _rows_at(table: Table, best_piece: tuple[Piece, Source] | None, source: Source) -> list[int]:
    """The table rows the best piece overlaps, if it is in the table."""
    if best_piece is None or best_piece[1].doc_id != source.doc_id:
        return []
    piece, where = best_piece
    start, end = where.start + piece.start, where.start + piece.end
    return [n for n, row in enumerate(table.rows) if row and row[0].start < end and row[-1].end > start]


def caption_above(manifest: Manifest, source: Source, table_start: int,
                  lines: Sequence[tuple[int, str]] | None = None) -> Source | None:
    """The one sentence the section gives before a table, where that is all it gives, as its own citation: what
    the table's figures are for ("Recommended torque values for metric 8.8 class bolts ..."). A block of the same
    table or another table between them is no sentence."""
    lines = section_lines(manifest, source) if lines is None else lines
    if not lines:
        return None
    tables = [t.table for t in manifest.tables_in(source.doc_id, lines[0][0], table_start)]
    above = [(at, line) for at, line in lines
             if at + len(line) <= table_start and not any(t.start <= at + len(line) and at < t.end for t in tables)]
    if not table_caption([line for _, line in above]):
        return None
    return _span_source(source, 0, lines, above[0][0], above[-1][0] + len(above[-1][1]))


def with_caption(title: str, sources: list[Source], caption: Source | None) -> tuple[str, int]:
    """(title, the caption's source number or 0): a table card's title with its caption, where the caption says
    more than the title; the caption is then cited after `sources`, so that what the card shows stands in what it
    cites."""
    if caption is None:
        return title, 0
    text = " ".join(caption.text.split())
    if set(tokenize(text)) <= set(tokenize(title)):
        return title, 0
    sources.append(replace(caption, number=len(sources) + 1))
    return f"{title} > {text.rstrip(' .:')}", len(sources)


def _table_found(question: str, source: Source, record: TableRecord, rows: list[int], columns: list[int],
                 lines: Sequence[tuple[int, str]], caption: Source | None = None) -> Found:
    table = record.table
    start = min(table.rows[r][0].start for r in rows)
    end = max(c.end for r in rows for c in table.rows[r])
    # the rows shown, and the header only where the first of them is right under it or it gives a figure or code
    # the card's column names show: from the header down the highlight takes in every row above the one asked
    near = min(rows) == 0 or any(ch.isdigit() for cell in table.header for ch in cell.text)
    cited = replace(_span_source(source, 1, lines, min(start, table.header[0].start) if near else start, end),
                    pages=record.pages or source.pages)
    # a cell spanning the next column too in every row shown (a merged "To Convert From" over "Section") is
    # shown once, under both column names
    def spans_next(c: int) -> bool:
        if c + 1 >= len(table.names):
            return False
        cells = [(table.rows[r][k].start, table.rows[r][k].end) if k < len(table.rows[r]) else None
                 for r in rows for k in (c, c + 1)]
        return all(a is not None and a == b and a[1] > a[0] for a, b in zip(cells[::2], cells[1::2]))

    names = {c: table.names[c] for c in columns}
    for c in list(columns):
        k = c
        while c in names and spans_next(k):
            k += 1
            columns = [n for n in columns if n != k]
            names.pop(k, None)
            names[c] = " / ".join(dict.fromkeys(n for n in (names[c], table.names[k]) if n.strip()))
    cells, units = [], []
    for r in rows:
        row = table.rows[r]
        cells.append(tuple(CardCell(row[c].text if c < len(row) else "", 1, row[c].start if c < len(row) else start,
                                    row[c].end if c < len(row) else start, ref=row[c].ref if c < len(row) else "")
                           for c in columns))
        units.append(tuple(cell_unit(table, row, c) for c in columns))
    title = " > ".join(record.section[-1:]) if record.section else source.document
    sources, title_source = [cited], 0
    if not any(table.names):  # a table that names no columns is read under the line that introduces it
        label = introducing_label([line for at, line in lines if at < table.start])
        title = f"{title} > {label.rstrip(':')}" if label else title
    else:
        # a table under the one sentence that says what its figures are for (the bolts' class, the standard, the
        # condition) is read with it
        title, title_source = with_caption(title, sources, caption)
    return Found(Card(TABLE, title, tuple(cells), tuple(names[c] for c in columns), tuple(units),
                      title_source=title_source), sources)


# procedures


def _steps(lines: Sequence[tuple[int, str]]) -> list[list[tuple[int, int]]]:
    """Numbered (or lettered) step lists in the lines: each a list of (start, end) per step, wrapped
    lines joined. Lettered items under a numbered step are that step's sub-items."""
    lists: list[list[tuple[int, int]]] = []
    current: list[tuple[int, int]] = []
    expected, lettered = 1, False

    def close() -> None:
        if len(current) >= 2:
            lists.append(current)

    def resumes(k: int) -> bool:
        """Whether the list goes on within a few lines: a caution or a note set between two steps."""
        for _, later in lines[k + 1:k + 1 + _INTERRUPTION_LINES]:
            m = _STEP.match(later)
            if m:
                letter = not _label(m).isdigit()
                return letter == lettered and _ordinal(_label(m)) == expected
        return False

    for k, (at, line) in enumerate(lines):
        span = (at + len(line) - len(line.lstrip()), at + len(line.rstrip()))
        m = _STEP.match(line)
        letter = m is not None and not _label(m).isdigit()
        number = _ordinal(_label(m)) if m else 0
        if m and current and letter and not lettered:
            current[-1] = (current[-1][0], span[1])  # "a.", "b." under a numbered step belong to it
        elif m and current and lettered and letter and number != expected and _label(m) in "ivx":
            current[-1] = (current[-1][0], span[1])  # "i.", "v." under a lettered step: roman sub-items
        elif m and number == expected and (letter == lettered or not current):
            current.append(span)
            expected, lettered = expected + 1, letter
        elif m and number == 1:
            close()
            current, expected, lettered = [span], 2, letter
        elif m:
            close()  # a step of another list ends this one
            current, expected, lettered = [], 1, False
        elif current and (not re.search(r"[.:;!?]\)?$", _last_text(lines, current[-1])) or line.lstrip()[:1].islower()):
            current[-1] = (current[-1][0], span[1])  # a step wrapped onto the next line
        elif current and line.lstrip()[:1] in "-*\u2022":
            current[-1] = (current[-1][0], span[1])  # bullets under a step belong to it
        elif current and resumes(k):
            current[-1] = (current[-1][0], span[1])  # "Caution ..." before the next step: shown with the step
        elif current:
            close()
            current, expected, lettered = [], 1, False
    close()
    return lists


# Lines a caution or note between two steps may take before the list is read as ended.
_INTERRUPTION_LINES = 4


def _label(step: re.Match[str]) -> str:
    """The number or letter of a `_STEP` match."""
    return step.group(1) or step.group(2)


def _ordinal(label: str) -> int:
    return ord(label) - ord("a") + 1 if not label.isdigit() else int(label)


# A bullet item: "● Login as user pwrp.", "- Open the valve", "• Verify ...", and a bullet set close to
# its word ("\u2013configure the baud rate"), which a hyphen is not ("-10 °C" is a figure).
_BULLET = re.compile(r"^\s*(?:[\u25cf\u2022\u25aa\u25e6\u2013\uf0b7*-]\s+\S|[\u25cf\u2022\u25aa\u25e6\u2013\uf0b7](?=[^\W\d_]))")
# Bullets a section must hold, in one run, to be read as its steps when it numbers none.
MIN_BULLETS = 3


def _bullets(lines: Sequence[tuple[int, str]], minimum: int = MIN_BULLETS) -> list[list[tuple[int, int]]]:
    """Bulleted lists of at least `minimum` items (a procedure written with bullets instead of
    numbers): each bullet runs on over the lines under it while another bullet follows within a few lines."""
    lists: list[list[tuple[int, int]]] = []
    current: list[tuple[int, int]] = []
    label: tuple[int, int] | None = None
    for k, (at, line) in enumerate(lines):
        span = (at + len(line) - len(line.lstrip()), at + len(line.rstrip()))
        if _BULLET.match(line):
            current.append((label[0], span[1]) if label else span)
            label = None
        elif (current and line.rstrip().endswith(":") and re.search(r"[.;!?]\)?$", _last_text(lines, current[-1]))
              and k + 1 < len(lines) and _BULLET.match(lines[k + 1][1])):
            label = span  # "Every 3 months:" between two bullets goes with the one under it, not the one above
        elif current and (not re.search(r"[.:;!?]\)?$", _last_text(lines, current[-1])) or line.lstrip()[:1].islower()
                          or any(_BULLET.match(later) for _, later in lines[k + 1:k + 6])):
            current[-1] = (current[-1][0], span[1])
        elif current:
            if len(current) >= minimum:
                lists.append(current)
            current = []
    if len(current) >= minimum:
        lists.append(current)
    return lists


def _last_text(lines: Sequence[tuple[int, str]], span: tuple[int, int]) -> str:
    for at, line in reversed(lines):
        if at < span[1]:
            return line.rstrip()
    return ""


def _text_at(lines: Sequence[tuple[int, str]], start: int, end: int) -> str:
    """The text of [start, end) of the document, read from lines that may overlap (chunks share a
    sentence or two): each stretch of the document once."""
    parts, pos = [], start
    for at, line in lines:
        if at >= end:
            break
        a, b = max(pos, at), min(end, at + len(line))
        if b > a:
            parts.append(line[a - at:b - at])
            pos = b
    return flowed("\n".join(parts))


def _window(count: int, at: int, size: int) -> tuple[int, int]:
    """[first, last) of `size` items of `count` around item `at`, as centred as the ends allow."""
    first = max(0, min(at - size // 2, count - size))
    return first, min(count, first + size)


def _part(noun: str, first: int, last: int, count: int) -> str:
    """Which part of a list a card shows ("steps 2\u20134 of 9"), "" when it shows it whole: a list is
    never shown with items left out unless the card says so."""
    if first == 0 and last == count:
        return ""
    return (f"{noun}s {first + 1}\u2013{last}" if last - first > 1 else f"{noun} {first + 1}") + f" of {count}"


def _list_title(lines: Sequence[tuple[int, str]], first: int) -> str:
    """The short line that names the list starting at `first` ("2. Startup", "3. Shutdown:"): the nearest
    of the few lines above it that is a numbered step or ends with a colon, a heading's length, not a sentence."""
    for _, line in reversed([(at, line) for at, line in lines if at + len(line) <= first][-_TITLE_LINES:]):
        text = line.strip()
        if (_STEP.match(line) or text.endswith(":")) and not text.endswith(".") and len(text.split()) <= 9:
            return text
    return ""


# Lines above a list where its title may stand (a warning or a note may come between).
_TITLE_LINES = 6
# A step's number or letter, left off a list's title in the card's: the passage cited starts at the list.
_STEP_LABEL = re.compile(r"^\s*(?:\((?:\d{1,2}|[a-z])\)|(?:\d{1,2}|[a-z])[.)])\s+", re.IGNORECASE)


def _asked_terms(question: str) -> set[str]:
    """The question's index terms, with two words written apart joined as a title writes them: "start up"
    is "Startup", "shutting down" is "Shutdown" (the tokenizer drops "up" and "down" alone)."""
    words = re.findall(r"[^\W\d_]+", question.casefold())
    terms = set(tokenize(question))
    for a, b in zip(words, words[1:]):
        terms.update(tokenize((tokenize(a) or [a])[0] + b))
    return terms


def _titled_list(lists: Sequence[list[tuple[int, int]]], lines: Sequence[tuple[int, str]], question: str
                 ) -> list[tuple[int, int]] | None:
    """Of a section's several step lists, the one whose title the question names ("Shutting down ... steps?"
    over "2. Startup:" and "3. Shutdown:"): at least half its title's words, and more than any other's."""
    asked = _asked_terms(question)

    def share(steps: list[tuple[int, int]]) -> float:
        words = {t for t in tokenize(_list_title(lines, steps[0][0])) if not t.isdigit() and len(t) > 1}
        return len(words & asked) / len(words) if words else 0.0

    if len(lists) < 2:
        return None
    scored = sorted(((share(steps), n) for n, steps in enumerate(lists)), reverse=True)
    (top, n), (second, _) = scored[0], scored[1]
    return lists[n] if top >= 0.5 and top > second else None


# The share of a section title's words a question must hold more than to name it ("Generator shutdown sequence?"
# over "Shutdown"; "uninstall the historian" does not name "Installing the historian"): it then asks for that
# section's steps, whatever its best sentence.
_TITLE_NAMED = 0.5


def procedure_card(question: str, best: Piece | None, best_source: Source | None, sources: Sequence[Source],
                   manifest: Manifest, policy: AnswerPolicy = DEFAULT_POLICY,
                   ranked: Sequence[tuple[Piece, Source]] = ()) -> Found | None:
    """The step list a how-to question asks for, whole or around its best sentence; for "what is
    step N?" step N with the steps either side of it, marked as part of the list. `ranked` are the
    pieces best first: where the best is in no list of its section, the list of the best piece in one."""
    step = asked_step(question)
    if not _HOW.search(question) and step is None:
        return None
    # the procedure whose section title the question names, else the one the best sentence is in
    words = set(tokenize(question))
    named = _tags(question)

    def title_match(source: Source) -> float:
        title = " ".join(source.section[-1:])
        # the document's own words ("confined space" of a confined space program) name all its sections alike,
        # unless they are all its title says ("Exercising the Valve" of a valve exercising program)
        words_of = {t for t in tokenize(title) if not any(c.isdigit() for c in t)}  # not its number, "3.2"
        title_words = (words_of - set(tokenize(source.document))) or words_of
        by_tag = bool(named & {canonical(t) for t in raw_tokens(title)})
        return by_tag + (len(title_words & words) / len(title_words) if title_words else 0.0)

    order = ([best_source] if best_source is not None else []) + [s for s in sources if s is not best_source]
    order = sorted(order, key=title_match, reverse=True)  # stable: ties keep the best sentence's passage first
    for source in order:
        lines = section_lines(manifest, source)
        lists = _steps(lines) or _bullets(lines)
        if step is not None:
            lists = [s for s in lists if len(s) >= step[0]]
        if not lists:
            continue
        target = source.start + best.start if best is not None and source is best_source else source.start
        # each list with its lead-in ("If a hazardous atmosphere is detected during entry:" over its steps)
        spans = [((lead or steps[0])[0], steps[-1][1]) for steps in lists for lead in (_lead_in(lines, steps[0][0]),)]
        holding = [(at, p.score) for p, s in ranked if s.doc_id == source.doc_id for at in (s.start + p.start,)
                   if any(a <= at <= b for a, b in spans)]
        titled = _titled_list(lists, lines, question)
        # a list is the answer where a piece as close to the question as the best is in it, or the question
        # names it or its section; else the best piece is prose ("uninstall by deleting the directory") that
        # a list of its passage ("Compiling the source code: 1. ... 2. ...") would only hide
        close = best is None or any(score >= best.score - policy.sentence_margin for _, score in holding)
        if step is None and titled is None and not close and title_match(source) <= _TITLE_NAMED:
            continue
        # the list the question names by its title, else the one holding the best sentence, else the one holding
        # the best piece in any ("1. Operation:" items are no list of steps, "3. Shutdown:" a. to g. are), else
        # the first in the passage, else the first
        target = next((t for t in [target, *(at for at, _ in holding)] if any(a <= t <= b for a, b in spans)), target)
        chosen = titled or next(
            (s for s, (a, b) in zip(lists, spans) if a <= target <= b),
            next((s for s in lists if s[-1][1] >= source.start), lists[0]))
        title = source.section[-1] if source.section else source.document
        if len(lists) > 1 and (named_list := _STEP_LABEL.sub("", _list_title(lines, chosen[0][0])).rstrip(":")):
            title = f"{title.rstrip(': ')} > {named_list}"  # which of the section's lists it is
        part = ""
        if step is not None:
            first, last = _window(len(chosen), step[0] - 1, 3)
            part = _part(step[1], first, last, len(chosen))
            chosen = chosen[first:last]
        elif len(chosen) > policy.procedure_steps:
            at = next((i for i, (a, b) in enumerate(chosen) if a <= target <= b), 0)
            first, last = _window(len(chosen), at, policy.procedure_steps)
            part = _part("step", first, last, len(chosen))
            chosen = chosen[first:last]
        cited = _span_source(source, 1, lines, chosen[0][0], chosen[-1][1], manifest)
        steps = tuple((CardCell(_text_at(lines, a, b), 1, a, b),) for a, b in chosen)
        return Found(Card(PROCEDURE, title, steps, part=part), [cited])
    return None


# a troubleshooting block


# A line that heads a block of its own kind: "Q: ...", "CHART C1 - ...", "Problem 3: ...": a word, perhaps
# with a number, set off by a colon or a spaced dash; or a run-in word of its own, "Problem. PU1 make-up pumps
# ..." (with no number: "Step 1." numbers a list). The next line of the same label ends the block.
_BLOCK_LABEL = re.compile(r"^\s*(?:([A-Za-z]{1,12})(?:\s+[A-Za-z]?\d{1,3}[a-z]?)?(?::|\s+[-\u2013\u2014]\s)|"
                          r"([A-Za-z]{4,12})\.\s+(?=[A-Z0-9]))")
_RULE_LINE = re.compile(r"^\s*[-=_*~#.]{3,}\s*$")
# Lines a block must hold besides its label line: a label that comes back after one line only ("Cause 1 -",
# "Remedy:", "Cause 2 -", "Remedy:") labels the parts of a block, not blocks.
MIN_BLOCK_LINES = 2


def _block_label(line: str) -> str:
    """The label a line opens with, in lower case; "" where it opens with none."""
    mark = _BLOCK_LABEL.match(line)
    return (mark.group(1) or mark.group(2)).lower() if mark else ""


def _line_at(lines: Sequence[tuple[int, str]], at: int) -> int | None:
    """The index of the line that holds document offset `at` (or the line break after it)."""
    return next((n for n, (a, line) in enumerate(lines) if a <= at < a + len(line) + 1), None)


def _block_lines(lines: Sequence[tuple[int, str]], lead: int, label: str) -> list[int]:
    """Indices of the lines after `lead` up to the next line of the same label or a rule line after them."""
    taken: list[int] = []
    for n in range(lead + 1, len(lines)):
        line = lines[n][1]
        if _RULE_LINE.match(line):
            if taken:
                break
            continue
        if _block_label(line) == label:
            break
        taken.append(n)
    return taken


def _block_cells(lines: Sequence[tuple[int, str]], taken: Iterable[int]) -> list[tuple[int, int]]:
    """(start, end) of each line of a block, a line the layout wrapped joined to the one it carries on."""
    spans: list[tuple[int, int]] = []
    for n in taken:
        at, line = lines[n]
        start, end = at + len(line) - len(line.lstrip()), at + len(line.rstrip())
        if spans and line.lstrip()[:1].islower() and not _ENDS.search(lines[n - 1][1].rstrip()):
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans


def _labelled_block(top: Piece, source: Source, lines: Sequence[tuple[int, str]]) -> list[tuple[int, int]]:
    """(start, end) of each line of the labelled block whose label line the piece is, from that line on;
    none where the piece is no label line or its label heads no block."""
    at, end = source.start + top.start, source.start + top.end
    lead = _line_at(lines, at)
    while lead is not None and lead + 1 < len(lines) and _RULE_LINE.match(lines[lead][1]):
        lead += 1  # a rule above the label line, read into the piece
    if lead is None:
        return []
    lead_at, lead_line = lines[lead]
    label, mark = _block_label(lead_line), _BLOCK_LABEL.match(lead_line)
    # the piece is the label line, not a later sentence of a paragraph that begins with one
    if not label or mark is None or at > lead_at + mark.end() + 1 or end > lead_at + len(lead_line) + 1:
        return []
    # and the label heads blocks: it comes back in the section with lines between, or the block runs to its end
    taken = _block_lines(lines, lead, label)
    if len(taken) < MIN_BLOCK_LINES:
        return []
    return [(lead_at + len(lead_line) - len(lead_line.lstrip()), lead_at + len(lead_line.rstrip())),
            *_block_cells(lines, taken)]


# A section short enough to be one symptom with its causes and remedies ("AR-325 HX1 SECONDARY PRESSURE HIGH"
# over its meaning, likely causes and response), in words.
SYMPTOM_SECTION_WORDS = 200
# The lines of its opening: a label ("Meaning") and the line it labels.
OPENING_LINES = 2


def _symptom_section(question: str, top: Piece, source: Source, lines: Sequence[tuple[int, str]]
                     ) -> list[tuple[int, int]]:
    """(start, end) of each line of the source's section where it is one symptom's: a sub-section, short, of
    no table, whose heading names something the question tells of (beyond the headings above it), and that
    opens with the best piece, as such a section opens by saying what is seen ("Meaning" over "Network side
    pressure at HX1 is rising ..."), not with a step; a piece further down is read in its own list or sentences."""
    if len(source.section) < 2 or not lines or any(" | " in line for _, line in lines):
        return []
    at = source.start + top.start
    opening = _line_at(lines, at)
    if opening is None or opening >= OPENING_LINES:
        return []
    # nor is a list's item or lead-in ("2. Close the effluent valve" of a backwash sequence): its list says it
    if _list_at(lines, at, source.start + top.end) is not None:
        return []
    own = _plain_words(source.section[-1]) - _plain_words(" ".join([source.document, *source.section[:-1]]))
    if not own & _plain_words(question) or sum(len(line.split()) for _, line in lines) > SYMPTOM_SECTION_WORDS:
        return []
    return _block_cells(lines, range(len(lines)))


# The words of a line set alone as a symptom's: "Header pressure swings and the pumps hunt up and down".
MIN_SYMPTOM_WORDS, SYMPTOM_LINE_WORDS = 4, 20
# The most words a symptom's block is shown with; a longer one is cut and says so ("lines 1-9 of 14").
SYMPTOM_WORDS = 250


def _symptom_window(top: Piece, source: Source, lines: Sequence[tuple[int, str]]) -> list[tuple[int, int]]:
    """(start, end) of the best piece's line and of the lines after it in its section up to the next line set
    alone as it is (short, with no full stop), where the piece is a line of its own ("Pump at full speed but
    header pressure will not come up to setpoint" over the paragraphs that explain it): whatever the layout, a
    symptom set on its own line has its causes and remedies after it. A sentence inside a paragraph, or a
    list's step, is read as sentences or in its list."""
    at, end = source.start + top.start, source.start + top.end
    first = _line_at(lines, at)
    if first is None:
        return []
    line_at, line = lines[first]
    # the piece is the line, from its start to its end: a sentence run over into the next line is prose
    if (at > line_at + len(line) - len(line.lstrip()) + 1 or abs(end - (line_at + len(line.rstrip()))) > 1
            or _list_at(lines, at, end) is not None):
        return []
    taken = [first]
    for n in range(first + 1, len(lines)):
        text = lines[n][1]
        if _RULE_LINE.match(text):
            continue
        # the next symptom's line: a few words standing alone after a finished sentence, as the first did, and
        # not a sentence the layout wrapped ("Possible causes" or "Why" over a list is a part of this one's)
        after = lines[n + 1][1] if n + 1 < len(lines) else ""
        if (MIN_SYMPTOM_WORDS <= len(text.split()) <= SYMPTOM_LINE_WORDS and not _ENDS.search(text.rstrip())
                and not _SENTENCE_STOP.search(text) and not text.lstrip()[:1].islower()
                and not after.lstrip()[:1].islower() and _ENDS.search(lines[taken[-1]][1].rstrip())):
            break
        taken.append(n)
    return _block_cells(lines, taken) if len(taken) > 1 else []


def symptom_block(question: str, pieces: Sequence[tuple[Piece, Source]], manifest: Manifest,
                  policy: AnswerPolicy = DEFAULT_POLICY) -> Found | None:
    """For a question that tells of trouble, the block its best piece is in, whole: where the piece is the
    line heading a labelled block ("Q: After dosing the pH shoots past the setpoint ... Why?", "CHART C1 -
    FIT-501 reads zero while ..."), that line and the block under it; where it opens a short section headed
    with the trouble ("AR-340 NETWORK RETURN TEMPERATURE HIGH"), the section; where it is a line of its own,
    that line and the lines after it up to the next such line. The causes and checks a troubleshooting manual
    gives under a symptom are read together, and the first of them alone is half an answer. A block over
    SYMPTOM_WORDS is cut, and the card says which lines it shows."""
    if not pieces or not describes_trouble(question):
        return None
    top, source = pieces[0]
    lines = section_lines(manifest, source)
    spans = (_labelled_block(top, source, lines) or _symptom_section(question, top, source, lines)
             or _symptom_window(top, source, lines))
    return _block_card(source, lines, spans, manifest, policy)


def trouble_section_card(source: Source, manifest: Manifest, policy: AnswerPolicy = DEFAULT_POLICY) -> Found | None:
    """The section of `source` whole, as a block whose heading is the trouble ("Why is the network water going black
    and the pH dropping?" over the three causes a shift FAQ gives): each of its causes is part of the answer."""
    lines = section_lines(manifest, source)
    return _block_card(source, lines, _block_cells(lines, range(len(lines))), manifest, policy)


def _block_card(source: Source, lines: Sequence[tuple[int, str]], spans: Sequence[tuple[int, int]], manifest: Manifest,
                policy: AnswerPolicy) -> Found | None:
    """A card of the lines of `spans`, as the document sets them (None for none); one over SYMPTOM_WORDS is cut and
    says so."""
    if not spans:
        return None
    shown, words = 0, 0
    for a, b in spans[:policy.procedure_steps]:
        words += len(_text_at(lines, a, b).split())
        if shown and words > SYMPTOM_WORDS:
            break
        shown += 1
    part = _part("line", 0, shown, len(spans))
    spans = spans[:shown]
    cited = _span_source(source, 1, lines, spans[0][0], spans[-1][1], manifest)
    cells = tuple((CardCell(_text_at(lines, a, b), 1, a, b),) for a, b in spans)
    title = source.section[-1] if source.section else source.document
    # lines as the document sets them, not steps to be numbered
    return Found(Card(SENTENCES, title, cells, part=part), [cited])


# sentences


def _lead_in(lines: Sequence[tuple[int, str]], before: int) -> tuple[int, int] | None:
    """(start, end) of the sentence that opens the list starting at `before`, when it ends with ":"
    ("Tags shall:", "... has one or more of the following characteristics:"), over its wrapped lines."""
    above = [(at, line) for at, line in lines if at + len(line) <= before][-3:]
    if not above or not (above[-1][1].rstrip().endswith(":") or _runs_into_list(above[-1][1])):
        return None
    end = above[-1][0] + len(above[-1][1].rstrip())
    start, below = None, above[-1][0]
    for n, (at, line) in enumerate(reversed(above)):
        if n and (re.search(r"[.:;!?]\)?$", line.rstrip()) or _STEP.match(line) or _BULLET.match(line)
                  or below > at + len(line) + 1):  # ends a sentence, is an item, or a blank line follows it
            break
        below = at
        # the lead-in is the last sentence of its paragraph, not the paragraph
        stops = [m.end() for m in _SENTENCE_STOP.finditer(line) if at + m.end() < end]
        if stops:
            start = at + stops[-1]
            break
        start = at + len(line) - len(line.lstrip())
    return (start, end) if start is not None else None


_SENTENCE_STOP = re.compile(r"[.!?]\)?\s+(?=[A-Z])")


def _runs_into_list(line: str) -> bool:
    """Whether a line is a sentence the list under it completes, with no colon: "To change the baud
    rate you" over "\u2013configure ...", "\u2013change ...". Prose, not a heading: most words in lower case."""
    words = line.split()
    if len(words) < 3 or re.search(r"[.:;!?)\]]$", line.rstrip()) or _STEP.match(line) or _BULLET.match(line):
        return False
    return sum(w[:1].islower() for w in words) * 2 > len(words)


def _list_at(lines: Sequence[tuple[int, str]], start: int, end: int
             ) -> tuple[tuple[int, int] | None, list[tuple[int, int]], int] | None:
    """(lead-in, items, index of the item at [start, end), -1 when it is the lead-in) of the numbered,
    lettered or bulleted list that [start, end) is an item or the lead-in of; None when it is neither."""
    for items in _steps(lines) + _bullets(lines, 2):
        lead = _lead_in(lines, items[0][0])
        if lead is None and len(items) < MIN_BULLETS and _BULLET.match(_text_at(lines, *items[0])):
            continue  # two bullets with nothing that introduces them are not read as a list
        at = next((n for n, (a, b) in enumerate(items) if a <= start < b), None)
        if at is not None:
            return lead, items, at
        if lead is not None and lead[0] <= start and end <= lead[1] + 1:
            return lead, items, -1
    return None


def _list_card(top: Piece, top_source: Source, lines: Sequence[tuple[int, str]], manifest: Manifest,
               policy: AnswerPolicy, named: bool = False) -> Found | None:
    """When the best sentence is a list item or a list's lead-in: the lead-in and the items around the
    one that answers, in order, with the part of the list left out said in the title."""
    found = _list_at(lines, top_source.start + top.start, top_source.start + top.end)
    if found is None:
        return None
    lead, items, at = found
    # the item that answers with the one before it and those after it (they carry it on), or the
    # list from its start when the lead-in is the best sentence; an item the question names ("§7605(d)") first
    first, last = _list_window(at, len(items), policy.list_items, named)

    def words(span: tuple[int, int]) -> int:
        return len(_text_at(lines, *span).split())

    # a long list is cut to the words a card may show, keeping the item that answers
    while last - first > 1 and sum(words(s) for s in items[first:last]) > policy.list_words:
        if first < max(at, 0):
            first += 1  # the item before goes first: the ones after carry the answer on
        else:
            last -= 1
    shown = items[first:last]
    if at >= 0 and last - first == 1 and words(items[at]) > policy.item_words:
        shown = _item_in_part(items[at], top_source.start + top.start, top_source.start + top.end, lines)
    spans = ([lead] if lead else []) + shown
    cited = _span_source(top_source, 1, lines, spans[0][0], spans[-1][1], manifest)
    cells = tuple((CardCell(_text_at(lines, a, b), 1, a, b),) for a, b in spans)
    title = top_source.section[-1] if top_source.section else top_source.document
    return Found(Card(SENTENCES, title, cells, part=_part("item", first, last, len(items))), [cited])


def _list_window(at: int, count: int, size: int, named: bool) -> tuple[int, int]:
    """[first, last) of the items shown around item `at` (-1: the lead-in) of `count`: the one before it and
    those after, up to `size`; reaching back where the list ends (the last of three items shows all three).
    An item the question names ("§7605(d)") comes first."""
    first = max(0, at if named else at - 1)
    last = min(count, first + size)
    if not named:
        first = max(0, min(first, last - size))
    return first, last


def _item_in_part(item: tuple[int, int], start: int, end: int, lines: Sequence[tuple[int, str]]
                  ) -> list[tuple[int, int]]:
    """A list item too long to show whole, whose answer is a sentence of it ([start, end)): its first
    sentence, which names it ("Granular calcium hypochlorite."), then that sentence and the one after it,
    which may carry it on ("If the water is cloudy, add 10 drops"); where the answer is the first sentence,
    it and the one after it."""
    text = _text_at(lines, *item)
    mark = PIECE_MARK.match(text)  # "3. " is no sentence of its own
    stops = [item[0] + m.end() for m in _SENTENCE_STOP.finditer(text) if not mark or m.start() >= mark.end()]
    head_end = next((at for at in stops if at > item[0]), item[1])
    if start < head_end:
        after = next((at for at in stops if at > head_end), item[1])
        return [(item[0], after)]
    following = next((at for at in stops if at >= end), item[1])  # where the sentence after it starts
    after = next((at for at in stops if at > following), item[1])  # and where that one ends
    return [(item[0], head_end), (start, min(after, item[1]))]


def _whole_at_edges(piece: Piece, source: Source, lines: Sequence[tuple[int, str]]) -> tuple[int, int]:
    """(start, end) in the document of a sentence cut where its passage starts or ends (a chunk
    boundary inside it): carried on over the section's next lines until it ends, back to where it began."""
    start, end = source.start + piece.start, source.start + piece.end
    if not _ENDS.search(piece.text) and piece.end >= len(source.text.rstrip()):
        cut = end
        for at, line in lines:
            tail = at + len(line.rstrip())
            if tail <= end:
                continue
            if at > end + 4:  # a blank line or more between: not the same sentence
                break
            end = tail
            if _ENDS.search(line.rstrip()) or end - cut > 400:
                break
    if piece.start == 0 and piece.text[:1].islower():
        earlier = [(at, line) for at, line in lines if at < start][-3:]
        for at, line in reversed(earlier):
            if _ENDS.search(line.rstrip()) or _STEP.match(line) or _BULLET.match(line):
                break
            start = at + len(line) - len(line.lstrip())
    return start, end


_INTRODUCES = (":", "\u2014", "\u2013")  # "... by the following rule of thumb:", "... 3/4 inch is\u2014"


def _with_what_it_introduces(end: int, text: str, lines: Sequence[tuple[int, str]], most: int = 2) -> int:
    """Where a piece that introduces what follows ends, with the short lines it introduces: "... the
    following rule of thumb:" is read with "SWC = 8D2", which no piece holds (too short to be one).
    Only where they are all it introduces and no list: a list is shown whole or not at all."""
    if not text.rstrip().endswith(_INTRODUCES):
        return end
    taken: list[int] = []
    for at, line in lines:
        tail = at + len(line.rstrip())
        if tail <= end:
            continue
        stripped = line.strip()
        if at > (taken[-1] if taken else end) + 4 or not stripped:
            break  # a blank line between
        if len(stripped) >= MIN_SENTENCE:
            break  # a line long enough to be a piece of its own (shown as one if chosen)
        if _BULLET.match(line) or _STEP.match(line) or len(taken) >= most:
            return end  # the items of a list, or more short lines than a row takes: the list's, not a row's
        taken.append(tail)
    return taken[-1] if taken else end


def _overlaps(shown: Sequence[tuple[str, int, int]], piece: Piece, source: Source) -> bool:
    """Whether a piece is (part of) a span of a document already shown: passages overlap, and the
    same sentence found in two of them is shown once."""
    start, end = source.start + piece.start, source.start + piece.end
    return any(doc == source.doc_id and start < b and a < end for doc, a, b in shown)


def _with_others(listed: Found, pieces: Sequence[tuple[Piece, Source]], policy: AnswerPolicy,
                 manifest: Manifest, query: str = "") -> Found:
    """A list card with the sentences of other passages that score as close to the question as the
    best one (as a sentence card shows them): the list may be the wrong one, and they are the others."""
    top, top_source = pieces[0]
    about_else = _less_named(query, top_source)
    others: list[tuple[Piece, Source]] = []
    shown = [(listed.sources[0].doc_id, listed.sources[0].start, listed.sources[0].end)]
    said = {_as_said(c.text) for row in listed.card.rows for c in row}
    for piece, source in pieces[1:]:
        # one at most: the list already takes most of the words a card may show
        if others or piece.score < top.score - policy.sentence_margin:
            break
        # a sentence the list already shows (a manual that repeats an item in two sections), or the heading
        # of another section (or a contents line: "3.2 Exiting Auto Mode"), adds nothing
        if (_as_said(piece.text) in said or _only_heading(piece, source) or _heading_line(piece.text)
                or about_else(piece, source)):
            continue
        if not _overlaps(shown, piece, source):
            others.append((piece, source))
    rows, cited = _sentence_rows(others, manifest, first=len(listed.sources) + 1)
    return Found(replace(listed.card, rows=listed.card.rows + tuple(rows)), [*listed.sources, *cited])


def _as_said(text: str) -> str:
    """A piece's words as read: without its bullet or number, case and spacing."""
    return " ".join(PIECE_MARK.sub("", text).casefold().split())


def _only_heading(piece: Piece, source: Source) -> bool:
    return bool(source.section) and _as_said(piece.text) == _as_said(source.section[-1])


def _sentence_rows(chosen: Sequence[tuple[Piece, Source]], manifest: Manifest | None, first: int = 1
                   ) -> tuple[list[tuple[CardCell, ...]], list[Source]]:
    """A row per piece, carried over the edges of its passage where they cut it (a chunk boundary inside
    a sentence), and the passages the rows cite, numbered from `first` in order of first use, each widened
    to what its rows show."""
    numbers: dict[str, int] = {}
    spans: list[tuple[Source, int, int, str]] = []
    for piece, source in chosen:
        numbers.setdefault(source.chunk_id, first + len(numbers))
        start, end, text = source.start + piece.start, source.start + piece.end, piece.text
        if manifest is not None:
            lines = section_lines(manifest, source)
            whole_start, whole_end = _whole_at_edges(piece, source, lines)
            whole_end = _with_what_it_introduces(whole_end, text, lines)
            text = " ".join(part for part in (_text_at(lines, whole_start, start), text, _text_at(lines, end, whole_end))
                            if part)
            start, end = whole_start, whole_end
        spans.append((source, start, end, text))
    rows: list[tuple[CardCell, ...]] = []
    cited: list[Source] = []
    for source, start, end, text in spans:
        number = numbers[source.chunk_id]
        if len(cited) <= number - first:
            reach = [(a, b) for s, a, b, _ in spans if s.chunk_id == source.chunk_id]
            low, high = min(a for a, _ in reach), max(b for _, b in reach)
            cited.append(_span_source(source, number, section_lines(manifest, source), min(low, source.start),
                                      max(high, source.end))
                         if manifest is not None and (low < source.start or high > source.end)
                         else replace(source, number=number))
        rows.append((CardCell(text, number, start, end),))
    return rows, cited


_ENDS = re.compile(r"[.!?:;]\)?[\"\u201d]?$")


# A heading set as a line of the text: "3.2 EXITING THE AUTO MODE", "Shutdown" (no sentence's end).
# A number and a capital: "3.5 mg/L" is a figure.
_NUMBERED_HEADING = re.compile(r"^\d+(?:\.\d+)*\.?\s+([^\W\d_])")


def _heading_line(text: str) -> bool:
    words = text.split()
    letters = [ch for ch in text if ch.isalpha()]
    numbered = _NUMBERED_HEADING.match(text)
    return (0 < len(words) <= 10 and not _ENDS.search(text.rstrip())
            and (bool(numbered and numbered.group(1).isupper()) or (bool(letters) and all(ch.isupper() for ch in letters))))


def _under_heading(pieces: Sequence[tuple[Piece, Source]], policy: AnswerPolicy) -> Piece | None:
    """Where the best piece is a heading line of its passage, the piece right under it when that scores as
    close to the question: a heading names what the text under it says, and says nothing itself."""
    top, top_source = pieces[0]
    if not _heading_line(top.text):
        return None
    after = [p for p, s in pieces if s is top_source and p.start >= top.end]
    under = min(after, key=lambda p: p.start, default=None)
    if under is None or under.score < top.score - policy.sentence_margin:
        return None
    return under if not top_source.text[top.end:under.start].strip() else None


def _less_named(query: str, lead: Source) -> Callable[[Piece, Source], bool]:
    """Whether a sentence of another document than the best one's gives a figure of something else: its
    passage, headings and title name fewer of the question's words than the best one's do, and none it does
    not ("the intake pump motor windings": the booster station's manual gives its own winding trip and never
    says "intake"). A passage naming a word the best one misses may be the one that answers: it stays."""
    asked = _plain_words(query) - _GENERIC - _HOW_ASKED
    said = asked & _plain_words(" ".join((lead.document, *lead.section, lead.text)))

    def about_else(piece: Piece, source: Source) -> bool:
        if source.doc_id == lead.doc_id or not _figures(PIECE_MARK.sub("", piece.text)):
            return False
        return asked & _plain_words(" ".join((source.document, *source.section, source.text))) < said

    return about_else


_ASKS = re.compile(r"\?\s*(?:\[\d+\])?\s*$")


def sentence_card(pieces: Sequence[tuple[Piece, Source]], policy: AnswerPolicy = DEFAULT_POLICY,
                  manifest: Manifest | None = None, named: bool = False, query: str = "",
                  cover: bool = False) -> Found | None:
    """`named`: the best piece is the sub-paragraph the question names by number, and leads. `query`: what is
    asked, where lines of other documents are to be checked against it. `cover`: a piece of the best one's
    section that holds the question's words no other piece shown holds is shown too (`_covering`)."""
    # a sentence that asks answers nothing: a review question after the text it reviews ("Q10. What causes
    # sparking between the brushes and the commutator?"), a form's or a checklist's question
    pieces = [(p, s) for p, s in pieces if not _ASKS.search(p.text)] or list(pieces)
    if not pieces:
        return None
    top, top_source = pieces[0]
    lines = section_lines(manifest, top_source) if manifest is not None else []
    if manifest is not None and lines:
        listed = _list_card(top, top_source, lines, manifest, policy, named)
        if listed is None and (under := _under_heading(pieces, policy)) is not None:
            listed = _list_card(under, top_source, lines, manifest, policy, named)
        if listed is not None:
            return _with_others(listed, pieces, policy, manifest, query)
    chosen = [pieces[0]]
    # the sentences right after the best one carry it on; after "...the following conditions:" the list does
    following = sorted(((p, s) for p, s in pieces if s is top_source and p.start >= top.end), key=lambda ps: ps[0].start)
    # (a table's row is whole: what comes after its table is no more of it)
    wanted = (0 if " | " in top.text and _after_table(top, top_source) else
              policy.card_following + (policy.card_list_items if top.text.rstrip().endswith(":") else 0))
    chosen += following[:wanted]
    # the items a lead-in takes are its own: the other sentences beside it are as many as beside any
    room = policy.card_sentences + policy.card_following + policy.card_preceding + max(0, len(chosen) - 1 - policy.card_following)
    # "This type of chain hoist is about 85 percent efficient." says which type only in the line before it
    if _ANAPHOR.match(top.text) and policy.card_preceding:
        before = [(p, s) for p, s in pieces if s is top_source and p.end <= top.start]
        chosen[:0] = sorted(before, key=lambda ps: ps[0].start)[-policy.card_preceding:]
    about_else = _less_named(query, top_source)
    for piece, source in pieces[1:]:
        if len(chosen) >= room:
            break
        if (piece.score >= top.score - policy.sentence_margin and not _only_heading(piece, source)
                and _as_said(piece.text) not in {_as_said(p.text) for p, _ in chosen}
                and not about_else(piece, source)
                and not _overlaps([(s.doc_id, s.start + p.start, s.start + p.end) for p, s in chosen], piece, source)):
            chosen.append((piece, source))
    if cover and query and (more := _covering(query, pieces, chosen, policy)) is not None:
        # read where the document has it among the passage's pieces shown ("Red - ...", "Gray - ...", "Yellow - ...")
        earlier = [n for n, (p, s) in enumerate(chosen) if s.chunk_id == more[1].chunk_id and p.start < more[0].start]
        chosen.insert(earlier[-1] + 1 if earlier else len(chosen), more)
    rows, cited = _sentence_rows(chosen, manifest)
    first = chosen[0][1]
    title = first.section[-1] if first.section else first.document
    return Found(Card(SENTENCES, title, tuple(rows)), cited)


def _after_table(piece: Piece, source: Source) -> bool:
    """Whether the piece is a table's last row: the line after it in its passage is no row of the table."""
    rest = source.text[piece.end:].lstrip(" ").split("\n")
    following = rest[1] if len(rest) > 1 and not rest[0].strip() else ""
    return "|" not in following


def _covering(query: str, pieces: Sequence[tuple[Piece, Source]], chosen: Sequence[tuple[Piece, Source]],
              policy: AnswerPolicy) -> tuple[Piece, Source] | None:
    """A piece of the best piece's section that holds words of the question no piece chosen holds, close enough
    below the best ("how far apart do the seizings go?": "The seizings should be spaced a distance apart ...",
    under three sentences of how many seizings and how long): the question asked in full, not in part."""
    top, home = chosen[0]
    shown = set().union(*(_plain_words(p.text) for p, _ in chosen))
    unsaid = _plain_words(query) - shown - _GENERIC - _HOW_ASKED
    if not unsaid:
        return None
    weights = word_weights(unsaid, [_plain_words(p.text) for p, _ in pieces])
    spans = [(s.doc_id, s.start + p.start, s.start + p.end) for p, s in chosen]
    best, best_share = None, 0.0
    for piece, source in pieces:
        if piece.score < top.score - policy.coverage_margin:
            break
        if ((source.doc_id, source.section) != (home.doc_id, home.section) or _only_heading(piece, source)
                or _ASKS.search(piece.text) or _overlaps(spans, piece, source)):
            continue
        share = word_share(weights, _plain_words(piece.text))
        if share > best_share:
            best, best_share = (piece, source), share
    return best


def figure_first(question: str, query: str, pieces: Sequence[tuple[Piece, Source]], found: Found | None,
                 policy: AnswerPolicy = DEFAULT_POLICY, manifest: Manifest | None = None,
                 covered: Found | None = None) -> Found | None:
    """A card that gives none of the figure asked leads instead with the best piece close below it, of the
    same section of the same document, that gives one: "(4) At intervals not to exceed 3 months" under the
    sentence that opens the cord-set program. Else the card, which is then refused: another section's figure
    (a generator's bearing vibration for the cooling tower fans' trip) is no answer."""
    # (`covered`: the card to give where it leads as it is, with the pieces that cover the question; the figure is
    # looked for in `found`, without them: a covering sentence's figure is of what the question adds, not asks)
    kept = covered or found
    if found is None or not pieces or not missing_answer(question, [c.text for c in found.card.cells]):
        return kept
    top, top_source = pieces[0]
    # and only where that section is about what the question names: where the question names what another
    # section found is headed with and this one never says, a figure here is another thing's (the rope's 2,250
    # pounds is no load of a hook, which "Strength of Hooks" gives)
    here = (top_source.doc_id, top_source.section)
    unsaid = _plain_words(question) - set(tokenize(" ".join(
        [*(p.text for p, s in pieces if (s.doc_id, s.section) == here), *top_source.section, top_source.document])))
    if unsaid & {w for _, s in pieces if (s.doc_id, s.section) != here for w in tokenize(" ".join(s.section[-1:]))}:
        return kept
    measured = measures_named(question)
    for piece, source in pieces[1:]:
        if piece.score < top.score - policy.figure_margin:
            break
        # nor is a figure of another measure than the one asked: 57% of the voltage for a multiple of the current
        other = measured and (said := measures_named(piece.text)) and not measured & said
        if (source.doc_id, source.section) == (top_source.doc_id, top_source.section) and not other and not (
                missing_answer(question, [piece.text])):
            rest = [(p, s) for p, s in pieces if p is not piece]
            named = any(r.opens(piece.text) for r in references(query))
            again = sentence_card([(piece, source), *rest], policy, manifest, named, query)
            if again is not None and not missing_answer(question, [c.text for c in again.card.cells]):
                return sentence_card([(piece, source), *rest], policy, manifest, named, query,
                                     cover=covered is not None) or again
            break
    return kept


# putting it together


class CardBuilder:
    def __init__(self, manifest: Manifest, evidence: Evidence, policy: AnswerPolicy = DEFAULT_POLICY) -> None:
        self.manifest = manifest
        self.evidence = evidence
        self.policy = policy
        # the pieces last ranked, with what they were ranked for: a question that tells of trouble ranks them
        # for its block and, where it has none, again for its card (one tuple, so threads read it whole)
        self._last: tuple[tuple[object, ...], list[tuple[Piece, Source]]] | None = None

    def pieces(self, query: str, query_vector: np.ndarray, sources: Sequence[Source], identifiers: Sequence[str],
               question: str = "") -> list[tuple[Piece, Source]]:
        key = (query, question, query_vector.tobytes(), tuple(sources), tuple(identifiers))
        last = self._last
        if last is not None and last[0] == key:
            return list(last[1])
        ranked = self._ranked(query, query_vector, sources, identifiers, question)
        self._last = (key, ranked)
        return list(ranked)

    def _ranked(self, query: str, query_vector: np.ndarray, sources: Sequence[Source], identifiers: Sequence[str],
                question: str = "") -> list[tuple[Piece, Source]]:
        """Whole sentences of the passages, best first. The score is the cosine to the question plus
        a share for the question's words the sentence holds (MiniLM misses "TCP port" in a sentence
        about port 502), plus a bonus for naming the equipment it names (the embedder has no idea of tags).
        Lines of a printed table of contents are left out: they name a section and say nothing of it."""
        # a document's own number ("SOP-114") names the document, not equipment its lines are about: its title
        # block ("SOP-114 Rev B, effective 2025-01-10") is no answer to what SOP-114 Rev B sets
        if identifiers:  # the identities are read only where the question names a code
            numbers = {canonical(record.identity.number) for doc_id in {s.doc_id for s in sources}
                       if (record := self.manifest.identity(doc_id)) is not None and record.identity.number}
            identifiers = [i for i in identifiers if canonical(i) not in numbers]
        found = []
        self.evidence.embed_chunks([(source.chunk_id, source.text) for source in sources])
        unnamed = self._unnamed_vectors(question or query, query_vector, sources)
        for source in sources:
            vectors = self.evidence.sentence_vectors(source.chunk_id, source.text)
            if len(vectors):
                scores = vectors @ query_vector
                if source.doc_id in unnamed:
                    vector, shift = unnamed[source.doc_id]
                    scores = vectors @ vector + shift
                found += [(p, source) for p in ranked_pieces(source.text, scores.tolist(), identifiers)
                          if not is_contents_line(source.text, p)]
        # a sentence of Station A's manual, or under a heading of Station A, says nothing of Station B
        ones = asked_ones(question or query, query)
        if ones:
            other = {s.chunk_id for s in sources if other_one(ones, s.document, *s.section, s.text) is not None}
            found = [(p, s) for p, s in found if s.chunk_id not in other]
        weights = word_weights(_plain_words(query), [_plain_words(p.text) for p, _ in found])
        # where each passage lies in a section the question names by number: all of it, or the spans a line opens
        refs = references(query)
        referred = {s.chunk_id: [(r, in_section(r, s.section), spans_in(r, s.text)) for r in refs] for s in sources}
        # naming the equipment asked about answers nothing of it alone: the sentence must share a word of what
        # is asked too (a figure the question gives, "25 Hz", is more than a name: it stays enough)
        tags_only = all(i[:1].isalpha() for i in identifiers)
        asked = frozenset(_plain_words(query) - _GENERIC - _HOW_ASKED) if tags_only else frozenset()
        quantity = asked_quantity(question or query, query)
        limits = limits_asked(quantity)
        trouble = tells_trouble(question or query)
        scored = [(replace(p, score=p.score + self._bonus(query, p, source, weights, referred[source.chunk_id], asked,
                                                          quantity, limits, trouble)),
                   source) for p, source in found]
        return sorted(scored, key=lambda ps: ps[0].score, reverse=True)

    def _unnamed_vectors(self, question: str, query_vector: np.ndarray, sources: Sequence[Source]
                         ) -> dict[str, tuple[np.ndarray, float]]:
        """For each document the question names by a name of its title or file name, or by the initials
        of its title ("BTL" for "BACnet Testing Laboratories ..."): the question's vector without those words, and
        how far the document's pieces then stand from where the whole question put them on average. The words that
        name a document say which document, not which of its pieces answers: "What does the BTL guidance say?"
        drew its introduction, which names the BTL, above the section on flooding the network at start-up."""
        from wordfreq import zipf_frequency

        # a name as a maker writes one, with two capitals or more ("Scada-LTS", "MEASUR", "BTL"): a subject's word of
        # the title ("confined space", "lockout") is also what the question asks about, in every section
        written = [w for w in re.findall(r"[A-Za-z][\w-]{1,}", question)
                   if sum(c.isupper() for c in w) >= 2 and zipf_frequency(w, "en", wordlist="small") < 4]
        if not written:
            return {}
        out: dict[str, tuple[np.ndarray, float]] = {}
        texts: dict[str, str] = {}
        for source in sources:
            if source.doc_id in texts:
                continue
            stem = re.sub(r"[_\W]+", " ", PurePath(source.source).stem)
            names = _plain_words(f"{source.document} {stem}")
            initials = "".join(w[0] for w in re.findall(r"[A-Za-z][\w]*", source.document)).lower()
            naming = [w for w in written if _plain_words(w) & names or (w.isupper() and w.lower() in initials)]
            if naming:
                texts[source.doc_id] = re.sub(rf"\b(?:{'|'.join(map(re.escape, naming))})\b", " ", question)
        if not texts:
            return {}
        vectors = self.evidence.embed([" ".join(t.split()) for t in texts.values()])
        for (doc_id, _), vector in zip(texts.items(), vectors):
            held = [v for s in sources if s.doc_id == doc_id and len(v := self.evidence.sentence_vectors(s.chunk_id, s.text))]
            if held:
                pieces = np.concatenate(held)
                out[doc_id] = (vector, float(np.mean(pieces @ query_vector - pieces @ vector)))
        return out

    def _bonus(self, query: str, piece: Piece, source: Source, weights: dict[str, float],
               referred: Sequence[tuple[Reference, bool, list[tuple[int, int]]]] = (), asked: frozenset[str] = frozenset(),
               quantity: str = "", limits: frozenset[tuple[str, str]] = frozenset(), trouble: bool = False) -> float:
        """What a sentence's score gains beside its cosine. `asked`: the words a sentence naming a tag must share
        to take the tag bonus (none: any); `quantity`, `limits`: the text whose limits and places are asked,
        and those limits; `trouble`: whether the question tells of trouble."""
        policy = self.policy
        # in the section the question names by number, and again in the sub-paragraph it names ("(f)")
        inside = [r for r, whole, spans in referred if whole or any(a <= piece.start < b for a, b in spans)]
        # a sentence naming the equipment asked about takes the bonus where it speaks of what is asked of it
        said = f"{' '.join(source.section[-1:])} {piece.text}"
        other = about_other(quantity or query, *source.section[-1:], piece.text)
        # unless the question tells of trouble: a troubleshooting guide is written for the kind of equipment, and
        # the unit's tag ("NP1 sounds like it's pumping gravel") says which one is in trouble, not where the remedy is
        tagged = piece.names_question and not other and (not asked or bool(asked & _plain_words(said))) and not trouble
        # and one that states the very limit asked ("Three low suction trips ...") counts as much the other way
        same = not other and states_limit(limits, piece.text)
        # and a trouble said the other way ("Pump is stroking but ..." for "isn't stroking") is another trouble
        other = other or (trouble and contradicts(query, piece.text))
        return (policy.names_tag_bonus * tagged - policy.other_quantity_penalty * (other - same)
                + policy.reference_bonus * (bool(inside) + any(r.opens(piece.text) for r in inside)
                                            + names_callout(query, piece.text))
                - policy.passage_rank_penalty * (source.number - 1)
                + policy.word_share_weight * word_share(weights, _plain_words(piece.text))
                + policy.value_bonus * (asks_value(query) and holds_value(piece.text, query))
                + policy.prohibition_bonus * (asks_prohibition(query) and states_prohibition(piece.text)))

    def symptom(self, question: str, query: str, sources: Sequence[Source], query_vector: np.ndarray,
                identifiers: Sequence[str]) -> Found | None:
        """For a question that tells of trouble, the block of the passages that answers it (`symptom_block`)."""
        if not describes_trouble(question):
            return None  # and its pieces are not ranked for it
        return symptom_block(question, self.pieces(query, query_vector, sources, identifiers, question),
                             self.manifest, self.policy)

    def trouble_section(self, source: Source) -> Found | None:
        """The section of `source` whole, its heading the trouble (`trouble_section_card`)."""
        return trouble_section_card(source, self.manifest, self.policy)

    def build(self, question: str, query: str, sources: Sequence[Source], query_vector: np.ndarray,
              identifiers: Sequence[str]) -> Found | None:
        """The card for a question whose passages were found (and not refused), or None if none can be made:
        a procedure when the question asks what to do, else a table that answers it, else sentences."""
        asked = references(query)
        return _named_section_titled(self._build(question, query, sources, query_vector, identifiers, asked), asked,
                                     self.manifest)

    def _build(self, question: str, query: str, sources: Sequence[Source], query_vector: np.ndarray,
               identifiers: Sequence[str], asked: Sequence[Reference]) -> Found | None:
        pieces = self.pieces(query, query_vector, sources, identifiers, question)
        best, best_source = pieces[0] if pieces else (None, None)
        found = procedure_card(question, best, best_source, sources, self.manifest, self.policy, pieces)
        if found is not None:
            return found
        # tables in the passages found, then the other tables of the best passage's document; only those of
        # a section the question names by number where a passage found lies in it ("§7605(f)" is not §7604's table)
        refs = [r for r in asked if any(passage_holds(r, s.section, s.text) for s in sources)]
        candidates, seen = [], set()
        for source, span in [(s, (s.start, s.end)) for s in sources] + [(s, (0, 1 << 62)) for s in sources[:1]]:
            for record in self.manifest.tables_in(source.doc_id, *span):
                if refs and not any(in_section(r, record.section) for r in refs):
                    continue
                if (record.doc_id, record.ordinal) not in seen:
                    seen.add((record.doc_id, record.ordinal))
                    # each block of a table set in blocks under its own header row is a table of its own
                    candidates += [(source, record if block is record.table else replace(record, table=block),
                                    span[0] == source.start) for block in blocks(record.table)]
        picked = table_card(question, query, candidates, pieces[0] if pieces else None, self.policy)
        if picked is not None:
            source, record, rows, columns = picked
            lines = section_lines(self.manifest, source)
            return _table_found(question, source, record, rows, columns, lines,
                                caption_above(self.manifest, source, record.table.start, lines))
        named = bool(pieces) and any(r.opens(pieces[0][0].text) for r in asked)
        found = sentence_card(pieces, self.policy, self.manifest, named, query)
        return figure_first(question, query, pieces, found, self.policy, self.manifest,
                            covered=sentence_card(pieces, self.policy, self.manifest, named, query, cover=True))


def _named_section_titled(found: Found | None, asked: Sequence[Reference], manifest: Manifest) -> Found | None:
    """A card from inside the section a question names by number, titled with that section's heading where
    its own title is a sub-heading ("3.2 Leaving auto mode > B. Steps" for "What does section 3.2 say?"): the
    operator asked of the section, and its heading says what it is. Where the layout left
    the heading a line of text under the sub-heading, that line (the last such before the card's first piece)
    is the card's place under it ("D. Instructions > 7.3 NM1000 ..."), and the citation's too."""
    if found is None or not asked or not found.sources or not found.card.cells:
        return found
    source = found.sources[0]
    named = next((h for h in source.section[:-1] for r in asked if r.heads(h)), None)
    if named is not None:
        title = found.card.title if named in found.card.title else f"{named} > {found.card.title}"
        return replace(found, card=replace(found.card, title=title))
    if any(r.heads(h) for h in source.section for r in asked):
        return found
    # the line must open the section the card's first piece is in: no sibling section's line between them
    before = [line for at, line in section_lines(manifest, source) if at <= found.card.cells[0].start]
    for k in range(len(before) - 1, -1, -1):
        ref = next((r for r in asked if heading_line(r, before[k])), None)
        if ref is not None:
            text = "\n".join(before[k:])
            if spans_in(ref, text)[:1] != [(0, len(text))]:
                return found
            line = " ".join(before[k].split())
            cited = [replace(source, section=(*source.section, line)), *found.sources[1:]]
            return Found(replace(found.card, title=f"{found.card.title} > {line}"), cited)
    return found
