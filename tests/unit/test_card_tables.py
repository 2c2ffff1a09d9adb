"""The card's table facts: which rows and columns of a table answer a question."""

from __future__ import annotations

from dataclasses import replace

from operator_assistant.core.answer.card import table_card
from operator_assistant.core.answer.policy import DEFAULT_POLICY
from operator_assistant.core.answer.records import Source
from operator_assistant.core.documents.tables import Cell, make_table
from operator_assistant.core.index.manifest import TableRecord


def record(rows: list[list[str]]) -> TableRecord:
    cells, at = [], 0
    for row in rows:
        line = []
        for text in row:
            line.append(Cell(text, at, at + len(text)))
            at += len(text) + 3
        cells.append(line)
    table = make_table(cells)
    assert table is not None
    return TableRecord("doc", 0, ("Flushing",), (), table)


SOURCE = Source(1, "c1", "Regulations", "regs.html", ("Flushing",), (), 0, 10_000, "", 1.0)
FLUSHING = [["Nominal Main Size", "Minimum Flushing Flow"], ["Diameter (inches)", "(gallons per minute)"],
            ["2", "25"], ["6", "225"], ["8", "400"], ["10", "600"]]
CLASSES = [["Total Points", "Class"], ["Less than 20", "T1"], ["20 through 39", "T2"], ["40 through 59", "T3"],
           ["60 through 79", "T4"], ["80 or more", "T5"]]


def pick(question: str, rows: list[list[str]]) -> list[list[str]] | None:
    found = table_card(question, question, [(SOURCE, record(rows), True)])
    if found is None:
        return None
    _, chosen, row_numbers, columns = found
    return [[chosen.table.rows[r][c].text for c in columns] for r in row_numbers]


def test_a_row_labelled_with_a_figure_is_named_by_that_figure():
    assert pick("What is the minimum flushing flow for an 8-inch water main?", FLUSHING) == [["8", "400"]]
    assert pick("Minimum flushing flow for a 10 inch main?", FLUSHING) == [["10", "600"]]


def test_a_row_labelled_with_a_range_is_named_by_a_figure_inside_it():
    assert pick("Which class does a facility with 45 total points get?", CLASSES) == [["40 through 59", "T3"]]
    assert pick("Which class does a facility with 12 total points get?", CLASSES) == [["Less than 20", "T1"]]
    assert pick("Which class does a facility with 85 total points get?", CLASSES) == [["80 or more", "T5"]]


# a test-voltage table as rotating-machine manuals print it: ranges of the rated voltage, in volts
TEST_VOLTAGES = [["Rated voltage (Vr)", "Test voltage in DC", "Minimum insulation resistance"],
                 ["Vr < 1000V", "500Vdc", "5 MΩ"], ["1000V<Vr<2500V", "1000Vdc", "10 MΩ"],
                 ["2500V<Vr<12000V", "2500Vdc", "100 MΩ"], ["Vr>12000V", "5000Vdc", "100 MΩ"]]


def test_a_row_labelled_with_a_measured_range_is_named_by_a_measurement_inside_it_in_any_unit():
    asked = "What DC test voltage do I use on a 6.6 kV motor?"
    assert pick(asked, TEST_VOLTAGES) == [["2500V<Vr<12000V", "2500Vdc"]]
    assert pick("What DC test voltage do I use on a 480 V motor?", TEST_VOLTAGES) == [["Vr < 1000V", "500Vdc"]]
    assert pick("What DC test voltage does a 13.8 kV machine get?", TEST_VOLTAGES) == [["Vr>12000V", "5000Vdc"]]


def test_a_column_named_by_a_measured_range_is_shown_only_for_a_figure_inside_it():
    limits = [["", "Rated voltage < 2kV", "Rated voltage ≥ 2kV"], ["Measuring voltage", "500V DC", "1000V DC"],
              ["Minimum insulation resistance", "10 MΩ", "100 MΩ"]]
    assert pick("What measuring voltage for a 6.6 kV generator?", limits) == [["Measuring voltage", "1000V DC"]]
    assert pick("What measuring voltage for a 400 V generator?", limits) == [["Measuring voltage", "500V DC"]]
    # no figure asked: both columns, as before
    assert pick("What measuring voltage for the generator?", limits) == [["Measuring voltage", "500V DC", "1000V DC"]]


def test_a_measured_range_holds_only_what_its_unit_converts_to():
    from operator_assistant.core.answer.card import _label_holds, _measured_holds, _measured_range

    assert _measured_range("5000V<Vr<12000V") == (5000.0, 12000.0, "V")
    assert _measured_range("2.2 - 4.4 kV") == (2.2, 4.4, "kV")
    assert _measured_range("over 600 V") == (600.0, None, "V")
    assert _measured_range("Up to 1,000 V") == (None, 1000.0, "V")
    assert _measured_range("40 through 59") is None  # no unit: the plain figures decide
    assert _measured_range("4160 V") == (4160.0, 4160.0, "V")  # one figure: the range of one value
    assert _measured_holds("4160 V", [(4.16, "kV")]) is True
    assert _measured_holds("4160 V", [(4.2, "kV")]) is False
    assert _measured_range("Pumps over 50 hp with 460 V motors") is None
    assert _measured_range("8") is None
    assert _measured_holds("2.2 - 4.4 kV", [(3300, "V")]) is True
    assert _measured_holds("2.2 - 4.4 kV", [(60, "psi")]) is None  # a pressure says nothing of a voltage range
    assert _measured_holds("Vr < 2500V", [(6.6, "kV")]) is False
    assert _label_holds("8 in", ["8", "60"], [(60, "psi")])  # "an 8-inch main at 60 psi": the plain figures decide


def test_a_figure_that_labels_no_row_names_none():
    # 7 inches is not a row; a figure alone never picks a neighbouring row
    assert pick("What is the minimum flushing flow for a 7-inch main?", FLUSHING) in (None, [["2", "25"], ["6", "225"],
                                                                                          ["8", "400"], ["10", "600"]])
    # the digits of a tag are not a figure: B-8 is no row label 8
    assert pick("What is the minimum flushing flow at pump B-8?", FLUSHING) != [["8", "400"]]


CONVERSIONS_A = [["To Convert From", "To", "Multiply By"], ["standard atmosphere", "kilopascal", "101.325"],
                 ["pound-force foot", "newton meter", "1.355 818"]]
CONVERSIONS_B = [["To Convert From", "To", "Multiply By"], ["bar", "kilopascal", "100"],
                 ["pound-force per square inch (psi)", "kilopascal", "6.894 757"]]


def conversions(rows: list[list[str]], ordinal: int, offset: int) -> TableRecord:
    made = record(rows)
    table = make_table([[Cell(c.text, c.start + offset, c.end + offset) for c in row]
                        for row in [list(made.table.header), *made.table.rows]])
    assert table is not None
    return TableRecord("doc", ordinal, ("Conversion factors",), (), table)


def test_of_two_tables_named_alike_the_one_whose_row_holds_more_of_the_question_answers():
    # both tables have a "Multiply By" column and a kilopascal row; only the second names psi too,
    # and it is ranked second: the first table's "standard atmosphere" row is not the answer
    first, second = conversions(CONVERSIONS_A, 0, 0), conversions(CONVERSIONS_B, 1, 5_000)
    question = "What factor do I multiply psi by to get kilopascals?"
    found = table_card(question, question, [(SOURCE, first, True), (SOURCE, second, True)])
    assert found is not None
    _, chosen, rows, columns = found
    assert chosen.ordinal == 1
    assert [[chosen.table.rows[r][c].text for c in columns] for r in rows] == [
        ["pound-force per square inch (psi)", "6.894 757"]]


def test_a_sentence_run_over_several_rows_stands_for_the_row_the_question_names():
    from operator_assistant.core.answer.sentences import Piece

    table = conversions([["To Convert From", "To", "Multiply By"], ["Power", "", ""],
                         ["ton, refrigeration", "kilowatt", "3.516 853"], ["Btu per second", "kilowatt", "1.055 056"]],
                        0, 0)
    rows = table.table.rows
    # the layout read "Power ton, refrigeration kilowatt" as one sentence, starting in the heading row
    piece = Piece(rows[0][0].start, rows[1][1].end, "Power ton, refrigeration kilowatt", 0.7, False, False)
    question = "How many kilowatts is one ton of refrigeration?"
    found = table_card(question, question, [(SOURCE, table, True)], (piece, SOURCE))
    assert found is not None
    _, chosen, picked, _ = found
    assert [chosen.table.rows[r][0].text for r in picked] == ["ton, refrigeration"]


def lines_of(*texts: str) -> list[tuple[int, str]]:
    out, at = [], 0
    for text in texts:
        out.append((at, text))
        at += len(text) + 1
    return out


def test_lettered_steps_are_a_step_list_and_under_a_numbered_step_belong_to_it():
    from operator_assistant.core.answer.card import _steps

    lines = lines_of("Startup", "a. Align the manual valve.", "b. Turn the purge fan ON.", "c. Verify the lamp.")
    [steps] = _steps(lines)
    assert len(steps) == 3
    nested = lines_of("1. Prestart checks:", "a. Check the valves.", "b. Check the lamps.", "2. Start the fan.",
                      "3. Verify the flow.")
    [steps] = _steps(nested)
    assert len(steps) == 3 and "b. Check the lamps." in "\n".join(t for _, t in nested)[steps[0][0]:steps[0][1]]


def test_a_procedure_written_with_bullets_is_a_step_list_with_the_lines_under_each_bullet():
    from operator_assistant.core.answer.card import _bullets

    lines = lines_of("\u25cf Login as user pwrp. The user is added at installation.", "\u25cf Open the ProjectList.",
                     "\u25cf Create a project hierarchy.", "The hierarchy holds the projects.",
                     "We choose the name Test.", "\u25cf Save the changes (Ctrl+S).", "Fig The Project List")
    [steps] = _bullets(lines)
    text = "\n".join(t for _, t in lines)
    assert len(steps) == 4 and "We choose the name Test." in text[steps[2][0]:steps[2][1]]
    assert "Fig" not in text[steps[-1][0]:steps[-1][1]]
    assert _bullets(lines_of("\u25cf One point.", "\u25cf Another point.")) == []  # two bullets are no procedure


def test_a_label_between_bullets_goes_with_the_bullet_under_it():
    from operator_assistant.core.answer.card import _bullets
    from operator_assistant.core.answer.claims import flowed

    # a generator manual's storage checks: "Every 3 months:" had been read as the tail of the bullet above it
    lines = lines_of("\u2022 Check that the heaters work.", "\u2022 Check that the ventilation works.",
                     "Every 3 months:", "\u2022 Check the insulation resistance.", "\u2022 Check for corrosion.")
    [items] = _bullets(lines)
    text = "\n".join(t for _, t in lines)
    assert [flowed(text[a:b]) for a, b in items] == [
        "\u2022 Check that the heaters work.", "\u2022 Check that the ventilation works.",
        "Every 3 months: \u2022 Check the insulation resistance.", "\u2022 Check for corrosion."]


def test_a_sentence_the_list_under_it_completes_is_its_lead_in_with_no_colon():
    from operator_assistant.core.answer.card import _list_at

    # a manual's layout: the lead-in broken off at "you", each item a dash set close to its first word
    lines = lines_of("USB port baud rate", "For scan times under 50 ms raise the baud rate.", "To change the baud rate you",
                     "\u2013configure the baud rate in the BaudRate attribute.",
                     "\u2013change the baud rate in the Serial.begin() call and upload the", "modified sketch.",
                     "Fig Baud rate changed to 38400")
    text = "\n".join(t for _, t in lines)
    second = text.index("\u2013change")
    lead, items, at = _list_at(lines, second, second + 10)
    assert text[slice(*lead)] == "To change the baud rate you"
    assert [text[a:b].split()[0] for a, b in items] == ["\u2013configure", "\u2013change"] and at == 1
    assert text[slice(*items[1])].endswith("modified sketch.")  # the item's wrapped line is part of it
    # two bullets that nothing introduces are not read as a list; a heading is not a lead-in
    assert _list_at(lines_of("Alarms", "\u2022 High level", "\u2022 Low level"), 8, 12) is None
    # a hyphen before a figure is no bullet
    assert _list_at(lines_of("The set points are", "-10 \u00b0C", "-20 \u00b0C"), 20, 24) is None


def test_a_caution_between_two_steps_does_not_end_the_list():
    from operator_assistant.core.answer.card import _steps

    lines = lines_of("3. Shutdown:", "a. SHUTDOWN chill water pump.", "b. Wait for the temperatures to equalize.",
                     "Caution", "Closing isolation valves can raise the pressure.", "c. SHUTDOWN pool water pump.",
                     "d. Record the readings.")
    [steps] = _steps(lines[1:])
    assert len(steps) == 4
    text = "\n".join(t for _, t in lines)
    assert "Caution" in text[steps[1][0]:steps[1][1]] and text[steps[2][0]:steps[2][1]].startswith("c.")
    # a line that is not followed by the next step still ends the list
    [steps] = _steps(lines_of("a. Open the valve.", "b. Start the pump.", "Records are kept for a year.",
                              "The pump is checked monthly."))
    assert len(steps) == 2


def test_a_list_is_chosen_by_its_title_only_where_the_question_names_one_title_more_than_the_others():
    from operator_assistant.core.answer.card import _asked_terms, _steps, _titled_list

    assert {"startup", "shutdown"} <= _asked_terms("Start up or shutting down the fan: steps?")
    lines = lines_of("2. Startup:", "a. OPEN the valve.", "b. START the fan.", "3. Shutdown:", "a. STOP the fan.",
                     "b. CLOSE the valve.")
    lists = _steps(lines)
    assert len(lists) == 2
    assert _titled_list(lists, lines, "How do I shut down the fan?") is lists[1]
    assert _titled_list(lists, lines, "What are the start up steps for the fan?") is lists[0]
    assert _titled_list(lists, lines, "How do I run the fan?") is None  # no title named: the best sentence decides
    assert _titled_list(lists[:1], lines, "How do I start up the fan?") is None  # one list: nothing to choose


def test_a_heading_line_is_a_short_numbered_or_capitalised_line_with_no_sentence_end():
    from operator_assistant.core.answer.card import _heading_line

    assert _heading_line("3.2 EXITING THE AUTO MODE") and _heading_line("PUMP STATION ALARMS")
    assert _heading_line("4.1 Analyzer description")
    assert not _heading_line("The Auto mode is exited if:") and not _heading_line("3.5 mg/L is the limit.")
    assert not _heading_line("3.5 mg/L") and not _heading_line("Open the valve slowly")


def test_roman_sub_items_under_a_lettered_step_belong_to_it():
    from operator_assistant.core.answer.card import _steps

    lines = lines_of("f. START the heat exchanger pump.", "i. Check the seal for leakage.", "ii. Verify the flow.",
                     "g. Verify the differential pressure.", "h. Record the values.", "i. Close the panel.")
    [steps] = _steps(lines_of("a. Align the valves.", "b. Vent the pump.", "c. Open the suction.", "d. Prime.",
                              "e. Check the oil.") + [(at + 200, t) for at, t in lines])
    assert len(steps) == 9 and steps[-1][0] - steps[-2][0] > 0  # f, g, h and a real "i." as the ninth


def test_a_card_reads_as_text_with_its_title_once_colon_and_its_part():
    from operator_assistant.core.answer.records import SENTENCES, Card, CardCell

    cell = CardCell("Use GFCIs in wet locations.", 1, 0, 28)
    assert Card(SENTENCES, "Objectives:", ((cell,),)).as_text().splitlines()[0] == "Objectives:"
    assert Card(SENTENCES, "Objectives", ((cell,),)).as_text().splitlines()[0] == "Objectives:"
    shown = Card(SENTENCES, "Tags", ((cell,),), part="items 2\u20135 of 9").as_text()
    assert shown.splitlines()[0] == "Tags (items 2\u20135 of 9):"
    assert Card.from_json(Card(SENTENCES, "Tags", ((cell,),), part="item 3 of 9").to_json()).part == "item 3 of 9"
    assert "part" not in Card(SENTENCES, "Tags", ((cell,),)).to_json()  # older readers see the card they know


def test_items_numbered_in_brackets_as_regulations_number_them_are_a_list():
    from operator_assistant.core.answer.card import _list_at, _steps

    lines = lines_of("(E) All required tests shall be performed:", "(1) Before first use;",
                     "(2) Before equipment is returned to service following any repairs;",
                     "(3) At intervals not to exceed 3 months, except that cord sets fixed in place",
                     "are tested at intervals not exceeding 6 months.", "(F) The employer shall keep records.")
    text = "\n".join(t for _, t in lines)
    [steps] = _steps(lines)
    assert [text[a:b].split()[0] for a, b in steps] == ["(1)", "(2)", "(3)"]
    assert text[slice(*steps[2])].endswith("6 months.")  # the item's wrapped line is part of it
    third = text.index("(3)")
    lead, items, at = _list_at(lines, third, third + 5)
    assert text[slice(*lead)] == "(E) All required tests shall be performed:" and at == 2


def test_a_cell_spanning_two_columns_is_shown_once_under_both_names() -> None:
    from operator_assistant.core.answer.card import _table_found

    # a row label merged across "Section" and "To Convert From", as a ruled PDF table gives it
    label = Cell("ton, refrigeration", 100, 118)
    header = (Cell("Section", 0, 7), Cell("To Convert From", 8, 23), Cell("To", 24, 26), Cell("Multiply By", 27, 38))
    table = make_table([list(header), [label, label, Cell("kilowatt", 120, 128), Cell("3.516 853", 130, 139)]])
    assert table is not None
    found = _table_found("How many kilowatts is one ton of refrigeration?", SOURCE,
                         TableRecord("doc", 0, ("Power",), (), table), [0], [0, 1, 2, 3], [])
    assert found.card.columns == ("Section / To Convert From", "To", "Multiply By")
    assert [c.text for c in found.card.rows[0]] == ["ton, refrigeration", "kilowatt", "3.516 853"]


def test_a_table_outside_the_passages_found_must_hold_more_of_the_question_than_the_best_sentence():
    from operator_assistant.core.answer.sentences import Piece

    # a reporting table elsewhere in the document names "percent" and "systems" by row and column; the
    # sentence found holds every word of the question, so it answers, not that table
    table = conversions([["Toolbox option", "Systems must submit the following percent information"],
                         ["New distribution system connections", "Monthly percent of connections expanded"],
                         ["Watershed control program", "Notice of intention"]], 0, 0)
    question = "And for a new distribution system that expands connections by more than 20 percent?"
    text = ("(b) Each new distribution system that expands the existing system service connections by more than "
            "20 percent shall provide 40 pounds per square inch.")
    piece = Piece(0, len(text), text, 0.9, False, False)
    elsewhere = replace(SOURCE, start=90_000, end=91_000)
    assert table_card(question, question, [(elsewhere, table, False)], (piece, elsewhere)) is None
    # with no sentence that holds the question, the table named by row and column still answers
    weak = Piece(0, 20, "Each system shall report.", 0.5, False, False)
    assert table_card(question, question, [(elsewhere, table, False)], (weak, elsewhere)) is not None


def test_a_sentence_card_shows_a_sentence_once_and_no_bare_heading():
    from operator_assistant.core.answer.card import sentence_card
    from operator_assistant.core.answer.sentences import Piece

    first = replace(SOURCE, chunk_id="c1", section=("8.8 PRESSURE WASHERS",), start=0, end=500)
    second = replace(SOURCE, number=2, chunk_id="c2", section=("8.3 ABOVE GROUND STORAGE TANKS (ASTs)",),
                     start=1000, end=1500)
    said = "Don't use soaps or detergents for outdoor cleaning operations."
    pieces = [(Piece(0, len(said), said, 0.80, False, False), first),
              (Piece(0, len(said) + 2, f"\u2022 {said}", 0.79, False, False), second),
              (Piece(100, 137, "8.3 ABOVE GROUND STORAGE TANKS (ASTs)", 0.78, False, False), second),
              (Piece(200, 240, "Wash vehicles with water only.", 0.77, False, False), second)]
    found = sentence_card(pieces)
    assert found is not None
    assert [c.text for row in found.card.rows for c in row] == [said, "Wash vehicles with water only."]


def test_a_sentence_that_asks_is_not_shown_as_an_answer():
    # a training manual's review question after the text it reviews: the card had led with the question
    from operator_assistant.core.answer.card import sentence_card
    from operator_assistant.core.answer.sentences import Piece

    text = ("Sparking between the brushes and the commutator is an indication of improper commutation. "
            "Improper brush placement is the main cause of improper commutation.\n"
            "Q10. What causes sparking between the brushes and the commutator?")
    said, cause = text.index("Sparking"), text.index("Improper brush")
    asked = text.index("Q10.")
    source = replace(SOURCE, chunk_id="c1", section=("1.6 COMMUTATION",), start=0, end=len(text), text=text)
    pieces = [(Piece(asked, len(text), text[asked:], 0.85, False, False), source),
              (Piece(said, cause - 1, text[said:cause - 1], 0.80, False, False), source),
              (Piece(cause, asked - 1, text[cause:asked - 1], 0.60, False, False), source)]
    found = sentence_card(pieces)
    assert found is not None
    shown = [c.text for row in found.card.rows for c in row]
    assert shown[:2] == [text[said:cause - 1], text[cause:asked - 1]] and not any("?" in t for t in shown)
    # a card of questions only still shows what was found
    assert sentence_card(pieces[:1]) is not None


def test_a_sentence_card_shows_the_piece_of_its_section_that_holds_what_the_rest_leaves_unasked():
    # "how far apart do the seizings go?": three sentences of how many seizings and how long, and the spacing
    # further down the same section
    from operator_assistant.core.answer.card import sentence_card
    from operator_assistant.core.answer.sentences import Piece

    said = ["The number of seizings equals about three times the diameter of the rope.",
            "Each seizing should be 1 to 1 1/2 times as long as the diameter of the rope.",
            "Wire rope is seized as shown in Figure 1-10.",
            "The seizings should be spaced a distance apart equal to twice the diameter."]
    text = "\n".join(said)
    home = replace(SOURCE, chunk_id="c1", section=("Seizing",), start=0, end=len(text), text=text)
    other = replace(SOURCE, number=2, chunk_id="c2", section=("Cutting",), start=5000, end=5100,
                    text="Cut the rope between the two central seizings.")
    at = [text.index(t) for t in said]
    pieces = [(Piece(at[0], at[0] + len(said[0]), said[0], 0.88, False, False), home),
              (Piece(at[1], at[1] + len(said[1]), said[1], 0.83, False, False), home),
              (Piece(at[2], at[2] + len(said[2]), said[2], 0.77, False, False), home),
              (Piece(0, len(other.text), other.text, 0.75, False, False), other),
              (Piece(at[3], at[3] + len(said[3]), said[3], 0.71, False, False), home)]
    question = "Seizing wire rope before cutting it - how far apart do the seizings go?"

    def shown(cover: bool) -> list[str]:
        found = sentence_card(pieces, query=question, cover=cover)
        assert found is not None
        return [c.text for row in found.card.rows for c in row]

    assert said[3] not in shown(cover=False)
    # read where its passage has it: after the sentences before it, before another passage's
    assert shown(cover=True) == [*said, other.text]
    # not a piece far below the best one
    pieces[-1] = (replace(pieces[-1][0], score=0.6), home)
    assert said[3] not in shown(cover=True)


def test_a_lead_ins_items_do_not_make_room_for_more_sentences_from_elsewhere():
    from operator_assistant.core.answer.card import sentence_card
    from operator_assistant.core.answer.sentences import Piece

    lead = "7. A permit space may be reclassified under the following conditions:"
    item = "If the space poses no atmospheric hazards and all hazards are eliminated without entry."
    home = replace(SOURCE, chunk_id="c1", section=("GENERAL REQUIREMENTS",), start=0, end=400)
    pieces = [(Piece(0, len(lead), lead, 0.85, False, False), home),
              (Piece(len(lead) + 1, len(lead) + 1 + len(item), item, 0.70, False, False), home)]
    for n in range(8):  # eight numbered items of other passages, all close to the question
        text = f"{n + 1}. The entry permit shall state item number {n + 1} of the permit."
        pieces.append((Piece(0, len(text), text, 0.80 - n / 100, False, False),
                       replace(SOURCE, number=n + 2, chunk_id=f"o{n}", start=1000 * (n + 1), end=1000 * (n + 1) + 300)))
    found = sentence_card(pieces)
    assert found is not None
    shown = [c.text for row in found.card.rows for c in row]
    assert shown[:2] == [lead, item]
    # beside the lead-in and its item, as many others as beside any best sentence: not eight
    assert len(shown) - 2 == DEFAULT_POLICY.card_sentences + DEFAULT_POLICY.card_following + DEFAULT_POLICY.card_preceding - 2


def test_another_document_s_figure_of_something_less_named_is_not_shown_beside_the_answer():
    from operator_assistant.core.answer.card import sentence_card
    from operator_assistant.core.answer.sentences import Piece

    question = "What temperature trips the intake pump motor windings?"
    intake = replace(SOURCE, chunk_id="intake:a", document="Intake Pump Station A Manual",
                     section=("2.3 Motor Protection",), text="Motor winding temperature trips the motor at 145 deg C.")
    booster = replace(SOURCE, number=2, chunk_id="booster:b", document="Booster Pump Station B Manual",
                      section=("2.3 Mechanical Protection",), text="Motor winding temperature trip 150 deg C.")
    guide = replace(SOURCE, number=3, chunk_id="guide:c", document="Alarm Guide",
                    section=("Intake Pump Motor Winding Temperature",),
                    text="Winding RTDs of intake pumps alarm at 130 deg C and trip at 145 deg C.")
    said, other, third = intake.text, booster.text, guide.text
    pieces = [(Piece(0, len(said), said, 0.80, False, False), intake),
              (Piece(0, len(other), other, 0.79, False, False), booster),
              (Piece(0, len(third), third, 0.78, False, False), guide)]
    found = sentence_card(pieces, query=question)
    assert found is not None
    # the booster manual never says "intake": its 150 deg C is another pump's; the guide names the intake pumps
    assert [c.text for row in found.card.rows for c in row] == [said, third]
    # a passage naming a word of the question that the best one misses may be the answer: it stays
    booster = replace(booster, document="Booster Pump Station B Manual (intake side)")
    pieces[1] = (pieces[1][0], replace(booster, section=("Temperature",)))
    found = sentence_card(pieces, query=question)
    assert found is not None and other in [c.text for row in found.card.rows for c in row]


BLEACH = [["Volume of Water", "Amount of 6% Bleach to Add"], ["1 gallon", "8 drops"], ["2 gallons", "16 drops"],
          ["4 gallons", "1/3 tsp"], ["8 gallons", "2/3 tsp"]]


def test_rows_named_only_by_a_shared_word_give_way_to_a_sentence_that_holds_more_of_the_question():
    from operator_assistant.core.answer.sentences import Piece

    question = "How much of that chlorine solution goes into 12.5 gallons?"
    text = "This is about the same as adding 1 pint (16 ounces) of the chlorine solution to 12.5 gallons of water."
    sentence = (Piece(0, len(text), text, 0.9, False, False), replace(SOURCE, start=50_000, end=51_000))
    assert table_card(question, question, [(SOURCE, record(BLEACH), True)], sentence) is None
    # a row the question names by its figure still answers
    asked = "How much bleach goes into 4 gallons of water?"
    found = table_card(asked, asked, [(SOURCE, record(BLEACH), True)], sentence)
    assert found is not None and [found[1].table.rows[r][0].text for r in found[2]] == ["4 gallons"]


def test_a_list_item_too_long_to_show_whole_shows_its_first_sentence_and_the_ones_that_answer():
    from operator_assistant.core.answer.card import _item_in_part, _text_at

    item = ("\u2022 Granular calcium hypochlorite. The first step is to make a chlorine solution. Add one heaping "
            "teaspoon of HTH to two gallons of water. This is about the same as adding 1 pint (16 ounces) of the "
            "chlorine solution to 12.5 gallons of water. If the taste is too strong, let it stand.")
    lines = lines_of(item)
    start = item.index("This is")
    end = item.index("If the") - 1
    spans = _item_in_part((0, len(item)), start, end, lines)
    assert [_text_at(lines, *s).strip() for s in spans] == [
        "\u2022 Granular calcium hypochlorite.",
        "This is about the same as adding 1 pint (16 ounces) of the chlorine solution to 12.5 gallons of water. "
        "If the taste is too strong, let it stand."]
    # the answer is the item's first sentence (its number is not a sentence): it and the one after it
    step = "3. Monitor the magnet supply voltage. Set points are 18 and 23 volts. Monitoring uses a 4 to 20 mA signal."
    lines = lines_of(step)
    (span,) = _item_in_part((0, len(step)), 0, step.index(" Set"), lines)
    assert _text_at(lines, *span).strip() == "3. Monitor the magnet supply voltage. Set points are 18 and 23 volts."


ALARMS = [["Pump", "Transmitter", "Low alarm", "High alarm", "High-high trip", "Unit"],
          ["B-1", "PT-2101", "64", "116", "125", "psi"], ["B-2", "PT-2102", "66", "118", "127", "psi"]]


def test_a_generic_word_one_column_alone_holds_names_that_column():
    # "trip" is only in "High-high trip": with "transmitter" it names two columns, and both are shown
    assert pick("Which pressure transmitter reads B-2, and what is the trip setpoint?", ALARMS) == [
        ["B-2", "PT-2102", "127", "psi"]]
    # "alarm" is in two headers: it names neither alone, so every value column stays
    assert pick("What are the B-2 alarm thresholds?", ALARMS) == [["B-2", "PT-2102", "66", "118", "127", "psi"]]


def test_a_lists_window_reaches_back_where_the_list_ends():
    # "what order do we test in?" over "1. Oxygen content / 2. Flammable gases / 3. Potential toxic air
    # contaminants", the third item best: the card had shown items 2-3 of 3 and left out the first test
    from operator_assistant.core.answer.card import _list_window

    assert _list_window(2, 3, 4, named=False) == (0, 3)
    assert _list_window(7, 9, 4, named=False) == (5, 9)
    assert _list_window(3, 9, 4, named=False) == (2, 6)  # inside a long list: the item before and those after
    assert _list_window(-1, 9, 4, named=False) == (0, 4)  # the lead-in best: from the start
    assert _list_window(2, 3, 4, named=True) == (2, 3)  # the item the question names leads


HAZARDS = [["Degree of Hazard", "Minimum Type of Backflow Prevention"],
           ["(1) Premises with waste water pumping plants. A RP may be provided in lieu of an AG.", "AG"],
           ["(2) Premises where recycled water is used, other than as allowed in paragraph (3).", "RP"],
           ["(3) Premises with irrigation systems into which fertilizers can be injected.", "RP"],
           ["(4) Premises where the fire system is interconnected with an auxiliary supply.", "AG"]]


def test_a_question_for_a_figure_is_not_answered_by_rows_that_hold_none():
    # the rows say which device, not how high it goes: "(1)" and "paragraph (3)" number, they do not measure
    assert pick("How high off the floor does an RP backflow assembly have to be mounted?", HAZARDS) is None
    # asked which device, the same rows answer
    assert pick("Which type of backflow prevention does a premises with irrigation systems need?", HAZARDS) == [
        [HAZARDS[3][0], "RP"]]


DISCHARGE_ALARMS = [["Pump", "Transmitter", "Low alarm", "High alarm", "High-high trip", "Unit"],
                    ["B-1", "PT-2101", "64", "116", "125", "psi"], ["B-2", "PT-2102", "66", "118", "127", "psi"]]


def discharge_alarms() -> TableRecord:
    return replace(record(DISCHARGE_ALARMS), section=("2. Setpoints", "2.1 Discharge Pressure Alarm Thresholds"))


def test_a_row_of_other_limits_is_no_answer_for_the_limit_asked():
    # "Low alarm" and "High-high trip" each hold a word of "low ... trip"; neither is the low trip
    question = "What is the low trip on booster B-2?"
    assert table_card(question, question, [(SOURCE, discharge_alarms(), True)]) is None
    # the high trip is the high-high trip the table gives, the high alarm its own column
    for asked, column in (("What is the high trip on B-2?", "127"), ("What is the high alarm on B-2?", "118")):
        found = table_card(asked, asked, [(SOURCE, discharge_alarms(), True)])
        assert found is not None
        _, chosen, rows, columns = found
        assert [chosen.table.rows[r][c].text for r in rows for c in columns][:1] == ["B-2"]
        assert column in [chosen.table.rows[r][c].text for r in rows for c in columns]


def test_a_table_read_on_another_side_is_no_answer():
    question = "What is the suction pressure low alarm on booster B-2?"
    assert table_card(question, question, [(SOURCE, discharge_alarms(), True)]) is None
    asked = "What is the discharge pressure low alarm on booster B-2?"
    assert table_card(asked, asked, [(SOURCE, discharge_alarms(), True)]) is not None


FEES = [["Grade", "Examination Fee ($)", "Triennial Renewal Fee ($)"], ["D3 or T3", "100", "120"],
        ["D4 or T4", "115", "140"]]
HOURS = [["Water Treatment Operators", "Contact Hours Required"], ["Grade T3", "24"], ["Grade T4", "36"]]


def test_a_table_without_the_unit_asked_is_no_answer():
    # a row naming T3 in dollars does not answer "how many contact hours": the hours table does
    question = "How many contact hours does a Grade T3 operator need for renewal?"
    assert table_card(question, question, [(SOURCE, record(FEES), True)]) is None
    found = table_card(question, question, [(SOURCE, record(FEES), True), (SOURCE, replace(record(HOURS), ordinal=1), True)])
    assert found is not None
    _, chosen, rows, columns = found
    assert [[chosen.table.rows[r][c].text for c in columns] for r in rows] == [["Grade T3", "24"]]


PROTECTION = [["Parameter", "Tag range", "Alert", "Trip"], ["Bearing vibration", "VT-2111 to VT-2114", "0.25 in/s", "0.40 in/s"],
              ["Bearing temperature", "TE-2121 to TE-2124", "82 deg C", "90 deg C"]]


def test_the_kind_of_limit_asked_names_the_one_column_that_holds_it():
    # "Trip" beside "Alert": the trip asked is that column, though no other word of the question names one
    assert pick("What is the bearing temperature trip on the B-series pumps?", PROTECTION) == [
        ["Bearing temperature", "90 deg C"]]


def test_a_table_names_the_measure_asked_by_its_unit_as_well_as_by_name():
    from operator_assistant.core.answer.evidence import names_measure

    assert names_measure(frozenset({"temperature"}), "Bearing temperature TE-2121 82 deg C")
    assert not names_measure(frozenset({"temperature"}), "Task | Pumps | Grease pump bearings, 0.5 oz per bearing")
    # "Discharge (psi)" is a pressure
    assert names_measure(frozenset({"pressure"}), "Pump | Discharge (psi)")
    pressures = [["Pump", "Discharge (psi)"], ["B-1", "116"], ["B-2", "118"]]
    assert pick("What is the discharge pressure on B-2?", pressures) == [["B-2", "118"]]


def test_a_sentence_whose_document_names_the_place_asked_answers_before_another_document_s_row():
    from operator_assistant.core.answer.sentences import Piece

    table = record([["Parameter", "Alert", "Trip"], ["Bearing temperature", "82 deg C", "90 deg C"],
                    ["Motor winding temperature", "135 deg C", "150 deg C"]])
    booster = replace(SOURCE, document="Booster Pump Station B O&M Manual", section=("2.3 Mechanical Protection",))
    text = "Motor winding temperature alarms at 130 deg C and trips the motor at 145 deg C."
    intake = replace(SOURCE, chunk_id="c2", document="Raw Water Intake Pump Station A O&M Manual",
                     section=("2.3 Motor Protection",))
    piece = Piece(0, len(text), text, 0.9, False, False)
    question = "What temperature trips the intake pump motor windings?"
    assert table_card(question, question, [(booster, table, True)], (piece, intake)) is None
    # with the row's own manual naming the intake, the row answers
    assert table_card(question, question, [(replace(booster, document="Intake Pump Manual"), table, True)],
                      (piece, intake)) is not None


def test_a_card_without_the_figure_asked_leads_with_a_close_piece_of_its_document_that_gives_one():
    from operator_assistant.core.answer.card import figure_first, sentence_card
    from operator_assistant.core.answer.sentences import Piece

    question = "How often do cord sets get tested under the assured grounding program?"
    opening = "The employer shall establish an assured equipment grounding conductor program covering all cord sets."
    interval = "(4) At intervals not to exceed 3 months, cord sets shall be tested."
    regs = replace(SOURCE, chunk_id="regs:a", text=opening)
    later = replace(SOURCE, number=3, chunk_id="regs:c", text=interval)
    other = replace(SOURCE, number=2, chunk_id="guide:b", document="Tool Guide", text="Test cords every 6 months.")
    pieces = [(Piece(0, len(opening), opening, 0.80, False, False), regs),
              (Piece(0, len(other.text), other.text, 0.63, False, False), other),
              (Piece(0, len(interval), interval, 0.62, False, False), later)]
    found = sentence_card(pieces, query=question)
    assert found is not None and interval not in [c.text for c in found.card.cells]
    again = figure_first(question, question, pieces, found)
    # the interval of the program's own document leads: not another document's 6 months
    assert again is not None and again.card.cells[0].text == interval
    # nor a figure of another measure than the one asked
    volts = "The wye connection provides only 57% of normal voltage."
    inrush = "How many times the full-load current is the inrush current?"
    motor = [(Piece(0, 40, "The inrush current can be several times the full-load current.", 0.80, False, False),
              regs), (Piece(0, len(volts), volts, 0.70, False, False), later)]
    assert figure_first(inrush, inrush, motor, sentence_card(motor, query=inrush)).card.cells[0].text.startswith(
        "The inrush")
    # nor is one of another section of the document
    elsewhere = [*pieces[:2], (pieces[2][0], replace(later, section=("Guy Lines",)))]
    assert figure_first(question, question, elsewhere, sentence_card(elsewhere, query=question)).card.cells[0].text \
        == opening
    # nor where the question names what another section found is headed with, and this section never says it:
    # a rope's load is no hook's
    hook = "What is the safe working load of a 1-inch hook?"
    hooks = replace(SOURCE, number=4, chunk_id="regs:h", section=("Strength of Hooks",))
    rope = [(Piece(0, 60, "The SWC is considerably less than the breaking strength of the rope.", 0.80, False, False),
             regs), (Piece(0, 40, "The result is a SWC of 2,250 pounds.", 0.75, False, False), later),
            (Piece(0, 30, "Hooks usually fail by straightening.", 0.60, False, False), hooks)]
    assert figure_first(hook, hook, rope, sentence_card(rope, query=hook)).card.cells[0].text.startswith("The SWC is")
    assert figure_first(hook, hook, rope[:2], sentence_card(rope[:2], query=hook)).card.cells[0].text.startswith(
        "The result")  # with no such section found, the figure of this one leads
    # too far below the best piece it is no answer: the card stays, to be refused
    far = [*pieces[:2], (replace(pieces[2][0], score=0.80 - DEFAULT_POLICY.figure_margin - 0.01), later)]
    assert figure_first(question, question, far, sentence_card(far, query=question)) is not None
    assert figure_first(question, question, far, sentence_card(far, query=question)).card.cells[0].text == opening


POINTS = [["Nitrate Data Average", "Points"],
          ["Less than or equal to the maximum contaminant level (MCL), as specified in Table 64431-A", "0"],
          ["Greater than the MCL", "2"]]
LIMITS = [["Chemical", "Maximum Contaminant Level, mg/L"], ["Arsenic", "0.010"], ["Fluoride", "2.0"],
          ["Nitrate (as nitrogen)", "10."]]


def pick_of_two(question: str, first: list[list[str]], second: list[list[str]], closest_row: int
                ) -> tuple[int, list[list[str]]]:
    """(ordinal of the table chosen, its cells shown) of two tables, where the sentence closest to the question is
    the first table's row `closest_row`."""
    from operator_assistant.core.answer.sentences import Piece

    a, b = conversions(first, 0, 0), conversions(second, 1, 5_000)
    row = a.table.rows[closest_row][0]
    piece = Piece(row.start, row.end, row.text, 0.8, False, False)
    found = table_card(question, question, [(SOURCE, a, True), (SOURCE, b, True)], (piece, SOURCE))
    assert found is not None
    _, chosen, rows, columns = found
    return chosen.ordinal, [[chosen.table.rows[r][c].text for c in columns] for r in rows]


def test_a_table_whose_row_and_column_the_question_names_answers_before_the_closest_sentences_table():
    # asked in the CLI of the California regulations (tune): the points table's row, the sentence closest to the
    # question, had shown "0" (points) as the maximum contaminant level for nitrate
    assert pick_of_two("What is the maximum contaminant level for nitrate?", POINTS, LIMITS, 0) == (
        1, [["Nitrate (as nitrogen)", "10."]])


def test_an_acronym_names_the_column_it_spells():
    assert pick("What is the MCL for arsenic?", LIMITS) == [["Arsenic", "0.010"]]
    assert pick("What are the MCLs for arsenic?", LIMITS) == [["Arsenic", "0.010"]]
    # an acronym that no column spells names none
    assert pick("What is the DLR for arsenic?", LIMITS) is None


STATION_A = [["Pump", "Transmitter", "Low alarm", "High alarm", "Unit"], ["A-1", "PT-1101", "28", "52", "psi"],
             ["A-2", "PT-1102", "30", "54", "psi"], ["Discharge header", "PT-1100", "25", "60", "psi"]]
STATION_B = [["Pump", "Transmitter", "Low alarm", "High alarm", "Unit"], ["B-1", "PT-2101", "64", "116", "psi"],
             ["B-2", "PT-2102", "66", "118", "psi"]]


def test_a_table_whose_rows_the_question_names_by_family_answers_before_the_closest_sentences_table():
    # asked in the CLI of the sample corpus: "the high discharge pressure alarm on the B-series boosters" took
    # Station A's table, whose "Discharge header" row held the sentence closest to the question, and was then
    # refused for not naming the B-series; Station B's table names B-1 and B-2 by their family
    assert pick_of_two("What is the high discharge pressure alarm on the B-series boosters?", STATION_A, STATION_B,
                       2) == (1, [["B-1", "PT-2101", "116", "psi"], ["B-2", "PT-2102", "118", "psi"]])


def test_what_follows_a_tables_last_row_is_not_shown_as_more_of_it():
    # the alert level's row ends its table; the next table's label and the paragraph under it are no more of it
    from operator_assistant.core.answer.card import sentence_card
    from operator_assistant.core.answer.sentences import Piece

    text = ("Alert level:\n\n≥ 4000 cpm particulate monitor | May occur from natural causes\n"
            "≥ 2000 cpm gaseous monitor | Normally occurs above 100 kW\n\nHigh level\n\n"
            "This condition requires automatic and other operator actions.\n")
    row = text.index("≥ 2000")
    label, prose = text.index("High level"), text.index("This condition")
    source = replace(SOURCE, chunk_id="c1", section=("A. Airborne radioactivity",), start=0, end=len(text), text=text)
    end = text.index("\n", row)
    pieces = [(Piece(row, end, "Alert level: " + text[row:end], 0.80, False, False), source),
              (Piece(label, label + 10, "High level", 0.40, False, False), source),
              (Piece(prose, len(text) - 1, text[prose:-1], 0.30, False, False), source)]
    found = sentence_card(pieces)
    assert found is not None
    assert [c.text for r in found.card.rows for c in r] == ["Alert level: " + text[row:end]]
    # a row in the middle of its table is followed by the rows under it, as before
    first = text.index("≥ 4000")
    middle = [(Piece(first, row - 1, text[first:row - 1], 0.80, False, False), source),
              (Piece(row, end, text[row:end], 0.30, False, False), source)]
    assert len(sentence_card(middle).card.rows) == 2
