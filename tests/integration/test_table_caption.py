"""A table set under the one sentence that says what its figures are for ("Recommended torque values for metric
8.8 class bolts and screws specified in ISO.") is read with that sentence: the row alone gives a torque without
the class of bolt it holds for. A paragraph that ends in a table is no caption of it, and a table that names no
columns is still read under the label that introduces it. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from operator_assistant.core.answer.records import Card
from operator_assistant.core.answer.sentences import table_caption
from operator_assistant.evaluation.answers import unsupported_values
from tests.support.engines import ask, card_assistant

MANUAL = """# Generator installation and maintenance manual

## 6.7.1 Recommended torque values for bolts and screws

Recommended torque values for metric 8.8 class bolts and screws specified in ISO.

| Bolt diameter | Pitch | Torque [kgf.cm] |
|---|---|---|
| M12 | 1.8 | 750 |
| M16 | 2.0 | 1,800 |
| M20 | 2.5 | 3,500 |

## 8.4.3 Bearing grease

The bearings are greased through the nipples on each end shield. Use lithium complex grease only. The amounts
below are for each bearing at each greasing.

| Bearing | Grease [g] | Interval [h] |
|---|---|---|
| Drive end 6322 | 45 | 2,000 |
| Non-drive end 6318 | 30 | 2,000 |
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("caption-docs")
    (folder / "generator-iom.md").write_text(MANUAL, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("caption-index"), embedder)


def test_a_table_is_read_with_the_sentence_that_says_what_its_figures_are_for(assistant) -> None:
    answer = ask(assistant, "What torque for an M20 bolt?")
    assert not answer.refused, answer.refusal_reason
    text = answer.card.as_text()
    assert "3,500" in text and "metric 8.8 class" in answer.card.title, text
    # the caption is cited in its own right: what the card shows stands in what it cites
    assert any("metric 8.8 class" in c.text for c in answer.citations[1:]), answer.citations
    assert unsupported_values(answer) == []
    # and the card's heading cites it beside the rows, for the viewer to open
    number = answer.card.title_source
    assert number > 1 and "metric 8.8 class" in answer.citations[number - 1].text
    assert f"[{number}]" in text.splitlines()[0]
    assert Card.from_json(answer.card.to_json()) == answer.card  # as the plant server sends it to a console


def test_a_paragraph_above_a_table_is_no_caption(assistant) -> None:
    answer = ask(assistant, "How much grease for the drive end bearing?")
    assert not answer.refused, answer.refusal_reason
    assert "45" in answer.card.as_text()
    assert "lithium" not in answer.card.title, answer.card.title


def test_a_caption_is_one_sentence_and_nothing_else() -> None:
    assert table_caption(["Recommended torque values for metric 8.8 class", "bolts and screws specified in ISO."]) == (
        "Recommended torque values for metric 8.8 class bolts and screws specified in ISO.")
    assert table_caption(["Use lithium grease only. The amounts below are for each bearing."]) == ""
    assert table_caption(["M12 | 1.8 | 750"]) == ""
    # a line that runs on into the table's header the layout did not set apart
    assert table_caption(["The PDU address is known to be E01DH PDU address Bytes R/W Item Value Meaning"]) == ""
    assert table_caption([]) == ""
