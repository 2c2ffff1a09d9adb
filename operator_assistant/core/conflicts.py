"""Values that documents state differently: facts read from what the index holds, and the pairs of
facts about one quantity of one subject whose values differ.

A fact is a figure with its unit and what it is the value of: a table cell with its row's label and
its column's name, or a sentence that says "<subject> is/at/of <one figure>". Precision comes first,
because a false mark teaches operators to ignore the mark:
- a figure with no unit, a range ("2 to 4 bar", "2-4 bar"), a change ("by 5 percent"), a bound
  ("more than", "up to", "at least") or a sentence with two figures is not a fact;
- two facts are about the same thing when one subject's words hold all of the other's, the longer
  has at most EXTRA_WORDS more, and none of those more is a tag, a number or a word that sets
  one thing apart from its sibling (high/low, start/stop, min/max, ...);
- or, read in two stages (same_kind): the same equipment (a tag both name, or the same equipment
  words and numbers) and then the same kind of value (what is limited, with synonyms: trip and
  cutout; which sibling; what is measured, where the unit does not already say it), wording beyond
  that ("per cycle", word order, an acronym written out) set aside; a sibling one side leaves unsaid
  matches only where no other sibling could be meant;
- where one side names a tag and the other none, the untagged one must be able to mean that tag only,
  among every tagged fact of the library ("Lead pump start" in a station manual is not the register's
  "PS-1 lead pump start" while PS-2's is listed too);
- a title, or the nearest heading when it names one place only ("## Chiller Plant 1"), says which of
  several a fact is about, and so does a place named by its name in a title or a subject ("Hilltop
  Tank"): facts about different ones are not compared;
- values are compared after conversion (pint) and are the same within the precision written
  (60 psi and 4.1 bar agree); units that do not convert (mg/L and ppm) are not compared;
- facts from one document, or from revisions of one document, never conflict.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any

import Stemmer

from operator_assistant.core.index.manifest import ChunkRecord, TableRecord
from operator_assistant.core.tokenize import STOPWORDS
from operator_assistant.folder.wire import Json

# Raised when what is read as a fact changes: every document's facts are read again at the next refresh.
FACTS_VERSION = 9

# The longer subject may hold this many words more than the shorter ("free chlorine high alarm" and
# "clearwell free chlorine residual high alarm" are one quantity); more and they are likely two.
EXTRA_WORDS = 3
# A subject stated with this many values by this many document families is a kind, not one thing.
AMBIGUOUS = 3
# Facts that share a word held by at most this many facts are compared; commoner words only by the rarest.
FEW = 200
# A subject needs this many words, one of them a quantity word: "the level is 3 ft" says too little.
MIN_SUBJECT_WORDS = 2
MAX_SUBJECT_WORDS = 10

# Written units as pint reads them; a unit not here is not compared.
_UNITS = {
    "psi": "psi", "psig": "psi", "kpa": "kPa", "mpa": "MPa", "bar": "bar", "mbar": "mbar", "inwc": "inch_H2O",
    "mg/l": "mg/L", "g/l": "g/L", "ppm": "ppm_water", "ppb": "ppb_water",
    "ug/l": "ug/L", "µg/l": "ug/L", "gpm": "gallon/minute", "l/s": "L/s", "m3/h": "m**3/h",
    "mgd": "MGD", "ml/min": "mL/min", "l/h": "L/h", "gph": "gallon/hour",
    "ft": "foot", "feet": "foot", "m": "meter", "mm": "millimeter", "cm": "centimeter", "in": "inch", "inches": "inch",
    "degc": "degC", "°c": "degC", "degf": "degF", "°f": "degF",
    "ma": "mA", "v": "V", "vac": "V", "vdc": "V", "kv": "kV", "a": "A", "amps": "A", "hp": "hp", "kw": "kW",
    "rpm": "rpm", "hz": "Hz", "s": "second", "sec": "second", "seconds": "second", "second": "second",
    "min": "minute", "mins": "minute", "minute": "minute", "minutes": "minute", "h": "hour", "hr": "hour",
    "hrs": "hour", "hour": "hour", "hours": "hour", "day": "day", "days": "day",
    "%": "percent", "percent": "percent", "ntu": "NTU", "ft-lb": "foot*force_pound", "lb": "pound", "lbs": "pound",
    "mj/cm2": "mJ/cm**2", "mw/cm2": "mW/cm**2", "µs/cm": "uS/cm", "us/cm": "uS/cm", "ms/cm": "mS/cm",
    "kg": "kg", "gal": "gallon", "gallons": "gallon", "l": "liter", "litres": "liter", "liters": "liter",
    "usgal": "gallon", "usgallons": "gallon", "cfm": "foot**3/minute", "scfm": "foot**3/minute",
    "m3": "meter**3", "m3/d": "meter**3/day", "m3/s": "meter**3/second", "gfd": "gallon/foot**2/day",
    "lmh": "liter/meter**2/hour", "ph": "pH_value",
}
# inches of water column, as gas and draft gauges are written: "in. w.c.", "in WC", "inches H2O", "in. wg"
_WATER_COLUMN = r"(?:in\.?|inch(?:es)?)\s?(?:w\.?\s?[cg]\.?|h2o)"
# gauge pressure as vendors write it: "2.0 bar g", "barg", "kPa(g)", "bar gauge" (absolute "bar a" is not read)
_GAUGE = r"(?:bar|kpa|mpa)\s?(?:\(g\)|g(?:auge)?\b)"
_UNIT_RE = "|".join([_WATER_COLUMN, _GAUGE, r"us\s?gal(?:lons)?", r"m\u00b3(?:/[hds])?"]
                    + sorted((re.escape(u) for u in _UNITS if u not in ("usgal", "usgallons")), key=len, reverse=True))
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_FIGURE = re.compile(rf"(?<![\w.,/-])(?P<number>{_NUMBER})\s?(?P<unit>{_UNIT_RE})(?![\w/])", re.IGNORECASE)
_ANY_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*")
# what may stand between a subject and its value: "is", "is set at", "shall be", "of", ":", "="
_LINK = re.compile(r"(?:\s(?:reach(?:es)?|is|are|was|shall\s+be|must\s+be|should\s+be|will\s+be|be|reads?|equals?|set|"
                   r"adjusted|maintained|kept|limited|fixed|at|to|of|approximately|about|nominally)\b|\s*[:=])+\s*$",
                   re.IGNORECASE)
# what before a figure makes it something other than the subject's value
_NOT_A_VALUE = re.compile(r"\b(?:by|every|each|per|for|after|before|within|than|least|most|up\s+to|over|under|"
                          r"below|above|exceed(?:s|ing)?|increments?\s+of|from|between|plus|minus|until|"
                          r"no|not|never|times?)\s*$", re.IGNORECASE)
_RANGE_AFTER = re.compile(r"^\s*(?:-|\u2013|to|and|or|\u00b1|\+/-)\s*\d", re.IGNORECASE)
# words of a subject; a bare number counts ("8 in flange" is not "16 in flange")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-/][A-Za-z0-9]+)*|\d+(?:\.\d+)?[A-Za-z]*\w*")
# what a document is about when its title names one of several: "Booster Station B", "Pump 3", "Well 12"
_DESIGNATION = re.compile(r"\b(?:station|plant|unit|train|well|tank|pump|filter|basin|reservoir|line|building|"
                          r"site|zone|cell|clarifier|lift|booster|generator|blower|vault|chamber)\s+(?:no\.?\s*)?"
                          r"([A-Z]{1,2}|\d{1,3}[A-Z]?)\b(?![-/&]\w)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'])|(?<=;)\s+|\n\s*\n|\n(?=\s*(?:\d{1,2}|[a-z])[.)]\s)"
                           r"|\n(?=\s*[-*\u2022]\s)")
# "<equipment> starts when <measurement> reaches": what acts, its action, and what it acts on; the motion of
# the measurement ("falls to") is how the value is reached, not another quantity
_ACTS_WHEN = re.compile(r"(?:^|[,;:]\s)(?P<who>[^,;:]*?)\s(?P<does>starts?|stops?|trips?|alarms?|shuts?\s+down|"
                        r"cuts?\s+(?:in|out)|opens?|closes?)(?:\s+\w+ly)?\s+(?:when|if|once|as\s+soon\s+as)\s+"
                        r"(?P<what>[^,;:]+?)(?:\s+(?:falls|drops|rises|climbs|reaches|goes|gets))?\s*$",
                        re.IGNORECASE)
# an instruction names its subject after its verb: "Set the RAS pump to 700 gpm"
_IMPERATIVE = re.compile(r"^(set|adjust|maintain|keep|hold|run|operate|control|heat|cool|confirm|check|verify)\s+",
                         re.IGNORECASE)
# a figure after another number is the end of a range or a pair: "2 to 4 bar", "2 and 4 bar"
_RANGE_BEFORE = re.compile(r"\d\s*(?:-|\u2013|to|and|or|/)\s*$", re.IGNORECASE)
# a tag in brackets just after the figure names its instrument: "... of 140 kPa (PSL-602)"
_TAG_AFTER = re.compile(r"^\s*[(\[]\s*([A-Za-z]{1,4}-?\d+[A-Za-z]?)\s*[)\]]")
_LIST_MARK = re.compile(r"^\s*(?:\d{1,2}(?:\.\d{1,2})*[.)]?|[a-z][.)])\s+(?=[A-Za-z(])")
# "Lead pump start: 6.0 ft" on a line of its own: the line ends the statement
_LINE_END = re.compile(r"(?<=[\d%A-Za-z_)])[ \t]*\n(?=[ \t]*[A-Z0-9(])")
# dot leaders join a label to its value as a colon does: "Lead pump start ........ 6.3 ft"
_DOT_LEADER = re.compile(r"[ \t]*(?:\.[ \t]?){4,}[ \t]*(?=\S)|[ \t]*\u2026+[ \t]*(?=\d)")
# pH written before its figure ("holds the sump at pH 9.5", "basin pH of 8.2"), not a range ("pH 6.0 to 9.5")
_PH_FIRST = re.compile(r"\bpH(\s?(?:at\s|of\s|to\s|is\s|=\s?|:\s?)?)(\d{1,2}(?:\.\d+)?)"
                       r"(?![\d.]*\s*(?:-|\u2013|to\b|and\b|or\b)\s*\d)")
# a line of a form holds a blank to fill in: each is an entry of its own
_BLANK = re.compile(r"_{3,}")
# what a form notes after its blank: "(set 70 psi)", "(alarm 130 °C, trip 155 °C)", "Target: 22 %"
_FORM_NOTE = re.compile(r"(?:[(,;]|\s{2,}|^)\s*(?P<word>(?:normal|set|setpoint|target|alarm|trip|high|low|max|min|"
                        r"maximum|minimum|limit|rated|fla)(?:\s+(?:alarm|trip|limit))?)\s*:?\s*(?P<figure>\d)",
                        re.IGNORECASE)
# a form's blank after a figure ("... alarm: 7 ppb   reading ______") ends the line's statement as the figure would
_FORM_BLANK = re.compile(r"(?:\s+[A-Za-z][A-Za-z /]{0,20})?\s*_{2,}\s*$")
# a place named by its name: "Hilltop Tank", "Quarry Road Reservoir", "Riverside Pumping Station"
_NAMED_PLACE = re.compile(r"\b((?:[A-Z][a-z]+\s+){0,4}[A-Z][a-z]+)\s+((?:Pumping\s+|Lift\s+|Booster\s+)?Station|Tank|"
                          r"Reservoir|Vault|Wellfield)\b")
# words before "Tank" or "Station" that say what kind it is, not which
_PLACE_KINDS = frozenset("""raw water storage ground elevated treated finished clear day feed holding surge
chemical main pump pumping lift booster treatment wastewater sewage sludge septage effluent influent potable
service hypochlorite alum citric acid caustic polymer fuel oil diesel break contact backwash wash the a an
standpipe underground overhead equalization aeration reclaim reclaimed recycled irrigation distribution
makeup river""".split())
# a table column of what happens or of remarks, not of what a value is the value of
_ASIDE = re.compile(r"\b(?:actions?|responses?|results?|effects?|consequences?|notes?|remarks?|comments?)\b",
                    re.IGNORECASE)
_TAG = re.compile(r"^(?=.*\d)(?=.*[a-z])[a-z0-9]+(?:[-/][a-z0-9]+)+$|^(?=.*\d)[a-z]{1,4}\d+[a-z]?$")

_STOP = frozenset("""a an the of at in on for to from by with and or its it this that these those each all any
which who whom when where while as be is are was were been being shall must should will would may can could
set adjusted maintained kept value setting nominal default typical normal normally approximately about
plant station system unit give gives given has have provide provides use uses through via operates operating
hold holds held keep keeps maintain maintains sound sounds annunciate annunciates activate activates""".split())
# words that set one of a pair apart: two subjects that differ by one of these are two things
_SIBLING = frozenset("""high low hi lo highhigh lowlow hh ll start stop on off open close closed opening closing
min max minimum maximum lead lag standby duty first second third primary secondary upper lower inlet outlet
suction discharge supply return upstream downstream raw finished influent effluent east west north south left
right front rear a b c d e f i ii iii iv alarm trip warning shutdown cutout cutin cut reset rise fall rising
falling increase decrease summer winter day night peak average instantaneous total daily monthly weekly annual
hot cold dry wet full empty new old""".split())
_QUANTITY = frozenset("""alarm setpoint trip limit pressure level flow temperature temp residual dose dosage
time delay interval speed current voltage concentration rate torque setting frequency duration period capacity
head depth height volume turbidity ph chlorine velocity power load threshold band deadband differential
runtime stroke tension gap clearance weight density timer start stop open close flux""".split())

_stemmer = Stemmer.Stemmer("english")


@dataclass(frozen=True)
class Fact:
    """One value a document states, with what it is the value of and where it says it."""

    doc_id: str
    chunk_id: str
    subject: tuple[str, ...]  # the subject's words, stemmed and sorted: what facts are matched by
    shown: str  # the subject as written ("Free chlorine high alarm")
    value: str  # the figure as written ("3.5 mg/L")
    number: float
    unit: str  # as pint reads it ("mg/L")
    start: int  # the sentence or row that states it: what the viewer highlights
    end: int
    section: tuple[str, ...]
    pages: tuple[int, ...]
    text: str  # that sentence or row, spacing made single
    # what kind of value a table says it is outside the row's name: its first column's name ("Alarm"), a
    # generic value column ("Trip setting"), an action column ("Pump trip")
    kind: str = ""

    def to_json(self) -> Json:
        return {"doc_id": self.doc_id, "chunk_id": self.chunk_id, "subject": list(self.subject), "shown": self.shown,
                "value": self.value, "number": self.number, "unit": self.unit, "start": self.start, "end": self.end,
                "section": list(self.section), "pages": list(self.pages), "text": self.text, "kind": self.kind}

    @classmethod
    def from_json(cls, data: Json) -> Fact:
        return cls(data["doc_id"], data["chunk_id"], tuple(data["subject"]), data["shown"], data["value"],
                   float(data["number"]), data["unit"], data["start"], data["end"], tuple(data["section"]),
                   tuple(data["pages"]), data["text"], data.get("kind", ""))


# reading facts

def facts_of(chunks: Sequence[ChunkRecord], tables: Sequence[TableRecord]) -> list[Fact]:
    """Every fact of one document: its tables' cells, then its sentences outside tables."""
    spans = [(t.table.start, t.table.end) for t in tables]
    out = [f for t in tables for f in _table_facts(t, _holding(chunks, t.table.start))]
    covered = 0
    for chunk in sorted(chunks, key=lambda c: c.start):
        skip = max(0, covered - chunk.start)
        covered = max(covered, chunk.end)
        text = _DOT_LEADER.sub(lambda m: ":".ljust(len(m.group())), chunk.text)  # offsets kept
        text = _PH_FIRST.sub(lambda m: f"{m.group(1)}{m.group(2)}pH", text)
        for a, b in _sentences(text):
            start = chunk.start + a
            if a < skip or any(x <= start < y for x, y in spans):
                continue
            noted = _form_notes(chunk, start, text[a:b])
            fact = None if noted else _sentence_fact(chunk, start, text[a:b])
            out.extend(noted if noted else [fact] if fact is not None else [])
    return out


def _form_notes(chunk: ChunkRecord, start: int, line: str) -> list[Fact]:
    """A form's line with a blank to fill in and the values to read it against after the blank:
    "PRV-12 downstream .... ______ psi (set 70 psi)", "Winding temperature ____ °C (alarm 130 °C, trip 155 °C)",
    "Cake solids ______ % TS   Target: 22 %". Each noted value is a fact of the line's label."""
    blank = _BLANK.search(line)
    if blank is None or "\n" in line.strip():
        return []
    label = re.sub(r"[:.\s]+$", "", line[:blank.start()]).strip()
    out = []
    for note in _FORM_NOTE.finditer(line, blank.end()):
        figure = _FIGURE.match(line, note.start("figure"))
        if figure is None or _RANGE_AFTER.match(line[figure.end():]):
            continue
        word = note.group("word").strip()
        shown = f"{label} {word}"
        # "Target" says what kind of value it is as a quantity word would ("setpoint")
        measure = _measure_of(_unit_of(figure.group("unit")) or "")
        said = f"{' '.join(chunk.section[-1:])} {_KINDS.get(word.lower(), '')} {measure}"
        subject = subject_words(shown, said)
        if subject is None:
            continue
        end = start + len(line.rstrip())
        fact = _fact(chunk, subject, shown, figure, start, end, chunk.text[start - chunk.start:end - chunk.start])
        if fact is not None:
            out.append(fact)
    return out


def _holding(chunks: Sequence[ChunkRecord], offset: int) -> ChunkRecord | None:
    return next((c for c in chunks if c.start <= offset < c.end), None)


def _sentences(text: str) -> list[tuple[int, int]]:
    out, begin = [], 0
    for m in _SENTENCE_END.finditer(text):
        out.append((begin, m.start()))
        begin = m.end()
    out.append((begin, len(text)))
    return [piece for a, b in out if text[a:b].strip() for piece in _figure_lines(text, a, b)]


def _figure_lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A run of lines each ending in a figure ("Lead pump start: 6.0 ft") is that many statements."""
    out, begin = [], start
    for m in _LINE_END.finditer(text, start, end):
        line = text[begin:m.start()]
        tail = _FORM_BLANK.sub("", line)[-20:]
        last = _FIGURE.search(tail)
        if (last is not None and last.end() == len(tail)) or _BLANK.search(line[line.rfind("\n") + 1:]):
            out.append((begin, m.start()))
            begin = m.end()
    out.append((begin, end))
    return [(a, b) for a, b in out if text[a:b].strip()]


def _sentence_fact(chunk: ChunkRecord, start: int, sentence: str) -> Fact | None:
    if sentence.rstrip().endswith("?"):
        return None  # a question (a quiz, a FAQ) states nothing
    mark = _LIST_MARK.match(sentence) if not _FIGURE.match(sentence.lstrip()) else None
    if mark:  # a step's or clause's number ("3.", "2.2") is not a figure
        start, sentence = start + mark.end(), sentence[mark.end():]
    figures = list(_FIGURE.finditer(sentence))
    if len(figures) != 1:
        return None  # two figures: a range, a comparison or two values, never read as one
    figure = figures[0]
    before, after = sentence[:figure.start()], sentence[figure.end():]
    if (_RANGE_AFTER.match(after) or _RANGE_BEFORE.search(before) or _NOT_A_VALUE.search(before.rstrip())
            or not _LINK.search(before)):
        return None
    # brackets hold a tag or an aside, not a break: "Filter 1 high flow alarm (FIT-101) is set at"
    subject_text = re.sub(r"[()\[\]]", " ", _LINK.sub("", before)).strip(" ,")
    # a label ("Wet well low-low, all pumps trip (LSLL-202): 3.5 ft") is one name, commas and all
    label = before.rstrip().endswith(":") and not re.search(r"[:;]", before.rstrip()[:-1])
    parts = re.split(r"[;:]\s|\b(?:if|when|unless|once|then)\b" if label else r"[,;:]\s|\b(?:if|when|unless|once|then)\b",
                     subject_text, flags=re.IGNORECASE)
    acting = _ACTS_WHEN.search(subject_text)
    if acting:
        # "The lead pump starts when the tank level falls to 28 ft" is the lead pump's start level
        subject_text = f"{acting.group('who')} {acting.group('does')} {acting.group('what')}"
    elif len(parts) > 1 and _TAG.match(parts[-1].strip().lower()):
        # a tag set off by commas names what the words before it name: "the Clarifier 1 RAS pump, RAS-P1, to"
        subject_text = " ".join(parts[-2:])
    else:
        subject_text = parts[-1]
    instruction = _IMPERATIVE.match(subject_text.strip())
    subject_text = _IMPERATIVE.sub("", subject_text.strip())
    if instruction and instruction.group(1).lower() in {"set", "adjust", "maintain", "keep", "hold", "control", "heat",
                                                        "cool"}:
        subject_text += " setpoint"  # "Set the RAS pump to 700 gpm" states the pump's setpoint
    subject_text = re.sub(r"^\s*(?:[-*\u2022]\s*)?(?:the|a|an)?\s+", "", " " + subject_text.strip(),
                          flags=re.IGNORECASE).strip()
    tag = _TAG_AFTER.match(after)
    if tag:
        subject_text = f"{subject_text} ({tag.group(1)})"
    # the heading may say what kind of value it is ("Level control setpoints" over "Lead pump start: 6.0 ft")
    # and the unit may say what is measured: "The deaerator operates at 5 psig" is its pressure
    unit = _unit_of(figure.group("unit"))
    subject = subject_words(subject_text, f"{' '.join(chunk.section[-1:])} {_measure_of(unit or '')}")
    if subject is None:
        return None
    end = start + len(sentence.rstrip())
    # shown as the document writes it (dot leaders and all), not as it was read
    return _fact(chunk, subject, subject_text, figure, start, end, chunk.text[start - chunk.start:end - chunk.start])


def _tags_only(sentence: str) -> str:
    """The tags of a sentence ("P-201", "AIT-3020"): their digits are not figures."""
    return " ".join(w for w in _WORD.findall(sentence) if _TAG.match(w.lower()))


def _table_facts(record: TableRecord, chunk: ChunkRecord | None) -> list[Fact]:
    if chunk is None:
        return []
    table = record.table
    columns = list(table.names)
    unit_column = next((i for i, c in enumerate(columns) if re.fullmatch(r"\s*units?\s*", c, re.IGNORECASE)), None)
    # a column of what happens or of remarks ("Action: Pump trip") says what kind of value the row's is,
    # not what it is the value of
    aside = {i for i, c in enumerate(columns) if i and _ASIDE.search(c)}
    first_kind = _kind_words(columns[0]) if columns else ""  # "Alarm | Setpoint": every row is an alarm
    out = []
    for row in table.rows:
        if len(row) < 2 or not row[0].text.strip():
            continue
        # the row says what it is about in every cell that is not a figure: its name, its tag, the service
        # ("LIT-204 | Primary digester level | High alarm | 28.5 | ft")
        label = " ".join(_strip_unit(c.text) for k, c in enumerate(row)
                         if k != unit_column and k not in aside and _is_words(c.text))
        said = " ".join(_kind_words(row[k].text) for k in sorted(aside) if k < len(row))
        for i, cell in enumerate(row[1:], 1):
            if i == unit_column or i in aside or i >= len(columns):
                continue
            column = columns[i]
            written_unit = row[unit_column].text.strip() if unit_column is not None and unit_column < len(row) else ""
            written_unit = written_unit or _column_unit(row[0].text)
            figure = _cell_figure(cell.text, written_unit, column)
            if figure is None:
                continue
            generic = _generic_column(column)
            # a generic column ("Setpoint") says the row is a quantity without being part of its name
            subject = subject_words(label if generic else f"{label} {_strip_unit(column)}",
                                    f"{_strip_unit(column) if generic else ''} {' '.join(record.section[-1:])}")
            if subject is None:
                continue
            shown = label if generic else f"{label}, {_strip_unit(column)}"
            kind = " ".join(w for w in (first_kind, _kind_words(column) if generic else "", said) if w)
            row_start, row_end = row[0].start, row[-1].end
            text = chunk.text[row_start - chunk.start:row_end - chunk.start] if row_end <= chunk.end else " | ".join(
                c.text for c in row)
            out.append(replace(_fact_from(chunk, record.section, subject, shown, figure, row_start, row_end, text),
                               kind=kind))
    return out


def _kind_words(text: str) -> str:
    """The words of `text` that say what kind of value it is ("Alarm", "Pump trip" -> "trip")."""
    return " ".join(w for w in re.findall(r"[a-z-]+", text.lower()) if w in _KINDS)


def _is_words(text: str) -> bool:
    """A cell of words (a name, a tag, a service), not a figure, a range or a number."""
    text = text.strip()
    return bool(text) and not _ANY_NUMBER.fullmatch(text) and not _FIGURE.search(text) and bool(
        re.search(r"[A-Za-z]{2}", text))


def _cell_figure(text: str, unit_cell: str, column: str) -> tuple[str, float, str] | None:
    """(as written, number, pint unit) of a cell that is one figure, its unit in the cell, the row's unit
    column, the column's name ("Setpoint (psi)") or the row's label when equipment stands in the columns
    ("High coolant temperature shutdown (°F) | 215 | 220")."""
    text = text.strip()
    m = _FIGURE.fullmatch(text)
    if m:
        return _figure(m.group("number"), m.group("unit"), text)
    if not re.fullmatch(_NUMBER, text):
        return None
    unit = unit_cell or _column_unit(column)
    if not unit or _unit_of(unit) is None:
        return None
    return _figure(text, unit, f"{text} {unit}")


def _column_unit(column: str) -> str:
    m = re.search(r"[(\[]\s*([^)\]]+?)\s*[)\]]\s*$", column)
    return m.group(1) if m else ""


def _strip_unit(column: str) -> str:
    return re.sub(r"\s*[(\[][^)\]]*[)\]]\s*$", "", column)


def _generic_column(column: str) -> bool:
    words = _WORD.findall(_strip_unit(column).lower())
    return not words or all(w in {"value", "setpoint", "set", "point", "setting", "settings", "nominal", "default",
                                  "specification", "spec", "limit", "data", "rating", "rated"} for w in words)


def _unit_of(written: str) -> str | None:
    """The pint unit of a unit as written, None when it is not one facts are compared in."""
    if re.fullmatch(_WATER_COLUMN, written.strip(), re.IGNORECASE):
        return "inch_H2O"
    if re.fullmatch(_GAUGE, written.strip(), re.IGNORECASE):
        written = re.sub(r"\s?(?:\(g\)|g(?:auge)?)$", "", written.strip(), flags=re.IGNORECASE)
    return _UNITS.get(written.lower().replace(" ", "").replace("\u00b3", "3").rstrip("."))


def _figure(number: str, unit: str, written: str) -> tuple[str, float, str] | None:
    pint_unit = _unit_of(unit)
    if pint_unit is None:
        return None
    if pint_unit == "pH_value":
        written = f"{number} pH"  # read from "pH 8.2" (see _PH_FIRST)
    return " ".join(written.split()), float(number.replace(",", "")), pint_unit


def _words(text: str) -> list[str]:
    """The words of a subject as written; a limit joined to what it limits is two words ("high-level alarm" is a
    high level alarm), where a name is one ("high-service pump", "low-flow valve")."""
    out = []
    words = _WORD.findall(text.replace("\u2010", "-").replace("\u2013", "-"))
    for k, word in enumerate(words):
        parts = word.lower().split("-")
        if (len(parts) == 2 and parts[0] in _AXES and parts[1] in _MEASURES
                and k + 1 < len(words) and words[k + 1].lower() in _KINDS):
            out.extend(word.split("-"))
        else:
            out.append(word)
    return out


def _stems(text: str) -> set[str]:
    words = [w.lower() for w in _words(text)]
    return {w if _TAG.match(w) else _stemmer.stemWord(w) for w in words if w not in _STOP}


def asked_about(question: str, subject: str) -> bool:
    """The question names most of the subject ("the clearwell chlorine high alarm" for "Free chlorine high
    alarm"): only then is a card's value noted as stated differently elsewhere, so the mark stays rare."""
    words = _stems(subject)
    return bool(words) and len(words & _stems(question)) * 2 >= len(words)


def subject_words(text: str, quantity: str = "") -> tuple[str, ...] | None:
    """A subject's words as facts are matched by (stemmed, sorted, without filler); None when it
    says too little or too much to be one quantity of one thing. `quantity`: words that say what
    kind of value it is without naming the subject (a table's "Setpoint" column)."""
    words = [w.lower() for w in _words(text)]
    kept = [w if _TAG.match(w) else _stemmer.stemWord(w) for w in words if w not in _STOP]
    if not MIN_SUBJECT_WORDS <= len(kept) <= MAX_SUBJECT_WORDS:
        return None
    # "LEVELS (feet above tank floor)" over "Altitude valve closes at ... 36.5 ft": a heading's plural says it too
    named = set(kept) | {_stemmer.stemWord(w.lower()) for w in _WORD.findall(quantity)}
    if not any(_stemmer.stemWord(q) in named for q in _QUANTITY):
        return None
    return tuple(sorted(set(kept)))


def _fact(chunk: ChunkRecord, subject: tuple[str, ...], shown: str, figure: re.Match[str], start: int, end: int,
          sentence: str) -> Fact | None:
    found = _figure(figure.group("number"), figure.group("unit"), figure.group())
    if found is None:
        return None
    return _fact_from(chunk, chunk.section, subject, shown, found, start, end, sentence)


def _fact_from(chunk: ChunkRecord, section: tuple[str, ...], subject: tuple[str, ...], shown: str,
               figure: tuple[str, float, str], start: int, end: int, text: str) -> Fact:
    written, number, unit = figure
    return Fact(chunk.doc_id, chunk.chunk_id, subject, " ".join(shown.split()), written, number, unit, start, end,
                section, chunk.pages, " ".join(text.split()))


# comparing facts

@dataclass(frozen=True)
class Conflict:
    """Two documents giving one quantity of one subject different values."""

    key: str  # stable across re-ingest: the subject and both values with their documents' names
    first: Fact
    second: Fact


def same_subject(a: Iterable[str], b: Iterable[str]) -> bool:
    """One subject's words hold the other's. A tag both name fixes the instrument, so the longer may
    describe it further; without one, at most EXTRA_WORDS more, none a number or a word that sets
    siblings apart, and a tag more only where the shorter names the quantity in 4 words or more
    ("raw sludge feed pump flow" and "... (P-215)")."""
    a, b = set(a), set(b)
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    if not small <= large:
        return False
    extra = large - small
    if any(_TAG.match(w) for w in small):
        # one instrument has several limits: "AB-1 airflow" is not "AB-1 low airflow alarm" (a switch's tag,
        # LSH-101, says which limit it is)
        return any(_limit_tag(w) for w in small) or not any(_AXES.get(w) in _LIMITS for w in extra)
    tags = [w for w in extra if _TAG.match(w)]
    if len(tags) > (1 if len(small) >= 4 else 0):
        return False
    return len(extra) <= EXTRA_WORDS and not any(w in _SIBLING or w.isdigit() for w in extra if w not in tags)


# The second way two subjects are one quantity: first the same equipment, then the same kind of value.
# What is limited (alarm, trip, setpoint, start...): synonyms read as one, and both must say the same.
_KINDS = {"alarm": "alarm", "alarms": "alarm", "warning": "alarm", "alert": "alarm",
          "trip": "trip", "trips": "trip", "tripped": "trip", "shutdown": "trip", "cutout": "trip", "cut-out": "trip",
          "setpoint": "setpoint", "setpoints": "setpoint", "target": "setpoint", "control": "setpoint",
          "start": "start", "starts": "start", "cut-in": "start", "cutin": "start",
          "stop": "stop", "stops": "stop", "shut": "trip", "shuts": "trip", "delay": "delay", "reset": "reset", "limit": "limit",
          "rated": "rating", "rating": "rating", "capacity": "rating", "design": "rating", "nameplate": "rating"}
# what is measured: when both name one, they must name the same (the units already agree in dimension)
_MEASURES = {"pressure": "pressure", "level": "level", "depth": "level", "temperature": "temperature",
             "temp": "temperature", "flow": "flow", "time": "time", "runtime": "time", "duration": "time",
             "period": "time", "interval": "time", "timer": "time", "speed": "speed", "frequency": "speed", "dose": "dose",
             "dosage": "dose", "residual": "residual", "concentration": "residual", "turbidity": "turbidity",
             "head": "head", "differential": "differential", "current": "current", "voltage": "voltage",
             "torque": "torque", "volume": "volume", "velocity": "velocity", "ph": "ph"}
# sibling words by axis: two subjects naming different ones of an axis are two quantities
_AXES = {"overflow": "overflow",
         "high": "high", "hi": "high", "low": "low", "lo": "low", "highhigh": "highhigh", "high-high": "highhigh",
         "hh": "highhigh", "lowlow": "lowlow", "low-low": "lowlow", "ll": "lowlow",
         "min": "min", "minimum": "min", "max": "max", "maximum": "max",
         "lead": "lead", "duty": "lead", "lag": "lag", "standby": "standby",
         "inlet": "in", "suction": "in", "influent": "in", "upstream": "in", "intake": "in", "raw": "in",
         "outlet": "out", "discharge": "out", "effluent": "out", "downstream": "out", "finished": "out",
         "supply": "supply", "return": "return", "summer": "summer", "winter": "winter", "day": "day",
         "night": "night", "peak": "peak", "average": "average", "instantaneous": "instantaneous",
         "total": "total", "daily": "daily", "weekly": "weekly", "monthly": "monthly", "annual": "annual",
         "rise": "rise", "rising": "rise", "increase": "rise", "fall": "fall", "falling": "fall",
         "decrease": "fall", "open": "open", "opens": "open", "opening": "open", "close": "close", "closes": "close",
         "closed": "close", "closing": "close", "on": "on", "off": "off", "full": "full", "empty": "empty", "hot": "hot",
         "cold": "cold", "new": "new", "old": "old"}
_AXIS_OF = {c: axis for axis, classes in (
    ("limit", "high low highhigh lowlow overflow"), ("end", "min max"), ("duty", "lead lag standby"), ("side", "in out"),
    ("circuit", "supply return"), ("season", "summer winter"), ("hours", "day night"),
    ("basis", "peak average instantaneous total daily weekly monthly annual"), ("motion", "rise fall"),
    ("state", "open close on off full empty hot cold new old")) for c in classes.split()}
_LIMITS = frozenset(("high", "low", "highhigh", "lowlow", "overflow"))
# words that tell one of several alike apart: they must be the same on both sides, like numbers
_IDENTITY = frozenset("a b c d e f i ii iii iv east west north south left right front rear first second third "
                      "primary secondary upper lower".split())
# an ISA instrument tag (PSL-602, TSH-613, LIT-310): one measured variable at one point, so the same
# tag and the same kind of limit is one setpoint however the rest is worded
_INSTRUMENT = re.compile(r"^[aflptk][a-z]{1,3}-?\d+[a-z]?$")
_INSTRUMENT_LETTERS = frozenset("i t s c h l a r y e v")


@dataclass(frozen=True)
class _Reading:
    tags: frozenset[str]
    identity: frozenset[str]  # numbers and words that pick one of several ("2", "north")
    kinds: frozenset[str]
    measures: frozenset[str]
    sides: frozenset[tuple[str, str]]  # (axis, sibling)
    names: frozenset[str]  # the rest, stemmed: the equipment and its service
    per: frozenset[str]  # "per cycle": one side may leave it unsaid, but "per day" is not "per cycle"
    size: int
    words: tuple[str, ...]  # as written, filler left out: what an acronym is spelled out from
    extra: frozenset[str]
    unit: str
    short: dict[str, str]
    # read once, asked of every pair
    acronyms: frozenset[str] = frozenset()
    axes: frozenset[str] = frozenset()
    limit_tags: frozenset[str] = frozenset()
    instrument_tags: frozenset[str] = frozenset()
    places: frozenset[str] = frozenset()  # named by their names ("tank hilltop"), in the title or the subject


def _read(shown: str, extra: Iterable[str] = (), unit: str = "", short: dict[str, str] | None = None) -> _Reading:
    written = [w for w in _words(shown) if w.lower() not in _STOP]
    words = [w.lower() for w in written]
    tags, identity, kinds, measures, per = set(), set(extra), set(), set(), set()
    sides: set[tuple[str, str]] = set()
    names: set[str] = set()
    for k, word in enumerate(words):
        if k and words[k - 1] == "per":
            per.add(_stemmer.stemWord(word))
        elif word == "per":
            continue
        elif short and word in short:
            identity.add(short[word])  # "LS-3" where a title or heading names "Lift Station No. 3"
        elif _TAG.match(word):
            tags.add(word)
        elif word.isdigit() or word in _IDENTITY or re.fullmatch(r"\d+(?:\.\d+)?", word):
            identity.add(word)
        elif word in _KINDS:
            kinds.add(_KINDS[word])
        elif word in _MEASURES:
            measures.add(_MEASURES[word])
        elif word in _AXES:
            sides.add((_AXIS_OF[_AXES[word]], _AXES[word]))
        else:
            # "feed-gas" is "feed gas"
            names.update(_stemmer.stemWord(part) for part in word.split("-") if part)
    # a value stated plainly is the quantity's setpoint: "high alarm setpoint" is the high alarm
    kinds.discard("setpoint")
    # "run time" is a time whatever the rest calls it
    if "time" in measures:
        names.discard("run")
    # what the unit already says may go unsaid: "restart delay" in seconds is a time, "trips at 155 °C" a temperature
    measures.discard(_measure_of(unit))
    size = len(tags) + len(identity) + len(kinds) + len(measures) + len(sides) + len(names)
    return _Reading(frozenset(tags), frozenset(identity), frozenset(kinds), frozenset(measures), frozenset(sides),
                    frozenset(names), frozenset(per), size, tuple(written), frozenset(extra), unit, short or {},
                    frozenset(w.lower() for w in written if re.fullmatch(r"[A-Z]{3,4}", w)),
                    frozenset(x for x, _ in sides), frozenset(t for t in tags if _limit_tag(t)),
                    frozenset(t for t in tags if _instrument(t)))


# The axes of where a quantity is read: "suction" and "discharge" pressure are two quantities, as are
# supply and return temperature.
_WHERE = frozenset(("side", "circuit"))
_LIMIT_KINDS = frozenset(("alarm", "trip"))
_DOUBLED = frozenset(("highhigh", "lowlow"))


@lru_cache(maxsize=4096)
def where_named(text: str) -> frozenset[tuple[str, str]]:
    """(axis, place) for each place of where a quantity is read that a text names: "suction pressure",
    "discharge header pressure" are read on the inlet and outlet sides. Only a place word before what is
    measured counts ("the value returned" is no return line, "an ATS discharge" no outlet side)."""
    named = set()
    words = [w.lower() for w in _words(text)]
    for k, word in enumerate(words):
        value = _AXES.get(word)
        if value is None or _AXIS_OF[value] not in _WHERE:
            continue
        for after in words[k + 1:k + 4]:
            if after in _MEASURES:
                named.add((_AXIS_OF[value], value))
            if after in _MEASURES or after in _AXES:
                break
    return frozenset(named)


# The words of a limit and of what it limits: none says what the limit is of ("high level alarm"); the
# sides and sorts of things among them ("wet", "intake") may say which thing it is of ("the intake wet well").
LIMIT_CORE = frozenset(_stemmer.stemWord(w) for w in (*_KINDS, *_MEASURES, *_QUANTITY, *(
    w for w, axis in _AXES.items() if axis in _LIMITS)))
LIMIT_WORDS = LIMIT_CORE | frozenset(_stemmer.stemWord(w) for w in (*_AXES, *_SIBLING))


@lru_cache(maxsize=4096)
def measures_named(text: str) -> frozenset[str]:
    """What a text says is measured: "Discharge Pressure Alarm Thresholds" -> {"pressure"}, "wet well level"
    -> {"level"}. Head is a pressure, however it is written."""
    named = {_MEASURES[w] for w in (w.lower() for w in _words(text)) if w in _MEASURES}
    return frozenset("pressure" if m == "head" else m for m in named)


# A bound stated by a figure: "above 28 psi" is a high-side bound, "falls below 20 psi" a low-side one.
_BOUND = re.compile(r"\b(?:(above|over|exceeds?|exceeding|greater than|more than|higher than)"
                    r"|(below|under|less than|lower than|drops? to|falls? to))\s+\d", re.IGNORECASE)


@lru_cache(maxsize=4096)
def limits_named(text: str) -> frozenset[tuple[str, str]]:
    """The limits a text states as (direction, kind): "Low alarm", "high-high trip", "low suction trips", "lo and
    hi voltage alarm"; a direction takes the kind at most three words after it, unless another limit word comes
    first, else the kind just before it ("Alarm limits Low", a column under a merged header). A bound stated by
    a figure, and a low-low or high-high called neither alarm nor trip, have no kind: ("high", "") for "above
    28 psi", ("lowlow", "") for "the low-low interlock"."""
    words = [w.lower() for w in _words(text)]
    found = set()
    for k, word in enumerate(words):
        direction = _AXES.get(word)
        if direction not in _LIMITS:
            continue
        # "lo and hi voltage alarm": both take the alarm
        j = k + 1
        while j + 1 < len(words) and words[j] in ("and", "or") and _AXES.get(words[j + 1]) in _LIMITS:
            j += 2
        kind = ""
        for after in words[j:j + 3]:
            if _KINDS.get(after) in _LIMIT_KINDS:
                kind = _KINDS[after]
            if after in _KINDS or _AXES.get(after) in _LIMITS:
                break
        if not kind and k + 1 == len(words):
            for before in reversed(words[max(0, k - 3):k]):
                if _KINDS.get(before) in _LIMIT_KINDS:
                    kind = _KINDS[before]
                if before in _KINDS or _AXES.get(before) in _LIMITS:
                    break
        if kind or direction in _DOUBLED:  # "low-low" is a limit whatever it is called ("interlock")
            found.add((direction, kind))
    for m in _BOUND.finditer(text):
        found.add(("high" if m.group(1) else "low", ""))
    return frozenset(found)


def called_limit(stated: tuple[str, str]) -> bool:
    """Whether a limit `limits_named` found is called one (an alarm, a trip, a low-low), not a bound a figure
    states alone ("less than 280V" may be a maximum or a rule of use)."""
    return bool(stated[1]) or stated[0] in _DOUBLED


def same_limit(asked: tuple[str, str], stated: tuple[str, str]) -> bool:
    """A high trip asked is a high-high trip stated, where that is the trip a table gives; a bound stated by a
    figure alone ("falls below 20 psi") is on the side asked or not, of whatever kind."""
    if asked[1] == "any":  # a side asked of a measure ("the maximum level"): a limit called one, of any kind
        return stated[0] in (asked[0], asked[0] * 2) and called_limit(stated)
    return (stated[0] in (asked[0], asked[0] * 2)
            and (asked[1] == stated[1] or not asked[1] or not stated[1]))


def _spelled_out(a: _Reading, b: _Reading) -> _Reading:
    """`a` with an acronym of 3 or 4 capitals that `b` writes out in full replaced by those words ("RAS pump"
    and "return activated sludge pump")."""
    acronyms = a.acronyms
    if not acronyms:
        return a
    plain = [w for w in b.words if re.fullmatch(r"[A-Za-z]+", w)]
    for n in (2, 3, 4):
        for k in range(len(plain) - n + 1):
            run = plain[k:k + n]
            # a word in capitals gives all its letters: "UVT" is "UV transmittance"
            initials = "".join(w if w.isupper() and len(w) <= 3 else w[0] for w in run).lower()
            if initials in acronyms:
                written = " ".join(" ".join(run) if w.lower() == initials else w for w in a.words)
                return replace(_read(written, a.extra, a.unit, a.short), places=a.places)
    return a


@cache
def _measure_of(unit: str) -> str:
    """The measure a unit implies ("psi": pressure); "" for a length, which may be a level, a head or a depth."""
    if not unit:
        return ""
    try:
        dimension = str(_registry().Quantity(1, unit).dimensionality)
    except Exception:  # noqa: BLE001 - pint raises several kinds for a unit it does not know
        return ""
    return {"[time]": "time", "[temperature]": "temperature", "[mass] / [length] / [time] ** 2": "pressure",
            "[length] ** 3 / [time]": "flow", "[turbidity]": "turbidity", "[acidity]": "ph"}.get(dimension, "")


def _instrument(tag: str) -> bool:
    letters = re.match(r"[a-z]+", tag)
    return bool(_INSTRUMENT.match(tag)) and letters is not None and set(letters.group()[1:]) <= _INSTRUMENT_LETTERS


def _limit_tag(tag: str) -> bool:
    """An ISA tag of a limit on one measurement: a switch or alarm with its limit (PSHH-922, LSL-601, TAH-210)."""
    m = re.match(r"([a-z])([a-z]{1,4})-?\d", tag)
    if m is None:
        return False
    return m.group(1) in "aflpt" and bool(re.fullmatch(r"d?(?:s|a)(?:h{1,2}|l{1,2})", m.group(2)))


def same_kind(a: _Reading, b: _Reading, unsaid: bool = False, brief: bool = False) -> bool:
    """The two-stage match: the same equipment (a tag both name, or the same named equipment with the
    same numbers), then the same kind of value (what is limited, which of its siblings, what is
    measured). Wording beyond that ("per cycle", word order, "trip" or "cutout") does not count.
    `unsaid`: a sibling one names and the other leaves unsaid does not part them ("filter 3 turbidity
    alarm" and "filter 3 effluent turbidity alarm"); the caller checks that nothing else could be meant.
    `brief`: an untagged side may say little ("Overspeed trip" against "SE-105 HT-1 overspeed trip"); the
    caller checks that one tag only could be meant."""
    if a.identity != b.identity:
        return False
    # a switch or alarm tag both name says which limit of which measurement it is (PSLL-811: pressure, low-low)
    # (an alarm is not a trip where both say which)
    if a.limit_tags & b.limit_tags and (a.kinds == b.kinds or not a.kinds or not b.kinds):
        return True
    # siblings: both name one of an axis and not the same one
    axes_a, axes_b = a.axes, b.axes
    if {s for s in a.sides if s[0] in axes_b} != {s for s in b.sides if s[0] in axes_a}:
        return False
    # what is measured may go unsaid on one side ("wet well low-low, pumps trip: 3.5 ft" is a level), but then
    # the rest must be worded as closely as where a sibling goes unsaid
    measure_unsaid = a.measures != b.measures and not (a.measures and b.measures)
    if a.kinds != b.kinds or (a.measures != b.measures and not measure_unsaid):
        return False
    if a.per and b.per and a.per != b.per:
        return False
    if a.tags and b.tags and not (a.tags <= b.tags or b.tags <= a.tags):
        return False
    if axes_a != axes_b and not unsaid:
        return False  # one names high (or lead, or effluent) and the other does not: left unsaid is not the same
    if a.instrument_tags & b.instrument_tags and a.kinds and a.names & b.names:
        return True  # one instrument, one kind of limit, however the rest is worded
    if bool(a.tags) != bool(b.tags):
        untagged = b if a.tags else a
        if untagged.size < 4 and not brief:
            return False
    if not a.names or not b.names:
        # "KS-701 LS-7 high level alarm delay" and station 7's "High level alarm time delay": all said but the name
        return not a.names and not b.names and bool(a.identity or a.places and a.places == b.places) and bool(a.kinds)
    small, large = (a.names, b.names) if len(a.names) <= len(b.names) else (b.names, a.names)
    # a side left unsaid and more equipment words on the other ("digester" against "digester heat exchanger
    # hot water supply") is likely another thing
    return small <= large and len(large - small) <= (1 if axes_a != axes_b or measure_unsaid else EXTRA_WORDS)


def differ(a: Fact, b: Fact) -> bool | None:
    """True when the values differ beyond what their writing rounds off; None when they cannot be compared."""
    converted = _in_units_of(b, a.unit)
    if converted is None:
        return None
    tolerance = max(_precision(a.value), _precision_in(b, a.unit))
    return abs(a.number - converted) > tolerance + 1e-9 * max(abs(a.number), 1.0)


def _precision(written: str) -> float:
    """Half the last written digit: "4.1 bar" is 4.05-4.15 bar. A whole number is read as exact to 5 %
    at most ("1 hour" is not "30 minutes" give or take half an hour)."""
    number = re.match(r"([\d,]+)(?:\.(\d+))?", written)
    if not number:
        return 0.0
    if number.group(2):
        return 0.5 * 10 ** (-len(number.group(2)))
    return min(0.5, 0.05 * float(number.group(1).replace(",", "")))


def unit_of(written: str) -> str | None:
    """The pint unit of a unit as written ("kV", "psig", "in. w.c."), None where it is none that is compared."""
    return _unit_of(written) if re.fullmatch(_UNIT_RE, written.strip(), re.IGNORECASE) else None


def measurements(text: str) -> list[tuple[float, str]]:
    """(number, pint unit) of each figure a text gives with a unit: "a 6.6 kV stator" -> [(6.6, "kV")]."""
    found = [_figure(m.group("number"), m.group("unit"), m.group()) for m in _FIGURE.finditer(text)]
    return [(number, unit) for _, number, unit in (f for f in found if f is not None)]


def in_unit(number: float, unit: str, target: str) -> float | None:
    """`number` `unit` in `target` units, None where the two measure different things (kV and psi)."""
    if unit == target:
        return number
    try:
        return float(_registry().Quantity(number, unit).to(target).magnitude)
    except Exception:  # noqa: BLE001 - pint raises several kinds for units of other dimensions
        return None


def _precision_in(fact: Fact, unit: str) -> float:
    step = _in_units_of(Fact(**{**fact.__dict__, "number": fact.number + _precision(fact.value)}), unit)
    base = _in_units_of(fact, unit)
    return abs(step - base) if step is not None and base is not None else 0.0


def _in_units_of(fact: Fact, unit: str) -> float | None:
    return in_unit(fact.number, fact.unit, unit)


@cache
def _registry() -> Any:
    import pint

    registry: Any = pint.UnitRegistry()
    registry.define("NTU = [turbidity]")
    # in water, as plants write it: 1 mg/L is 1 ppm (a litre of water weighs a kilogram)
    registry.define("ppm_water = mg / L")
    registry.define("ppb_water = ug / L")
    # pint takes no scaled unit ("1e6 * gallon/day") in a quantity, so the plants' MGD is defined
    registry.define("MGD = 1e6 * gallon / day")
    registry.define("pH_value = [acidity]")
    return registry


def designations(title: str) -> frozenset[str]:
    """What a document's title says it is one of: "Booster Station B O&M Manual" -> {"station b"}."""
    return frozenset(f"{m.group(0).split()[0].lower()} {m.group(1).lower()}" for m in _DESIGNATION.finditer(title))


def _heading_designation(section: Sequence[str]) -> frozenset[str]:
    """The one thing the nearest heading is about when it names little else ("## Chiller Plant 1", "3. Lift
    Station No. 7"): a heading that names it among other things ("River intake and Tank 2") says nothing."""
    for heading in reversed(section):
        found = designations(heading)
        if found:
            words = re.findall(r"[A-Za-z]\w*", re.sub(r"^\s*[\d.]+\s*", "", heading))
            alone = len(found) == 1 and len(words) <= 5 and not re.search(r"\band\b|[&/+]", heading, re.IGNORECASE)
            return found if alone else frozenset()
    return frozenset()


def named_places(text: str) -> frozenset[str]:
    """Places a text names by a name rather than a number: "Quarry Road Tank" -> {"tank quarry road"}.
    Words that say what kind of tank or station it is ("Raw Water Tank", "Main Pumping Station") are
    not a name; a title in capitals is read as if in title case."""
    if text.isupper():
        text = text.title()
    out = set()
    for m in _NAMED_PLACE.finditer(text):
        name = [w for w in m.group(1).split() if w.lower() not in _PLACE_KINDS]
        if name:
            out.add(f"{m.group(2).split()[-1].lower()} {' '.join(name).lower()}")
    return frozenset(out)


# A place a question names by its name, the kind written in any case: "the Riverside lift station", "Cedar Lake".
_ASKED_PLACE = re.compile(r"\b((?:[A-Z][a-z]+\s+){0,3}[A-Z][a-z]+)\s+(?:(?i:lift|pump|pumping|booster)\s+)?"
                          r"(?i:station|tank|reservoir|lake|river|creek|dam|plant|wellfield|intake|basin)s?\b")


# One of several places or units of a kind, by its letter or number: "Station B", "pump No. 2", "Train A",
# "the A-series pumps". The kind in any case, the letter a capital ("station is" names none); a well only as
# "Well 3" ("as well 3 times" names none).
_ONE_OF = re.compile(r"\b((?i:station|plant|unit|train|building|site|zone|tank|reservoir|basin|clarifier|filter|"
                     r"cell|pump|series)|Well)\s+(?i:no\.?\s*|number\s+|#\s*)?([A-Z]{1,2}|\d{1,3}[A-Z]?)\b(?![-/.]\w)"
                     r"|\b([A-Z])-(?i:series)\b")


@lru_cache(maxsize=8192)
def one_of(text: str) -> frozenset[tuple[str, str]]:
    """(kind, letter or number) for each one of several places or units a text names: "Booster Pump Station B"
    -> {("station", "B")}, "the A-series pumps" -> {("series", "A")}, "Pump No. 2" -> {("pump", "2")}."""
    out = set()
    for m in _ONE_OF.finditer(text):
        out.add(("series", m.group(3)) if m.group(3) else (m.group(1).lower(), m.group(2).upper()))
    return frozenset(out)


def other_one(asked: frozenset[tuple[str, str]], *texts: str) -> tuple[str, str] | None:
    """The place or unit asked for (as (kind, label)) that texts (a passage, its headings, its document's title)
    speak of another of, naming only others of its kind ("Station A" where "Station B" is asked), or None."""
    said = {one for text in texts for one in one_of(text)}
    for kind, label in sorted(asked):
        labels = {b for k, b in said if k == kind}
        if labels and label not in labels:
            return kind, label
    return None


def places_asked(question: str) -> frozenset[tuple[str, str]]:
    """(name, as written) for each place a question names by its name ("the Riverside lift station" ->
    ("Riverside", "Riverside lift station"), "Summit Reservoir" -> ("Summit", "Summit Reservoir")): the name is
    the words that say which, not what kind of place it is ("Booster Station", "Raw Water Tank") nor the
    question's own ("What Cedar Lake port ...")."""
    out = set()
    for m in _ASKED_PLACE.finditer(question):
        words = m.group(1).split()
        name = [w for w in words
                if w.lower() not in _PLACE_KINDS and w.lower() not in _STOP and w.lower() not in STOPWORDS]
        if name:
            written = question[m.start(1) + m.group(1).index(name[0]):m.end()]
            out.add((" ".join(name), written))
    return frozenset(out)


def _other_places(a: frozenset[str], b: frozenset[str]) -> bool:
    """Both name a place of one kind, and not the same one ("tank hilltop" and "tank quarry road")."""
    kinds = {p.split()[0] for p in a} & {p.split()[0] for p in b}
    return any(not {p for p in a if p.startswith(k + " ")} & {p for p in b if p.startswith(k + " ")} for k in kinds)


def _without(text: str, words: set[str]) -> str:
    if not words:
        return text
    return re.sub(rf"\b(?:{'|'.join(map(re.escape, sorted(words)))})\b", " ", text, flags=re.IGNORECASE)


def _short_names(text: str) -> dict[str, str]:
    """The tag a plant writes for a named place, from its two words' initials and its number:
    "Lift Station No. 3" -> {"ls-3": "3", "ls3": "3"}, so "LS-3 wet well high level" names station 3."""
    out = {}
    for m in _DESIGNATION.finditer(text):
        before = re.findall(r"[A-Za-z]+", text[:m.start()])[-1:]
        number = m.group(1).lower()
        for words in (before + [m.group(0).split()[0]], [m.group(0).split()[0]]):
            initials = "".join(w[0] for w in words).lower()
            if len(initials) >= 2:
                out[f"{initials}-{number}"] = out[f"{initials}{number}"] = number
    return out


def conflicts(facts: Iterable[Fact], family: dict[str, str], scope: dict[str, frozenset[str]] | None = None,
              titles: dict[str, str] | None = None) -> list[Conflict]:
    """Pairs of facts from different document families (`family`: doc_id -> its number, or itself when
    it has none) about one subject with values that differ. Two facts whose documents' titles, or
    whose sections, name different ones of a kind (`scope`: "station a" and "station b"), or different
    places by name (from `titles`, doc_id -> title, and the subjects), are about different equipment:
    they are not compared. A fact is compared only with those sharing one of its uncommon words, so a
    large library is not compared pair by pair."""
    titles = titles or {}
    # a title's designations unless the caller gives them
    scope = scope if scope is not None else {doc: designations(title) for doc, title in titles.items()}
    facts = list(facts)
    # a register's "## Chiller Plant 1" says which plant its rows are about, as a manual's title does
    where = [scope.get(f.doc_id, frozenset()) | _heading_designation(f.section) for f in facts]
    # a subject that documents of three or more families give three or more values in one place is a
    # kind of thing ("pump high alarm" in every station's manual), not one setpoint stated twice: left out
    values: dict[tuple[tuple[str, ...], frozenset[str]], set[str]] = {}
    families: dict[tuple[tuple[str, ...], frozenset[str]], set[str]] = {}
    for fact, place in zip(facts, where, strict=True):
        values.setdefault((fact.subject, place), set()).add(fact.value)
        families.setdefault((fact.subject, place), set()).add(family.get(fact.doc_id, fact.doc_id))
    kept = [k for k, (f, place) in enumerate(zip(facts, where, strict=True))
            if len(values[f.subject, place]) < AMBIGUOUS or len(families[f.subject, place]) < AMBIGUOUS]
    facts, where = [facts[k] for k in kept], [where[k] for k in kept]
    # `titles` (doc_id -> title): where "Lift Station No. 7" says what "LS-7" is, and "Quarry Road Tank -
    # Site Manual" that its facts are not the register's "Hilltop Tank" rows
    short = {tag: number for title in titles.values() for tag, number in _short_names(title).items()}
    short |= {tag: number for f in facts for tag, number in _short_names(" ".join(f.section[:1])).items()}
    titled = {doc: named_places(title) for doc, title in titles.items()}
    titled_place = [titled.get(f.doc_id, frozenset()) for f in facts]
    title_words = {doc: frozenset(_stemmer.stemWord(w.lower()) for w in _WORD.findall(title))
                   for doc, title in titles.items()}

    places = [titled_place[k] | named_places(f.shown) for k, f in enumerate(facts)]
    # a fact of "Pump Station 4 O&M Manual" is about station 4 without saying so: "4" joins its subject
    subjects = [set(f.subject) | {d.split()[-1] for d in place} for f, place in zip(facts, where, strict=True)]
    # a place named by its name says which one the fact is about (`apart`), not what equipment: "LIT-820 Quarry
    # Road Tank level high" is the Quarry Road Tank site manual's "High level alarm"
    readings = [replace(_read(_without(f"{f.shown} {f.kind}", {w for p in named for w in p.split()}),
                              {d.split()[-1] for d in place}, f.unit, short), places=named)
                for f, place, named in zip(facts, where, places, strict=True)]
    by_word: dict[str, list[int]] = {}
    for i, subject in enumerate(subjects):
        for word in subject:
            by_word.setdefault(word, []).append(i)
    # the second way matches on tags and on the equipment's words
    by_name: dict[str, list[int]] = {}
    for i, reading in enumerate(readings):
        for word in reading.tags | reading.names | reading.identity | reading.places:
            by_name.setdefault(word, []).append(i)
    # what each fact could be is read once, not once per pair
    named_cache: dict[tuple[int, frozenset[str]], frozenset[tuple[str, str]]] = {}
    meant_cache: dict[int, list[frozenset[str]] | None] = {}

    def apart(i: int, j: int) -> bool:
        """Facts i and j are about different ones of a kind (station 1 and 2, Hilltop and Quarry Road Tank)."""
        if bool(titled_place[i]) != bool(titled_place[j]) and not (places[i] and places[j]):
            # a site manual's value is its site's: the other, naming no site, may not name more equipment
            # ("clearwell free chlorine target" is the plant's, not a booster station's "free chlorine residual")
            site, other = (i, j) if titled_place[i] else (j, i)
            if not readings[other].names <= readings[site].names | title_words[facts[site].doc_id]:
                return True
        return bool(where[i] and where[j] and not where[i] & where[j]) or _other_places(places[i], places[j])

    def unsaid_is_clear(i: int, other: _Reading) -> bool:
        axes = other.axes - readings[i].axes
        if not axes:
            return True
        if (i, axes) not in named_cache:
            named_cache[i, axes] = _siblings_meant(i, axes, readings, by_name)
        named = named_cache[i, axes] | {s for s in other.sides if s[0] in axes}
        return len(named) == len(axes)

    def one_tag_meant(i: int, other: _Reading) -> bool:
        if i not in meant_cache:
            meant_cache[i] = _tags_meant(i, readings, by_name, lambda k: apart(i, k))
        meant = meant_cache[i]
        return meant is None or all(tags & other.tags for tags in meant)

    found: dict[str, Conflict] = {}
    for i, fact in enumerate(facts):
        # every fact sharing a word that few facts have (in a large library "pump" is not one of them), and
        # always those sharing the rarest
        rarest = min(subjects[i], key=lambda w: (len(by_word[w]), w))
        candidates = set(by_word[rarest])
        candidates.update(k for w in subjects[i] if len(by_word[w]) <= FEW for k in by_word[w])
        for word in readings[i].tags | readings[i].names | readings[i].identity | readings[i].places:
            if word in readings[i].tags or len(by_name[word]) <= FEW:
                candidates.update(by_name[word])
        if readings[i].names or readings[i].identity:
            candidates.update(by_name[min(readings[i].names or readings[i].identity, key=lambda w: (len(by_name[w]), w))])
        for j in sorted(candidates):
            other = facts[j]
            if j == i:
                continue
            if family.get(fact.doc_id, fact.doc_id) == family.get(other.doc_id, other.doc_id):
                continue
            if apart(i, j):
                continue
            if not same_subject(subjects[i], subjects[j]):
                ours_read, theirs_read = _spelled_out(readings[i], readings[j]), _spelled_out(readings[j], readings[i])
                if not (same_kind(ours_read, theirs_read) or (
                        same_kind(ours_read, theirs_read, unsaid=True)
                        and unsaid_is_clear(i, readings[j]) and unsaid_is_clear(j, readings[i])) or (
                        same_kind(ours_read, theirs_read, brief=True))):
                    continue
                # a tag on one side only: the other could be that tag's value only where it could be no other's
                # (a pumping station's "Lead pump start" is not "PS-1 lead pump start" where PS-2's is listed too)
                if bool(readings[i].tags) != bool(readings[j].tags) and not (
                        one_tag_meant(i, readings[j]) and one_tag_meant(j, readings[i])):
                    continue
            if not differ(fact, other):
                continue
            first, second = sorted((fact, other), key=lambda f: (f.doc_id, f.start))
            key = conflict_key(first, second, family)
            found.setdefault(key, Conflict(key, first, second))
    return sorted(found.values(), key=lambda c: (c.first.doc_id, c.first.start, c.second.doc_id, c.second.start))


def _siblings_meant(i: int, axes: frozenset[str], readings: list[_Reading],
                    by_name: dict[str, list[int]]) -> frozenset[tuple[str, str]]:
    """Fact i leaves unsaid which sibling of `axes` it is ("filter 3 turbidity alarm" against "... effluent
    ..."): the siblings that the facts it could be, in any document, name. It is matched to another's only
    where that is the one sibling named ("filter 3 influent turbidity alarm" elsewhere makes it ambiguous)."""
    ours = readings[i]
    named: set[tuple[str, str]] = set()
    for k in {k for word in ours.names | ours.tags for k in by_name[word]}:
        reading = readings[k]
        if k != i and reading.identity == ours.identity and same_kind(ours, reading, unsaid=True):
            named |= {s for s in reading.sides if s[0] in axes}
    return frozenset(named)


def _tags_meant(i: int, readings: list[_Reading], by_name: dict[str, list[int]],
                apart: Callable[[int], bool]) -> list[frozenset[str]] | None:
    """Fact i says little and names no tag ("Fluoride high alarm" in a site manual, against the register's
    "AAH-350 Fluoride residual high alarm"): the tags of every tagged fact it could be, in any document but
    those about another place (`apart`). It is one with a tagged fact only where each of those names that
    fact's tag. None: i names a tag itself."""
    ours = readings[i]
    if ours.tags:
        return None
    if not (ours.names or ours.identity or ours.places) or not (ours.kinds or ours.sides or len(ours.names) >= 3):
        return [frozenset()]  # says too little to be matched to a tag at all
    return [readings[k].tags for k in {k for word in ours.names | ours.identity | ours.places
                                       for k in by_name.get(word, ())}
            if readings[k].tags and not apart(k) and same_kind(ours, readings[k], unsaid=True, brief=True)]


def conflict_key(a: Fact, b: Fact, family: dict[str, str]) -> str:
    """The same for the same disagreement after a re-ingest (it names subjects, values and document
    families, not offsets), so a settled conflict stays settled until a value changes."""
    sides = sorted(f"{family.get(f.doc_id, f.doc_id)}={f.value}" for f in (a, b))
    subject = " ".join(sorted(set(a.subject) & set(b.subject)))
    return hashlib.sha256(f"{subject}|{'|'.join(sides)}".encode()).hexdigest()[:12]
