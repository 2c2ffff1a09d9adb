"""A lookup card of two entries of one list cites each entry at its own place, so the viewer highlights the
two rows and not every entry between them. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, assert_cells_in_place, card_assistant

ROWS = [("AIT", "Analyser indicating transmitter"), ("FC", "Flow controller"), ("FCV", "Flow control valve"),
        ("FE", "Flow element"), ("FIT", "Flow indicating transmitter"), ("LIT", "Level indicating transmitter"),
        ("LSH", "Level switch high"), ("PIT", "Pressure indicating transmitter"), ("PSL", "Pressure switch low"),
        ("TIT", "Temperature indicating transmitter"), ("FC", "Fail closed (valve position on loss of air)"),
        ("FO", "Fail open (valve position on loss of air)")]

LEGEND = """# Filter plant P&ID legend

## 2 Abbreviations

Instrument letters and valve failure positions as they appear on the filter plant drawings.

| Abbreviation | Meaning |
|---|---|
""" + "".join(f"| {key} | {meaning} |\n" for key, meaning in ROWS) + """
## 3 Line types

Process lines are solid; signal lines are dashed.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("row-citation-docs")
    (folder / "filter-plant-legend.md").write_text(LEGEND, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("row-citation-index"), embedder)


def test_two_rows_of_one_list_each_cite_their_own_place(assistant) -> None:
    answer = ask(assistant, "What does FC mean on the filter plant drawings?")
    assert not answer.refused, answer.refusal_reason
    text = answer.card.as_text()
    assert "Flow controller" in text and "Fail closed" in text, text
    assert_cells_in_place(answer)
    # each row cites its own entry: no citation takes in the entries between them
    rows = [answer.citations[n - 1] for n in dict.fromkeys(c.source for c in answer.card.cells)]
    assert len(rows) == 2, answer.citations
    for citation in answer.citations:
        assert "Flow element" not in citation.text and "Pressure switch low" not in citation.text, citation.text
    # and the sentence that says what the list is cites its own place too, after them
    assert answer.card.title_source == 3 and answer.citations[2].text.startswith("Instrument letters")
