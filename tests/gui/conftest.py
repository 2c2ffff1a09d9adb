import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True, scope="session")
def private_qsettings(tmp_path_factory):
    """Window layout and theme are remembered in QSettings: keep the tests' out of the user's."""
    from PySide6.QtCore import QSettings

    folder = str(tmp_path_factory.mktemp("qsettings"))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, folder)


@pytest.fixture(autouse=True)
def collect_qt_garbage_on_the_gui_thread():
    """Closed windows from earlier tests sit in reference cycles. If the garbage collector
    happens to run on a worker thread (a model loading, say), it would destroy Qt objects
    there and crash the process; collect them here, on the GUI thread, after each test."""
    import gc

    yield
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()
    gc.collect()
