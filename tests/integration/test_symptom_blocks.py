"""A question that tells of trouble, over a manual that sets its troubleshooting out as labelled blocks
(questions and answers, diagnostic charts), gets the block whole: the label line and every cause and
check under it up to the next block, not the two sentences nearest the question. Through the real
ingest, index and assistant."""

from __future__ import annotations

from dataclasses import replace

import pytest

from operator_assistant.core.answer.card import _symptom_section
from operator_assistant.core.answer.records import SENTENCES, Source
from operator_assistant.core.answer.sentences import Piece
from tests.support.engines import ask, assert_cells_in_place, card_assistant

QUESTIONS = """Chlorine gas feed - operator questions

Questions from the night shift

Q: The rotameter float sits at zero although the chlorinator is switched on. Why?
A: No gas is reaching the rotameter. Work down this list.
Cause 1 - The cylinder valve is closed or the cylinder is empty.
Remedy: weigh the cylinder on the scale; change over to the standby cylinder at the manifold.
Cause 2 - The vacuum regulator has frosted over from a high draw.
Remedy: lower the feed rate until the frost clears, then bring a second cylinder on line.
Cause 3 - The ejector water supply has failed.
Remedy: check the booster pump BP-4 is running and the ejector strainer is clean.
Q: The chlorine residual at the clearwell reads high every afternoon. Is that a fault?
A: Usually not. The afternoon demand is low and the flow-paced feed lags behind.
Check that the residual analyser AIT-40 was calibrated this week before changing any setpoint.
Q: Why do I smell chlorine in the feed room?
A: Treat a smell as a leak until it is found.
Cause 1 - A lead gasket at the yoke is worn.
Remedy: close the cylinder valve and fit a new lead gasket.
Cause 2 - A vent line is cracked.
Remedy: isolate the regulator and replace the vent line.

Normal readings

The chlorine feed rate is 12 kg per day at design flow.
"""

CHARTS = """Raw water intake - diagnostic charts

==========================================================
CHART 1 - Intake screen differential stays high after a wash
==========================================================
Step 1. Is the wash water pressure above 3 bar?
    No  -> Clean the wash pump strainer, then wash again.
    Yes -> Go to step 2.
Step 2. Are the spray nozzles blocked?
    Yes -> Remove the spray bar and rod the nozzles clear,
           then refit the bar with new gaskets.
    No  -> Call the screen supplier.

==========================================================
CHART 2 - Intake pump will not start from the control room
==========================================================
Step 1. Is the pump selected to REMOTE at its starter?
    No  -> Turn the selector to REMOTE.
    Yes -> Go to step 2.
Step 2. Is the wet well level above the low-low float?
    No  -> Wait for the level to recover; the float blocks a start.
    Yes -> Reset the motor protection relay at panel MCC-2.
==========================================================
END OF CHARTS
"""


SHEETS = """<html><head><title>Ozone plant alarm response</title></head><body>
<h1>Ozone plant alarm response</h1>
<h2>Alarm sheets</h2>
<h3>OZ-12 CONTACTOR OFF-GAS OZONE HIGH</h3>
<p>Meaning</p>
<p>Ozone is leaving the contactor in the off-gas instead of being used up in the water.</p>
<p>Likely causes</p>
<ol><li>The ozone dose is above the demand after a change in raw water.</li>
<li>The off-gas destruct unit heater has failed.</li></ol>
<p>Response</p>
<ol><li>Lower the generator output by one step and watch the residual.</li>
<li>Check the destruct unit catalyst temperature on panel OZ-CP3.</li></ol>
<h3>OZ-20 FEED GAS DEW POINT HIGH</h3>
<p>Meaning</p>
<p>The feed gas carries too much moisture for the generator.</p>
<p>Likely causes</p>
<ol><li>A dryer tower did not switch over.</li></ol>
<p>Response</p>
<ol><li>Switch the dryer over by hand at panel OZ-CP1.</li></ol>
<h2>Monthly test</h2>
<h3>Generator cell test</h3>
<p>Record the cell voltages before the test.</p>
<p>Compare them with the commissioning sheet.</p>
<p>If the ozone output is lower than the rating at full power, do this:</p>
<ol><li>Check the cooling water flow to the cells.</li>
<li>Clean the dielectric tubes.</li></ol>
</body></html>
"""


RUN_IN = """Instrument air compressors - fault guide

Compressor faults

Problem. The standby compressor starts every few minutes although the plant draws little air.

Likely cause (a). The receiver drain valve is stuck open.

Solution. Close the manual isolation upstream of the drain and replace the drain valve.

Likely cause (b). An air line in the filter gallery is leaking.

Solution. Walk the gallery with a leak detector spray and tag every leak found.

Problem. The compressor discharge temperature climbs to its trip within an hour.

Likely cause (a). The cooler fins are packed with dust.

Solution. Blow the cooler fins through from the inside with low pressure air.
"""


# The scope names each unit's tag; the fault guide is written for the kind of compressor and names none.
SCOPE = """Digester gas compressors

Scope

This manual covers the digester gas compressors GC-1, GC-2 and GC-3 and their aftercoolers.

Fault guide

Problem. The compressor knocks loudly and the gas discharge pressure swings.

Likely cause (a). Condensate has collected in the suction line.

Solution. Drain the suction knock-out pot and check its level switch.

Likely cause (b). A discharge valve plate is broken.

Solution. Stop the machine and change the valve plate.
"""


# Symptoms set on lines of their own, each over the paragraphs that explain it, with no label.
PROSE = """# Sludge centrifuge

## Troubleshooting

Cake comes out wet and sloppy at the normal polymer dose

The differential speed is usually too high for the feed. Lower it in steps of 0.5 rpm and let the torque settle
for ten minutes after each step.

If the cake stays wet, the polymer make-down has drifted. Check the neat polymer pump calibration against the
drawdown column and remake the batch at 0.25 percent.

Centrate turns brown and full of solids after a feed increase

The pond depth is too shallow for the new feed. Move the weir plates one step deeper at the next stop.

## After each run

Flush the bowl with service water for five minutes after every run. Never leave sludge to set in a stopped
bowl, because the scroll then has to be freed by hand. Record the flush in the log.
"""


@pytest.fixture(scope="module")
def blocks(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("blocks")
    (folder / "chlorine_questions.txt").write_text(QUESTIONS, encoding="utf-8")
    (folder / "intake_charts.txt").write_text(CHARTS, encoding="utf-8")
    (folder / "ozone_alarms.html").write_text(SHEETS, encoding="utf-8")
    (folder / "compressor_faults.txt").write_text(RUN_IN, encoding="utf-8")
    (folder / "gas_compressors.txt").write_text(SCOPE, encoding="utf-8")
    (folder / "centrifuge.md").write_text(PROSE, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("blocks-index"), embedder)


def _text(answer) -> str:
    return " ".join(cell.text for cell in answer.card.cells)


def _block(blocks, question: str, opening: str) -> str:
    """The text of the card for `question`, a block of lines that opens with `opening`, each at its place."""
    answer = ask(blocks, question)
    assert answer.card is not None and answer.card.kind == SENTENCES, answer.card
    assert answer.card.cells[0].text.startswith(opening), answer.card
    assert_cells_in_place(answer)
    return _text(answer)


def test_a_question_and_its_answer_are_shown_whole_up_to_the_next_question(blocks) -> None:
    text = _block(blocks, "rotameter float stuck at zero but the chlorinator is on", "Q: The rotameter float sits at zero")
    # every cause with its remedy, the last one too
    assert "change over to the standby cylinder" in text and "ejector strainer is clean" in text
    # and nothing of the next question
    assert "afternoon" not in text


def test_a_chart_is_shown_whole_and_stops_at_its_rule(blocks) -> None:
    answer = ask(blocks, "intake screen differential still high after washing it")
    assert answer.card is not None and answer.card.kind == SENTENCES, answer.card
    text = _text(answer)
    assert answer.card.cells[0].text.startswith("CHART 1 - Intake screen differential")
    assert "wash pump strainer" in text and "Call the screen supplier" in text
    assert "REMOTE" not in text
    # a line the layout wrapped is read with the line it carries on
    assert any("rod the nozzles clear, then refit the bar" in " ".join(c.text.split()) for c in answer.card.cells)
    assert_cells_in_place(answer)


def test_the_last_chart_stops_at_the_rule_under_it(blocks) -> None:
    answer = ask(blocks, "intake pump won't start from the control room")
    assert answer.card is not None and answer.card.kind == SENTENCES, answer.card
    text = _text(answer)
    assert "Turn the selector to REMOTE" in text and "motor protection relay" in text
    assert "END OF CHARTS" not in text


def test_a_question_that_tells_of_no_trouble_gets_no_block(blocks) -> None:
    answer = ask(blocks, "What is the chlorine feed rate at design flow?")
    assert answer.card is not None and "12 kg per day" in _text(answer)
    assert not _text(answer).startswith("Q:")


def test_a_short_section_headed_with_the_trouble_is_shown_whole(blocks) -> None:
    answer = ask(blocks, "ozone leaving the contactor in the off-gas, why?")
    assert answer.card is not None and answer.card.kind == SENTENCES, answer.card
    text = _text(answer)
    assert answer.card.title == "OZ-12 CONTACTOR OFF-GAS OZONE HIGH"
    assert "destruct unit heater" in text and "catalyst temperature" in text
    assert "dryer" not in text
    assert_cells_in_place(answer)


def test_a_section_whose_best_piece_lies_further_down_is_not_shown_whole(blocks) -> None:
    # the answer is the list under its lead-in, not the section's first lines
    answer = ask(blocks, "ozone generator cell output lower than the rating at full power, what should I check?")
    assert answer.card is not None
    assert "Record the cell voltages" not in _text(answer)
    assert "Clean the dielectric tubes" in _text(answer)


def test_a_run_in_label_heads_its_block(blocks) -> None:
    # "Problem. ..." paragraphs, each followed by its causes and solutions
    text = _block(blocks, "standby air compressor keeps starting every few minutes, hardly any air being used",
                  "Problem. The standby compressor starts")
    assert "replace the drain valve" in text and "leak detector spray" in text
    assert "cooler fins" not in text


def test_a_unit_named_in_trouble_does_not_pull_the_card_to_where_its_tag_is_listed(blocks) -> None:
    # the scope sentence names GC-2; the fault guide names no unit, and is the answer
    answer = ask(blocks, "GC-2 knocking really loud and the discharge pressure is all over the place")
    assert answer.card is not None, answer
    text = _text(answer)
    assert "knock-out pot" in text and "valve plate" in text
    assert "This manual covers" not in text



def test_a_short_section_of_steps_is_no_symptom_section() -> None:
    # a backwash sequence under a heading that shares the question's words: its step is read in its list
    steps = ["1. Close the influent valve and let the level fall to 150 mm above the media.",
             "2. Close the effluent valve and open the washwater drain valve.",
             "3. Scour with air for 3 minutes."]
    text = "\n".join(steps)
    lines = [(text.index(line), line) for line in steps]
    source = Source(1, "d:c", "Plant manual", "manual.md", ("Plant manual", "Filter backwash sequence"), (),
                    0, len(text), text, 1.0)
    second = Piece(lines[1][0], lines[1][0] + len(steps[1]), steps[1], 0.6, False, True)
    question = "filter effluent valve won't open after the wash"
    assert _symptom_section(question, second, source, lines) == []
    # the same lines as a section's prose are read whole
    prose = [line[3:] for line in steps]
    text = "\n".join(prose)
    lines = [(text.index(line), line) for line in prose]
    source = replace(source, text=text, end=len(text))
    first = Piece(0, len(prose[0]), prose[0], 0.6, False, False)
    assert len(_symptom_section(question, first, source, lines)) == 3


def test_a_symptom_on_a_line_of_its_own_is_shown_with_the_lines_after_it(blocks) -> None:
    answer = ask(blocks, "centrifuge cake coming out wet and sloppy even at the usual polymer dose")
    assert answer.card is not None and answer.card.kind == SENTENCES, answer.card
    text = _text(answer)
    assert answer.card.cells[0].text == "Cake comes out wet and sloppy at the normal polymer dose"
    # the first cause and the last, which a card of the two sentences closest to the question left out
    assert "Lower it in steps of 0.5 rpm" in text and "remake the batch at 0.25 percent" in text
    # up to the next symptom's line
    assert "Centrate" not in text
    assert_cells_in_place(answer)


def test_a_sentence_inside_a_paragraph_is_not_read_as_a_symptom_line(blocks) -> None:
    answer = ask(blocks, "sludge set hard in the stopped centrifuge bowl, scroll won't turn, what do I do?")
    assert answer.card is not None, answer
    assert not answer.card.cells[0].text.startswith("Flush the bowl"), answer.card
