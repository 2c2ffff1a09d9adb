"""Tables as data: rows of cells, each cell with its exact place in the document text.

Loaders find the tables (DOCX and HTML from their markup, Markdown from its pipe rows,
PDF from column gaps on the page) and hand them over as `Table`s. Ingest keeps them in the
manifest with their section and page, so that an answer can show the cells a question asks
for, verbatim, and the source viewer can highlight one cell.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

# A unit written in a column header: "Flow (gpm)", "Setpoint [psi]", "Level, ft".
_HEADER_UNIT = re.compile(r"[(\[]\s*([^()\[\]]{1,12}?)\s*[)\]]\s*$|,\s*([A-Za-z/%°]{1,8})\s*$")
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


@dataclass(frozen=True)
class Table:
    header: tuple[Cell, ...]  # column names, in order
    rows: tuple[tuple[Cell, ...], ...]  # data rows; a row may have fewer cells than the header

    @property
    def start(self) -> int:
        return min(c.start for c in self.header + tuple(c for r in self.rows for c in r))

    @property
    def end(self) -> int:
        return max(c.end for c in self.header + tuple(c for r in self.rows for c in r))


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


def make_table(rows: Sequence[Sequence[Cell]]) -> Table | None:
    """A table from its rows, the first one naming the columns; None when there is nothing to look up."""
    rows = [tuple(r) for r in rows if any(c.text for c in r)]
    if len(rows) < 2 or len(rows[0]) < 2:
        return None
    return Table(rows[0], tuple(rows[1:]))


def column_unit(name: str) -> str:
    """The unit a column header names, or ""."""
    m = _HEADER_UNIT.search(name)
    return (m.group(1) or m.group(2) or "").strip() if m else ""


def cell_unit(table: Table, row: Sequence[Cell], column: int) -> str:
    """The unit of one value cell: written after its value, else in its column header, else in the row's Unit column."""
    text = row[column].text if column < len(row) else ""
    if not _VALUE_START.match(text):
        return ""  # a label, a tag ("B-2") or a word has no unit
    own = _VALUE_UNIT.match(text)
    if own:
        return own.group("unit").strip()
    if column < len(table.header) and (unit := column_unit(table.header[column].text)):
        return unit
    for n, head in enumerate(table.header):
        if _UNIT_COLUMN.match(head.text.strip()) and n < len(row) and n != column:
            return row[n].text
    return ""


def table_to_json(table: Table) -> dict:
    return {"header": [[c.text, c.start, c.end] for c in table.header],
            "rows": [[[c.text, c.start, c.end] for c in row] for row in table.rows]}


def table_from_json(data: dict) -> Table:
    return Table(tuple(Cell(*c) for c in data["header"]), tuple(tuple(Cell(*c) for c in row) for row in data["rows"]))
