"""Render screenshots of the three panes in use into docs/screenshots/.

    xvfb-run -a .venv/bin/python scripts/screenshots.py   (or QT_QPA_PLATFORM=offscreen)
Indexes the sample corpus into a temporary data dir, asks a question answered by a table,
clicks one of its cells to open it highlighted in the source, asks one the documents do
not answer, and saves the window after each step.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication

from operator_assistant.config import load_settings
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.core.roles import set_passphrase
from operator_assistant.gui.main_window import MainWindow

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
QUESTION = "What is the discharge pressure alarm threshold on the B-series boosters?"
CELL = ("B-2", "High alarm")  # the cell clicked for the source viewer: its row's first cell and its column
NOT_IN_CORPUS = "What is the fluoride dose setpoint at the plant?"


def wait_for(signal, timeout_s: float = 300) -> list:
    loop, got = QEventLoop(), []
    signal.connect(lambda *args: (got.extend(args), loop.quit()))
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    loop.exec()
    return got


def main() -> None:
    app = QApplication(sys.argv)  # noqa: F841 - the window needs it alive
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # the window as it first opens: not the layout remembered from this machine's own use
        for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(fmt, QSettings.Scope.UserScope, tmp)
        window = MainWindow(LocalFolder.for_window(load_settings(data_dir=tmp)), offer_sample=False)
        set_passphrase(Path(tmp), "screenshot-admin")  # an admin adds the documents
        window.admin.session.unlock("screenshot-admin")
        window.admin.check()
        window.resize(1400, 860)
        window.show()
        wait_for(window.ready)
        window.tabs.setCurrentWidget(window.corpus)
        window.ingest([ROOT / "corpus" / "documents"])
        wait_for(window.ingested)
        window.grab().save(str(OUT / "corpus-manager.png"))
        window.chat.question.setPlainText(QUESTION)
        window.chat.ask_button.click()
        answer = wait_for(window.answered)[0]
        window.grab().save(str(OUT / "chat.png"))
        card = answer.card
        row = next(r for r, cells in enumerate(card.rows) if cells[0].text == CELL[0])
        window.chat.open_cell(row, card.columns.index(CELL[1]))
        wait_for(window.viewer.passage_shown)  # the page is drawn in the background
        window.grab().save(str(OUT / "source-viewer.png"))
        window.tabs.setCurrentWidget(window.corpus)
        window.chat.question.setPlainText(NOT_IN_CORPUS)
        window.chat.ask_button.click()
        wait_for(window.answered)
        window.grab().save(str(OUT / "refusal.png"))
        window.close()
    print(f"saved to {OUT}")


if __name__ == "__main__":
    main()
