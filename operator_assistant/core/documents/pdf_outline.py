"""A PDF's own outline (bookmarks) as its section tree: the most trusted structure a PDF has.

Font sizes guess at headings and take a running title, a table of contents or a figure
caption for one; the author's bookmarks say what the sections are and where they start.
Each bookmark is placed on the line of its page that reads as its title, at or below the
point it jumps to; one whose title is not on the page starts its section where it points.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium

# pdfium's view modes that carry a vertical position: XYZ [left, top, zoom], FitH [top], FitBH [top].
_XYZ, _FITH, _FITBH = 1, 3, 7
# An outline with fewer entries than this says too little to replace the headings the fonts give.
MIN_ENTRIES = 3
_WORD = re.compile(r"\w+")
# "env_eph_08.05 " before the words of a title: an underscore and a figure ("booster_msx Subcommand"
# names a command, not a file)
_FILE_TOKEN = re.compile(r"^(?=\S*\d)\S*_\S*\s+(?=\S)")


@dataclass(frozen=True)
class Mark:
    page: int  # page index, from 0
    top: float | None  # where on the page it points, in PDF units from the bottom; None: the top
    level: int  # 1 = top
    title: str
    # the title began with a file's name ("env_eph_08.05 Bulk Liquids"): the page's own heading,
    # where one holds the title's words, names the section better
    from_file_name: bool = False


def outline(pdf: pdfium.PdfDocument) -> list[Mark]:
    """The document's bookmarks that point into it, in order, levels from 1; [] when it has too few."""
    marks, pages = [], len(pdf)
    for bookmark in pdf.get_toc(max_depth=8):
        dest = bookmark.get_dest()
        title = " ".join((bookmark.get_title() or "").split())
        index = dest.get_index() if dest is not None else None
        if not title or index is None or not 0 <= index < pages:
            continue
        mode, params = dest.get_view()
        top = None
        if mode == _XYZ and len(params) >= 2 and params[1]:
            top = float(params[1])
        elif mode in (_FITH, _FITBH) and params:
            top = float(params[0])
        named = _FILE_TOKEN.sub("", title)
        marks.append(Mark(index, top, bookmark.level, named, named != title))
    if len(marks) < MIN_ENTRIES or len({m.page for m in marks}) < 2:
        return []
    lowest = min(m.level for m in marks)
    return [Mark(m.page, m.top, min(m.level - lowest + 1, 6), m.title, m.from_file_name) for m in marks]


def words(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text)]


def reads_as(title: str, line: str, loose: bool = False) -> bool:
    """Whether a line of the page is the bookmark's title (or its first line, or the title with a number).
    Loose: the line holds every word of the title and a few more ("8.5 HANDLING BULK LIQUIDS")."""
    want, have = _numberless(words(title)), _numberless(words(line))
    if not want or not have:
        return False
    if loose:
        return set(want) <= set(have) and len(have) <= 2 * len(want) + 2 and _set_as_title(line)
    # the whole title, or its first line when it wraps (three words or more, so "Introduction" alone
    # on a line is no start of "Introduction to Modbus")
    return have[:len(want)] == want or (want[:len(have)] == have and len(have) >= min(3, len(want)))


def numbered_label(title: str, line: str) -> str:
    """The page's line when it is the bookmark's title with its number in front ("4.2.2 Cumulative Dose"
    for "Cumulative Dose"): the number is how the document refers to it; else the title."""
    have, want = words(line), words(title)
    if len(have) > len(want) and have[len(have) - len(want):] == want and _numberless(have) == want:
        return line
    return title


def _set_as_title(line: str) -> bool:
    """Capitals or title case, not a line of a sentence ("Construction waste and materials handling is")."""
    later = [w for w in line.split()[1:] if w[:1].isalpha() and len(w) > 3]
    return line[:1].isupper() or line[:1].isdigit() if not later else sum(w[:1].isupper() for w in later) * 2 > len(later)


def _numberless(words: list[str]) -> list[str]:
    """Words without a leading section number: "2.6 Verifying ..." and "Verifying ..." read the same;
    so do "Section IV. Slings" and "Slings"."""
    n = 0
    while n < len(words) - 1 and (words[n].isdigit() or (len(words[n]) <= 4 and set(words[n]) <= set("ivxlc"))
                                  or words[n] in {"section", "chapter", "appendix", "part"}
                                  or (len(words[n]) == 1 and n + 1 < len(words))):
        n += 1
    return words[n:]


def place(marks: Sequence[Mark], page: int, lines: Sequence[tuple[str, float]]) -> list[tuple[int, Mark, bool]]:
    """(line index, mark, found) for the page's marks: the line at or below where each points that reads
    as its title (found), else the first line at or below that point (not found: the section starts there)."""
    placed, after = [], 0
    for mark in (m for m in marks if m.page == page):
        below = [k for k in range(after, len(lines)) if mark.top is None or lines[k][1] <= mark.top + 2]
        if mark.from_file_name:
            # the page's heading holds the title's words; one set in capitals is the heading, not a running title
            hits = [k for k in below[:15] if reads_as(mark.title, lines[k][0], loose=True)]
            hit = next((k for k in hits if lines[k][0].isupper()), hits[0] if hits else None)
        else:
            hit = next((k for k in below[:8] if reads_as(mark.title, lines[k][0])), None)
            if hit is None:  # further down the page (a bookmark to a page's top, its heading mid-page)
                hit = next((k for k in below[8:] if reads_as(mark.title, lines[k][0])
                            and len(words(lines[k][0])) <= len(words(mark.title)) + 2), None)
        at = hit if hit is not None else (below[0] if below else len(lines))
        placed.append((at, mark, hit is not None))
        after = at + (hit is not None)
    return placed
