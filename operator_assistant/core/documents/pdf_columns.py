"""Reading order for PDF pages whose content stream is not in it: two columns read across
(below), and a title written after the text it heads (`titles_first`).

Two-column pages whose text layer reads each visual line across both columns:

Some writers (an OCR text layer laid over a scan, most often) put "left half of row 1, right
half of row 1, left half of row 2, ..." in the content stream, so pdfium's text runs across
the gutter and every line mixes two sentences. Such a page is put in reading order: the lines
above and below the two-column band stay where they are, and within the band the left column
is read top to bottom, then the right column.

The text keeps pdfium's characters (none is changed, only their order and the line breaks
between them), and `PageChars` maps each offset of the new text back to pdfium's character,
so character boxes, type sizes and weights, and the viewer's highlight stay exact.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from statistics import median

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

# A page is put in column order only when this many lines split at one wide gap near the page's
# middle with prose on both sides (a few words at least): two columns read across, not a table
# of short cells.
MIN_CROSSING_LINES = 3
MIN_COLUMN_WORDS = 4
MIDDLE = (0.3, 0.7)  # where a gutter lies, as shares of the page's width
NARROW = 0.25  # a line's gap at the gutter, beside the narrower column's width (ragged right included)
NO_BOX = (0.0, 0.0, 0.0, 0.0)

Span = tuple[int, int]
_WORD = re.compile(r"\S+")


class PageChars:
    """A page's pdfium characters by offset in the page's text. The offset is pdfium's own index
    unless the page was put in reading order: then `order` gives pdfium's index for each offset
    (-1 for a line break added)."""

    def __init__(self, textpage: pdfium.PdfTextPage, order: Sequence[int] | None = None) -> None:
        self.textpage = textpage
        self.order = order

    def index(self, offset: int) -> int:
        return offset if self.order is None else self.order[offset]

    def get_charbox(self, offset: int, loose: bool = False) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) in PDF points, as pdfium gives it."""
        index = self.index(offset)
        return self.textpage.get_charbox(index, loose=loose) if index >= 0 else NO_BOX


def reading_order(textpage: pdfium.PdfTextPage, text: str, lines: Sequence[tuple[int, int, float]],
                  cells: Sequence[Sequence[Span]], width: float, margin: set[int]) -> list[int] | None:
    """pdfium's character indexes in reading order (-1 for a line break added) for a page whose
    lines run across two columns, or None when the page reads well as it is. `cells` splits each
    line at its wide gaps (as table detection does); lines in `margin` (running headers, page
    numbers) stay where they are."""
    def left_of(offset: int) -> float:
        return textpage.get_charbox(offset)[0]

    def right_of(offset: int) -> float:
        return textpage.get_charbox(offset)[2]

    # Lines with a wide gap near the middle and prose on both sides of it (left, right edge of the
    # text before the gap, left, right edge of the text after it).
    crossing = []
    for k, line in enumerate(cells):
        if k in margin:
            continue
        for (s1, e1), (s2, e2) in zip(line, line[1:]):
            before, after = right_of(e1 - 1), left_of(s2)
            if (before < after and MIDDLE[0] * width <= (before + after) / 2 <= MIDDLE[1] * width
                    and min(len(text[s1:e1].split()), len(text[s2:e2].split())) >= MIN_COLUMN_WORDS):
                crossing.append((left_of(s1), before, after, right_of(e2 - 1)))
                break
    if len(crossing) < MIN_CROSSING_LINES:
        return None
    # A gutter is a strip of white that most of them share (a wide space inside one column's line
    # shares it with nothing else)...
    gutter_x = max((edge for c in crossing for edge in (c[1], c[2])),
                   key=lambda x: sum(c[1] <= x <= c[2] for c in crossing))
    crossing = [c for c in crossing if c[1] <= gutter_x <= c[2]]
    if len(crossing) < MIN_CROSSING_LINES:
        return None
    # ... and narrow beside the columns: the gaps of a code listing before its aligned comments
    # share a strip too, but they are as wide as the code.
    strip_left, strip_right = max(c[1] for c in crossing), min(c[2] for c in crossing)
    narrower = min(strip_left - min(c[0] for c in crossing), max(c[3] for c in crossing) - strip_right)
    if median(c[2] - c[1] for c in crossing) > NARROW * narrower:
        return None
    gutter = (strip_left + strip_right) / 2

    def pieces(start: int, end: int, line: Sequence[Span]) -> list[tuple[bool, Span]] | None:
        """The line cut into runs of words on one side of the gutter, each with whether it is on the
        right; None for a full-width line (a word over the gutter, or no wide gap where it crosses).
        pdfium may join a column's line to the next row's (a word hyphenated over two lines), so a
        line can go back and forth: left, right, left, right."""
        cell_starts = {s for s, _ in line}
        runs: list[tuple[bool, Span]] = []
        for match in _WORD.finditer(text, start, end):
            a, b = match.span()
            if right_of(b - 1) <= gutter:
                right = False
            elif left_of(a) >= gutter:
                right = True
            else:
                return None
            if runs and runs[-1][0] == right:
                runs[-1] = (right, (runs[-1][1][0], b))
                continue
            if runs and right and a not in cell_starts:
                return None  # words run on over the gutter at a word space: one line across the page
            runs.append((right, (a, b)))
        return runs

    # Each line is full width (it stays in place) or cut into runs on either side of the gutter.
    cut = [None if k in margin else pieces(start, end, line) for k, ((start, end, _), line) in enumerate(zip(lines, cells))]
    if sum(1 for runs in cut if runs is not None and len(runs) > 1) < MIN_CROSSING_LINES:
        return None

    def top(span: Span) -> float:
        return -textpage.get_charbox(span[0])[3]

    spans: list[Span] = []
    k = 0
    while k < len(lines):
        if cut[k] is None:
            spans.append(lines[k][:2])
            k += 1
            continue
        first = k
        while k < len(lines) and cut[k] is not None:
            k += 1
        runs = [cut_runs for n in range(first, k) if (cut_runs := cut[n]) is not None]
        if all(len(line_runs) == 1 for line_runs in runs):  # in column order already: nothing crosses the gutter
            spans.extend(lines[n][:2] for n in range(first, k))
            continue
        band = [run for line_runs in runs for run in line_runs]
        # The band column by column, each top to bottom (a run read earlier in the content stream
        # that sits lower on the page goes after the ones above it).
        spans.extend(sorted((span for right, span in band if not right), key=top))
        spans.extend(sorted((span for right, span in band if right), key=top))
    order: list[int] = []
    for n, (start, end) in enumerate(spans):
        if n:
            order.append(-1)
        order.extend(range(start, end))
    return order


# A title is lifted when its type is this much larger than the page's body text, or set sideways.
TITLE_SIZE = 1.2


def titles_first(chars: PageChars, text: str, lines: Sequence[tuple[int, int, float]], margin: set[int],
                 is_heading: Callable[[str], bool]) -> list[int] | None:
    """Offsets of the page's text in reading order (-1 for a line break added) when its title comes
    late in the content stream, else None. Fact sheets and forms often write the body first and
    the title last: a title in large type set as the page's top line, below none of the text the
    stream gave before it (EPA's "EMERGENCY DISINFECTION OF DRINKING WATER"), or one in large type
    set sideways along the page's edge (the UKY handbook's "8.1 FLOOR DRAINS AND OIL-WATER
    SEPARATORS"). Read as the stream gives it, the page's opening text has no section and the
    title heads whatever follows it."""
    body = [k for k in range(len(lines)) if k not in margin]
    if len(body) < 2:
        return None
    sizes = sorted(lines[k][2] for k in body if lines[k][2] > 0)
    body_size = sizes[len(sizes) // 2] if sizes else 0.0

    def line_text(k: int) -> str:
        return " ".join(text[lines[k][0]:lines[k][1]].split())

    def sideways(k: int) -> bool:
        start, end, _ = lines[k]
        angles = [pdfium_c.FPDFText_GetCharAngle(chars.textpage.raw, chars.index(i)) for i in range(start, end)
                  if not text[i].isspace() and chars.index(i) >= 0]
        # pdfium gives -1 where it cannot tell; a slant or a skew is no sideways title
        return bool(angles) and all(a >= 0 and abs(math.sin(a)) > 0.9 for a in angles)

    def top(k: int) -> float:
        start, end, _ = lines[k]
        return max(chars.get_charbox(i)[3] for i in (start, end - 1))

    def large(k: int) -> bool:
        return body_size > 0 and lines[k][2] >= TITLE_SIZE * body_size

    # Lines in the top and bottom margins stay where they are: running headers sit there, some of
    # them in large type (a title in the margin is left as the stream has it).
    candidates = [k for k in body[1:] if large(k)]
    highest = max(top(k) for k in body)
    groups = [[k] for k in candidates if sideways(k)]  # a title along the edge before one at the top
    for n, k in enumerate(candidates):
        above = max(top(j) for j in body if j < k)
        if top(k) >= highest and top(k) > above + lines[k][2] / 2 and not sideways(k):  # the page's top line
            group = [k]
            for j in candidates[n + 1:]:  # a title set on two lines
                if j != body[body.index(group[-1]) + 1] or not top(j) > above + lines[j][2] / 2:
                    break
                group.append(j)
            groups.append(group)
    for group in groups:
        if not is_heading(" ".join(line_text(j) for j in group)):
            continue
        rest = [j for j in range(len(lines)) if j not in group]
        at = rest.index(body[0])
        order: list[int] = []
        for m, j in enumerate(rest[:at] + group + rest[at:]):
            if m:
                order.append(-1)
            order.extend(range(lines[j][0], lines[j][1]))
        return order
    return None
