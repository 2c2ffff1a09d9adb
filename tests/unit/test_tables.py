"""Tables as data: every loader keeps its tables as rows of cells at their exact place in the text."""

from __future__ import annotations

import io
from pathlib import Path

from operator_assistant.core.documents import load_document, parse_document
from operator_assistant.core.documents.tables import cell_unit, column_unit, table_from_json, table_to_json
from tests.conftest import SAMPLE_DOCS


def assert_cells_in_place(document) -> None:
    assert document.tables, "no table found: nothing would be checked"
    for table in document.tables:
        for cell in table.header + tuple(c for row in table.rows for c in row):
            assert " ".join(document.text[cell.start:cell.end].split()) == " ".join(cell.text.split()), cell


def texts(row) -> list[str]:
    return [c.text for c in row]


def test_a_pdf_table_is_split_into_cells_at_its_column_gaps():
    document = load_document(SAMPLE_DOCS / "booster-station-b-om-manual.pdf")
    assert_cells_in_place(document)
    table = next(t for t in document.tables if "High alarm" in texts(t.header))
    assert texts(table.header) == ["Pump", "Transmitter", "Low alarm", "High alarm", "High-high trip", "Unit"]
    assert texts(table.rows[1]) == ["B-2", "PT-2102", "66", "118", "127", "psi"]
    assert texts(table.rows[4])[0] == "Discharge header"  # a cell of two words stays one cell
    assert document.page_at(table.rows[1][3].start) == 2
    assert cell_unit(table, table.rows[1], 3) == "psi" and cell_unit(table, table.rows[1], 0) == ""


def test_prose_and_numbered_lists_in_a_pdf_are_not_tables(tmp_path):
    from tests.conftest import make_pdf

    lines = [("The station has four pumps and runs two at a time in normal operation.", 10)] * 4
    lines += [("1. Confirm suction pressure.", 10), ("2. Open the valves.", 10), ("3. Start the pump.", 10)]
    document = load_document(make_pdf(tmp_path / "prose.pdf", [lines]))
    assert document.tables == []


def test_markdown_tables_keep_their_pipes_out_of_the_cells():
    text = ("# Setpoints\n\n| Trigger | Setpoint (ft) | Notes |\n|---|---|---|\n"
            "| Headloss | 8.0 | across the bed |\n| Run time | 96 h | |\n")
    document = parse_document(Path("x.md"), text.encode())
    assert_cells_in_place(document)
    [table] = document.tables
    assert texts(table.header) == ["Trigger", "Setpoint (ft)", "Notes"]
    assert texts(table.rows[1]) == ["Run time", "96 h", ""]
    assert column_unit("Setpoint (ft)") == "ft" and cell_unit(table, table.rows[0], 1) == "ft"
    assert cell_unit(table, table.rows[1], 1) == "h"  # a value's own unit comes first


def test_html_spanning_cells_stand_for_each_column_they_cover():
    html = ("<table><tr><th>Parameter</th><th colspan='2'>Alarms</th></tr>"
            "<tr><td>Level</td><td>8.0 ft</td><td>30.5 ft</td></tr></table>")
    document = parse_document(Path("x.html"), html.encode())
    assert_cells_in_place(document)
    [table] = document.tables
    assert texts(table.header) == ["Parameter", "Alarms", "Alarms"] and table.header[1] is table.header[2]
    assert texts(table.rows[0]) == ["Level", "8.0 ft", "30.5 ft"]
    assert "Alarms | Alarms" not in document.text  # the text holds a spanning cell once


def test_docx_tables_keep_empty_and_merged_cells_in_their_columns(tmp_path):
    import docx

    word = docx.Document()
    word.add_heading("Alarms", 1)
    table = word.add_table(rows=3, cols=3)
    for r, row in enumerate([["Tag", "Low", "High"], ["LIT-450", "", "30.5"], ["LIT-460", "Fixed", ""]]):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    table.cell(2, 1).merge(table.cell(2, 2))
    buffer = io.BytesIO()
    word.save(buffer)
    document = parse_document(Path("x.docx"), buffer.getvalue())
    assert_cells_in_place(document)
    [found] = document.tables
    assert texts(found.rows[0]) == ["LIT-450", "", "30.5"]
    assert texts(found.rows[1])[:2] == ["LIT-460", "Fixed"] and found.rows[1][1] is found.rows[1][2]


def test_a_table_survives_its_trip_through_the_manifest():
    document = load_document(SAMPLE_DOCS / "booster-station-b-om-manual.pdf")
    assert document.tables, "the manual's tables were not found: nothing would be checked"
    for table in document.tables:
        assert table_from_json(table_to_json(table)) == table


def test_a_spanning_title_is_left_out_and_a_line_of_units_joins_the_header():
    html = ("<table><tr><td colspan='2'>Table A. Minimum Flushing Flows</td></tr>"
            "<tr><td>Nominal Main Size</td><td>Minimum Flushing Flow</td></tr>"
            "<tr><td>Diameter (inches)</td><td>(gallons per minute)</td></tr>"
            "<tr><td>6</td><td>225</td></tr><tr><td>8</td><td>400</td></tr></table>")
    document = parse_document(Path("x.html"), html.encode())
    assert_cells_in_place(document)
    [table] = document.tables
    assert table.names == ("Nominal Main Size Diameter (inches)", "Minimum Flushing Flow (gallons per minute)")
    assert [texts(r) for r in table.rows] == [["6", "225"], ["8", "400"]]
    assert cell_unit(table, table.rows[1], 1) == "gallons per minute"
    assert table_from_json(table_to_json(table)) == table


def test_a_first_row_of_figures_is_never_taken_for_a_line_of_units():
    html = ("<table><tr><th>Item</th><th>Flow (gpm)</th></tr><tr><td>Pump (B-1)</td><td>1,200 (rated)</td></tr>"
            "<tr><td>Pump (B-2)</td><td>1,150 (rated)</td></tr></table>")
    [table] = parse_document(Path("x.html"), html.encode()).tables
    assert table.header_lines == () and len(table.rows) == 2


def test_a_ruled_pdf_table_with_a_two_line_header_is_read_from_its_drawn_grid(tmp_path):
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    pdf.multi_cell(0, 6, "Table 2. Booster pump alarms, as set in the PLC.")
    with pdf.table(col_widths=(30, 30, 30, 30), text_align="LEFT", num_heading_rows=2) as grid:
        row = grid.row()
        row.cell("Pump", rowspan=2)
        row.cell("Discharge pressure (psi)", colspan=3)
        row = grid.row()
        for name in ("Low alarm", "High alarm", "High-high trip"):
            row.cell(name)
        for values in [("B-1", "65", "116", "125"), ("B-2", "66", "118", "127"), ("B-3", "64", "124", "133")]:
            row = grid.row()
            for value in values:
                row.cell(value)
    pdf.output(str(tmp_path / "ruled.pdf"))
    document = load_document(tmp_path / "ruled.pdf")
    assert_cells_in_place(document)
    [table] = document.tables
    # the spanning "Discharge pressure (psi)" names all three value columns; "Pump" spans down and counts once
    assert table.names == ("Pump", "Discharge pressure (psi) Low alarm", "Discharge pressure (psi) High alarm",
                           "Discharge pressure (psi) High-high trip")
    assert [texts(r) for r in table.rows] == [["B-1", "65", "116", "125"], ["B-2", "66", "118", "127"],
                                             ["B-3", "64", "124", "133"]]
    assert cell_unit(table, table.rows[1], 2) == "psi"
    assert document.page_at(table.rows[1][2].start) == 1


def test_a_box_of_prose_drawn_on_a_pdf_page_is_no_table(tmp_path):
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    with pdf.table(col_widths=(90, 90), text_align="LEFT") as grid:
        for left, right in [("Warning", "Caution"),
                            ("Never enter a confined space without a permit signed by the entry supervisor.",
                             "Isolate every energy source and verify zero energy before any work begins."),
                            ("Keep the attendant outside the space at all times during the entry.",
                             "Test the atmosphere for oxygen, flammable gases and toxic contaminants first.")]:
            row = grid.row()
            row.cell(left)
            row.cell(right)
    pdf.output(str(tmp_path / "box.pdf"))
    assert load_document(tmp_path / "box.pdf").tables == []


def test_a_drawn_grid_with_split_columns_and_a_wrapped_header_reads_as_its_table():
    from operator_assistant.core.documents.tables import Cell, table_from_grid

    text = "Volume of|Water|Amount of 6%|Bleach to Add|1 gallon|8 drops|8 gallons|2/3 tsp"
    at = {}
    for word in text.split("|"):
        at[word] = Cell(word, text.index(word), text.index(word) + len(word))
    empty = None
    # a box one row draws a little wider splits each column in two, as pdfplumber reports it
    grid = [[empty, at["Volume of"], empty, at["Amount of 6%"]],
            [empty, at["Water"], empty, at["Bleach to Add"]],
            [at["1 gallon"], at["1 gallon"], at["8 drops"], at["8 drops"]],
            [empty, at["8 gallons"], empty, at["2/3 tsp"]]]
    table = table_from_grid(grid)
    assert table is not None
    assert table.names == ("Volume of Water", "Amount of 6% Bleach to Add")
    assert [texts(r) for r in table.rows] == [["1 gallon", "8 drops"], ["8 gallons", "2/3 tsp"]]


def test_a_first_row_of_prose_under_a_drawn_header_is_a_row_not_a_second_header_line():
    from operator_assistant.core.documents.tables import Cell, table_from_grid

    cells = ["Symptom", "Probable cause", "Remedy", "Float stays at zero, no chlorine feed",
             "Cylinder valve closed, or cylinder empty", "Open the cylinder valve one turn",
             "No vacuum on the ejector gauge", "Motive water pressure too low", "Restore at least 45 psi"]
    at, pos = [], 0
    for text in cells:
        at.append(Cell(text, pos, pos + len(text)))
        pos += len(text) + 1
    table = table_from_grid([at[0:3], at[3:6], at[6:9]])
    assert table is not None
    assert table.names == ("Symptom", "Probable cause", "Remedy")
    assert [texts(r)[0] for r in table.rows] == ["Float stays at zero, no chlorine feed", "No vacuum on the ejector gauge"]


def test_ruled_grids_are_found_on_a_copy_without_text_where_the_page_has_them():
    # pdfplumber reads a copy of the ruled pages without their text (it would lay out every
    # character first); the grids must be the ones it finds on the pages themselves
    import pdfplumber
    import pypdfium2 as pdfium

    from operator_assistant.core.documents.pdf_tables import _drawing_only

    data = (SAMPLE_DOCS / "booster-station-b-om-manual.pdf").read_bytes()
    numbers = [0, 1, 3]
    copy = _drawing_only(data, numbers)
    assert all(pdfium.PdfDocument(copy)[i].get_textpage().count_chars() == 0 for i in range(len(numbers)))
    with pdfplumber.open(io.BytesIO(data)) as original, pdfplumber.open(io.BytesIO(copy)) as drawn:
        for index, number in enumerate(numbers):
            assert drawn.pages[index].bbox == original.pages[number].bbox
            found = [t.cells for t in original.pages[number].find_tables()]
            assert found  # the page has ruled tables
            again = [t.cells for t in drawn.pages[index].find_tables()]
            assert len(again) == len(found)
            for cells, copied in zip(found, again):
                assert len(copied) == len(cells)
                assert all(abs(a - b) < 1e-3 for box, other in zip(cells, copied) for a, b in zip(box, other))


def test_a_ruled_table_whose_wrapped_cells_the_text_reads_across_is_read_cell_by_cell(tmp_path):
    # A troubleshooting matrix with narrow cause and remedy columns, its text written line by line across
    # each row (as many manuals are): a wrapped cell's second line comes after its neighbours' first. Every
    # cell must still be one run of the document's text, found in place, and the matrix read by its columns.
    from fpdf import FPDF

    from operator_assistant.core.documents.entries import SYMPTOM, find_entries

    lefts, widths = (20, 45, 70, 130), (25, 25, 60, 60)
    rows = [(["Bearing hot"], ["Grease leaks"], ["Possible cause"], ["Corrective action"]),
            (["x"], [], ["Too little grease in", "the bearing housing"], ["Add grease"]),
            ([], ["x"], ["Too much grease"], ["Clean the bearing and add", "the correct amount"]),
            (["x"], ["x"], ["Worn bearing seals"], ["Replace the seals"])]
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    pdf.text(20, 20, "Troubleshooting of the bearings")
    top = 30.0
    for cells in rows:
        height = 6.0 * max(len(c) for c in cells) + 2
        for k in range(max(len(c) for c in cells)):  # line by line across the row
            for left, lines in zip(lefts, cells):
                if k < len(lines):
                    pdf.text(left + 1, top + 5 + 6 * k, lines[k])
        for left, width in zip(lefts, widths):
            pdf.rect(left, top, width, height)
        top += height
    pdf.output(str(tmp_path / "matrix.pdf"))
    document = load_document(tmp_path / "matrix.pdf")
    assert_cells_in_place(document)
    [table] = document.tables
    assert table.names == ("Bearing hot", "Grease leaks", "Possible cause", "Corrective action")
    assert [" ".join(c.text.split()) for c in table.rows[1]] == [
        "", "x", "Too much grease", "Clean the bearing and add the correct amount"]
    leaks = next(e for e in find_entries(document) if e.kind == SYMPTOM and e.key.text == "Grease leaks")
    assert [" ".join(f.text.split()) for f in leaks.fields] == [
        "Too much grease", "Clean the bearing and add the correct amount", "Worn bearing seals", "Replace the seals"]
