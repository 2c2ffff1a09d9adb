"""A spreadsheet cell opened from the card: highlighted in its sheet's rows, scrolled to, named by its cell."""

from __future__ import annotations

import html
import io
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from operator_assistant.core.answer.records import Source
from operator_assistant.core.documents import load_document
from operator_assistant.gui.viewer import SourceViewer
from tests.support.spreadsheets import setpoint_workbook
from tests.support.window import LONG, click_link, drop, open_window

real_models = pytest.mark.integration  # the real bundled models: slow tier (`make test`)


def long_sheet(path: Path, rows: int = 400) -> Path:
    """A sheet of many rows, so the cell asked for is far below the first screen."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Pump limits"
    sheet.append(["Tag", "Low", "High", "Unit"])
    for n in range(1, rows + 1):
        sheet.append([f"PT-{7000 + n}", n, n + 100.0, "psi"])
    out = io.BytesIO()
    book.save(out)
    path.write_bytes(out.getvalue())
    return path


def show(qtbot, viewer: SourceViewer, source: Source) -> None:
    with qtbot.waitSignal(viewer.passage_shown, timeout=30_000):
        viewer.show_passage(source)


def cell_source(path: Path, document, row: int, column: int) -> Source:
    cell = document.tables[0].rows[row][column]
    return Source(1, "d1:c1", document.title, str(path), (document.blocks[0].label,), (), cell.start, cell.end,
                  cell.text, 1.0)


def test_a_cell_far_down_a_sheet_is_highlighted_in_its_row_and_scrolled_to(qtbot, tmp_path):
    path = long_sheet(tmp_path / "limits.xlsx")
    document = load_document(path)
    viewer = SourceViewer()
    qtbot.addWidget(viewer)
    viewer.resize(900, 500)
    viewer.show()
    show(qtbot, viewer, cell_source(path, document, 349, 2))  # PT-7350's High, sheet row 351

    assert viewer.stack.currentWidget() is viewer.text  # the sheet's rows as text, not a page image
    assert viewer.highlighted_text == "450"
    [selection] = viewer.text.extraSelections()
    cursor = selection.cursor
    assert cursor.selectedText() == "450"
    assert cursor.block().text() == "PT-7350 | 350 | 450 | psi"  # the whole row around it, readable
    assert viewer.highlighted_text_visible()  # scrolled down to it
    assert viewer.text.verticalScrollBar().value() > 0
    assert "Pump limits, cell 'Pump limits'!C351" in html.unescape(viewer.title.text())  # its sheet and cell


def test_the_hidden_sheet_cell_is_named_and_highlighted(qtbot, tmp_path):
    path = tmp_path / "setpoints.xlsx"
    path.write_bytes(setpoint_workbook())
    document = load_document(path)
    limits = document.tables[1]
    cell = limits.rows[0][1]
    source = Source(1, "d1:c1", document.title, str(path), ("Limits (hidden sheet)",), (), cell.start, cell.end,
                    cell.text, 1.0)
    viewer = SourceViewer()
    qtbot.addWidget(viewer)
    viewer.show()
    show(qtbot, viewer, source)
    assert viewer.highlighted_text == "95"
    assert viewer.text.extraSelections()[0].cursor.block().text() == "B-2 | 95 | 85%"
    assert "Limits (hidden sheet)" in viewer.title.text() and "cell Limits!B2" in viewer.title.text()


@pytest.fixture
def window(qtbot, tmp_path):
    win = open_window(qtbot, tmp_path / "data")
    yield win
    win.close()


@real_models
def test_the_window_opens_a_setpoint_cell_from_the_card(qtbot, window, tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "setpoints.xlsx").write_bytes(setpoint_workbook())
    (docs / "firmware.bin").write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(4000))  # no document: named, skipped
    with qtbot.waitSignal(window.ingested, timeout=LONG) as ingest:
        drop(window.corpus, [docs])
    assert ingest.args[0].count("added") == 1 and ingest.args[0].count("skipped") == 1
    assert "firmware.bin: skipped - not a document: a program or library (ELF)" in window.corpus.log.text()
    assert "1 ok, 1 skipped (not documents), 0 failed" in window.statusBar().currentMessage()

    window.chat.question.setPlainText("What is the high alarm limit on PT-7105?")
    with qtbot.waitSignal(window.answered, timeout=LONG) as asked:
        qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)
    card = asked.args[0].card
    assert card is not None and card.kind == "table"
    high = next(c for row in card.rows for c in row if c.ref == "Setpoints!C5")
    assert high.text == "85"
    assert 'title="Setpoints!C5"' in window.chat.transcript.toHtml()  # the cell says where it is on hover

    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        click_link(qtbot, window.chat.transcript, "85")
    viewer = window.viewer
    assert window.tabs.currentWidget() is viewer
    assert (viewer.current.start, viewer.current.end) == (high.start, high.end)
    assert viewer.highlighted_text == "85"
    assert viewer.text.extraSelections()[0].cursor.block().text().startswith("PT-7105 | 40 | 85 | 95 | psi")
    assert viewer.highlighted_text_visible()
    assert "cell Setpoints!C5" in viewer.title.text()
