"""Admin mode in the window: Unlock / Lock in the toolbar, the passphrase dialog, locking after idle time.

The rules live in core/roles.py; this is only the Qt side of them.
It must not store or compare passphrases itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QToolBar,
    QWidget,
)

from operator_assistant.config import Settings
from operator_assistant.core.roles import MIN_LENGTH, AdminSession
from operator_assistant.errors import UserError

if TYPE_CHECKING:
    from operator_assistant.folder.contract import AdminGate

CHECK_INTERVAL_MS = 5_000
ACTIVITY = {QEvent.Type.MouseButtonPress, QEvent.Type.KeyPress, QEvent.Type.Wheel, QEvent.Type.Drop}


class AdminDialog(QDialog):
    """Enter the admin passphrase, or set it (twice) when none is set yet."""

    def __init__(self, session: AdminGate, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.first_use = not session.passphrase_is_set()  # a console's session: set on the server
        self.setWindowTitle("Set admin passphrase" if self.first_use else "Unlock admin mode")
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.setAccessibleName("Admin passphrase")
        self.again = QLineEdit()
        self.again.setEchoMode(QLineEdit.EchoMode.Password)
        self.again.setAccessibleName("Admin passphrase again")
        self.message = QLabel("")
        self.message.setWordWrap(True)
        form = QFormLayout(self)
        if self.first_use:
            intro = QLabel(f"No admin passphrase is set yet. Choose one (at least {MIN_LENGTH} characters); "
                           "admin mode is needed to add, remove or re-index documents and to save settings.")
            intro.setWordWrap(True)
            form.addRow(intro)
        self.setMinimumWidth(420)
        form.addRow("Passphrase", self.passphrase)
        if self.first_use:
            form.addRow("Again", self.again)
        else:
            self.again.hide()
        form.addRow(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Set and unlock" if self.first_use else "Unlock")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setAccessibleName("Unlock admin mode")
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setAccessibleName("Cancel")
        buttons.accepted.connect(self.submit)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def submit(self) -> None:
        passphrase = self.passphrase.text()
        try:
            if self.first_use:
                if passphrase != self.again.text():
                    self.message.setText("The two passphrases differ. Type the same one twice.")
                    return
                self.session.set_passphrase(passphrase)
            if not self.session.unlock(passphrase):
                self.message.setText("Wrong passphrase. Admin mode stays locked.")
                self.passphrase.clear()
                self.passphrase.setFocus()
                return
        except UserError as exc:
            self.message.setText(str(exc))
            return
        self.accept()


class AdminMode(QObject):
    """The window's admin session: toolbar actions, status label, the idle-lock timer."""

    changed = Signal(bool)  # unlocked or not
    refused = Signal(str)  # a change was refused: the message shown to the user

    def __init__(self, window: QMainWindow, settings: Settings, session: AdminGate | None = None) -> None:
        super().__init__(window)
        self.window = window
        # a console's session sends the passphrase to the plant server, which checks it
        self.session = session or AdminSession(settings.data_dir, settings.admin_idle_minutes)
        self._shown_unlocked = False
        toolbar = QToolBar("Admin")
        toolbar.setObjectName("admin-toolbar")
        window.addToolBar(toolbar)
        self.unlock_action = toolbar.addAction("Unlock admin", self.ask_unlock)
        self.unlock_action.setToolTip("Admin mode is needed to add, remove or re-index documents and to save settings")
        self.lock_action = toolbar.addAction("Lock admin", self.lock)
        for action, name in ((self.unlock_action, "Unlock admin mode"), (self.lock_action, "Lock admin mode")):
            widget = toolbar.widgetForAction(action)
            if widget is not None:
                widget.setAccessibleName(name)
        self.label = QLabel("Admin mode")
        self.label.setAccessibleName("Admin mode is on")
        window.statusBar().addPermanentWidget(self.label)
        self.timer = QTimer(self)
        self.timer.setInterval(CHECK_INTERVAL_MS)
        self.timer.timeout.connect(self.check)
        self.timer.start()
        self._show(False)

    @property
    def unlocked(self) -> bool:
        return self.session.is_unlocked

    def watch(self, widget: QWidget) -> None:
        """Clicks and keys in `widget` (and its children) count as admin activity."""
        for each in [widget, *widget.findChildren(QWidget)]:
            each.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() in ACTIVITY:
            self.session.touch()
        return False

    def allow(self, change: str) -> bool:
        """True (and the idle countdown restarts) when admin mode is on; otherwise say why not."""
        if self.check():
            self.session.touch()
            return True
        message = (f"Admin mode is needed to {change}. Choose Unlock admin in the toolbar and enter the admin "
                   "passphrase; nothing was changed.")
        self.window.statusBar().showMessage(message)
        self.refused.emit(message)
        return False

    def ask_unlock(self) -> bool:
        if not self.check():
            AdminDialog(self.session, self.window).exec()
        return self.check()

    def lock(self) -> None:
        self.session.lock()
        self.check()

    def check(self) -> bool:
        """Follow the session: show the change when it locked itself after idle time."""
        unlocked = self.session.is_unlocked
        if unlocked != self._shown_unlocked:
            self._show(unlocked)
            if not unlocked:
                self.window.statusBar().showMessage("Admin mode locked.")
        return unlocked

    def _show(self, unlocked: bool) -> None:
        self._shown_unlocked = unlocked
        self.unlock_action.setVisible(not unlocked)
        self.lock_action.setVisible(unlocked)
        self.label.setVisible(unlocked)
        if unlocked:
            self.window.statusBar().showMessage(
                f"Admin mode on; it locks after {self.session.idle_seconds / 60:g} minutes without admin activity.")
        self.changed.emit(unlocked)
