"""Words every row of a troubleshooting list holds ("hypo", "pump" in each symptom of a hypo pump's list)
tell none of its rows from another: a question that names the pump and its trouble gets the row of the
trouble, not the row that shares most of the pump's name. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from operator_assistant.core.answer.lookup import _shares, _stems
from tests.support.engines import ask, card_assistant

ROWS = [
    ("Hypo pump leaking at the pump head", "Head bolts loose", "Torque the head bolts to 6 Nm in a cross pattern"),
    ("Hypo pump delivers less than set (residual low, calibration column falls slowly)",
     "Suction strainer part blocked, or relief valve PRV-41 passing",
     "Clean the Y-strainer screen; feel the relief return line for flow"),
    ("Hypo pump over-feeds (residual high, hypo flows with the pump stopped)", "Siphoning through the pump",
     "Replace the backpressure valve diaphragm and set it to 3.5 bar"),
    ("Hypo pump discharge gauge swinging, pipework knocking", "Pulsation dampener has lost its charge",
     "Recharge the dampener to 80 % of line pressure"),
]

GUIDE = """# CL-4 hypochlorite dosing skid: field guide

## 6 Troubleshooting

| Symptom | Cause | Remedy |
|---|---|---|
""" + "".join(f"| {symptom} | {cause} | {remedy} |\n" for symptom, cause, remedy in ROWS) + """
## 7 Maintenance

Clean the suction strainer every month and fit a new valve kit every six months.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("shared-words-docs")
    (folder / "cl4-hypo-skid-guide.md").write_text(GUIDE, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("shared-words-index"), embedder)


def test_a_word_every_text_holds_weighs_least() -> None:
    rows = ["hypo pump leaking at the head", "hypo pump delivers less residual low", "hypo pump over-feeds"]
    leak, low, over = _shares(_stems("hypo pump residual low"), rows)
    assert low > leak > 0 and low > over
    assert _shares(_stems("pump"), ["pump"]) == [1.0]
    assert _shares(_stems("valve"), ["pump", ""]) == [0.0, 0.0]


def test_the_row_of_the_trouble_not_of_the_pumps_name(assistant) -> None:
    answer = ask(assistant, "residual low but the hypo pump is running fine")
    assert not answer.refused, answer.refusal_reason
    text = answer.card.as_text()
    assert answer.card.rows and "delivers less" in answer.card.rows[0][0].text, text
    assert "Y-strainer" in text, text
    assert "over-feeds" not in text, text  # once shown beside it, as close by its shared words
