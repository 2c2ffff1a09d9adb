"""Which questions may describe a symptom, and what a symptom is matched with."""

from __future__ import annotations

import pytest

from operator_assistant.core.answer.lookup import _told
from operator_assistant.core.answer.sentences import contradicts, describes_trouble, heading_tells_trouble
from operator_assistant.core.documents.entries import SYMPTOM, Entry, Field


@pytest.mark.parametrize("question", [
    "The pump bearing is getting very hot. What could be causing it?",
    "hit start on the standby blower in SCADA and nothing happens",
    "P-310B keeps kicking out on motor overload after ten minutes or so",
    "water pouring out of the packing on the sludge pump way more than normal",
    "my portable meter says 2.4 but the online oxygen probe says 0.9, what's off?",
    "chlorine residual in the contact tank is low even though the hypo pump is running",
    "the clarifier sludge blanket kept on rising after the storm",
    "both feed pumps keep cutting out and coming back",
])
def test_a_question_that_tells_of_trouble_may_describe_a_symptom(question: str) -> None:
    assert describes_trouble(question)


@pytest.mark.parametrize("question", [
    "What is the high discharge pressure alarm on booster B-2?",
    "Which register holds the battery voltage?",
    "How many CE contact hours does a T3 operator need?",
    # what a plant keeps is no trouble
    "How long are the main flushing records kept?",
    "Which DP addresses should I keep off the thyristor units?",
])
def test_a_question_for_a_value_does_not(question: str) -> None:
    assert not describes_trouble(question)


def test_a_symptom_is_matched_with_its_causes_or_else_its_actions() -> None:
    def entry(*fields: tuple[str, str]) -> Entry:
        return Entry(Field("Symptom", "Pump delivers no flow", 0, 21), SYMPTOM, "", "",
                     tuple(Field(name, text, 0, 0) for name, text in fields))

    told = _told(entry(("Probable cause", "Suction valve closed"), ("Remedy", "Open the\nsuction valve"),
                       ("Probable cause", "Gas lock in the head")))
    assert told == "Pump delivers no flow Suction valve closed Gas lock in the head"
    assert _told(entry(("Action", "Bleed the pump head"))) == "Pump delivers no flow Bleed the pump head"


# a shift FAQ's heading is a trouble where it tells one or asks why one happens, not why the plant does a thing
@pytest.mark.parametrize(("heading", "trouble"), [
    ("Why does the UV intensity keep falling between sleeve wipes?", True),
    ("Why is the network water going black and the pH dropping?", True),
    ("Blower keeps tripping on overload", True),
    ("Why do we change the clearwell level setpoint in summer?", False),
    ("Why should operators log the readings?", False),
    ("What does the UV intensity sensor read?", False),
    ("5 Troubleshooting", False),
])
def test_which_headings_tell_a_trouble(heading, trouble) -> None:
    assert heading_tells_trouble(heading) is trouble


# a trouble said the other way is another trouble; naming a word ("hit start") says nothing of it either way
@pytest.mark.parametrize(("question", "symptom", "other"), [
    ("metering pump screen is on but it isn't stroking at all", "Pump is stroking but the column does not draw down", True),
    ("pump runs but pumps nothing", "Pump will not run", True),
    ("the blower is running but the valve never opens", "Blower fails to run", True),
    ("the standby generator won't run at all", "GENERATOR RUNNING BUT ATS-1 WILL NOT TRANSFER", True),
    ("pump won't start", "Motor hums but will not start", False),
    ("hit start on the standby blower in SCADA and nothing happens", "Blower will not start", False),
    ("no flow from the sludge pump", "Flow lower than rated capacity", False),
    ("hypo pump is clicking away but the level isnt dropping", "Pump is stroking but the column does not draw down", False),
    ("the pump keeps running but not pumping", "Pump is running", False),
])
def test_a_trouble_said_the_other_way_is_told_apart(question: str, symptom: str, other: bool) -> None:
    assert contradicts(question, symptom) is other
