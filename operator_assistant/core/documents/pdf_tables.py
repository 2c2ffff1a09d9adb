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
import re
from collections import defaultdict
from collections.abc import Sequence

from operator_assistant.core.documents.tables import Cell, Table, table_from_grid

log = logging.getLogger(__name__)

# A page with fewer boxes than this (and too few rules) holds no ruled table: a box around a note or a code listing.
MIN_BOXES = 6
# Cells of a table are short: a box of prose drawn around a paragraph is not a table.
MAX_MEAN_CELL_CHARS = 40
# unless its first row names its columns, each in a few words
MAX_HEADER_CHARS = 30

Box = tuple[float, float, float, float]  # left, top, right, bottom, from the page's top left, in points


def ruled_grids(data: bytes, numbers: Sequence[int]) -> dict[int, list[list[Box]]]:
    """The cell boxes of each drawn table on the given pages (page index -> tables)."""
    if not numbers:
        return {}
    import pdfplumber  # here, not at the top: it loads pdfminer, which only ingest needs
    found: dict[int, list[list[Box]]] = {}
    numbers = sorted(numbers)
    try:
        with pdfplumber.open(io.BytesIO(_drawing_only(data, numbers))) as pdf:
            for page, number in zip(pdf.pages, numbers):
                grids = [list(table.cells) for table in page.find_tables()]
                if grids:
                    found[number] = grids
    except Exception as exc:  # broad on purpose: a table reader's failure must not lose the document's text
        log.warning("ruled tables not read (%s); column gaps are used instead", exc)
        return {}
    return found


def headed(grids: Sequence[Sequence[Box]], text: str, boxes: Sequence[Box]) -> list[list[Box]]:
    """The grids, each with a row of column names added where the names are set on the line just above its
    drawn cells, one to a column ("Problem  Cause  Remedy" in a shaded band over a ruled body): read
    without them, the first row of causes would be taken for the column names."""
    return [list(cells) + _names_above(cells, text, boxes) for cells in grids]


def _names_above(cells: Sequence[Box], text: str, boxes: Sequence[Box]) -> list[Box]:
    top = min(c[1] for c in cells)
    left, right = min(c[0] for c in cells), max(c[2] for c in cells)
    columns = sorted({(c[0], c[2]) for c in cells if abs(c[1] - top) < 0.5})
    if len(columns) < 2 or len({round(v, 1) for c in cells for v in (c[1], c[3])}) < 3:
        return []  # a single drawn row under a line is a list's next entry, not a table under its names
    inside = [i for i, b in enumerate(boxes[:len(text)]) if not text[i].isspace() and left <= (b[0] + b[2]) / 2 <= right]
    above = [i for i in inside if top - NAMES_GAP <= boxes[i][3] <= top + 0.5 and boxes[i][1] < top - 0.5]
    if not above:
        return []
    low = max(above, key=lambda i: boxes[i][3])
    line_top, line_bottom = boxes[low][1], boxes[low][3]
    line = [i for i in inside if line_top - 0.5 <= (boxes[i][1] + boxes[i][3]) / 2 <= line_bottom + 0.5]
    names, end = [], -1
    for x0, x1 in columns:
        mine = sorted(i for i in line if x0 <= (boxes[i][0] + boxes[i][2]) / 2 <= x1)
        if not mine or any(not text[k].isspace() and k not in mine for k in range(mine[0], mine[-1] + 1)):
            return []  # a column without a name, or a name that is no run of the text
        if end >= 0 and (not text[end:mine[0]].isspace()
                         or boxes[mine[0]][0] - boxes[end - 1][2] < NAMES_APART * (line_bottom - line_top)):
            return []  # a title over the grid, read across its columns: words a space apart, or one word cut
        names.append(text[mine[0]:mine[-1] + 1])
        end = mine[-1] + 1
    if (any(len(n) > MAX_HEADER_CHARS or n.rstrip().endswith(".") for n in names)
            or not any(_LOOKUP_HEADER.search(n) for n in names)):
        return []
    band = min(boxes[i][1] for i in line) - 0.5
    return [(x0, band, x1, top) for x0, x1 in columns]


# How far above a drawn grid (points) the line of its column names may end: a band's padding, not a paragraph's gap.
NAMES_GAP = 6.0
# Column names stand further apart than words do (in line heights; a word space is about a quarter of one).
NAMES_APART = 0.8


def ruled_tables(grids: Sequence[Sequence[Box]], text: str, boxes: Sequence[Box], offset: int) -> list[Table]:
    """The tables of one page's grids, with cell offsets in the document text (`offset`: the page's)."""
    tables = []
    for cells in grids:
        grid = _grid(cells, text, boxes, offset)
        if grid is not None and (made := table_from_grid(grid)) is not None:
            tables.append(made)
    return tables


def interleaved(cells: Sequence[Box], text: str, boxes: Sequence[Box]) -> bool:
    """Whether the page text reads across this grid's cells (a cell wrapped onto a second line is read
    with the line of the next cell between its two parts), so that no cell is a run of the text."""
    owner = _owners(cells, text, boxes)
    spans: dict[int, list[int]] = {}
    for i, n in enumerate(owner):
        if n >= 0:
            spans.setdefault(n, [i, i])[1] = i
    return any(o not in (-1, n) for n, (a, b) in spans.items() for o in owner[a:b + 1])


def cells_together(grids: Sequence[Sequence[Box]], text: str, boxes: Sequence[Box]) -> list[int] | None:
    """The page's offsets in a new order (-1: a line break added) in which each cell of these grids is one
    run of text, read row by row, left to right: a table's cells where its first character was, each run
    of a cell on its own line. None when no character lies in a cell."""
    owner: list[tuple[int, int] | None] = [None] * len(text)
    for t, cells in enumerate(grids):
        for i, n in enumerate(_owners(cells, text, boxes)):
            if owner[i] is None and n >= 0:
                owner[i] = (t, n)
    if not any(owner):
        return None
    # a space between two characters of one cell is that cell's
    for i in range(1, len(text) - 1):
        if owner[i] is None and text[i] == " " and owner[i - 1] is not None and owner[i - 1] == owner[i + 1]:
            owner[i] = owner[i - 1]
    runs: dict[tuple[int, int], list[list[int]]] = defaultdict(list)
    for i, o in enumerate(owner):
        if o is not None:
            if runs[o] and runs[o][-1][-1] == i - 1:
                runs[o][-1].append(i)
            else:
                runs[o].append([i])
    out: list[int] = []
    placed: set[int] = set()
    for i, o in enumerate(owner):
        if o is None:
            out.append(i)
        elif o[0] not in placed:
            placed.add(o[0])
            cells = grids[o[0]]
            if out and (out[-1] < 0 or text[out[-1]] != "\n"):
                out.append(-1)
            for n in sorted(range(len(cells)), key=lambda k: (round(cells[k][1], 1), cells[k][0])):
                for run in runs.get((o[0], n), []):
                    if out and out[-1] < 0 and len(out) > 1 and out[-2] >= 0 and _splits_a_word(
                            text[max(0, out[-2] - 30):out[-2] + 1], text[run[0]:run[-1] + 1]):
                        out.pop()  # "Temper" / "ature" in a narrow cell is one word
                    out.extend(run)
                    out.append(-1)
    return out


_LAST_WORD = re.compile(r"([A-Za-z]+)$")
_FIRST_WORD = re.compile(r"^([a-z]+)")


def _splits_a_word(before: str, after: str) -> bool:
    """Whether a narrow cell broke a word across two lines with no hyphen ("Temper" / "ature", "Lubrican" /
    "t"): the two parts make a common word, and the second is no word of its own ("ten" after "of" is)."""
    from wordfreq import zipf_frequency

    a, b = _LAST_WORD.search(before), _FIRST_WORD.match(after)
    if a is None or b is None:
        return False
    head, tail = a.group(1), b.group(1)
    return (zipf_frequency(head + tail, "en") >= SPLIT_WORD_ZIPF
            and (len(tail) <= 2 or zipf_frequency(tail, "en") < SPLIT_WORD_ZIPF))


# How common (Zipf: 3 is 1 per million words) the word joined must be, and the part after the break must not be.
SPLIT_WORD_ZIPF = 3.0


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
    owner = _owners(cells, text, boxes)
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
    if not filled or (sum(map(len, filled)) / len(filled) > MAX_MEAN_CELL_CHARS and not _named_columns(grid)):
        return None
    return grid


# the column names of a table looked up by its rows: what is wrong, why, what to do, what a code means ("Warning |
# Caution" over two boxes of rules is no such table)
_LOOKUP_HEADER = re.compile(r"\b(symptoms?|troubles?|problems?|faults?|failures?|conditions?|malfunctions?|causes?|"
                            r"reasons?|remed\w*|actions?|corrective|solutions?|checks?|what to do|descriptions?|"
                            r"meanings?|explanations?|codes?|errors?|alarms?|messages?)\b", re.IGNORECASE)


def _named_columns(grid: Sequence[Sequence[Cell | None]]) -> bool:
    """Whether a grid of long cells is still a table: a first row of short names, one a column ("Problem |
    Probable cause | Remedy"), over rows of two or more cells each, as a troubleshooting table's prose is set;
    a box drawn around a paragraph or two has no such row."""
    def cells(row: Sequence[Cell | None]) -> list[Cell]:
        return list({id(c): c for c in row if c is not None and c.text}.values())
    header, rows = cells(grid[0]), [cells(row) for row in grid[1:]]
    return (len(header) >= 2 and all(len(c.text) <= MAX_HEADER_CHARS and not c.text.rstrip().endswith(".")
                                     for c in header)
            and any(_LOOKUP_HEADER.search(c.text) for c in header)
            and sum(len(row) >= 2 for row in rows) >= 2)


def _owners(cells: Sequence[Box], text: str, boxes: Sequence[Box]) -> list[int]:
    """The cell each character of the page text lies in, -1 for none and for white space."""
    return [_owner(box, cells) if not text[i].isspace() else -1 for i, box in enumerate(boxes[:len(text)])]


def _owner(box: Box, cells: Sequence[Box]) -> int:
    """The cell a character's centre lies in, or -1."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    for n, (x0, top, x1, bottom) in enumerate(cells):
        if x0 <= cx <= x1 and top <= cy <= bottom:
            return n
    return -1
