"""A side of a measure asked with no limit named ("the maximum level", "the lowest pressure"), read against the
limits a sentence calls one and the values it says are crossed, never against a state it requires."""

from __future__ import annotations

import pytest

from operator_assistant.core.answer.card import about_other, limits_asked, states_limit


@pytest.mark.parametrize(("question", "expected"), [
    ("What is the maximum level in the intake wet well?", {("high", "any")}),
    ("What is the highest level Summit Reservoir should reach?", {("high", "any")}),
    ("What is the minimum discharge pressure for pump A-3?", {("low", "any")}),
    ("What is the lowest suction pressure booster B-2 can run at?", {("low", "any")}),
    # a limit named is asked as named
    ("What is the low level alarm on Summit Reservoir?", {("low", "alarm")}),
    # no measure, a time, or both sides: no side asked
    ("What is the maximum number of starts per hour?", set()),
    ("What is the minimum time between starts?", set()),
    ("What are the minimum and maximum levels of the tank?", set()),
])
def test_the_side_a_question_asks(question: str, expected: set) -> None:
    assert limits_asked(question) == expected


def test_a_value_crossed_on_the_other_side_is_another_limit_and_a_state_required_is_none() -> None:
    question = "What is the maximum chlorine residual at the clearwell?"
    # a low alarm's trigger is no maximum
    assert about_other(question, "Trigger: free chlorine residual falls below 0.80 mg/L for 60 seconds.")
    assert about_other(question, "The low-low interlock at 0.50 mg/L stops the high service pumps.")
    # a high alarm's trigger, a value not to be exceeded and a high alarm called one are the side asked
    for text in ("Trigger: AIT-520 above 2.60 mg/L for 120 seconds.", "If the residual exceeds 4.0 mg/L, stop",
                 "Alarm: Low 0.80 mg/L, high alarm 2.60 mg/L"):
        assert not about_other(question, text) and states_limit(limits_asked(question), text), text
    # "less than 280V" for a module's use, "is above 28 psi" before a start: neither side's limit, so neither other
    # nor the one asked
    for question, text in (("What is the maximum phase voltage of the module?",
                            "only suitable for AC systems with phase voltage less than 280V."),
                           ("What is the minimum suction pressure of booster B-2?",
                            "Confirm on SCR-04 that suction pressure PT-2100 is above 28 psi.")):
        assert not about_other(question, text) and not states_limit(limits_asked(question), text), text
    # "must be below 1.0 ft before entry" is a rule's state: another thing than the wet well's maximum level
    question = "What is the maximum level in the intake wet well?"
    text = "the wet well level on LIT-150 must be below 1.0 ft before entry."
    assert about_other(question, text) and not states_limit(limits_asked(question), text)


def test_a_bound_still_answers_a_limit_named() -> None:
    # "falls below 20 psi" states the low suction trip asked by name, as before
    question = "What is the low suction pressure trip on booster B-2?"
    assert states_limit(limits_asked(question), "If the suction pressure at PT-2100 falls below 20 psi, PLC-200 stops")
