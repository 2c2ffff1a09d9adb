"""Lookup entries found at ingest: keys in their written variants, rows whole, every field at its place."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from operator_assistant.core.answer.lookup import named_keys
from operator_assistant.core.documents import parse_document
from operator_assistant.core.documents.entries import CODE, OBJECT, SYMPTOM, Entry, find_entries, key_forms
from tests.support.files import MIB


def _doc(name: str, text: str):
    return parse_document(Path(name), text.encode("utf-8"))


def _check_places(document, entries: list[Entry]) -> None:
    for e in entries:
        for f in (e.key, *e.fields):
            assert " ".join(document.text[f.start:f.end].split()) == " ".join(f.text.split()), f


@pytest.mark.parametrize("a, b", [("F3", "F03"), ("f3", "F3"), ("04", "0x04"), ("4", "04"), ("E-47", "E47"),
                                  ("fooAlarms.17", "{ fooAlarms 17 }"), ("0121H", "0x0121"), ("PD013", "pd13"),
                                  ("P1.02", "P1.2"), ("0B", "0x0B"), ("E010H", "E010"), ("0Dh", "0x0D"),
                                  ("0x10", "16"), ("000AH", "10")])
def test_written_variants_of_a_key_match(a: str, b: str) -> None:
    assert key_forms(a) & key_forms(b)


@pytest.mark.parametrize("a, b", [("F3", "F30"), ("E47", "E4"), ("0x10", "10"), ("fooAlarms.17", "fooAlarms.1"),
                                  ("F3", "E3"), ("10H", "10"), ("A", "10"), ("0121H", "121")])
def test_different_keys_do_not_match(a: str, b: str) -> None:
    assert not key_forms(a) & key_forms(b)


def test_a_markdown_fault_table_gives_a_row_per_code_with_its_column_names() -> None:
    text = ("# Faults\n\n| Code | Name | Cause | Remedy |\n|---|---|---|---|\n"
            "| F1 | Over voltage | Mains too high | Check the supply |\n"
            "| F2 | Under voltage | Mains too low | Check the fuses |\n")
    document = _doc("faults.md", text)
    entries = find_entries(document)
    assert [e.key.text for e in entries] == ["F1", "F2"]
    assert entries[1].kind == CODE and [f.name for f in entries[1].fields] == ["Name", "Cause", "Remedy"]
    assert [f.text for f in entries[1].fields] == ["Under voltage", "Mains too low", "Check the fuses"]
    assert "Faults" in entries[0].group
    _check_places(document, entries)


def test_a_troubleshooting_row_keeps_every_cause_and_remedy() -> None:
    text = ("# Troubleshooting\n\n| Symptom | Possible cause | Corrective action |\n|---|---|---|\n"
            "| Bearing runs hot | Too little grease | Regrease the bearing |\n"
            "| | Misalignment | Realign the coupling |\n"
            "| | Belt too tight | Slacken the belt |\n"
            "| Output voltage low | Speed too low | Set the rated speed |\n")
    document = _doc("trouble.md", text)
    entries = find_entries(document)
    assert [e.kind for e in entries] == [SYMPTOM, SYMPTOM]
    first = entries[0]
    assert first.key.text == "Bearing runs hot"
    assert [f.text for f in first.fields] == ["Too little grease", "Regrease the bearing", "Misalignment",
                                              "Realign the coupling", "Belt too tight", "Slacken the belt"]
    assert first.rows == (0, 1, 2)
    _check_places(document, entries)


def test_a_table_of_words_gives_no_entries() -> None:
    text = "| Pump | Duty |\n|---|---|\n| Intake | Raw water |\n| Booster | Town main |\n"
    assert find_entries(_doc("pumps.md", text)) == []


def test_an_inline_run_of_codes_is_split_at_each_code() -> None:
    text = ("FAULT CODES\n\nThe display shows F1: Over Voltage F2: Under Voltage F3: Over Current "
            "F4: Over Temperature\n\nOther text.\n")
    document = _doc("regulator.txt", text)
    entries = find_entries(document)
    assert [(e.key.text, e.fields[0].text) for e in entries] == [
        ("F1", "Over Voltage"), ("F2", "Under Voltage"), ("F3", "Over Current"), ("F4", "Over Temperature")]
    _check_places(document, entries)


def test_code_lines_in_columns_give_name_and_meaning() -> None:
    text = ("EXCEPTION CODES\n\n01  ILLEGAL FUNCTION  The function code received is not allowed.\n"
            "02  ILLEGAL DATA ADDRESS  The data address received is not allowed.\n"
            "04  SLAVE DEVICE FAILURE  An unrecoverable error occurred.\n")
    document = _doc("modbus.txt", text)
    entries = find_entries(document)
    assert [e.key.text for e in entries] == ["01", "02", "04"]
    assert [(f.name, f.text) for f in entries[2].fields] == [("Name", "SLAVE DEVICE FAILURE"),
                                                             ("Meaning", "An unrecoverable error occurred.")]
    assert "EXCEPTION" in entries[0].family
    _check_places(document, entries)


def test_a_numbered_list_is_not_a_code_list() -> None:
    text = "STARTUP\n\n1. Open the suction valve.\n2. Start the pump.\n3. Open the discharge valve.\n"
    assert find_entries(_doc("sop.txt", text)) == []


def test_mib_objects_and_traps_are_entries_by_name_and_by_oid() -> None:
    document = _doc("FOO-MIB.txt", MIB)
    entries = find_entries(document)
    names = {e.key.text: e for e in entries}
    assert set(names) == {"fooAlarmHighTemp", "fooAlarmDoorOpen", "fooPowerFail"}
    high = names["fooAlarmHighTemp"]
    assert high.kind == OBJECT and "fooalarms.17" in high.aliases
    fields = {f.name: f.text for f in high.fields}
    assert fields["Access"] == "read-only" and fields["OID"] == "{ fooAlarms 17 }"
    assert fields["Description"].startswith("The cabinet temperature is above") and fields["Description"].endswith(
        "filter.")
    trap = names["fooPowerFail"]
    assert "foo.10" in trap.aliases and "trap" in trap.family
    assert {f.name: f.text for f in trap.fields}["Description"] == "Mains power to the cabinet has failed."
    _check_places(document, entries)


@pytest.mark.parametrize("question, key, family, numeric", [
    ("What does exception code 04 mean?", "04", {"except"}, True),
    ("The display shows F3: which fault is it?", "F3", {"fault"}, False),
    ("What is register 0x0121 on the SRNE controller?", "0x0121", {"regist"}, True),
    ("What does fooAlarms.17 mean?", "fooAlarms.17", set(), False),
    ("Alarm { fooAlarms 17 } is up: what is it?", "{ fooAlarms 17 }", {"alarm"}, False),
    ("What is error no. 12?", "12", {"error"}, True),
    # hex written without its h is a number (read as 1 it found the row of 01h); 0x stands as a key anywhere
    ("The drive shows error 1F: what is it?", "1Fh", {"error"}, True),
    ("What does diagnostic message 0x31 mean?", "0x31", {"diagnost"}, True),
    # an item of a setting's list, named by the number the setting is set to
    ("Multi-input terminal set to 09 - what does it do?", "09", set(), True),
    ("Which speed is option 3?", "3", set(), True),
])
def test_the_key_a_question_names_and_its_family(question: str, key: str, family: set[str], numeric: bool) -> None:
    keys = named_keys(question)
    assert keys and keys[0].text == key and set(keys[0].family) == family and keys[0].numeric == numeric


def test_a_hex_code_gives_no_decimal_code_of_the_familys_letter() -> None:
    # "parameter 155" may be PD155; "error 1F" (31) is not E31, nor "register 0x0121" R289
    assert "#155@p" in named_keys("What is parameter 155?")[0].forms
    assert not any(f.startswith("#") for f in named_keys("The drive shows error 1F: what is it?")[0].forms)
    assert not any(f.startswith("#") for f in named_keys("What is register 0x0121?")[0].forms)


@pytest.mark.parametrize("question", ["How much bleach for 8 gallons of water?", "What is the level at 3.5 m?",
                                      "How long do I boil water for?", "Why does it trip when set to 50 Hz?",
                                      "The pump is set to 2.5 bar: is that right?"])
def test_a_question_with_figures_but_no_key_names_none(question: str) -> None:
    assert named_keys(question) == []


def test_an_html_cell_spanning_rows_stands_in_each_row_it_covers() -> None:
    html = ("<table><tr><th>Problem</th><th>Cause</th><th>Remedy</th></tr>"
            "<tr><td rowspan='2'>Residual low</td><td>Injector blocked</td><td>Clean the injector</td></tr>"
            "<tr><td>Cylinder empty</td><td>Change the cylinder</td></tr>"
            "<tr><td>Float stuck</td><td>Dirty tube</td><td>Clean the tube</td></tr></table>")
    document = _doc("chlorinator.html", html)
    table = document.tables[0]
    assert table.rows[0][0] == table.rows[1][0] and table.rows[1][1].text == "Cylinder empty"
    entries = find_entries(document)
    assert [e.key.text for e in entries] == ["Residual low", "Float stuck"]
    assert [f.text for f in entries[0].fields] == ["Injector blocked", "Clean the injector", "Cylinder empty",
                                                   "Change the cylinder"]


def test_typeset_hyphens_are_the_hyphen_an_operator_types() -> None:
    # U+2010 as a training standard prints "OPS‐27", an en dash, a minus sign
    for written in ("OPS\u201027", "OPS\u201327", "OPS\u221227"):
        assert key_forms(written) == key_forms("OPS-27")
    text = "Objectives\n\nOPS\u201027: Shut the system down\nOPS\u201028: Restart after a power loss\n"
    document = _doc("objectives.txt", text)
    entries = find_entries(document)
    assert [e.key.text for e in entries] == ["OPS-27", "OPS-28"]
    assert [document.text[e.key.start:e.key.end] for e in entries] == ["OPS\u201027", "OPS\u201028"]
    assert named_keys("What is OPS\u201027?")[0].forms == key_forms("OPS-27")


def _found(kind, texts, passage):
    from operator_assistant.core.answer.card import Found
    from operator_assistant.core.answer.records import Card, CardCell, Source

    rows = (tuple(CardCell(t, 1, 0, len(t)) for t in texts),) if kind == "table" else tuple(
        (CardCell(t, 1, 0, len(t)),) for t in texts)
    card = Card(kind, "Section", rows, ("Tag", "High alarm") if kind == "table" else ())
    return Found(card, [Source(1, "doc:0", "Doc", "doc.txt", (), (), 0, len(passage), passage, 1.0)])


def test_a_card_must_hold_the_code_asked_for_but_not_a_formula_written_with_subscripts() -> None:
    from operator_assistant.core.answer.lookup import Lookup

    other_row = _found("table", ["AIT-3020", "3.5"], "AIT-3020 3.5 AIT-3021 0.3")
    assert Lookup.missing_key("What is the high alarm of AIT-3099?", "", other_row) == "AIT-3099"
    assert Lookup.missing_key("What is the high alarm of AIT-3020?", "", other_row) == ""
    # a table card's passage holding the code is not enough: its rows are what the operator reads
    assert Lookup.missing_key("What is the high alarm of AIT-3021?", "", other_row) == "AIT-3021"
    # sentences may leave out the label their passage gives them
    labelled = _found("sentences", ["Describe when false positives can occur."], "CHIT\u20102. Describe when ...")
    assert Lookup.missing_key("What is CHIT-2 about?", "", labelled) == ""
    # MnSO<sub>4</sub>, H₂S: formulas, not codes
    formula = _found("sentences", ["When MnSO<sub>4</sub> is added ..."], "When MnSO<sub>4</sub> is added ...")
    assert Lookup.missing_key("I added MnSO4 and got a white precipitate: why?", "", formula) == ""
    assert Lookup.missing_key("What is the H2S alarm?", "", _found("sentences", ["H₂S alarm at 10 ppm."], "")) == ""
    # numbers and abbreviations may be written otherwise (PD155 for "parameter 155", BDV spelled out)
    assert Lookup.missing_key("What does parameter 155 do?", "", formula) == ""
    # but a number written as hex is a code: a table of other registers does not answer "function code 04H"
    registers = _found("table", ["F000H", "Special power control"], "F000H Special power control")
    assert Lookup.missing_key("What does function code 04H read?", "", registers) == "04H"
    assert Lookup.missing_key("What does register 0xF000 hold?", "", registers) == ""  # 0xF000 is F000H
    # an object name with underscores: its sibling's card is not its answer
    sibling = _found("sentences", ["The card has 32 channels."], "Ssab_AI32uP\nThe card has 32 channels.")
    assert Lookup.missing_key("What attributes has the Ssab_AI64uP card?", "", sibling) == "Ssab_AI64uP"
    assert Lookup.missing_key("What attributes has the Ssab_AI32uP card?", "", sibling) == ""


def test_bits_written_with_and_without_a_separator_are_one_run() -> None:
    # as register maps print a status word's bits in a narrow column: items wrap, some lack the colon,
    # some use a full-width colon or none of a space after it
    text = ("Fault bits of register 0121H\n\nB31 load open-circuit\nB30：induction probe\ndamaged\n"
            "B29:capacitor over-voltage,\nreserved\nB28: battery reversely\nconnected\n"
            "B27 battery low temperature\nB26: overcharge protection\n\nB5 is shown only on the display.\n")
    document = _doc("charger-bits.txt", text)
    entries = find_entries(document)
    assert [e.key.text for e in entries] == ["B31", "B30", "B29", "B28", "B27", "B26"]
    assert " ".join(entries[3].fields[0].text.split()) == "battery reversely connected"
    assert entries[4].fields[0].text == "battery low temperature"  # not B28's text
    _check_places(document, entries)


def test_a_table_continued_from_a_page_keeps_the_lines_under_its_first_row() -> None:
    from operator_assistant.core.documents.entries import table_entries
    from operator_assistant.core.documents.tables import Cell, Table

    def cell(text: str, at: int) -> Cell:
        return Cell(text, at, at + len(text))

    key, word = cell("0121H", 0), cell("Fault word, high bits", 10)
    lines = tuple((key, word, cell(bit, 40 + 30 * n)) for n, bit in enumerate(
        ["B30: probe damaged", "B29: capacitor over-voltage", "B28: battery reversed"]))
    table = Table((key, word, cell("B31: load open", 32)), (((c := cell("0122H", 200)), cell("Fault word, low bits", 210),
                                                             cell("B15: reserved", 240)),), lines)
    entries = table_entries(table, 0, ("4.15 Faults and warnings",))
    assert [e.key.text for e in entries] == ["0121H", "0122H"]
    assert [f.text for f in entries[0].fields][1:] == ["B31: load open", "B30: probe damaged",
                                                      "B29: capacitor over-voltage", "B28: battery reversed"]
    assert c.text == entries[1].key.text


def test_a_row_is_found_by_the_codes_its_cell_lists_but_not_by_one_mention() -> None:
    html = ("<table><tr><th>Register</th><th>Content</th><th>Bits</th></tr>"
            "<tr><td>0121H</td><td>Fault word</td><td>B26: overcharge<br>B25: battery cold<br>B24: battery hot</td></tr>"
            "<tr><td>0122H</td><td>Status word, see B3: below</td><td>04H: boost<br>05H: float</td></tr></table>")
    entries = find_entries(_doc("faults.html", html))
    assert [(e.key.text, e.aliases) for e in entries] == [("0121H", ("b24", "b25", "b26")), ("0122H", ())]


def test_a_name_with_its_code_in_brackets_heads_a_block() -> None:
    text = ("GATEWAY GUIDE\n\nThe supported function codes are:\n\nReadCoils (FC 1)\nReads 1 to 2000 coils.\n\n"
            "ReadHoldingRegisters (FC 3)\nReads 1 to 125 holding registers.\n\n"
            "WriteMultipleRegisters (FC 16)\nWrites 1 to 123 registers.\n\n"
            "The gateway (see page 4) and the panel (A4) are not codes of this list.\n")
    document = _doc("gateway.txt", text)
    entries = [e for e in find_entries(document) if e.kind == CODE]
    assert [e.key.text for e in entries] == ["FC 1", "FC 3", "FC 16"]
    assert [f.text for f in entries[1].fields] == ["ReadHoldingRegisters", "Reads 1 to 125 holding registers."]
    assert "function codes" in entries[0].family
    assert entries[2].context == "The supported function codes are:"  # between its heading and the list
    _check_places(document, entries)


def test_lists_of_numbered_objectives_end_where_the_next_list_starts() -> None:
    text = ("APPENDIX A\n\nRegulations (REG) - objectives on permits.\nREG-1. List the permits an ATS needs.\n"
            "REG-2. Describe the discharge sampling a permit sets for a batch system versus a flow-through\n"
            "system.\nREG-3. Name the agency that inspects.\nResidual Toxicity (TOX) - objectives on testing.\n"
            "TOX-1. Describe the starch iodine test.\nTOX-2. List the record storage requirements.\n"
            "TOX-3. Distinguish representative samples.\n")
    document = _doc("ats.txt", text)
    entries = [e for e in find_entries(document) if e.kind == CODE]
    assert [e.key.text for e in entries] == ["REG-1", "REG-2", "REG-3", "TOX-1", "TOX-2", "TOX-3"]
    assert [f.text for f in entries[1].fields] == [
        "Describe the discharge sampling a permit sets for a batch system versus a flow-through", "system."]
    assert "TOX" not in " ".join(f.text for f in entries[2].fields).replace("Residual Toxicity (TOX)", "")
    _check_places(document, entries)


ABNORMAL = """# Filter Backwash SOP

## Procedure

1. Close the filter influent valve.
   a. Wait for the level to drop.
2. Open the backwash supply valve.
   a. Hold for ten minutes.

## Abnormal conditions

The shift lead decides whether the filter stays in service.

1. High headloss right after a backwash
   a. Check the backwash rate against the design rate.
   b. Inspect the underdrain for a blocked lateral,
   then log the finding.
2. Turbidity breakthrough
   a. Take the filter out of service.
   b. Check the coagulant dose.
"""


def test_numbered_abnormal_conditions_with_lettered_actions_are_symptom_entries() -> None:
    document = _doc("sop.md", ABNORMAL)
    entries = [e for e in find_entries(document) if e.kind == SYMPTOM]
    _check_places(document, entries)
    # the procedure's numbered steps have lettered lines too, but are not under a heading for abnormal conditions
    assert [e.key.text for e in entries] == ["High headloss right after a backwash", "Turbidity breakthrough"]
    first = entries[0]
    assert [f.text.split()[:2] for f in first.fields] == [["Check", "the"], ["Inspect", "the"]]
    assert first.fields[1].text.endswith("log the finding.")  # its wrapped line goes on
    assert [f.row for f in first.fields] == [0, 1]
    assert first.group == "list 'Abnormal conditions'"


def test_a_question_naming_a_document_keeps_that_documents_entries_only() -> None:
    from types import SimpleNamespace

    from operator_assistant.core.answer.lookup import Lookup

    documents = {"a": SimpleNamespace(doc_id="a", title="SRNE MODBUS PROTOCOL", source="/docs/SRNE_MODBUS_v3.9.pdf"),
                 "b": SimpleNamespace(doc_id="b", title="16-channel AC current module MODBUS-RTU",
                                      source="/docs/hdhk_16ch_ac_module_modbus_rtu.pdf"),
                 "c": SimpleNamespace(doc_id="c", title="How to Read a P&ID", source="/docs/Kimray P&ID Guide.pdf"),
                 "d": SimpleNamespace(doc_id="d", title="Inverter User Manual", source="/docs/HY_Series_Inverter.pdf")}
    for document in documents.values():
        document.content_hash = "v1"
    text = {"c": "AC Analysis Controller. FC Flow Controller.", "d": "MODBUS communication protocol. 08 Loop test"}
    manifest = SimpleNamespace(document=documents.get, documents=lambda: list(documents.values()),
                               document_chunks=lambda doc_id: [SimpleNamespace(indexed_text=text.get(doc_id, ""))])
    lookup = Lookup(manifest, lambda texts: None, lambda: ())
    both = [SimpleNamespace(doc_id="a"), SimpleNamespace(doc_id="b")]
    # "HDHK" is in one file name only
    assert [c.doc_id for c in lookup._of_named_documents("HDHK register 0018H: what is it?", both)] == ["b"]
    assert [c.doc_id for c in lookup._of_named_documents("What is register 0018H on the SRNE controller?", both)] == ["a"]
    # "Modbus" names both documents, so it names neither apart
    assert lookup._of_named_documents("Modbus register 0018H: what is it?", both) == both
    # a key only a document the question does not name lists: the P&ID guide's abbreviation AC is not asked for
    guide = [SimpleNamespace(doc_id="c")]
    assert lookup._of_named_documents("Which SRNE register holds the AC output frequency?", guide) == []
    assert lookup._of_named_documents("What does AC stand for on a P&ID?", guide) == guide  # names no document
    assert lookup._of_named_documents("What does AC mean in the Kimray guide?", guide) == guide
    # "MODBUS" names the two register maps by their files, and the drive manual has a Modbus chapter of its own
    drive = [SimpleNamespace(doc_id="d")]
    assert lookup._of_named_documents("What is function code 08 in the HY series MODBUS protocol?", drive) == drive
    # a maker's name before the device names the device, whose manual may never print it
    documents["k"] = SimpleNamespace(doc_id="k", title="Kestrel configuration tool", source="/docs/kestrel-tool.md",
                                     content_hash="v1")
    assert lookup._of_named_documents("Following error 0Bh on the Kestrel controller - remedy?", drive) == drive


MATRIX_OVER_A_PAGE = """# Generator manual

## Bearings

| Bearing hot | Grease leaks | Possible cause | Corrective action |
|---|---|---|---|
| x | | Too little grease | Add grease |
| | x | Wrong grease | Change the grease |

| x | x | Worn bearing seals | Replace the seals |
|---|---|---|---|
| | x | Too much grease | Clean the bearing |
"""


def test_a_matrix_carried_on_with_no_names_over_its_columns_adds_to_its_symptoms() -> None:
    document = _doc("manual.md", MATRIX_OVER_A_PAGE)
    entries = [e for e in find_entries(document) if e.kind == SYMPTOM]
    _check_places(document, entries)
    # no entry is keyed by a mark: the second table's first line is rows, not column names
    assert [e.key.text for e in entries] == ["Bearing hot", "Grease leaks"]
    hot, leaks = entries
    assert [f.text for f in hot.fields] == ["Too little grease", "Add grease", "Worn bearing seals", "Replace the seals"]
    assert [f.text for f in leaks.fields] == ["Wrong grease", "Change the grease", "Worn bearing seals",
                                              "Replace the seals", "Too much grease", "Clean the bearing"]
    assert [f.name for f in leaks.fields] == ["Possible cause", "Corrective action"] * 3


def test_a_register_written_with_a_leading_zero_is_asked_for_as_the_maps_hex_address() -> None:
    [key] = [k for k in named_keys("Reading register 0103 - which byte is the battery temperature?") if k.numeric]
    assert "0103h" in key.forms
    # a plain number is not made hex: "register 259" is no 259h
    [plain] = [k for k in named_keys("What is register 259?") if k.numeric]
    assert "259h" not in plain.forms


def test_a_codes_card_shows_the_cell_that_says_what_the_question_asks_beside_the_column_it_names() -> None:
    from operator_assistant.core.answer.lookup import Lookup
    from operator_assistant.core.documents.entries import Field

    fields = [Field("Bytes", "2", 0, 1, "", 0, 1), Field("Unit", "degC", 2, 6, "", 0, 3),
              Field("Description", "(8 higher bits) Controller temperature", 7, 45, "", 0, 4),
              Field("Return data", "1C 19", 46, 51, "", 0, 7),
              Field("Description", "(8 lower bits) Battery temperature", 52, 86, "", 1, 4)]
    named = Lookup._named_columns(fields, "Which byte of register 0103H is the battery temperature?", frozenset())
    assert named == {1, 3, 4}  # Bytes by its header, the unit beside it, the Description that says it


def test_words_that_go_on_naming_a_document_are_not_what_the_question_asks() -> None:
    from types import SimpleNamespace

    from operator_assistant.core.answer.lookup import Lookup
    from operator_assistant.core.tokenize import tokenize

    documents = {"a": SimpleNamespace(title="SRNE MODBUS PROTOCOL", source="/docs/SRNE_MODBUS_v3.9.pdf")}
    lookup = Lookup(SimpleNamespace(document=documents.get), lambda texts: None, lambda: ())
    record = SimpleNamespace(doc_id="a")
    said = lookup._device_words("On the SRNE charge controller, what is register E004H?", record)
    assert said == set(tokenize("charge controller"))
    # no word of the question names the document: nothing is taken for its device
    assert lookup._device_words("What is the charge controller's register E004H?", record) == set()


def test_a_code_list_item_wrapped_over_lines_keeps_its_run_and_its_whole_meaning() -> None:
    # a parameter's settings, as a drive manual prints them: an item that wraps went on to break the list
    # there, so "09" (its run of one item) was no entry at all
    text = ("PD044 Multi-input 1 Factory Setting: 02\nSet Range: 00-32 Unit: No\n"
            "00: Invalid. The terminal is set for empty to prevent false actions.\n"
            "01: RUN Running. It can be combined with other terminals to compose multiple\ncontrol modes.\n"
            "02: FOR Forward Rotation\n03: REV Reverse Rotation\n"
            "09: Emergent Stop: Emergent stop. It can receive external emergent stop command or other\n"
            "fault signals\n10: RST Reset. This terminal can be used for reset after a fault is removed.\n"
            "11: Reserved\n"
            "Note: Multi-input terminals are scanned every 10 ms.\n")
    document = _doc("drive.txt", text)
    entries = find_entries(document)
    assert [e.key.text for e in entries] == ["00", "01", "02", "03", "09", "10", "11"]
    assert " ".join(entries[1].fields[0].text.split()) == (
        "RUN Running. It can be combined with other terminals to compose multiple control modes.")
    assert entries[4].fields[0].text.endswith("or other\nfault signals")
    assert entries[6].fields[0].text == "Reserved"  # the note under the list is not the last item's
    _check_places(document, entries)


def test_a_settings_list_inside_a_parameters_block_gives_entries_of_its_own() -> None:
    text = ("Multi-input terminals\n\n"
            "PD044 Multi-input 1 (FOR function) Factory Setting: 02\n"
            "PD045 Multi-input 2 (REV function) Factory Setting: 03\n"
            "PD046 Multi-input 3 (RST function) Factory Setting: 10\n"
            "Set Range: 00-32 Unit: No\n"
            "00: Invalid. The terminal is set for empty to prevent false actions.\n"
            "02: FOR Forward Rotation\n03: REV Reverse Rotation\n"
            "09: Emergent Stop: It can receive external emergent stop command or other\nfault signals\n"
            "10: RST Reset after a fault is removed.\n")
    document = _doc("drive.txt", text)
    keys = [e.key.text for e in find_entries(document)]
    assert keys == ["PD044", "PD045", "PD046", "00", "02", "03", "09", "10"]
    _check_places(document, find_entries(document))


def test_what_a_key_seen_somewhere_is_asks_its_meaning() -> None:
    # "on a valve in the P&ID" says where the tag was seen: the question is not about valves, which other
    # passages search found are titled with
    from operator_assistant.core.answer.lookup import _asks_meaning

    assert _asks_meaning("What's a CSO tag on a valve in the P&ID?", "CSO")
    assert _asks_meaning("What is PD013 in the HY manual?", "PD013")
    assert _asks_meaning("What does FC mean on the drawing?", "FC")
    # the key as the subject of something else is not asking what it is
    assert not _asks_meaning("What is the PT-2105 setpoint in the register?", "PT-2105")
    assert not _asks_meaning("What's the bolt torque for B-3 on the flange?", "B-3")


def test_capitals_a_space_and_a_number_are_one_key_where_a_list_keys_it_so() -> None:
    # ProviewR heads its function codes "WriteMultipleRegisters (FC 16)": the question's "(FC 16)" had been read
    # as the abbreviation FC, and "registers" after it as the family of a list the block is not in
    from types import SimpleNamespace

    from operator_assistant.core.answer.lookup import Lookup, named_keys
    from operator_assistant.core.documents.entries import key_forms

    listed = {"fc16": [SimpleNamespace(entry=SimpleNamespace(key=SimpleNamespace(text="FC 16")))]}
    manifest = SimpleNamespace(entries_for_keys=lambda forms: [r for f in forms for r in listed.get(f, [])],
                               entries_in=lambda ranks, kind: listed["fc16"] if "proview" in ranks else [])
    lookup = Lookup(manifest, lambda texts: None, lambda: ())
    question = "ProviewR Modbus WriteMultipleRegisters (FC 16) - how many registers max in one write?"
    [key] = lookup._written_spaced(question, named_keys(question), {})
    assert key.text == "FC 16" and key.forms == frozenset(key_forms("FC 16")) and not key.family
    # where no list keys "SW 3", it is no key
    assert lookup._written_spaced("Is SW 3 open?", [], {"proview": 1}) == []
    # "FC 23" where a document search found writes its codes so: a key, so that it can be said not listed
    [missing] = lookup._written_spaced("What does FC 23 do on a Modbus_Module?", [], {"proview": 1})
    assert missing.text == "FC 23"
    assert lookup._written_spaced("What does FC 23 do on a Modbus_Module?", [], {}) == []


def test_a_code_with_letters_is_said_not_listed_in_the_list_of_its_letters() -> None:
    # "parameter PD190" on a drive whose function list (PD000 to PD183) names no family: the refusal had named
    # a five-entry list headed "Explanation:" (PD001 to PD045), the only one that says "parameter"
    from types import SimpleNamespace

    from operator_assistant.core.answer.lookup import Lookup, named_keys

    def record(key: str, group: str, family: str, n: int) -> SimpleNamespace:
        entry = SimpleNamespace(key=SimpleNamespace(text=key, name=""), group=group, family=family, fields=[],
                                kind="code", start=n * 10, end=n * 10 + 9)
        return SimpleNamespace(doc_id="hy", entry=entry, section=(), ordinal=n, pages=(20,))

    records = [record(f"PD{n:03d}", "table 'VIII. Function List'", "Function List", n) for n in range(0, 184, 8)]
    records += [record(f"PD{n:03d}", "list 'Explanation:'", "parameter settings", 200 + n) for n in (1, 2, 44, 45)]
    manifest = SimpleNamespace(entries_in=lambda ranks, kind: records, entries_for_keys=lambda forms: [])
    lookup = Lookup(manifest, lambda texts: None, lambda: ())
    [key] = [k for k in named_keys("HY inverter parameter PD190 - what does it set?") if k.text == "PD190"]
    groups = lookup._family_groups(key, {"hy": 1})
    assert ("hy", "table 'VIII. Function List'") in groups and ("hy", "list 'Explanation:'") in groups


def _listed(lead_in: str, sections: tuple[str, ...], columns: tuple[str, ...] = ("Code", "Meaning"),
            group: str = "") -> SimpleNamespace:
    family = " ".join([*sections, lead_in])  # as entries are read: the headings, then the line introducing the list
    entry = SimpleNamespace(family=family, group=group or f"list '{sections[-1]}'", kind=CODE,
                            key=SimpleNamespace(name=columns[0]), fields=[SimpleNamespace(name=c) for c in columns[1:]])
    return SimpleNamespace(entry=entry, section=sections)


def test_the_nearest_name_of_a_list_says_its_family_not_its_chapter() -> None:
    # SRNE: "1) Exception code descriptions" under "2 Communication protocol format and command analysis";
    # its 04H row had answered "What does function code 04H read?"
    from operator_assistant.core.answer.lookup import _in_family, _of_other_family

    exceptions = _listed("1) Exception code descriptions",
                         ("2 Communication protocol format and command analysis", "2.4 Process flow chart"))
    function_code = named_keys("What does function code 04H read on the controller?")[0]
    exception_code = named_keys("What does exception code 04H mean on the controller?")[0]
    assert not _in_family(function_code, exceptions) and _of_other_family(function_code, exceptions)
    assert _in_family(exception_code, exceptions)
    # a list that names no family itself takes its chapter's
    commands = _listed("", ("2 Communication protocol format and command analysis", "2.3 Frames"))
    assert _in_family(function_code, commands)


def test_a_register_is_asked_for_from_a_list_of_parameter_settings() -> None:
    # "register E004H" over the SRNE map's "Battery parameter setting (38 bytes)" under "3 PDU address ..."
    from operator_assistant.core.answer.lookup import _in_family

    settings = _listed("Battery parameter setting (38 bytes)",
                       ("3 PDU address distribution table", "EEPROM Controller parameter setting (50 bytes)"),
                       columns=("", "", "", "", ""))
    assert _in_family(named_keys("On the SRNE charge controller, what is register E004H?")[0], settings)


def test_a_map_keyed_by_its_decimal_column_is_bounded_in_the_hex_the_question_writes() -> None:
    # the HDHK module's map: "Decimal | MODBUS register | Explain"; "0045H not listed ... from 0 to 55" reads
    # as if 45 were inside the list
    from operator_assistant.core.answer.lookup import _as_asked
    from operator_assistant.core.documents.entries import Field

    def row(decimal: str, register: str) -> Entry:
        return Entry(key=Field("Decimal", decimal, 0, 2), kind=CODE, family="Decimal", group="table 'Registers'",
                     fields=(Field("MODBUS register", register, 3, 20), Field("Explain", "Channel ratio", 21, 34)))

    assert _as_asked(row("55", "0037H(read write)"), "0045H") == "0037H"
    assert _as_asked(row("55", "0037H (read write)"), "0x45") == "0037H"
    assert _as_asked(row("55", "0037H(read write)"), "45") == "55"  # asked in decimal: the decimal key
    assert _as_asked(row("55", "0036H(read write)"), "0045H") == "55"  # a cell of another value is no key
    assert _as_asked(row("0037H", "55"), "0045H") == "0037H"


def test_a_limit_said_of_the_whole_station_answers_for_one_of_its_pumps_unless_another_pump_is_named():
    from operator_assistant.core.answer.card import Found
    from operator_assistant.core.answer.lookup import Lookup
    from operator_assistant.core.answer.records import SENTENCES, Card, CardCell, Source

    listed = {"b2": [SimpleNamespace(doc_id="station")]}  # the station manual's pump table lists B-2
    manifest = SimpleNamespace(entries_for_keys=lambda forms: [e for f in forms for e in listed.get(f, [])])
    lookup = Lookup(manifest, lambda texts: None, lambda: ())

    def card(text: str, doc_id: str = "station") -> Found:
        source = Source(1, f"{doc_id}:1", "Booster Station B", "b.pdf", ("2.2 Suction Pressure Protection",), (2,),
                        0, len(text), text, 1.0)
        return Found(Card(SENTENCES, "2.2 Suction Pressure Protection", ((CardCell(text, 1, 0, len(text)),),)),
                     [source])

    query = "What is the low suction pressure trip on booster B-2?"
    station = "Three low suction trips within one hour lock the station out."
    assert lookup.said_of_all("B-2", query, card(station))
    # another pump's trip, another limit, another station's manual
    assert not lookup.said_of_all("B-2", query, card("B-4 has three low suction trips within one hour."))
    assert not lookup.said_of_all("B-2", query, card("The low suction alarm sounds at 25 psi."))
    assert not lookup.said_of_all("B-2", query, card(station, doc_id="other"))
    # a question that asks no limit keeps the card from naming the tag asked about
    assert not lookup.said_of_all("B-2", "What is the rated flow of booster B-2?", card(station))


def test_a_card_must_name_the_place_asked_for_in_its_passages_or_titles() -> None:
    from operator_assistant.core.answer.lookup import Lookup

    found = _found("sentences", ["The lead pump starts at 20.0 ft."], "Summit Reservoir: the lead pump starts at 20.0 ft.")
    assert Lookup.missing_place("At what level does the lead pump start at Summit Reservoir?", found) == ""
    assert Lookup.missing_place("At what level does the lead pump start at the Riverside lift station?",
                                found) == "Riverside lift station"
    # each word of the name, wherever the passage puts it
    tanks = _found("sentences", ["Inspect every 3 years."], "Welded Carbon Steel Tanks shall be inspected.")
    assert Lookup.missing_place("How often is a Welded Steel Tank inspected?", tanks) == ""
    # a question that names no place by its name asks nothing of this
    assert Lookup.missing_place("At what level does the lead pump start?", found) == ""


def test_a_card_for_a_limit_must_name_what_the_limit_is_of() -> None:
    from operator_assistant.core.answer.card import limit_subject
    from operator_assistant.core.answer.lookup import Lookup

    assert limit_subject("What is the wet well high level alarm at Station B?") == (frozenset({"well"}), "wet well")
    assert limit_subject("What is the traveling screen differential level alarm?")[1] == "traveling screen"
    # a question that asks no limit's figure asks nothing of this
    assert limit_subject("What does alarm CL2ALM03 mean?") == (frozenset(), "")
    # the unit it is asked in and a limit written with a hyphen are how it is asked, not of what
    assert limit_subject("What level in feet sets off the high-level alarm on the clearwell?") == (
        frozenset({"clearwel"}), "clearwell")
    reservoir = _found("sentences", ["Trigger: LIT-450 above 30.5 ft."], "LVL-ALM-21 Summit Reservoir High Level")
    assert Lookup.missing_subject("What is the wet well high level alarm at Station B?", reservoir) == (
        "wet well at Station B")
    assert Lookup.missing_subject("What is the wet well high level alarm?", reservoir) == "wet well"
    pool = _found("sentences", ["Lift up high-level sensor float. Verify float level and hi/lo alarm indication."],
                  "B. Pool Water Level")
    assert Lookup.missing_subject("What level in feet sets off the high-level alarm on the clearwell?", pool) == (
        "clearwell")
    # a word of it in no document: the card of another thing that shares its other words does not answer
    fluoridation = _found("sentences", ["Provide flow measuring and recording equipment for the fluoride addition."],
                          "Fluoridation System")
    asked = "What is the fluoride saturator make-up water flow rate?"
    assert Lookup.missing_subject(asked, fluoridation) == ""
    assert Lookup.missing_subject(asked, fluoridation, ["saturator"]) == "fluoride saturator make-up water"
    assert Lookup.missing_subject("What is the Summit Reservoir high level alarm?", reservoir) == ""
    # a word of it is enough, in the passage, its headings or its document's title
    wet_well = _found("sentences", ["The high level alarm is 26.0 ft."], "2.2 Wet Well Level Protection")
    assert Lookup.missing_subject("What is the intake wet well high level alarm?", wet_well) == ""


def test_a_card_must_name_the_station_asked_for_by_its_letter() -> None:
    from operator_assistant.core.answer.lookup import Lookup

    clearwell = _found("table", ["Clearwell free chlorine", "high 2.60 mg/L"], "2.1 Setpoints AIT-520")
    assert Lookup.missing_place("What is the free chlorine residual high alarm at Station B?", clearwell) == "Station B"
    booster = _found("sentences", ["The high alarm is 120 psi."], "The high alarm is 120 psi.")
    booster = replace(booster, sources=[replace(booster.sources[0], document="Booster Pump Station B O&M Manual")])
    assert Lookup.missing_place("What is the discharge high alarm at Station B?", booster) == ""
    # named where the first line is: another row of an alarm summary that names Station B does not make the
    # clearwell's row its answer
    summary = _found("sentences", ["CL2-ALM-08 Clearwell free chlorine residual high 2.60 mg/L",
                                   "PMP-ALM-12 Booster Station B discharge header pressure low 60 psi"], "Alarm summary")
    assert Lookup.missing_place("What is the free chlorine residual high alarm at Station B?", summary) == "Station B"
    # a series of pumps need not be written out by the station's manual
    assert Lookup.missing_place("What is the bearing temperature trip on the B-series pumps?", clearwell) == ""


BLOCKS = """# 7.8 Troubleshooting

Work through the actions in order.

Blower surges at low flow

Possible causes:

a) Air demand is below the minimum flow of the running blowers.
b) Blow-off valve not opening when surge is detected.

Corrective action:

1. Stop one blower so the other runs above its minimum flow.
2. Stroke the blow-off valve from the local panel.

Bearing temperature high

Possible causes:
- Oil level low in the sump.
- Oil cooler fins blocked.

Action:
1. Check the oil level in the sight glass.

# 7.9 Maintenance

Possible causes:
- none listed here
"""


def test_troubleshooting_blocks_give_a_symptom_its_causes_and_actions() -> None:
    document = _doc("blowers.md", BLOCKS)
    entries = [e for e in find_entries(document) if e.kind == SYMPTOM]
    _check_places(document, entries)
    assert [e.key.text for e in entries] == ["Blower surges at low flow", "Bearing temperature high"]
    first, second = entries
    assert [f.name for f in first.fields] == ["Possible causes", "Corrective action"]
    assert first.fields[0].text.startswith("a) Air demand") and first.fields[0].text.endswith("surge is detected.")
    assert first.fields[1].text.endswith("from the local panel.")  # up to the next symptom's line
    assert [f.name for f in second.fields] == ["Possible causes", "Action"]
    assert second.fields[1].text == "1. Check the oil level in the sight glass."  # not into 7.9
    assert first.group == "list '7.8 Troubleshooting'"


def test_a_lone_causes_label_in_prose_is_no_troubleshooting_block() -> None:
    text = ("# Notes\n\nThe pump stopped twice last week\n\nPossible causes:\n- power dip\n\nCorrective action:\n"
            "1. none yet\n")
    assert not [e for e in find_entries(_doc("notes.md", text)) if e.kind == SYMPTOM]  # one block alone in its section


def test_numbered_symptoms_under_a_symptoms_heading_are_entries() -> None:
    text = ABNORMAL.replace("Abnormal conditions", "Symptom -> checks in order")
    entries = [e for e in find_entries(_doc("skid.md", text)) if e.kind == SYMPTOM]
    assert [e.key.text for e in entries] == ["High headloss right after a backwash", "Turbidity breakthrough"]



def test_a_condition_wrapped_onto_a_second_line_keeps_its_actions() -> None:
    text = ("# Troubleshooting\n\n1. Pump over-feeds (residual high, column draws down too fast, or hypo flows with the\n"
            "   pump stopped)\n     a. Siphoning through the pump: replace the backpressure valve diaphragm.\n"
            "     b. Speed signal stuck high: check the PLC is not in manual.\n\n2. Hypo leaking at the pump head\n"
            "     a. Head bolts loose: torque them to 6 Nm.\n")
    document = _doc("skid.md", text)
    entries = [e for e in find_entries(document) if e.kind == SYMPTOM]
    _check_places(document, entries)
    assert [" ".join(e.key.text.split()) for e in entries] == [
        "Pump over-feeds (residual high, column draws down too fast, or hypo flows with the pump stopped)",
        "Hypo leaking at the pump head"]
    assert [len(e.fields) for e in entries] == [2, 1]


RUNBOOK = """SECTION 9 - STANDBY POWER

9.4  GEN-1 TROUBLESHOOTING

SYMPTOM: ENGINE TURNS OVER BUT WILL NOT START
  Cause A: No fuel reaching the engine - sub-base tank low or FTP-1 not
           running.
       Do: Read the sub-base sight gauge. Run FTP-1 in HAND.
  Cause B: Air in the fuel system after a filter change.
       Do: Work the hand primer until the fuel comes through with no bubbles.

SYMPTOM: A SITE DROPS IN AND OUT - COMM FAIL COMES AND CLEARS, WORSE IN WET
         WEATHER
  Cause A: Water in the antenna coax connector.
       Do: Dry it and rewrap with self-amalgamating tape.

9.5  NOTES

Problem: none of these labels are a list here
"""


def test_labelled_symptom_lines_give_each_cause_with_what_to_do() -> None:
    document = _doc("runbook.txt", RUNBOOK)
    entries = [e for e in find_entries(document) if e.kind == SYMPTOM]
    _check_places(document, entries)
    assert [e.key.text for e in entries] == ["ENGINE TURNS OVER BUT WILL NOT START",
                                             "A SITE DROPS IN AND OUT - COMM FAIL COMES AND CLEARS, WORSE IN WET"]
    first = entries[0]
    assert [(f.name, f.row) for f in first.fields] == [("Cause", 0), ("What to do", 0), ("Cause", 1), ("What to do", 1)]
    assert first.fields[0].text.endswith("FTP-1 not\n           running.")  # its wrapped line goes on
    assert entries[1].fields[-1].text == "Dry it and rewrap with self-amalgamating tape."
    # a lone "Problem:" in another section is no list
    assert all("9.4" in e.group for e in entries)
