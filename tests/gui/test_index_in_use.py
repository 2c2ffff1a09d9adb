"""The window says plainly when another Operator Assistant is changing the index."""

import subprocess
import sys

import pytest

from tests.support.processes import HOLD
from tests.support.window import LONG, open_window, sample_folder

# The real window (or engine) with the bundled models: slow tier, `make test`. The fast tier drives the window
# on a FakeFolder instead (test_window_fast.py).
pytestmark = pytest.mark.integration


def test_window_says_the_index_is_in_use_and_still_answers_from_it(qtbot, tmp_path):
    win = open_window(qtbot, tmp_path / "data")
    folder = sample_folder(tmp_path, "confined-space-entry.txt")
    with qtbot.waitSignal(win.ingested, timeout=LONG):
        win.ingest([folder])
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(win.settings.index_dir)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        win.ingest([folder])
        expected = f"the index is being changed by another Operator Assistant (pid {holder.pid}, user "
        qtbot.waitUntil(lambda: expected in win.statusBar().currentMessage(), timeout=LONG)
        assert "try again when it finishes" in win.corpus.log.text()
        assert win.corpus.add_button.isEnabled()  # not stuck in "busy"
        # Reading is not blocked: the window's own reader still searches the index.
        assert win.workspace.search("oxygen range confined space entry", k=1).passages
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    with qtbot.waitSignal(win.ingested, timeout=LONG):  # once the other one is done, indexing works again
        win.ingest([folder])
    win.close()
