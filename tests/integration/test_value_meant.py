"""A question that asks what a setting's value means ("what does a rate of 800 mean?") is not answered by a card
that gives the setting at another value (a case study's "flushing rate - 1100 gallons/min"): the card must say
the value asked, else the passages that name it are read, else it is refused. Through the real ingest, index
and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant

CASE = """# Hydrant flushing model: case study 3

## 3.2 Flushing run

This run requires the following settings in the flushing configuration file:

- The flushing rate - 1100 gallons/min at each opened hydrant
- The flushing duration - 8 hours
"""

OPTIONS = """# Hydrant flushing model: configuration options

## 6.2 Flushing block

The hydrant block lists the hydrants that may be opened, and when.

The opening time is given in minutes after the contamination is detected.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("value-meant-docs")
    (folder / "flushing-case-study.md").write_text(CASE, encoding="utf-8")
    (folder / "flushing-options.md").write_text(OPTIONS, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("value-meant-index"), embedder)


def test_a_card_of_another_value_does_not_answer_what_a_value_means(assistant) -> None:
    answer = ask(assistant, "In the flushing configuration, what does a flushing rate of 800 mean?")
    shown = answer.card.as_text() if answer.card else ""
    assert "1100" not in shown, shown
    assert answer.refused or "800" in shown, shown
