"""Symptom questions over troubleshooting sections set as nobody here fitted them: three made-up plants' manuals
(tests/support/symptom_docs_set1.py to set6.py, written by helpers that never read the card's code), each
document its own layout (a ruled PDF table of prose cells, DOCX blocks of "Possible causes:" and "Corrective
action:", an HTML table with lists in its cells, a text file's numbered symptoms with lettered checks, ...).
Set 1 was fitted to; sets 2 to 5 were held out until they had been judged once, then fitted to; set 6 is
held out (BENCHMARKS.md, "Symptoms in layouts nobody fitted" and "Symptoms read as blocks")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from operator_assistant.core.answer.records import TABLE
from tests.support import (
    symptom_docs_set1,
    symptom_docs_set2,
    symptom_docs_set3,
    symptom_docs_set4,
    symptom_docs_set5,
    symptom_docs_set6,
    symptom_docs_set7,
)
from tests.support.engines import ask, assert_cells_in_place, card_assistant

# set 2: 0 of 18 at the start, 5 of 18 judged after the changes fitted on set 1 (a sixth right only by a header
# that had swallowed the first row), 6 of 18 after it was fitted to in turn, 10 of 18 once a symptom on a line of
# its own was shown with the lines after it
SET2_FLOOR = 0.5
# set 3: 1 of 18 at first, 2 of 18 judged held out after sets 1 and 2 were fitted to, 8 of 18 after it was fitted to
# in turn (its questions and answers and its diagnostic charts read as labelled blocks), 9 of 18 once a row that
# stands apart answered below the evidence bar
SET3_FLOOR = 0.44
# set 4: 1 of 18 judged held out, 8 of 18 after it was fitted to (run-in "Problem." labels, alarm sheets' sections,
# no tag bonus where a question tells of trouble), 11 of 18 once a row that stands apart answered below the
# evidence bar
SET4_FLOOR = 0.55
# set 5: 2 of 18 judged held out, 3 of 18 later, 4 of 18 once a row that stands apart answered below the evidence bar
SET5_FLOOR = 0.16
# set 6, held out: 1 of 18 at its first run, 5 of 18 once a symptom on a line of its own took the lines after it
SET6_FLOOR = 0.25
# set 7, held out (a digester, gas engine and dewatering site, written blind): 6 of 18 at its first run
SET7_FLOOR = 0.27


def _assistant(module, tmp_path_factory, embedder):
    folder = module.write_all(tmp_path_factory.mktemp("symptom-docs"))
    yield from card_assistant(folder, tmp_path_factory.mktemp("symptom-index"), embedder)


@pytest.fixture(scope="module")
def set1(tmp_path_factory, embedder):
    yield from _assistant(symptom_docs_set1, tmp_path_factory, embedder)


@pytest.fixture(scope="module")
def set2(tmp_path_factory, embedder):
    yield from _assistant(symptom_docs_set2, tmp_path_factory, embedder)


@pytest.fixture(scope="module")
def set3(tmp_path_factory, embedder):
    yield from _assistant(symptom_docs_set3, tmp_path_factory, embedder)


@pytest.fixture(scope="module")
def set4(tmp_path_factory, embedder):
    yield from _assistant(symptom_docs_set4, tmp_path_factory, embedder)


@pytest.fixture(scope="module")
def set5(tmp_path_factory, embedder):
    yield from _assistant(symptom_docs_set5, tmp_path_factory, embedder)


@pytest.fixture(scope="module")
def set6(tmp_path_factory, embedder):
    yield from _assistant(symptom_docs_set6, tmp_path_factory, embedder)


@pytest.fixture(scope="module")
def set7(tmp_path_factory, embedder):
    yield from _assistant(symptom_docs_set7, tmp_path_factory, embedder)


def _score(assistant, module, tmp_path: Path):
    from operator_assistant.evaluation.answers import run_answers
    from operator_assistant.evaluation.golden import load_golden

    questions = tmp_path / "questions.jsonl"
    questions.write_text("".join(json.dumps(q) + "\n" for q in module.QUESTIONS), encoding="utf-8")
    return run_answers(assistant, load_golden(questions), mode="card")


def _holds_floor(assistant, module, floor: float, tmp_path: Path) -> None:
    result = _score(assistant, module, tmp_path)
    assert result.overall.answer_correct is not None and result.overall.answer_correct >= floor, result.overall


def test_set1_symptoms_are_answered_from_their_row_or_block(set1, tmp_path) -> None:
    # measured 10 of 18 symptom questions right (2 of 18 at the start: no entry but the HTML table's)
    result = _score(set1, symptom_docs_set1, tmp_path)
    assert result.overall.answer_correct is not None and result.overall.answer_correct >= 0.5, result.overall
    assert result.overall.shown_unsupported_values == 0


def test_set2_symptoms_do_not_fall_below_their_measured_floor(set2, tmp_path) -> None:
    _holds_floor(set2, symptom_docs_set2, SET2_FLOOR, tmp_path)


def test_set3_symptoms_do_not_fall_below_their_measured_floor(set3, tmp_path) -> None:
    _holds_floor(set3, symptom_docs_set3, SET3_FLOOR, tmp_path)


def test_set4_symptoms_do_not_fall_below_their_measured_floor(set4, tmp_path) -> None:
    _holds_floor(set4, symptom_docs_set4, SET4_FLOOR, tmp_path)


def test_set5_symptoms_do_not_fall_below_their_measured_floor(set5, tmp_path) -> None:
    _holds_floor(set5, symptom_docs_set5, SET5_FLOOR, tmp_path)


def test_set6_held_out_symptoms_do_not_fall_below_their_measured_floor(set6, tmp_path) -> None:
    # held out: judged, never fitted to
    _holds_floor(set6, symptom_docs_set6, SET6_FLOOR, tmp_path)


def test_set7_held_out_symptoms_do_not_fall_below_their_measured_floor(set7, tmp_path) -> None:
    # held out: judged, never fitted to
    _holds_floor(set7, symptom_docs_set7, SET7_FLOOR, tmp_path)


def test_a_ruled_pdf_table_of_prose_cells_gives_a_problem_its_causes_and_remedies(set1) -> None:
    answer = ask(set1, "P-310B keeps kicking out on motor overload after ten minutes or so")
    assert not answer.refused and answer.card.kind == TABLE
    assert answer.card.columns[:3] == ("Problem", "Probable cause", "Remedy")
    shown = " ".join(answer.card.as_text().split())
    for words in ("Discharge pressure too high", "rod out", "Motor cooling obstructed", "fan cowl"):
        assert words in shown, words
    assert "delivers no flow" not in shown
    assert_cells_in_place(answer)


def test_a_symptom_block_gives_its_causes_and_actions(set1) -> None:
    answer = ask(set1, "B-702 bearing temps keep creeping up towards the alarm, what should I look at?")
    assert not answer.refused and answer.card.kind == TABLE
    assert answer.card.columns == ("Symptom", "Possible causes", "Corrective action")
    shown = answer.card.as_text()
    assert "Bearing temperature high" in shown and "oil cooler fins" in shown and "wear-metal analysis" in shown
    assert "Motor winding temperature high" not in shown
    assert_cells_in_place(answer)


def test_a_row_that_tells_the_trouble_the_other_way_is_not_shown_for_it(set1) -> None:
    # MiniLM puts "isn't stroking at all" next to "Pump is stroking but the calibration column does not draw down";
    # that row's gas lock and salt crystals are the checks of a pump that strokes and delivers nothing
    answer = ask(set1, "metering pump screen is on but it isn't stroking at all, what's holding it off?")
    assert "Pump is stroking but" not in (answer.card.as_text() if answer.card else answer.text)


def test_a_labelled_symptom_line_gives_its_row_under_its_sections_title(set2) -> None:
    answer = ask(set2, "the standby generator won't crank at all, the starter just clicks")
    assert not answer.refused and answer.card.kind == TABLE
    assert answer.card.title == "9.4  GEN-1 TROUBLESHOOTING"  # not the symptom line a text file set as a heading
    assert answer.card.columns == ("Symptom", "Cause", "What to do")
    shown = answer.card.as_text()
    assert "ENGINE DOES NOT TURN OVER AT ALL" in shown and "baking soda" in shown and "E-STOP" in shown
    assert_cells_in_place(answer)


def test_a_troubleshooting_row_answers_for_one_unit_of_its_kind(set2) -> None:
    # the filters' row names no filter: "filter 3" asks it all the same
    answer = ask(set2, "filter 3 needs washing every 12 hours now, loses head really fast")
    assert not answer.refused and answer.card.kind == TABLE
    assert "jar test" in answer.card.as_text() and "algae count" in answer.card.as_text()
