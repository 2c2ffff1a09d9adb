"""Ruled PDF tables: pdfplumber finds the grid from the lines drawn on the page, pdfium's text fills it.

pdfplumber reads a drawn table's cells (spanning cells and two-line headers included) far
better than gaps between words can, but it has its own text extraction. The document's
text and every offset come from pdfium (the viewer highlights pdfium characters), so each
cell is the run of pdfium characters whose boxes sit inside the cell's box. A table whose
cells are not runs of the page text (text read across cells) is left to the gap rule.
"""

from __future__ import annotations

import io
import logging
from collections import defaultdict
from collections.abc import Sequence

from operator_assistant.core.documents.tables import Cell, Table, table_from_grid

log = logging.getLogger(__name__)

# A page with fewer boxes than this (and too few rules) holds no ruled table: a box around a note or a code listing.
MIN_BOXES = 6
# Cells of a table are short: a box of prose drawn around a paragraph is not a table.
MAX_MEAN_CELL_CHARS = 40

Box = tuple[float, float, float, float]  # left, top, right, bottom, from the page's top left, in points


def ruled_tables(data: bytes, pages: dict[int, tuple[str, list[Box], int]]) -> dict[int, list[Table]]:
    """Tables on the given pages (page index -> (page text, pdfium character boxes, offset of the page
    in the document text)), with cell offsets in the document text."""
    if not pages:
        return {}
    import pdfplumber  # here, not at the top: it loads pdfminer, which only ingest needs
    found: dict[int, list[Table]] = {}
    numbers = sorted(pages)
    try:
        with pdfplumber.open(io.BytesIO(_drawing_only(data, numbers))) as pdf:
            for page, number in zip(pdf.pages, numbers):
                text, boxes, offset = pages[number]
                tables = []
                for table in page.find_tables():
                    grid = _grid(table.cells, text, boxes, offset)
                    if grid is not None and (made := table_from_grid(grid)) is not None:
                        tables.append(made)
                if tables:
                    found[number] = tables
    except Exception as exc:  # broad on purpose: a table reader's failure must not lose the document's text
        log.warning("ruled tables not read (%s); column gaps are used instead", exc)
        return {}
    return found


def _drawing_only(data: bytes, numbers: list[int]) -> bytes:
    """A PDF of just these pages, their text taken out: what pdfplumber needs to find ruled grids.

    pdfplumber lays out every character of a page before it looks at the lines (0.1-0.2 s a
    page of pure Python, most of a table-heavy PDF's parse); the cells are filled from pdfium's
    characters anyway. The page geometry is kept, so cell boxes are where they were (to about
    1e-5 pt: pdfium writes the content back in single precision)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    source = pdfium.PdfDocument(data)
    copy = pdfium.PdfDocument.new()
    try:
        copy.import_pages(source, numbers)
        for index in range(len(copy)):
            page = copy[index]
            for obj in list(page.get_objects(max_depth=1)):
                if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
                    page.remove_obj(obj)
                    obj.close()
            page.gen_content()
            page.close()
        out = io.BytesIO()
        copy.save(out)
        return out.getvalue()
    finally:
        copy.close()
        source.close()


def _grid(cells: Sequence[Box], text: str, boxes: Sequence[Box], offset: int) -> list[list[Cell | None]] | None:
    """The table as a grid of cells (a spanning cell in every position it covers, None where no cell is),
    or None when it is no table of short cells or its cells are not runs of the page text."""
    xs = sorted({round(v, 1) for c in cells for v in (c[0], c[2])})
    ys = sorted({round(v, 1) for c in cells for v in (c[1], c[3])})
    if len(xs) < 3 or len(ys) < 3:
        return None
    owner = [_owner(box, cells) if not text[i].isspace() else -1 for i, box in enumerate(boxes[:len(text)])]
    held: dict[int, list[int]] = defaultdict(list)
    for i, n in enumerate(owner):
        if n >= 0:
            held[n].append(i)
    grid: list[list[Cell | None]] = [[None] * (len(xs) - 1) for _ in range(len(ys) - 1)]
    for n, (x0, top, x1, bottom) in enumerate(cells):
        mine = held.get(n)
        if mine and any(o not in (-1, n) for o in owner[mine[0]:mine[-1] + 1]):
            return None  # another cell's text lies inside this one's: no span of the text is this cell alone
        cell = Cell(text[mine[0]:mine[-1] + 1], offset + mine[0], offset + mine[-1] + 1) if mine else None
        for r in range(ys.index(round(top, 1)), ys.index(round(bottom, 1))):
            for c in range(xs.index(round(x0, 1)), xs.index(round(x1, 1))):
                grid[r][c] = cell
    filled = [c.text for row in grid for c in row if c is not None and c.text]
    if not filled or sum(map(len, filled)) / len(filled) > MAX_MEAN_CELL_CHARS:
        return None
    return grid


def _owner(box: Box, cells: Sequence[Box]) -> int:
    """The cell a character's centre lies in, or -1."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    for n, (x0, top, x1, bottom) in enumerate(cells):
        if x0 <= cx <= x1 and top <= cy <= bottom:
            return n
    return -1
