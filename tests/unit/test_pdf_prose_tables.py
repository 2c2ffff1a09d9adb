"""A ruled PDF table whose cells are prose (a troubleshooting table's causes and remedies) is a table where its
first row names its columns; boxes drawn around paragraphs stay no table."""

from __future__ import annotations

from operator_assistant.core.documents import parse_document
from operator_assistant.core.documents.entries import SYMPTOM, find_entries


def test_a_ruled_pdf_table_of_prose_cells_under_short_column_names_is_a_table(tmp_path) -> None:
    from fpdf import FPDF

    rows = [("Problem", "Probable cause", "Remedy"),
            ("Pump will not start", "No supply voltage, or the motor overload relay has tripped on the last run",
             "Check the isolator and the MCC supply, reset the overload relay and measure the motor current."),
            ("", "Dry-run protection tripped and latched after the hopper ran empty",
             "Fill the pump casing with liquid, open the suction valve and press the dry-run reset."),
            ("Stator runs hot", "Pump running dry or with an intermittent feed from the hopper",
             "Stop the pump at once and check the hopper level and the dry-run sensor wiring.")]
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "", 10)
    with pdf.table() as table:
        for cells in rows:
            row = table.row()
            for cell in cells:
                row.cell(cell)
    pdf.output(str(tmp_path / "pump.pdf"))
    document = parse_document(tmp_path / "pump.pdf", (tmp_path / "pump.pdf").read_bytes())
    assert [t.names for t in document.tables] == [("Problem", "Probable cause", "Remedy")]
    entries = [e for e in find_entries(document) if e.kind == SYMPTOM]
    assert [e.key.text for e in entries] == ["Pump will not start", "Stator runs hot"]
    assert len(entries[0].fields) == 4  # both causes, each with its remedy


def test_a_box_drawn_around_paragraphs_is_still_no_table(tmp_path) -> None:
    from fpdf import FPDF

    paragraph = ("Read the whole manual before working on the pump and keep it with the plant records. "
                 "Sludge lines can hold pressure after the pump stops.")
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "", 10)
    with pdf.table() as table:
        for _ in range(3):
            row = table.row()
            row.cell(paragraph)
            row.cell(paragraph)
    pdf.output(str(tmp_path / "boxes.pdf"))
    assert parse_document(tmp_path / "boxes.pdf", (tmp_path / "boxes.pdf").read_bytes()).tables == []
