"""A manual written in British English answers a question typed in American English: "sulfate" is the
manual's "sulphate", not a subject no document knows. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant

COAGULATION = "\n".join([
    "Northfield Water Treatment Works: Coagulation",
    "",
    "Coagulant dosing",
    "",
    "Aluminium sulphate is dosed at the flash mixer. The jar test sets the aluminium sulphate dose, normally "
    "between 35 and 45 mg/l, checked each shift.",
    "The dosing pumps are centred on the flash mixer inlet, 2 metres upstream of the weir.",
    "",
    "Filters",
    "",
    "Each filter is backwashed after 48 hours in service or when the head loss reaches 2.1 metres.",
    "",
])


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("british-docs")
    (folder / "northfield-coagulation.txt").write_text(COAGULATION, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("british-index"), embedder)


def test_an_american_spelling_finds_the_british_one(assistant) -> None:
    answer = ask(assistant, "What is the normal aluminum sulfate dose from the jar test?")
    assert not answer.refused, (answer.refusal_reason, answer.unfamiliar)
    assert "35 and 45 mg/l" in answer.card.as_text()
    # as well supported as the question in the manual's own spelling: "sulfate" is no subject unknown to the
    # documents, which would take 0.15 off the evidence and refuse a near miss
    british = ask(assistant, "What is the normal aluminium sulphate dose from the jar test?")
    assert abs(answer.evidence - british.evidence) < 0.05, (answer.evidence, british.evidence)
