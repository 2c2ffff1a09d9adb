"""Seconds from launching the window's process to a question answered in it (issue 29, point 4).

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/startup_window.py DATA_DIR [--question Q]
Opens the window as the app does on an existing data folder (its index, its settings), waits for
the question box to accept questions, asks one and waits for the answer on screen. Times are
from the process's own start (Linux /proc), so the interpreter's start and every import count.
Run it twice and keep the second for a warm cache (the first reads the files from disk).
"""

from __future__ import annotations

import os

_CLOCK = os.sysconf("SC_CLK_TCK")


def since_process_start() -> float:
    with open("/proc/self/stat", encoding="ascii") as fh:
        started = int(fh.read().rsplit(")", 1)[1].split()[19]) / _CLOCK
    with open("/proc/uptime", encoding="ascii") as fh:
        return float(fh.read().split()[0]) - started


def main() -> None:
    import argparse
    import json
    import sys
    import tempfile
    from pathlib import Path

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data_dir", type=Path)
    parser.add_argument("--question", default="What is the discharge pressure alarm threshold on the B-series boosters?")
    args = parser.parse_args()
    at_main = since_process_start()
    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from operator_assistant.config import load_settings
    from operator_assistant.core.local_folder import LocalFolder
    from operator_assistant.gui.main_window import MainWindow

    def wait_for(signal, timeout_s: float = 120) -> list:
        loop, got = QEventLoop(), []
        signal.connect(lambda *a: (got.extend(a), loop.quit()))
        QTimer.singleShot(int(timeout_s * 1000), loop.quit)
        loop.exec()
        return got

    app = QApplication(sys.argv)  # noqa: F841 - the window needs it alive
    with tempfile.TemporaryDirectory() as tmp:
        for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(fmt, QSettings.Scope.UserScope, tmp)
        window = MainWindow(LocalFolder.for_window(load_settings(data_dir=args.data_dir)), offer_sample=False)
        window.show()
        shown = since_process_start()
        wait_for(window.ready)
        ready = since_process_start()
        window.chat.question.setPlainText(args.question)
        window.chat.ask_button.click()
        answer = wait_for(window.answered)
        answered = since_process_start()
        card = answer[0].card if answer else None
        print(json.dumps({"imports_start_s": round(at_main, 2), "window_shown_s": round(shown, 2),
                          "ready_s": round(ready, 2), "answered_s": round(answered, 2),
                          "answer": (card.title if card is not None else None) or (answer[0].text[:80] if answer else None),
                          "chunks": window.workspace.chunk_count() if hasattr(window, "workspace") else None}))
        window.close()


if __name__ == "__main__":
    main()
