"""Start the desktop application."""

from __future__ import annotations

import sys

from operator_assistant.config import Settings


def run_gui(settings: Settings) -> int:
    from PySide6.QtWidgets import QApplication

    from operator_assistant.gui.errors import install_crash_handler
    from operator_assistant.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Operator Assistant")
    install_crash_handler()
    window = MainWindow(settings)
    window.show()
    return app.exec()
