"""The lookup card: a question that names a code, alarm, parameter, register or MIB object gets that
entry's whole row; one that describes a symptom gets the troubleshooting row that matches it, every
cause with its remedy. A key in no entry of the table the question points at is said to be not listed,
naming that table; a neighbouring row is never shown as if it were the one asked for.

Entries are found at ingest (core/documents/entries.py) and kept in the manifest by every written
form of their key. It must not compose text: every cell is a verbatim span of the document.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from operator_assistant.core.answer.card import (
    _GENERIC,
    _UNIT_HEADER,
    Found,
    about_other,
    asked_ones,
    asked_quantity,
    caption_above,
    limit_subject,
    states_limit,
    with_caption,
)
from operator_assistant.core.answer.policy import DEFAULT_POLICY, AnswerPolicy
from operator_assistant.core.answer.records import TABLE, Card, CardCell, Source
from operator_assistant.core.answer.sentences import contradicts, describes_trouble, heading_tells_trouble
from operator_assistant.core.conflicts import limits_named, one_of, other_one, places_asked
from operator_assistant.core.documents.entries import (
    CODE,
    OBJECT,
    SYMPTOM,
    Entry,
    Field,
    key_forms,
    key_prefix,
    key_shape,
    number_form,
    symptom_line,
)
from operator_assistant.core.documents.tables import value_unit
from operator_assistant.core.index.manifest import ChunkRecord, DocumentInfo, EntryRecord, Manifest
from operator_assistant.core.references import Reference, in_section
from operator_assistant.core.tokenize import canonical, fold_typeset, raw_tokens, tokenize

# Words that say which family a key belongs to ("exception code 04", "fault F3", "parameter PD013"), in
# classes of words manuals and operators use for one family: "error 0Dh" is a diagnostic message's code.
_FAMILY_CLASSES = (("error", "fault", "alarm", "warning", "diagnostic", "event", "trip", "failure"),
                   ("exception",), ("function", "command"), ("parameter", "register", "address"),
                   ("object", "trap", "notification"))
_FAMILIES = tuple(w for words in _FAMILY_CLASSES for w in words)
_CLASS_OF = {t: frozenset(t2 for w2 in words for t2 in tokenize(w2)) for words in _FAMILY_CLASSES for w in words
             for t in tokenize(w)}
_FAMILY_STEMS = frozenset(_CLASS_OF)
_MIB_WORDS = _CLASS_OF["error"] | _CLASS_OF["object"]
# Words that mark a following figure as a key without naming its family.
_MARKERS = r"code|codes|no\.?|number|nr\.?|num|#|id"
_FAMILY_WORD = "|".join(_FAMILIES)
_MARKER_STEMS = frozenset(tokenize("code codes number id"))
# How a control room asks about a code, whatever the code: these words need no explaining by its row.
_ASKING = frozenset(tokenize(
    "mean meaning means stand stands standing indicate indication show shows showing shown display displays "
    "displayed appear appears come comes up on lit what which happen happens happened need get see tell explain "
    "describe description cause causes caused reason remedy fix clear reset resolve action check correct repair "
    "use used control controls function purpose "
    "type kind trip tripped panel screen keypad hmi scada controller drive device unit manual list table "
    "register parameter code alarm fault error warning message please now again keeps going letter tag symbol "
    "abbreviation acronym mark marked label labelled read reading reads "
    "many much max maximum min minimum most least one"))  # "how many registers max in one write"
# A word this common in English names no document ("read", "maintenance"): wordfreq's Zipf scale, 10 per million.
_NAME_WORD_ZIPF = 4.0
# A capitalised name just before a kind of device: "the Festo controller", "a Siemens drive".
_MAKER_BEFORE_DEVICE = re.compile(r"(?<![.?!]\s)(?<!^)\b([A-Z][A-Za-z]+)\s+(?i:controller|drive|module|inverter|"
                                  r"transmitter|analy[sz]er|meter|panel|relay|plc|vfd)s?\b")
# The kinds of place a card must name by letter or number where the question does ("Station B", "Filter 3").
_PLACES_OF_SEVERAL = frozenset("station plant unit train building site zone tank reservoir basin well clarifier "
                               "filter cell".split())
# Documents whose words are kept for the check that a question naming other documents may still mean them.
DOCUMENT_WORDS_KEPT = 32
# Words after a document's name that go on naming its device ("SRNE charge controller"), up to a function word.
DEVICE_WORDS = 2
_FUNCTION_WORDS = frozenset("what which is are was the a an of for to in on at by with and or what's does do how "
                            "register parameter code alarm fault error".split())
# A number or hex code right after a family word or marker: "exception code 04", "error no. 12", "register 0x0121",
# "error 1F" (hex without its h: read as 1, it would find the row of 01h).
_NUMERIC_KEY = re.compile(rf"\b(?:(?:{_FAMILY_WORD})s?|{_MARKERS})\s*(?:(?:{_MARKERS})\s*)?[:#]?\s*"
                          r"(0x[0-9a-f]+|[0-9a-f]*\d[0-9a-f]*h\b|\d[0-9a-f]{0,2}[a-f](?![\w-])|\d+(?:\.\d+)*)"
                          r"(?![\w.]*\s*(?:%|mm|cm|m\b|s\b))",
                          re.IGNORECASE)
# A hexadecimal code written with its H: 79H, 0122H (a bare number with a family word is _NUMERIC_KEY).
_HEX_H_KEY = re.compile(r"(?<![\w.-])([0-9][0-9A-F]{1,5}H)(?![\w-])")
_SMALL_H_KEY = re.compile(r"(?<![\w.-])([0-9][0-9a-fA-F]{0,4}h)(?![\w-])")
_HOURS_BEFORE = re.compile(r"\b(?:after|for|every|within|over|in|last|past|about|approx\.?|than|to|and|or|ran|run|runs|"
                           r"running|took|takes|lasted|each|per)\s+$|[~<>]\s*$", re.IGNORECASE)
_HOURS_AFTER = re.compile(r"\s*(?:of|ago|later|earlier|before|run|runs|running|operation|shift|a\s+day|per|each|"
                          r"\+|-\s*\d|to\s+\d)\b", re.IGNORECASE)
# Two hex digits, a digit and a capital letter, standing alone ("showing 0E", "3D entries"): a code only where a
# document's list writes it with its small h.
_BARE_HEX_PAIR = re.compile(r"(?<![\w.-])([0-9][A-F]|[A-F][0-9])(?![\w-])")
# A hexadecimal code written with 0x, wherever it stands ("diagnostic message 0x31").
_HEX_0X_KEY = re.compile(r"(?<![\w.-])(0x[0-9A-Fa-f]{1,8})(?![\w-])")
_UNDERSCORED = re.compile(r"(?<![\w.-])([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)(?![\w-])")
_TITLE_WORD = re.compile(r"[^0-9a-z]+")
_WRITTEN_NAME = re.compile(r"\b[A-Za-z]*[A-Z][A-Za-z]*[A-Z][A-Za-z]*\b")
# The value of a setting asked the meaning of: "what does a rate of 800 mean?", "what does mode = 2 do?"
_VALUE_MEANT = re.compile(r"\bwhat\s+(?:does|do|would|will)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){1,3}?(?:of|=|at|to)\s+"
                          r"(\d[\d.,]*\d|\d)\s+(?:\w+\s+)?(?:mean|do)\b", re.IGNORECASE)
# A range of codes asked: "PD177 through PD180", "PD177-PD180", "0100H to 0104H" (one shape at both ends).
_RANGE_END = r"(?:0x[0-9a-f]+|\d[0-9a-f]{0,5}h|[a-z]{1,4}-?\d{1,5}[a-z]?)"
_KEY_RANGE = re.compile(rf"(?<![\w-])({_RANGE_END})\s*(?:through|thru|to|-|\u2013|\u2014)\s*({_RANGE_END})(?![\w-])",
                        re.IGNORECASE)
_WRITTEN_HEX = re.compile(r"0x[0-9a-f]+|\d[0-9a-f]*h", re.IGNORECASE)
_BARE_HEX = re.compile(r"\d[0-9a-f]{0,2}[a-f]", re.IGNORECASE)
# A setting's number: "input terminal set to 09 - what does it do?" asks for the item 09 of its settings'
# list. Only a number that ends the phrase: "set to 50 Hz" is a value, not an item.
_SETTING_KEY = re.compile(r"\b(?:set\s+(?:to|at|as)|setting(?:\s+of)?|option|selection)\s+(\d{1,3})"
                          r"(?=\s*(?:[-\u2013\u2014?!,;:)]|\.(?!\d)|$))", re.IGNORECASE)
# An abbreviation or tag letters (BDV, PSE, FC), or one letter named as such ("the letter Q").
_ABBREVIATION_KEY = re.compile(r"(?<![\w&/.-])([A-Z]{2,5})(?![\w&/-])(?!\.\w)|\bletter\s+([A-Z])\b")
# A code with letters: F3, E-47, PD013, AL.12, CL2-ALM-03 (not a bare word, not a figure with its unit).
_LETTER_KEY = re.compile(r"(?<![\w.-])([A-Za-z]{1,4}[-_.]?\d{1,6}(?:[.-]\d{1,4})?[A-Za-z]?)(?![\w-])")
# A bit of a status word: "bit 26", which register maps write B26, b26 or Bit 26.
_BIT_KEY = re.compile(r"\bbit\s+(\d{1,2})\b", re.IGNORECASE)
# Capitals, a space and a number: "(FC 16)" as a manual heads its function codes
_SPACED_KEY = re.compile(r"(?<![\w-])[A-Z]{1,4} \d{1,4}(?![\w.-])")
# A MIB name or an OID: upsAlarmBatteryBad, fooAlarms.17, { fooAlarms 17 }.
_MIB_NAME = re.compile(r"(?<![\w.-])([a-z][a-z0-9]*[A-Z][A-Za-z0-9-]*(?:\.\d+)?)(?![\w-])")
_OID = re.compile(r"\{\s*[a-z][\w-]*\s+\d+\s*\}")
# what a key seen somewhere is called there: "What's a CSO tag on a valve?"
_WHAT_IT_IS = r"(?:tags?|codes?|abbreviations?|symbols?|labels?|markings?|designations?|letters?)"
# "what does that mean?" after the sentence that names the code
_MEANING_OF_THAT = re.compile(r"\b(?:does|do|can|could)\s+(?:that|this|it)\s+(?:mean|stand\s+for)\b", re.IGNORECASE)


def _asks_meaning(question: str, key: str) -> bool:
    """Whether the question asks what the code itself means ("marked CSO: what does that mean?", "what can FC
    mean?", "what does the letter Q mean"): the words around it then say where it was seen, not another thing
    asked about it. "In the WST config, what does a rate of 800 mean?" asks about the rate, not WST."""
    k = re.escape(key)
    return bool(_MEANING_OF_THAT.search(question) or re.search(
        rf"\b(?:does|do|can|could|might)\s+(?:the\s+)?(?:\w+\s+){{0,2}}{k}\s+(?:\w+\s+)?mean\b|"
        rf"(?<![\w-]){k}\s+(?:stands?|standing)\s+for\b|\bmeaning\s+of\s+(?:the\s+)?(?:\w+\s+)?{k}(?![\w-])|"
        # "What's a CSO tag on a valve in the P&ID?": where it was seen follows the key and what it is
        rf"\bwhat(?:['\u2019]s|\s+is|\s+are)\s+(?:an?\s+|the\s+)?{k}\s+(?:{_WHAT_IT_IS}\s+)?(?:on|in|at)\b",
        question, re.IGNORECASE))


# A follow-up this short ("And F4?", "What about E-48?") takes the family of the question before it.
FOLLOW_UP_WORDS = 5


@dataclass(frozen=True)
class NamedKey:
    """A key the question names, with the family words written before it."""

    text: str
    forms: frozenset[str]
    family: frozenset[str]  # stems of the family words around it ("exception"), empty when none
    numeric: bool  # no letters of its own: only a family word makes it a key
    abbreviation: bool = False  # letters only (BDV, "letter Q"): looked up in abbreviation lists only, never "not listed"


@dataclass(frozen=True)
class NotListed:
    """The key is in no entry of the group the question points at."""

    reason: str
    closest: list[Source]


def _family_near(text: str, start: int, end: int) -> frozenset[str]:
    """Family words next to a key: the three words before it ("exception code 04"), else the two after
    ("PD013 parameter")."""
    before = [w for w in tokenize(text[max(0, start - 40):start])[-3:] if w in _FAMILY_STEMS]
    return frozenset(before or [w for w in tokenize(text[end:end + 30])[:2] if w in _FAMILY_STEMS])


def _written_family(text: str, start: int, end: int) -> tuple[str, ...]:
    """The family words as written next to a key, for the first letter a code of that family starts with."""
    near = re.findall(r"[A-Za-z]+", text[max(0, start - 40):start])[-3:] + re.findall(r"[A-Za-z]+", text[end:end + 30])[:2]
    return tuple(w.casefold() for w in near if tokenize(w) and tokenize(w)[0] in _FAMILY_STEMS)


def named_keys(question: str, query: str = "") -> list[NamedKey]:
    """The keys a question names, each with the family words next to it; a short follow-up ("And F4?"
    after "What is fault F3?") takes the family of the question it follows, from the search text."""
    question = fold_typeset(question)
    found: dict[str, NamedKey] = {}
    follow_up = query != question and len(question.split()) <= FOLLOW_UP_WORDS
    previous = frozenset(w for w in tokenize(query) if w in _FAMILY_STEMS) if follow_up else frozenset()

    def add(text: str, start: int, numeric: bool, abbreviation: bool = False) -> None:
        end = start + len(text)
        family = _family_near(question, start, end) or previous
        forms = key_forms(text)
        if numeric and text.isdigit():  # "parameter 155" is PD155 where the parameters start with its letter
            letters = {w[0] for w in _written_family(question, start, end)}
            forms |= {f"#{n}@{letter}" for letter in letters for n in key_forms(text) if n.isdigit()}
            if len(text) == 4 and text.startswith("0"):
                forms.add(f"{text.casefold()}h")  # "register 0103" is how a register map writes 0103H, less its h
        if forms and text.casefold() not in found:
            found[text.casefold()] = NamedKey(text, frozenset(forms), family, numeric, abbreviation)

    for m in _OID.finditer(question):
        add(m.group(), m.start(), False)
    for m in _MIB_NAME.finditer(question):
        add(m.group(1), m.start(1), False)
    for m in _LETTER_KEY.finditer(question):
        if not re.fullmatch(r"0x[0-9a-f]+", m.group(1), re.IGNORECASE):
            add(m.group(1), m.start(1), False)
    for m in _BIT_KEY.finditer(question):
        family = _family_near(question, m.start(), m.end()) or previous
        found.setdefault(m.group().casefold(), NamedKey(m.group(), frozenset(
            key_forms(m.group()) | key_forms(f"B{m.group(1)}")), family, False))
    for m in _HEX_H_KEY.finditer(question):
        add(m.group(1), m.start(1), True)
    for m in _HEX_0X_KEY.finditer(question):
        add(m.group(1), m.start(1), True)
    for m in _NUMERIC_KEY.finditer(question):
        # "error 1F" is hex written without its h: asked for as 1Fh, a number, so that a list of 01h to 4Fh
        # can say it is not listed
        add(m.group(1) + ("h" if _BARE_HEX.fullmatch(m.group(1)) else ""), m.start(1), True)
    for m in _SETTING_KEY.finditer(question):
        add(m.group(1), m.start(1), True)
    for m in _ABBREVIATION_KEY.finditer(question):
        add(m.group(1) or m.group(2), m.start(1) if m.group(1) else m.start(2), False, True)
    return list(found.values())


def _maker_words(question: str) -> set[str]:
    """The words of a maker's name just before a kind of device ("the Festo controller")."""
    return {w for m in _MAKER_BEFORE_DEVICE.finditer(question) for w in _plain(m.group(1))}


def _card_said(found: Found) -> str:
    """What a card says with the passages it cites, their headings and their documents' titles and file names."""
    return "\n".join([found.card.as_text(), *(w for s in found.sources
                                             for w in (s.text, s.document, Path(s.source).stem, *s.section))])


def _names_of(document: DocumentInfo) -> set[str]:
    """The words a document is named by: its title and its file name ("hdhk_16ch_ac_module")."""
    return _plain(f"{document.title} {Path(document.source).stem.replace('_', ' ')}")


def _stems(text: str) -> set[str]:
    return set(tokenize(text))


def _shares(words: set[str], texts: Sequence[str]) -> list[float]:
    """How much of each text the question's words make up, each word weighed by how few of the texts hold it:
    "hypo" and "pump" in every row of a hypo pump's symptom list tell none of its rows from another."""
    stems = [_stems(t) for t in texts]
    held = Counter(w for s in stems for w in s)
    weight = {w: math.log((len(texts) + 1) / n) for w, n in held.items()}
    return [sum(weight[w] for w in s & words) / max(1e-9, sum(weight[w] for w in s)) if s else 0.0 for s in stems]


def _plain(text: str) -> set[str]:
    """Content words without the parts of codes and tags ("PT-2105" is not the words "pt" and "2105")."""
    return {w for t in raw_tokens(text) if len(t) > 1 and not any(c.isdigit() for c in t) for w in tokenize(t)}


# "Function" alone heads a parameter list's name column ("Code | Function | Factory Setting") and titles
# its chapters ("Descriptions of Functions"): only "function code" names the Modbus family.
_FUNCTION_STEM = tokenize("function")[0]
_FUNCTION_CODE = re.compile(r"\bfunction\s+(?:codes?|no\b|number)", re.IGNORECASE)


def _families_named(record: EntryRecord) -> set[str]:
    """The family words an entry's list is named by, from the nearest name that names one: its columns,
    then the line that introduces it, then its headings from the innermost out. "1) Exception code
    descriptions" over a list names it, whatever its chapter ("command analysis") says."""
    entry = record.entry
    lead_in = entry.family
    for heading in record.section:  # the family text is the headings, then the lead-in
        lead_in = lead_in.replace(heading, " ")
    for held in (" ".join([entry.key.name, *(f.name for f in entry.fields)]), lead_in, entry.group,
                 *reversed(record.section)):
        named = _stems(held) & _FAMILY_STEMS
        if not _FUNCTION_CODE.search(held):
            named.discard(_FUNCTION_STEM)
        if named:
            return named
    return set()


def _as_printed(group: tuple[str, str], members: list[EntryRecord], entries: Sequence[EntryRecord]) -> list[EntryRecord]:
    """A list of codes with letters as the document prints it, from `entries` (those of its document): every
    entry of its codes' shapes, not only those a family word was read beside ("VIII. Function List" is 68
    parameters over seven pages, some of which say "alarm"). Bare numbers under one heading may be several
    lists (function codes, then exception codes), so they are not widened."""
    doc_id, name = group
    shapes = {key_shape(m.entry.key.text) for m in members}
    return [r for r in entries if r.doc_id == doc_id and r.entry.group == name and r.entry.kind != SYMPTOM
            and key_shape(r.entry.key.text) in shapes] or members


def _of_other_family(key: NamedKey, record: EntryRecord) -> bool:
    """Whether the entry's list names a family and not the question's: a function code's table for
    "exception code 04". A list that names no family is of none."""
    if record.entry.kind == OBJECT:
        return not _in_family(key, record)
    named = _families_named(record)
    return bool(named) and not named & set().union(*(_CLASS_OF[w] for w in key.family))


def _in_family(key: NamedKey, record: EntryRecord) -> bool:
    """Whether the entry's table or list is of the family the question names: a word of its class in the
    key column's name, the other column names, the section or the line that introduces the list."""
    words = set().union(*(_CLASS_OF[w] for w in key.family))
    if record.entry.kind == OBJECT and words <= _MIB_WORDS:  # a MIB's objects and traps are its alarms and events
        return True
    return bool(words & _families_named(record))


def _lines_naming(question: str, entry: Entry, fields: Sequence[Field], lines: Sequence[int]) -> list[int]:
    """The lines after the first of an entry of several lines that open with another code the question
    names ("set to 10H" in register E01DH's list of values); none when no line, or every line, does."""
    if len(lines) < 3:
        return []
    own = key_forms(entry.key.text)
    others = [k for k in named_keys(question) if not k.forms & own]
    if not others:
        return []
    first_words = {(f.row, f.column): f.text.split()[0] for f in fields if f.text.split()}
    asked = sorted({row for (row, _), word in first_words.items() if row != lines[0]
                    and any(k.forms & key_forms(word) for k in others)})
    return asked if 0 < len(asked) < len(lines) - 1 else []


def _pages_said(pages: Collection[int]) -> str:
    """", p. 31-32" of the pages a list is printed on, "" where it has none (a text file)."""
    ordered = sorted(pages)
    return f", p. {ordered[0]}" + (f"-{ordered[-1]}" if len(ordered) > 1 else "") if ordered else ""


def _value_not_listed(question: str, entry: Entry) -> tuple[str, list[str]] | None:
    """(the code asked, the values listed) where the question asks what a value of the entry means ("E01DH set to
    12H") and the entry lists its values one a line, each a code of that shape, none of them the one asked:
    showing the whole list would answer a value it does not have. None where any line holds it, or the entry
    lists no such values."""
    lines = sorted({f.row for f in entry.fields})
    if len(lines) < 3:
        return None
    own = key_forms(entry.key.text)
    asked = [k for k in named_keys(question) if not k.forms & own and _WRITTEN_HEX.fullmatch(k.text)]
    if len(asked) != 1:
        return None
    key = asked[0]
    shape = key_shape(key.text)
    for column in sorted({f.column for f in entry.fields}):
        values = [words[0] for f in entry.fields if f.column == column and (words := f.text.split())]
        if len(values) < max(3, len(lines) - 1) or any(key_shape(v) != shape for v in values):
            continue
        if any(key.forms & key_forms(v) for v in values):
            return None
        return key.text, values
    return None


class Lookup:
    """Finds the entry a question asks for and builds its card."""

    def __init__(self, manifest: Manifest, embed: Callable[[list[str]], np.ndarray],
                 vocabulary: Callable[[], Collection[str]], policy: AnswerPolicy = DEFAULT_POLICY) -> None:
        self.manifest = manifest
        self.embed = embed
        self.vocabulary = vocabulary  # the lexical index's words: a key written elsewhere is not "not listed"
        self.policy = policy
        self._vectors: dict[str, np.ndarray] = {}
        self._document_words: dict[tuple[str, str], set[str]] = {}  # (doc id, content hash) -> its words

    # codes

    def by_key(self, question: str, query: str, sources: Sequence[Source], defer: bool = True
               ) -> Found | NotListed | None:
        """The card of the entry the question names. With `defer`, an entry whose row does not explain a
        word the question asks about is left for a passage that does (see `_key_card`); without, it answers
        all the same: the passages' card held no such key, so the row is the best there is."""
        keys = named_keys(question, query)
        ranks = _doc_ranks(sources)
        ranged = self._range_card(question, query, sources, ranks)
        if ranged is not None:
            return ranged
        keys = self._written_spaced(question, keys, ranks) + keys + self._written_hex(question, keys)
        if not keys:
            return None
        # "Festo CMMO diagnostic message 17h": CMMO is the device its manual is titled by, 17h the code
        titled = ({w for doc_id in ranks for w in _TITLE_WORD.split(self._title(doc_id).casefold()) if w}
                  if len(keys) > 1 else set())
        keys = sorted(keys, key=lambda k: k.text.casefold() in titled)
        codes = [k for k in keys if k.text.casefold() not in titled]
        for key in keys:
            # the one code a question names, written as hex ("1Bh", "0x1A"), is what a display shows: the question
            # asks about it, whatever else it tells ("throws 1Bh when the axis is under load")
            shown = codes == [key] and _WRITTEN_HEX.fullmatch(key.text) is not None
            found = self._key_card(key, question, query, ranks, sources, defer and not shown)
            if found is not None:
                return found
        for key in keys:
            missing = self._not_listed(key, ranks, question)
            if missing is not None:
                return missing
        return None

    def _range_card(self, question: str, query: str, sources: Sequence[Source], ranks: dict[str, int]
                    ) -> Found | None:
        """The entries from one code to another where the question asks a range ("PD177 through PD180",
        "PD177-PD180", "registers 0100H to 0104H") and a list of a document search found holds both ends, in
        order; None where it asks none, or no such list has both."""
        m = _KEY_RANGE.search(fold_typeset(question))
        if m is None:
            return None
        low, high = m.group(1), m.group(2)
        first, last = _key_number(low), _key_number(high)
        if (first is None or last is None or not first < last or key_shape(low) != key_shape(high)
                or key_prefix(low) != key_prefix(high)):
            return None
        for record in sorted((c for c in self.manifest.entries_for_keys(key_forms(low)) if c.doc_id in ranks),
                             key=lambda c: ranks[c.doc_id]):
            members: dict[int, EntryRecord] = {}
            for c in self.manifest.entries_in([record.doc_id], record.entry.kind):
                number = _key_number(c.entry.key.text)
                if (c.entry.group == record.entry.group and number is not None and first <= number <= last
                        and key_shape(c.entry.key.text) == key_shape(low)):
                    members.setdefault(number, c)
            if first in members and last in members and len(members) <= self.policy.lookup_range_entries:
                # as for one code: "the bolt torque for B-1 to B-4" is not asking what B-1 to B-4 are, and a passage
                # about torque answers where the list explains nothing of it
                key = NamedKey(low, frozenset(key_forms(low)), frozenset(), False)
                if self._left_to_passage(key, members[first], question, query, sources):
                    return None
                return self._card([members[n] for n in sorted(members)], question)
        return None

    def _written_spaced(self, question: str, keys: Sequence[NamedKey], ranks: dict[str, int]) -> list[NamedKey]:
        """A code of capitals, a space and a number ("FC 16", "SW 3") where a list keys an entry so, or writes its
        codes so in a document search found ("FC 23" where the list runs FC 1 to FC 16: not listed): read whole,
        and first, it is more than its letters ("FC", which a P&ID list gives as Flow Controller)."""
        have = {k.text.casefold() for k in keys}
        out = []
        shapes: set[tuple[str, str]] | None = None
        for m in _SPACED_KEY.finditer(question):
            text = m.group()
            forms = key_forms(text)
            if text.casefold() in have:
                continue
            listed = any(r.entry.key.text.casefold() == text.casefold() for r in self.manifest.entries_for_keys(forms))
            if not listed and shapes is None:
                shapes = {key_shape(r.entry.key.text) for r in self.manifest.entries_in(ranks, None)
                          if " " in r.entry.key.text}
            if listed or key_shape(text) in (shapes or set()):
                have.add(text.casefold())
                # its letters are its family: "registers" after "(FC 16)" is what it writes, not another list
                out.append(NamedKey(text, frozenset(forms), frozenset(), False))
        return out

    def _written_hex(self, question: str, keys: Sequence[NamedKey]) -> list[NamedKey]:
        """Hex codes with a small h ("19h", "38h") where a document lists them so: alone, "24h" is as likely
        24 hours, so such a key is read only where a list writes it, and counts only where search points."""
        question = fold_typeset(question)
        have = {k.text.casefold() for k in keys}
        out = []
        written = [(m, m.group(1)) for m in _SMALL_H_KEY.finditer(question)
                   if not (_HOURS_BEFORE.search(question[:m.start(1)]) or _HOURS_AFTER.match(question[m.end(1):]))]
        # "the display is showing 0E" where the list writes 0Eh: a digit and a capital A-F, read as the list's code
        written += [(m, m.group(1) + "h") for m in _BARE_HEX_PAIR.finditer(question)]
        for m, text in written:  # "after 12h of running" is a time, left out above
            forms = key_forms(text)
            if text.casefold() not in have and any(r.entry.key.text.casefold() == text.casefold()
                                                   for r in self.manifest.entries_for_keys(forms)):
                have.add(text.casefold())
                out.append(NamedKey(text, frozenset(forms), _family_near(question, m.start(1), m.end(1)), True))
        return out

    def _key_card(self, key: NamedKey, question: str, query: str, ranks: dict[str, int], sources: Sequence[Source],
                  defer: bool = True) -> Found | NotListed | None:
        candidates = self.manifest.entries_for_keys(key.forms)
        if key.family:  # "exception code 04" is never function code 04
            # a bare number must be in a list of the family named; a code with letters (PD013, or PD155
            # for "parameter 155") only not in a list of another family
            kept = [c for c in candidates if _in_family(key, c) or (
                not _of_other_family(key, c) and (not key.numeric or number_form(c.entry.key.text) in key.forms))]
            # and the key's row in a section one of those sends the reader to, whatever that section is called
            sent_to = _pointed(kept)
            candidates = kept + [c for c in candidates if c not in kept and _referred(c, sent_to)]
        if (key.numeric or key.abbreviation) and not key.family:  # such a key counts only where search points
            candidates = [c for c in candidates if c.doc_id in ranks]
        if key.abbreviation:
            candidates = [c for c in candidates if c.entry.key.text.isalpha()]
        candidates = self._of_named_documents(question, candidates)
        # B-2's row of discharge alarms answers nothing of B-2's low suction trip, even where no passage does
        quantity = asked_quantity(question, query)
        candidates = [c for c in candidates
                      if not about_other(quantity, *c.section[-1:], c.entry.group, *(f.name for f in c.entry.fields))]
        # and Station A's entry nothing of Station B's
        ones = asked_ones(question, query)
        if ones:
            candidates = [c for c in candidates if other_one(ones, self._title(c.doc_id), *c.section, c.entry.key.text,
                                                             *(f.text for f in c.entry.fields)) is None]
        if not candidates:
            return None
        words = _stems(question) - key.family

        def exact(c: EntryRecord) -> bool:  # not one of several codes in a cell, nor PD155 for "parameter 155"
            return bool(key.forms & key_forms(c.entry.key.text))

        # a row that sends the reader to a section ("Details refer to '4.15'") gives way to the key's row there
        pointed = _pointed(candidates)

        def rank(c: EntryRecord) -> tuple[float, ...]:
            held = _stems(" ".join([c.entry.family, c.entry.group, *c.section, *(f.text for f in c.entry.fields)]))
            detailed = sum(len(f.text) for f in c.entry.fields) > self.policy.lookup_detail_chars
            return (-ranks.get(c.doc_id, len(ranks) + 1), float(exact(c)), float(_referred(c, pointed)), float(detailed),
                    float(len(words & held)), float(sum(len(f.text) for f in c.entry.fields)), -c.ordinal)

        # a tag named as the subject of something else ("the bolt torque for B-3") is left to the passage on that
        if defer:
            candidates = [c for c in candidates if not self._left_to_passage(key, c, question, query, sources)]
        if not candidates:
            return None
        best = max(candidates, key=rank)
        # a code listed twice in one list ("FC Flow Controller", "FC Fail Close") is shown with both meanings
        twins = [c for c in candidates if c is not best and c.doc_id == best.doc_id and c.entry.group == best.entry.group
                 and exact(c) == exact(best) and [f.name for f in c.entry.fields] == [f.name for f in best.entry.fields]
                 and abs(c.entry.start - best.entry.start) < self.policy.lookup_twin_chars]
        value = None if twins else _value_not_listed(question, best.entry)
        # a code the document keys an entry by is asked as that entry, not as a value ("0100H and 0101H")
        if value is not None and not any(c.doc_id == best.doc_id
                                         for c in self.manifest.entries_for_keys(key_forms(value[0]))):
            return self._value_missing(best, *value)
        return self._card([best, *sorted(twins, key=lambda c: c.entry.start)], question, key.family)

    def _value_missing(self, record: EntryRecord, asked: str, values: Sequence[str]) -> NotListed:
        entry = record.entry
        where = _pages_said(record.pages)
        reason = (f"{asked} is not among the values of {entry.key.text} in the {entry.group} of "
                  f"{self._title(record.doc_id)}{where}, which lists {len(values)} values from {values[0]} "
                  f"to {values[-1]}.")
        source = self._source(record, entry.start, entry.end)
        return NotListed(reason, [source] if source else [])

    def _left_to_passage(self, key: NamedKey, record: EntryRecord, question: str, query: str,
                         sources: Sequence[Source]) -> bool:
        """Whether a key is named as the subject of something else ("the bolt torque for B-3", "calibrating
        PT-2105"), not asked what it is: a word the entry does not explain titles a section search found ("4.4 Bolt
        Torque Values"), or is said of the key in a passage elsewhere, and that passage answers."""
        if _asks_meaning(fold_typeset(question), key.text):
            return False
        asked = _asked_words(query, key) - self._held(record) - self._device_words(question, record)
        return bool(asked & _topics(sources, key, record))

    def documents_named(self, question: str) -> set[str]:
        """The documents a question names by an uncommon word of their title or file name ("the TRIGA
        maintenance procedures"): "maintenance" or "procedures" alone name none, being in too many."""
        return self._named_by(self._naming_words(question))

    def devices_named(self, question: str, query: str) -> set[str]:
        """Where a question asks about a code of a device it names by a word written as a name, with two capitals
        or more ("On the HDHK module, what does function code 0x10 do?"), the documents that word names. A
        subject's word ("hypochlorite", a sentence's first word) may be in the title of one document of many that
        speak of it; and a question of no code ("What supply voltage does the SRNE controller need?") is left to
        every passage found, as a rating no passage of its manual gives is then refused."""
        written = {w for m in _WRITTEN_NAME.finditer(question) for w in _plain(m.group())}
        words = self._naming_words(question) & written
        if not words:
            return set()
        names = self._all_names()
        named = self._named_by(words, names)
        codes = [k for k in named_keys(question, query) if not self._named_by(_plain(k.text), names)]
        return named if codes else set()

    def _all_names(self) -> list[tuple[str, set[str]]]:
        """(document, the words it is named by) for every document: read once for the questions' several words."""
        return [(d.doc_id, _names_of(d)) for d in self.manifest.documents()]

    def _named_by(self, words: set[str], names: Sequence[tuple[str, set[str]]] | None = None) -> set[str]:
        """The documents whose title or file name holds one of `words`; where several words name documents,
        those named by all of them where there are any ("HDHK" and "Modbus": the HDHK module's register map,
        not every Modbus map). `names`: `_all_names()`, where the caller has it already."""
        if not words:
            return set()
        names = self._all_names() if names is None else names
        each = [named for word in words if (named := {doc_id for doc_id, held in names if word in held})]
        return (set.intersection(*each) or set.union(*each)) if each else set()

    @staticmethod
    def _naming_words(question: str) -> set[str]:
        """The question's uncommon words, those that may name a document by its title or file name."""
        from wordfreq import zipf_frequency

        return _plain(" ".join(w for w in re.findall(r"[A-Za-z][\w-]{2,}", question)
                               if zipf_frequency(w, "en", wordlist="small") < _NAME_WORD_ZIPF))

    def _words_of(self, doc_id: str) -> set[str]:
        """Every content word of a document, its title and file name included (read once per version)."""
        document = self.manifest.document(doc_id)
        if document is None:
            return set()
        key = (doc_id, document.content_hash)
        if key not in self._document_words:
            if len(self._document_words) >= DOCUMENT_WORDS_KEPT:
                self._document_words.clear()
            chunks = self.manifest.document_chunks(doc_id)
            self._document_words[key] = _names_of(document) | {w for c in chunks for w in _plain(c.indexed_text)}
        return self._document_words[key]

    def _title(self, doc_id: str) -> str:
        document = self.manifest.document(doc_id)
        return document.title if document else ""

    def _document_names(self, doc_id: str) -> set[str]:
        document = self.manifest.document(doc_id)
        return _names_of(document) if document else set()

    def _device_words(self, question: str, record: EntryRecord) -> set[str]:
        """The words that go on naming the entry's document after the question names it by a word of its title or
        file name: "SRNE charge controller", "the HDHK current module". They name the device, not what is asked."""
        names = self._document_names(record.doc_id)
        words = re.findall(r"[A-Za-z][\w-]*", question)
        out: set[str] = set()
        for n, word in enumerate(words):
            if _plain(word) & names:
                for after in words[n + 1:n + 1 + DEVICE_WORDS]:
                    if after.casefold() in _FUNCTION_WORDS:
                        break
                    out |= _plain(after)
        # a maker's name before the kind of device ("the Festo controller"), which its manual may never print
        return out | _maker_words(question)

    def _of_named_documents(self, question: str, candidates: list[EntryRecord]) -> list[EntryRecord]:
        """The candidates of the documents the question names by a word of their title or file name that the
        other candidates' documents are not named by ("HDHK register 0018H": the HDHK module's register, not
        the SRNE controller's 0018H), or all of them when it names none. None where it names documents and
        every candidate is of another ("Which SRNE register holds the AC output frequency?" is not asking
        what the P&ID guide's abbreviation AC stands for)."""
        # a maker's name before the device ("the Kestrel controller") names the device, whose manual may never
        # print it, though the maker's tool has a manual of its own
        naming = self._naming_words(question) - _maker_words(question) if candidates else set()
        titles = self._all_names() if naming else []
        asked_of = self._named_by(naming, titles)
        if asked_of and not any(c.doc_id in asked_of for c in candidates):
            # unless a candidate's document speaks of what names the others: "MODBUS" names the files of two
            # register maps, and the HY drive's manual has a Modbus chapter whose function code 08 is asked for
            naming = {w for w in naming if self._named_by({w}, titles)}
            return [c for c in candidates if naming <= self._words_of(c.doc_id)]
        if asked_of and not all(c.doc_id in asked_of for c in candidates):
            # an uncommon word names some of them ("KTRX register 000CH: which temperature does it hold?"):
            # a common word of another's title ("register" of "Solar charger register map") names nothing
            return [c for c in candidates if c.doc_id in asked_of]
        names = {doc_id: self._document_names(doc_id) for doc_id in {c.doc_id for c in candidates}}
        if len(names) < 2:
            return candidates
        shared = set.intersection(*names.values())
        asked = _plain(question)
        named = {doc_id for doc_id, words in names.items() if (words - shared) & asked}
        return [c for c in candidates if c.doc_id in named] if named else candidates

    @staticmethod
    def missing_key(question: str, query: str, found: Found) -> str:
        """A code the question names (F3, E004H, PT-2105) that the card does not hold, or "": a table card
        without it in its rows shows other rows as if they were the one asked for; sentences may leave out
        a label their passage gives them ("CHIT-2." over its text), so for them the passages cited count.
        Numbers and abbreviations are left out (a bare "155" may be written PD155; BDV may be spelled out),
        but not a number written as hex (04H, 0x31): that is a code, and a card without it shows other rows."""
        card = found.card
        held = _forms_in(card.as_text() if card.kind == TABLE else
                         "\n".join([card.as_text(), *(s.text for s in found.sources)]))
        # a model or document the card's own document is titled by ("relay output 9 on the HX-200")
        held |= _forms_in("\n".join(w for s in found.sources for w in (s.document, *s.section)))
        for key in named_keys(question, query):
            code = (not (key.numeric or key.abbreviation) and any(c.isdigit() for c in key.text)
                    or _WRITTEN_HEX.fullmatch(key.text))
            if code and not _formula(key.text) and not key.forms & held:
                return key.text
        # an object or class name written with underscores ("Ssab_AI64uP"): a card of its sibling
        # (Ssab_AI32uP) is not its answer
        for name in _UNDERSCORED.findall(fold_typeset(question)):
            if any(c.isdigit() for c in name) and not key_forms(name) & held:
                return name
        # a setting's value asked the meaning of ("what does a rate of 800 mean?"): a card of another value (a
        # rate of 1100) is not its answer, whatever else its passages hold
        value = _VALUE_MEANT.search(fold_typeset(question))
        if value and not re.search(rf"(?<![\w.,]){re.escape(value.group(1))}(?![\w]|[.,]\d)", card.as_text()):
            return value.group(1)
        return ""

    @staticmethod
    def missing_place(question: str, found: Found) -> str:
        """A place the question names by its name ("the Riverside lift station") that neither the card nor the
        passages it cites, their headings or their documents' titles name, or "": a card of another place's
        pumps shows that place's setpoints as if they were the ones asked for."""
        said = _card_said(found)
        # each word of the name anywhere: "Welded Steel Tank" may be written "Welded Carbon Steel Tanks"
        for name, written in sorted(places_asked(question)):
            if not all(re.search(rf"\b{re.escape(word)}\b", said, re.IGNORECASE) for word in name.split()):
                return written
        # and a place of several by its letter or number ("at Station B"), not a series of pumps, which a
        # station's manual need not write out: named where the card's first line is, by that line, its
        # headings or its document's title (an alarm summary's clearwell row is not Station B's because
        # another row of it names Station B)
        first = found.card.cells[0] if found.card.cells else None
        where = next((s for s in found.sources if first is not None and s.number == first.source), None)
        named = one_of("\n".join([first.text if first else "", *(
            (where.document, Path(where.source).stem, *where.section) if where else ())]))
        for kind, label in sorted(one_of(question)):
            if kind in _PLACES_OF_SEVERAL and (kind, label) not in named:
                return f"{kind.title()} {label}"
        return ""

    @staticmethod
    def missing_subject(question: str, found: Found, unfamiliar: Sequence[str] = ()) -> str:
        """What a question asks a limit of ("the wet well") where neither the card nor the passages it cites,
        their headings or their documents' titles name any word of it, or "": Summit Reservoir's high level
        alarm shown for a wet well's is a setpoint of another thing. So too where a word of it is in no document
        (`unfamiliar`): the pool's pumps do not answer for "the booster pumps" of a library without one."""
        stems, written = limit_subject(question)
        if not stems:
            return ""
        if stems & _stems(_card_said(found)) and not stems & _stems(" ".join(unfamiliar)):
            return ""
        # "wet well at Station B": the passages of Station A that name one were not its answer
        ones = sorted(f"{kind.title()} {label}" for kind, label in one_of(question) if kind != "series")
        return f"{written} at {' and '.join(ones)}" if ones else written

    def said_of_all(self, key: str, query: str, found: Found) -> bool:
        """Whether a card that never names an equipment tag asked about (B-2) states, of the whole plant or
        station the tag is part of, the very limit asked: "low suction trips" of Booster Station B, whose
        manual lists B-2, answer "the low suction pressure trip on booster B-2". Not where the card names
        another of the tag's family (B-1, B-4): then it is another pump's value."""
        asked = limits_named(query)
        cells = [c.text for c in found.card.cells]
        if not asked or not any(states_limit(asked, text) for text in cells):
            return False
        if not key_prefix(key) or not found.sources:
            return False
        documents = {s.doc_id for s in found.sources}
        if not any(c.doc_id in documents for c in self.manifest.entries_for_keys(key_forms(key))):
            return False
        shape, forms = key_shape(key), key_forms(key)
        said = "\n".join([*cells, *(s.text for s in found.sources)])
        return not any(key_shape(t) == shape and key_forms(t) != forms for t in raw_tokens(fold_typeset(said)))

    def names_elsewhere(self, key: str, found: Found) -> bool:
        """Whether the document a troubleshooting row or block comes from names the tag asked about anywhere:
        "P-310B keeps kicking out on overload" is answered by the overload row of the manual whose data lists
        P-310A and P-310B, a row that names no pump. A number written as hex (0x1A, 17h) is a code with a row of
        its own, never equipment."""
        if _WRITTEN_HEX.fullmatch(key):
            return False
        forms = key_forms(key)
        return any(forms & _forms_in(chunk.text) for doc_id in dict.fromkeys(s.doc_id for s in found.sources)
                   for chunk in self.manifest.document_chunks(doc_id))

    @staticmethod
    def naming(sources: Sequence[Source], key: str) -> list[Source]:
        """The passages that name a key in any written form."""
        forms = key_forms(key)
        return [s for s in sources if forms & _forms_in(s.text)]

    def _held(self, record: EntryRecord) -> set[str]:
        """The words an entry explains: its row, column names, list and what introduces it, section and document."""
        entry = record.entry
        document = self.manifest.document(record.doc_id)
        return _stems(" ".join([entry.key.text, entry.family, entry.group, entry.context, *record.section,
                                *(f"{f.name} {f.text}" for f in entry.fields),
                                document.title if document else "", Path(document.source).stem if document else ""]))

    def _family_groups(self, key: NamedKey, ranks: dict[str, int]) -> dict[tuple[str, str], list[EntryRecord]]:
        """Groups of entries in the documents search found that belong to the key's family: by family word
        where the question names one, else by the letters its code starts with."""
        prefix, shape = key_prefix(key.text), key_shape(key.text)
        # "function code 6" where the list writes its codes "FC 1" ... "FC 16": the family's initials
        initials = {f"{w[0]}{end}" for w in key.family for end in ("", "c")} if key.text.isdigit() else set()
        groups: dict[tuple[str, str], list[EntryRecord]] = {}
        for record in self.manifest.entries_in(ranks, None):
            if record.entry.kind == SYMPTOM:
                continue
            written = key_shape(record.entry.key.text)
            same_shape = shape[1] != "other" and (written == shape or (written[1] == "number" and written[0] in initials))
            if not same_shape:
                continue
            # a code with letters of its own ("parameter PD190") belongs to a list of its letters that names
            # no other family ("VIII. Function List", PD000 to PD183), as a lookup takes it from one
            if (key.family and (_in_family(key, record) or (prefix and not key.numeric
                                                             and not _of_other_family(key, record))))\
                    or (not key.family and prefix):
                groups.setdefault((record.doc_id, record.entry.group), []).append(record)
        return {g: members for g, members in groups.items() if len(members) >= self.policy.lookup_group_min}

    def _not_listed(self, key: NamedKey, ranks: dict[str, int], question: str) -> NotListed | None:
        if key.abbreviation or (not key.numeric and canonical(key.text) in self.vocabulary()):
            return None
        groups = self._family_groups(key, ranks)
        # the lists of the document the question names ("HDHK module register 0045H"), not another device's map
        named = {c.doc_id for c in self._of_named_documents(question, [m for ms in groups.values() for m in ms])}
        groups = {g: members for g, members in groups.items() if g[0] in named}
        number = _key_number(key.text)
        if not groups or number is None:
            return None
        # a list that names no family may be the family's list ("Code | Meaning"), unless it is in a document
        # with a list of the family named, or ranked below one: function codes 01-08 of the manual asked about
        # are not made to hold 09 by an output option 09 of that manual or another device's register 09
        family_docs = {doc_id for doc_id, _ in groups} if key.family else set()
        first = min((ranks.get(d, len(ranks) + 1) for d in family_docs), default=len(ranks) + 1)

        def may_be_family_list(c: EntryRecord) -> bool:
            return (not _of_other_family(key, c) and c.doc_id not in family_docs
                    and ranks.get(c.doc_id, len(ranks) + 1) <= first)

        if any(_in_family(key, c) or may_be_family_list(c) for c in self.manifest.entries_for_keys(key.forms)
               if not key.numeric or c.doc_id in ranks or _in_family(key, c)):
            return None  # it is listed: the entry did not answer this question, which is no reason to deny it
        if key.text.isdigit() and any(c.doc_id in ranks and (not key.family or _in_family(key, c) or may_be_family_list(c))
                                      for c in self.manifest.entries_for_keys(key_forms(key.text + "h"))):
            return None  # "register 0103" where the map writes 0103H: it may well be listed, so it is not denied

        def fit(item: tuple[tuple[str, str], list[EntryRecord]]) -> tuple[float, ...]:
            numbers = [n for n in (_key_number(m.entry.key.text) for m in item[1]) if n is not None]
            low, high = min(numbers, default=0), max(numbers, default=0)
            outside = max(low - number, number - high, 0)  # the table whose range holds the key, else the nearest
            return (ranks.get(item[0][0], 99), outside, -len(item[1]))

        if key_prefix(key.text):
            entries = self.manifest.entries_in({doc_id for doc_id, _ in groups})  # one read for every group
            groups = {g: _as_printed(g, members, entries) for g, members in groups.items()}
        (doc_id, _), members = min(groups.items(), key=fit)
        document = self.manifest.document(doc_id)
        if document is None or any(key.forms & key_forms(m.entry.key.text) for m in members):
            return None  # the list as printed holds it after all
        ordered = sorted(members, key=lambda m: (_key_number(m.entry.key.text) or 0, m.ordinal))
        low, high = ordered[0].entry, ordered[-1].entry
        where = _pages_said({p for m in members for p in m.pages})
        reason = (f"{key.text} is not listed in the {low.group} of {document.title}{where}, which lists "
                  f"{len(members)} entries from {_as_asked(low, key.text)} to {_as_asked(high, key.text)}.")
        start = min(m.entry.start for m in members)
        source = self._source(members[0], start, min(max(m.entry.end for m in members), start + 4000))
        return NotListed(reason, [source] if source else [])

    # symptoms

    def by_symptom(self, question: str, query_vector: np.ndarray, sources: Sequence[Source], apart: bool = False
                   ) -> Found | None:
        """The troubleshooting row whose symptom the question describes, among the documents found. `apart`:
        only a row that stands apart from every other row of the documents found (where the passages alone
        are too weak to answer from)."""
        if not describes_trouble(question):
            return None
        ranks = _doc_ranks(sources)
        # and a fault list's codes told by their names, where the list explains each ("15h Output stage
        # temperature exceeded" over its causes and what to do): a question that tells of the trouble names no code
        records = self.manifest.entries_in(ranks, SYMPTOM) + [
            r for r in self.manifest.entries_in(ranks, CODE) if _explains_trouble(r.entry, self.policy)]
        # a row that says is so what the question says is not ("Pump is stroking but ..." for "isn't stroking") tells
        # of another trouble, however close MiniLM reads the two
        records = [r for r in records if not contradicts(question, _symptom_said(r.entry))]
        if not records:
            return None
        # a symptom is ranked with its causes: "clicking away but the cal tube isn't dropping" is told by
        # "gas lock", "valve balls stuck" as much as by "stroking but the column does not draw down"
        said = [_symptom_said(r.entry) for r in records]
        keyed = self._symptom_vectors(said) @ query_vector
        scores = self._symptom_vectors([_told(r.entry) for r in records]) @ query_vector
        shares = _shares(_stems(question), said)
        weight = self.policy.symptom_word_weight
        total = [float(s) + weight * w for s, w in zip(scores, shares)]
        best, alone = self._apart(total)
        # unless the symptom's own words set one apart from the rest, as the bars were fitted to
        key_total = [float(s) + weight * w for s, w in zip(keyed, shares)]
        by_key, key_alone = self._apart(key_total)
        if key_alone and not alone:
            best, alone = by_key, True
        if apart:
            if not alone:
                return None
            if self._of_another(question, records[best].doc_id, ranks):
                return None
        cosine = max(float(keyed[best]), float(scores[best]))
        if (cosine < self.policy.symptom_min_cosine and cosine + weight * shares[best] < self.policy.symptom_min_total
                and not alone):
            return None
        # a row of the same list as close to the question is shown under it: MiniLM tells "sudden conductivity
        # change" from "high conductivity at both cells" no better than by chance, read either way
        tied = [n for ranking in (total, key_total) for n in [k for k in np.argsort(ranking)[::-1] if k != best][:1]
                if abs(ranking[best] - ranking[n]) <= self.policy.symptom_tie and records[n].doc_id == records[best].doc_id
                and records[n].entry.group == records[best].entry.group]
        return self._card([records[best], *(records[n] for n in dict.fromkeys(tied))], question)

    def _of_another(self, question: str, doc_id: str, found: Collection[str]) -> bool:
        """Whether an uncommon word of the question that another document found has and this one has not says
        the trouble is of that other thing ("the chlorine analyzer reads higher than my DPD test" is not the
        turbidimeter's row)."""
        own = self._words_of(doc_id)
        others = [self._words_of(d) for d in found if d != doc_id]
        return any(w not in own and any(w in words for words in others) for w in self._naming_words(question))

    def trouble_section(self, question: str, query_vector: np.ndarray, sources: Sequence[Source], bar: float
                        ) -> list[Source]:
        """The passages found of the one section whose heading tells the trouble the question tells, where that
        heading is as close to the question as the evidence bar asks of a sentence and stands apart from every
        other such heading found, as a troubleshooting row must below the bar: a shift FAQ's "Why is the pressure
        drop across FGC1 creeping up over a few weeks?" is its row's symptom, the paragraphs under it the causes."""
        sections: dict[tuple[str, tuple[str, ...]], list[Source]] = {}
        for source in sources:
            if source.section and heading_tells_trouble(source.section[-1]):
                sections.setdefault((source.doc_id, source.section), []).append(source)
        if not sections or not describes_trouble(question):
            return []
        headings = [section[-1] for _, section in sections]
        cosines = self._symptom_vectors(headings) @ query_vector
        shares = _shares(_stems(question), headings)
        best, alone = self._apart([float(c) + self.policy.symptom_word_weight * s for c, s in zip(cosines, shares)])
        found = list(sections.values())[best]
        if not alone or cosines[best] < bar or self._of_another(question, found[0].doc_id, _doc_ranks(sources)):
            return []
        return found

    def _apart(self, total: Sequence[float]) -> tuple[int, bool]:
        """The best of the totals, and whether it stands apart from the next as a symptom alone must."""
        best = int(np.argmax(total))
        runner_up = max((t for n, t in enumerate(total) if n != best), default=0.0)
        return best, (total[best] >= self.policy.symptom_alone_total
                      and total[best] - runner_up >= self.policy.symptom_alone_margin)

    def _symptom_vectors(self, texts: Sequence[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if missing:
            for text, vector in zip(missing, self.embed(missing)):
                self._vectors[text] = vector
        return np.stack([self._vectors[t] for t in texts])

    # the card

    def _card(self, records: Sequence[EntryRecord], question: str, family: frozenset[str] = frozenset()
              ) -> Found | None:
        """Entries of one list as a table card: the key, then each field under its column name, a row per
        line of an entry (a symptom's causes one under another). A code's row keeps only the columns a
        question names by header where it names one ("the factory setting of PD013"), and the name."""
        first = records[0]
        # each entry cites its own place: two rows of one list may stand pages apart, and one span over both
        # would highlight every entry between them
        sources = [self._source(r, r.entry.start, r.entry.end) for r in records]
        if None in sources:
            return None
        cited = [replace(s, number=k) for k, s in enumerate(sources, start=1) if s is not None]
        rows: list[tuple[CardCell, ...]] = []
        columns: list[tuple[int, str]] = []
        part = ""
        for number, record in enumerate(records, start=1):
            entry = record.entry
            fields = list(entry.fields)
            if entry.table is None and entry.kind != SYMPTOM:  # a condition's actions stay one under another
                fields = [Field(f.name, f.text, f.start, f.end, f.ref, 0, n) for n, f in enumerate(fields, start=1)]
            elif entry.kind != SYMPTOM and (named := self._named_columns(fields, question, family)):
                name = next((f.column for f in fields if f.column > entry.key.column), fields[0].column)
                fields = [f for f in fields if f.column in named or f.column == name]
            if not columns:
                columns = sorted({(f.column, f.name) for f in fields}, key=lambda c: c[0])
            at = {(f.row, f.column): f for f in fields}
            empty = CardCell("", number, entry.key.start, entry.key.start)
            lines = sorted({f.row for f in fields})
            if len(records) == 1 and (asked := _lines_naming(question, entry, fields, lines)):
                # "E01DH set to 10H": the line for 10H of E01DH's eighteen, under the entry's first line
                part = f"lines {', '.join(str(lines.index(n) + 1) for n in [lines[0], *asked])} of {len(lines)}"
                lines = [lines[0], *asked]
            for n, line in enumerate(lines):
                key = (CardCell(entry.key.text, number, entry.key.start, entry.key.end, ref=entry.key.ref) if n == 0
                       else empty)
                rows.append((key, *(CardCell(f.text, number, f.start, f.end, ref=f.ref) if (f := at.get((line, c)))
                                    else empty for c, _ in columns)))
        # a text file's "SYMPTOM: ..." line set as a heading heads the symptom before it too: the section's title
        group = re.fullmatch(r"\w+ '(.+)'", first.entry.group)
        title = next((s for s in reversed(first.section) if not symptom_line(s)), "") or (
            group.group(1) if group else first.entry.group)
        names = (first.entry.key.name, *(name for _, name in columns))
        units = tuple(tuple(value_unit(cell.text, [name], [c.text for c, n in zip(row, names) if _UNIT_HEADER.match(n)])
                            for cell, name in zip(row, names)) for row in rows)
        title_source = 0
        if first.entry.table is not None and first.entry.kind != SYMPTOM and (
                table := self.manifest.table(first.doc_id, first.entry.table)) is not None:
            # a table's rows are read with the one sentence that says what its figures are for
            title, title_source = with_caption(title, cited, caption_above(self.manifest, cited[0], table.table.start))
        card = Card(TABLE, title, tuple(rows), names, units, part=part, title_source=title_source)
        return Found(card, cited)

    @staticmethod
    def _named_columns(fields: Sequence[Field], question: str, family: frozenset[str]) -> set[int]:
        """The columns a question asks for by a word of their header ("the factory setting of PD013"),
        and a Unit column beside them; none if it names none. A header word counts twice, a word that
        asks for any value ("alarm", "setpoint") once, the words naming the key's family not at all."""
        words = _stems(question) - family - _MARKER_STEMS
        scores: dict[int, int] = {}
        units = set()
        for f in fields:
            head = _stems(f.name)
            scores[f.column] = 2 * len((head - _GENERIC) & words) + len(head & _GENERIC & words)
            if _UNIT_HEADER.match(f.name.strip()):
                units.add(f.column)
        best = max(scores.values(), default=0)
        if not any((_stems(f.name) - _GENERIC) & words for f in fields):
            return set()
        # and a cell that says what the question asks about ("which byte is the battery temperature?" names the
        # Bytes column, and the Description that reads "(8 lower bits) Battery temperature")
        said = {f.column for f in fields if len((_stems(f.text) - _GENERIC - _ASKING) & words) >= 2}
        return {c for c, v in scores.items() if v == best} | units | said

    def _source(self, record: EntryRecord, start: int, end: int) -> Source | None:
        document = self.manifest.document(record.doc_id)
        if document is None:
            return None
        chunks = self.manifest.document_chunks(record.doc_id)
        holding = [c for c in chunks if c.start < end and c.end > start]
        if not holding:
            return None
        first = next((c for c in holding if c.start <= start < c.end), holding[0])
        return Source(1, first.chunk_id, document.title, document.source, first.section,
                      record.pages or first.pages, start, end, _text_between(holding, start, end), 1.0)


def _asked_words(query: str, key: NamedKey) -> set[str]:
    """The content words of the search text (a follow-up's with the question it follows) that neither its
    keys nor the ways of asking about a code hold: what an entry must explain, or another passage answers."""
    keys = named_keys(query)
    own = set().union(*(_stems(k.text) for k in keys)) | {canonical(k.text) for k in keys}
    return _plain(query) - own - key.family - _GENERIC - _MARKER_STEMS - _ASKING


def _topics(sources: Sequence[Source], key: NamedKey, record: EntryRecord) -> set[str]:
    """What the passages found are about, beside the entry: their section titles, and the words of
    passages that name the key away from the entry ("1.1 Facility Data: ... LIT-450 ... 0 to 32 ft")."""
    topics = {w for source in sources for w in _plain(" ".join(source.section[-2:]))}
    for source in sources:
        if source.doc_id == record.doc_id and source.start < record.entry.end and source.end > record.entry.start:
            continue
        tokens = {canonical(t) for t in raw_tokens(source.text)}
        if key.forms & tokens or canonical(key.text) in tokens:
            topics |= _stems(source.text)
    return topics


_CAUSE_FIELD = re.compile(r"\b(causes?|reasons?)\b", re.IGNORECASE)


def _told(entry: Entry) -> str:
    """A symptom with its causes (or, where its row names none, what is done about it), as far as MiniLM reads."""
    causes = [f.text for f in entry.fields if _CAUSE_FIELD.search(f.name)] or [f.text for f in entry.fields]
    return " ".join(" ".join([_symptom_said(entry), *causes]).split())[:400]


# The headings of a list whose codes are troubles: "Diagnostic messages", "Fault codes", "Alarm list"
_TROUBLE_LIST = re.compile(r"\b(?:diagnos\w*|faults?|errors?|alarms?|trouble\w*|malfunctions?|warnings?)\b",
                           re.IGNORECASE)


def _explains_trouble(entry: Entry, policy: AnswerPolicy) -> bool:
    """Whether a code's entry tells a trouble and explains it: of a fault, alarm or diagnostic list, with a
    field of prose as long as an explanation (its causes and what to do), not a setpoint row's cells."""
    return (entry.kind == CODE and bool(entry.fields) and bool(_TROUBLE_LIST.search(f"{entry.family} {entry.group}"))
            and any(len(f.text) > policy.lookup_detail_chars and len(f.text.split()) >= policy.lookup_explained_words
                    for f in entry.fields))


def _symptom_said(entry: Entry) -> str:
    """What the trouble is called: a symptom's own words; a code's name (its first field), not the code."""
    return entry.key.text if entry.kind == SYMPTOM else entry.fields[0].text


def _forms_in(text: str) -> set[str]:
    """Every key form a text writes: its tokens and OIDs, typeset hyphens and subscript digits read plainly."""
    text = fold_typeset(text)
    return {form for token in [*raw_tokens(text), *_OID.findall(text)] for form in key_forms(token)}


# Element symbols, to tell a chemical formula (MnSO4, H2S, CO2) from a code: documents write formulas with
# subscripts (MnSO<sub>4</sub>, H₂S), so their absence from a card says nothing.
_ELEMENTS = frozenset(
    "H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr "
    "Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir "
    "Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu".split())


def _formula(text: str) -> bool:
    """Whether a key reads as a chemical formula of two elements or more (MnSO4, H2S, CO2; not PD013 or F3)."""
    if not re.fullmatch(r"(?:[A-Z][a-z]?\d*){2,}", text):
        return False
    return all(p in _ELEMENTS for p in re.findall(r"([A-Z][a-z]?)\d*", text))


def _key_number(text: str) -> int | None:
    """The number a code stands for (F10: 10, 0x0A: 10, 0121H: 289), to tell which table's range holds it."""
    key = " ".join(text.split()).casefold()
    hexa = re.fullmatch(r"0x([0-9a-f]+)|([0-9a-f]*\d[0-9a-f]*)h", key)
    if hexa:
        return int(hexa.group(1) or hexa.group(2), 16)
    digits = re.fullmatch(r"[a-z]*[-_ ]?(\d+)[a-z]?", key)
    return int(digits.group(1)) if digits else None


# where a row sends the reader for its details: "Details refer to '4.15'", "see section 6.3.2"
_POINTS_TO = re.compile(r"\b(?:refer(?:s|red)?\s+to|see)\b\s*(?:section\s+|sec\.\s*|\u00a7\s*)?['\u2018\u2019\"]?(\d+(?:\.\d+)+)",
                        re.IGNORECASE)


def _pointed(records: Sequence[EntryRecord]) -> set[tuple[str, Reference]]:
    """(document, section) of each section these entries send the reader to for their details."""
    return {(c.doc_id, Reference(number)) for c in records for f in c.entry.fields for number in _POINTS_TO.findall(f.text)}


def _referred(record: EntryRecord, pointed: Collection[tuple[str, Reference]]) -> bool:
    return any(doc_id == record.doc_id and in_section(ref, record.section) for doc_id, ref in pointed)


def _as_asked(entry: Entry, asked: str) -> str:
    """An entry's key in the notation the question writes its code in, where the row gives it so: a map keyed
    by its decimal column ("55") is bounded by 0037H for "register 0045H", or 45 would read as inside 0 to 55."""
    if _WRITTEN_HEX.fullmatch(asked.strip()) is None or _WRITTEN_HEX.fullmatch(entry.key.text.strip()):
        return entry.key.text
    value = _key_number(entry.key.text)
    for field in entry.fields:
        cell = _WRITTEN_HEX.match(field.text.strip())  # "0037H (read write)", "0x0037"
        if cell and value is not None and not field.text.strip()[cell.end():cell.end() + 1].isalnum() \
                and _key_number(cell.group()) == value:
            return cell.group()
    return entry.key.text


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


