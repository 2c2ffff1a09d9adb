"""A question that names a make, a site or a person no document mentions ("the Cummins generator" where the plant's
manual is a Hyundai's) asks about a machine the documents do not cover: the card of another make's manual would
show its figure as if it were the one asked. It is refused, and the name is given as what no document mentions.
So is a limit asked of a thing one of whose words is in no document ("the fluoride saturator" where the plant
doses fluoride from a day tank): the card of the day tank's make-up flow is not the saturator's. A name the documents
have, an acronym (which a document may spell out) and an everyday word are not names of this
kind. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from operator_assistant.core.answer.evidence import names_unknown
from tests.support.engines import ask, card_assistant

MANUAL = """# Hyundai HSR generator: installation, operating and maintenance manual

## Recommended torque values for bolts and screws

Tighten the generator's bolts of metric 8.8 class to these values. The torque on an M12 bolt is 800 kgf.cm, on an
M16 bolt 2,000 kgf.cm and on an M20 bolt on the generator 3,500 kgf.cm. Use a calibrated torque wrench.

## Bearing grease

Grease the drive-end bearing every 2,000 running hours with 30 g of lithium complex grease.
"""


FLUORIDE = """# Fluoride system SOP

## Day tank make-up

The fluoride day tank make-up water flow rate is 2.5 gpm, set on rotameter FI-410. The make-up water valve closes
when the day tank level reaches 90 %.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("make-docs")
    (folder / "hyundai-hsr-generator-iom.md").write_text(MANUAL, encoding="utf-8")
    (folder / "fluoride-system-sop.md").write_text(FLUORIDE, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("make-index"), embedder)


def test_a_make_no_document_names_is_refused_and_named(assistant) -> None:
    answer = ask(assistant, "What torque do I use on an M20 bolt on the Cummins generator?")
    assert answer.evidence >= assistant.threshold()[0], "the passages alone must be close enough for this test"
    assert answer.refused, answer.card.as_text()
    assert "Cummins" in answer.unfamiliar  # as the question writes it


def test_a_limit_of_a_thing_no_document_names_is_refused(assistant) -> None:
    answer = ask(assistant, "What is the fluoride saturator make-up water flow rate?")
    assert answer.evidence >= assistant.threshold()[0], "the passages alone must be close enough for this test"
    assert answer.refused, answer.card.as_text()
    assert "saturator" in answer.refusal_reason
    answer = ask(assistant, "What is the fluoride day tank make-up water flow rate?")
    assert not answer.refused and "2.5 gpm" in answer.card.as_text(), answer.refusal_reason


@pytest.mark.parametrize("question", [
    "What torque do I use on an M20 bolt on the Hyundai generator?",
    "What torque do I use on an M20 bolt?",
])
def test_the_make_the_documents_have_is_answered(assistant, question) -> None:
    answer = ask(assistant, question)
    assert not answer.refused, answer.refusal_reason
    assert "3,500" in answer.card.as_text()


def test_only_a_name_written_as_one_counts() -> None:
    unfamiliar = ["cummins", "gfci", "strobe", "crept"]
    assert names_unknown("What torque on the Cummins generator?", unfamiliar) == ["Cummins"]
    # an acronym may be written out in a document; a word starting a sentence is capitalised as any would be
    assert names_unknown("When do its receptacles not need GFCI protection?", unfamiliar) == []
    assert names_unknown("Strobe lights: how do they tell shaft speed? Crept up.", unfamiliar) == []
    assert names_unknown("How does a strobe light tell you shaft speed?", unfamiliar) == []
    # a name the documents have is no unfamiliar word
    assert names_unknown("What torque on the Hyundai generator?", unfamiliar) == []
