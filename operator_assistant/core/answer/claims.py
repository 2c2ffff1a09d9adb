"""The figures of a text and the facts of a passage, for checking what a model writes.

A claim is a number (with its unit, when one follows) or a plant identifier; a passage's
facts are its claims, with and without units. The model's wording is shown only when
each of its claims is among the facts of the card it words (see core/answer/wording.py).
It must not decide what is shown: wording.py does, with these checks (moved here from core/llm: no model code).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from operator_assistant.core.tokenize import canonical
from operator_assistant.core.units import NUMBER, UNIT, normalise_unit

MARKER = re.compile(r"\s?\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]")
# A sentence ends at . ! or ? (and any markers right after it) followed by whitespace.
_BOUNDARY = re.compile(r"(?<=[.!?])(?:\s?\[\d{1,2}(?:\s*,\s*\d{1,2})*\])*(?=\s+\S)")
# Abbreviations no sentence ends with ("samples vs. grab samples", "e.g. a float switch"), and those that end
# none before a number ("see Fig. 3", "No. 2 pump"; "the answer is no." ends one).
_NO_END = re.compile(r"(?<![\w.])(?:vs|e\.g|i\.e|cf|viz|approx|incl|resp|ca)\.$", re.IGNORECASE)
_NO_END_BEFORE_NUMBER = re.compile(r"(?<![\w.])(?:fig|figs|no|nos|eq|ref|refs|sec|art|para)\.$", re.IGNORECASE)
# Letters each with its period ("U.S.", "a.m.") end no sentence whose next word is in lower case ("a U.S. gallon")
INITIALS = re.compile(r"(?<![\w.])(?:[A-Za-z]\.){2,}$")
# nor does a word of one to three letters with its period before a word all in lower case: an abbreviation
# ("1/10 in. over original length", "E. coli", "Max. output", "sq. ft."); "pH" after one still starts a sentence
_SHORT_ABBREVIATION = re.compile(r"(?<![\w.])[A-Za-z]{1,3}\.$")
_LOWER_WORD = re.compile(r"[a-z]+\b")


def abbreviated(before: str, after: str) -> bool:
    """Whether the period that ends `before` ends no sentence because of the word `after` opens with (on one
    line: across a line break only initials count, core/answer/sentences.py)."""
    after = after.lstrip()
    return bool((INITIALS.search(before) and after[:1].islower())
                or (_SHORT_ABBREVIATION.search(before) and _LOWER_WORD.match(after)))
LIST_PREFIX = re.compile(r"^\s*(?:\d{1,2}[.)]|[a-z][.)]|[-*\u2022])\s+")
# A number with an optional unit (core/units.py), or a plant identifier (letters and digits joined by -, _ or /).
# A fraction ("2/3 tsp") is one number: read as two, "the answer is 2" passed the check against "2/3 tsp".
_IDENT = r"[A-Za-z]{1,6}\d*(?:[-_/][A-Za-z0-9]+)+|[A-Za-z]+\d+[A-Za-z0-9]*"
CLAIM = re.compile(rf"(?<![\w.])(?P<ident>{_IDENT})(?![\w])|(?<![\w.,])(?P<num>{NUMBER}(?:/\d+)?)"
                   rf"(?:\s?(?P<unit>{UNIT})(?![\w/]))?", re.IGNORECASE)


@dataclass(frozen=True)
class Claim:
    text: str
    start: int  # offsets in the checked answer text
    end: int


def _normalize_number(text: str) -> str:
    return text.replace(",", "")


def claims_in(text: str) -> list[tuple[str, str, int, int]]:
    """(kind, normalized form, start, end) of numbers and identifiers, skipping list numbering."""
    found = []
    for m in CLAIM.finditer(text):
        if m.group("ident"):
            value = m.group("ident")
            if not any(c.isdigit() for c in value):
                continue
            found.append(("ident", canonical(value), m.start(), m.end()))
        else:
            line_start = text.rfind("\n", 0, m.start()) + 1
            if LIST_PREFIX.match(text[line_start:m.end() + 2]) and text[line_start:m.start()].strip() == "":
                continue  # "1." starting a step
            unit = normalise_unit(m.group("unit") or "")
            found.append(("num", f"{_normalize_number(m.group('num'))}|{unit}", m.start(), m.end()))
    return found


# A word or code hyphenated at the end of its line and carried on under it: "cold-" / "shut link", "PT-" / "2105".
_WRAPPED_HYPHEN = re.compile(r"(\w+)-[ \t]*\r?\n[ \t]*(?=[a-z0-9])")
# a fraction the layout broke after its slash: "A 1 1/" / "2-degree maximum angle" is 1 1/2 degrees
_WRAPPED_FRACTION = re.compile(r"(\d/)[ \t]*\r?\n[ \t]*(?=\d)")


def _rejoined(m: re.Match[str]) -> str:
    from wordfreq import zipf_frequency

    word, rest = m.group(1), re.match(r"\w+", m.string[m.end():])
    tail = rest.group() if rest else ""
    # "individ-" / "ual" is a word the typesetter split; "cold-" / "shut" keeps its hyphen ("coldshut" is no word)
    if word.isalpha() and tail.isalpha() and zipf_frequency(word + tail, "en", wordlist="small") >= _COMMON_WORD:
        return word
    return word + "-"


_COMMON_WORD = 3.0  # wordfreq's Zipf scale: about once per million words and more


def flowed(text: str) -> str:
    """Text as it reads, wherever the layout broke its lines: every run of whitespace one space, a word
    hyphenated at a line end joined again (the hyphen kept unless the whole is a common word), and a
    fraction broke after its slash."""
    return " ".join(_WRAPPED_FRACTION.sub(r"\1", _WRAPPED_HYPHEN.sub(_rejoined, text)).split())


def passage_facts(passage: str) -> set[str]:
    """Numbers (with and without their unit) and identifiers of a passage, read with its line
    breaks as spaces: a PDF line may end between a number and its unit."""
    passage = flowed(passage)
    facts = set()
    for kind, value, _, _ in claims_in(passage):
        facts.add(value)
        if kind == "num":
            facts.add(value.split("|")[0] + "|")  # the number alone
    for raw in re.findall(r"[A-Za-z0-9]+(?:[-_/.][A-Za-z0-9]+)*", passage):
        facts.add(canonical(raw))
    return facts


def is_verified(kind: str, value: str, facts: set[str]) -> bool:
    if kind == "ident":
        return value in facts
    number, unit = value.split("|")
    return value in facts if unit else f"{number}|" in facts


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence, without surrounding whitespace; a line break always ends one.

    The one sentence splitter of the answer side: the card's sentences, the refusal evidence
    (core/answer/sentences.py) and the check of the model's wording all cut here. The chunker's
    `_SENTENCE_END` (core/chunking.py) is a different rule on purpose: a last-resort cut of an
    over-long paragraph into chunks, also at ; and : and only before a capital or a digit.
    Changing it re-chunks every index and moves the eval figures (CHUNKER_VERSION).
    """
    spans = []
    offset = 0
    for line in text.split("\n"):
        start = 0
        for m in _BOUNDARY.finditer(line):
            if LIST_PREFIX.fullmatch(line[start:m.end()] + " "):
                continue  # "1." opening a step is not a sentence
            before = line[start:m.end()]
            if before[-1] in "!?" and line[m.end():].lstrip()[:1].islower():
                continue  # "The Manual! mode is selected": an exclamation inside a name, not an end
            if re.search(r"(?:^|\s)[.!?]$", before):
                continue  # a mark standing alone ends nothing: "> . pwr_stop.sh" is a shell command
            after = line[m.end():].lstrip()[:1]
            if not MARKER.search(before[-8:]) and (_NO_END.search(before) or (
                    _NO_END_BEFORE_NUMBER.search(before) and after.isdigit())
                    or abbreviated(before, line[m.end():])):
                continue
            spans.append((offset + start, offset + m.end()))
            start = m.end()
        spans.append((offset + start, offset + len(line)))
        offset += len(line) + 1
    cleaned = []
    for start, end in spans:
        piece = text[start:end]
        lead, trail = len(piece) - len(piece.lstrip()), len(piece) - len(piece.rstrip())
        if piece.strip():
            cleaned.append((start + lead, end - trail))
    return cleaned
