"""CSV/TSV and XLSX files read as tables (every cell at its exact place, named by its sheet cell),
and any other file read as text when its content is text."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from operator_assistant.core.answer.card import _table_found, table_card
from operator_assistant.core.answer.records import Card, CardCell, Source
from operator_assistant.core.documents import parse_document
from operator_assistant.core.documents.base import HEADING, ROW, TEXT
from operator_assistant.core.documents.csv_table import guess_delimiter
from operator_assistant.core.documents.sniff import sniff
from operator_assistant.core.documents.tables import Table, table_from_json, table_to_json
from operator_assistant.core.documents.xlsx import number_text
from operator_assistant.core.index.manifest import TableRecord
from operator_assistant.core.ingest import SKIPPED, collect_files
from operator_assistant.errors import DocumentError
from operator_assistant.folder.records import FAILED_FILE
from tests.support.spreadsheets import ALARM_PREFACE, ALARMS, alarm_csv, replace_part, setpoint_workbook


def cells(table: Table):
    return [c for row in (table.header, *table.header_lines, *table.rows) for c in row]


def assert_exact(document, table: Table) -> None:
    assert cells(table), "an empty table: nothing would be checked"
    for cell in cells(table):
        assert document.text[cell.start:cell.end] == cell.text, cell


@pytest.mark.parametrize("name, delimiter, encoding", [
    ("alarms.csv", ",", "utf-8"), ("alarms.csv", ";", "cp1252"), ("alarms.tsv", "\t", "utf-8-sig"),
    ("alarms.csv", "\t", "utf-8"), ("alarms.csv", "|", "utf-8"),
])
def test_a_csv_alarm_list_is_one_table_in_any_dialect(name, delimiter, encoding):
    data = alarm_csv(delimiter, encoding)
    if encoding == "cp1252":
        assert "°".encode() not in data  # really the legacy code page: the degree sign is one byte
    document = parse_document(Path(name), data)
    assert document.format == "csv" and document.title == "alarms"
    [table] = document.tables
    assert table.names == tuple(ALARMS[0])  # the title line above is not the header
    assert [[c.text for c in row] for row in table.rows] == ALARMS[1:]
    assert_exact(document, table)
    # refs: column letter and the row of the file, counting the title line
    assert [c.ref for c in table.header] == ["A2", "B2", "C2", "D2"]
    assert [c.ref for c in table.rows[1]] == ["A4", "B4", "C4", "D4"]
    assert table.rows[2][1].text == 'Seal water flow "low"' and table.rows[2][1].ref == "B5"


def test_the_title_line_of_an_export_is_text_and_the_rows_are_rows():
    document = parse_document(Path("alarms.csv"), alarm_csv(";", "cp1252"))
    blocks = [(b.kind, document.text[b.start:b.end]) for b in document.blocks]
    assert blocks[0] == (TEXT, ALARM_PREFACE)
    assert blocks[1] == (ROW, "Tag | Description | Priority | Setpoint (°C)")
    assert (ROW, "LT-3001 | Wet well level, low | 2 | 3.5") in blocks


def test_a_csv_without_a_title_line_starts_with_its_header():
    document = parse_document(Path("alarms.csv"), alarm_csv(",", preface=False, newline="\n"))
    [table] = document.tables
    assert table.names == tuple(ALARMS[0]) and table.header[0].ref == "A1" and table.rows[0][0].ref == "A2"


def test_a_semicolon_list_with_decimal_commas_splits_on_the_semicolons():
    text = "Tag;Low;High\nPT-1;1,5;4,25\nPT-2;0,5;2,75\nPT-3;2;9\n"
    assert guess_delimiter(text, ".csv") == ";"
    [table] = parse_document(Path("eu.csv"), text.encode()).tables
    assert [c.text for c in table.rows[0]] == ["PT-1", "1,5", "4,25"]


def test_a_two_column_list_with_title_lines_keeps_them_as_text():
    text = "Pump station 4\nExported by SCADA\nCode,Meaning\nF1,Over voltage\nF2,Under voltage\nF3,Over current\n"
    document = parse_document(Path("faults.csv"), text.encode())
    [table] = document.tables
    assert table.names == ("Code", "Meaning") and table.rows[2][1].text == "Over current"
    assert [document.text[b.start:b.end] for b in document.blocks if b.kind == TEXT] == [
        "Pump station 4", "Exported by SCADA"]


def test_excel_names_its_delimiter_in_a_first_line():
    [table] = parse_document(Path("x.csv"), b"sep=;\nTag;Value\nPT-1;1,5\n").tables
    assert table.names == ("Tag", "Value") and table.rows[0][1].text == "1,5" and table.rows[0][1].ref == "B2"


def test_a_large_export_loads_whole():
    rows = ["Time,Tag,Value,Unit"] + [f"00:{n % 60:02d},PT-{n % 400},{n / 10},psi" for n in range(30_000)]
    document = parse_document(Path("log.csv"), "\n".join(rows).encode())
    [table] = document.tables
    assert len(table.rows) == 30_000
    last = table.rows[-1]
    assert last[2].text == "2999.9" and last[2].ref == "C30001"
    assert document.text[last[2].start:last[2].end] == "2999.9"


@pytest.mark.parametrize("data, reason", [
    (b"Tag,Value\n" + b"\x00\x01\x02\x03" * 100, "binary data"),
    (bytes(range(128, 256)) * 40, "not text"),
    (b"Tag,Value\n\"PT-1," + b"x" * 200_000, "damaged CSV file: line 2"),  # an unclosed quote runs past the field limit
])
def test_a_damaged_csv_fails_with_a_reason(data, reason):
    with pytest.raises(DocumentError, match=reason):
        parse_document(Path("alarms.csv"), data)


# XLSX


def test_every_sheet_is_a_section_with_its_table_hidden_ones_marked():
    document = parse_document(Path("setpoints.xlsx"), setpoint_workbook())
    assert document.format == "xlsx"
    assert [(b.level, b.label) for b in document.blocks if b.kind == HEADING] == [
        (1, "Setpoints"), (1, "Limits (hidden sheet)")]
    assert document.text.startswith("Setpoints\nNorth plant setpoints, rev 3\n"
                                    "Tag | Alarm limits | Trip | Unit | Reviewed\nLow | High\nPT-7105 | 40 | 85 | 95 | psi")
    setpoints, limits = document.tables
    assert_exact(document, setpoints)
    assert_exact(document, limits)
    assert limits.names == ("Pump", "Trip pressure (psi)", "Speed")
    assert [(c.text, c.ref) for c in limits.rows[0]] == [("B-2", "Limits!A2"), ("95", "Limits!B2"), ("85%", "Limits!C2")]


def test_a_merged_header_cell_stands_for_every_column_it_covers():
    setpoints = parse_document(Path("setpoints.xlsx"), setpoint_workbook()).tables[0]
    assert setpoints.names == ("Tag", "Alarm limits Low", "Alarm limits High", "Trip", "Unit", "Reviewed")
    assert setpoints.header[1] is setpoints.header[2]  # the same Cell, as a merged DOCX cell
    assert setpoints.header[1].ref == "Setpoints!B3"
    assert setpoints.header_lines[0][0] is setpoints.header[0]  # "Tag" merged down over the second header line


def test_values_read_as_a_person_reads_them_and_formulas_as_their_cached_values():
    import openpyxl

    data = setpoint_workbook()
    # the workbook really holds a cached value for D5 and none for D6, as openpyxl's data_only reads it
    check = openpyxl.load_workbook(io.BytesIO(data), data_only=True)["Setpoints"]
    assert (check["D5"].value, check["D6"].value) == (95, None)
    document = parse_document(Path("setpoints.xlsx"), data)
    rows = [[(c.text, c.ref) for c in row] for row in document.tables[0].rows]
    assert rows == [
        [("PT-7105", "Setpoints!A5"), ("40", "Setpoints!B5"), ("85", "Setpoints!C5"), ("95", "Setpoints!D5"),
         ("psi", "Setpoints!E5"), ("2024-03-01", "Setpoints!F5")],
        [("LT-3001", "Setpoints!A6"), ("2.5", "Setpoints!B6"), ("12.25", "Setpoints!C6"), ("", "Setpoints!D6"),
         ("ft", "Setpoints!E6"), ("2024-03-02 14:30", "Setpoints!F6")],
    ]
    assert "C6+10" not in document.text and "=" not in document.text  # never the formula's text


@pytest.mark.parametrize("value, fmt, text", [
    (45.0, "General", "45"), (45, "General", "45"), (0.1 + 0.2, "General", "0.3"), (12.5, "0.00", "12.50"),
    (0.25, "0%", "25%"), (0.125, "0.0%", "12.5%"), (1200.0, "#,##0", "1200"), (-3.75, "General", "-3.75"),
])
def test_numbers_are_shown_as_the_sheet_shows_them(value, fmt, text):
    assert number_text(value, fmt) == text


def test_an_xlsm_is_read_as_a_workbook():
    document = parse_document(Path("setpoints.xlsm"), setpoint_workbook())
    assert len(document.tables) == 2


def damaged_workbooks() -> list[tuple[str, bytes, str]]:
    good = setpoint_workbook()
    return [
        ("truncated", good[:len(good) // 2], "not a valid XLSX file"),
        ("not a zip", b"Tag,Value\nPT-1,4\n" * 20, "not a valid XLSX file"),
        ("bad XML", replace_part(good, "xl/worksheets/sheet1.xml", b"<worksheet><sheetData><row"),
         "damaged XLSX file: a part inside it is not valid XML"),
        ("old format", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600), r"old-format \(.xls\) or password-protected"),
    ]


@pytest.mark.parametrize("name, data, reason", damaged_workbooks(), ids=[d[0] for d in damaged_workbooks()])
def test_a_damaged_xlsx_fails_with_a_reason(name, data, reason):
    with pytest.raises(DocumentError, match=reason):
        parse_document(Path("setpoints.xlsx"), data)


def test_an_xls_that_is_really_text_or_html_is_read_and_an_xml_spreadsheet_refused():
    document = parse_document(Path("export.xls"), alarm_csv("\t"))
    assert document.tables[0].names == tuple(ALARMS[0])
    html = b"<html><body><table><tr><th>Tag</th><th>High</th></tr><tr><td>PT-1</td><td>85</td></tr></table></body></html>"
    assert parse_document(Path("report.xls"), html).tables[0].names == ("Tag", "High")
    xml = (b'<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">'
           b"<Worksheet><Table><Row><Cell><Data>Tag</Data></Cell></Row></Table></Worksheet></Workbook>")
    with pytest.raises(DocumentError, match=r"Excel 2003 XML spreadsheet \(.xls\) is not read"):
        parse_document(Path("old.xls"), xml)


# refs travel with the table and the card


def test_refs_survive_the_index_and_old_tables_still_load():
    table = parse_document(Path("setpoints.xlsx"), setpoint_workbook()).tables[0]
    assert table_from_json(table_to_json(table)) == table
    old = {"header": [["Tag", 0, 3], ["High", 6, 10]], "rows": [[["PT-1", 11, 15], ["85", 18, 20]]]}
    loaded = table_from_json(old)
    assert loaded.rows[0][1].text == "85" and loaded.rows[0][1].ref == ""
    assert table_to_json(loaded) == old | {"header_lines": []}  # no ref, nothing more stored


def test_a_card_cell_names_its_sheet_cell_and_old_history_still_reads():
    card = Card("table", "Setpoints", ((CardCell("85", 1, 40, 42, ref="Setpoints!C5"), CardCell("psi", 1, 50, 53)),),
                ("High", "Unit"))
    data = card.to_json()
    assert "ref" not in data["rows"][0][1]  # a cell without one stores nothing new
    assert Card.from_json(data) == card
    old = {"kind": "table", "title": "T", "columns": ["High"], "rows": [[{"text": "85", "source": 1, "start": 4,
                                                                            "end": 6, "page": None}]]}
    assert Card.from_json(old).rows[0][0].ref == ""


def test_the_table_card_carries_each_cells_ref():
    document = parse_document(Path("setpoints.xlsx"), setpoint_workbook())
    record = TableRecord("d1", 0, ("Setpoints",), (), document.tables[0])
    source = Source(1, "d1:c1", "setpoints", "setpoints.xlsx", ("Setpoints",), (), 0, len(document.text),
                    document.text, 1.0)
    picked = table_card("What is the high alarm limit on PT-7105?", "high alarm limit PT-7105",
                        [(source, record, True)])
    assert picked is not None
    found = _table_found("What is the high alarm limit on PT-7105?", *picked, [])
    refs = {c.text: c.ref for c in found.card.cells}
    assert refs["PT-7105"] == "Setpoints!A5" and refs["85"] == "Setpoints!C5"


# any other file: text when its content is text


MIB = """IF-MIB DEFINITIONS ::= BEGIN
ifTable OBJECT-TYPE
    SYNTAX      SEQUENCE OF IfEntry
    DESCRIPTION "A list of interface entries."
    ::= { interfaces 2 }
END
"""


@pytest.mark.parametrize("name", ["IF-MIB", "PUMP-ALARMS.mib", "device.tpi", "plc.cfg", "hmi.ini", "trend.log",
                                  "points.json", "points.xml", "README"])
def test_a_text_file_of_any_name_is_read_as_text(name):
    document = parse_document(Path(name), MIB.encode())
    assert document.format == "text" and "DESCRIPTION \"A list of interface entries.\"" in document.text


@pytest.mark.parametrize("head, reason", [
    (b"\x7fELF\x02\x01\x01\x00" + bytes(100), "a program or library (ELF)"),
    (b"MZ\x90\x00\x03\x00\x00\x00" + bytes(100), "a Windows program or library"),
    (b"\x1f\x8b\x08\x00" + bytes(100), "a gzip archive"),
    (b"7z\xbc\xaf\x27\x1c\x00\x04" + bytes(100), "a 7-Zip archive"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(100), "old-format Office file"),
    (b"SQLite format 3\x00" + bytes(100), "an SQLite database"),
    (b"GIF89a\x10\x00\x10\x00" + bytes(100), "an image (GIF"),
    (b"AC1032\x00\x00\x00\x00\x00\x06" + bytes(100), "an AutoCAD drawing"),
    (b"some words\x00and a NUL", "binary data (NUL bytes)"),
    (bytes(range(1, 32)) * 10, "binary data (control characters)"),
])
def test_binary_content_is_named(head, reason):
    found = sniff(head)
    assert found.suffix == "" and reason in found.reason


@pytest.mark.parametrize("head, suffix", [
    (b"%PDF-1.7\n", ".pdf"), (b"\x89PNG\r\n\x1a\n\x00\x00", ".png"), (b"\xff\xd8\xff\xe0\x00\x10JFIF", ".jpg"),
    (b"PK\x03\x04\x14\x00", ".zip"), (b"BMS points, north plant\n", ".txt"), (b"AC10 breaker trips\n", ".txt"),
    (b"MZ-3 mixer runs at night\n", ".txt"), ("Température 12 °C\n".encode("cp1252"), ".txt"),
    ("ポンプ".encode("utf-16"), ".txt"), (b"", ".txt"),
])
def test_text_and_readable_formats_are_routed_by_content(head, suffix):
    assert sniff(head).suffix == suffix


def test_a_pdf_under_another_name_is_read_as_a_pdf(tmp_path):
    from tests.conftest import make_pdf

    path = make_pdf(tmp_path / "m.pdf", [[("Pump Manual", 18), ("The high alarm on PT-7105 is 85 psi.", 10)]])
    document = parse_document(tmp_path / "manual.bin", path.read_bytes())
    assert document.format == "pdf" and "PT-7105" in document.text


def test_a_binary_file_of_unknown_type_fails_with_its_reason():
    with pytest.raises(DocumentError, match="not a document: a zip archive"):
        parse_document(Path("backup.bak"), make_zip({"a.txt": b"hello"}))


def make_zip(members: dict[str, bytes]) -> bytes:
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return out.getvalue()


def test_a_folder_names_every_file_it_skips_and_why(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "manual.md").write_text("# Pumps\n\nText.\n", encoding="utf-8")
    (docs / "IF-MIB").write_text(MIB, encoding="utf-8")
    (docs / "device.tpi").write_text("BACnet Protocol Implementation Conformance Statement\n", encoding="utf-8")
    (docs / "alarms.csv").write_bytes(alarm_csv())
    (docs / "firmware.bin").write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(5000))
    (docs / "backup.zip").write_bytes(make_zip({"a.txt": b"hello"}))
    (docs / "report.docx.bak").write_bytes(make_zip({"word/document.xml": b"<w/>"}))  # read as the DOCX it is
    (docs / "_static").mkdir()  # an HTML manual's scripts and styles: text, but no documents
    (docs / "_static" / "jquery.js").write_text("/*! jQuery */ function $(s) { return s; }\n", encoding="utf-8")
    (docs / "_static" / "basic.css").write_text("body { margin: 0 }\n", encoding="utf-8")
    (docs / ".hidden").write_bytes(b"\x00" * 10)  # hidden and lock files stay out, silently
    (docs / "~$setpoints.xlsx").write_bytes(b"\x00" * 10)
    files, roots, problems = collect_files([docs])
    assert sorted(f.name for f in files) == ["IF-MIB", "alarms.csv", "device.tpi", "manual.md", "report.docx.bak"]
    skipped = {Path(p.source).name: (p.status, p.message) for p in problems}
    script = (SKIPPED, "not a document: a web page's script or style sheet")
    assert skipped == {"jquery.js": script, "basic.css": script,
                       "firmware.bin": (SKIPPED, "not a document: a program or library (ELF)"),
                       "backup.zip": (SKIPPED, "not a document: a zip archive (its files are not read; unpack it to "
                                               "index them)")}
    # named on its own, a file that is no document is a failure: what was asked for was not indexed
    _, _, alone = collect_files([docs / "firmware.bin"])
    assert [(p.status, p.message) for p in alone] == [(FAILED_FILE, "not a document: a program or library (ELF)")]
