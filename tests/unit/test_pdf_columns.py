"""Two-column PDF pages whose text layer reads each line across both columns are read column by column."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

from operator_assistant.core.chunking import chunk_document
from operator_assistant.core.documents import load_document
from operator_assistant.core.documents.base import squash
from tests.support.pdf_pages import FOOTER, HEADING, LEFT, RIGHT, pdfium_text, two_column_page


def test_lines_read_across_two_columns_are_put_in_column_order(tmp_path):
    path = two_column_page(tmp_path / "across.pdf", LEFT, RIGHT)
    assert f"{LEFT[0]} {RIGHT[0]}" in pdfium_text(path)  # what pdfium gives: one line across the gutter
    doc = load_document(path)
    flat = squash(doc.text.replace("\n", " "))
    left, right = " ".join(LEFT), " ".join(RIGHT)
    assert doc.reordered_pages.keys() == {0}
    assert flat.index(HEADING) < flat.index(left) < flat.index(right) < flat.index(FOOTER)
    chunks = [squash(chunk.text.replace("\n", " ")) for chunk in chunk_document(doc)]
    assert any(left in chunk for chunk in chunks) and any(right in chunk for chunk in chunks)
    assert not any(f"{LEFT[0]} {RIGHT[0]}" in chunk for chunk in chunks)


def test_offsets_on_a_reordered_page_map_to_pdfium_characters_of_the_right_words(tmp_path):
    path = two_column_page(tmp_path / "across.pdf", LEFT, RIGHT)
    doc = load_document(path)
    page = pdfium.PdfDocument(str(path))[0]
    textpage = page.get_textpage()
    gutter = textpage.get_charbox(pdfium_text(path).index(RIGHT[0]))[0]  # the right column's left edge
    for phrase, on_right in (("half a milligram per litre", True), ("wash trough", False)):
        start = doc.text.index(phrase) - doc.page_starts[0]
        indexes = [doc.pdf_char(0, offset) for offset in range(start, start + len(phrase))]
        assert "".join(textpage.get_text_range(i, 1) for i in indexes) == phrase
        lefts = [textpage.get_charbox(i)[0] for i in indexes]
        assert all((x >= gutter - 1) == on_right for x in lefts)
    # a line break added between two runs of a column is none of pdfium's characters
    end_of_row = doc.text.index(LEFT[0]) + len(LEFT[0]) - doc.page_starts[0]
    assert doc.text[doc.page_starts[0] + end_of_row] == "\n" and doc.pdf_char(0, end_of_row) == -1


def test_a_page_already_in_column_order_is_left_as_pdfium_reads_it(tmp_path):
    path = two_column_page(tmp_path / "columns.pdf", LEFT, RIGHT, across=False)
    doc = load_document(path)
    assert doc.reordered_pages == {}
    assert doc.text == pdfium_text(path).replace("\r", " ")


def test_a_table_whose_rows_have_gaps_at_the_same_place_is_no_pair_of_columns(tmp_path):
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "", 10)
    rows = [("Tag", "Service", "Setpoint", "Unit"), ("PT-2105", "Discharge", "85", "psi"),
            ("LT-0410", "Wet well", "7.9", "ft"), ("FT-3001", "Plant flow", "12.5", "MGD"),
            ("AT-0020", "Chlorine", "0.8", "mg/L")]
    # prose above it, as on a real page: the table's gaps are wide beside the usual space between words
    pdf.multi_cell(0, 5, "Set the alarm limits for each transmitter from the table below and check them "
                   "against the panel readings at the start of every shift before the pumps are started.")
    for i, row in enumerate(rows):
        for x, cell in zip((20, 70, 120, 160), row):
            pdf.text(x, 40 + i * 6, cell)
    path = tmp_path / "table.pdf"
    pdf.output(str(path))
    doc = load_document(path)
    assert doc.reordered_pages == {}
    assert [cell.text for cell in doc.tables[0].rows[0]] == ["PT-2105", "Discharge", "85", "psi"]


BODY = ["Use only water that has been boiled or disinfected for drinking.", "Bring the water to a rolling boil for one minute.",
        "Let it cool and store it in clean covered containers.",
        "Add eight drops of bleach to each gallon if it cannot be boiled."]
TITLE = "EMERGENCY WATER DISINFECTION"


def title_written_last(path: Path, sideways: bool = False, title_size: int = 20, title_y: int = 45) -> Path:
    """A fact sheet whose content stream gives the body first and the title after it, the title set
    at the top of the page in large type (or sideways along its right edge)."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "", 10)
    for i, line in enumerate(BODY):
        pdf.text(15, 60 + i * 6, line)
    pdf.set_font("Helvetica", "B", title_size)
    if sideways:
        with pdf.rotation(90, 195, 200):
            pdf.text(195, 200, TITLE)
    else:
        pdf.text(15, title_y, TITLE)  # 45: below the top tenth, where running headers are looked for
    pdf.output(str(path))
    return path


def test_a_title_the_stream_gives_last_is_read_first_and_heads_the_page(tmp_path):
    for sideways in (False, True):
        path = title_written_last(tmp_path / f"sheet-{sideways}.pdf", sideways=sideways)
        assert pdfium_text(path).index(BODY[0]) < pdfium_text(path).index(TITLE[:9])  # what pdfium gives
        doc = load_document(path)
        assert doc.reordered_pages.keys() == {0}
        assert doc.text.index(TITLE) < doc.text.index(BODY[0])
        chunks = chunk_document(doc)
        assert chunks and all(c.section[:1] == (TITLE,) for c in chunks), [c.section for c in chunks]
        # offsets still map to pdfium's characters of the same words
        start = doc.text.index(TITLE)
        raw = pdfium_text(path)
        assert "".join(raw[doc.pdf_char(0, start + i)] for i in range(len(TITLE))) == TITLE


def test_a_title_in_body_type_or_below_the_text_stays_where_the_stream_has_it(tmp_path):
    path = title_written_last(tmp_path / "small.pdf", title_size=10)  # no larger than the body: not a title
    assert load_document(path).reordered_pages == {}
    path = title_written_last(tmp_path / "below.pdf", title_y=120)  # large, but under the text: a heading in place
    assert load_document(path).reordered_pages == {}
