"""A question that names its device by a word of the device's manual ("On the KTRX module, ...") is answered from
that manual where search found it, not from another device's manual that a shared word ("Modbus") also names.
Through the real ingest, index and assistant."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.engines import ask, assert_cells_in_place, card_assistant

# The module's manual tells its function codes in sentences, not a list of codes.
MODULE = "\n".join([
    "KTRX 16-channel current module",
    "",
    "Technical data",
    "",
    "Communication baud rate Default 9600, N, 8, 1. Up to 32 modules share one RS485 line.",
    "The module speaks MODBUS-RTU. Channel currents are read in one request (0x03); settings are written one "
    "at a time (0x06) or several in one request (0x10), for example 01 10 00 03 00 01 02 00 02 27 A2.",
    "",
])

CHARGER = "\n".join([
    "# Lantern charger MODBUS protocol",
    "",
    "## Function codes",
    "",
    "| Function code | Command name | Error code |",
    "|---|---|---|",
    "| 03H | Read N word registers | 83H |",
    "| 06H | Write a single word register | 86H |",
    "| 10H | Write N word registers in a row (MODBUS function code 0x10) | 90H |",
    "| 78H | Reset to factory defaults | F8H |",
    "",
])


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("named-device-docs")
    (folder / "ktrx_16ch_module_modbus_rtu.txt").write_text(MODULE, encoding="utf-8")
    (folder / "lantern_charger_modbus_protocol.md").write_text(CHARGER, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("named-device-index"), embedder)


def test_the_code_is_answered_from_the_manual_of_the_device_named(assistant) -> None:
    answer = ask(assistant, "On the KTRX module, what does Modbus function code 0x10 do?")
    assert not answer.refused, answer.refusal_reason
    assert {Path(c.source).name for c in answer.citations} == {"ktrx_16ch_module_modbus_rtu.txt"}
    assert "several in one request (0x10)" in answer.card.as_text()
    assert_cells_in_place(answer)


def test_the_other_device_named_is_answered_from_its_own_manual(assistant) -> None:
    answer = ask(assistant, "On the lantern charger, what does Modbus function code 0x10 do?")
    assert not answer.refused, answer.refusal_reason
    assert "Write N word registers in a row" in answer.card.as_text()
