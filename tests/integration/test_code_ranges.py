"""A range of codes asked ("P103 through P105", "registers 0102H to 0104H") gets the list's entries from one
end to the other, each row cited at its own place. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant

PARAMETERS = [("P100", "Motor rated current"), ("P101", "Motor rated speed"), ("P102", "Acceleration time"),
              ("P103", "Fault record 1"), ("P104", "Fault record 2"), ("P105", "Fault record 3"),
              ("P106", "Deceleration time"), ("P107", "Stop mode")]

MANUAL = """# Booster pump drive BD-4: parameter list

## 9 Parameters

| Code | Name |
|---|---|
""" + "".join(f"| {code} | {name} |\n" for code, name in PARAMETERS) + """
## 10 Maintenance

Clean the heat sink fins every six months.
"""


STATION = """# Booster station C: equipment and installation

## 2 Equipment list

| Tag | Service |
|---|---|
| C-1 | Duty booster pump, zone 3 |
| C-2 | Duty booster pump, zone 3 |
| C-3 | Standby booster pump, zone 3 |
| C-4 | Jockey pump |

## 4.4 Bolt torque values

Tighten the baseplate anchor bolts of C-1 to C-4 to 120 N·m in a cross pattern, and check them again after
the first week of running.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("range-docs")
    (folder / "bd4-parameter-list.md").write_text(MANUAL, encoding="utf-8")
    (folder / "booster-station-c.md").write_text(STATION, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("range-index"), embedder)


def test_a_range_of_codes_gets_each_entry_from_one_end_to_the_other(assistant) -> None:
    answer = ask(assistant, "On the BD-4 drive, what are P103 through P105?")
    assert not answer.refused, answer.refusal_reason
    keys = [row[0].text for row in answer.card.rows]
    assert keys == ["P103", "P104", "P105"], answer.card.as_text()
    assert len(answer.citations) == 3 and len({c.start for c in answer.citations}) == 3


@pytest.mark.parametrize("question", ["BD-4 parameters P100 to P102: what are they?",
                                      "BD-4 parameters P100-P102: what are they?"])
def test_a_range_written_with_to_or_a_dash(assistant, question) -> None:
    answer = ask(assistant, question)
    assert not answer.refused, answer.refusal_reason
    assert [row[0].text for row in answer.card.rows] == ["P100", "P101", "P102"], answer.card.as_text()


def test_a_range_named_as_the_subject_of_something_else_is_left_to_that_passage(assistant) -> None:
    answer = ask(assistant, "What is the baseplate bolt torque for C-1 to C-4?")
    assert not answer.refused, answer.refusal_reason
    text = answer.card.as_text()
    assert "120 N·m" in text and "Jockey pump" not in text, text
