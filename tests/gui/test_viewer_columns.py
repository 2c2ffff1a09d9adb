"""A citation on a two-column page read column by column boxes the cited words, not their neighbours across the gutter."""

from __future__ import annotations

import pypdfium2 as pdfium

from operator_assistant.core.answer.records import Source
from operator_assistant.core.documents import load_document
from operator_assistant.gui.viewer import SourceViewer
from tests.support.pdf_pages import RIGHT, pdfium_text, two_column_page

CITED = "half a milligram per litre at all times"  # the end of one right-column line and the start of the next


def test_a_passage_over_two_lines_of_the_right_column_is_boxed_there(qtbot, tmp_path):
    path = two_column_page(tmp_path / "across.pdf", [
        "Close the inlet valve on filter four and", "wait until the level in the filter box drops",
        "below the wash trough before the backwash", "pumps are started from the main panel."], RIGHT)
    document = load_document(path)
    start = document.text.replace("\n", " ").index(CITED)
    end = start + len(CITED)
    source = Source(1, "d1:abc", "columns", str(path), (), (1,), start, end, document.text[start:end], 1.0)
    viewer = SourceViewer()
    qtbot.addWidget(viewer)
    viewer.resize(900, 700)
    viewer.show()
    with qtbot.waitSignal(viewer.passage_shown, timeout=30_000):
        viewer.show_passage(source)

    page = pdfium.PdfDocument(str(path))[0]
    textpage = page.get_textpage()
    scale = viewer.page.pixmap().width() / page.get_width()
    column_left = textpage.get_charbox(pdfium_text(path).index(RIGHT[0]))[0] * scale
    first, second = viewer.highlight_boxes  # two lines of the right column
    assert first.left() >= column_left - 8 and second.left() >= column_left - 8  # boxes are drawn a little wider
    assert second.top() > first.bottom() - 2  # the second line is below the first
    row = textpage.get_charbox(pdfium_text(path).index(RIGHT[1]))  # the row the passage starts on
    assert first.top() <= (page.get_height() - row[3]) * scale + 3
    assert viewer.highlighted_text_visible()
