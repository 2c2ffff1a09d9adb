"""Settings dialog: model choices from models/, answer settings, data dir; validated before saving.

It must not write settings around config.py's checks (save_settings).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from operator_assistant.config import (
    CARD_ONLY,
    CARD_THEN_MODEL,
    ENV_DATA_DIR,
    MODEL_FIRST,
    Settings,
    check_data_dir,
    remember_data_dir,
    remember_server,
    remembered_server,
    save_settings,
)
from operator_assistant.core.audit import AuditLog, record_event, settings_changes
from operator_assistant.errors import UserError

ANSWER_MODE_LABELS = {
    CARD_ONLY: "The documents' words only (the model is not asked)",
    CARD_THEN_MODEL: "The documents' words, then the model's checked wording",
    MODEL_FIRST: "The model's checked wording, then the documents' words (for a larger model)",
}


def _local_model_choices(models_dir: Path, role: str) -> list[str]:
    from operator_assistant.core.local_folder import model_choices  # here: the workspace module loads the index

    return model_choices(models_dir, role)


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None,
                 require_admin: Callable[[], bool] | None = None,
                 model_choices: Callable[[str], list[str]] | None = None) -> None:
        super().__init__(parent)
        # the window passes its workspace's: a console's never loads the index to list them
        self.model_choices = model_choices or partial(_local_model_choices, settings.models_dir)
        self.setWindowTitle("Settings")
        self.settings = settings
        self.require_admin = require_admin  # True when admin mode is on (it may ask to unlock)
        self.saved: Settings | None = None
        self.audit_warning = ""  # set when the settings change could not be recorded in the audit log
        self.restart_note = ""  # what changes at the next start, shown after saving
        self.embedder = self._choices("embedder", settings.embedder)
        self.llm = self._choices("llm", settings.llm)
        self.reranker = self._choices("reranker", settings.reranker, none_label="(none: keep the search order)")
        self.top_k = QSpinBox()
        self.top_k.setRange(1, 20)
        self.top_k.setValue(settings.top_k)
        self.temperature = QDoubleSpinBox()
        self.temperature.setRange(0.0, 2.0)
        self.temperature.setSingleStep(0.1)
        self.temperature.setValue(settings.temperature)
        self.answer_mode = QComboBox()
        for mode, label in ANSWER_MODE_LABELS.items():
            self.answer_mode.addItem(label, mode)
        self.answer_mode.setCurrentIndex(max(0, self.answer_mode.findData(settings.answer_mode)))
        self.data_dir = QLineEdit(str(settings.data_dir))
        self.data_dir.setAccessibleName("Data folder")
        browse = QPushButton("Browse...")
        browse.setAccessibleName("Choose the data folder")
        browse.clicked.connect(self._browse)
        data_row = QHBoxLayout()
        data_row.addWidget(self.data_dir, 1)
        data_row.addWidget(browse)
        self.shown_server = self._remembered_server()
        self.server = QLineEdit(self.shown_server)
        self.server.setAccessibleName("Plant server")
        self.server.setPlaceholderText("empty: this computer's data folder; else https://HOST:8750")
        self.message = QLabel("")
        self.message.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow("Embedder", self.embedder)
        form.addRow("Language model", self.llm)
        form.addRow("Reranker", self.reranker)
        form.addRow("Sources per answer", self.top_k)
        form.addRow("Temperature", self.temperature)
        form.addRow("Answer first shows", self.answer_mode)
        form.addRow("Data folder", data_row)
        hint = QLabel("Index, history, settings and audit log live in the data folder. Another folder is used "
                      "from the next start; what is in the current one stays there.")
        hint.setWordWrap(True)
        form.addRow(hint)
        form.addRow("Plant server", self.server)
        server_hint = QLabel("With a plant server, this window is a console of it from the next start (its token: "
                             "the console-token file or OPERATOR_ASSISTANT_TOKEN).")
        server_hint.setWordWrap(True)
        form.addRow(server_hint)
        form.addRow(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        for widget, name in ((self.embedder, "Embedder"), (self.llm, "Language model"), (self.reranker, "Reranker"),
                             (self.top_k, "Sources per answer"), (self.temperature, "Temperature"),
                             (self.answer_mode, "Answer first shows")):
            widget.setAccessibleName(name)

    def _choices(self, role: str, current: str, none_label: str = "") -> QComboBox:
        box = QComboBox()
        if none_label:
            box.addItem(none_label, "")
        try:
            names = self.model_choices(role)
        except (UserError, OSError):
            names = []
        for name in names:
            box.addItem(name, name)
        if current and current not in names:
            box.addItem(f"{current} (missing)", current)
        box.setCurrentIndex(max(0, box.findData(current)))
        return box

    def values(self) -> dict:
        return {"embedder": self.embedder.currentData(), "llm": self.llm.currentData(),
                "reranker": self.reranker.currentData() or "", "top_k": self.top_k.value(),
                "temperature": round(self.temperature.value(), 2), "answer_mode": self.answer_mode.currentData()}

    @staticmethod
    def _remembered_server() -> str:
        try:
            return remembered_server() or ""
        except UserError:
            return ""  # a damaged file: shown empty, replaced when saved

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Data folder", self.data_dir.text())
        if folder:
            self.data_dir.setText(folder)

    def save(self) -> None:
        values = self.values()
        if not values["embedder"] or not values["llm"]:
            self.message.setText("Choose an embedder and a language model: put them in the models folder first.")
            return
        new_data_dir: Path | None = None
        if self.data_dir.text().strip() != str(self.settings.data_dir):
            try:
                new_data_dir = check_data_dir(self.data_dir.text().strip())
            except UserError as exc:
                self.message.setText(f"{exc.message}: {exc.hint}. Nothing was saved." if exc.hint
                                     else f"{exc.message}. Nothing was saved.")
                return
        server = self.server.text().strip().rstrip("/")
        if server and (not server.startswith(("http://", "https://")) or any(c.isspace() for c in server)):
            self.message.setText(f"{server!r} is not a plant server address: give it as https://HOST:PORT, or leave "
                                 "it empty. Nothing was saved.")
            return
        if self.require_admin is not None and not self.require_admin():
            self.message.setText("Saving settings needs admin mode: choose Save again and enter the admin passphrase. "
                                 "Nothing was saved.")
            return
        try:
            self.saved = save_settings(Path(self.settings.data_dir), values)
            if new_data_dir is not None:
                remember_data_dir(new_data_dir)
            if server != self.shown_server:
                remember_server(server)
        except UserError as exc:
            self.message.setText(str(exc))
            return
        except OSError as exc:
            self.message.setText(f"Could not save the settings: {exc}")
            return
        changed = settings_changes(self.settings, self.saved)
        if new_data_dir is not None:
            changed["data_dir"] = [str(self.settings.data_dir), str(new_data_dir)]
        if server != self.shown_server:
            changed["server"] = [self.shown_server, server]
        self.audit_warning = record_event(AuditLog.for_settings(self.saved), "settings", changed=changed)
        notes = []
        if values["embedder"] != self.settings.embedder:
            notes.append("The embedder changed: every document will be re-embedded on the next indexing run.")
        if new_data_dir is not None:
            notes.append(f"From the next start the data folder is {new_data_dir}.")
            if os.environ.get(ENV_DATA_DIR):
                notes.append(f"This start was given {ENV_DATA_DIR}, which takes precedence while it is set.")
        if server != self.shown_server:
            notes.append(f"From the next start this window is a console of the plant server {server}." if server
                         else "From the next start this window opens this computer's data folder.")
        self.restart_note = " ".join(notes)
        self.message.setText("Saved. Restart Operator Assistant to use the new models. " + self.restart_note)
        self.accept()
