"""Headings of a PDF that has no outline: the entries of its printed table of contents found in
the text (`contents_levels`), and lines set larger or bolder than the body, kept only when they
read as a heading.

Font and weight are the last resort (the outline, where a PDF has one, is trusted first), so
each candidate must also pass the sanity rules: a heading is short, is not a sentence or a
wrapped line of one, is not introduced by a colon (the words of a sign quoted in a step), and
is not repeated on several pages (a running title). A numbered heading's depth ("6", "6.3",
"6.3.1") gives its level under the others of its style.
"""

from __future__ import annotations

import ctypes
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from operator_assistant.core.documents.base import squash
from operator_assistant.core.documents.headings import contents_entry, numbering_depth, reads_as_heading, sentence_case
from operator_assistant.core.documents.pdf_outline import words

_NUMBER_PREFIX = re.compile(r"^\S{1,8}\s+")  # "3. " before the words
BOLD = 600  # pdfium font weight from which type reads as bold (400 regular, 700 bold)


@dataclass(frozen=True)
class Line:
    text: str  # squashed
    size: float
    bold: bool


def line_weights(textpage: pdfium.PdfTextPage, text: str, lines: Sequence[tuple[int, int, float]],
                 order: Sequence[int] | None = None) -> list[bool]:
    """Whether each line is set in bold: the weight most of five of its letters have. `order` gives
    pdfium's index of each character of `text` where the page was put in reading order."""
    out = []
    for start, end, _ in lines:
        letters = [i for i in range(start, end) if text[i].isalpha()]
        sample = letters[:: max(1, len(letters) // 5)][:5]
        bold = sum(_is_bold(textpage, i if order is None else order[i]) for i in sample)
        out.append(bool(sample) and bold * 2 > len(sample))
    return out


_BOLD_NAME = re.compile(rb"bold|black|heavy|demi|semibold", re.IGNORECASE)


def _is_bold(textpage: pdfium.PdfTextPage, index: int) -> bool:
    """By the font's weight, or by its name where the PDF gives no weight (the standard 14 fonts
    used without a descriptor report 0: "Helvetica-Bold")."""
    if pdfium_c.FPDFText_GetFontWeight(textpage.raw, index) >= BOLD:
        return True
    name = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    pdfium_c.FPDFText_GetFontInfo(textpage.raw, index, name, len(name), ctypes.byref(flags))
    return bool(_BOLD_NAME.search(name.value))


def body_type(pages: Sequence[Sequence[Line]]) -> tuple[float, bool] | None:
    """The size and weight most of the document's text is set in (None for OCR text: no sizes)."""
    chars: Counter[tuple[float, bool]] = Counter()
    for page in pages:
        for line in page:
            if line.size:  # OCR lines have no type size
                chars[(line.size, line.bold)] += len(line.text)
    return chars.most_common(1)[0][0] if chars else None


def heading_levels(pages: Sequence[Sequence[Line]], repeated: Sequence[set[int]]) -> list[dict[int, int]]:
    """For each page, line index -> heading level. `repeated` holds, per page, the lines whose
    words (figures aside) recur on three or more pages: a running title, never a heading."""
    body = body_type(pages)
    if body is None:
        return [{} for _ in pages]
    body_size, body_bold = body
    larger = sorted({line.size for page in pages for line in page if line.size >= body_size * 1.1}, reverse=True)
    style_level = {size: min(i + 1, 6) for i, size in enumerate(larger)}
    bold_level = min(len(larger) + 1, 6)
    found = []
    for page, again in zip(pages, repeated):
        levels: dict[int, int] = {}
        refused = -2  # the last line set like a heading that was refused: the next line may go on with it
        wraps_on = -1  # the line a numbered heading wraps onto
        for k, line in enumerate(page):
            if k in again or not line.size:
                continue
            if line.size in style_level:
                level = style_level[line.size]
            elif line.bold and not body_bold and line.size >= body_size * 0.9:
                # in body type, a numbered sentence in bold is a step of a form, not a heading
                words = (_NUMBER_PREFIX.sub("", line.text) if numbering_depth(line.text) else line.text).split()
                if len(words) >= 6 and sentence_case(words):
                    refused = k
                    continue
                level = bold_level
            else:
                continue
            before = page[k - 1].text if k > 0 else ""
            after = page[k + 1].text if k + 1 < len(page) else ""
            goes_on = (refused == k - 1 and (page[k - 1].size, page[k - 1].bold) == (line.size, line.bold)
                       and not page[k - 1].text.endswith((".", ":", ";", "?", "!")))
            if wraps_on == k and k - 1 in levels:  # the rest of a numbered heading ("9.5 ... system of" / "generators")
                levels[k] = levels[k - 1]
                continue
            if (numbering_depth(line.text) and k + 1 < len(page) and page[k + 1].text[:1].islower()
                    and (page[k + 1].size, page[k + 1].bold) == (line.size, line.bold)):
                after = ""  # wrapped onto a line of its own type: that line goes on with it, not a sentence
                wraps_on = k + 1
            if not goes_on and reads_as_heading(line.text, before, after):
                levels[k] = min(level + max(numbering_depth(line.text) - 1, 0), 6)
            else:
                refused = k
        found.append(levels)
    return found


MIN_CONTENTS_ENTRIES = 3  # a page with fewer lines of dot leaders is no table of contents
LOOK_AHEAD = 5  # entries a heading may skip (listed in the contents, missing or worded apart in the text)


def contents_levels(pages: Sequence[Sequence[Line]]) -> list[dict[int, int]]:
    """For each page, line index -> level of the headings a printed table of contents names: after
    the contents pages, the line that reads exactly as the next entry's title (a few entries may be
    skipped, never gone back to, so a mention in the text before its section is no heading). The
    entry's numbering gives the level ("2.1 Issuing a Permit" is 2), else 1. Trusted over type:
    the author listed these as sections."""
    found: list[dict[int, int]] = [{} for _ in pages]
    entries: list[tuple[list[str], int]] = []
    last = -1  # the last contents page
    for n, page in enumerate(pages):
        titles = [title for title in map(contents_entry, (line.text for line in page)) if title is not None]
        if len(titles) >= MIN_CONTENTS_ENTRIES:
            entries += [(words(t), numbering_depth(t) or 1) for t in titles if words(t)]
            last = n
    if not entries:
        return found
    at = 0
    for n in range(last + 1, len(pages)):
        for k, line in enumerate(pages[n]):
            said = words(line.text)
            hit = next((j for j in range(at, min(at + LOOK_AHEAD, len(entries))) if entries[j][0] == said), None)
            if hit is not None:
                found[n][k] = min(entries[hit][1], 6)
                at = hit + 1
    return found


def squashed(text: str, lines: Sequence[tuple[int, int, float]], bold: Sequence[bool]) -> list[Line]:
    return [Line(squash(text[s:e]), size, b) for (s, e, size), b in zip(lines, bold)]
