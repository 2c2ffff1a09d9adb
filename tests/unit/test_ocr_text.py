"""OCR output to page text and word boxes, and the manifest table that keeps them (no model needed)."""

import json
import sqlite3

from operator_assistant.core.documents.ocr import OcrPage, OcrWord, page_from_lines
from operator_assistant.core.index.manifest import Manifest
from operator_assistant.folder.records import page_list, unreadable_note


def quad(left, top, right, bottom):
    return [[left, top], [right, top], [right, bottom], [left, bottom]]


def test_lines_become_rows_left_to_right_with_a_box_per_word():
    found = [  # as RapidOCR returns them: the right-hand cell first, a few pixels higher
        [quad(600, 98, 700, 130), "85 psi", 0.9],
        [quad(100, 100, 400, 132), "High alarm PT-2105", 0.8, [quad(100 + 16 * i, 100, 116 + 16 * i, 132) for i in range(18)]],
        [quad(100, 200, 300, 232), "Reset", 0.7],
    ]
    page = page_from_lines(found, unit=2.0)
    assert page.text == "High alarm PT-2105 85 psi\nReset"
    by_word = {page.text[w.start:w.end]: w for w in page.words}
    assert list(by_word) == ["High", "alarm", "PT-2105", "85", "psi", "Reset"]
    # per-character boxes where the recognizer gave them, halved into page units
    assert by_word["alarm"].box == ((100 + 16 * 5) / 2, 50, (116 + 16 * 9) / 2, 66)
    # without them, the line's box shared out by character
    assert by_word["85"].box == (300.0, 49.0, 300 + 100 / 6 * 2 / 2, 65.0)
    assert round(page.confidence, 3) == round((0.8 * 3 + 0.9 * 2 + 0.7) / 6, 3)


def test_nothing_read_is_an_unreadable_page():
    assert not page_from_lines([]).readable
    assert not page_from_lines([[quad(0, 0, 10, 10), "  ", 0.9]]).readable


def test_unreadable_pages_are_named_in_runs():
    assert page_list([12, 7]) == "7, 12"
    assert page_list([3, 4, 5, 9]) == "3-5, 9"
    assert unreadable_note([7, 12]) == "pages 7, 12 could not be read (blank or illegible scan)"
    assert unreadable_note([2]).startswith("page 2 could not")


def test_ocr_pages_table_is_added_to_an_existing_data_dir(tmp_path):
    path = tmp_path / "manifest.sqlite3"
    Manifest(path).close()
    db = sqlite3.connect(path)  # a data dir made before OCR: no ocr_pages table, one document
    db.execute("DROP TABLE ocr_pages")
    db.execute("INSERT INTO documents VALUES ('d1', '/docs/a.pdf', 'A', 'pdf', 'h', 10, 3, 'v8', 0, 'indexed', NULL)")
    db.commit()
    db.close()
    manifest = Manifest(path)
    [doc] = manifest.documents()
    assert (doc.source, doc.ocr_pages, doc.ocr_note) == ("/docs/a.pdf", 0, "")
    page = OcrPage("Close V-12", (OcrWord(0, 5, (1.0, 2.0, 3.0, 4.0), 0.9), OcrWord(6, 10, (5.0, 2.0, 9.0, 4.0), 0.8)), 0.85)
    with manifest.transaction() as tx:
        manifest.replace_ocr_pages(tx, "d1", {0: page, 2: OcrPage("")})
    assert manifest.ocr_pages("d1") == {0: page, 2: OcrPage("")}
    [doc] = manifest.documents()
    assert (doc.ocr_pages, doc.unreadable_pages, doc.ocr_confidence) == (2, (3,), 0.85)
    assert doc.ocr_note == "read by OCR on 2 pages, mean confidence 0.85; page 3 could not be read (blank or illegible scan)"
    assert json.loads(manifest.db.execute("SELECT words FROM ocr_pages WHERE page = 1").fetchone()[0])[0][:2] == [0, 5]
