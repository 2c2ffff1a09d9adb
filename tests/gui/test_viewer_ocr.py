"""A citation in a scanned page or an image opens the page with the cited words boxed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect

from operator_assistant.core.answer.records import Source
from operator_assistant.core.documents import load_document
from operator_assistant.core.documents.ocr import OcrEngine, OcrReader
from operator_assistant.core.models import resolve_model
from operator_assistant.gui.viewer import SourceViewer
from tests.conftest import SCAN_DPI, image_pdf, scanned_page
from tests.support.engines import MODELS

pytestmark = pytest.mark.integration

LINES = ["Chlorine contact basin SOP-114", "Backwash filter 4 when head loss reaches 2.4 m.", "Log the run time."]
CITED = "head loss reaches 2.4"


@pytest.fixture(scope="module")
def ocr_engine() -> OcrEngine:
    return OcrEngine(resolve_model(MODELS, "PP-OCRv4", "ocr"), threads=2)


@pytest.mark.parametrize("kind", ["pdf", "png"])
def test_cited_words_are_boxed_on_the_page_image(qtbot, tmp_path, ocr_engine, kind):
    image, lines = scanned_page(LINES)
    path = tmp_path / f"scan.{kind}"
    if kind == "pdf":
        image_pdf(path, [image])
        unit = SCAN_DPI / 72  # pixels of the drawn page per PDF point
    else:
        image.save(path)
        unit = 1.0
    document = load_document(path, OcrReader(lambda: ocr_engine))
    start = document.text.index(CITED)
    source = Source(1, "d1:abc", "scan", str(path), (), (1,), start, start + len(CITED), CITED, 1.0)
    viewer = SourceViewer()
    qtbot.addWidget(viewer)
    viewer.resize(900, 700)
    viewer.show()
    asked: list[str] = []
    viewer.stored_ocr = lambda doc_id: asked.append(doc_id) or document.ocr_pages
    with qtbot.waitSignal(viewer.passage_shown, timeout=30_000):
        viewer.show_passage(source)

    assert asked == ["d1"]  # the page came from the index, not from OCR again
    assert viewer.stack.currentWidget() is viewer.page_area and viewer.highlighted_text == CITED
    scale = viewer.page.pixmap().width() / image.width * unit  # screen pixels per page unit
    left, top, right, bottom = (v / unit * scale for v in lines[1])
    line_box = QRect(int(left), int(top), int(right - left), int(bottom - top)).adjusted(-8, -8, 8, 8)
    [box] = viewer.highlight_boxes  # the four words on one line, joined
    assert line_box.contains(box)
    # the box starts at "head", not at the line's first word, and ends after "2.4"
    width = right - left
    assert box.left() > left + width * 0.4 and box.right() > left + width * 0.75
    assert viewer.highlighted_text_visible()
