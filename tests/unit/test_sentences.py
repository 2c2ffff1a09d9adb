"""The pieces an answer card can show: whole sentences, table rows with their header."""

import pytest

from operator_assistant.core.answer.sentences import asks_value, holds_value, passage_sentences, ranked_pieces


def quote(text, scores, question="", identifiers=()):
    """The text of the best piece, as the card would show it."""
    pieces = ranked_pieces(text, scores, identifiers)
    return pieces[0].text if pieces else ""


def scores_for(text, favourite):
    """1.0 for the piece that contains `favourite`, 0.0 for the others."""
    return [1.0 if favourite in text[s:e] else 0.0 for s, e in passage_sentences(text)]


def test_a_pdf_line_broken_mid_sentence_is_quoted_whole():
    text = ("Calibration uses five test points.\nFor example, LIT-450 has a\nrange of 0 to 32 ft, so 14.0 mA\n"
            "corresponds to 20.0 ft. The next check is yearly.")
    assert quote(text, scores_for(text, "LIT-450")) == (
        "For example, LIT-450 has a range of 0 to 32 ft, so 14.0 mA corresponds to 20.0 ft.")
    # the same from the middle piece
    assert quote(text, scores_for(text, "range of 0")).startswith("For example, LIT-450")


def test_a_word_or_two_ending_the_sentence_on_a_line_of_their_own_stay_with_it():
    # a fact sheet sets the interval in bold and it wraps alone: without it the line says nothing of when
    text = ("\uf0a8 Check grit collector and oil/water separators\nANNUALLY.\n"
            "\uf0a8 Check the floor drain MONTHLY for solids\naccumulation on the bottom.")
    assert quote(text, scores_for(text, "grit collector")) == "\uf0a8 Check grit collector and oil/water separators ANNUALLY."
    assert quote(text, scores_for(text, "ANNUALLY")) == "\uf0a8 Check grit collector and oil/water separators ANNUALLY."
    # after a finished sentence it is no part of it
    text = "Check the drain trap for oil and leaks.\nANNUALLY.\nOpen the drain valve slowly."
    assert quote(text, scores_for(text, "drain trap")) == "Check the drain trap for oil and leaks."


def test_a_line_opening_with_a_closing_bracket_carries_on_the_sentence_above():
    # a superscript set the ")" on a line of its own: the card showed "... filtration rate (gal/ft2" cut there
    text = ("Learning objectives\nPRO-18. Knowing the filter size and flow, calculate the filtration rate (gal/ft2\n"
            ") in a multi-pod filter system.\nPRO-19. Describe the backwash sequence of a sand filter.")
    whole = "PRO-18. Knowing the filter size and flow, calculate the filtration rate (gal/ft2 ) in a multi-pod filter system."
    assert quote(text, scores_for(text, "PRO-18")) == whole
    assert quote(text, scores_for(text, "multi-pod")) == whole


def test_a_command_on_the_line_under_its_sentence_is_part_of_it():
    # a manual sets each shell command on its own line after a prompt; ". pwr_stop.sh" sources a script
    text = ("The runtime can also be started from a terminal window with the command\n> rt_ini &\n"
            "and stopped with the command\n> . pwr_stop.sh\nThe runtime monitor shows its state.")
    assert quote(text, scores_for(text, "stopped with")) == (
        "The runtime can also be started from a terminal window with the command > rt_ini & and stopped with the "
        "command > . pwr_stop.sh")


def test_a_bracket_left_open_at_a_line_end_carries_the_sentence_on():
    # "durable (see" was shown cut, and its rest again as "durable (see: Figure 2-50 ..." read under column names
    text = ("Clips\nWire-rope clips are reliable and durable (see\nFigure 2-50, page 2-36). Use them to make eyes.\n"
            "Tighten the nuts to the torque in the table.")
    shown = [p.text for p in ranked_pieces(text, [1.0] * len(passage_sentences(text)))]
    assert shown[0] == "Wire-rope clips are reliable and durable (see Figure 2-50, page 2-36)."
    assert sum("Figure 2-50" in s for s in shown) == 1


def test_what_to_do_if_not_stays_with_the_sentence_it_answers():
    # "If it doesn't, repeat the dosage" alone matched no question about the smell, and was never shown
    text = ("- Stir and let stand for 30 minutes. The water should have a slight chlorine\nodor. If it doesn\u2019t, "
            "repeat the dosage and let stand for another 15 minutes\nbefore use.\n- Store the water in clean containers.")
    shown = quote(text, scores_for(text, "slight chlorine"))
    assert shown.endswith("slight chlorine odor. If it doesn\u2019t, repeat the dosage and let stand for another "
                          "15 minutes before use.")
    text = "Open the suction valve slowly. If the pump starts, close the discharge valve again."
    assert quote(text, scores_for(text, "suction")) == "Open the suction valve slowly."  # a condition of its own


def test_a_sentence_begun_after_another_on_its_line_runs_on_to_the_next_line_whatever_that_opens_with():
    # "The lower port" ended its line after "... October to May.": the card showed "(centerline 28 ft ...) is used in
    # summer" without saying which port
    text = ("The upper port (centerline 12 ft below normal pool) is used from October to May. The lower port\n"
            "(centerline 28 ft below normal pool) is used in summer when algae concentrate. Each port has a\n"
            "sluice gate. Read the gate settings in the\nOperations Manual before opening one.")
    whole = "The lower port (centerline 28 ft below normal pool) is used in summer when algae concentrate."
    assert quote(text, scores_for(text, "used in summer")) == whole
    # a capital that opens the next line carries it on too, after a sentence begun mid-line
    assert quote(text, scores_for(text, "Operations Manual")) == (
        "Read the gate settings in the Operations Manual before opening one.")
    # a line that opens with its own sentence is no part of the one finished above
    text = "Close the valve. Lock it.\nOpen the drain slowly."
    assert quote(text, scores_for(text, "Open the drain")) == "Open the drain slowly."
    # a form's value after its dot leader ends its line
    text = ("DAY TANK LOW ........ T-600 below 10 %; both pumps stop\nHIGH DISCHARGE PRESS ........ PS-601 above 9 bar; "
            "pump stops, manual reset")
    assert quote(text, scores_for(text, "T-600")) == "T-600 below 10 %; both pumps stop"


def test_initials_ending_a_line_before_a_word_in_lower_case_end_no_sentence():
    # "When the term gallon is used, it means a U.S." was shown alone, and "gallon of 128 fluid ounces" apart
    text = ("Units\nWhen the term gallon is used, it means a U.S.\ngallon of 128 fluid ounces. The other units are those "
            "used in the U.S.\nThe end of the section.")
    assert quote(text, scores_for(text, "128 fluid")) == (
        "When the term gallon is used, it means a U.S. gallon of 128 fluid ounces.")
    assert quote(text, scores_for(text, "other units")) == "The other units are those used in the U.S."


def test_steps_and_finished_sentences_are_not_joined():
    text = "4. Isolate every energy source and verify it\n5. Release stored energy before starting work.\nDone today."
    assert quote(text, scores_for(text, "Isolate")) == "4. Isolate every energy source and verify it"
    text = "The lead pump starts at 20.0 ft.\nthe lag pump follows after 30 seconds of low level."
    assert quote(text, scores_for(text, "lead pump")) == "The lead pump starts at 20.0 ft."


TABLE = """Locks by color:
| Lock color | Used by | Key control |
|---|---|---|
| Red | Individual employee, personal lock | One key, kept by the employee |
| Yellow | Contractor employees | One key, kept by the contractor |
After the table a sentence follows here."""


def test_a_table_row_is_quoted_with_its_header():
    assert quote(TABLE, scores_for(TABLE, "Yellow"), "contractor lock color") == (
        "Lock color: Yellow; Used by: Contractor employees; Key control: One key, kept by the contractor")


def test_a_row_naming_the_questions_identifier_wins():
    text = "| Alarm | Setpoint |\n|---|---|\n| CL2-ALM-03 | Float switch wet |\n| CL2-ALM-07 | 0.80 mg/L low |"
    assert quote(text, scores_for(text, "CL2-ALM-03"), "What does CL2ALM07 mean?", ["cl2alm07"]) == (
        "Alarm: CL2-ALM-07; Setpoint: 0.80 mg/L low")


def test_nothing_to_quote_gives_an_empty_quote():
    assert quote("Short.\nTiny.", []) == ""
    assert quote("A sentence long enough to be quoted here.", [0.1, 0.2]) == ""  # scores do not fit


PDF_TABLE = """Discharge pressure alarms are generated by PLC-200 and passed to SCADA.
Pump Transmitter Low alarm High alarm High-high trip Unit
B-1 PT-2101 64 116 125 psi
B-2 PT-2102 66 118 127 psi
The high-high value trips the pump."""


def test_a_row_of_figures_is_quoted_after_its_column_names_and_the_named_equipment_wins():
    # the embedder likes the prose sentence best; the question names B-2, whose row answers it
    scores = scores_for(PDF_TABLE, "generated by PLC-200")
    assert quote(PDF_TABLE, scores, "high alarm of booster pump B-2?", ["b2"]) == (
        "Pump Transmitter Low alarm High alarm High-high trip Unit: B-2 PT-2102 66 118 127 psi")
    # without a tag in the question the closest piece stays
    assert quote(PDF_TABLE, scores, "Where do the alarms come from?") == (
        "Discharge pressure alarms are generated by PLC-200 and passed to SCADA.")
    # a tag inside a longer one does not count: "b2" is not in "pt2102b2x"
    assert quote("Pump PT2102B2X runs at high speed today.\nThe other line is here, long enough.",
                 [0.1, 0.9], "B-2?", ["b2"]) == "The other line is here, long enough."


def test_figures_under_a_sentence_are_not_read_under_it_as_column_names():
    # "diameter of the rope (number of seizings = SD).: Example: 3 x 3/4 (D) = 2 1/4." was shown
    text = ("The number of seizings equals about three times the\ndiameter of the rope (number of seizings = 3D).\n"
            "Example: 3 x 3/4 (D) = 2 1/4.\nEach seizing is 1 to 1 1/2 times as long as the rope's diameter.")
    assert quote(text, scores_for(text, "Example")) == "Example: 3 x 3/4 (D) = 2 1/4."


def test_pieces_are_embedded_as_they_read_on_their_own():
    from operator_assistant.core.answer.sentences import pieces_as_read

    pieces = pieces_as_read(PDF_TABLE)
    assert pieces[0] == "Discharge pressure alarms are generated by PLC-200 and passed to SCADA."
    assert "Pump Transmitter Low alarm High alarm High-high trip Unit: B-2 PT-2102 66 118 127 psi" in pieces
    assert "Lock color: Yellow; Used by: Contractor employees; Key control: One key, kept by the contractor" in (
        pieces_as_read(TABLE))
    assert len(pieces_as_read(TABLE)) == len(passage_sentences(TABLE))  # one text per scored piece


def test_a_question_about_what_must_not_be_done_prefers_a_stated_prohibition():
    from operator_assistant.core.answer.sentences import asks_prohibition, states_prohibition

    assert asks_prohibition("Which Arduino Uno digital channels should not be used?")
    assert asks_prohibition("What must never be mixed with alum?")
    assert not asks_prohibition("May a supervisor remove a lock when the employee is not available?")
    assert states_prohibition("Don't use digital channels 0 and 1, which seems to interfere with the USB link.")
    assert not states_prohibition("The system is no longer de-energized.")


def test_a_sentence_too_short_to_stand_alone_stays_with_the_one_beside_it_on_its_line():
    # an attribute list read as lines: the default is a sentence of its own, and alone it was dropped
    text = ("Attributes Description\nAddress ip-adress for the BTBETH card.\n"
            "RemotePort Port for the BTBETH card. Default value 8000.\nProcess Process that handles the rack.")
    assert quote(text, scores_for(text, "RemotePort")) == "RemotePort Port for the BTBETH card. Default value 8000."
    assert "Default value 8000." not in [text[s:e] for s, e in passage_sentences(text)]
    # one that opens its line, or stands alone on it, is still too short to be a piece
    text = "Stop. Close valve V-12 before opening the drain.\nReplace bearing.\nThe lag pump follows after 30 s."
    assert [text[s:e] for s, e in passage_sentences(text)] == [
        "Close valve V-12 before opening the drain.", "The lag pump follows after 30 s."]
    # the first words of a sentence a line break cut are no short sentence
    text = "The upper port is used from October to May. The lower port\n(centerline 28 ft) is used in summer."
    assert [text[s:e] for s, e in passage_sentences(text)][0] == "The upper port is used from October to May."


def test_an_items_code_standing_as_a_sentence_goes_with_the_text_it_labels():
    # a training standard's objectives, typeset hyphens and all: the code is the item's label
    text = ("TOX\u20101. Describe the starch iodine test.\nTOX\u20102. Describe testing requirement differences.\n"
            "OPS\u201027. Convert gpm to Lpm (Example: 550 gallons per minute to liters per minute).")
    pieces = ranked_pieces(text, [0.2, 0.5, 0.1], ["tox1"])
    assert pieces[0].text == "TOX\u20101. Describe the starch iodine test." and pieces[0].names_question
    assert ranked_pieces(text, [0.2, 0.5, 0.9], ["ops27"])[0].text.startswith("OPS\u201027. Convert gpm")
    # prose that opens a line is no label: "Alum is acidic." stays apart from the sentence after it
    text = "Alum is acidic. Alum and hypochlorite must never be mixed, because the mixture releases chlorine gas."
    assert [text[s:e] for s, e in passage_sentences(text)] == [
        "Alum and hypochlorite must never be mixed, because the mixture releases chlorine gas."]


@pytest.mark.parametrize("question, asks", [
    ("Which MS/TP baud rates does the BACnet standard require?", True),  # two words before the quantity
    ("What discharge pressure trips the booster?", True),
    ("What is the maximum flow through filter 2?", True),
    ("How long do I run the backwash?", True),
    ("Longest password allowed for DeviceCommunicationControl?", True),  # a superlative asks for a figure
    ("Highest phase voltage the current module is rated for?", True),
    ("Which pump do I start first?", False),
    ("Which standard requires this?", False),
])
def test_a_question_asks_for_a_value_when_it_asks_for_a_quantity(question, asks):
    assert asks_value(question) == asks


@pytest.mark.parametrize("text, holds", [
    ("Visually check the secondary containment and tank area MONTHLY and report leaks.", True),
    ("Repeat the Who-Is every 10 seconds for the first 5 minutes.", True),
    ("Cord sets shall be tested at intervals not to exceed 3 months.", True),
    ("Employees shall have annual retraining.", True),
    # a figure that says how much, not how often, is no answer to "how often"
    ("Secondary containment for tanks must be at least 110% of tank capacity.", False),
    ("Remove collected oil before release of rain water.", False),
])
def test_a_how_often_question_is_answered_by_a_frequency_not_any_figure(text, holds):
    assert holds_value(text, "How often should someone look over the AST secondary containment?") == holds
    # any other question for a value takes any figure the question does not give
    assert holds_value("Secondary containment must be at least 110% of tank capacity.", "How big must the containment be?")


@pytest.mark.parametrize("text, holds", [
    ("Wire rope is seized as shown in Figure 1-10, page 1-14.", False),
    ("See Table 3-2 and step 4 of section 7.1.", False),
    ("The seizings should be spaced a distance apart equal to twice the diameter.", True),
    ("Space the seizings 2 inches apart (see Fig. 2).", True),
    ("Premises where recycled water is used, other than as allowed in paragraph (3).", False),
    # a figure written out and again in brackets is a figure
    ("Report acute violations within twenty-four hours (24).", True),
])
def test_a_number_that_says_where_to_look_is_no_figure(text, holds):
    assert holds_value(text, "Seizing wire rope before cutting it - how far apart do the seizings go?") == holds


def test_an_aside_in_brackets_on_the_next_line_carries_the_sentence_on_and_an_enumerator_does_not():
    text = ("The seizings should be spaced a distance apart equal to twice the diameter\n"
            "(spacing = 2D).\n"
            "A water system shall give notice within\n"
            "(a) 24 hours of a violation of the MCL for nitrate;\n"
            "(b) 30 days of any other violation.\n"
            "gallon per minute liter per second\n"
            "(L/s) 0.063 090 2 gallon per day liter per day\n")
    pieces = [p.text for p in ranked_pieces(text, [0.5] * len(passage_sentences(text)))]
    assert "The seizings should be spaced a distance apart equal to twice the diameter (spacing = 2D)." in pieces
    assert not any("within (a)" in p or "nitrate; (b)" in p or "second (L/s)" in p for p in pieces)


def test_a_fraction_cut_at_its_line_end_is_read_whole():
    # fc-027's card showed "2-degree maximum angle is satisfactory ...": the document says 1 1/2 degrees
    text = ("The fleet angle should not be permitted to exceed 2 degrees. A 1 1/\n"
            "2-degree maximum angle is satisfactory and\n"
            "will be obtained if the distance from the drum to the first sheave is 40 inches.\n"
            "See https://www.example.gov/\n"
            "Pumps run in parallel at all times during the day.\n")
    pieces = [p.text for p in ranked_pieces(text, [0.5] * len(passage_sentences(text)))]
    assert ("A 1 1/2-degree maximum angle is satisfactory and will be obtained if the distance from the drum to the "
            "first sheave is 40 inches.") in pieces
    assert not any(p.startswith("2-degree") for p in pieces)
    assert "Pumps run in parallel at all times during the day." in pieces  # a web address's slash is no fraction


def test_a_unit_and_figure_wrapped_under_a_table_row_end_that_row():
    # a conversion table as a PDF lays it out: the "to" unit's symbol and the factor on the line below the row
    text = ("ton, refrigeration (12 000 Btu/h) kilowatt\n"
            "(kW) 3.516 853\n"
            "horsepower (550 foot pounds-force\n"
            "per second) watt\n"
            "(W) 745.699 9\n"
            "pound-force per square inch (psi) kilopascal\n"
            "(kPa) 6.894 757\n")
    pieces = [p.text for p in ranked_pieces(text, [0.5] * len(passage_sentences(text)))]
    assert "ton, refrigeration (12 000 Btu/h) kilowatt (kW) 3.516 853" in pieces
    assert "horsepower (550 foot pounds-force per second) watt (W) 745.699 9" in pieces
    assert "pound-force per square inch (psi) kilopascal (kPa) 6.894 757" in pieces
    # the next row's first words are not run on after the factor, nor is a row's tail with the next row in it
    assert not any("853 horsepower" in p or "9 pound-force" in p for p in pieces)
    # a row whose figures are read under their column names keeps the factor wrapped below it
    text = "foot of water\n26 (39.2 \u00b0F) kilopascal\n(kPa) 2.988 98\ninch of water\n"
    pieces = [p.text for p in ranked_pieces(text, [0.5] * len(passage_sentences(text)))]
    assert "foot of water: 26 (39.2 \u00b0F) kilopascal (kPa) 2.988 98" in pieces


def test_a_sentence_carried_over_a_page_break_is_one_piece_and_a_paragraph_break_is_not():
    header = " " * 40  # the running header, blanked in the passage
    text = ("After placing the rope in service, tighten the clips again immediately\n" + header + "\n\n" + header
            + "\nafter applying the working load and at frequent intervals thereafter.\n")
    pieces = ranked_pieces(text, [0.5] * len(passage_sentences(text)))
    assert [p.text for p in pieces] == ["After placing the rope in service, tighten the clips again immediately "
                                        "after applying the working load and at frequent intervals thereafter."]
    # a Word form's items, one paragraph each in lower case: no page between them
    form = "Declare an emergency when the water pressure falls below 20 psi\n\nentry point chlorine residual is low\n"
    assert len(ranked_pieces(form, [0.5] * len(passage_sentences(form)))) == 2
    # a short heading at the foot of a page, then a command in lower case: no sentence carried on
    code = "Impact Assessment Example\n" + header + "\n\nwst sim2Impact sim2Impact_ex1.yml\n"
    assert len(ranked_pieces(code, [0.5] * len(passage_sentences(code)))) == 2


def test_a_short_list_item_is_read_with_the_line_that_introduces_its_list():
    # a generator manual's "Setting values of a safety" / "device" / "- Alarm: 95 C" / "- Trip: 100 C": the items
    # were too short to be pieces at all, so no card could show the settings
    from operator_assistant.core.answer.sentences import pieces_as_read

    text = ("If the bearing temperature exceeds the normal value by 15 K, stop the machine. Setting values of a safety\n"
            "device\n- Alarm: 95 C\n- Trip: 100 C\n")
    shown = [text[a:b] for a, b in passage_sentences(text)]
    assert "- Alarm: 95 C" in shown and "- Trip: 100 C" in shown
    read = pieces_as_read(text)
    assert "Setting values of a safety device: Alarm: 95 C" in read
    assert "Setting values of a safety device: Trip: 100 C" in read
    # a numbered item keeps its number; an item with no line above it in its block stays too short to show
    steps = "Test in this order before anyone enters:\n1. Oxygen\n2. Flammable gases and vapors\n"
    assert "Test in this order before anyone enters: 1. Oxygen" in pieces_as_read(steps)
    assert "- Alarm: 95 C" not in [text[a:b] for text in ["Notes\n\n- Alarm: 95 C\n"]
                                   for a, b in passage_sentences(text)]
    # a short label ending in a colon introduces its items too: "Every 3 months:" says when
    storage = "Every month:\n- Check the heaters.\nEvery 3 months:\n- Check the insulation resistance.\n"
    assert "Every 3 months: Check the insulation resistance." in pieces_as_read(storage)


def test_an_item_in_brackets_after_one_that_ends_with_and_opens_its_own_piece():
    # a regulation's last item but one ends "; and": the last one (the interval asked) is not its tail
    text = ("(E) All required tests shall be performed:\n(1) Before first use;\n"
            "(3) Before equipment is used after any incident which can be reasonably suspected\n"
            "to have caused damage (for example, when a cord set is run over); and\n"
            "(4) At intervals not to exceed 3 months, except that cord sets and receptacles which\n"
            "are fixed and not exposed to damage shall be tested at intervals not exceeding 6\nmonths.\n"
            "Tests shall be performed as required in\n(b) of this section and recorded.\n")
    pieces = [p.text for p in ranked_pieces(text, [0.5] * len(passage_sentences(text)))]
    assert "(4) At intervals not to exceed 3 months, except that cord sets and receptacles which are fixed and " \
           "not exposed to damage shall be tested at intervals not exceeding 6 months." in pieces
    assert any(p.endswith("is run over); and") for p in pieces)
    # a reference the layout wrapped is no item
    assert "Tests shall be performed as required in (b) of this section and recorded." in pieces
