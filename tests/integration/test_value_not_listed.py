"""A register whose value list is one value a line ("00H Manual start", "01H Start on level", ...): asked what a
value means that the list does not have, the answer says so and names the list, and never shows the whole
list as if it held it; a value it has gets its own line. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant

VALUES = [("00H", "Manual start from the panel"), ("01H", "Start on wet well level"),
          ("02H", "Start on the duty timer"), ("03H", "Start on a remote command from SCADA")]

MAP = """# LS-9 pump controller: Modbus register map

## 5 Holding registers

| Register | Item | Value | Meaning |
|---|---|---|---|
""" + "".join(f"| {'2010H' if n == 0 else ''} | {'Pump start mode' if n == 0 else ''} | {value} | {meaning} |\n"
              for n, (value, meaning) in enumerate(VALUES)) + """| 2011H | Stop delay | 0-600 | Seconds after the stop level |

## 6 Alarms

The controller raises its common alarm on any pump fault.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("value-docs")
    (folder / "ls9-register-map.md").write_text(MAP, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("value-index"), embedder)


def test_a_value_past_the_list_is_not_listed(assistant) -> None:
    answer = ask(assistant, "LS-9 register 2010H is set to 04H - what start mode is that?")
    assert answer.refused, answer.card.as_text() if answer.card else answer.text
    assert "04H is not among the values of 2010H" in answer.refusal_reason, answer.refusal_reason
    assert "00H to 03H" in answer.refusal_reason, answer.refusal_reason


def test_a_value_of_the_list_gets_its_line(assistant) -> None:
    answer = ask(assistant, "LS-9 register 2010H is set to 02H - what start mode is that?")
    assert not answer.refused, answer.refusal_reason
    text = answer.card.as_text()
    assert "duty timer" in text and "remote command" not in text, text
