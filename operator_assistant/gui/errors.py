"""One place for bugs: log the traceback, show a short message, keep running."""

from __future__ import annotations

import logging
import sys
import traceback
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox

from operator_assistant.errors import UserError

log = logging.getLogger("gui")


def show_crash(exc: BaseException) -> None:
    if isinstance(exc, UserError):
        QMessageBox.warning(QApplication.activeWindow(), "Operator Assistant", str(exc))
        return
    log.error("unexpected error:\n%s", "".join(traceback.format_exception(exc)))
    QMessageBox.critical(QApplication.activeWindow(), "Operator Assistant",
                         f"Something went wrong: {type(exc).__name__}: {exc}\n\nThe details are in the log.")


def install_crash_handler() -> None:
    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, exc, tb)
            return
        show_crash(exc.with_traceback(tb))

    sys.excepthook = hook
