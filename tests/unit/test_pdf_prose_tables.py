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


def _table_under_a_line(path, line_parts, rows, across=False):
    """A ruled table of `rows` with no row of names in its rules; `line_parts` set on a line just above it,
    one at each column's left edge (as a shaded band of column names is set over the ruled body), or with
    `across`, two parts read as one line of words, the edge between the two columns falling between them."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "", 10)
    width = pdf.epw / len(rows[0])
    if across:
        space = pdf.get_string_width(" ")
        edge = pdf.l_margin + width
        pdf.text(edge - space / 2 - pdf.get_string_width(line_parts[0]), 27, line_parts[0])
        pdf.text(edge + space / 2, 27, line_parts[1])
        line_parts = []
    for n, part in enumerate(line_parts):
        pdf.text(pdf.l_margin + n * width + 1, 27, part)
    pdf.set_y(29)
    with pdf.table(first_row_as_headings=False) as table:
        for cells in rows:
            row = table.row()
            for cell in cells:
                row.cell(cell)
    pdf.output(str(path))
    return parse_document(path, path.read_bytes())


_CAUSES = [("Controller is not working", "Controller connected incorrectly or the cable to the panel is loose",
            "Check all cables and connections for short circuits, open circuits or a wrong pin allocation."),
           ("", "Internal device fuse burned through after a short circuit inside the unit",
            "Replace the controller and send the old one to the service centre for a report."),
           ("Axis does not reach its rated speed", "Controller parameters set wrongly after the last download",
            "Check the controller parameters against the commissioning sheet and download them again.")]


def test_column_names_set_just_above_a_ruled_body_name_its_columns(tmp_path) -> None:
    document = _table_under_a_line(tmp_path / "festo.pdf", ["Problem", "Cause", "Remedy"], _CAUSES)
    assert [t.names for t in document.tables] == [("Problem", "Cause", "Remedy")]
    table = document.tables[0]
    assert document.text[table.header[0].start:table.header[0].end] == "Problem"
    entries = [e for e in find_entries(document) if e.kind == SYMPTOM]
    assert [e.key.text for e in entries] == ["Controller is not working", "Axis does not reach its rated speed"]
    assert len(entries[0].fields) == 4  # both causes, each with its remedy


def test_a_title_over_a_ruled_body_is_no_row_of_column_names(tmp_path) -> None:
    # a title read across two columns, the edge between them falling between two of its words, names neither
    lamps = [("Lamp", "Meaning"), ("RUN", "Running"), ("ALM", "Fault"), ("COM", "No link")]
    document = _table_under_a_line(tmp_path / "title.pdf", ["Front panel lamps and", "the faults they show"], lamps,
                                   across=True)
    assert [t.names for t in document.tables] == [lamps[0]]
