"""What is read as a fact, and which facts disagree: made-up chunks and tables, no index or model."""

from __future__ import annotations

from operator_assistant.core.conflicts import (
    _heading_designation,
    asked_about,
    conflicts,
    designations,
    facts_of,
    limits_named,
    named_places,
    one_of,
    other_one,
    places_asked,
    same_limit,
    where_named,
)
from operator_assistant.core.documents.tables import Cell, Table
from operator_assistant.core.index.manifest import ChunkRecord, TableRecord


def chunk(doc_id: str, text: str) -> ChunkRecord:
    return ChunkRecord(f"{doc_id}:0", doc_id, 0, 0, len(text), ("S",), (1,), "S", text, "", "e")


def facts(doc_id: str, text: str) -> list:
    return facts_of([chunk(doc_id, text)], [])


def found(*docs: tuple[str, str], scope: dict | None = None, titles: dict | None = None) -> list[tuple[str, str]]:
    every = [f for doc_id, text in docs for f in facts(doc_id, text)]
    return [(c.first.value, c.second.value) for c in conflicts(every, {d: d for d, _ in docs}, scope, titles)]


def test_a_stated_value_is_a_fact_with_its_subject():
    (fact,) = facts("a", "The clearwell free chlorine high alarm is set at 3.5 mg/L.")
    assert (fact.shown, fact.value, fact.unit) == ("clearwell free chlorine high alarm", "3.5 mg/L", "mg/L")
    assert fact.text == "The clearwell free chlorine high alarm is set at 3.5 mg/L." and fact.start == 0


def test_ranges_changes_bounds_and_two_figures_are_not_facts():
    for text in ("The discharge pressure of B-3 is 2 to 4 bar.", "The discharge pressure of B-3 is 2-4 bar.",
                 "Reduce the pump stroke rate by 5 percent.", "The wet well level must not exceed 12 ft.",
                 "The backwash flow rate is at least 20 gpm.", "The high alarm is 3.5 mg/L and the low alarm 0.8 mg/L.",
                 "The pump runs every 4 hours.", "Level is 3 ft."):
        assert facts("a", text) == [], text


def test_the_same_value_in_other_units_or_rounded_is_no_conflict():
    assert found(("a", "The B-1 suction pressure low alarm is 20 psi."),
                 ("b", "The B-1 suction pressure low alarm is 1.38 bar.")) == []
    assert found(("a", "The B-4 discharge pressure setpoint is 60 psi."),
                 ("b", "The B-4 discharge pressure setpoint is 4.1 bar.")) == []
    assert found(("a", "The wet well high level alarm is 12.5 ft."),
                 ("b", "The wet well high level alarm is 3.2 m.")) == [("12.5 ft", "3.2 m")]  # 3.81 m


def test_other_tags_siblings_and_other_stations_are_not_compared():
    assert found(("a", "The P-101 overcurrent trip delay is 10 seconds."),
                 ("b", "The P-102 overcurrent trip delay is 20 seconds.")) == []
    assert found(("a", "The lead pump start level is 6 ft."), ("b", "The lead pump stop level is 3 ft.")) == []
    assert found(("a", "The chlorine high alarm is 4.0 mg/L."), ("b", "The chlorine low alarm is 0.8 mg/L.")) == []
    pair = (("a", "The wet well high level alarm is 12 ft."), ("b", "The wet well high level alarm is 14 ft."))
    assert found(*pair) == [("12 ft", "14 ft")]
    stations = {"a": designations("Raw Water Intake Station A Manual"), "b": designations("Booster Station B Manual")}
    assert stations == {"a": frozenset({"station a"}), "b": frozenset({"station b"})}
    assert found(*pair, scope=stations) == []


def test_one_document_and_units_that_do_not_convert_never_conflict():
    assert found(("a", "The fluoride target dose is 0.7 mg/L. The fluoride target dose is 0.8 mg/L.")) == []
    assert found(("a", "The pump discharge head is 150 ft."), ("b", "The pump discharge head is 65 psi.")) == []
    # in water mg/L and ppm are one unit
    assert found(("a", "The chlorine residual target is 1.5 mg/L."), ("b", "The chlorine residual target is 1.5 ppm.")) == []
    assert found(("a", "The chlorine residual target is 1.5 mg/L."),
                 ("b", "The chlorine residual target is 2 ppm.")) == [("1.5 mg/L", "2 ppm")]


def test_a_table_cell_takes_its_row_label_its_tags_and_its_unit_column():
    header = (Cell("Parameter", 0, 9), Cell("Tag", 10, 13), Cell("Setpoint", 14, 22), Cell("Unit", 23, 27))
    rows = ((Cell("Discharge header", 30, 46), Cell("PT-2105", 47, 54), Cell("60", 55, 57), Cell("psi", 58, 61)),)
    text = "Parameter Tag Setpoint Unit   Discharge header PT-2105 60 psi"
    record = TableRecord("a", 0, ("S",), (1,), Table(header, rows))
    (fact,) = facts_of([chunk("a", text)], [record])
    assert (fact.shown, fact.value, "pt-2105" in fact.subject) == ("Discharge header PT-2105", "60 psi", True)


def test_a_card_value_is_noted_only_for_what_the_question_asks_about():
    assert asked_about("What is the clearwell free chlorine high alarm?", "Free chlorine high alarm")
    assert not asked_about("What is the P-102 overcurrent trip delay?", "B-2 discharge pressure high alarm")


def test_mgd_converts_to_other_flow_units():
    assert found(("a", "The plant high flow alarm is 3.0 MGD."), ("b", "The plant high flow alarm is 1,400 gpm.")) == [
        ("3.0 MGD", "1,400 gpm")]
    assert found(("a", "The plant high flow alarm is 2.0 MGD."), ("b", "The plant high flow alarm is 1,389 gpm.")) == []


def test_two_wordings_of_one_quantity_match_once_the_qualifier_is_set_aside():
    # neither wording holds the other: "per cycle" on one side, "digester" on the other
    assert found(("a", "The mixer run time per cycle shall be 60 minutes."),
                 ("b", "The digester mixer run time is 90 minutes.")) == [("60 minutes", "90 minutes")]
    # a qualifier both say, and say differently, is two quantities
    assert found(("a", "The mixer run time per cycle is 60 minutes."), ("b", "The mixer run time per day is 6 hours.")) == []


def test_one_instrument_tag_and_one_kind_of_limit_are_one_setpoint():
    trip = ("a", "The motor winding protection relay (TSH-401) trips at 150 °C.")
    assert found(trip, ("b", "The TSH-401 motor winding high temperature trip is 310 degF.")) == [("150 °C", "310 degF")]
    # the same instrument's alarm is not its trip
    assert found(trip, ("b", "The TSH-401 motor winding temperature alarm is 280 degF.")) == []


def test_synonyms_of_a_limit_are_one_kind():
    assert found(("a", "The booster pumps trip at a suction pressure of 140 kPa (PSL-702)."),
                 ("b", "The PSL-702 booster suction header low pressure cutout is 26 psi.")) == [("140 kPa", "26 psi")]


def test_an_instruction_states_a_setpoint_and_an_acronym_matches_its_words():
    (fact,) = facts("a", "4.2 Set the Clarifier 2 RAS pump, RAS-P2, to 700 gpm.")
    assert fact.shown.endswith("setpoint")
    assert found(("a", "4.2 Set the Clarifier 2 RAS pump, RAS-P2, to 700 gpm."),
                 ("b", "The RAS-P2 Clarifier 2 return activated sludge pump flow setpoint is 1.2 MGD.")) == [
        ("700 gpm", "1.2 MGD")]


def test_a_measure_the_unit_implies_may_go_unsaid():
    assert found(("a", "The high-service pump restart delay is 90 seconds."),
                 ("b", "The KS-10 high-service pump restart time delay after power loss is 2 min.")) == [
        ("90 seconds", "2 min")]
    # two timers of one machine are not one quantity
    assert found(("a", "The GEN-2 cooldown run time is 3 min."), ("b", "The GEN-2 exercise run time is 30 min.")) == []


def test_a_sibling_left_unsaid_matches_only_when_nothing_else_could_be_meant():
    bare = ("a", "The Filter 2 turbidity alarm is 0.30 NTU.")
    effluent = ("b", "The Filter 2 effluent turbidity alarm is 0.25 NTU.")
    assert found(bare, effluent) == [("0.30 NTU", "0.25 NTU")]
    # with an influent alarm stated too, the bare one could be either: no mark
    assert found(bare, effluent, ("c", "The Filter 2 influent turbidity alarm is 5.0 NTU.")) == []
    # siblings both named still part two quantities
    assert found(effluent, ("c", "The Filter 2 influent turbidity alarm is 5.0 NTU.")) == []


def test_inches_of_water_column_and_conductivity_are_units():
    assert found(("a", "The gas holder high pressure alarm is 10.5 in. w.c."),
                 ("b", "The gas holder high pressure alarm is 3.0 kPa.")) == [("10.5 in. w.c.", "3.0 kPa")]  # 12.0
    assert found(("a", "The gas holder high pressure alarm is 8 in WC."),
                 ("b", "The gas holder high pressure alarm is 2.0 kPa.")) == []  # 8.03
    assert found(("a", "The blowdown conductivity setpoint is 2,400 µS/cm."),
                 ("b", "The blowdown conductivity setpoint is 2.1 mS/cm.")) == [("2,400 µS/cm", "2.1 mS/cm")]


def test_a_station_written_as_its_short_tag_is_the_station_a_title_names():
    title = "Lift Station No. 7 (Quarry Lane) Operation Manual"
    manual = ("m", "The pump stop level is 3.5 ft.")
    scope = {"m": designations(title)}
    assert found(("r", "The LS-7 pump stop level is 1.2 m."), manual, scope=scope, titles={"m": title}) == [
        ("3.5 ft", "1.2 m")]  # 3.94 ft
    assert found(("r", "The LS-3 pump stop level is 1.2 m."), manual, scope=scope, titles={"m": title}) == []


def test_equipment_that_starts_when_a_measurement_reaches_a_value_states_its_start_level():
    (fact,) = facts("a", "The lag pump starts automatically when the wet well level reaches 7.5 ft.")
    assert fact.value == "7.5 ft" and {"lag", "start", "pump", "level"} <= set(fact.subject)
    assert found(("a", "The lag pump starts when the wet well level reaches 7.5 ft."),
                 ("b", "Wet well lag pump start level: 2.0 m")) == [("7.5 ft", "2.0 m")]  # 6.56 ft
    assert found(("a", "The lag pump stops when the wet well level falls to 3.0 ft."),
                 ("b", "Wet well lag pump start level: 2.0 m")) == []


def test_a_form_line_ending_in_a_blank_or_a_bracket_is_a_statement_of_its_own():
    text = ("AIT-408 dissolved O2 high alarm: 7 ppb   reading ______\n"
            "BFP discharge header ______ bar  (normal 52-56 bar)\n"
            "BFP header low, standby pump start (PSL-420): 45 bar\n")
    assert sorted(f.value for f in facts("a", text)) == ["45 bar", "7 ppb"]


def test_a_limit_switch_tag_both_name_fixes_the_limit_however_it_is_worded():
    assert found(("a", "Suction pressure low cutout (PSLL-811): 20 psi"),
                 ("b", "The PSLL-811 suction pressure low-low trip is 125 kPa.")) == [("20 psi", "125 kPa")]  # 18.1


def test_a_heading_that_names_one_plant_scopes_the_rows_under_it():
    def under(doc_id: str, heading: str, text: str) -> list:
        record = ChunkRecord(f"{doc_id}:0", doc_id, 0, 0, len(text), (heading,), (1,), heading, text, "", "e")
        return facts_of([record], [])

    every = (under("s", "Chiller Plant 1", "Chilled water supply temperature setpoint: 6.0 degC")
             + facts("p1", "Chilled water supply temperature setpoint: 44 degF")
             + facts("p2", "Chilled water supply temperature setpoint: 42 degF"))
    scope = {"p1": designations("Chiller Plant 1 Operations"), "p2": designations("Chiller Plant 2 Operations")}
    found_ = [(c.first.value, c.second.value) for c in conflicts(every, {d: d for d in ("s", "p1", "p2")}, scope)]
    assert found_ == [("44 degF", "6.0 degC")]  # 42.8 degF; plant 2's 42 degF is another plant's
    # a heading that names the plant among other things scopes nothing
    assert _heading_designation(("River intake and Tank 2",)) == frozenset()
    assert designations("Raw water tank T-210") == frozenset()


def test_an_action_column_says_the_kind_of_value_and_is_not_part_of_the_name():
    header = (Cell("Tag", 0, 3), Cell("Description", 4, 15), Cell("Setpoint", 16, 24), Cell("Unit", 25, 29),
              Cell("Action", 30, 36))
    rows = ((Cell("PSHH-922", 40, 48), Cell("BS-2 discharge pressure high-high", 49, 82), Cell("760", 83, 86),
             Cell("kPa", 87, 90), Cell("Pump trip", 91, 100)),)
    text = "Tag Description Setpoint Unit Action    PSHH-922 BS-2 discharge pressure high-high 760 kPa Pump trip"
    record = TableRecord("r", 0, ("S",), (1,), Table(header, rows))
    (fact,) = facts_of([chunk("r", text)], [record])
    assert fact.shown == "PSHH-922 BS-2 discharge pressure high-high" and "trip" in fact.kind.split()
    manual = facts("m", "Discharge pressure: the pumps shut down on high discharge pressure at 120 psi [PSHH-922].")
    assert [(c.first.value, c.second.value) for c in conflicts([fact, *manual], {"r": "r", "m": "m"})] == [
        ("120 psi", "760 kPa")]  # 110 psi


def test_an_untagged_value_matches_a_tagged_one_only_where_no_other_tag_could_be_meant():
    site = ("m", "Fluoride high alarm: 1.0 mg/L")
    register = ("r", "The AAH-350 fluoride residual high alarm is 1.2 mg/L.")
    assert found(site, register) == [("1.0 mg/L", "1.2 mg/L")]
    # a pumping station's lead pump start could be either station's of the register: no mark
    manual = ("m", "Lead pump start level: 1.4 m")
    one = ("r", "The PS1-LIT-101 PS-1 lead pump start level is 1.2 m.")
    assert found(manual, one) == [("1.4 m", "1.2 m")]
    assert found(manual, one, ("s", "The PS2-LIT-201 PS-2 lead pump start level is 1.7 m.")) == []


def test_a_place_named_by_its_name_is_not_another_of_its_kind():
    assert named_places("Quarry Road Tank - Site Manual") == frozenset({"tank quarry road"})
    assert named_places("RIVERSIDE PUMPING STATION - SITE MANUAL") == frozenset({"station riverside"})
    assert named_places("Raw Water Tank and Main Pumping Station") == frozenset()
    register = ("r", "The AV-1 Hilltop Tank altitude valve close level is 35.0 ft.")
    assert found(("m", "Altitude valve closing level: 11.0 m"), register, titles={"m": "Quarry Road Tank Manual"}) == []
    assert found(("m", "Altitude valve closing level: 11.0 m"), register, titles={"m": "Hilltop Tank Manual"}) == [
        ("11.0 m", "35.0 ft")]  # 36.1 ft


def test_a_limit_joined_to_what_it_limits_is_two_words_and_a_name_is_one():
    register = ("r", "The PS1-LIT-101 PS-1 high level alarm is 2.1 m.")
    assert found(("m", "The PS-1 high-level alarm is set at 7.5 ft above the floor."), register) == [("7.5 ft", "2.1 m")]
    # "High-service" names the pumps; it is not their high pressure alarm
    assert found(("s", "PIT-610 high-service discharge header low pressure alarm: 58 psi"),
                 ("o", "The discharge header high pressure alarm (PIT-610) is 92 psi.")) == []


def test_dot_leaders_join_a_label_to_its_value():
    lines = facts("m", "   Lead pump start ..................... 6.3 ft\n   Lag pump start ...... 7.0 ft\n")
    assert [(f.shown, f.value, f.text) for f in lines] == [
        ("Lead pump start", "6.3 ft", "Lead pump start ..................... 6.3 ft"),
        ("Lag pump start", "7.0 ft", "Lag pump start ...... 7.0 ft")]
    assert facts("m", "Altitude valve closes at ........ 36.5 ft")[0].value == "36.5 ft"  # closing is a quantity


def test_a_tank_named_by_its_name_is_matched_to_the_register_row_that_names_it():
    assert named_places("HILLTOP RECLAIMED WATER STORAGE TANK - SITE MANUAL") == frozenset({"tank hilltop"})
    titles = {"m": "Quarry Road Reclaimed Water Storage Tank - Site Manual", "r": "Setpoint Register"}
    quarry = ("r", "The LIT-820 Quarry Road Tank level high alarm is 38.0 ft.")
    hilltop = ("h", "The LIT-810 Hilltop Tank level high alarm is 37.0 ft.")
    # the site manual's "High level alarm" can only be its own tank's, even with another tank's row listed
    assert found(("m", "High level alarm: 11.3 m"), quarry, hilltop, titles=titles) == [("11.3 m", "38.0 ft")]
    assert found(("m", "High level alarm: 11.3 m"), hilltop, titles=titles) == []
    valve = ("r", "The AV-1 Hilltop Tank altitude valve close level is 35.0 ft.")
    assert found(("m", "Altitude valve closes at ........ 36.5 ft"), valve, titles={"m": "Hilltop Tank Manual"}) == [
        ("36.5 ft", "35.0 ft")]


def test_ph_written_before_its_figure_and_more_units_are_read():
    (fact,) = facts("m", "- sulfuric acid feed holds the basin pH at 8.2;")
    assert (fact.value, fact.unit, fact.text) == ("8.2 pH", "pH_value", "- sulfuric acid feed holds the basin pH at 8.2;")
    assert facts("m", "Effluent pH 6.0 to 9.5 is the permit range.") == []
    table = ("r", "AIC-612 CT-1 basin pH, sulfuric acid feed setpoint: 7.8 pH")
    assert found(("m", "- sulfuric acid feed holds the basin pH at 8.2;"), table) == [("8.2 pH", "7.8 pH")]
    assert [facts("a", t)[0].unit for t in ("Fan EF-701 design flow: 12,000 m³/h", "Air scour flow per train: 1,150 scfm",
                                            "T-601 tank capacity: 6,000 US gal", "Design net flux: 15 gfd")] == [
        "m**3/h", "foot**3/minute", "gallon", "gallon/foot**2/day"]
    # 15 gfd is 25.5 LMH
    assert found(("a", "The membrane design net flux is 15 gfd."), ("b", "The membrane design net flux is 30 LMH.")) == [
        ("15 gfd", "30 LMH")]


def test_a_form_line_notes_the_values_to_read_it_against():
    line = "  HT-1 stator winding temperature .. ________ °C       (alarm 130 °C, trip 155 °C)"
    assert [(f.shown, f.value) for f in facts("r", line)] == [("HT-1 stator winding temperature alarm", "130 °C"),
                                                              ("HT-1 stator winding temperature trip", "155 °C")]
    assert [f.value for f in facts("r", "Cake solids ________ % TS    Target: 22 %")] == ["22 %"]
    assert facts("r", "Chlorine residual ______ mg/L (range 1.0 to 2.0 mg/L)") == []
    iom = ("i", "The HT-1 stator winding temperature trip is 145 °C.")
    assert found(("r", line), iom) == [("145 °C", "155 °C")]


def test_an_alarm_that_sounds_and_an_acronym_of_a_word_in_capitals_match():
    register = ("r", "The SRS-LIT-401 ST-1 high level alarm is 90 %.")
    assert found(("s", "The ST-1 high-level alarm sounds at 85 %: tell the hauler to stop."), register) == [
        ("90 %", "85 %")]
    uvt = ("r", "The UV-AIT-510 UV transmittance low alarm is 65 %.")
    assert found(("m", "The low UVT alarm at 50 % means an algae bloom."), uvt) == [("50 %", "65 %")]


def test_a_tag_both_name_does_not_join_a_plain_value_to_one_of_its_limits():
    form = ("f", "AB-1 airflow ______ scfm (normal 2,800 scfm)")
    guide = ("g", "The AB-1 low airflow alarm is 2,400 scfm.")
    assert found(form, guide) == []
    # a switch's tag says which limit it is, so there the rest may describe it further
    assert found(("a", "The LSH-101 level is 12 ft."), ("b", "The LSH-101 high level alarm is 14 ft.")) == [
        ("12 ft", "14 ft")]


def test_a_site_manual_value_is_not_matched_to_more_equipment_the_site_does_not_have():
    titles = {"s": "KESTREL HILL BOOSTER STATION - SITE MANUAL", "o": "Plant O&M Manual"}
    site = ("s", "Sodium hypochlorite is fed to hold a free chlorine residual of 1.0 mg/L.")
    assert found(site, ("o", "The clearwell free chlorine target is 1.2 mg/L."), titles=titles) == []
    # what the title names ("booster station") the site has
    stop = ("s", "Lead pump stop: 11.0 m")
    assert found(stop, ("o", "The LIT-950 lead booster pump stop is 37.5 ft."), titles=titles) == [("37.5 ft", "11.0 m")]
    assert designations("Treatment Plant O&M Manual") == frozenset()


def test_gauge_pressure_is_read_as_its_unit():
    # vendors write gauge pressure "bar g", "barg", "kPa(g)"; before, such a figure was no fact at all
    assert found(("a", "The HP pump discharge high alarm is set at 75 bar g."),
                 ("b", "The HP pump discharge high alarm is 78 barg.")) == [("75 bar g", "78 barg")]
    assert found(("a", "The HP pump discharge high alarm is set at 75 bar g."),
                 ("b", "The HP pump discharge high alarm is 7,500 kPa(g).")) == []  # 75 bar


def test_the_limits_a_text_states_pair_a_direction_with_its_kind():
    assert limits_named("What is the low suction pressure trip on booster B-2?") == {("low", "trip")}
    # a table's columns: each direction takes its own kind, none the next column's
    assert limits_named("Pump | Low alarm | High alarm | High-high trip | Unit") == {
        ("low", "alarm"), ("high", "alarm"), ("highhigh", "trip")}
    assert limits_named("what are the lo and hi voltage alarm setpoints?") == {("low", "alarm"), ("high", "alarm")}
    # a column under a merged header names its direction last
    assert limits_named("Alarm limits Low") == {("low", "alarm")}
    # a bound stated by a figure has a side and no kind
    assert limits_named("Confirm that suction pressure PT-2100 is above 28 psi.") == {("high", "")}
    assert limits_named("If the suction pressure falls below 20 psi for 5 seconds") == {("low", "")}
    assert limits_named("The high-service pumps feed the upper zone.") == set()
    # a low-low is a limit whatever it is called
    assert limits_named("What is the low-low chlorine residual interlock setpoint?") == {("lowlow", "")}


def test_a_limit_asked_is_the_same_limit_only_on_its_side_and_of_its_kind():
    assert same_limit(("high", "trip"), ("highhigh", "trip"))  # the trip a table gives above the high alarm
    assert same_limit(("low", "trip"), ("low", ""))
    assert not same_limit(("low", "trip"), ("low", "alarm"))
    assert not same_limit(("low", "trip"), ("highhigh", "trip"))
    assert not same_limit(("low", "trip"), ("high", ""))
    assert not same_limit(("lowlow", ""), ("low", "alarm"))


def test_where_a_quantity_is_read_counts_only_before_what_is_measured():
    assert where_named("2.1 Discharge Pressure Alarm Thresholds") == {("side", "out")}
    assert where_named("the low suction pressure trip") == {("side", "in")}
    assert where_named("discharge header pressure, supply and return temperature") == {
        ("side", "out"), ("circuit", "return")}
    # a verb, a power supply and a permit are no side of a pipe
    assert where_named("What does register 0x0101 return, and how is it scaled?") == set()
    assert where_named("What turbidity limit does an ATS discharge have to meet?") == set()


def test_places_asked_are_the_words_that_say_which_place():
    def names(question):
        return {name for name, _ in places_asked(question)}

    assert places_asked("At what wet well level does lead pump 2 start at the Riverside lift station?") == {
        ("Riverside", "Riverside lift station")}
    assert places_asked("What is the low level alarm on Summit Reservoir?") == {("Summit", "Summit Reservoir")}
    assert names("Which Cedar Lake intake port do we use in the summer?") == {"Cedar Lake"}
    assert places_asked("What is the Quarry Road Reservoir overflow level?") == {("Quarry Road", "Quarry Road Reservoir")}
    # what kind of place it is, or the question's own words, name none
    assert names("What is the high alarm on the discharge header at Booster Station B?") == set()
    assert names("What Raw Water Tank level starts the pump?") == set()
    assert names("what is the wet well level at the lift station?") == set()
    assert places_asked("Which Elm Street Pumping Station pump leads?") == {("Elm Street", "Elm Street Pumping Station")}


def test_one_of_several_places_or_units_by_letter_or_number():
    assert one_of("Booster Pump Station B Operation and Maintenance Manual") == {("station", "B")}
    assert one_of("the A-series pumps discharge lower than the B-series") == {("series", "A"), ("series", "B")}
    assert one_of("Pump No. 2 leads, pump 3 lags") == {("pump", "2"), ("pump", "3")}
    assert one_of("Well 3 and Tank 2A") == {("well", "3"), ("tank", "2A")}
    # a small word after the kind, "as well" and a tag name none
    assert one_of("the station is on the line; as well 3 times; Station B-2") == set()


def test_a_text_of_another_station_is_not_about_the_one_asked():
    asked = one_of("What is the wet well high level alarm at Station B?")
    assert other_one(asked, "Raw Water Intake Pump Station A O&M Manual", "The high level alarm is 26.0 ft.") == (
        "station", "B")
    assert other_one(asked, "Booster Pump Station B O&M Manual", "The high alarm is 120 psi.") is None
    # a text that names the one asked among others speaks of it; one that names none of the kind says nothing
    assert other_one(asked, "Station A", "Station B has its own generator.") is None
    assert other_one(asked, "Emergency Generator Operation", "Start the generator.") is None
    # only places of one kind are compared: pump 2 may well be at Station A
    assert other_one(one_of("pump 2"), "Station A manual", "Pump 2 starts at 17 ft.") is None


def test_a_limit_of_one_measure_is_not_asked_of_another():
    from operator_assistant.core.answer.card import about_other
    from operator_assistant.core.conflicts import measures_named

    assert measures_named("2.1 Discharge Pressure Alarm Thresholds") == {"pressure"}
    assert measures_named("Total dynamic head") == {"pressure"}
    question = "What is the wet well high level alarm at Station B?"
    assert about_other(question, "2.1 Discharge Pressure Alarm Thresholds", "High alarm")
    assert not about_other(question, "2.2 Wet Well Level Protection", "The wet well high level alarm is 26.0 ft.")
    # a text that names no measure, or a question that asks no limit, is not judged by it
    assert not about_other(question, "Alarm summary", "High alarm 26.0 ft")
    assert not about_other("What pressure does the wet well level transmitter need?", "Discharge Pressure")
