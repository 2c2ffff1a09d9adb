"""A shift FAQ sets each trouble as a heading ("Why does the UV intensity keep falling between sleeve wipes?") and
its causes as the paragraphs under it. Told in an operator's words ("uv intensity keeps going down"), the trouble
shares too little with any sentence for the evidence bar, but not with its heading: a section whose heading tells
the trouble, as close to the question as the bar asks of a sentence and standing apart from every other such
heading found, answers with the whole section, every cause. A heading that asks why the plant does something ("Why
do we change the clearwell level setpoint in summer?") tells no trouble. Through the real ingest, index and
assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant

FAQ = """# Ridgeway WTP: night shift FAQ

## About this page

Questions the night shift asks about the UV reactors, lime dosing and the clearwell. For lamp changes use SOP-UV-03.

## UV reactors

### What does the UV intensity sensor read?

Each reactor has one sensor behind a quartz window. It reads the light reaching the far wall in W/m2, and the
PLC works out the dose from it and the flow.

### Why does the UV intensity keep falling between sleeve wipes?

Most often the wiper has stopped. Check the wiper motor overload on panel UVP-1 and watch one wipe cycle through
the sight glass; reset the overload and free the wiper arm if it sticks.

If the wiper runs, the sleeves may be coated with iron from the raw water. Soak the sleeves in the citric acid
bath for 30 minutes, as SOP-UV-03 sets out.

Lamps near the end of their life (over 9,000 hours on the counter) also give less light. Replace them in sets of
four.

## Lime and clearwell

### Why does the lime slurry line keep plugging at the dosing point?

The carrier water valve is throttled too far. Keep it at 40 L/min on FI-720, and flush the line for two minutes
after every batch.

### Why do we change the clearwell level setpoint in summer?

Demand is higher, so the setpoint goes from 3.2 m to 3.8 m on 1 June to keep an hour more storage.
"""

NOTES = """# Ridgeway WTP: filter gallery notes

## Backwash

Backwash a filter when its head loss reaches 2.4 m or after 72 hours in service, whichever comes first. Air scour
for 3 minutes at 55 m/h, then water at 30 m/h until the washwater runs clear.

## Turbidity

Each filter's turbidimeter reads in NTU. A filter is taken out of service when it reads above 0.3 NTU for 15
minutes.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("faq-docs")
    (folder / "ridgeway-night-shift-faq.md").write_text(FAQ, encoding="utf-8")
    (folder / "ridgeway-filter-gallery-notes.md").write_text(NOTES, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("faq-index"), embedder)


@pytest.mark.parametrize(("question", "heading", "causes"), [
    ("uv intensity keeps going down", "Why does the UV intensity keep falling between sleeve wipes?",
     ["wiper motor overload", "citric acid bath", "9,000 hours"]),
    ("the UV dose reading sags a bit more every hour until the wipers run",
     "Why does the UV intensity keep falling between sleeve wipes?", ["wiper motor overload", "9,000 hours"]),
    ("lime feed keeps blocking up", "Why does the lime slurry line keep plugging at the dosing point?", ["40 L/min"]),
])
def test_a_faq_section_headed_with_the_trouble_answers_below_the_evidence_bar(assistant, question, heading,
                                                                              causes) -> None:
    answer = ask(assistant, question)
    assert answer.evidence < assistant.threshold()[0], "the passages alone must be too weak for this test"
    assert not answer.refused, answer.refusal_reason
    assert answer.card.title == heading, answer.card.as_text()
    text = answer.card.as_text()
    assert all(cause in text for cause in causes), text
    # the citation spans the section's paragraphs, for the viewer to highlight
    cited = answer.citations[0]
    assert "Most often" in cited.text or "carrier water" in cited.text


@pytest.mark.parametrize("question", [
    # the clearwell's only section asks why the plant changes a setpoint: no trouble
    "the clearwell level keeps dropping overnight",
    # no heading tells of it
    "the ozone generator keeps tripping",
])
def test_a_trouble_no_heading_tells_of_is_still_refused(assistant, question) -> None:
    answer = ask(assistant, question)
    assert answer.evidence < assistant.threshold()[0], "the passages alone must be too weak for this test"
    assert answer.refused, answer.card.as_text()
