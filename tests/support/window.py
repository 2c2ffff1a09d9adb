"""The real window in the tests: opened on a data folder with its models loaded, and driven as a person would."""

import shutil

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from operator_assistant.config import load_settings
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.core.roles import is_passphrase_set, set_passphrase
from operator_assistant.folder.contract import DataFolder
from operator_assistant.gui.main_window import MainWindow
from tests.conftest import SAMPLE_DOCS, TEST_ADMIN_PASSPHRASE
from tests.support.engines import MODELS

LONG = 180_000  # ms; model loading and a first answer on two cores (a FakeFolder takes well under a second)


def unlock_admin(win: MainWindow) -> None:
    """Admin mode on, as an admin turns it on (the passphrase is set on first use)."""
    if not is_passphrase_set(win.settings.data_dir):
        set_passphrase(win.settings.data_dir, TEST_ADMIN_PASSPHRASE)
    assert win.admin.session.unlock(TEST_ADMIN_PASSPHRASE)
    win.admin.check()


def window_workspace(data_dir, models_dir) -> LocalFolder:
    """The data folder as the window opens it (reads and writes on their own connections)."""
    return LocalFolder.for_window(load_settings(data_dir=data_dir, models_dir=models_dir))


def open_window(qtbot, data_dir, admin: bool = True) -> MainWindow:
    """A shown window on `data_dir`, its models loaded; in admin mode unless `admin` is False."""
    return show_window(qtbot, window_workspace(data_dir, MODELS), admin)


def show_window(qtbot, workspace: DataFolder, admin: bool = True) -> MainWindow:
    """A shown window on any data folder (a FakeFolder in the fast tests), ready; in admin mode unless `admin` is False."""
    win = MainWindow(workspace, offer_sample=False)
    qtbot.addWidget(win)
    win.show()
    with qtbot.waitSignal(win.ready, timeout=LONG):
        pass
    if admin:
        unlock_admin(win)
    return win


def sample_folder(tmp_path, *names: str):
    """A folder holding copies of some sample documents."""
    folder = tmp_path / "docs"
    folder.mkdir()
    for name in names:
        shutil.copy(SAMPLE_DOCS / name, folder)
    return folder


def drop(widget, paths) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    event = QDropEvent(QPointF(20, 20), Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    widget.dropEvent(event)


def click_link(qtbot, browser, text: str) -> None:
    """Click with the mouse on the first link in `browser` whose text is `text`, as a person would."""
    from PySide6.QtGui import QTextCursor

    block = browser.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().isAnchor() and fragment.text().startswith(text):
                cursor = QTextCursor(browser.document())
                cursor.setPosition(fragment.position() + 1)
                browser.setTextCursor(cursor)
                browser.ensureCursorVisible()
                point = browser.cursorRect(cursor).center()
                qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
                return
            it += 1
        block = block.next()
    raise AssertionError(f"no link {text!r} in {browser.toPlainText()[:300]!r}")


def ask(qtbot, window: MainWindow, question: str):  # noqa: ANN201 - the Answer the window shows
    """Ask in the window as an operator does (type, Enter) and wait for the answer."""
    window.chat.question.setPlainText(question)
    with qtbot.waitSignal(window.answered, timeout=LONG) as asked:
        qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)
    return asked.args[0]
