"""The window's two ways to report what went wrong: a UserError as its message and hint, a bug
through the one crash handler (traceback in the log, a short message, the window keeps running).
Deciding which is which is gui/tasks.py's `failed` for background work and the excepthook here.
It must not swallow a bug: anything that is not a UserError reaches the crash handler.
"""

from __future__ import annotations

import logging
import sys
import traceback
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox

from operator_assistant.errors import UserError

log = logging.getLogger("gui")


def user_message(exc: UserError) -> str:
    """A UserError as one line: what happened, then what to do (in brackets)."""
    return exc.message + (f" ({exc.hint})" if exc.hint else "")


def show_user_error(exc: UserError) -> None:
    QMessageBox.warning(QApplication.activeWindow(), "Operator Assistant", str(exc))


def show_startup_error(exc: UserError) -> None:
    """Why the program cannot open, when there is no console to print it to (the Windows window program)."""
    app = QApplication.instance() or QApplication(sys.argv)  # kept alive until the message box closes
    QMessageBox.critical(None, "Operator Assistant", f"Operator Assistant cannot open: {exc.message}.\n\n{exc.hint}")
    del app


def show_crash(exc: BaseException) -> None:
    """A bug: its traceback to the log (logs/operator-assistant.log in the data dir), a short note on screen."""
    if isinstance(exc, UserError):
        show_user_error(exc)
        return
    log.error("unexpected error:\n%s", "".join(traceback.format_exception(exc)))
    QMessageBox.critical(QApplication.activeWindow(), "Operator Assistant",
                         f"Something went wrong: {type(exc).__name__}: {exc}\n\nThe details are in the log.")


def install_crash_handler() -> None:
    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if not issubclass(kind, Exception):  # KeyboardInterrupt, SystemExit: never swallowed
            sys.__excepthook__(kind, exc, tb)
            return
        show_crash(exc.with_traceback(tb))

    sys.excepthook = hook
