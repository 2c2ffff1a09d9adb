"""An offset in a PDF's text is pdfium's character index on its page, also after characters pdfium's text call
gives otherwise than it counts them (a formula's letters beyond the basic plane): the viewer's highlight and a
drawn table's cells are placed by it."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from operator_assistant.core.documents import load_document

FORMULA = "Shaft set \U0001D538 = 12 mm and \U0001D539 = 40 mm from the coupling face"
SETTING = "Rated torque: 25 Nm at the coupling"


def _font() -> Path:
    """A font that draws the formula's letters: DejaVu Sans, as OpenCV (installed for OCR) ships it."""
    cv2 = pytest.importorskip("cv2")
    font = Path(cv2.__file__).parent / "qt" / "fonts" / "DejaVuSans.ttf"
    if not font.exists():
        pytest.skip(f"no DejaVu Sans at {font} to draw letters beyond the basic plane")
    return font


def _formula_page(path: Path) -> Path:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.add_font("dejavu", "", str(_font()))
    pdf.set_font("dejavu", "", 11)
    pdf.text(15, 30, FORMULA)
    pdf.text(15, 40, SETTING)
    pdf.output(str(path))
    return path


def test_offsets_after_a_letter_beyond_the_basic_plane_are_pdfium_characters(tmp_path):
    path = _formula_page(tmp_path / "shaft.pdf")
    textpage = pdfium.PdfDocument(str(path))[0].get_textpage()
    assert len(textpage.get_text_range()) < textpage.count_chars()  # what pdfium's text call gives
    doc = load_document(path)
    assert "\U0001D538" in doc.text and "= 12 mm" in doc.text and SETTING in doc.text
    start = doc.text.index("25 Nm") - doc.page_starts[0]
    indexes = [doc.pdf_char(0, offset) for offset in range(start, start + len("25 Nm"))]
    assert "".join(textpage.get_text_range(i, 1) for i in indexes) == "25 Nm"
