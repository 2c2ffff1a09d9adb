"""Scanned PDFs and images read by the bundled OCR model: text found, on the right page, with word boxes."""

from __future__ import annotations

from pathlib import Path

import pytest

from operator_assistant.core.documents import load_document
from operator_assistant.core.documents.ocr import OcrEngine, OcrReader
from operator_assistant.core.documents.process import DocumentProcess, OcrSettings
from operator_assistant.core.ingest import IngestProgress
from operator_assistant.core.models import resolve_model
from operator_assistant.errors import Cancelled
from tests.conftest import SCAN_DPI, image_pdf, noise_page, scanned_page
from tests.support.engines import MODELS, make_engine

PAGE_ONE = ["Chlorine contact basin SOP-114", "Close valve V-12 before opening the bypass."]
PAGE_THREE = ["Backwash filter 4 when head loss reaches 2.4 m.", "Log the run time in the filter book."]


@pytest.fixture(scope="module")
def ocr_engine() -> OcrEngine:
    return OcrEngine(resolve_model(MODELS, "PP-OCRv4", "ocr"), threads=2)


@pytest.fixture(params=["here", "child", "two children"])
def ocr_engine_both_ways(request, tmp_path, embedder):
    """An engine that runs OCR in this process, or one that parses (and OCRs) in a child process as the window does,
    or in two, which read a scan's pages side by side."""
    engine = make_engine(tmp_path / "data", embedder)
    if request.param == "child":
        engine.reader = DocumentProcess(OcrSettings(MODELS, engine.settings.ocr_model, 2))
    if request.param == "two children":
        engine.reader = DocumentProcess(OcrSettings(MODELS, engine.settings.ocr_model), workers=2)
    yield engine
    engine.close()
    if engine.reader is not None:
        engine.reader.close()


def test_scanned_pdf_is_indexed_and_the_unreadable_page_named(ocr_engine_both_ways, docs):
    one, one_boxes = scanned_page(PAGE_ONE)
    three, three_boxes = scanned_page(PAGE_THREE)
    image_pdf(docs / "scan.pdf", [one, noise_page(), three])
    engine = ocr_engine_both_ways
    seen: list[str] = []
    report = engine.ingest([docs], progress=lambda state: seen.append(state.detail))
    [result] = report.results
    assert result.status == "added"
    assert result.message == "page 2 could not be read (blank or illegible scan)"
    # each page announced as it is read (the last again when the file is settled); two children read
    # pages 1 and 3, and 2, side by side
    announced = list(dict.fromkeys(d for d in seen if d.startswith("OCR page")))
    if engine.reader is not None and engine.reader.workers == 2:
        announced.sort()
    assert announced == [f"OCR page {n} of 3" for n in (1, 2, 3)]

    [doc] = engine.store.manifest.documents()
    assert (doc.pages, doc.ocr_pages, doc.unreadable_pages) == (3, 3, (2,))
    assert doc.ocr_confidence is not None and doc.ocr_confidence > 0.9

    [hit, *_] = engine.search("backwash filter head loss").hits
    assert 3 in hit.chunk.pages and "head loss reaches 2.4" in hit.chunk.text
    # the words' boxes are where they were drawn (pixels at 150 dpi -> PDF points)
    pages = engine.store.manifest.ocr_pages(doc.doc_id)
    text = pages[2].text
    assert "head loss reaches 2.4" in text and "Backwash" not in pages[0].text
    word = next(w for w in pages[2].words if text[w.start:w.end] == "Backwash")
    left, top, right, bottom = (v * 72 / SCAN_DPI for v in three_boxes[0])
    assert abs(word.box[0] - left) < 4 and abs(word.box[1] - top) < 6 and word.box[3] < bottom + 6
    assert word.box[2] < left + (right - left) * 0.3  # the first word, not the whole line


def test_multi_page_tiff_is_a_document(tmp_path, embedder, docs, ocr_engine):
    one, _ = scanned_page(PAGE_ONE)
    three, _ = scanned_page(PAGE_THREE)
    one.save(docs / "sop.tiff", save_all=True, append_images=[three], compression="tiff_lzw")
    document = load_document(docs / "sop.tiff", OcrReader(lambda: ocr_engine))
    assert document.format == "image" and document.page_count == 2 and not document.unreadable_pages
    where = document.text.index("Backwash")
    assert document.page_at(where) == 2
    assert "SOP-114" in document.text and "V-12" in document.text


def test_png_is_indexed_and_found(tmp_path, embedder, docs):
    image, _ = scanned_page(PAGE_THREE)
    image.save(docs / "note.png")
    engine = make_engine(tmp_path / "data", embedder)
    assert [r.status for r in engine.ingest([docs]).results] == ["added"]
    [hit, *_] = engine.search("filter book run time").hits
    assert Path(hit.document.source).name == "note.png" and hit.chunk.pages == (1,)
    assert "Log the run time" in hit.chunk.text
    engine.close()


def test_a_page_with_nothing_readable_fails_with_its_number(tmp_path, embedder, docs):
    image_pdf(docs / "blank.pdf", [noise_page(), noise_page()])
    engine = make_engine(tmp_path / "data", embedder)
    [result] = engine.ingest([docs]).results
    assert result.status == "failed" and "pages 1-2 could not be read" in result.message
    engine.close()


def test_cancel_stops_between_pages_and_writes_nothing(ocr_engine_both_ways, docs):
    pages = [scanned_page([f"Page {n} of the pump manual"])[0] for n in range(1, 5)]
    image_pdf(docs / "manual.pdf", pages)
    engine = ocr_engine_both_ways
    seen: list[str] = []

    def progress(state: IngestProgress) -> None:
        seen.append(f"{state.current} {state.detail}")

    report = engine.ingest([docs], progress, cancel=lambda: any("OCR page 2 of 4" in c for c in seen))
    assert report.cancelled
    assert not any("OCR page 3" in c for c in seen)  # stopped before the third page was read
    assert engine.store.manifest.documents() == [] and engine.store.manifest.chunk_count() == 0


def test_reader_raises_cancelled_before_reading(ocr_engine):
    reader = OcrReader(lambda: ocr_engine, cancel=lambda: True)
    with pytest.raises(Cancelled):
        reader.read_page(0, 1, lambda: (scanned_page(["x"])[0], 1.0))
