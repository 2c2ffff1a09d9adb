"""Whole sentences of a passage, as an answer card shows them and the embedder reads them.

Two things make a raw "sentence" a poor piece of evidence, and are mended here:
- PDF text breaks lines mid-sentence ("For example, LIT-450 has a"): a piece that
  does not end a sentence is joined with the lines that carry it on;
- a table row means little without its header ("Yellow | Contractor employees"), and
  the header alone says nothing: a row reads as "header: cell" pairs, and a row of
  figures from a PDF table ("B-2 PT-2102 66 118 127 psi") after its column names.
A piece that names equipment the question names (B-2, CL2-ALM-07) is marked: the
embedder has no idea of tags, and a question about B-2 wants the B-2 row. The embedder
reads rows the same way (`pieces_as_read`), for the card and the refusal evidence alike.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass

from operator_assistant.core.answer.claims import INITIALS, LIST_PREFIX, flowed, sentences
from operator_assistant.core.answer.policy import DEFAULT_POLICY
from operator_assistant.core.documents.headings import contents_entry
from operator_assistant.core.documents.tables import opens_with_figure
from operator_assistant.core.tokenize import canonical, fold_typeset, raw_tokens, tokenize

MIN_SENTENCE = DEFAULT_POLICY.min_sentence_chars  # shorter pieces (a lone heading word) match anything
# Whether a piece ends its sentence (for joining wrapped lines); the cutting is `sentences`'.
_ENDS_SENTENCE = re.compile(r"[.!?:;]\)?\"?$")
# What numbers or marks a piece, not what it says: "3. ", "(b) ", "a) ", a bullet; a figure that opens a
# piece ("3.5 mg/L") is none, so a number or letter needs a space after it
PIECE_MARK = re.compile(r"^\s*(?:[\u25cf\u2022\u25aa\u25e6\u2013\uf0b7*-]\s*|\(?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z])[.)]\s+)")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$")


# A list item this short ("- Trip: 100 C") says what it is only with the line that introduces its list.
SHORT_ITEM_WORDS = 6
# An item's code standing as a sentence of its own before the item's text: "OPS\u201027." in
# "OPS\u201027. Convert gpm to Lpm": it goes with the text it labels, as "1." does.
_ITEM_LABEL = re.compile(r"^[^\W\d_]{0,8}-?\d+(?:-\d+)*[a-z]?[.)]$", re.IGNORECASE)


def _spans(text: str) -> list[tuple[int, int]]:
    """`sentences(text)`, with a sentence too short to say anything alone joined to the one before it
    on its line, which it qualifies ("RemotePort Port for the BTBETH card. Default value 8000."):
    alone it was dropped, and with it the value it gives. One that opens its line stays apart (and is
    dropped): "Alum is acidic." would blur the sentence after it."""
    out: list[tuple[int, int]] = []
    for start, end in sentences(text):
        if out and "\n" not in text[out[-1][1]:start] and (
                _short_sentence(text[start:end]) or _ITEM_LABEL.match(fold_typeset(text[slice(*out[-1])]))
                or _ANSWERS_BACK.match(text[start:end])):
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


# A sentence that says what to do when the one before it does not hold: "The water should have a slight
# chlorine odor. If it doesn't, repeat the dosage ...". Alone it answers nothing; apart, it was never shown.
_ANSWERS_BACK = re.compile(r"(?:if\s+(?:not|so)\b|otherwise\b|if\s+(?:it|this|that|they|these|there)\s+(?:does|do|did|is|"
                           r"are|was|were|has|have|can|will)(?:n['\u2019]t|\s+not)\b)", re.IGNORECASE)


def _short_sentence(piece: str) -> bool:
    """A whole sentence too short to say anything alone; not the first words of one a line break cut
    ("The lower port" wrapped at the end of its line is carried on by `_whole_span`)."""
    return len(piece) < MIN_SENTENCE and bool(_ENDS_SENTENCE.search(piece))


def passage_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of the sentences and table lines of a passage long enough to say something, and of the
    short items of a list that a line introduces ("- Trip: 100 C" under "Setting values of a safety device"),
    which say something read with it."""
    spans = _spans(text)
    return [(s, e) for n, (s, e) in enumerate(spans) if len(text[s:e].strip()) >= MIN_SENTENCE
            or (LIST_PREFIX.match(text[s:e]) and _lead_in(text, spans, n))]


def _line(text: str, span: tuple[int, int]) -> str:
    return " ".join(text[slice(*span)].split())


def _is_row(line: str) -> bool:
    return line.count("|") >= 2


def _cells(line: str) -> list[str]:
    cells = [c.strip() for c in line.strip().split("|")]
    if line.strip().startswith("|"):
        cells = cells[1:]
    if line.strip().endswith("|"):
        cells = cells[:-1]
    return cells


def _same_block(text: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two pieces are consecutive lines: one line break between them, no blank line."""
    return text[a[1]:b[0]].count("\n") == 1 and not text[a[1]:b[0]].strip()


def _table(text: str, spans: Sequence[tuple[int, int]], i: int,
           is_row: Callable[[str], bool] = lambda line: _is_row(line)) -> list[int]:
    """Indexes of the spans of the table that span i is a row of, in order (`is_row`: what a row line is)."""
    first = last = i
    while first > 0 and is_row(text[slice(*spans[first - 1])]) and _same_block(text, spans[first - 1], spans[first]):
        first -= 1
    while last + 1 < len(spans) and is_row(text[slice(*spans[last + 1])]) and _same_block(text, spans[last], spans[last + 1]):
        last += 1
    return list(range(first, last + 1))


# A line that cannot end a sentence: it ends on an article, a preposition or a conjunction, a comma or
# a hyphen ("Call the" / "Poison Control Center at", "1-800-" / "555-0199"), or a fraction's slash ("A 1 1/" /
# "2-degree maximum angle": alone, the line below states a wrong figure): text set in a narrow box.
_OPEN_END = re.compile(r"(?:\b(?:the|a|an|of|to|and|or|nor|for|with|in|on|at|by|from|into|onto|than|as|per|via|"
                       r"if|that|which|whose|your|its|their|our|this|these|those|is|are|was|were|be|been|shall|"
                       r"must|should|will|can|may|not)|[,\-\u2010\u2011]|\d/)$", re.IGNORECASE)


_NO_OPENING = frozenset(")]},;%>")  # ">" prompts a command: "and stopped with the command" / "> . pwr_stop.sh"


def _open_end(line: str) -> bool:
    """A line that cannot end a sentence: `_OPEN_END`, or a bracket opened and not closed ("durable (see")."""
    return bool(_OPEN_END.search(line.rstrip())) or line.count("(") > line.count(")")


# A line that is one aside in brackets closing the sentence above: "(spacing = 2D)." under "... equal to twice
# the diameter". Not "(a)", "(12)" or "(iv)", which open a list's item, nor "(L/s) 12.742 58", a table's unit cell.
_ASIDE = re.compile(r"\((?!\s*(?:\d{1,3}|[A-Za-z]|[ivxlc]{1,6})\s*\))[^()]*\)[.;:!?]?\s*$", re.IGNORECASE)


# A table cell the layout wrapped under its row: a unit symbol in brackets and the row's figure, alone on a line
# ("pound-force per square inch (psi) kilopascal" / "(kPa) 6.894 757"). It ends its row: the line after it is the
# next row, even where that opens in lower case ("horsepower (550 foot pounds-force").
_UNIT_CELL = re.compile(r"^\s*\([^()\s]{1,12}\)\s+[-+\u2212]?\d[\d .,]*$")


def _unit_cell(line: str) -> bool:
    return bool(_UNIT_CELL.match(line.rstrip()))


def _carries_on(line: str) -> bool:
    """Whether a line starts in the middle of a sentence (a wrapped PDF line): in lower case, with a figure
    or with punctuation no sentence opens with (") in a multi-pod filter" under "(gal/ft2"), with an aside
    in brackets ("... equal to twice the diameter" / "(spacing = 2D)."), or it is a sentence's last word or two."""
    return ((line[:1].islower() or line[:1].isdigit() or line[:1] in _NO_OPENING or _sentence_tail(line)
             or bool(_ASIDE.match(line)))
            and not LIST_PREFIX.match(line))


def _sentence_tail(line: str) -> bool:
    """A word or two that end a sentence on a line of their own: "ANNUALLY." under "Check grit
    collector and oil/water separators" (the word a sheet sets in bold, wrapped alone)."""
    return len(line.split()) <= 2 and line.rstrip().endswith((".", "!", "?")) and not LIST_PREFIX.match(line)


def _names(line: str, identifiers: Sequence[str]) -> bool:
    return bool(identifiers) and bool({canonical(t) for t in raw_tokens(line)} & set(identifiers))


def _mostly_figures(line: str) -> bool:
    words = line.split()
    return len(words) >= 2 and sum(any(c.isdigit() for c in w) for w in words) * 2 >= len(words)


def _column_names(text: str, spans: Sequence[tuple[int, int]], i: int) -> str:
    """The nearest line above span i in the same block that has words and no figures; none past a line ending in a
    full stop ("... (number of seizings = 3D)." over "Example: 3 x 3/4 (D) = 2 1/4."): column names end with none,
    and what is above a finished sentence heads nothing below it."""
    n = i
    while n > 0 and i - n < 8 and _same_block(text, spans[n - 1], spans[n]):
        n -= 1
        line = _line(text, spans[n])
        if line.endswith("."):
            return ""
        if not any(c.isdigit() for c in line):
            return line if len(line.split()) >= 2 else ""
    return ""


# A page break between two parts of a sentence: only white space between them, a blanked running header or
# footer among it, at most this long, after a line of a sentence that does not end.
PAGE_GAP_CHARS = 1000
_PAGE_GAP_WORDS = 5  # "service, tighten the clips again immediately", not a heading such as "Example 3"
# A running header or footer blanked to spaces: a page break, not a paragraph break ("\n\n" in a Word file,
# where a form's items start in lower case one under another)
_BLANKED_LINE = re.compile(r"\n[ \t]+\n")


def _across_page(text: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether span b carries on span a's sentence over a page break: "... tighten the clips again immediately"
    at the foot of one page, "after applying the working load ..." at the top of the next."""
    gap, before, after = text[a[1]:b[0]], text[slice(*a)], text[slice(*b)].lstrip()
    return (_BLANKED_LINE.search(gap) is not None and not gap.strip() and len(gap) <= PAGE_GAP_CHARS
            and len(before.split()) >= _PAGE_GAP_WORDS and not _ENDS_SENTENCE.search(before.rstrip())
            and after[:1].isalpha() and after[:1].islower() and not LIST_PREFIX.match(after))


# A bracketed item marker opening a line after an item's end ("...; and" / "(4) At intervals not to exceed 3 months"):
# regulations number their items so. After any other line it may be a reference the layout wrapped ("paragraph" /
# "(b) of this section").
_BRACKET_ITEM = re.compile(r"^\s*\((?:\d{1,3}|[A-Za-z]|[ivxlc]{1,6})\)\s", re.IGNORECASE)
_ITEM_END = re.compile(r"[;:]\s*(?:and|or)?\s*$", re.IGNORECASE)


def _opens_item(above: str, line: str) -> bool:
    """Whether a line opens a list item, so that it does not carry on the sentence of the line above."""
    return bool(LIST_PREFIX.match(line) or (_BRACKET_ITEM.match(line) and _ITEM_END.search(above)))


def _begun_on_its_line(text: str, spans: Sequence[tuple[int, int]], k: int) -> bool:
    """Whether piece k is a sentence begun after another on the same line and left open at the line's end
    ("... from October to May. The lower port" / "(centerline 28 ft ...) is used in summer"): a line's last
    words that follow a finished sentence and finish none are the start of the next line's sentence, whatever
    that line opens with."""
    line, before = text[slice(*spans[k])], text[slice(*spans[k - 1])] if k else ""
    # a form's dot leader ("DAY TANK LOW ........ T-600 below 10 %") finishes no sentence: its value is a line's end
    return (0 < k < len(spans) - 1 and "\n" not in text[spans[k - 1][1]:spans[k][0]]
            and bool(_ENDS_SENTENCE.search(before)) and not before.rstrip().endswith(("..", "\u2026"))
            and not _ENDS_SENTENCE.search(line)
            and not _is_row(line) and not _is_row(text[slice(*spans[k + 1])]) and not _unit_cell(line))


def _ends(line: str, below: str) -> bool:
    """Whether a line ends its sentence: a mark that ends one, and not initials before a word in lower case on
    the line below ("it means a U.S." / "gallon of 128 fluid ounces"). A short abbreviation is not enough across
    a line break: "starts at 20.0 ft." / "the lag pump ..." reads as two."""
    return bool(_ENDS_SENTENCE.search(line)) and not (INITIALS.search(line.rstrip()) and below[:1].islower())


def _whole_span(text: str, spans: Sequence[tuple[int, int]], i: int) -> tuple[int, int]:
    """(start, end) of the whole sentence piece i belongs to, across wrapped lines and page breaks."""
    first = last = i
    while last + 1 < len(spans) and (
            _across_page(text, spans[last], spans[last + 1])
            or (not _ends(text[slice(*spans[last])], text[slice(*spans[last + 1])])
                and not _unit_cell(text[slice(*spans[last])])
                and _same_block(text, spans[last], spans[last + 1])
                and (_carries_on(text[slice(*spans[last + 1])]) or _unit_cell(text[slice(*spans[last + 1])])
                     or ((_open_end(text[slice(*spans[last])]) or _begun_on_its_line(text, spans, last))
                         and not _opens_item(text[slice(*spans[last])], text[slice(*spans[last + 1])]))))):
        last += 1
    while first > 0 and (
            _across_page(text, spans[first - 1], spans[first])
            or ((text[spans[first][0]].islower() or text[spans[first][0]] in _NO_OPENING
                 or _sentence_tail(text[slice(*spans[first])])
                 or _open_end(text[slice(*spans[first - 1])]) or _begun_on_its_line(text, spans, first - 1))
                and not _opens_item(text[slice(*spans[first - 1])], text[slice(*spans[first])])
                and _same_block(text, spans[first - 1], spans[first])
                and not _ends(text[slice(*spans[first - 1])], text[slice(*spans[first])])
                and not _unit_cell(text[slice(*spans[first - 1])]))):
        first -= 1
    return spans[first][0], spans[last][1]


def _whole_sentence(text: str, spans: Sequence[tuple[int, int]], i: int) -> str:
    return flowed(text[slice(*_whole_span(text, spans, i))])


def _as_read(text: str, spans: Sequence[tuple[int, int]], n: int) -> str:
    """Piece n as it reads on its own: a table row with its header, figures after their column names; a row of
    a table with no column names under the line that introduces the table."""
    line = text[slice(*spans[n])]
    if "|" in line and (label := _unnamed_table_label(text, spans, n)):
        return f"{label.rstrip(':')}: {_line(text, spans[n])}"
    if _is_row(line):
        block = _table(text, spans, n)
        if n != block[0] and not _TABLE_RULE.match(line.strip()):
            header, cells = _cells(text[slice(*spans[block[0]])]), _cells(line)
            if len(cells) == len(header):
                return "; ".join(f"{h}: {c}" if h else c for h, c in zip(header, cells) if c)
    elif (mark := LIST_PREFIX.match(line)) and len(line.split()) <= SHORT_ITEM_WORDS and (
            lead := _lead_in(text, spans, n)):
        # a bullet goes, a number stays: "Test in this order ...: 1. Oxygen"
        bullet = mark.group().strip() in ("-", "*", "\u2022")
        return f"{lead.rstrip(':')}: {_line(text, (spans[n][0] + (mark.end() if bullet else 0), spans[n][1]))}"
    elif _mostly_figures(line) and (columns := _column_names(text, spans, n)):
        return f"{columns}: {_line(text, spans[n])}"
    return _line(text, spans[n])


def _unnamed_table_label(text: str, spans: Sequence[tuple[int, int]], n: int) -> str:
    """Where line n is a row of a table that names no columns (each row opens with a figure: "≥ 2000 cpm argon-41
    gaseous monitor | Normally occurs above 100 kilowatts"), the short line that introduces the table ("Alert
    airborne radioactivity level:"), just above it or above the paragraph that comes before it; else ""."""
    rows = _table(text, spans, n, lambda line: "|" in line)  # a row of two cells has one bar
    first = rows[0]
    labels = [cell for k in rows if (cell := text[slice(*spans[k])].split("|")[0].strip())]
    if len(labels) < 2 or not all(opens_with_figure(label) for label in labels):
        return ""
    return introducing_label(text[:spans[first][0]].split("\n"))


def introducing_label(above: Sequence[str]) -> str:
    """Of the lines above a table, the short one that introduces it: the line just above it, or the label above
    the paragraph that comes before it ("Alert airborne radioactivity level:"); "" where none is a label."""
    lines = [" ".join(line.split()) for line in above]
    for line in reversed([line for line in lines if line][-2:]):
        if "|" in line:
            return ""
        if len(line.split()) <= MAX_LABEL_WORDS and not line.endswith((".", ";", "!", "?")):
            return line
    return ""


# A line that introduces a table is short: a label, not a sentence.
MAX_LABEL_WORDS = 8


def table_caption(above: Sequence[str]) -> str:
    """The one sentence a table's passage gives before it, where that is all it gives ("Recommended torque values
    for metric 8.8 class bolts and screws specified in ISO."): what its figures are for. "" where there is more
    (a paragraph that ends in the table is not its caption) or the lines above are rows."""
    text = " ".join(" ".join(line.split()) for line in above if line.strip())
    if not text or "|" in text or len(text.split()) > MAX_CAPTION_WORDS or not text.endswith((".", ":")):
        return ""  # a line that runs on without its stop ("The PDU address is E01DH PDU address Bytes") is no sentence
    if re.search(r"[.;!?]\s+\S", text):
        return ""
    return text


# A caption is one sentence; a longer run of words is a paragraph.
MAX_CAPTION_WORDS = 25


def _lead_in(text: str, spans: Sequence[tuple[int, int]], n: int) -> str:
    """The line that introduces the list item n is in ("Setting values of a safety device" over "- Alarm: 95 C",
    "- Trip: 100 C"): the line just above the list's first item, in the same block."""
    first = n
    while first > 0 and LIST_PREFIX.match(text[slice(*spans[first - 1])]) and _same_block(text, spans[first - 1],
                                                                                            spans[first]):
        first -= 1
    if first == 0 or not _same_block(text, spans[first - 1], spans[first]):
        return ""
    lead = _whole_sentence(text, spans, first - 1)  # "Setting values of a safety" / "device"
    # a short label ending in a colon introduces its list too: "Every 3 months:" over "- Check the insulation
    # resistance." says when, and the item alone does not
    label = lead.rstrip().endswith(":") and not LIST_PREFIX.match(lead)
    return "" if (len(lead) < MIN_SENTENCE and not label) or _is_row(lead) else lead


def pieces_as_read(text: str) -> list[str]:
    """The pieces of `passage_sentences(text)` as they read on their own, for the embedder:
    "B-2 PT-2102 66 118 127 psi" alone says nothing about alarms; with its column names it does."""
    spans = _spans(text)
    position = {span: n for n, span in enumerate(spans)}
    return [_as_read(text, spans, position[span]) for span in passage_sentences(text)]


@dataclass(frozen=True)
class Piece:
    """A whole sentence (or a table row read with its header) of a passage, scored against the question."""

    start: int  # offsets in the passage text
    end: int
    text: str  # as it reads on its own
    score: float
    names_question: bool  # names equipment the question names
    step: bool  # a numbered step


def ranked_pieces(text: str, scores: Sequence[float], identifiers: Sequence[str] = ()) -> list[Piece]:
    """Every piece of `passage_sentences(text)` made whole, best first: pieces that name the
    question's equipment before the rest, then by score; one piece per whole sentence."""
    kept = passage_sentences(text)
    if not kept or len(kept) != len(scores):
        return []
    spans = _spans(text)
    position = {span: n for n, span in enumerate(spans)}
    best: dict[tuple[int, int], Piece] = {}
    for span, score in zip(kept, scores):
        n = position[span]
        line = text[slice(*spans[n])]
        as_read = _as_read(text, spans, n)
        # a line the one above leaves open ("durable (see" / "Figure 2-50, page 2-36).") is the rest of that
        # sentence, not figures to read under column names
        carried = n > 0 and not _is_row(line) and _open_end(text[slice(*spans[n - 1])])
        whole = spans[n] if (_is_row(line) or as_read != _line(text, spans[n])) and not carried else _whole_span(text, spans, n)
        shown = as_read if whole == spans[n] else flowed(text[slice(*whole)])
        if whole == spans[n] and not _is_row(line) and n + 1 < len(spans) and _same_block(text, spans[n], spans[n + 1]) \
                and _unit_cell(text[slice(*spans[n + 1])]) and not _ENDS_SENTENCE.search(line):
            # figures read under their column names, and the row's own unit and figure wrapped below them
            whole, shown = (spans[n][0], spans[n + 1][1]), f"{as_read} {_line(text, spans[n + 1])}"
        piece = Piece(whole[0], whole[1], shown, float(score), _names(line, identifiers), bool(LIST_PREFIX.match(line)))
        if whole not in best or best[whole].score < piece.score:
            best[whole] = piece
    return sorted(best.values(), key=lambda p: (p.names_question, p.score), reverse=True)


# scoring a piece beyond its cosine

# A question that asks for a figure: a quantity, a limit, a time, a setting.
_ASKS_VALUE = re.compile(
    r"\bhow (much|many|long|often|far|big|large|high|low|hot|cold|fast|soon|deep|full|old)\b|"
    r"\b(maximum|minimum|max|min|most|least|longest|shortest|highest|lowest|largest|smallest|fastest|slowest|"
    r"at what|within how|(?:what|which)\s+(?:[\w/-]+\s+){0,2}?"
    r"(?:percentage|percent|temperature|pressure|level|rate|size|diameter|flow|dose|concentration|time|number|"
    r"distance|angle|speed|value|setting|setpoint|range|frequency|interval|capacity|limit|voltage|current|depth|"
    r"height|length|weight|volume|amount)s?)\b",  # "which MS/TP baud rates", "what discharge pressure"
    re.IGNORECASE)
_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty "
                          "hundred thousand half twice once".split())


def asks_value(question: str) -> bool:
    """Whether the question asks for a figure ("how long", "what is the maximum ...")."""
    return bool(_ASKS_VALUE.search(question))


# a number that says where to look, not how much: "as shown in Figure 1-10, page 1-14", "see Table 3", "step 4"
_WHERE_TO_LOOK = re.compile(r"\b(?:fig(?:ure)?s?|tables?|pages?|p|pp|(?:sub)?sections?|chapters?|appendix|annex|steps?|"
                            r"(?:sub)?paragraphs?|clauses?|items?|notes?)\.?\s*(?:\d[\w.\-]*|\(\d{1,3}\))",
                            re.IGNORECASE)


def _values(text: str) -> set[str]:
    text = _WHERE_TO_LOOK.sub(" ", text)
    return {t.casefold() for t in raw_tokens(text) if any(c.isdigit() for c in t) or t.casefold() in _NUMBER_WORDS}


# A prohibition: "should not be used", "never mix", "don't use", "do not enter".
# Not a bare "not" or "no": "when the employee is not available" asks no prohibition.
_NEGATION = re.compile(r"\b((should|must|shall|may|can|do|does) not|never|(do|does|must|should|ca)n't|cannot|"
                       r"prohibited|forbidden)\b", re.IGNORECASE)


def asks_prohibition(question: str) -> bool:
    """Whether the question asks what must not be done ("Which channels should not be used?")."""
    return bool(_NEGATION.search(question))


def states_prohibition(text: str) -> bool:
    return bool(_NEGATION.search(text))


# A question that asks how often, and what answers it: a frequency ("MONTHLY", "every 10 seconds", "at intervals
# not to exceed 3 months", "once a year"), not any figure ("at least 110% of tank capacity" says how much).
_ASKS_FREQUENCY = re.compile(r"\bhow\s+(?:often|frequently)\b|\b(?:what|which)\s+(?:\w+\s+)?(?:frequency|interval)\b|"
                             r"\bhow\s+many\s+times\s+(?:a|per|each)\b", re.IGNORECASE)
FREQUENCY = re.compile(r"\b(?:hourly|daily|nightly|weekly|bi-?weekly|fortnightly|monthly|bi-?monthly|quarterly|yearly|"
                       r"annual(?:ly)?|semi-?annual(?:ly)?|every|once|twice|intervals?|"
                       r"(?:per|a|each)\s+(?:hour|day|shift|week|month|quarter|year))\b", re.IGNORECASE)


def holds_value(text: str, question: str) -> bool:
    """Whether a piece states a figure the question does not already give (the "3/4-inch" asked about is no answer);
    for a question that asks how often, a frequency."""
    if _ASKS_FREQUENCY.search(question):
        return bool(FREQUENCY.search(text))
    return bool(_values(text) - _values(question))


def is_contents_line(text: str, piece: Piece) -> bool:
    """Whether a piece is an entry of a printed table of contents: it names a section, it says nothing of it."""
    end = text.find("\n", piece.start)
    return contents_entry(text[piece.start:end if end >= 0 else len(text)]) is not None


def word_weights(words: Set[str], pieces: Sequence[Set[str]]) -> dict[str, float]:
    """A weight per question word: rarer among the pieces found counts more (an IDF over these pieces),
    so the one sentence that says "tread" outranks the many that say "wire rope"."""
    n = len(pieces)
    return {w: math.log(1 + n / (1 + sum(w in p for p in pieces))) for w in words}


def word_share(weights: dict[str, float], words: Set[str]) -> float:
    """The weighted share of the question's words a piece holds."""
    total = sum(weights.values())
    return sum(v for w, v in weights.items() if w in words) / total if total else 0.0


# A question that asks what is wrong or what to do about it: a symptom question.
_ASKS_REMEDY = re.compile(r"\b(cause|causes|caused|causing|why|reason|remedy|remedies|fix|repair|correct|"
                          r"troubleshoot\w*|what (?:should|do|must|can) (?:i|we) (?:do|check|look)|what to (?:do|check)|"
                          r"wrong)\b", re.IGNORECASE)

# Or one that tells of trouble without asking anything ("hit start on the standby blower and nothing happens",
# "the DO has sat at 1.84 all night"): what a machine or a reading keeps doing, or will not do. What a plant
# keeps ("keep main flushing records", "how long are they kept?") is no trouble.
_TELLS_TROUBLE = re.compile(r"\b((?:keeps?|kept)\s+(?:on\s+)?\w+ing|won'?t|will not|isn'?t|doesn'?t|does not|can'?t|"
                            r"cannot|not (?:working|running|starting|moving|changing|dropping|coming|building|responding|"
                            r"stroking)|nothing (?:happens|comes)|stuck|tripp(?:ing|ed)|kick(?:s|ing|ed) out|hunting|"
                            r"surg(?:es|ing)|leak(?:s|ing)|noisy|vibrat(?:es|ing)|overheat(?:s|ing)|running hot|smell(?:s|ing)?|"
                            r"creep(?:s|ing)|drift(?:s|ing)|jump(?:s|ing)|flat|frozen|erratic|swing(?:s|ing)|spik(?:es|ing)|"
                            r"sitting at|hasn'?t moved|dims?|even though|more than normal|what'?s off)\b", re.IGNORECASE)
# Or one that asks nothing at all: "water pouring out of the packing on the sludge pump way more than normal"
_ASKS_SOMETHING = re.compile(r"\?|\b(?:what|what's|whats|which|how|when|where|who|whom|whose|why)\b", re.IGNORECASE)


def describes_trouble(question: str) -> bool:
    """Whether a question may describe a symptom: it asks for causes or a remedy, tells of trouble, or asks
    nothing at all. "What is the high alarm on B-2?" does none of these."""
    return bool(_ASKS_REMEDY.search(question) or tells_trouble(question))


# A heading that asks why something goes wrong, as a shift FAQ does ("Why is the pressure drop across FGC1 creeping up?"),
# not why the plant does what it does ("Why do we regenerate the softener at 02:00?")
_ASKS_WHY = re.compile(r"^\W*(?:why|what if)\b(?!\s+(?:do|did|does|should|must|would|can)\s+(?:we|you|i|they|operators?)\b)"
                       r".*\?\W*$", re.IGNORECASE)


def heading_tells_trouble(heading: str) -> bool:
    """Whether a section's heading is a trouble, as a troubleshooting row's symptom is: it tells what goes wrong
    ("Pump keeps tripping"), or asks why it does. A heading says something, so asking nothing tells nothing here."""
    return bool(_TELLS_TROUBLE.search(heading) or _ASKS_WHY.match(heading))


def tells_trouble(question: str) -> bool:
    """Whether a question tells what a machine or a reading does wrong, or asks nothing at all: more than
    asking the cause of what it names ("Festo controller throws 1Bh under load. Cause?")."""
    return bool(_TELLS_TROUBLE.search(question) or not _ASKS_SOMETHING.search(question))


# A state a text says is not so: "isn't stroking", "will not start", "does not draw down", "never closes", "fails to
# prime". ("No flow" is left out: "no" counts a thing, and "flow lower than rated" tells of the same trouble.)
_SAYS_NOT = re.compile(r"\b(?:not|never|cannot|(?:is|are|was|were|does|do|did|has|have|had|would|could|can|wo)n[\u2019']?t|"
                       r"fail(?:s|ed)?\s+to)\s+(?:(?:be|been|even|yet|fully|properly|always)\s+)?([^\W\d_][\w-]*)",
                       re.IGNORECASE)
# and one it says is so, as a state going on: "is stroking", "keeps running", "runs but ...", "Generator running but
# ...". A word named is not said to be so: "hit start and nothing happens" says nothing started.
_SAYS_SO = re.compile(r"\b(?:is|are|was|were|keeps?|kept|still)\s+([^\W\d_]+ing)\b|\b([^\W\d_]{3,}(?:s|ing))\s+but\b",
                      re.IGNORECASE)


def _said_so(text: str) -> tuple[set[str], set[str]]:
    """(the states a text says are so, those it says are not) as index stems; a state said both ways is neither."""
    so = {t for m in _SAYS_SO.finditer(text) for t in tokenize(m.group(1) or m.group(2))}
    denied = {t for m in _SAYS_NOT.finditer(text) for t in tokenize(m.group(1))}
    return so - denied, denied - so


def contradicts(question: str, symptom: str) -> bool:
    """Whether a symptom says is so what the question says is not, or the other way: "isn't stroking at all" is
    not "Pump is stroking but the column does not draw down", and "runs but pumps nothing" is not "Pump will not
    run". MiniLM reads a sentence and its negation as close; a troubleshooting table's rows turn on the difference."""
    asked_so, asked_not = _said_so(question)
    said_so, said_not = _said_so(symptom)
    return bool(asked_not & said_so or said_not & asked_so)
