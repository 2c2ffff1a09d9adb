"""A wide table the layout set in blocks, each under its own header row ("Bolt size M6 ... M10", its torques,
then "Bolt size M12 ... M20", theirs): a question for one size gets its own column's torque under its own
header row, not the first block's header or its row of other sizes. Through the real ingest, index and
assistant; the block split itself is checked on a table as data."""

from __future__ import annotations

import pytest

from operator_assistant.core.documents.tables import Cell, Table, blocks
from tests.support.engines import ask, assert_cells_in_place, card_assistant

MANUAL = """# Raw water pump P-12: installation manual

## 4.3 Baseplate bolts

Tighten the baseplate bolts in a cross pattern with a calibrated torque wrench, dry threads, property class 8.8.

| Bolt size | M6 | M8 | M10 |
|---|---|---|---|
| Thread pitch (mm) | 1.0 | 1.25 | 1.5 |
| Torque (N·m) | 9 | 22 | 44 |
| Bolt size | M12 | M16 | M20 |
| Thread pitch (mm) | 1.75 | 2.0 | 2.5 |
| Torque (N·m) | 76 | 187 | 365 |

## 4.4 Alignment

Align the coupling to 0.05 mm before the first start.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("blocks-docs")
    (folder / "p12-installation-manual.md").write_text(MANUAL, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("blocks-index"), embedder)


def cells(*texts: str, at: int = 0) -> tuple[Cell, ...]:
    return tuple(Cell(t, at + 10 * n, at + 10 * n + len(t)) for n, t in enumerate(texts))


def test_a_row_repeating_the_first_name_opens_a_block() -> None:
    table = Table(cells("Size", "M6", "M8"), (cells("Torque", "9", "22", at=100), cells("Size", "M12", "M16", at=200),
                                                cells("Torque", "76", "187", at=300)))
    first, second = blocks(table)
    assert [c.text for c in first.header] == ["Size", "M6", "M8"] and [r[1].text for r in first.rows] == ["9"]
    assert [c.text for c in second.header] == ["Size", "M12", "M16"] and [r[2].text for r in second.rows] == ["187"]
    # a table of one block, and one whose first name is a figure, are themselves
    assert blocks(Table(cells("Size", "M6"), (cells("Torque", "9", at=100),))) == [Table(
        cells("Size", "M6"), (cells("Torque", "9", at=100),))]
    numbered = Table(cells("1", "a"), (cells("1", "b", at=100), cells("2", "c", at=200)))
    assert blocks(numbered) == [numbered]


def test_a_size_of_the_second_block_gets_its_own_torque(assistant) -> None:
    answer = ask(assistant, "What torque do I tighten an M16 baseplate bolt of P-12 to?")
    assert not answer.refused, answer.refusal_reason
    card = answer.card
    text = card.as_text()
    assert "M16" in card.columns and "187" in text, text
    assert "M6" not in card.columns and "22" not in text, text
    assert_cells_in_place(answer)
