"""Admin mode in the real window: operators ask, changes need the admin passphrase, idle time locks again."""

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from operator_assistant.core.roles import set_passphrase
from operator_assistant.gui.admin import AdminDialog
from tests.support.clock import FakeClock
from tests.support.window import LONG, drop, open_window, sample_folder

# The real window (or engine) with the bundled models: slow tier, `make test`. The fast tier drives the window
# on a FakeFolder instead (test_window_fast.py).
pytestmark = pytest.mark.integration

PASS = "control room admin"


def index_lane_idle(qtbot, window) -> None:
    """Wait until every change to the index asked for so far has run (none should have been)."""
    with qtbot.waitCallback(timeout=LONG) as idle:
        window.tasks.run("index", lambda: None, idle)


def in_admin_dialog(steps) -> list:
    """Once the modal admin dialog is open, run `steps(dialog, seen)`; it is closed afterwards in any case."""
    seen: list = []

    def act() -> None:
        dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, AdminDialog) and w.isVisible()]
        if not dialogs:
            QTimer.singleShot(20, act)
            return
        try:
            steps(dialogs[0], seen)
        finally:
            if dialogs[0].isVisible():
                dialogs[0].reject()

    QTimer.singleShot(0, act)
    return seen


def test_locked_window_refuses_changes_and_says_why(qtbot, tmp_path):
    data = tmp_path / "data"
    set_passphrase(data, PASS)  # an admin set it up earlier
    window = open_window(qtbot, data, admin=False)
    corpus = window.corpus
    assert not window.admin.unlocked and not window.admin.label.isVisible()
    assert window.admin.unlock_action.isVisible() and not window.admin.lock_action.isVisible()
    assert not corpus.add_button.isEnabled() and not corpus.remove_button.isEnabled()
    assert not corpus.reindex_button.isEnabled()
    assert "needs admin mode" in corpus.current.text()

    docs = sample_folder(tmp_path, "filter-backwash-procedure.md")
    drop(corpus, [docs])  # a real drop event on the corpus pane
    assert "Admin mode is needed to add documents" in corpus.log.text()
    assert "Admin mode is needed to add documents" in window.statusBar().currentMessage()
    corpus.log.setText("")
    drop(window, [docs])  # and on the window
    assert "Admin mode is needed to add documents" in corpus.log.text()
    window.remove(["any-document"])
    assert "Admin mode is needed to remove documents" in corpus.log.text()
    assert not corpus.cancel_button.isEnabled()  # nothing started
    index_lane_idle(qtbot, window)
    assert window.workspace.documents() == [] and corpus.model.rowCount() == 0

    def wrong(dialog, seen):
        seen.append(dialog.first_use)
        dialog.passphrase.setText("not the passphrase")
        dialog.submit()
        seen.append(dialog.message.text())

    seen = in_admin_dialog(wrong)
    assert window.admin.ask_unlock() is False
    assert seen == [False, "Wrong passphrase. Admin mode stays locked."]
    assert not corpus.add_button.isEnabled()

    from operator_assistant.gui.settings_dialog import SettingsDialog

    settings_dialog = SettingsDialog(window.settings, window, require_admin=window.admin.ask_unlock)
    qtbot.addWidget(settings_dialog)
    settings_dialog.top_k.setValue(9)
    in_admin_dialog(lambda dialog, seen: dialog.reject())  # the operator does not know the passphrase
    settings_dialog.save()
    assert settings_dialog.saved is None and "Saving settings needs admin mode" in settings_dialog.message.text()
    assert not (data / "config.toml").exists()
    window.close()


def test_unlock_on_first_use_then_drop_ingests_and_idle_time_locks_again(qtbot, tmp_path):
    data = tmp_path / "data"
    window = open_window(qtbot, data, admin=False)
    clock = FakeClock()
    window.admin.session.clock = clock
    corpus = window.corpus

    def first_use(dialog, seen):
        seen.append(dialog.first_use)
        dialog.passphrase.setText(PASS)
        dialog.again.setText(PASS + "x")
        dialog.submit()
        seen.append(dialog.message.text())
        dialog.again.setText(PASS)
        dialog.submit()

    seen = in_admin_dialog(first_use)
    window.admin.unlock_action.trigger()
    assert seen == [True, "The two passphrases differ. Type the same one twice."]
    assert window.admin.unlocked and window.admin.label.isVisible() and window.admin.lock_action.isVisible()
    assert corpus.add_button.isEnabled() and corpus.reindex_button.isEnabled()
    assert "Admin mode" in window.admin.label.text()

    docs = sample_folder(tmp_path, "filter-backwash-procedure.md")
    with qtbot.waitSignal(window.ingested, timeout=LONG) as ingested:
        drop(corpus, [docs])
    assert ingested.args[0].count("added") == 1 and corpus.model.rowCount() == 1

    idle = window.admin.session.idle_seconds
    clock.now += idle - 10
    qtbot.mouseClick(corpus.table.viewport(), Qt.MouseButton.LeftButton)  # activity in the corpus manager
    clock.now += 20
    assert window.admin.check()  # still on: the click restarted the countdown
    window.admin.timer.setInterval(20)
    clock.now += idle + 1
    qtbot.waitUntil(lambda: not corpus.add_button.isEnabled(), timeout=5_000)
    assert not window.admin.unlocked and not window.admin.label.isVisible()
    assert window.admin.unlock_action.isVisible()
    (docs / "more.md").write_text("# Clearwell\n\nThe clearwell level LIT-700 alarms at 12.5 ft.\n", encoding="utf-8")
    drop(corpus, [docs])
    assert "Admin mode is needed" in corpus.log.text()
    index_lane_idle(qtbot, window)
    assert corpus.model.rowCount() == 1 and len(window.workspace.documents()) == 1

    assert window.admin.session.unlock(PASS) and window.admin.check()
    window.admin.lock_action.trigger()  # the admin locks before leaving the desk
    assert not window.admin.unlocked and not corpus.add_button.isEnabled()
    window.close()
