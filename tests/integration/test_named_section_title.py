"""A card from inside a section the question names by number is titled with that section's heading, not only
with the sub-heading it sits under ("D. Instructions" says nothing of which test it is): both where the
section number heads a heading and where the layout left it a line of text. Through the real ingest, index
and assistant (a made-up procedure)."""

from __future__ import annotations

import pytest

from operator_assistant.evaluation.answers import unsupported_values
from tests.support.engines import ask, card_assistant

PROCEDURE = """# MAINT-4 Console interlock tests

## C. Precautions

Perform these tests with the reactor shut down and the key switch in the TEST position.

## D. Instructions

7.1 PUMP CONTROLLER WATCHDOG FAILURE

1. Log on with the maintenance password.
2. Unplug the watchdog cable W4-P1 at the pump controller and verify that the alarm WATCHDOG LOST appears.
3. Reconnect W4-P1 and clear the alarm with F7.

7.2 VALVE POSITION FEEDBACK FAILURE

1. Log on with the maintenance password.
2. Lift the feedback wire at terminal X12 of valve V-210 and verify that the alarm V-210 POSITION appears.
3. Reconnect the wire and clear the alarm with F7.

## E. Records

Record each test on form MF-12 with the date and your initials.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("named-section-docs")
    (folder / "maint-4-interlock-tests.md").write_text(PROCEDURE, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("named-section-index"), embedder)


def test_a_section_numbered_on_a_line_of_text_titles_the_card(assistant) -> None:
    answer = ask(assistant, "Which alarm should appear in the interlock test of section 7.2 of MAINT-4?")
    assert not answer.refused, answer.refusal_reason
    assert answer.card.title == "D. Instructions > 7.2 VALVE POSITION FEEDBACK FAILURE", answer.card.as_text()
    # the citation names the section too: its number, shown in the title, is in what the card cites
    assert answer.citations[0].section[-1] == "7.2 VALVE POSITION FEEDBACK FAILURE"
    assert "V-210" in answer.card.as_text()
    assert unsupported_values(answer) == []  # "7.2" in the title is in the cited passage's place
