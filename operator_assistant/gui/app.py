"""Start the desktop application.

It must not build the application's core objects (core/local_folder.py does) or block on slow work.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from operator_assistant.config import Settings
from operator_assistant.resources import shipped_root

if TYPE_CHECKING:
    from operator_assistant.folder.contract import DataFolder

LOG_FILE = "operator-assistant.log"


def log_to_file(settings: Settings) -> None:
    """The window's log (tracebacks from the crash handler, start-up) goes to the data dir, never the install."""
    folder = settings.data_dir / "logs"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(folder / LOG_FILE, maxBytes=2_000_000, backupCount=3,
                                                       encoding="utf-8")
    except OSError as exc:
        logging.getLogger("gui").warning("cannot write the log in %s: %s", folder, exc)
        return
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(min(root.level, logging.INFO))


def run_gui(settings: Settings, server: tuple[str, str | None, Path | None] | None = None) -> int:
    """The window on the data folder, or with `server` (URL, token, CA file) a console of a plant server."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication, QMessageBox

    from operator_assistant.errors import IndexBusy, UserError
    from operator_assistant.gui.errors import install_crash_handler
    from operator_assistant.gui.main_window import MainWindow

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv)
    app.setApplicationName("Operator Assistant")
    icon = shipped_root() / "assets" / "operator-assistant.png"
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    log_to_file(settings)
    install_crash_handler()
    workspace: DataFolder
    if server is not None:
        from operator_assistant.remote.folder import open_console

        try:
            workspace = open_console(settings, *server)
        except UserError as exc:
            QMessageBox.critical(None, "Operator Assistant", f"Operator Assistant cannot open: {exc.message}.\n\n{exc.hint}")
            return 2
    else:
        from operator_assistant.core.local_folder import LocalFolder  # here: a console never loads the index

        workspace = LocalFolder.for_window(settings)
    try:
        workspace.claim("window")  # held until the program ends
    except IndexBusy as exc:
        QMessageBox.critical(None, "Operator Assistant", f"Operator Assistant cannot open: {exc.message}.\n\n{exc.hint}.")
        return 2
    window = MainWindow(workspace)
    window.show()
    try:
        return app.exec()
    finally:
        workspace.close()
