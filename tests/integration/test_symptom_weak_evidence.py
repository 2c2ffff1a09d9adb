"""A trouble told in an operator's words shares few words with any sentence, so the passages' evidence is
below the bar ("the grit stinks and is full of rags" against "Organics in the grit skip; grit smells"). A
troubleshooting row that stands apart from every other row of the documents found still answers, as a code
answers whatever the evidence; a trouble no row tells of is still refused. Through the real ingest, index and
assistant.

But where another document found has an uncommon word of the question that the row's document has not, the
trouble is of that other thing: a squeal at the clarifier is not the grit classifier's bearing."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant

ROWS = [
    ("Screw conveyor stalls; motor overload trips", "Grit packed in the trough after a long stop",
     "Run the flushing water for 10 minutes before restarting the screw"),
    ("Organics in the grit skip; grit smells", "Wash water valve closed or spray nozzles blocked",
     "Open the wash water valve and clean the three spray nozzles"),
    ("Grey water overflowing the classifier weir", "Cyclone underflow above 25 L/s",
     "Throttle the cyclone feed valve until the overflow stops"),
    ("Squealing from the lower bearing", "Lower bearing running dry", "Grease the lower bearing with 20 g of EP2 grease"),
]

GUIDE = """# GC-1 grit classifier: operator guide

## 4 Troubleshooting

| Symptom | Cause | Remedy |
|---|---|---|
""" + "".join(f"| {symptom} | {cause} | {remedy} |\n" for symptom, cause, remedy in ROWS) + """
## 5 Maintenance

Inspect the screw flights every three months and replace them when worn to 6 mm.
"""

NOTES = """# PC-2 primary clarifier: operating notes

## 2 Routine

Brush the clarifier weir and the scum baffle every week. Pump primary sludge to the thickener three times a shift,
for 12 minutes each time, and keep the sludge blanket below 0.6 m.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("weak-evidence-docs")
    (folder / "gc1-grit-classifier-guide.md").write_text(GUIDE, encoding="utf-8")
    (folder / "pc2-primary-clarifier-notes.md").write_text(NOTES, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("weak-evidence-index"), embedder)


@pytest.mark.parametrize(("question", "symptom", "remedy"), [
    ("the grit that comes out stinks and looks full of rags and gunk", "Organics in the grit skip",
     "clean the three spray nozzles"),
    ("high pitched noise from down at the bottom of the unit", "Squealing from the lower bearing", "20 g of EP2"),
])
def test_a_row_that_stands_apart_answers_below_the_evidence_bar(assistant, question, symptom, remedy) -> None:
    answer = ask(assistant, question)
    assert answer.evidence < assistant.threshold()[0], "the passages alone must be too weak for this test"
    assert not answer.refused, answer.refusal_reason
    assert answer.card.rows and symptom in answer.card.rows[0][0].text, answer.card.as_text()
    assert remedy in answer.card.as_text()


def test_a_trouble_no_row_tells_of_is_still_refused(assistant) -> None:
    answer = ask(assistant, "the bar screen rake is jammed")
    assert answer.refused


def test_a_row_of_another_things_document_is_no_answer_below_the_bar(assistant) -> None:
    answer = ask(assistant, "high pitched noise from down at the bottom of the clarifier")
    assert answer.evidence < assistant.threshold()[0], "the passages alone must be too weak for this test"
    assert answer.refused, answer.card.as_text()
