"""A two-column PDF page whose text layer reads each line across both columns, and pdfium's text of a page."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

LEFT = ["Close the inlet valve on filter four and", "wait until the level in the filter box drops",
        "below the wash trough before the backwash", "pumps are started from the main panel."]
RIGHT = ["Chlorine residual at the clearwell outlet", "must stay above half a milligram per litre",
         "at all times and operators log the reading", "every two hours on the shift sheet."]
HEADING = "Filter Backwash and Disinfection Checks"
FOOTER = "Record every reading in the plant log before the end of the shift today."
GUTTER = 6  # mm between the columns


def two_column_page(path: Path, left: list[str], right: list[str], across: bool = True) -> Path:
    """A page with a full-width heading, two columns and a full-width line under them. With `across`,
    each row's left and right halves are written one after the other, so pdfium reads them as one
    line; else the left column is written first, then the right."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.text(15, 30, HEADING)
    pdf.set_font("Helvetica", "", 10)
    right_x = 15 + max(map(pdf.get_string_width, left)) + GUTTER  # columns filled to the gutter
    rows = list(zip(left, right))
    if across:
        for i, (a, b) in enumerate(rows):
            pdf.text(15, 40 + i * 5, a)
            pdf.text(right_x, 40 + i * 5, b)
    else:
        for i, a in enumerate(left):
            pdf.text(15, 40 + i * 5, a)
        for i, b in enumerate(right):
            pdf.text(right_x, 40 + i * 5, b)
    pdf.text(15, 45 + len(rows) * 5, FOOTER)
    pdf.output(str(path))
    return path


def pdfium_text(path: Path) -> str:
    return pdfium.PdfDocument(str(path))[0].get_textpage().get_text_range()
