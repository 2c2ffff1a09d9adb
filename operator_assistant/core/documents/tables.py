"""Tables as data: rows of cells, each cell with its exact place in the document text.

Loaders find the tables (DOCX and HTML from their markup, Markdown from its pipe rows,
PDF from column gaps on the page) and hand them over as `Table`s. Ingest keeps them in the
manifest with their section and page, so that an answer can show the cells a question asks
for, verbatim, and the source viewer can highlight one cell.
It must not guess values: a cell is text found in the document, verbatim.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# A unit written in a column header: "Flow (gpm)", "Setpoint [psi]", "Level, ft".
# Up to 20 characters in brackets: "(gallons per minute)" is a unit, "(see note 3 in section 4.2)" is not.
_HEADER_UNIT = re.compile(r"[(\[]\s*([^()\[\]]{1,20}?)\s*[)\]]\s*$|,\s*([A-Za-z/%°]{1,8})\s*$")
# A value with its own unit: "0.25 in/s", "82 deg C", "1,200 gpm", "4 mg/L".
_VALUE_UNIT = re.compile(r"^[<>≤≥~]?\s*-?\d[\d,]*(?:\.\d+)?\s*(?:to|-|–)?\s*(?:\d[\d,]*(?:\.\d+)?)?\s*"
                         r"(?P<unit>(?:deg\.?\s?[CF]|°\s?[CF]|[A-Za-z%µ/][A-Za-z%µ/.²³]{0,7}))$")
_VALUE_START = re.compile(r"^[<>≤≥~]?\s*-?\d")
_UNIT_COLUMN = re.compile(r"^units?$", re.IGNORECASE)


@dataclass(frozen=True)
class Cell:
    text: str
    start: int  # offsets in Document.text; text == document.text[start:end] up to spacing
    end: int
    ref: str = ""  # where a spreadsheet names it: "C12" (a CSV's column and row), "Setpoints!C12" (a sheet's)


@dataclass(frozen=True)
class Table:
    header: tuple[Cell, ...]  # column names, in order
    rows: tuple[tuple[Cell, ...], ...]  # data rows; a row may have fewer cells than the header
    # Further lines of the column names: a header set on two rows, "Flow" over "(gpm)".
    header_lines: tuple[tuple[Cell, ...], ...] = ()

    def name_parts(self, column: int) -> list[str]:
        """The lines of one column's name, top down; a header cell that spans down counts once."""
        parts = [self.header[column]]
        for line in self.header_lines:
            if column < len(line) and line[column] != parts[-1] and line[column].text:
                parts.append(line[column])
        return [" ".join(c.text.split()) for c in parts if c.text]

    @property
    def names(self) -> tuple[str, ...]:
        """Each column's whole name, its header lines joined ("Minimum Flushing Flow (gallons per minute)")."""
        return tuple(" ".join(self.name_parts(n)) for n in range(len(self.header)))

    def _cells(self) -> tuple[Cell, ...]:
        return self.header + tuple(c for r in self.header_lines + self.rows for c in r)

    @property
    def start(self) -> int:
        return min(c.start for c in self._cells())

    @property
    def end(self) -> int:
        return max(c.end for c in self._cells())


def cells_of_row(text: str, start: int, separator: str = "|") -> list[Cell]:
    """The cells of one pipe-separated row (`text` starts at document offset `start`), outer pipes dropped."""
    cells, pos = [], 0
    for piece in text.split(separator):
        lead = len(piece) - len(piece.lstrip())
        value = piece.strip()
        cells.append(Cell(value, start + pos + lead, start + pos + lead + len(value)))
        pos += len(piece) + len(separator)
    if cells and not cells[0].text and text.lstrip().startswith(separator):
        cells = cells[1:]
    if cells and not cells[-1].text and text.rstrip().endswith(separator):
        cells = cells[:-1]
    return cells


def _is_caption(row: Sequence[Cell]) -> bool:
    """A title spanning the whole table ("Table 64575-A. Minimum Flushing Flows ..."): one text in every cell."""
    return len({c.text for c in row if c.text}) == 1 and sum(bool(c.text) for c in row) > 1


def _is_unit_line(row: Sequence[Cell]) -> bool:
    """A second header line that gives the columns' units: "Diameter (inches) | (gallons per minute)"."""
    filled = [c.text for c in row if c.text]
    return bool(filled) and all(_HEADER_UNIT.search(t) and not any(ch.isdigit() for ch in t) for t in filled)


def _spans_down(above: Sequence[Cell], row: Sequence[Cell]) -> bool:
    """Whether a row holds a cell that spans down from the row above ("Rope diameter" beside "6x7 | 6x19")."""
    return any(a == b and b.text for a, b in zip(above, row))


HEADER_LINE_WORDS = 6  # a wrapped header cell's further line: "Bleach to Add", "(psi)"


def _continues_header(header: Sequence[Cell], row: Sequence[Cell], below: Sequence[Cell]) -> bool:
    """A second line of words under a header of words, above the rows of figures: "Amount of 6%" over
    "Bleach to Add", every column the header names filled and no figure in it."""
    def words(cells: Sequence[Cell]) -> bool:
        return not any(ch.isdigit() for c in cells for ch in c.text)
    named = [n for n, c in enumerate(header) if c.text]
    # as short as a header's words: a troubleshooting row of prose with no figure ("Float stays at zero, no
    # chlorine feed | Cylinder valve closed ... | Open the cylinder valve one turn") is the first row
    return (len(named) >= 2 and all(n < len(row) and row[n].text for n in named) and words(row)
            and all(len(c.text.split()) <= HEADER_LINE_WORDS for c in row)
            and any(ch.isdigit() for c in below for ch in c.text))


def make_table(rows: Sequence[Sequence[Cell]], drawn: bool = False, unnamed: bool = False) -> Table | None:
    """A table from its rows, the first one naming the columns; None when there is nothing to look up.

    A title spanning the whole table above it, and a note spanning it below, are left out; under the
    header, a line of units, or a line beside a header cell that spans down to it, is a further line
    of the column names. In a drawn
    grid (`drawn`), where a wrapped header cell can be a grid row of its own, so is a line of words
    under a header of words, above the figures.
    A spanning cell stands in every column (and row) it covers, as the same `Cell`. With `unnamed`, no row names
    the columns: each column's name is empty and every row is a row."""
    rows = [tuple(r) for r in rows if any(c.text for c in r)]
    if unnamed:
        at = rows[0][0].start if rows and rows[0] else 0
        every = tuple(tuple(r) for r in rows)
        return Table(tuple(Cell("", at, at) for _ in every[0]), every) if every and len(every[0]) >= 2 else None
    while len(rows) > 2 and _is_caption(rows[0]):
        rows = rows[1:]
    while len(rows) > 2 and _is_caption(rows[-1]):
        rows = rows[:-1]  # a note spanning the whole table under it ("*Rope construction is strands ...")
    if len(rows) < 2 or len(rows[0]) < 2:
        return None
    header, body = tuple(rows[0]), [tuple(row) for row in rows[1:]]
    lines: list[tuple[Cell, ...]] = []
    while len(body) > 1 and (_is_unit_line(body[0]) or _spans_down(lines[-1] if lines else header, body[0])
                             or (drawn and not lines and _continues_header(header, body[0], body[1]))):
        lines.append(body.pop(0))
    return Table(header, tuple(body), tuple(lines))


def blocks(table: Table) -> list[Table]:
    """A table the layout set in blocks, each under its own header row: a wide table wrapped on the page ("Bolt
    Diameter M6 ... M14", its rows, then "Bolt Diameter M16 ... M36", its rows) or a header repeated after a page
    break. A row whose first cell repeats the header's first name opens a block headed by that row, so a row's
    cells stand under their own column names. A table of one block is itself."""
    label = " ".join(table.header[0].text.split()).casefold() if table.header else ""
    if not label or any(ch.isdigit() for ch in label):
        return [table]
    opens = [k for k, row in enumerate(table.rows) if row and " ".join(row[0].text.split()).casefold() == label]
    if not opens:
        return [table]
    found = [Table(table.header, table.rows[:opens[0]], table.header_lines)] if opens[0] else []
    for k, end in zip(opens, [*opens[1:], len(table.rows)]):
        if end > k + 1:
            found.append(Table(table.rows[k], table.rows[k + 1:end]))
    return found or [table]


def table_from_grid(grid: Sequence[Sequence[Cell | None]]) -> Table | None:
    """A table from a drawn grid: a spanning cell in every position it covers, None where no cell is.

    Drawn grids often have more columns than the table: a cell box a little wider in one row
    splits a column in two. Two neighbouring columns are one where no row has a different
    text in each."""
    rows = []
    for line in grid:
        anchor = next((c.start for c in line if c is not None and c.text), None)
        if anchor is not None:  # an empty cell sits, with no length, where its row starts
            rows.append([c if c is not None and c.text else Cell("", anchor, anchor) for c in line])
    if not rows:
        return None
    columns: list[list[Cell]] = []
    for j in range(len(rows[0])):
        column = [row[j] for row in rows]
        if not any(c.text for c in column):
            continue
        if columns and all(not a.text or not b.text or a == b for a, b in zip(columns[-1], column)):
            columns[-1] = [a if a.text else b for a, b in zip(columns[-1], column)]
        else:
            columns.append(column)
    return make_table([[column[r] for column in columns] for r in range(len(rows))], drawn=True)


def column_unit(name: str) -> str:
    """The unit a column header names, or ""."""
    m = _HEADER_UNIT.search(name)
    return (m.group(1) or m.group(2) or "").strip() if m else ""


def cell_unit(table: Table, row: Sequence[Cell], column: int) -> str:
    """The unit of one value cell: written after its value, else in its column header, else in the row's Unit column."""
    text = row[column].text if column < len(row) else ""
    header = list(reversed(table.name_parts(column))) if column < len(table.header) else []
    return value_unit(text, header, _unit_cells(table, row, column))


def _unit_cells(table: Table, row: Sequence[Cell], column: int) -> list[str]:
    return [row[n].text for n, name in enumerate(table.names) if _UNIT_COLUMN.match(name.strip()) and n < len(row)
            and n != column]


def opens_with_figure(text: str) -> bool:
    """Whether a cell opens with a figure, after a comparison sign where there is one ("≥ 2000 cpm ...")."""
    return bool(_VALUE_START.match(text.strip()))


def value_unit(text: str, header_parts: Iterable[str], unit_cells: Sequence[str]) -> str:
    """The unit of a value: written after it, else in its column's header (the lines nearest the value
    first: "Discharge pressure (psi)" over "High alarm"), else in its row's Unit column; "" for a label,
    a tag ("B-2") or a word."""
    if not _VALUE_START.match(text):
        return ""
    own = _VALUE_UNIT.match(text)
    if own:
        return own.group("unit").strip()
    for part in header_parts:
        if unit := column_unit(part):
            return unit
    return unit_cells[0] if unit_cells else ""


def _cell_json(cell: Cell) -> list:
    # the ref only where there is one: tables stored before refs existed have three elements, and most still do
    return [cell.text, cell.start, cell.end, cell.ref] if cell.ref else [cell.text, cell.start, cell.end]


def table_to_json(table: Table) -> dict:
    return {"header": [_cell_json(c) for c in table.header],
            "rows": [[_cell_json(c) for c in row] for row in table.rows],
            "header_lines": [[_cell_json(c) for c in row] for row in table.header_lines]}


def table_from_json(data: dict) -> Table:
    return Table(tuple(Cell(*c) for c in data["header"]), tuple(tuple(Cell(*c) for c in row) for row in data["rows"]),
                 tuple(tuple(Cell(*c) for c in row) for row in data.get("header_lines", [])))
