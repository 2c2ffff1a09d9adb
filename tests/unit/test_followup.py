"""The follow-up rule, refusal text and the refusal threshold fit."""

import json
from pathlib import Path

from operator_assistant.core.answer.calibration import choose_threshold
from operator_assistant.core.answer.followup import is_follow_up, search_query
from operator_assistant.core.answer.records import is_refusal


def test_follow_ups_are_read_with_the_previous_question():
    previous = "What is the high discharge pressure alarm for booster B-2?"
    assert is_follow_up("And for the A-series?") and is_follow_up("What about the high alarm?")
    assert search_query("And for the A-series?", previous).startswith("What is the high discharge pressure alarm")
    standalone = "How often are filter F-3 valves exercised?"
    assert not is_follow_up(standalone) and search_query(standalone, previous) == standalone
    assert search_query("And for the A-series?", None) == "And for the A-series?"


def _followup_set(kind: str) -> list[dict[str, str]]:
    path = Path(__file__).parents[1] / "data" / "followups.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert {row["kind"] for row in rows} == {"standalone", "follow-up"}
    return [row for row in rows if row["kind"] == kind]


def test_a_question_that_names_its_own_subject_is_never_merged_with_the_one_before():
    standalone = _followup_set("standalone")
    assert len(standalone) == 40
    merged = [row["question"] for row in standalone if search_query(row["question"], row["previous"]) != row["question"]]
    assert merged == []  # issue 25: 0 of 40 (the rule before it merged 12)


def test_a_question_that_cannot_stand_alone_is_read_with_the_one_before():
    follow_ups = _followup_set("follow-up")
    assert len(follow_ups) == 40
    missed = [row["question"] for row in follow_ups if search_query(row["question"], row["previous"]) == row["question"]]
    assert len(missed) <= 2, missed  # issue 25: at most 2 of 40 (1 today: "what should the vacuum gauge read ...")


def test_pronouns_resolve_to_the_subject_the_question_names():
    previous = "What is the low oil pressure shutdown on the generator?"
    for question in ("What are the steps to evacuate a refrigeration system before charging it?",
                     "Before charging it, how is a refrigeration system evacuated?",
                     "When is the weekly generator exercise and how long does it run?",
                     "Also, how often is the chlorine residual analyzer calibrated?"):
        assert not is_follow_up(question, previous) and search_query(question, previous) == question
    for question in ("Why is it set there?", "How often is it load tested?", "Can it be switched off during maintenance?",
                     "Which pressure transmitter reads it, and what is the trip setpoint?", "And at what level does it stop?"):
        assert is_follow_up(question, previous), question
    # a short question stands alone when it names anything at all
    assert not is_follow_up("How do I reset the VFD?") and not is_follow_up("What is the chlorine dose?")
    assert is_follow_up("In what order?") and is_follow_up("What is the low alarm?")


def test_a_demonstrative_points_back_only_at_what_it_does_not_name():
    assert is_follow_up("Does the same apply to the intake pumps?") and is_follow_up("Is that the same on filter 6?")
    assert is_follow_up("After testing those, what do I set the magnet supply back to?")
    assert not is_follow_up("Is the low suction trip on booster B-4 the same as its low suction alarm?")
    assert not is_follow_up("When this generator runs in parallel it won't share load properly. What could be wrong?")
    question = "And at what reading does that monitor indicate a high airborne radioactivity level?"
    assert is_follow_up(question, "What is the alert level on the argon-41 gaseous monitor in the reactor bay?")
    assert not is_follow_up(question, "How often are filter F-3 valves exercised?")


def test_equipment_named_in_a_follow_up_replaces_the_equipment_named_before():
    previous = "What is the high discharge pressure alarm for booster B-2?"
    assert search_query("And for A-2 at the intake?", previous) == (
        "What is the high discharge pressure alarm for booster ? And for A-2 at the intake?")
    previous = "What torque do the bolts on B-3 and P-101A get?"
    assert search_query("And on B-1 and P-101A?", previous) == (
        "What torque do the bolts on and P-101A get? And on B-1 and P-101A?")
    # a follow-up naming nothing keeps the earlier equipment
    assert search_query("What about the high alarm?", previous).startswith("What torque do the bolts on B-3 and P-101A")


def test_the_evaluation_searches_with_the_same_rule_as_the_app():
    from operator_assistant.evaluation.golden import GoldenQuestion, retrieval_query

    first = GoldenQuestion("a", "What is the high alarm for booster B-2?", "number", "x.pdf", None, ("118",), None)
    follow = GoldenQuestion("b", "And for A-2 at the intake?", "follow-up", "y.pdf", None, ("76",), "a")
    by_id = {"a": first, "b": follow}
    assert retrieval_query(follow, by_id) == search_query(follow.question, first.question)
    assert retrieval_query(first, by_id) == first.question


def test_refusal_is_recognised_in_model_output():
    assert is_refusal("I don't have that information in the provided documents.")
    assert is_refusal("I don\u2019t have that information in the provided documents")
    assert not is_refusal("The high alarm is 118 psi [1].")


def test_threshold_refuses_unanswerable_within_the_false_refusal_budget():
    answerable = [0.5 + i / 100 for i in range(40)]  # 0.50 .. 0.89
    unanswerable = [0.30, 0.35, 0.40, 0.45, 0.48]
    t = choose_threshold(answerable, unanswerable)
    assert 0.48 < t <= 0.52
    assert sum(a < t for a in answerable) <= 2 and sum(u < t for u in unanswerable) == 5
    # when the two overlap, at most 5% of answerable questions are refused
    t = choose_threshold(answerable, [0.7, 0.8])
    assert sum(a < t for a in answerable) <= 2


def test_a_follow_up_names_what_it_asks_in_words_of_its_own_or_leans_on_the_one_before():
    from operator_assistant.core.answer.followup import OWN_SUBJECT_WORDS, own_words

    # its card is ranked against its own words where it has enough of them (Assistant._card_vector)
    assert own_words("And the quick rule for fiber rope if no table is handy?") >= OWN_SUBJECT_WORDS
    assert own_words("And with forced lubrication?") < OWN_SUBJECT_WORDS
    assert own_words("What about the high alarm?") == 0
    assert own_words("And for B-2?") == 0  # a tag replaces the one before; what is asked is still the earlier


def test_a_question_that_carries_the_conversation_on_with_little_subject_of_its_own_is_a_follow_up():
    # fc-027: after "Max fleet angle for the hoist line on a winch drum?", searched alone it found how to reeve blocks
    previous = "Max fleet angle for the hoist line on a winch drum?"
    assert is_follow_up("So how far back does the first sheave need to be?", previous)
    assert is_follow_up("And how far apart?", previous)
    # with a subject of its own, the conjunction is only how the operator talks
    assert not is_follow_up("So what PPE do I wear when changing a chlorine cylinder?", previous)
    assert not is_follow_up("And how do I put filter 4 back in service after its backwash?", previous)
    # without the conjunction, the same words stand alone as before
    assert not is_follow_up("How far back does the first sheave need to be?", previous)
