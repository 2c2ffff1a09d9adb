"""Numbered references a question makes to a section or paragraph: "§7605(f)", "section 64432.3",
"paragraph 4.B.03", "3.2 of the maintenance procedures".

A reference names the section whose heading starts with that number, not every passage that
mentions it ("pursuant to §7605" in another section, a contents line). The number alone is no
reference: "3.5" in "raise the alarm at 3.5" is a value, so only a number after "§", "section",
"paragraph" (and their kin) or a dotted number followed by "of the" counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from operator_assistant.core.tokenize import tokenize

# "§ 7605", "§§7605", "section 64432.3", "sec. 4.1", "para 4.B.03", "clause 7", "article 5";
# then sub-paragraphs written in brackets: "(f)", "(c)(4)"
_NUMBER = r"(\d+[A-Za-z]?(?:[.\-]\w+)*)"
_SUBS = r"((?:\s?\([a-z0-9]{1,4}\))*)"
_NAMED = re.compile(r"(?:§§?\s*|\b(?:section|sect\.|sec\.|subsection|paragraph|para\.?|clause|article)\s+)"
                    + _NUMBER + _SUBS, re.IGNORECASE)
# "3.2 of the maintenance procedures", "7.1 in this manual": a dotted number followed by a document
# ("1.5 of the rated current" is a value)
_OF_THE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+)" + _SUBS + r"\s+(?:of|in)\s+(?:the|this|our)\s+(?:[\w-]+\s+){0,3}?"
                     r"(?:procedures?|manual|guide|sop|standard|regulations?|code|plan|document|program(?:me)?|"
                     r"handbook|specifications?|instructions?)\b", re.IGNORECASE)
_SUB = re.compile(r"\(([a-z0-9]{1,4})\)", re.IGNORECASE)
# what may stand before the number in a heading: "§7605.", "Section 4.1", "Article 5."
_HEADING_PREFIX = re.compile(r"^\s*(?:§§?\s*|(?:section|sect\.|sec\.|subsection|paragraph|para\.?|clause|article|"
                             r"chapter|part)\s+)?", re.IGNORECASE)


@dataclass(frozen=True)
class Reference:
    number: str  # as written, without "§" or "section": "7605", "64432.3", "4.B.03"
    subs: tuple[str, ...] = ()  # sub-paragraphs, outermost first: ("c", "4") for "(c)(4)"

    @property
    def shown(self) -> str:
        return self.number + "".join(f"({s})" for s in self.subs)

    @property
    def term(self) -> str:
        """The lexical index's token for the number: chunks without it cannot hold the section."""
        tokens = tokenize(self.number)
        return tokens[0] if tokens else ""

    def heads(self, heading: str) -> bool:
        """Whether `heading` is this section's: it starts with the number, and the number ends there
        ("7.1" heads "7.1 CSC PROGRAM LOGIC FAILURE", not "7.10 ..." nor "7.1.2 ...")."""
        rest = _HEADING_PREFIX.sub("", heading, count=1)
        if not rest.lower().startswith(self.number.lower()):
            return False
        after = rest[len(self.number):]
        return not after or not (after[0].isalnum() or (after[0] in ".-" and after[1:2].isalnum()))

    def opens(self, line: str) -> bool:
        """Whether `line` opens this reference's innermost sub-paragraph ("(f) Reports of testing ...")."""
        if not self.subs:
            return False
        return bool(re.match(rf"\s*\({re.escape(self.subs[-1])}\)", line, re.IGNORECASE))


def references(text: str) -> list[Reference]:
    """The numbered sections and paragraphs `text` refers to, in order, each once."""
    found: list[Reference] = []
    for pattern in (_NAMED, _OF_THE):
        for match in pattern.finditer(text):
            number = match.group(1).rstrip(".-")
            if not any(c.isdigit() for c in number):
                continue
            subs = tuple(s.lower() for s in _SUB.findall(match.group(2) or ""))
            ref = Reference(number, subs)
            if ref not in found:
                found.append(ref)
    return found


def in_section(ref: Reference, section: tuple[str, ...]) -> bool:
    """Whether a passage with this section path lies in the referenced section (or one under it)."""
    return any(ref.heads(heading) for heading in section)


def passage_holds(ref: Reference, section: tuple[str, ...], text: str) -> bool:
    """Whether a passage (its section path and text) holds the referenced section or a line opening it."""
    return in_section(ref, section) or any(heading_line(ref, line) for line in text.splitlines())


# a line that opens a numbered section: "7.2 DAC PROGRAM LOGIC FAILURE", "§7606. Records"; its number's
# shape (a "§" or not, how many dots) tells a sibling section from a step inside it ("1. Repeat ...")
_NUMBERED_LINE = re.compile(r"^\s*(§?)\s*(\d+(?:\.\d+)*)[.:]?\s")
_HEADING_WORDS = 12


def heading_line(ref: Reference, line: str) -> bool:
    """A line that opens the referenced section where the layout did not make it a heading:
    short, and no table row ("7.1 | 2 | Scram for ..." lists the section, it does not open it)."""
    return ref.heads(line) and "|" not in line and len(line.split()) <= _HEADING_WORDS


def spans_in(ref: Reference, text: str) -> list[tuple[int, int]]:
    """(start, end) offsets in `text` of the referenced section where a line opens it: from that line
    to the next line that opens a sibling section (same shape of number), or the end of the text."""
    spans: list[tuple[int, int]] = []
    shape: tuple[str, int] | None = None
    at = 0
    for line in text.splitlines(keepends=True):
        match = _NUMBERED_LINE.match(line)
        if shape is not None and match and (match.group(1), match.group(2).count(".")) == shape \
                and not ref.heads(line) and len(line.split()) <= _HEADING_WORDS:
            spans[-1] = (spans[-1][0], at)
            shape = None
        if shape is None and heading_line(ref, line):
            shape = (match.group(1), match.group(2).count(".")) if match else ("", ref.number.count("."))
            spans.append((at, len(text)))
        at += len(line)
    return spans
