"""A grid of cells (a CSV file, a TSV file, one XLSX sheet) as text rows and one table.

The CSV and XLSX loaders read their files into a `Grid`; this turns it into what the other
loaders make of a table: one ROW block per row ("a | b | c"), and a `Table` whose cells point at
those rows and name their place in the sheet ("C12"). Title lines above the column names (a SCADA
export's "Alarm list, North plant" line) are kept as text, not taken for the header.
It must not read a file format (the loaders do) or change a cell's text beyond its spacing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from operator_assistant.core.documents.base import TEXT, TextBuilder
from operator_assistant.core.documents.tables import Cell, Table, make_table

# How far down title lines are looked for: a SCADA export has a few, never a page of them.
PREFACE_ROWS = 20
# Rows whose width sets the table's typical width: enough to be sure, few enough for a big file.
WIDTH_SAMPLE = 500
# Cells with text one file may hold: a historian export of 150,000 rows by 20 columns. Every cell is kept
# with its place, in memory and in the index; a larger file is refused with what to do, not read for minutes.
MAX_CELLS = 3_000_000
TOO_MANY_CELLS_HINT = "split the file, or export the rows that matter, and add those files"
_PLAIN_SHEET_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")


@dataclass
class Grid:
    """Cell texts row by row, each row from column A; `row_numbers` gives each row's 1-based number
    in the file or sheet (blank rows left out are not counted twice)."""

    rows: list[list[str]]
    row_numbers: list[int]
    sheet: str = ""  # the sheet's name, for refs ("Setpoints!C12"); "" for a file that is one sheet
    # merged ranges as (first row, first column, last row, last column), 1-based: the top left cell holds the text
    merges: list[tuple[int, int, int, int]] = field(default_factory=list)


def column_letter(column: int) -> str:
    """A 1-based column number as a spreadsheet names it: 1 -> "A", 28 -> "AB"."""
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def sheet_prefix(name: str) -> str:
    """What goes before a cell's name to say which sheet: "Setpoints!", "'Pump limits'!" (quoted as a spreadsheet quotes it)."""
    if not name:
        return ""
    if _PLAIN_SHEET_NAME.match(name):
        return f"{name}!"
    return "'" + name.replace("'", "''") + "'!"


def _filled(rows: Sequence[Sequence[str]]) -> list[int]:
    return [sum(1 for text in row if text) for row in rows]


def _preface(counts: Sequence[int]) -> int:
    """How many rows at the top are title lines, not the header: each has at most half as many cells
    as the table's typical row (a one-cell "Alarm list" line above eight column names)."""
    sample = sorted(c for c in counts[:WIDTH_SAMPLE] if c)
    if not sample:
        return 0
    typical = sample[len(sample) // 2]
    for n, count in enumerate(counts[:PREFACE_ROWS]):
        if count and count > max(1, typical // 2):
            return n
    return 0  # no row reads as a header near the top: nothing is taken for a title


def _header_spans_down(grid: Grid, kept: list[int], own: list[list[str]], header: int,
                       covered: dict[tuple[int, int], tuple[int, int]]) -> dict[tuple[int, int], tuple[int, int]]:
    """A header over two rows whose second line names only the columns under a merged cell ("Alarm
    limits" over "Low | High"): the header cells beside it, left empty below ("Tag", "Unit"), are read
    as spanning down to it, as a person reads them (and as a cell merged down would be)."""
    top, below = grid.row_numbers[header], grid.row_numbers[header + 1]
    if below != top + 1:
        return {}
    across = {column for first, left, _, right in grid.merges if first == top and right > left
              for column in range(left, right + 1)}
    filled = {j + 1 for k, j in enumerate(kept) if own[header + 1][k]}
    if not filled or not filled <= across:
        return {}
    return {(below, j + 1): covered.get((top, j + 1), (top, j + 1)) for k, j in enumerate(kept)
            if j + 1 not in across and own[header][k] and (below, j + 1) not in covered}


def add_sheet(out: TextBuilder, grid: Grid) -> Table | None:
    """Add the grid's rows to `out` (title lines as text, the rest as rows); the table they make, or None."""
    rows = [[" ".join(text.split()) for text in row] for row in grid.rows]
    index = {number: n for n, number in enumerate(grid.row_numbers)}
    width = max((len(row) for row in rows), default=0)
    # merged ranges: each covered position -> its top left cell; a range past the data (a whole row) is cut to it
    covered: dict[tuple[int, int], tuple[int, int]] = {}
    last_row = grid.row_numbers[-1] if grid.row_numbers else 0
    for top, left, bottom, right in grid.merges:
        for number in range(top, min(bottom, last_row) + 1):
            if number not in index:
                continue
            for column in range(left, min(right, width) + 1):
                if (number, column) != (top, left):
                    covered[(number, column)] = (top, left)

    def anchor_text(number: int, column: int) -> str:
        n = index.get(number)
        return rows[n][column - 1] if n is not None and column - 1 < len(rows[n]) else ""

    # columns empty from top to bottom (margins, spacer columns) are left out; a cell's ref still names its own
    spanned = {column for (_, column), anchor in covered.items() if anchor_text(*anchor)}
    used = {j for row in rows for j, text in enumerate(row) if text}
    kept = [j for j in range(width) if j in used or j + 1 in spanned]
    own = [[row[j] if j < len(row) and (number, j + 1) not in covered else "" for j in kept]
           for row, number in zip(rows, grid.row_numbers)]
    prefix = sheet_prefix(grid.sheet)
    letters = [column_letter(j + 1) for j in kept]
    placed: dict[tuple[int, int], Cell] = {}
    table_rows: list[list[Cell]] = []
    preface = _preface(_filled(own))
    if preface + 1 < len(rows):
        covered |= _header_spans_down(grid, kept, own, preface, covered)
    for n, (number, texts) in enumerate(zip(grid.row_numbers, own)):
        if n < preface:
            out.add(" | ".join(text for text in texts if text), TEXT, separator="\n")
            continue
        refs = [f"{prefix}{letter}{number}" for letter in letters]
        if not covered:  # most sheets, and every CSV: each position is a cell of its own
            if cells := out.add_row(texts, refs):
                table_rows.append(cells)
            continue
        positions = [k for k, j in enumerate(kept) if (number, j + 1) not in covered]
        cells = out.add_row([texts[k] for k in positions], [refs[k] for k in positions])
        if not cells:
            continue  # a blank row, or one whose every cell is merged into the row above
        mine = dict(zip(positions, cells))
        line: list[Cell] = []
        for k, j in enumerate(kept):
            if k in mine:
                cell = placed[(number, j + 1)] = mine[k]
            else:  # a merged cell stands in every column (and row) it covers, as the same Cell
                at = cells[0].start
                cell = placed.get(covered[(number, j + 1)]) or Cell("", at, at, refs[k])
            line.append(cell)
        table_rows.append(line)
    return make_table(table_rows)
