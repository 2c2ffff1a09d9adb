"""Evidence-first answers with the real bundled models on the sample corpus: the card from the
documents at once, then the model's wording only if it passes every check."""

import time
from pathlib import Path

import pytest

from operator_assistant.core.answer.records import PROCEDURE, REFUSAL, TABLE
from operator_assistant.core.assistant import Answered, Assistant, CardReady, SourcesFound, TextGenerated, Turn, open_assistant
from operator_assistant.core.retrieval.rerank import NoReranker
from operator_assistant.errors import ModelError

B_SERIES = "What is the discharge pressure alarm threshold on the B-series boosters?"


@pytest.fixture(scope="module")
def assistant(sample_engine):
    return open_assistant(sample_engine)


def ask(assistant, question, history=(), cancel=None, mode="card+model"):
    events = list(assistant.ask(question, history, cancel=cancel, temperature=0.0, mode=mode))
    answer = next(e.answer for e in events if isinstance(e, Answered))
    return events, answer


class ScriptedModel:
    """Writes a fixed text, to see what the assistant does with a given model answer."""

    model_id = "scripted"
    context_size = 2048

    def __init__(self, text):
        self.text = text
        self.prompts = []

    def count_tokens(self, text):
        return len(text.split()) * 2

    def stream(self, messages, max_tokens, temperature, cancel=None, grammar=None):
        self.prompts.append(messages)
        for word in self.text.split(" "):
            yield word + " "


def test_the_b_series_question_gets_the_four_thresholds_from_the_table_before_the_model(assistant):
    events, answer = ask(assistant, B_SERIES)
    kinds = [type(e) for e in events]
    assert kinds[0] is SourcesFound and kinds[1] is CardReady and kinds[-1] is Answered
    card = events[1].card
    assert card.kind == TABLE and card.title == "2.1 Discharge Pressure Alarm Thresholds"
    by_pump = {row[0].text: [c.text for c in row] for row in card.rows}
    assert sorted(by_pump) == ["B-1", "B-2", "B-3", "B-4"]  # the family, not the discharge header
    high = card.columns.index("High alarm")
    assert [by_pump[p][high] for p in ("B-1", "B-2", "B-3", "B-4")] == ["116", "118", "124", "126"]
    assert "Unit" in card.columns and "High-high trip" in card.columns
    # every cell sits where the cited document has it
    [cited] = answer.citations
    assert Path(cited.source).name == "booster-station-b-om-manual.pdf" and cited.pages == (2,)
    for cell in card.cells:
        assert cited.start <= cell.start < cell.end <= cited.end
        assert cell.text in cited.text
    assert answer.text.startswith(card.as_text())
    if answer.wording:  # whatever the model added passed the checks
        assert answer.text.endswith(answer.wording) and not answer.wording_note
    else:
        assert answer.wording_note.startswith("The model's wording")


def test_a_wrong_figure_from_the_model_is_never_shown(sample_engine):
    model = ScriptedModel("The high alarm for B-2 is 71 psi [1].")
    wrong = Assistant(sample_engine, NoReranker(), lambda: model)
    _, answer = ask(wrong, "What is the high discharge pressure alarm setpoint for booster pump B-2?")
    assert "71" not in answer.text and answer.wording == ""
    assert "'71 psi', which is not in the cited text" in answer.wording_note
    assert answer.card.kind == TABLE and [c.text for c in answer.card.rows[0]][:1] == ["B-2"]
    assert any("118" == c.text for c in answer.card.rows[0])
    # the model saw only the card's evidence and the question: no passages, no earlier answers
    [messages] = model.prompts
    assert len(messages) == 2 and "B-2: " in messages[1]["content"] and "118 psi" in messages[1]["content"]


def test_right_wording_is_shown_after_the_card(sample_engine):
    model = ScriptedModel("The high alarm for B-2 is 118 psi [1].")
    right = Assistant(sample_engine, NoReranker(), lambda: model)
    _, answer = ask(right, "What is the high discharge pressure alarm setpoint for booster pump B-2?")
    assert answer.wording == "The high alarm for B-2 is 118 psi [1]." and answer.text.endswith(answer.wording)
    _, first = ask(right, "What is the high discharge pressure alarm setpoint for booster pump B-2?", mode="model-first")
    assert first.text.startswith(first.wording) and first.text.endswith(first.card.as_text())


def test_earlier_answers_never_reach_the_model(sample_engine):
    model = ScriptedModel("Contractors use yellow locks [1].")
    assistant = Assistant(sample_engine, NoReranker(), lambda: model)
    history = [Turn("What is the high discharge pressure alarm setpoint for booster pump B-2?",
                    "The high alarm for B-2 is 118 psi [1].")]
    ask(assistant, "What color lock do contractors use?", history)
    assert all("118" not in m["content"] and "B-2" not in m["content"] for m in model.prompts[0])


def test_card_mode_answers_without_the_model(sample_engine):
    def no_model():
        raise AssertionError("the model was loaded")

    assistant = Assistant(sample_engine, NoReranker(), no_model)
    events, answer = ask(assistant, B_SERIES, mode="card")
    assert not any(isinstance(e, TextGenerated) for e in events)
    assert answer.card.kind == TABLE and answer.text == answer.card.as_text() and not answer.wording_note


def test_a_missing_language_model_leaves_the_card_standing(sample_engine):
    def broken():
        raise ModelError("no .gguf file in models/SmolLM2", "run `operator-assistant models fetch`")

    _, answer = ask(Assistant(sample_engine, NoReranker(), broken), B_SERIES)
    assert not answer.refused and answer.card.kind == TABLE and "not available" in answer.wording_note


def test_a_procedure_question_gets_every_step_in_order(assistant):
    events, answer = ask(assistant, "How do I start a booster pump manually?")
    card = answer.card
    assert card.kind == PROCEDURE and card.title == "3.2 Starting a Pump Manually"
    steps = [row[0].text for row in card.rows]
    assert [s.split(".", 1)[0] for s in steps] == [str(n) for n in range(1, 8)]
    # step 4 is whole: a PDF line break in the middle of it does not cut it
    assert steps[3].endswith("place the pump in Manual on SCR-04 and issue a Start command.")
    assert not any(isinstance(e, TextGenerated) for e in events)  # the steps are the answer


def test_question_the_documents_do_not_answer_is_refused_without_the_model(sample_engine):
    fresh = open_assistant(sample_engine)
    events, answer = ask(fresh, "What is the overtime pay rate for operators who work a public holiday?")
    assert answer.refused and answer.text == REFUSAL and answer.card is None
    assert answer.closest and not answer.citations
    assert not any(isinstance(e, (TextGenerated, CardReady)) for e in events)
    assert fresh._llm is None, "the language model was not even loaded"


def test_question_about_something_no_document_mentions_is_refused_and_says_what(sample_engine):
    # "fluoride dose setpoint" reads close to the hypochlorite dose section; the subject word
    # itself is in no document, and the refusal names it
    fresh = open_assistant(sample_engine)
    _, answer = ask(fresh, "What is the fluoride dose setpoint at the plant?")
    assert answer.refused and answer.unfamiliar == ["fluoride"]
    assert fresh._llm is None
    _, evidence, _, _ = fresh.retrieve("What is the hypochlorite dose setpoint at the plant?")
    assert fresh.unfamiliar("What is the hypochlorite dose setpoint at the plant?") == []
    assert evidence > answer.evidence


def test_follow_up_is_searched_with_the_previous_question(assistant):
    first = "What is the high discharge pressure alarm setpoint for booster pump B-2?"
    events, answer = ask(assistant, "And for the A-series? Same thing for A-2 at the intake.",
                         [Turn(first, "118 psi [1].")], mode="card")
    # read with the question before it, whose "B-2" gives way to the "A-2" named now
    assert answer.search_query.startswith("What is the high discharge pressure alarm setpoint for booster pump")
    assert "B-2" not in answer.search_query and answer.search_query.endswith("A-2 at the intake.")
    assert Path(events[0].sources[0].source).name == "raw-water-intake-station-a-om-manual.pdf"
    rows = {row[0].text: [c.text for c in row] for row in answer.card.rows}
    assert "A-2" in rows and "76" in rows["A-2"] and "PT-1102" in rows["A-2"]


def test_cancel_stops_the_wording_and_keeps_the_card(assistant):
    seen = []

    def cancel() -> bool:
        return len(seen) >= 3

    started = time.perf_counter()
    answer, cancelled_at = None, None
    for event in assistant.ask("What is the high discharge pressure alarm setpoint for booster pump B-2?",
                               cancel=cancel, temperature=0.0, mode="card+model"):
        if isinstance(event, TextGenerated):
            seen.append(event.text)
            if len(seen) == 3:
                cancelled_at = time.perf_counter()
        elif isinstance(event, Answered):
            answer = event.answer
    assert cancelled_at is not None and answer is not None and answer.cancelled
    assert len(seen) == 3 and answer.wording == "" and "stopped" in answer.wording_note
    assert answer.card is not None and not answer.refused
    assert time.perf_counter() - cancelled_at < 2.0
    assert time.perf_counter() - started < 60


def test_a_tag_row_of_other_limits_is_never_shown_for_the_limit_asked(sample_engine):
    # B-2's row of "2.1 Discharge Pressure Alarm Thresholds" gives its low alarm (66) and high-high trip (127);
    # neither is its low suction pressure trip, which section 2.2 gives for the whole station, B-2 among its pumps
    assistant = Assistant(sample_engine, NoReranker(), lambda: None)
    _, answer = ask(assistant, "What is the low suction pressure trip on booster B-2?", mode="card")
    shown = answer.card.as_text()
    assert not {"66", "127"} & set(shown.split()) and "28 psi" not in shown
    assert answer.card.title == "2.2 Suction Pressure Protection" and "falls below 20 psi for 5 seconds" in shown
    # the intake station has no suction pressure alarm: its pumps' discharge low alarms are not shown for one
    _, answer = ask(assistant, "What is the low suction pressure alarm on the A-series intake pumps?", mode="card")
    assert answer.refused or not {"28", "30", "32"} & set(answer.card.as_text().split())
    # nor Booster Station B's suction trip, from an alarm procedure whose step names neither station but whose
    # passage is about B-series pumps
    assert answer.refused or "20 psi" not in answer.card.as_text()
    # and the discharge question still gets its row
    _, answer = ask(assistant, "What is the high discharge pressure alarm setpoint for booster pump B-2?", mode="card")
    assert answer.card.kind == TABLE and "118" in answer.card.as_text()


def test_a_place_no_document_names_gets_no_other_place_s_setpoints(assistant):
    # the sample plant has one reservoir (Summit) and one intake (Station A, on Cedar Lake): their setpoints are
    # not the answer for a reservoir, lift station or lake the documents never name
    for question, other in (("What is the low level alarm on Riverside Reservoir?", "12.0"),
                            ("At what level does the lead pump start at Maple Street lift station?", "20.0"),
                            ("Does the intake station on Pine Lake have a standby generator?", "Station A")):
        _, answer = ask(assistant, question, mode="card")
        assert answer.refused and answer.card is None, (question, answer.text)
        assert other not in answer.text
    assert answer.refusal_reason == "No passage found names Pine Lake."
    # the places the documents do name are answered
    _, answer = ask(assistant, "What is the low level alarm on Summit Reservoir?", mode="card")
    assert not answer.refused and "12.0" in answer.card.as_text()
    _, answer = ask(assistant, "Does the intake station on Cedar Lake have its own standby generator?", mode="card")
    assert not answer.refused and "no standby generator" in answer.card.as_text()


def test_a_station_s_setpoints_are_never_shown_for_another_station(assistant):
    # the intake manual (Station A) gives a motor winding trip of 145 deg C, the booster manual (Station B) 150
    _, answer = ask(assistant, "What is the motor winding temperature trip at Booster Station B?", mode="card")
    shown = answer.card.as_text()
    assert "150 deg C" in shown and "145" not in shown
    _, answer = ask(assistant, "What is the motor winding temperature trip at Intake Station A?", mode="card")
    assert "145 deg C" in answer.card.as_text() and "150" not in answer.card.as_text()
    # Station A has no standby generator; that is no answer for Station B, which has one
    _, answer = ask(assistant, "Does Station B have a standby generator?", mode="card")
    assert answer.refused or "Station A has no standby generator" not in answer.card.as_text()
    # only Station A has a wet well: its high level alarm (26.0 ft) is not Station B's; nor is Station B's
    # discharge pressure high alarm a level alarm, nor the high level alarm of Summit Reservoir, which it fills
    _, answer = ask(assistant, "What is the wet well high level alarm at Station B?", mode="card")
    assert answer.refused and answer.refusal_reason == "No passage found names wet well at Station B."
    _, answer = ask(assistant, "What is the traveling screen differential level alarm at Station B?", mode="card")
    assert answer.refused
    # Station A's own is answered
    _, answer = ask(assistant, "What is the wet well high level alarm at Station A?", mode="card")
    assert "26.0 ft" in answer.card.as_text()


def test_a_limit_is_taken_from_the_table_of_its_measure_and_the_manual_of_its_station(assistant):
    # the booster manual's "Trip" column beside "Alert", not its table of greasing intervals that names bearings
    _, answer = ask(assistant, "What is the bearing temperature trip on the B-series pumps?", mode="card")
    assert "90 deg C" in answer.card.as_text() and "grease" not in answer.card.as_text().lower()
    # the intake manual's sentence, not the booster manual's row of motor winding temperature
    _, answer = ask(assistant, "What temperature trips the intake pump motor windings?", mode="card")
    assert "145 deg C" in answer.card.cells[0].text
    # and no line of the booster manual, which never says "intake", with its own winding trip of 150 deg C
    assert "150 deg C" not in answer.card.as_text()


def test_questions_naming_a_station_or_a_place_are_answered_from_it_or_refused(sample_engine):
    # tests/data/sample_places.jsonl (BENCHMARKS.md, "Another station's setpoint"): measured 9 of 9 answerable
    # right and 5 of 5 about a place or thing no document has refused; at the session's start 7 of 9 and 0 of 5
    from operator_assistant.evaluation.answers import run_answers
    from operator_assistant.evaluation.golden import load_golden
    from tests.conftest import REPO

    result = run_answers(open_assistant(sample_engine), load_golden(REPO / "tests" / "data" / "sample_places.jsonl"),
                         mode="card")
    assert result.overall.answer_correct is not None and result.overall.answer_correct >= 0.85, result.overall
    assert result.overall.refused_not_in_corpus == 1.0, [r.answer for r in result.rows if r.kind == "not-in-corpus"]


def test_limits_asked_by_direction_and_kind_are_answered_from_their_own_column_or_sentence(sample_engine):
    # tests/data/sample_limits.jsonl: alarms and trips asked of the sample stations, two of them of limits no
    # document gives (BENCHMARKS.md, "A row of other limits"), and three asked as a maximum or minimum
    # (l15-l18, "A side asked"); measured 15 of 16 answerable right, 11 of 16 before they were read by side
    from operator_assistant.evaluation.answers import run_answers
    from operator_assistant.evaluation.golden import load_golden
    from tests.conftest import REPO

    result = run_answers(open_assistant(sample_engine), load_golden(REPO / "tests" / "data" / "sample_limits.jsonl"),
                         mode="card")
    assert result.overall.answer_correct is not None and result.overall.answer_correct >= 0.9, result.overall
    shown = {r.id: r.answer for r in result.rows}
    # the minimum wet well level is its low-low float, not "must be below 1.0 ft before entry"; the highest
    # reservoir level its high alarm; the header's maximum its alarm row, not the transmitter's range
    assert all(r.answer_correct for r in result.rows if r.id in ("l15", "l16", "l17", "l18")), shown
    # and the maximum wet well level is its high alarm, first, not the confined-space rule for entry
    assert shown["l18"].split("\n")[1].startswith("The wet well high level alarm is 26.0 ft."), shown["l18"]
    # B-1 has no suction pressure alarm: its discharge high alarm (116 psi) is not shown as one
    assert "116" not in shown["l12"].split()
    # the B-series named by its family takes Station B's table, not Station A's whose row is closest in words
    assert next(r for r in result.rows if r.id == "l14").answer_correct, shown["l14"]
    # nor are the intake manual's pre-lubrication times (48 hours, 2 minutes) shown for a pressure alarm it never gives
    refused = {r.id: r.refusal_reason for r in result.rows if r.refused}
    assert refused.get("l02") == "The closest passages give no pressure figure for this.", shown["l02"]
