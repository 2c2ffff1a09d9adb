"""Numbered references to a section or paragraph, read from a question and matched to headings."""

import pytest

from operator_assistant.core.references import Reference, heading_line, in_section, references, spans_in


@pytest.mark.parametrize("question, expected", [
    ("What does §7605(f) require for backflow test reports?", [Reference("7605", ("f",))]),
    ("Per § 7626(c), how long does the State Board have?", [Reference("7626", ("c",))]),
    ("What does section 64432.3 set out?", [Reference("64432.3")]),
    ("Under sec. 12-4 (c)(4), who signs?", [Reference("12-4", ("c", "4"))]),
    ("What does paragraph 4.B.03 say about tags?", [Reference("4.B.03")]),
    ("Per 3.2 of the maintenance procedures, what ends Auto mode?", [Reference("3.2")]),
    ("In section 7.1 of the maintenance procedures, how long do I wait?", [Reference("7.1")]),
])
def test_a_question_names_its_reference_once(question, expected):
    assert references(question) == expected


@pytest.mark.parametrize("question", [
    "Raise the alarm at 3.5 mg/L?",
    "Is 1.5 of the rated current too much for the motor?",
    "What is step 3 of 9?",
    "What does code 0x04 mean?",
])
def test_a_value_is_no_reference(question):
    assert references(question) == []


def test_a_heading_is_the_sections_only_when_the_number_ends_there():
    ref = Reference("7.1")
    assert ref.heads("7.1 CSC PROGRAM LOGIC FAILURE")
    assert ref.heads("Section 7.1: Scope")
    assert not ref.heads("7.10 Pulse mode")
    assert not ref.heads("7.1.2 Relay test")
    assert not ref.heads("17.1 Records")
    assert Reference("7605").heads("§7605. Testing and maintenance of backflow preventers.")


def test_a_passage_under_a_subsection_lies_in_the_section():
    ref = Reference("7605", ("f",))
    assert in_section(ref, ("Article 4", "§7605. Testing and maintenance", "Reports"))
    assert not in_section(ref, ("Article 4", "§7604. Type of protection required."))
    assert ref.opens("(f) Reports of testing and maintenance shall be kept")
    assert not ref.opens("(e) The water supplier shall notify the water user")
    assert Reference("64432.3").term == "64432.3"


def test_a_section_opened_by_a_line_runs_to_its_next_sibling():
    text = ("D. Instructions\n7.1 CSC PROGRAM LOGIC FAILURE\nRepeat step (1) of Section 7.0\n"
            "1. Disconnect the cable and wait for at least 10 seconds.\n7.2 DAC PROGRAM LOGIC FAILURE\nRepeat.\n")
    ref = Reference("7.1")
    [(start, end)] = spans_in(ref, text)
    assert text[start:end].startswith("7.1 CSC") and text[start:end].endswith("10 seconds.\n")  # the step stays in
    assert not heading_line(ref, "7.1 | 2 | Scram for CSC digital scanner timeout.")  # a table row lists it
    assert spans_in(ref, "C. SCRAM Functions\n7.1 | 2 | Scram for CSC\n") == []
