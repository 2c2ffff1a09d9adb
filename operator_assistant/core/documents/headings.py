"""Whether a line that is set or styled as a heading reads as one: the sanity rules every loader
applies where type or styles are all it has to go on (PDF type without an outline, Word styles
used for form fields and instructions in a template).

A heading is short, is not a sentence or a wrapped line of one, is not a form blank, is not
introduced by a colon (the words of a sign quoted in a step), and does not start in lower case.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

MAX_WORDS = 12
MAX_CHARS = 100
# "6.3 Tests", "A. Scope", "IV. Slings", "Chapter 5", "Article 20.", "§64481.", "64685.", "Addendum A:"
_NUMBER = re.compile(r"^(?:§\s*(?P<legal>\d{1,6}(?:\.\d{1,3})*)[.:]?|(?P<long>\d{3,6}(?:\.\d{1,3})*)\.|"
                     r"(?:(?:section|chapter|subchapter|division|group|appendix|addendum|annex|part|step|article)\s*)?"
                     r"(?:(?P<n>\d{1,2}(?:\.\d{1,3}){0,4})[.):]?|(?P<letter>[A-Z]|[IVX]{1,5})[.):]))\s+(?=\S)", re.IGNORECASE)
_SENTENCE_INSIDE = re.compile(r"[a-z0-9)][.;!?]\s+\S")
_FORM_BLANK = re.compile(r"_{3,}")
_LETTER = re.compile(r"[^\W\d_]{2,}")
FILLER = frozenset("a an and as at by for from in of on or the to with".split())


# An entry of a printed table of contents: its title, dot leaders, then its page ("12", "iv", "1-9", "A-3").
_CONTENTS_ENTRY = re.compile(r"^(?P<title>.*?)\s*(?:\.\s?){3,}\s*(?:[ivxlc]+|[a-z]?-?\d+(?:[-.]\d+)?)\s*$", re.IGNORECASE)


def contents_entry(line: str) -> str | None:
    """The title of a line that is an entry of a printed table of contents ("2.1 Issuing a Permit ..... 3"
    gives "2.1 Issuing a Permit"; a leader line whose title wrapped onto the line above gives ""), else None."""
    match = _CONTENTS_ENTRY.match(line.strip())
    return match.group("title").strip() if match else None


def numbering_depth(line: str) -> int:
    """1 for "6 Scope" or "A. Scope", 2 for "6.3 Tests", ...; 0 when the line is not numbered."""
    match = _NUMBER.match(line)
    if not match:
        return 0
    return (match.group("legal") or match.group("long") or match.group("n") or "").count(".") + 1


def reads_as_heading(line: str, before: str = "", after: str = "", styled: bool = False) -> bool:
    """The sanity rules for a line set like a heading, given the text lines around it. `styled`: the
    author marked it a heading (a Word heading style), so a long one is still taken."""
    words = line.split()
    if not words or not _LETTER.search(line) or line[:1].islower():
        return False
    if not styled and (len(words) > MAX_WORDS or len(line) > MAX_CHARS):
        return False
    unnumbered = _NUMBER.sub("", line, count=1)
    if _FORM_BLANK.search(line) or line.endswith((",", ";")) or (not styled and _SENTENCE_INSIDE.search(unnumbered)):
        return False
    if all(w.casefold().strip(".,:()") in FILLER for w in words):  # "FOR" on a cover page
        return False
    if line.startswith("(") and line.rstrip(":.").endswith(")"):  # "(DEFINITION OF A CONFINED SPACE)": continued
        return False
    if before.endswith(":") and not numbering_depth(line):  # "... by posting a sign:" then the sign's words
        return False
    numbered = numbering_depth(line) > 0
    if not numbered and not styled and line.endswith(".") and len(words) >= 4:  # "... AND FOR BRUSHING TEETH."
        return False
    if not numbered and len(words) >= 6 and sentence_case(words):  # "The training included the following elements:"
        return False
    # a bold lead-in wrapped onto the next line ("Look for other sources of water in and around your / home.")
    return not (after[:1].islower() and not line.endswith((":", ".")))


def sentence_case(words: Sequence[str]) -> bool:
    """Words written as a sentence: capitals only at the start, most later words in lower case
    (a title capitalises its words, a heading in capitals all of them)."""
    later = [w for w in words[1:] if w[:1].isalpha()]
    return bool(later) and sum(w[:1].islower() for w in later) * 2 > len(later)


_PART = re.compile(r"^(section|chapter|part|article|appendix|annex)\s*[\dIVXA-Z]", re.IGNORECASE)


def bold_heading_level(line: str, before: str = "") -> int:
    """The level of a bold paragraph that is a numbered heading ("SECTION 2 - ROUTINE OPERATIONS",
    "2.1 Daily Checks"), 0 if it is none. Only numbered ones: a bold step ("1. Close V-101") or a bold
    lead-in sentence is text, so a plain number needs a second level or a part name before it."""
    depth = numbering_depth(line)
    if not depth or not (_PART.match(line) or depth >= 2) or not reads_as_heading(line, before):
        return 0
    return min(depth, 6)

