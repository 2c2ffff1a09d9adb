"""One window per data folder: a second one says plainly who has it open, and opens nothing."""

import os

from PySide6.QtWidgets import QMessageBox

from operator_assistant.config import load_settings
from operator_assistant.core.index.lock import claim_data_folder
from operator_assistant.gui import app
from tests.support.engines import MODELS

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def test_second_window_on_the_same_data_folder_is_refused_by_name(qtbot, tmp_path, monkeypatch):
    settings = load_settings(data_dir=tmp_path / "data", models_dir=MODELS)
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    monkeypatch.setattr(app, "log_to_file", lambda settings: None)  # keep the test's root logger as it is
    first = claim_data_folder(settings.index_dir, "window")  # the first window
    try:
        assert app.run_gui(settings) == 2
    finally:
        first.release()
    assert len(shown) == 1
    assert f"in use by an Operator Assistant window, pid {os.getpid()}" in shown[0]
    assert not (settings.data_dir / "history.sqlite3").exists()  # no second window was made
