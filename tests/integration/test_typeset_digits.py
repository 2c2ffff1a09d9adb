"""A name typeset with subscript or superscript digits ("I²t", "H₂S") is the name an operator types with plain
digits. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, assert_cells_in_place, card_assistant

DRIVE = "\n".join([
    "Stepper Drive SD-40 Operating Manual",
    "",
    "Motor monitoring",
    "",
    "The drive models the motor's heating as an I\u00b2t integral of its current. When the integral passes 100 % "
    "the drive limits the current to the rated current.",
    "The I\u00b2t warning is shown when the integral passes 90 %. The warning disappears if the I\u00b2t integral "
    "is below 80 %.",
    "The output stage temperature warning is shown at 75 \u00b0C and clears at 70 \u00b0C.",
    "",
    "Cabling",
    "",
    "Use motor cable of 1.5 mm\u00b2 at least. A cable longer than 25 m needs a screened cable.",
    "",
])

LIFT_STATION = "\n".join([
    "Riverside Lift Station Operating Procedure",
    "",
    "Gas detection",
    "",
    "The wet well gas monitor AIT-210 reads hydrogen sulfide (H\u2082S) in ppm. The H\u2082S high alarm is set at "
    "10 ppm and the high-high alarm at 20 ppm, which also starts the supply fan at full speed.",
    "Oxygen (O\u2082) below 19.5 % raises a low oxygen alarm.",
    "",
    "Pumps",
    "",
    "Two submersible pumps alternate lead and lag. The lead pump starts at 6.0 ft and stops at 3.0 ft.",
    "",
])


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("typeset-docs")
    (folder / "sd40-drive.txt").write_text(DRIVE, encoding="utf-8")
    (folder / "riverside-lift-station.txt").write_text(LIFT_STATION, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("typeset-index"), embedder)


def test_a_superscript_in_a_name_is_the_digit_typed(assistant):
    answer = ask(assistant, "When does the I2t warning on the SD-40 drive clear?")
    assert not answer.refused, answer.refusal_reason
    assert "below 80 %" in " ".join(cell.text for cell in answer.card.cells)
    assert_cells_in_place(answer)  # the card shows "I²t" as the document writes it, at its place


def test_a_subscript_in_a_name_is_the_digit_typed(assistant):
    answer = ask(assistant, "At what ppm does the H2S high alarm at Riverside lift station go off?")
    assert not answer.refused, answer.refusal_reason
    assert "10 ppm" in " ".join(cell.text for cell in answer.card.cells)
    assert_cells_in_place(answer)
