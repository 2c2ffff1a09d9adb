"""A card about the subject that states no amount (or colour) where the question asks for one is refused."""

from operator_assistant.core.answer.evidence import missing_answer

NO_FIGURE = "The closest passages give no figure for this."


def test_a_question_for_a_setpoint_over_pieces_without_a_figure_is_refused():
    pieces = ["Faulty cooling fan(s)", "Imbalanced or damaged fan(s) x"]
    assert missing_answer("What is the high-vibration trip setpoint for the cooling tower fans?", pieces) == NO_FIGURE
    assert missing_answer("What delay does the detector apply?", ["The detector becomes active."]) == NO_FIGURE
    assert missing_answer("At what wet well level does pump 2 start?", ["The lag pump starts after the lead pump."]) == NO_FIGURE


def test_a_list_items_own_number_is_not_the_amount_asked_for():
    # before, the "1." of a list item (and the section number in the card's title) counted as a figure
    pieces = ["1. An employee may not enter the space until ventilation has cleared it.",
              "(b) The air supply shall be from a clean source."]
    assert missing_answer("What minimum oxygen percentage must the air read?", pieces) == NO_FIGURE


def test_an_amount_in_figures_or_in_words_answers():
    asked = "How many tabs is the setup split into?"
    assert missing_answer(asked, ["The setup is broken up into five tabs."]) == ""
    assert missing_answer(asked, ["The setup has 5 tabs."]) == ""
    assert missing_answer("How often should the drains be cleaned?", ["Clean them quarterly."]) == ""
    assert missing_answer("What leak rate counts as substantial?", ["A rate above a few drips per minute."]) == ""


def refused_unless_one_of(asked, pieces, reason, answers):
    """The pieces are refused with `reason`; each of `answers` alone answers."""
    assert missing_answer(asked, pieces) == reason
    for said in answers:
        assert missing_answer(asked, [said]) == "", said


def test_how_many_times_asks_a_multiple():
    # fd-056 (tune, in no document): "several times the full-load current" and "two negative effects" said nothing
    # of how many times
    asked = "Across-the-line starter inrush - exactly how many times full-load current should I expect?"
    pieces = ["The inrush current can be several times the motor's full-load operating current.",
              "Large starting current has two negative effects."]
    refused_unless_one_of(asked, pieces, "The closest passages give no figure in multiples for this.",
                          ("The inrush is 6 to 8 times full-load current.", "Inrush is six times FLC.",
                           "Inrush is 6x FLC.", "Inrush reaches 600% of full-load current."))
    # how many times a day asks how often
    assert missing_answer("How many times a day is the log read?", ["Read the log 3 times a day."]) == ""
    assert missing_answer("How many times a day is the log read?", ["Read the log twice a day."]) == ""


def test_several_or_a_few_is_no_count():
    asked = "Across-the-line starter inrush - exactly how many times full-load current should I expect?"
    assert missing_answer(asked, ["The inrush current can be several times the motor's full-load current."]) == (
        "The closest passages give no figure for this.")
    assert missing_answer(asked, ["The inrush current is six times the full-load current."]) == ""
    assert missing_answer("How many people must hold the rope?", ["A few people hold the rope."]) == (
        "The closest passages give no figure for this.")


def test_questions_answered_in_words_are_not_checked():
    pieces = ["If the employee is unavailable, the supervisor may remove the lock."]
    assert missing_answer("Under what conditions may a supervisor remove a lock?", pieces) == ""
    assert missing_answer("What does fault code E7 mean?", ["Overheated heat sink"]) == ""
    assert missing_answer("How long must permits be kept?", ["Until the next annual review."]) == ""


def test_a_question_for_a_colour_needs_a_colour():
    assert missing_answer("What colour must padlocks be?", ["Use padlocks."]) == (
        "The closest passages name no colour for this.")
    assert missing_answer("Which colour are the padlocks?", ["Padlocks are red."]) == ""
    # a word between "what" and "colour" still asks for one (fc-023)
    assert missing_answer("What lock colour do contractors use?", ["Contractors follow this policy."]) == (
        "The closest passages name no colour for this.")
    assert missing_answer("What padlock color do contractors use?", ["Contractors use yellow locks."]) == ""


def test_whats_is_what_is():
    pieces = ["Section", "To Convert From", "pound per gallon"]
    assert missing_answer("What's the factor to convert grains per gallon to mg/L?", pieces) == NO_FIGURE
    assert missing_answer("What\u2019s the factor to convert grains per gallon to mg/L?", pieces) == NO_FIGURE


def test_codes_tags_and_references_are_no_amount():
    pieces = ["CHIT\u20101. Describe the quantitative limitations of the starch/iodine test.",
              "See Table 1-1 and step 2 of section 7.0 for PD131.",
              # a learning objective's number with its second hyphen a typographic one too
              "COMP32\u201026. Demonstrate probe maintenance."]
    assert missing_answer("What starch-iodine test reading shows the residual is too high?", pieces) == NO_FIGURE
    assert missing_answer("What reading shows the residual is too high?", ["Above 0.5 mg/L (CHIT-1)."]) == ""
    assert missing_answer("What is the PT-101 high alarm setpoint?", ["PT-101 high alarm: 10mA"]) == ""


def test_how_many_asks_for_a_count_not_how_often():
    pieces = ["The training included the following elements.", "Annual refresher training is given every spring."]
    assert missing_answer("How many years do we keep training records?", pieces) == NO_FIGURE
    assert missing_answer("How many tabs is setup split into?", ["It is broken up into five tabs."]) == ""
    assert missing_answer("How often is the refresher given?", pieces) == ""


def test_in_a_table_card_a_tag_is_a_value_the_question_asked_for():
    # "Which pressure transmitter reads it, and what is the trip setpoint?" half answered by the Transmitter column
    cells = ["B-2", "PT-2102", "psi"]
    assert missing_answer("Which transmitter reads it, and what is the trip setpoint?", cells, table=True) == ""
    assert missing_answer("What is the trip setpoint?", ["Section", "To Convert From", "pound"], table=True) == NO_FIGURE


def test_a_blank_to_fill_in_is_no_value():
    # an O&M plan template: the plant writes its own figure in the blank
    blank = "The closest passage leaves this value blank, to be filled in (a form or template)."
    asked = "Below what entry-point chlorine residual do we declare an emergency?"
    assert missing_answer(asked, ["entry point chlorine residual is less than __________ ppm",
                                  "Reported within (1) hour."]) == blank
    # a blank beside the answer leaves the figure stated elsewhere to answer, not the blank's "(1)"
    assert missing_answer(asked, ["Declare an emergency below 0.2 mg/L.", "Signed ____________"]) == ""
    assert missing_answer(asked, ["Declare an emergency and call the state.", "(1) Date ____________"]) == NO_FIGURE
    # dots lead a label to its value; they are no blank
    assert missing_answer("What level does the lead pump start at?", ["Lead pump start ........ 6.3 ft"]) == ""


def test_a_quantity_word_used_as_a_verb_asks_for_no_figure():
    # "what order do I torque them in" asks for an order; "torque" after "I" is what the person does
    pieces = ["Tighten the clip farthest from the eye first.", "Retighten after applying the working load."]
    assert missing_answer("What order do I torque wire rope clips in, and when do they get retightened?", pieces) == ""
    assert missing_answer("What torque do I apply to the clips?", pieces) == NO_FIGURE


def test_a_figure_in_another_kind_of_unit_is_not_the_one_asked_for():
    # fc-057: "how many pounds ... per lane-mile" was shown a reference list's years and page numbers
    pieces = ["The Snowfighter's Handbook. 1999.", "7.1 Road Salts Page 2 of 2"]
    assert missing_answer("How many pounds of road salt per lane-mile do we spread?", pieces) == (
        "The closest passages give no figure in pounds for this.")
    assert missing_answer("What turbidity limit in NTU must the discharge meet?", ["Turbidity: 25 mg/L TSS"]) == (
        "The closest passages give no figure in NTU for this.")
    assert missing_answer("Below what oxygen percentage is a tank oxygen-deficient?", ["DO above 5 mg/L"]) == (
        "The closest passages give no figure in percentage for this.")


def test_the_asked_unit_in_any_of_its_spellings_answers():
    assert missing_answer("How many pounds of salt per lane-mile?", ["Spread 300 lb per lane mile."]) == ""
    assert missing_answer("What oxygen percentage must the meter read?", ["at least 19.5 %"]) == ""
    assert missing_answer("What residual in mg/L is required?", ["0.2 ppm free chlorine"]) == ""
    assert missing_answer("Within how many hours must it be reported?", ["within 24 h of the result"]) == ""
    assert missing_answer("What pressure in psi opens the relief valve?", ["It opens at 700 kPa."]) == ""
    assert missing_answer("How many gallons does the clearwell hold?", ["The 0.5 MG clearwell"]) == ""


def test_a_unit_of_a_figure_the_question_states_is_not_asked():
    # "5.25% bleach" and "at 200 gallons per minute" are given; the question asks for drops and minutes
    pieces = ["Add 8 drops to each gallon of water."]
    assert missing_answer("How many drops of 5.25% bleach per gallon?", pieces) == ""
    assert missing_answer("How long to fill the tank at 200 gallons per minute?", ["About 40 minutes."]) == ""


def test_a_tables_column_name_gives_its_figures_unit():
    # fa-016: "Grade T3 | 24" under "Contact Hours Required" answers "how many contact hours"
    asked = "How many CE contact hours do I need for a T3 renewal?"
    assert missing_answer(asked, ["Grade T3", "24"], table=True, headings=["Water Treatment Operators",
                                                                            "Contact Hours Required"]) == ""
    assert missing_answer(asked, ["Grade T3", "24"], table=True) == (
        "The closest passages give no figure in hours for this.")


def test_a_table_of_other_strengths_does_not_answer_the_one_named():
    # fc-055: the EPA table gives drops for 6% and 8.25% bleach; 5.25% bleach is not among them
    pieces = ["1 gallon", "8 drops", "6 drops"]
    headings = ["Volume of Water", "Amount of 6% Bleach to Add", "Amount of 8.25% Bleach to Add"]
    asked = "How many drops of 5.25% bleach per gallon for emergency disinfection?"
    assert missing_answer(asked, pieces, table=True, headings=headings) == (
        "The closest passages give 6% and 8.25%, not 5.25%.")
    assert missing_answer("How many drops of 6% bleach per gallon?", pieces, table=True, headings=headings) == ""
    assert missing_answer("Dose of 5.5% bleach per gallon?", ["Use 8 drops of 5-6% bleach per gallon."]) == ""


def test_a_figure_the_question_reads_or_compares_is_no_specification():
    # "reads 462 V at no load", "is 95 psi too high": the card's other figures may well answer
    assert missing_answer("The pump reads 95 psi. Is that above the high alarm?", ["High alarm: 90 psi"]) == ""
    assert missing_answer("What insulation resistance for 480 V motors?", ["Motors of 2300 V: 3.3 megohm"]) == (
        "The closest passages give 2300 V, not 480 V.")
    assert missing_answer("At 95 psi discharge pressure, is the pump above its alarm?", ["High alarm: 90 psi"]) == ""


def test_a_bound_holds_the_figures_on_its_side():
    # a rated-voltage range read as its bounds: "Vr < 1000 V" is the row of a 480 V motor, "Vr > 12,000 V" is not
    assert missing_answer("What DC test voltage is used on a 480 V motor?", ["Vr < 1000 V", "500 Vdc"], table=True) == ""
    assert missing_answer("What insulation resistance for 480 V motors?", ["Motors above 1000 V: 100 megohm"]) == (
        "The closest passages give above 1000 V, not 480 V.")


def test_a_section_number_before_a_unit_letter_is_no_figure():
    # "3.2.3 h" is a heading number followed by a word: it had stopped the card with a ValueError
    assert missing_answer("What is the 5.25% bleach dose?", ["See 3.2.3 h of the dosing manual: 6% bleach."]) == (
        "The closest passages give 6%, not 5.25%.")
    assert missing_answer("How long at 480 V?", ["Section 1.2.3 V", "Run 4.5.6 min then 30 min"]) == ""


def test_a_deadband_or_hysteresis_is_a_figure_asked():
    # fa-085 (confirm, not in the documents): the high limit detector's description states no deadband
    described = ["The High limit is the value above which the detector becomes active.",
                 "The detector may optionally be configured with a Duration."]
    asked = "What deadband does Scada-LTS apply on a high limit detector before it returns to normal?"
    assert missing_answer(asked, described) == "The closest passages give no figure for this."
    assert missing_answer("What hysteresis is set on the level switch?", ["Hysteresis: 0.2 m"]) == ""


def test_how_long_asks_a_time_or_a_length():
    from operator_assistant.core.answer.evidence import asked_unit

    assert asked_unit("How long is the low pressure alarm blocked after a pump start?")[0] == "time or length"
    pressures = ["Discharge header PT-1105 25 72 78 psi"]
    assert missing_answer("How long is the low pressure alarm blocked after a pump start?", pressures) == (
        "The closest passages give no figure in time or length for this.")
    assert missing_answer("How long is the low pressure alarm blocked?", ["It is blocked for 30 seconds."]) == ""
    assert missing_answer("How long a hose do I need?", ["Use a 50 ft hose."]) == ""
    assert missing_answer("How long do I keep the pump off?", ["Keep it off until the level reaches 8 ft."]) == ""


def test_a_limit_of_a_pressure_or_temperature_needs_a_figure_in_its_unit():
    # sample l02: "the low suction pressure alarm on the A-series intake pumps" (no document gives one) was shown
    # the intake manual's pre-lubrication times, 48 hours and 2 minutes
    asked = "What is the low suction pressure alarm on the A-series intake pumps?"
    times = ["If a pump has been idle for more than 48 hours, the valve runs clean water for 2 minutes.",
             "The pump draws from water stored in the clearwell."]  # "from water" is no metre of water
    assert missing_answer(asked, times) == "The closest passages give no pressure figure for this."
    assert missing_answer("What temperature trips the motor windings?", times) == (
        "The closest passages give no temperature figure for this.")
    # in any of its units, in a cell or in a column's name
    for said in (["Low suction alarm at 20 psi."], ["Low suction alarm 0.14 MPa."], ["Alarm at 12 ft of head."],
                 ["Alarm at 800 mbar."], ["Alarm at 1.5 kg/cm2."], ["Alarm at 25 mm H2O."]):
        assert missing_answer(asked, said) == "", said
    assert missing_answer(asked, ["Low suction", "20"], table=True, headings=["Alarm", "Setpoint (psi)"]) == ""
    assert missing_answer("What temperature trips the motor windings?", ["Trips at 145 deg C."]) == ""
    # the figure asked may be of another kind: a delay of a pressure alarm, a current trip in percent
    assert missing_answer("What is the time delay on the low pressure alarm?", ["A delay of 10 seconds."]) == ""
    assert missing_answer("What is the overcurrent trip?", ["Trips above 110% of full-load amps."]) == ""


def test_how_often_asks_a_frequency_or_an_interval():
    # fd-054 (tune, in no document): "how often should the membrane on the DO probe be replaced?" was shown
    # training objectives and "Two methods ...: (1) ... (2) ...", a count and list marks, as if they answered
    asked = "How often should the membrane on the DO probe be replaced?"
    pieces = ["COMP32\u201026. Demonstrate probe maintenance.",
              "Two methods are used to determine it: (1) the iodometric method and (2) the membrane electrode."]
    assert missing_answer(asked, pieces) == "The closest passages give no figure in times or intervals for this."
    # the ways an interval is written (of a task no check here names: see the test below for those that are)
    refused_unless_one_of("How often is the membrane on the DO probe serviced?", pieces,
                          "The closest passages give no figure in times or intervals for this.",
                          ("Check the drain trap MONTHLY.", "Replace it every 6 months.",
                           "Replace it at each calibration.", "Twice a year.", "Repeat it at 10 s intervals.",
                           "Replace it after 200 hours of use.", "Change the oil at 3000 operating hours.",
                           "Check it once a year."))
    # how long a test takes, or a deadline, is no interval: "How often should the insulation resistance be checked
    # while the generator is in storage?" (asked of the generator manual in the CLI) was shown the stator test's
    # "The test time is 1 minute"
    for said in ("The test time is 1 minute, after which the insulation resistance value is recorded.",
                 "Notify the supplier within 48 hours."):
        assert missing_answer(asked, [said]) == "The closest passages give no figure in times or intervals for this."
    # a table's column may say what its cells are
    assert missing_answer(asked, ["Membrane", "2"], table=True, headings=["Part", "Frequency"]) == ""
    assert missing_answer(asked, ["Membrane", "2"], table=True, headings=["Part", "Quantity"]) != ""


def test_how_often_asks_the_interval_of_the_task_it_names():
    # "How often should the generator bearings be regreased?" (asked of the generator manual in the CLI, which gives
    # no regreasing interval) was shown the storage rule for turning the rotor
    asked = "How often should the generator bearings be regreased?"
    other = "The closest passages give intervals of other tasks, not of this one."
    assert missing_answer(asked, ["Turn the rotor 10 revolutions every three months to keep the bearings in good "
                                  "condition.", "Rolling bearings should be well lubricated during storage."]) == other
    assert missing_answer(asked, ["Regrease the bearings every 2000 operating hours."]) == ""
    assert missing_answer(asked, ["Every 2000 hours:", "- Relubricate the drive-end bearing."]) == ""  # a label
    assert missing_answer(asked, ["Bearing", "2000 h"], table=True, headings=["Regreasing", "Interval"]) == ""
    # looked over: checked; a task of no kind here, or one named in brackets, is not held to
    assert missing_answer("How often should someone look over the containment?", ["Visually check it MONTHLY."]) == ""
    assert missing_answer("How often is MAIN-1 (interlocks and scram check) scheduled?",
                          ["Schedule procedure twice each year, at six month intervals."]) == ""
    assert missing_answer("How often should the analyzer be calibrated?",
                          ["Notify the laboratory the same day; a contact is available 24 hours a day."]) == other


def test_a_unit_is_read_as_a_word_of_its_own():
    # "in" is no inch, an apostrophe no foot, "determine" holds no minute, "parameters" no metre, "programs" no gram
    said = ["Don't set the parameters in the terminal to determine it; see the diameter of the programs."]
    assert missing_answer("How long is the purge?", said) == (
        "The closest passages give no figure in time or length for this.")
    assert missing_answer("How many pounds of salt per lane-mile?", ["The programs spread salt 3 times."]) == (
        "The closest passages give no figure in pounds for this.")
    assert missing_answer("How many seconds does it run?", ["The secondary pump of the section runs 4 times."]) == (
        "The closest passages give no figure in seconds for this.")
    # written as units, they answer
    for said in ("Purge for 5 min.", "A 6 in pipe.", "A 12' hose.", "A 3 m run.", "Purge for 2 h.", "Purge 10min.",
                 "An 8ft hose."):
        assert missing_answer("How long is the purge?", [said]) == "", said
    # a figure written against its unit ("20psi", "5mg/L") is read with it
    assert missing_answer("What is the low suction pressure alarm?", ["Low suction alarm 20psi."]) == ""
    assert missing_answer("What residual in mg/L is required?", ["Keep 0.2mg/L at the tap."]) == ""
    assert missing_answer("How many pounds of salt per lane-mile?", ["Spread 300lbs per lane mile."]) == ""


def test_a_temperature_in_any_degree_sign_answers():
    # the generator manual writes "Alarm: 95\u2103"; others write 60\u00ba (an ordinal sign) or 140 \u00b0F
    asked = "What is the bearing temperature alarm and trip setting on the generator?"
    for said in ("Setting values of a safety device: Alarm: 95\u2103", "Alarm at 60\u00ba C", "Trip at 140 \u00b0F",
                 "Trip at 200\u2109", "Alarm at 95 deg C", "Alarm at 95 C"):
        assert missing_answer(asked, [said]) == "", said


def test_a_rating_needs_a_figure_in_its_unit():
    # asked in the CLI of the generator manual and the motor-starter text (tune), which rate neither: a share of the
    # rated voltage, and the wye-delta starter's "57% of normal voltage", were shown as the rating
    assert missing_answer("What is the rated voltage of the generator?", [
        "Only residual voltage (below 10% rated voltage will be applied at the generator bus bar."]) == (
        "The closest passages give no voltage figure for this.")
    assert missing_answer("What voltage does the motor starter coil need?", [
        "Wye-delta starters initially connect the motor using a wye connection, which provides only 57% of normal "
        "voltage."]) == "The closest passages give no voltage figure for this."
    assert missing_answer("What power does the spindle motor have?", [
        "The speed and power capabilities of a motor must be matched to the speed and power requirements of the "
        "load."]) == "The closest passages give no power figure for this."
    assert missing_answer("What is the rated output of the generator in kW?", [
        "This process continues until the output voltage reaches the rated output of the generator."]) == (
        "The closest passages give no figure in kW for this.")
    # the unit written after the figure, or in brackets after the label or the column's name
    assert missing_answer("What supply voltage does the module take?", ["Power supply: DC8 ~ 28V"]) == ""
    assert missing_answer("What power does the spindle motor have?", ["3. Power(kw): 0.8"]) == ""
    assert missing_answer("What is the rated current of the spindle?", ["5.Current(A): 6/5"]) == ""
    # in square brackets, with its kind of current: the Festo manual's "Maximum permitted input voltage [V DC] 29"
    assert missing_answer("What is the maximum permitted input voltage of the digital inputs?",
                          ["Maximum permitted input voltage [V DC] 29", "Nominal current per input [mA] 2"]) == ""
    assert missing_answer("What is the output current of the HY01D523B inverter?", ["HY01D523B | 7.0"], table=True,
                          headings=["Output Current (A)"]) == ""
    # what a device draws: "the HY inverter's power draw" showed its input voltage range and ramp times
    specs = ["Input Power | 330~440V for 380V power", "Ramp Control | 4-speed steps ramp-up time (0.1-6500s)."]
    for asked in ("What is the HY inverter's power draw?", "What is the standby power consumption of the inverter?",
                  "How much power does the spindle use?"):
        assert missing_answer(asked, specs) == "The closest passages give no power figure for this.", asked
    assert missing_answer("How much power does the spindle use?", ["3. Power(kw): 0.8"]) == ""
    assert missing_answer("Why is the power consumption so high?", ["A clogged filter raises it."]) == ""


def test_a_limit_or_a_share_of_a_voltage_may_be_a_percentage():
    # a trip, a drop-out or a fraction of the line voltage is often written as a share of the rating
    assert missing_answer("What percentage of line voltage does a wye-delta starter give the motor at first?", [
        "Wye-delta starters connect the motor using a wye connection, which provides only 57% of normal voltage."]) == ""
    assert missing_answer("With a wye-delta starter, what fraction of line voltage does the motor see at first?", [
        "Wye-delta starters connect the motor using a wye connection, which provides only 57% of normal voltage."]) == ""
    assert missing_answer("What is the supply voltage alarm on the UPS?", ["The alarm is raised below 85%."]) == ""
    assert missing_answer("What current does the motor draw at start?", [
        "Starting current can be six times the full-load current."]) == ""


def test_a_load_a_rope_or_a_hook_may_carry_needs_a_weight():
    # asked in the CLI of the rigging manual (tune): a deadman's "EL = 4.2 feet" was shown as a wire rope's safe
    # working load, and "5 feet of pole for each inch of thickness" as a gin pole's load
    deadman = ["Determine the length of a log deadman with a diameter of 2 1/2 feet.", "EL = 4.2 feet"]
    for asked in ("What is the safe working load of a 1/2-inch wire rope?", "What is the breaking strength of "
                  "1/2-inch wire rope?", "What load can a 6-inch gin pole hold?",
                  "What is the safe working capacity of a 1/2-inch chain?"):
        assert missing_answer(asked, deadman) == "The closest passages give no load figure for this.", asked
    for said in (["The result is a SWC of 2,250 pounds."], ["SWC = 4 tons"], ["Rated at 20 kN."]):
        assert missing_answer("What is the safe working load of a new 1-inch manila rope?", said) == "", said
    # a load current, a full-load current and a tank's capacity are no weight
    assert missing_answer("What is the maximum load current?", ["Trips at 110% of full-load amps."]) == ""
    assert missing_answer("What is the maximum capacity of the tank?", ["The tank holds 50,000 gallons."]) == ""


def test_a_time_set_or_allowed_needs_a_figure_in_time():
    # asked in the CLI of the ProviewR I/O guide (tune): "the maximum scan time for the Modbus TCP client" showed
    # "By default, the Modbus TCP communication uses the port 502"
    port = ["By default, the Modbus TCP communication uses the port 502."]
    for asked in ("What is the maximum scan time for the Modbus TCP client?", "What's the maximum allowed control rod "
                  "drop time in the rod drive test?", "What wye-delta transition time is set on the starters?",
                  "What is the timeout for a Modbus TCP response?"):
        assert missing_answer(asked, port) == "The closest passages give no time figure for this.", asked
    for said in (["Scan times down to 10 ms are possible."], ["A delay of 10 seconds."], ["Set to 2 min."]):
        assert missing_answer("What is the time delay on the low pressure alarm?", said) == "", said
    # the time of day, a time zone, and "any time" ask no duration
    for asked in ("What time does the shift start?", "What is the time zone of the logs?",
                  "Minimum pressure required in the main at the service connection, any time?"):
        assert missing_answer(asked, ["Shift A starts at 7:00; the logs are in UTC; 20 psi."]) == "", asked


def test_a_maximum_or_minimum_of_a_pressure_or_temperature_needs_its_unit():
    # asked in the CLI of the generator manual (tune): "the maximum bearing temperature" showed "The bearing might not
    # reach a stable temperature until after several (1~3) hours"
    hours = ["The bearing might not reach a stable temperature until after several (1~3) hours, at full speed."]
    assert missing_answer("What is the maximum bearing temperature for the generator?", hours) == (
        "The closest passages give no temperature figure for this.")
    assert missing_answer("What is the minimum pressure the distribution system must keep?", [
        "The minimum operating pressure is not less than 20 pounds per square inch at all times."]) == ""
    # a drop or a rise of the measure may be in percent or another unit's words
    assert missing_answer("What is the maximum pressure drop across the filter?", ["Replace at a 15% drop."]) == ""


def test_a_resistivity_or_conductivity_asked_after_a_clause_needs_its_unit():
    # fa-039 (tune): "How pure should the tank water be kept by the cleanup loop - what resistivity are we aiming for?"
    # showed the purification loop's "6 to 10 gallons per minute"
    asked = "How pure should the tank water be kept by the cleanup loop - what resistivity are we aiming for?"
    assert missing_answer(asked, ["At a normal flow of 6 to 10 gallons per minute, the pool flows through the "
                                  "system once every 18 to 29 hours."]) == (
        "The closest passages give no resistivity figure for this.")
    for said in (["Keep above 0.5 megohm-cm."], ["Resistivity above 1 M\u03a9\u00b7cm."], ["Alarm at 2 \u00b5S/cm."]):
        assert missing_answer(asked.replace("resistivity", "conductivity") if "S/cm" in said[0] else asked,
                              said) == "", said


def test_a_standard_s_number_and_year_are_no_amount():
    # fb-067 (tune): "How much dissolved oxygen do fish need?" showed an introduction and a reference list's
    # "IS 3025 (Part 38)-1989", whose figures name a standard
    references = ["The presence of oxygen is essential for the survival of aquatic life in water.",
                  "1. IS 3025 (Part 38)-1989: Method of Sampling and Test for Water and Wastewater."]
    assert missing_answer("How much dissolved oxygen do fish need?", references) == (
        "The closest passages give no figure for this.")
    assert missing_answer("What is the vibration limit?", ["Reference : IEC 60034-14, ISO10816-13, JIS B0906"]) == (
        "The closest passages give no figure for this.")
    # a capitalised "IS" before an amount is the verb
    assert missing_answer("What is the maximum pressure?", ["THE MAXIMUM PRESSURE IS 150 PSI."]) == ""


def test_how_far_or_how_much_space_asks_a_length():
    # fc-030 (tune): "How much open space do I need between the fill pipe and the flood rim?" showed a toolkit's
    # "a maximum of 2 pipes to close" and a handbook's "110% of tank capacity"
    asked = "How much open space do I need between the fill pipe and the flood rim of the tank it feeds?"
    assert missing_answer(asked, ["(2) DIAM min max, which specifies all pipes with a specific diameter.",
                                  "For example, a value of 2 means that a maximum of 2 pipes to close will be found.",
                                  "Secondary containment must be at least 110% of tank capacity."]) == (
        "The closest passages give no figure in a unit of length for this.")
    assert missing_answer(asked, ["The air gap shall be at least double the diameter of the supply pipe, and never "
                                  "less than one inch."]) == ""
    for asked, said in (("How far apart do the seizings go?", "Seizing spacing = 2D"),
                        ("How high off the floor must an RP assembly be mounted?", "At least twelve inches (12\")."),
                        ("How far do we keep away from a downed line?", "Keep at least 10 meters away.")):
        assert missing_answer(asked, [said]) == "", asked
    # "how high" of a measure asks that measure
    assert missing_answer("How high can the discharge pressure go?", ["Up to 150 psi."]) == ""


def test_a_baud_rate_is_one_of_the_standard_rates_or_a_figure_in_bit_per_second():
    # asked in the CLI of the HY manual (tune): "What baud rate does the HY inverter use for RS485 communication?"
    # showed PD163's station addresses, "01~250: Address for the inverters"
    asked = "What baud rate does the HY inverter use for RS485 communication?"
    assert missing_answer(asked, ["00: No communication function.", "01~250: Address for the inverters"]) == (
        "The closest passages give no baud rate figure for this.")
    for said in (["Serial port rate: 9600 Check bit: NONE"], ["0: 4800 b/s 1: 9600 b/s"], ["Set to 19.2 kbps."]):
        assert missing_answer(asked, said) == "", said
    # a register's 9600 inside a longer number is no rate
    assert missing_answer(asked, ["Register 196001 holds the address."]) != ""


def test_how_much_asks_an_amount_not_an_items_number_or_a_standards_year():
    # fb-067 (tune) had shown two test methods and a standard's title for "how much dissolved oxygen do fish need"
    pieces = ["Two methods are used: (1) the iodometric method and (2) the membrane electrode method.",
              "1. IS 3025 (Part 38)-1989: Method of Sampling and Test for Water, Dissolved Oxygen."]
    asked = "How much dissolved oxygen do fish need?"
    assert missing_answer(asked, pieces) == "The closest passages give no amount for this."
    assert missing_answer(asked, ["A minimum DO of 4 to 5 mg/l is desirable for aquatic life."]) == ""
    bleach = "How much bleach do I add to 8 gallons?"
    assert missing_answer(bleach, ["Add 2/3 tsp of 6% bleach."]) == ""
    assert missing_answer(bleach, ["Add half a teaspoon of bleach."]) == ""
    assert missing_answer("How much friction per sheave?", ["About 10 percent of the load."]) == ""
