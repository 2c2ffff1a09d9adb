"""A table carried on over a PDF page break is read as one table (data only, no PDF needed)."""

from __future__ import annotations

from operator_assistant.core.documents.base import FURNITURE, TEXT, Block
from operator_assistant.core.documents.pdf import continued_tables
from operator_assistant.core.documents.tables import Cell, Table


def lay_out(*lines: list[str], at: int = 0) -> tuple[tuple[Cell, ...], ...]:
    """Rows of cells at increasing offsets from `at`, one row a line."""
    rows = []
    for line in lines:
        cells = []
        for text in line:
            cells.append(Cell(text, at, at + len(text)))
            at += len(text) + 1
        rows.append(tuple(cells))
    return tuple(rows)


MODES = lay_out(["PDU address", "Item", "Value", "Meaning"], ["E01DH", "Load working modes", "08H", "On 8 hours"],
                ["E01DH", "Load working modes", "09H", "On 9 hours"])
PAGE_TWO = 200


def test_the_last_columns_carried_on_after_a_page_break_are_rows_of_the_same_table():
    # on the new page only Value and Meaning are drawn again, and the first line is a row, not names
    rest = lay_out(["0AH (decimal 10)", "On 10 hours"], ["10H (decimal 16)", "Debugging mode"], at=PAGE_TWO + 30)
    before, after = Table(MODES[0], MODES[1:]), Table(rest[0], rest[1:])
    blocks = [Block(FURNITURE, PAGE_TWO, PAGE_TWO + 20)]  # the running header between them
    [joined] = continued_tables([before, after], blocks, [0, PAGE_TWO])
    assert [[c.text for c in row] for row in joined.rows[-2:]] == [
        ["E01DH", "Load working modes", "0AH (decimal 10)", "On 10 hours"],
        ["E01DH", "Load working modes", "10H (decimal 16)", "Debugging mode"]]
    assert joined.rows[-1][2].start == rest[1][0].start  # each cell at its own place, to be highlighted


def test_repeated_column_names_are_left_out_and_a_new_table_is_kept_apart():
    repeated = lay_out(["PDU address", "Item", "Value", "Meaning"], ["E01DH", "Load working modes", "0AH", "On 10 h"],
                       at=PAGE_TWO + 30)
    [joined] = continued_tables([Table(MODES[0], MODES[1:]), Table(repeated[0], repeated[1:])], [], [0, PAGE_TWO])
    assert [c.text for c in joined.header] == ["PDU address", "Item", "Value", "Meaning"] and len(joined.rows) == 3
    # text between them: the next table is another one
    other = Table(repeated[0], repeated[1:])
    assert len(continued_tables([Table(MODES[0], MODES[1:]), other], [Block(TEXT, PAGE_TWO + 5, PAGE_TWO + 20)],
                                [0, PAGE_TWO])) == 2
    # a first line that is no row like the last one ("Bytes" is no code written as "09H" is) names the next table
    sizes = lay_out(["Bytes", "Meaning"], ["2", "Battery status"], at=PAGE_TWO + 30)
    assert len(continued_tables([Table(MODES[0], MODES[1:]), Table(sizes[0], sizes[1:])], [], [0, PAGE_TWO])) == 2
    # the same table further down the same page is not carried on over a page break
    same_page = lay_out(["0AH", "On 10 hours"], ["0BH", "On 11 hours"], at=120)
    assert len(continued_tables([Table(MODES[0], MODES[1:]), Table(same_page[0], same_page[1:])], [],
                                [0, PAGE_TWO])) == 2
