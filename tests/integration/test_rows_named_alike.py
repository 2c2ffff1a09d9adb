"""Rows whose labels the question names alike: "the drive end bearing" names the words of both "Drive end 6322"
and "Non-drive end 6318". The plain row answers, not the one that qualifies it; rows that differ only by a number
("Pump 1", "Pump 2") are still both shown. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant

MANUAL = """# Blower B-2 maintenance card

## Bearing grease

Grease each bearing through its nipple with lithium complex grease, with the blower running.

| Bearing | Grease [g] | Interval [h] |
|---|---|---|
| Non-drive end 6318 | 30 | 2,000 |
| Drive end 6322 | 45 | 2,000 |
| Motor drive end 6316 | 25 | 4,000 |

## Alarm levels

| Point | High alarm | High-high trip |
|---|---|---|
| Pump 1 discharge pressure | 6.0 bar | 6.5 bar |
| Pump 2 discharge pressure | 6.2 bar | 6.7 bar |
| Header pressure | 5.8 bar | 6.3 bar |
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("rows-docs")
    (folder / "blower-b2-card.md").write_text(MANUAL, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("rows-index"), embedder)


@pytest.mark.parametrize(("question", "shown", "not_shown"), [
    ("How much grease for the drive end bearing?", "45", "30"),
    ("How much grease for the non-drive end bearing?", "30", "45"),
])
def test_the_plain_row_answers_before_the_one_that_qualifies_it(assistant, question, shown, not_shown) -> None:
    answer = ask(assistant, question)
    assert not answer.refused, answer.refusal_reason
    values = [cell.text for row in answer.card.rows for cell in row]
    assert shown in values and not_shown not in values, answer.card.as_text()


def test_rows_that_differ_by_a_number_stay_alike(assistant) -> None:
    answer = ask(assistant, "What is the pump discharge pressure high alarm?")
    assert not answer.refused, answer.refusal_reason
    text = answer.card.as_text()
    assert "6.0 bar" in text and "6.2 bar" in text, text
