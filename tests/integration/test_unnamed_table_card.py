"""What the operator reads first for a level set in a table with no column names: the row asked for, under the
line that says which level it is (it had been the high level's row, 10,000 cpm, for the alert level, 2000 cpm).
Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant
from tests.unit.test_unnamed_tables import MONITORS


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("unnamed-table-docs")
    (folder / "reactor-bay-monitors.html").write_text(MONITORS, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("unnamed-table-index"), embedder)


def test_the_alert_level_is_shown_first_and_says_it_is_the_alert_level(assistant) -> None:
    answer = ask(assistant, "What is the alert level on the argon-41 gaseous monitor?")
    assert not answer.refused, answer.refusal_reason
    # the row first, under its table's label: in the card's title (a table card) or before the row (a sentence)
    first, text = answer.card.cells[0].text, answer.card.as_text()
    assert "≥ 2000 cpm argon-41" in first and "10,000" not in first, text
    assert -1 < text.find("Alert airborne radioactivity level") < text.find("2000 cpm"), text
