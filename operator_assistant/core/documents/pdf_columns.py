"""Two-column PDF pages whose text layer reads each visual line across both columns.

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

from collections.abc import Sequence
from statistics import median

import pypdfium2 as pdfium

# A page is put in column order only when this many lines split at one wide gap near the page's
# middle with prose on both sides (a few words at least): two columns read across, not a table of short cells.
MIN_CROSSING_LINES = 3
MIN_COLUMN_WORDS = 4
MIDDLE = (0.3, 0.7)  # where a gutter lies, as shares of the page's width
NARROW = 0.25  # a line's gap at the gutter, beside the narrower column's width (ragged right included)
NO_BOX = (0.0, 0.0, 0.0, 0.0)

Span = tuple[int, int]


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

    # Lines split in two at one wide gap near the middle, with prose on both sides.
    crossing = []
    for k, line in enumerate(cells):
        if k in margin or len(line) != 2 or min(len(text[s:e].split()) for s, e in line) < MIN_COLUMN_WORDS:
            continue
        (s1, e1), (s2, e2) = line
        if MIDDLE[0] * width <= (right_of(e1 - 1) + left_of(s2)) / 2 <= MIDDLE[1] * width:
            crossing.append((left_of(s1), right_of(e1 - 1), left_of(s2), right_of(e2 - 1)))
    if len(crossing) < MIN_CROSSING_LINES:
        return None
    # A gutter is a strip of white that all of them share, narrow beside the columns: the gaps of a
    # code listing before its aligned comments share a strip too, but they are as wide as the code.
    strip_left, strip_right = max(c[1] for c in crossing), min(c[2] for c in crossing)
    if strip_left >= strip_right:
        return None
    narrower = min(strip_left - min(c[0] for c in crossing), max(c[3] for c in crossing) - strip_right)
    if median(c[2] - c[1] for c in crossing) > NARROW * narrower:
        return None
    gutter = (strip_left + strip_right) / 2

    def split(line: Sequence[Span]) -> tuple[Span, Span] | None:
        """The line's parts on either side of the gutter, where one of its wide gaps spans it."""
        for (s, e), (s2, e2) in zip(line, line[1:]):
            if right_of(e - 1) <= gutter <= left_of(s2):
                return (line[0][0], e), (s2, line[-1][1])
        return None

    # Each line is full width (it stays in place), or on one side of the gutter, or split across it.
    sides: list[tuple[Span | None, Span | None] | None] = []
    for k, ((start, end, _), line) in enumerate(zip(lines, cells)):
        if k in margin:
            sides.append(None)
        elif right_of(end - 1) <= gutter:
            sides.append(((start, end), None))
        elif left_of(start) >= gutter:
            sides.append((None, (start, end)))
        else:
            sides.append(split(line))
    if sum(1 for side in sides if side is not None and None not in side) < MIN_CROSSING_LINES:
        return None

    def top(span: Span) -> float:
        return -textpage.get_charbox(span[0])[3]

    spans: list[Span] = []
    k = 0
    while k < len(lines):
        if sides[k] is None:
            spans.append(lines[k][:2])
            k += 1
            continue
        band = []
        while k < len(lines) and sides[k] is not None:
            band.append(sides[k])
            k += 1
        if all(None in side for side in band):  # already in column order: nothing crosses the gutter
            spans.extend(side[0] or side[1] for side in band)
            continue
        # The band's own order, column by column, top to bottom (a part read earlier in the content
        # stream that sits lower on the page goes after the ones above it).
        spans.extend(sorted((left for left, _ in band if left is not None), key=top))
        spans.extend(sorted((right for _, right in band if right is not None), key=top))
    order: list[int] = []
    for n, (start, end) in enumerate(spans):
        if n:
            order.append(-1)
        order.extend(range(start, end))
    return order
