"""One rule for what goes wrong in background work: a UserError is the task's to show, anything
else is a bug for the crash handler with its traceback in the log; SystemExit and KeyboardInterrupt
stop the program and are never swallowed."""

from __future__ import annotations

import logging

import pytest

from operator_assistant.errors import UserError
from operator_assistant.gui import errors as gui_errors
from operator_assistant.gui import tasks as gui_tasks
from operator_assistant.gui.tasks import TaskRunner


@pytest.fixture
def runner(qtbot):
    runner = TaskRunner()
    yield runner
    runner.shutdown()


@pytest.fixture
def crashes(monkeypatch):
    """The crash handler's dialogs, recorded instead of shown (the logging is the real one)."""
    shown: list[str] = []
    monkeypatch.setattr(gui_errors.QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    monkeypatch.setattr(gui_errors.QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    return shown


def test_a_user_error_goes_to_the_task_with_its_hint_and_is_no_crash(qtbot, runner, crashes, caplog):
    failures, done = [], []

    def op() -> None:
        raise UserError("the index is busy", "try again when the other window has finished")

    with qtbot.waitCallback() as finished:
        runner.run("load", op, None, lambda exc: (failures.append(exc), finished()), lambda: done.append(True))
    assert [(e.message, e.hint) for e in failures] == [("the index is busy",
                                                        "try again when the other window has finished")]
    assert gui_errors.user_message(failures[0]) == "the index is busy (try again when the other window has finished)"
    assert done == [True] and crashes == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_user_error_with_no_handler_is_shown_as_its_message_and_hint(qtbot, runner, crashes):
    runner.run("load", lambda: (_ for _ in ()).throw(UserError("model file missing", "run models fetch")))
    qtbot.waitUntil(lambda: bool(crashes), timeout=10_000)
    assert crashes == ["model file missing\n  run models fetch"]


def test_a_bug_goes_to_the_crash_handler_with_its_traceback_logged(qtbot, runner, crashes, caplog):
    failures, done = [], []

    def broken_step() -> None:
        raise TypeError("unsupported operand")

    caplog.set_level(logging.ERROR, logger="gui")
    runner.run("answer", broken_step, None, failures.append, lambda: done.append(True))
    qtbot.waitUntil(lambda: bool(crashes), timeout=10_000)
    assert "TypeError: unsupported operand" in crashes[0] and "log" in crashes[0]
    assert failures == [], "a bug is not the task's to show as a user error"
    assert done == [True], "the view still leaves its busy state"
    [record] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "Traceback" in record.getMessage() and "broken_step" in record.getMessage()


@pytest.mark.parametrize("stop, code", [(KeyboardInterrupt(), 130), (SystemExit(3), 3)])
def test_keyboard_interrupt_and_system_exit_stop_the_program(qtbot, runner, crashes, monkeypatch, stop, code):
    exits: list[int] = []
    monkeypatch.setattr(gui_tasks, "exit_event_loop", exits.append)  # the test's event loop keeps running
    failures = []

    def op() -> None:
        raise stop

    future = runner.run("index", op, None, failures.append)
    qtbot.waitUntil(lambda: bool(exits), timeout=10_000)
    assert exits == [code]
    assert future.exception() is stop, "kept by the future, not swallowed"
    assert failures == [] and crashes == []


def test_results_that_arrive_after_shutdown_are_dropped(qtbot):
    from PySide6.QtWidgets import QApplication

    runner, got = TaskRunner(), []
    future = runner.run("view", lambda: "late", got.append)
    future.result(timeout=10)
    runner.shutdown()  # the window closed while the result was on its way
    QApplication.processEvents()
    assert got == []
