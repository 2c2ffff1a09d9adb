"""A question that names its document ("What does the KTG guidance say?") draws, word for word, the document's
introduction, which names the KTG too; the words that name a document say which document, not which of its pieces
answers. Within that document the pieces are ranked against the question without them. Through the real ingest,
index and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant

GUIDELINES = """# Kestrel Telemetry Gateway Implementation Guidelines

## 1 Introduction

The KTG working group wrote these guidelines so that every KTG gateway in the field behaves the same way. Members
of the KTG group agreed on the options below and recommend them to every integrator who configures a gateway.

## 2.4 Stagger reconnection after a power failure

When mains power returns to a site, every radio on the network may try to register with the gateway at about the
same moment. Give each radio a random hold-off of 5 to 60 s before it reconnects, so the link is not swamped.

## 3.1 Keep the polling interval at 10 s or more

A gateway that polls each radio faster than every 10 s leaves no airtime for alarms. Poll analog values every 30 s
and send alarms by exception.

## 4.2 Store the radio table in flash

Keep the table of registered radios in flash memory, so a gateway that restarts does not wait for every radio to
register again.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("named-docs")
    (folder / "ktg-implementation-guidelines.md").write_text(GUIDELINES, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("named-index"), embedder)


def test_the_words_naming_the_document_do_not_choose_its_piece(assistant) -> None:
    answer = ask(assistant, "Every time the mains comes back, all the radios jump on the gateway at once and the link "
                            "chokes. What does the KTG guidance say?")
    assert not answer.refused, answer.refusal_reason
    text = answer.card.as_text()
    assert answer.card.title == "2.4 Stagger reconnection after a power failure", text
    assert "random hold-off of 5 to 60 s" in text
    assert "working group" not in text  # the introduction names the KTG and answers nothing
