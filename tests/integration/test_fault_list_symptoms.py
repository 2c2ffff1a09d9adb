"""A question that tells of trouble in its own words, over a drive manual whose fault list explains each code
(what the message means, its causes, what to do), gets that code's row whole, though it names no code; an
alarm list of setpoints, whose rows explain nothing, is no troubleshooting row. Through the real ingest,
index and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant

FAULTS = [
    ("E21", "Heat sink temperature too high",
     "The heat sink of the power section is hotter than its limit. The cabinet fan has failed or its filter mat "
     "is blocked, or the drive is loaded beyond its rating for too long. Clean or replace the filter mat, check "
     "that the cabinet fan turns, and keep the cabinet below 40 °C."),
    ("E22", "Motor overload (I2t)",
     "The motor current has stayed above the rated current longer than the motor model allows. The pump "
     "impeller is fouled or the pump runs far right of its curve. Check the impeller and the discharge valve "
     "position, and compare the current with the nameplate."),
    ("E35", "Supply phase missing",
     "One phase of the mains supply is lost while the drive is enabled. A fuse in the supply has blown or a "
     "contactor contact is worn. Check the three supply fuses and the line contactor before resetting."),
    ("E40", "Encoder signal lost",
     "The speed feedback from the motor encoder has stopped. The encoder cable is damaged at the terminal box "
     "or its plug is loose. Check the cable and reseat the plug."),
]

DRIVE = """# Filter backwash pump drive BP-7: operating manual

## 5 Commissioning

Set the motor nameplate data before the first start. The drive runs the backwash pump at a fixed speed
chosen during commissioning and holds it against the changing head of the filter bed.

## 6 Fault messages

The display shows a fault as its code. Each fault stops the pump; acknowledge it with the RESET key once
the cause is removed.

| Code | Message | Explanation and remedy |
|---|---|---|
""" + "".join(f"| {code} | {name} | {text} |\n" for code, name, text in FAULTS) + """
## 7 Maintenance

Clean the cabinet filter mat every three months.
"""

ALARMS = """# Filter gallery alarm list

## 2 Alarm setpoints

| Tag | Alarm | Setpoint | Unit |
|---|---|---|---|
| TAH-710 | Backwash pump drive cabinet temperature high | 40 | degC |
| PAL-711 | Backwash header pressure low | 0.8 | bar |
| LAH-712 | Waste washwater tank level high | 3.2 | m |
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("fault-list-docs")
    (folder / "bp7-drive-manual.md").write_text(DRIVE, encoding="utf-8")
    (folder / "filter-gallery-alarms.md").write_text(ALARMS, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("fault-list-index"), embedder)


@pytest.mark.parametrize(("question", "code", "remedy"), [
    ("The backwash pump drive keeps shutting down because its heat sink runs too hot. What causes that and "
     "what do I do?", "E21", "filter mat"),
    ("The backwash pump drive stops and says a phase of the supply is missing. What should I check?", "E35",
     "supply fuses"),
])
def test_a_trouble_told_in_own_words_gets_its_codes_row_whole(assistant, question, code, remedy) -> None:
    answer = ask(assistant, question)
    assert not answer.refused, answer.refusal_reason
    text = answer.card.as_text()
    assert answer.card.rows and answer.card.rows[0][0].text == code, text
    assert remedy in text, text


def test_an_alarm_lists_setpoint_row_is_no_troubleshooting_row(assistant) -> None:
    # the alarm list names the trouble word for word, but a setpoint explains nothing of what to do
    answer = ask(assistant, "The backwash pump drive cabinet temperature is high and the drive keeps tripping. "
                            "What causes that and what do I do?")
    assert not answer.refused, answer.refusal_reason
    text = answer.card.as_text()
    assert "TAH-710" not in text and "filter mat" in text, text
