"""The follow-up rule, refusal text and the refusal threshold fit."""

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
    from operator_assistant.core.evaluation import GoldenQuestion, retrieval_query

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
