"""What is read as a fact, and which facts disagree: made-up chunks and tables, no index or model."""

from __future__ import annotations

from operator_assistant.core.conflicts import asked_about, conflicts, designations, facts_of
from operator_assistant.core.documents.tables import Cell, Table
from operator_assistant.core.index.manifest import ChunkRecord, TableRecord


def chunk(doc_id: str, text: str) -> ChunkRecord:
    return ChunkRecord(f"{doc_id}:0", doc_id, 0, 0, len(text), ("S",), (1,), "S", text, "", "e")


def facts(doc_id: str, text: str) -> list:
    return facts_of([chunk(doc_id, text)], [])


def found(*docs: tuple[str, str], scope: dict | None = None) -> list[tuple[str, str]]:
    every = [f for doc_id, text in docs for f in facts(doc_id, text)]
    return [(c.first.value, c.second.value) for c in conflicts(every, {d: d for d, _ in docs}, scope)]


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
