"""Lookup cards through the real ingest, index and assistant: a code's whole row from the right
table, a symptom's every cause with its remedy, a MIB object by name or OID, "not listed" for a code
the table does not hold, and every cell at its place in the document."""

from __future__ import annotations

from pathlib import Path

import pytest

from operator_assistant.core.answer.records import REFUSAL, TABLE
from tests.conftest import make_docx
from tests.support.engines import ask, assert_cells_in_place, card_assistant, make_engine
from tests.support.files import MIB
from tests.support.spreadsheets import alarm_csv, setpoint_workbook, write

FAULTS = [("F1", "Over voltage", "Mains voltage above 264 V", "Check the supply transformer tap"),
          ("F2", "Under voltage", "Mains voltage below 180 V", "Check the incoming fuses"),
          ("F3", "Over current", "Motor cable short circuit", "Megger the motor cable"),
          ("F4", "Heat sink over temperature", "Cooling fan stopped", "Replace the cooling fan"),
          ("F5", "Motor overload", "Load above rated current", "Reduce the load"),
          ("F6", "Earth fault", "Insulation breakdown", "Test the motor insulation"),
          ("F7", "Phase loss", "One input phase missing", "Check the input contactor"),
          ("F8", "Encoder fault", "Encoder cable broken", "Replace the encoder cable"),
          ("F9", "Communication loss", "Fieldbus timeout", "Check the fieldbus wiring")]

MODBUS = """MODBUS SPECIFICATION EXTRACT

FUNCTION CODES

01  Read Coils  Reads the on/off status of coils.
02  Read Discrete Inputs  Reads the status of discrete inputs.
03  Read Holding Registers  Reads the holding registers.
04  Read Input Registers  Reads the input registers.

EXCEPTION CODES

01  ILLEGAL FUNCTION  The function code received is not an allowed action for the server.
02  ILLEGAL DATA ADDRESS  The data address received is not an allowed address for the server.
03  ILLEGAL DATA VALUE  A value in the query data field is not allowed for the server.
04  SERVER DEVICE FAILURE  An unrecoverable error occurred while the server was performing the action.
"""

TROUBLE = """# Pump troubleshooting

| Symptom | Possible cause | Corrective action |
|---|---|---|
| Bearing runs hot | Too little grease in the bearing housing | Regrease with the specified grease |
| | Shaft misalignment after maintenance | Realign the coupling with a dial gauge |
| | Drive belt tension too high | Slacken the belt to the specified deflection |
| Pump does not deliver water | Suction valve closed | Open the suction valve fully |
| | Impeller blocked by debris | Clean the impeller |
| Excessive noise at the pump casing | Cavitation at low suction head | Raise the suction tank level |
"""

REGULATOR = """VOLTAGE REGULATOR VR-20 MANUAL

FAULT DISPLAY

The display shows F1: Over Voltage F2: Under Voltage F3: Over Frequency F4: Loss of Sensing F5: Over Excitation

Press RESET after the cause is cleared.
"""


BACKWASH_SOP = """# Filter backwash SOP

## Procedure

1. Close the filter influent valve.
   a. Wait for the level to drop to the trough.
2. Open the backwash supply valve.
   a. Hold the rate for ten minutes.

## Abnormal conditions

The shift lead decides whether the filter stays in service.

1. Headloss still high right after a backwash
   a. Check the backwash rate against the design rate.
   b. Inspect the underdrain for a blocked lateral.
2. Mudballs on the media surface
   a. Extend the surface wash.
   b. Schedule a media inspection.
"""

SCADA_CODES = """Alarm code,Description,Cause,Operator action
AL-101,Filter 1 headloss high,Filter due for backwash,Start a backwash of filter 1
AL-102,Filter 2 headloss high,Filter due for backwash,Start a backwash of filter 2
AL-103,Clearwell level low,Clearwell outflow above plant output,Raise plant flow or cut the high-service pumps
AL-104,Chlorine residual low,Chlorinator feed lost,Switch to the standby chlorinator
AL-105,Turbidity high,Coagulant dose too low,Check the coagulant pump and jar test
"""

PUMP_ALARMS = [("E-45", "Low suction pressure", "Suction valve closed", "Open the suction valve"),
               ("E-46", "High discharge pressure", "Discharge valve closed", "Open the discharge valve"),
               ("E-47", "Seal leak", "Mechanical seal worn", "Replace the mechanical seal"),
               ("E-48", "Motor winding hot", "Cooling fan blocked", "Clear the fan cowl")]

POINTS_HTML = """<html><head><title>Clearwell point list</title></head><body>
<h1>Clearwell point list</h1>
<h2>Analog points</h2>
<table><tr><th>Tag</th><th>Description</th><th>High alarm</th><th>Unit</th></tr>
<tr><td>AIT-3020</td><td>Clearwell free chlorine</td><td>3.5</td><td>mg/L</td></tr>
<tr><td>AIT-3021</td><td>Clearwell turbidity</td><td>0.3</td><td>NTU</td></tr>
<tr><td>LIT-3001</td><td>Clearwell level</td><td>18.5</td><td>ft</td></tr>
</table>
<h2>Chlorinator troubleshooting</h2>
<table><tr><th>Problem</th><th>Possible cause</th><th>Remedy</th></tr>
<tr><td rowspan="2">Chlorine residual drifting low</td><td>Injector vacuum lost</td><td>Clean the injector nozzle</td></tr>
<tr><td>Cylinder nearly empty</td><td>Change to the standby cylinder</td></tr>
<tr><td>Rotameter float stuck</td><td>Dirty rotameter tube</td><td>Clean the rotameter tube</td></tr>
</table></body></html>"""


REGISTERS = """SOLAR CHARGER REGISTER MAP

Holding registers

0100H  Battery capacity  State of charge, 0 to 100 %
0101H  Battery voltage  Battery voltage * 0.1 V
0102H  Charging current  Charging current * 0.01 A
0103H  Temperatures  High byte controller, low byte battery
"""


def _ruled_pdf(path: Path, title: str, rows: list[tuple[str, ...]]) -> Path:
    """A PDF with a ruled table, as vendor manuals print their alarm lists."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 10, title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    with pdf.table() as table:
        for cells in rows:
            row = table.row()
            for text in cells:
                row.cell(text)
    pdf.output(str(path))
    return path


@pytest.fixture(scope="module")
def lookup_docs(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("lookup-docs")
    make_docx(folder / "drive-manual.docx",
              [("Heading 1", "VFD-40 Drive Manual"), ("", "This manual covers installation and faults."),
               ("Heading 1", "Fault codes"), ("", "The keypad shows a fault code when the drive trips."),
               ("row", "Code|Fault name|Cause|Remedy")] + [("row", "|".join(row)) for row in FAULTS]
              + [("Heading 1", "Maintenance"), ("", "Clean the heat sink every six months.")])
    (folder / "modbus-spec.txt").write_text(MODBUS, encoding="utf-8")
    (folder / "pump-troubleshooting.md").write_text(TROUBLE, encoding="utf-8")
    (folder / "vr20-regulator.txt").write_text(REGULATOR, encoding="utf-8")
    (folder / "FOO-MIB").write_text(MIB, encoding="utf-8")  # MIB files come without an extension
    write(folder / "north-plant-alarms.csv", alarm_csv(delimiter=";", encoding="cp1252"))
    (folder / "scada-alarm-codes.csv").write_text(SCADA_CODES, encoding="utf-8")
    write(folder / "north-plant-setpoints.xlsx", setpoint_workbook())
    _ruled_pdf(folder / "booster-controller.pdf", "Booster controller alarm codes",
               [("Code", "Alarm", "Cause", "Action"), *PUMP_ALARMS])
    (folder / "clearwell-points.html").write_text(POINTS_HTML, encoding="utf-8")
    (folder / "charger-registers.txt").write_text(REGISTERS, encoding="utf-8")
    (folder / "filter-backwash-sop.md").write_text(BACKWASH_SOP, encoding="utf-8")
    (folder / "sample-tap-note.txt").write_text(
        "Clearwell sample tap\n\nThe sample tap analyser AIT-3030 on the clearwell raises its high alarm at "
        "4.0 mg/L of free chlorine.\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder, lookup_docs):
    yield from card_assistant(lookup_docs, tmp_path_factory.mktemp("lookup-index"), embedder)


def test_a_fault_code_gets_its_whole_row_from_the_fault_table(assistant) -> None:
    answer = ask(assistant, "The drive keypad shows F03. What is it and what do I do?")
    assert not answer.refused and answer.card.kind == TABLE
    assert answer.card.columns == ("Code", "Fault name", "Cause", "Remedy")
    assert [c.text for c in answer.card.rows[0]] == list(FAULTS[2])
    assert len(answer.card.rows) == 1  # not F2 or F4 beside it
    assert Path(answer.citations[0].source).name == "drive-manual.docx"
    assert_cells_in_place(answer)


def test_a_code_past_the_end_of_the_table_is_not_listed_and_the_table_is_named(assistant) -> None:
    answer = ask(assistant, "What does fault F10 on the VFD-40 drive mean?")
    assert answer.refused and answer.text == REFUSAL and answer.card is None
    assert "F10 is not listed in the table 'Fault codes'" in answer.refusal_reason
    assert "F1 to F9" in answer.refusal_reason
    assert Path(answer.closest[0].source).name == "drive-manual.docx"


def test_the_family_the_question_names_picks_the_table(assistant) -> None:
    exception = ask(assistant, "What does Modbus exception code 04 mean?")
    assert [c.text for c in exception.card.rows[0]][:2] == ["04", "SERVER DEVICE FAILURE"]
    function = ask(assistant, "What is Modbus function code 04?")
    assert [c.text for c in function.card.rows[0]][:2] == ["04", "Read Input Registers"]
    assert_cells_in_place(exception)


def test_an_exception_code_the_list_lacks_is_not_listed_though_a_function_code_has_it(assistant) -> None:
    answer = ask(assistant, "What does Modbus exception code 0x05 mean?")
    assert answer.refused and "is not listed in" in answer.refusal_reason and "EXCEPTION CODES" in answer.refusal_reason


def test_a_symptom_gets_every_cause_with_its_remedy(assistant) -> None:
    answer = ask(assistant, "The pump bearing is getting very hot. What could be causing it?")
    assert not answer.refused and answer.card.kind == TABLE
    shown = answer.card.as_text()
    for words in ("Too little grease", "Regrease", "misalignment", "Realign", "belt tension", "Slacken"):
        assert words.casefold() in shown.casefold(), words
    assert "Suction valve" not in shown
    assert_cells_in_place(answer)


def test_an_abnormal_condition_gets_its_actions_one_under_another(assistant) -> None:
    answer = ask(assistant, "Filter headloss is still high even after we backwashed it. What should we check?")
    assert not answer.refused and answer.card.kind == TABLE
    assert answer.card.columns == ("Condition", "Action")
    assert [c.text for c in answer.card.rows[0]] == ["Headloss still high right after a backwash",
                                                    "Check the backwash rate against the design rate."]
    assert [c.text for c in answer.card.rows[1]] == ["", "Inspect the underdrain for a blocked lateral."]
    assert Path(answer.citations[0].source).name == "filter-backwash-sop.md"
    assert_cells_in_place(answer)


def test_an_inline_fault_list_gives_the_one_fault_asked_for(assistant) -> None:
    answer = ask(assistant, "The VR-20 regulator display shows F4: which fault is it?")
    assert [c.text for c in answer.card.rows[0]] == ["F4", "Loss of Sensing"]
    assert_cells_in_place(answer)


@pytest.mark.parametrize("question", ["What does fooAlarms.17 mean?", "The NMS shows alarm { fooAlarms 17 }: what is it?",
                                      "What is fooAlarmHighTemp?"])
def test_a_mib_object_by_name_or_oid_gets_its_description(assistant, question: str) -> None:
    answer = ask(assistant, question)
    assert not answer.refused
    assert answer.card.rows[0][0].text == "fooAlarmHighTemp"
    assert "above its high limit" in answer.card.as_text()
    assert_cells_in_place(answer)


def test_a_trap_by_its_name(assistant) -> None:
    answer = ask(assistant, "The manager logged trap fooPowerFail. What does it mean?")
    assert "Mains power to the cabinet has failed." in answer.card.as_text()


def test_an_alarm_code_from_a_ruled_pdf_table_is_cited_on_its_page(assistant) -> None:
    answer = ask(assistant, "The booster controller shows alarm E47. What should I do?")
    assert [c.text for c in answer.card.rows[0]] == list(PUMP_ALARMS[2])
    assert Path(answer.citations[0].source).name == "booster-controller.pdf" and answer.citations[0].pages == (1,)
    assert_cells_in_place(answer)


def test_a_code_past_a_pdf_table_is_not_listed(assistant) -> None:
    answer = ask(assistant, "What is booster controller alarm E-49?")
    assert answer.refused and "E-49 is not listed in" in answer.refusal_reason and "E-45 to E-48" in answer.refusal_reason


def test_a_tag_in_an_html_point_list_gets_its_row(assistant) -> None:
    answer = ask(assistant, "What is AIT-3021 on the clearwell?")
    assert [c.text for c in answer.card.rows[0]] == ["AIT-3021", "Clearwell turbidity", "0.3", "NTU"]
    assert_cells_in_place(answer)


def test_a_tag_question_naming_a_column_gets_that_column_with_the_name(assistant) -> None:
    answer = ask(assistant, "What is the high alarm of AIT-3020?")
    shown = answer.card.as_text()
    assert "3.5" in shown and "Clearwell free chlorine" in shown and "0.3" not in shown


def test_a_symptom_in_an_html_table_with_a_spanning_cell_gets_both_causes(assistant) -> None:
    answer = ask(assistant, "Why is the chlorine residual drifting low and what do I do about it?")
    shown = answer.card.as_text()
    for words in ("Injector vacuum lost", "Clean the injector nozzle", "Cylinder nearly empty", "standby cylinder"):
        assert words in shown, words
    assert "rotameter" not in shown.casefold()
    assert_cells_in_place(answer)


def test_a_question_naming_no_key_is_answered_as_before(assistant) -> None:
    answer = ask(assistant, "How often should the heat sink be cleaned?")
    assert not answer.refused and "six months" in answer.card.as_text()


def test_an_index_from_before_lookups_gets_its_entries_on_the_next_ingest_without_re_embedding(
        tmp_path, embedder, lookup_docs) -> None:
    engine = make_engine(tmp_path / "data", embedder)
    try:
        assert not engine.ingest([lookup_docs]).failed
        manifest = engine.store.manifest
        with manifest.transaction() as db:  # as an index written before entries were kept
            db.execute("DELETE FROM entries")
            db.execute("DELETE FROM entry_keys")
            db.execute("UPDATE documents SET chunker = 'v16:old'")
        assert manifest.entry_count() == 0
        report = engine.ingest([lookup_docs])
        assert not report.failed and report.chunks_embedded == 0
        assert manifest.entry_count() > 0
        assert manifest.entries_for_keys({"f3"})
    finally:
        engine.close()


def test_a_code_in_a_csv_alarm_list_gets_its_row_cited_to_its_cells(assistant) -> None:
    answer = ask(assistant, "SCADA shows alarm AL-103. What do I do?")
    row = answer.card.rows[0]
    assert [c.text for c in row] == ["AL-103", "Clearwell level low", "Clearwell outflow above plant output",
                                     "Raise plant flow or cut the high-service pumps"]
    assert [c.ref for c in row] == ["A4", "B4", "C4", "D4"]
    assert Path(answer.citations[0].source).name == "scada-alarm-codes.csv"
    assert_cells_in_place(answer)


def test_a_code_past_a_csv_alarm_list_is_not_listed(assistant) -> None:
    answer = ask(assistant, "What does SCADA alarm AL-106 mean?")
    assert answer.refused and "AL-106 is not listed in" in answer.refusal_reason and "AL-101 to AL-105" in answer.refusal_reason


def test_a_tag_of_a_legacy_encoded_csv_gets_its_setpoint_with_the_unit(assistant) -> None:
    answer = ask(assistant, "What is the setpoint of alarm TT-4101?")
    shown = answer.card.as_text()
    assert "82" in shown and "Setpoint (°C)" in shown and "3.5" not in shown
    assert_cells_in_place(answer)


def test_a_tag_of_an_xlsx_setpoint_sheet_gets_its_row_with_sheet_cell_refs(assistant) -> None:
    answer = ask(assistant, "What are the setpoints for PT-7105 on the north plant?")
    row = answer.card.rows[0]
    assert [c.text for c in row][:5] == ["PT-7105", "40", "85", "95", "psi"]
    assert row[3].ref == "Setpoints!D5"  # the formula's value, as Excel cached it
    assert_cells_in_place(answer)


def test_a_row_of_a_hidden_sheet_is_found_and_cited_to_that_sheet(assistant) -> None:
    answer = ask(assistant, "What is the trip pressure of pump B-2 in the north plant setpoints?")
    cells = [c for c in answer.card.cells if c.text == "95"]
    assert cells and cells[0].ref == "Limits!B2"
    assert "hidden" in answer.citations[0].section[-1]


def test_a_tag_no_document_holds_is_refused_not_answered_with_a_neighbouring_row(assistant) -> None:
    # the point list's table matches every other word of the question; its rows are other tags
    answer = ask(assistant, "What is the high alarm for AIT-3099 on the clearwell?")
    assert answer.refused and answer.card is None, answer.text
    assert "AIT-3099" in answer.refusal_reason
    # the tag it does hold still gets its row
    held = ask(assistant, "What is the high alarm for AIT-3021 on the clearwell?")
    assert not held.refused and "0.3" in held.card.as_text() and "AIT-3020" not in held.card.as_text()


def test_a_register_written_without_its_h_is_never_said_to_be_not_listed(assistant) -> None:
    # the map writes 0103H; an operator types "register 0103": maybe the same register, so no denial
    answer = ask(assistant, "What does charger register 0103 hold?")
    assert "not listed" not in answer.refusal_reason, answer.refusal_reason
    # a register past the end of the map still is
    beyond = ask(assistant, "What does charger register 0109H hold?")
    assert beyond.refused and "0109H is not listed" in beyond.refusal_reason, beyond.refusal_reason


def test_a_tag_only_a_sentence_names_is_answered_from_that_sentence_not_a_table_of_other_tags(assistant) -> None:
    answer = ask(assistant, "What is the high alarm for AIT-3030 on the clearwell?")
    assert not answer.refused, answer.refusal_reason
    assert "4.0 mg/L" in answer.card.as_text() and "AIT-3020" not in answer.card.as_text()
    assert {Path(c.source).name for c in answer.citations} == {"sample-tap-note.txt"}


# A VFD manual as vendors print it: a function list whose name column is headed "Function", a chapter
# "Descriptions of functions" with a block per parameter (a line of its prose opens with another
# parameter's code), an output's numbered options and a Modbus function code list; and another
# device's register map with a register 0009H.
DRIVE_MANUAL = """# HX-200 Drive Manual

## Function list

| Code | Function | Setting range | Factory setting |
|---|---|---|---|
| P001 | Source of run commands | 0-2 | 0 |
| P002 | Stopping mode | 0-1 | 0 |
| P003 | Base frequency | 10.00-400.00 Hz | 50.00 |
| P004 | DC braking level | 0-20 % | 2 |

## Descriptions of functions

P001 Source of run commands

Setting range: 0-2. Factory setting: 0.

0: Keypad. 1: External terminals. 2: Communication port.

P002 Stopping mode

Setting range: 0-1. Factory setting: 0.

0: Decelerating stop. When P004 is set to 0, DC braking is off and the drive decelerates to the stopping
frequency, then stops its output. When
P004 is set to any value above zero, DC braking holds the motor at stop.
1: Coasting stop. The drive stops its output at once and the motor coasts to a stop.

P003 Base frequency

Setting range: 10.00-400.00 Hz. Factory setting: 50.00. Set it to the rated frequency on the motor nameplate.

P004 DC braking level

Setting range: 0-20 %. Factory setting: 2.

## Valves

Every valve on the skid carries a tag on its handwheel; a valve that must stay in one position is sealed.

## Abbreviations

CSC Car Seal Close
CSO Car Seal Open
CV Control Valve
ESD Emergency Shutdown
FCV Flow Control Valve

## Terminal pins

| Pin | Function | Rating |
|---|---|---|
| 1 2 | Relay output | 250 V AC |
| 5 6 | Analog input | 0-10 V |
| 7 8 | Motor thermistor | PTC |

## Multi-function output

The relay output takes one of these settings:

0: Invalid
1: Running
2: At frequency
3: Fault
4: Overload
5: Zero speed
6: Reverse
7: Ready
8: Alarm
9: Timer done

## Modbus communication

FUNC is the function code of the message:

01: Read function code data
02: Write function code data
03: Write control data
04: Read control status data
05: Write frequency data
"""

CHARGER_MAP = """SOLAR CHARGER REGISTER MAP

Holding registers

0007H  Load current  Load current * 0.01 A
0008H  Load power  Load power in W
0009H  Battery temperature  Battery temperature in degrees C
000AH  Controller temperature  Controller temperature in degrees C
"""


# A register map that lists a status word's bits inside the row's cell, as charger and drive maps do.
CHARGER_FAULTS = """<html><head><title>Charger fault register</title></head><body>
<h1>Charger fault register</h1>
<p>The fault word is read from two registers.</p>
<table><tr><th>Register</th><th>Content</th><th>Bits</th></tr>
<tr><td>0121H</td><td>Fault word, high bits</td><td>B26: overcharge protection, stop charging<br>
B25: battery low temperature, no discharge<br>
B24: battery high temperature, no discharge</td></tr>
<tr><td>0122H</td><td>Fault word, low bits</td><td>B2: battery under-voltage<br>
B1: battery over-voltage<br>B0: battery over-discharge</td></tr>
</table></body></html>
"""


# A gateway's Modbus modules, each a name with its function code in brackets, as I/O guides write them.
GATEWAY_GUIDE = """# GW-10 Gateway Guide

## Modbus modules

With GwModule objects you define what the gateway reads from or writes to a slave device. Each GwModule
sends one function code. The supported function codes are:

ReadCoils (FC 1)
Reads from 1 to 2000 coils of the slave device into digital inputs.

ReadHoldingRegisters (FC 3)
Reads a block of holding registers of the slave device, two bytes each, into integer inputs.

WriteMultipleRegisters (FC 16)
Writes a block of 1 to 123 registers of the slave device from integer outputs.

## GwModule objects

A GwModule object is placed under the GwSlave object of its device. Its channels hold the data area, and
its Address attribute the first register or coil read or written.
"""


@pytest.fixture(scope="module")
def drive_assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("drive-docs")
    (folder / "gw10-gateway-guide.md").write_text(GATEWAY_GUIDE, encoding="utf-8")
    (folder / "charger-faults.html").write_text(CHARGER_FAULTS, encoding="utf-8")
    (folder / "hx200-drive-manual.md").write_text(DRIVE_MANUAL, encoding="utf-8")
    (folder / "charger-map.txt").write_text(CHARGER_MAP, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("drive-index"), embedder)


def test_a_parameter_in_lists_headed_function_is_a_parameter_not_a_function_code(drive_assistant) -> None:
    answer = ask(drive_assistant, "What does parameter P003 set on the HX-200 and what is its factory setting?")
    assert not answer.refused, answer.refusal_reason
    shown = answer.card.as_text()
    assert "Base frequency" in shown and "50.00" in shown
    assert "P004" not in shown.split("\n")[2]  # its own row, not the next parameter's
    assert_cells_in_place(answer)


def test_a_parameter_block_goes_on_past_a_line_of_prose_that_opens_with_another_code(drive_assistant) -> None:
    answer = ask(drive_assistant, "What are the options of P002 on the HX-200 drive?")
    shown = answer.card.as_text()
    assert "Decelerating stop" in shown and "Coasting stop" in shown, shown
    assert_cells_in_place(answer)


def test_a_function_code_past_the_manuals_list_is_not_listed_whatever_other_lists_hold(drive_assistant) -> None:
    # the manual's output options hold a 9 and the charger's map a 0009H: neither is a function code
    answer = ask(drive_assistant, "On the HX-200 drive, what does Modbus function code 09 do?")
    assert answer.refused, answer.text
    assert "09 is not listed in the list 'Modbus communication'" in answer.refusal_reason, answer.refusal_reason
    assert "01 to 05" in answer.refusal_reason
    listed = ask(drive_assistant, "On the HX-200 drive, what does Modbus function code 04 do?")
    assert [c.text for c in listed.card.rows[0]] == ["04", "Read control status data"]


def test_a_model_named_by_the_title_of_the_cited_document_is_not_missing_from_the_card(drive_assistant) -> None:
    answer = ask(drive_assistant, "What does relay output setting 9 mean on the HX-200?")
    assert "No passage found names HX-200" not in answer.refusal_reason, answer.refusal_reason


def test_a_bare_code_of_a_family_is_not_answered_by_a_cell_of_other_numbers(drive_assistant) -> None:
    # "5 6" is a cell of pin numbers in a table headed "Function": exception code 06 is none of them
    answer = ask(drive_assistant, "On the HX-200, what does exception code 06 mean?")
    assert "Analog input" not in answer.text, answer.text


def test_a_question_asking_what_a_code_means_gets_its_entry_whatever_it_says_of_where_it_was_seen(
        drive_assistant) -> None:
    # "valve" is a section of its own, which would otherwise leave the abbreviation for that section
    answer = ask(drive_assistant, "A valve on the skid is marked CSO. What does that mean?")
    assert not answer.refused, answer.refusal_reason
    assert [c.text for c in answer.card.rows[0]] == ["CSO", "Car Seal Open"], answer.text


@pytest.mark.parametrize("question", ["The charger shows fault bit B25. What is it?",
                                      "What does bit 24 of the charger fault word mean?"])
def test_a_bit_listed_in_a_registers_cell_gets_that_registers_row(drive_assistant, question: str) -> None:
    answer = ask(drive_assistant, question)
    assert not answer.refused, answer.refusal_reason
    shown = answer.card.as_text()
    assert "0121H" in shown and "B24: battery high temperature" in shown and "0122H" not in shown, shown
    assert_cells_in_place(answer)


def test_a_function_code_written_after_its_name_in_brackets_is_found_and_one_past_the_list_is_not_listed(
        drive_assistant) -> None:
    # "GwModule" titles a section of its own, but the list's introduction says what it is: the list answers
    for question in ("On the GW-10 gateway, what is Modbus function code 3 used for?",
                     "What is Modbus function code 3 used for on a GwModule?"):
        answer = ask(drive_assistant, question)
        assert not answer.refused, answer.refusal_reason
        shown = answer.card.as_text()
        assert "ReadHoldingRegisters" in shown and "ReadCoils" not in shown, answer.text
        assert_cells_in_place(answer)
    missing = ask(drive_assistant, "What is Modbus function code 6 (write single register) used for on the GW-10 gateway?")
    assert missing.refused, missing.text
    assert "6 is not listed in the list 'Modbus modules'" in missing.refusal_reason, missing.refusal_reason
    assert "FC 1 to FC 16" in missing.refusal_reason


LOAD_MODES = [("00H", "Dusk to dawn"), ("01H", "On for 1 hour after dusk"), ("02H", "On for 2 hours after dusk"),
              ("03H", "On for 3 hours after dusk"), ("0FH", "Manual mode"),
              ("10H", "Test mode: the load follows the light sensor at once"), ("11H", "Always on")]


def _modes_pdf(path: Path) -> Path:
    """A register whose cells span down beside its values, as a charge controller's protocol prints it."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 10, "Lighting controller register map", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    with pdf.table() as table:
        header = table.row()
        for text in ("Register", "Item", "Value", "Meaning"):
            header.cell(text)
        for n, (value, meaning) in enumerate(LOAD_MODES):
            row = table.row()
            if n == 0:
                row.cell("9020H", rowspan=len(LOAD_MODES))
                row.cell("Load working mode", rowspan=len(LOAD_MODES))
            row.cell(value)
            row.cell(meaning)
    pdf.output(str(path))
    return path


@pytest.fixture(scope="module")
def modes_assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("modes-docs")
    _modes_pdf(folder / "lighting-registers.pdf")
    yield from card_assistant(folder, tmp_path_factory.mktemp("modes-index"), embedder)


def test_a_value_of_a_register_named_with_it_gets_its_line_under_the_registers_first(modes_assistant) -> None:
    answer = ask(modes_assistant, "Register 9020H is set to 10H. What mode is the load in?")
    assert not answer.refused and answer.card.kind == TABLE
    shown = [[" ".join(c.text.split()) for c in row] for row in answer.card.rows]
    assert shown == [["9020H", "Load working mode", "00H", "Dusk to dawn"],
                     ["", "", "10H", "Test mode: the load follows the light sensor at once"]]
    assert answer.card.part == "lines 1, 6 of 7"
    assert_cells_in_place(answer)
    # the register alone gets every line
    assert len(ask(modes_assistant, "What does register 9020H set?").card.rows) == 7


DIAGNOSTICS = """STEPPER CONTROLLER DIAGNOSTIC MESSAGES

Diagnostic messages

01h  Software error  An internal firmware error was found. Switch the controller off and on.
02h  Zero pulse lost  The encoder zero pulse was not seen. Check the encoder cable.
07h  Supply voltage low  The logic supply is below 19 V. Check the 24 V supply.
0Bh  Following error  The position lag is above its limit. Reduce the load or the acceleration.
0Eh  Motor over temperature  The motor is above 120 °C. Let the motor cool down.
12h  Brake fault  The holding brake does not release. Check the brake wiring.
"""


@pytest.fixture(scope="module")
def diagnostics_assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("diagnostics-docs")
    (folder / "stepper-diagnostics.txt").write_text(DIAGNOSTICS, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("diagnostics-index"), embedder)


def test_a_hex_code_asked_without_its_h_is_its_own_row_or_not_listed(diagnostics_assistant) -> None:
    # "error 1F" was read as error 1, and the row of 01h was shown as if it were the one asked for
    missing = ask(diagnostics_assistant, "The stepper controller shows error 1F. What is it and how do I reset it?")
    assert missing.refused and missing.card is None
    assert "1Fh is not listed in" in missing.refusal_reason and "01h to 12h" in missing.refusal_reason
    for question in ("The stepper controller shows error 0B: what is it?",
                     "What does stepper diagnostic message 0x0B mean?"):
        answer = ask(diagnostics_assistant, question)
        assert not answer.refused and answer.card.kind == TABLE, question
        assert [c.text for c in answer.card.rows[0]][:2] == ["0Bh", "Following error"], question


def test_a_hex_code_with_a_small_h_is_a_key_where_a_list_writes_it_so_but_hours_are_not(diagnostics_assistant) -> None:
    for question, code in (("Following error (0bh) on the stepper controller - remedy?", "0Bh"),
                           ("The stepper controller throws 0eh right after start: what do I do?", "0Eh")):
        answer = ask(diagnostics_assistant, question)
        assert not answer.refused and answer.card.kind == TABLE, question
        assert answer.card.rows[0][0].text == code, question
    # the list has 12h (a brake fault), but "after 12h of running" is a time: no code row is shown for it
    timed = ask(diagnostics_assistant, "After 12h of running the stepper stopped and the brake stays on. What should I check?")
    assert timed.card is None or all(row[0].text != "12h" for row in timed.card.rows)



def test_two_hex_digits_written_bare_are_a_code_where_a_list_writes_them_with_h(diagnostics_assistant) -> None:
    # a display shows "0E"; the list writes 0Eh
    answer = ask(diagnostics_assistant, "The stepper controller display is showing 0E. What's wrong?")
    assert not answer.refused and answer.card.kind == TABLE
    assert [c.text for c in answer.card.rows[0]][:2] == ["0Eh", "Motor over temperature"]
    assert_cells_in_place(answer)
    # "3D" is no code of this list: nothing is read for it
    from operator_assistant.core.answer.lookup import named_keys

    assert diagnostics_assistant.lookup._written_hex("Print the 3D drawing of the stepper", named_keys("x")) == []


KESTREL_TOOL = """# Kestrel Configuration Tool

The Kestrel Configuration Tool sets the stepper controller's parameters from a laptop.

## Kestrel Configuration Tool connection

Connect the laptop to the controller's USB port and start the Kestrel Configuration Tool.
"""


@pytest.fixture(scope="module")
def maker_assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("maker-docs")
    (folder / "stepper-diagnostics.txt").write_text(DIAGNOSTICS, encoding="utf-8")
    (folder / "kestrel-tool.md").write_text(KESTREL_TOOL, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("maker-index"), embedder)


def test_the_makers_name_before_the_device_is_no_subject_the_row_must_explain(maker_assistant) -> None:
    from operator_assistant.core.answer.lookup import _MAKER_BEFORE_DEVICE

    assert [m.group(1) for m in _MAKER_BEFORE_DEVICE.finditer("Error 0Bh on the Kestrel controller - remedy?")] == [
        "Kestrel"]
    assert [m.group(1) for m in _MAKER_BEFORE_DEVICE.finditer("Fault 0Bh on the Kestrel PLC?")] == ["Kestrel"]
    assert not list(_MAKER_BEFORE_DEVICE.finditer("Controller shows 0Bh. Drive is stopped."))  # a sentence's first word
    # "Kestrel" titles a section search finds and the row never says it: it names the device, not what is asked
    answer = ask(maker_assistant, "Following error 0Bh on the Kestrel controller - remedy?")
    assert not answer.refused and answer.card.kind == TABLE
    assert [c.text for c in answer.card.rows[0]][:2] == ["0Bh", "Following error"]


# Two devices' register maps; the first is named "KTRX" only by its file, as the HDHK module's map is.
KTRX_MAP = """SIXTEEN CHANNEL CURRENT MODULE

MODBUS registers

0000H  Version number  628 is V6.2.8
0001H  Channel A current  Unsigned, unit 0.01 A
0002H  Channel B current  Unsigned, unit 0.01 A
0003H  Channel C current  Unsigned, unit 0.01 A
0004H  Channel D current  Unsigned, unit 0.01 A
0005H  Channel A frequency  Unsigned, unit 0.1 Hz
"""


@pytest.fixture(scope="module")
def two_maps_assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("two-maps-docs")
    (folder / "ktrx_16ch_current_module.txt").write_text(KTRX_MAP, encoding="utf-8")
    (folder / "charger-map.txt").write_text(CHARGER_MAP, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("two-maps-index"), embedder)


def test_a_register_past_the_named_devices_map_is_not_listed_in_that_map(two_maps_assistant) -> None:
    # fb-086: "HDHK module register 0045H" was said not to be listed in the SRNE charger's map
    for question in ("KTRX register 0045H: what does it hold?",
                     "KTRX register 000CH: which temperature does it hold?"):
        answer = ask(two_maps_assistant, question)
        assert answer.refused and answer.card is None
        assert "is not listed in the list 'SIXTEEN CHANNEL CURRENT MODULE'" in answer.refusal_reason, answer.refusal_reason
        assert "0000H to 0005H" in answer.refusal_reason
    # the charger's own map, where the question names the charger
    charger = ask(two_maps_assistant, "What does register 000CH hold on the solar charger?")
    assert "000CH is not listed in the list 'SOLAR CHARGER REGISTER MAP'" in charger.refusal_reason


# A map whose summary row sends the reader to the section that lists the register's bits, as SRNE's does; that
# section's table has no header, and its heading names faults, not registers.
POINTING_MAP = """<html><head><title>Lantern controller protocol</title></head><body>
<h1>Lantern controller protocol</h1>
<h2>3 Register address table</h2>
<table><tr><th>Register</th><th>Content</th><th>Notes</th></tr>
<tr><td>0120H</td><td>Charging state</td><td>00H: off, 01H: boost, 02H: float</td></tr>
<tr><td>0121H</td><td>Controller fault information, high bits</td><td>Details refer to'4.15'</td></tr>
<tr><td>0122H</td><td>Controller fault information, low bits</td><td>Details refer to'4.15'</td></tr>
<tr><td>0123H</td><td>Load brightness</td><td>0 to 100 %</td></tr>
</table>
<h2>4.15 To read faults and warnings</h2>
<table>
<tr><td>0121H</td><td>2</td><td>R</td><td>B31: load open circuit<br>B28: battery reversely connected<br>
B26: overcharge protection</td></tr>
<tr><td>0122H</td><td>2</td><td>R</td><td>B12: solar panel reversely connected<br>B2: battery under-voltage</td></tr>
</table></body></html>
"""


@pytest.fixture(scope="module")
def pointing_assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("pointing-docs")
    (folder / "lantern-protocol.html").write_text(POINTING_MAP, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("pointing-index"), embedder)


def test_a_row_that_sends_the_reader_to_a_section_gives_way_to_the_keys_row_there(pointing_assistant) -> None:
    # p2-026: "What's in register 0121H" showed "Details refer to '4.15'" and not the bits 4.15 lists
    answer = ask(pointing_assistant, "What's in register 0121H on the lantern controller?")
    assert not answer.refused and answer.card.kind == TABLE, answer.text
    shown = " ".join(c.text for row in answer.card.rows for c in row)
    assert "battery reversely connected" in shown and "refer to" not in shown, shown
    # a row that sends nobody elsewhere is shown as before
    other = ask(pointing_assistant, "What's in register 0120H on the lantern controller?")
    assert [c.text for c in other.card.rows[0]][:2] == ["0120H", "Charging state"], other.text
