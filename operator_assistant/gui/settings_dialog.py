"""Settings dialog: model choices from models/, answer settings, data dir; validated before saving."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QLabel, QLineEdit, QSpinBox, QWidget,
)

from operator_assistant.config import Settings, save_settings
from operator_assistant.core.audit import AuditLog, record_event, settings_changes
from operator_assistant.core.models import available_models
from operator_assistant.errors import UserError


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None,
                 require_admin: Callable[[], bool] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.settings = settings
        self.require_admin = require_admin  # True when admin mode is on (it may ask to unlock)
        self.saved: Settings | None = None
        self.audit_warning = ""  # set when the settings change could not be recorded in the audit log
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
        self.data_dir = QLineEdit(str(settings.data_dir))
        self.data_dir.setReadOnly(True)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow("Embedder", self.embedder)
        form.addRow("Language model", self.llm)
        form.addRow("Reranker", self.reranker)
        form.addRow("Sources per answer", self.top_k)
        form.addRow("Temperature", self.temperature)
        form.addRow("Data folder", self.data_dir)
        form.addRow(QLabel("Another data folder: start with --data-dir or OPERATOR_ASSISTANT_DATA_DIR."))
        form.addRow(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        for widget, name in ((self.embedder, "Embedder"), (self.llm, "Language model"), (self.reranker, "Reranker"),
                             (self.top_k, "Sources per answer"), (self.temperature, "Temperature")):
            widget.setAccessibleName(name)

    def _choices(self, role: str, current: str, none_label: str = "") -> QComboBox:
        box = QComboBox()
        if none_label:
            box.addItem(none_label, "")
        try:
            names = available_models(self.settings.models_dir, role)
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
                "temperature": round(self.temperature.value(), 2)}

    def save(self) -> None:
        values = self.values()
        if not values["embedder"] or not values["llm"]:
            self.message.setText("Choose an embedder and a language model: put them in the models folder first.")
            return
        if self.require_admin is not None and not self.require_admin():
            self.message.setText("Saving settings needs admin mode: choose Save again and enter the admin passphrase. "
                                 "Nothing was saved.")
            return
        try:
            self.saved = save_settings(Path(self.settings.data_dir), values)
        except UserError as exc:
            self.message.setText(str(exc))
            return
        self.audit_warning = record_event(AuditLog.for_settings(self.saved), "settings",
                                          changed=settings_changes(self.settings, self.saved))
        note = ""
        if values["embedder"] != self.settings.embedder:
            note = " The embedder changed: every document will be re-embedded on the next indexing run."
        self.message.setText("Saved. Restart Operator Assistant to use the new models." + note)
        self.accept()
