"""A big import in the window: overall progress, questions answered from what is indexed, cancel and resume."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.support.files import manuals
from tests.support.window import LONG, open_window

# The real window (or engine) with the bundled models: slow tier, `make test`. The fast tier drives the window
# on a FakeFolder instead (test_window_fast.py).
pytestmark = pytest.mark.integration


def test_questions_are_answered_from_indexed_documents_while_a_big_import_runs(qtbot, tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    (data / "config.toml").write_text("ingest_batch_chunks = 1\n", encoding="utf-8")  # one file per commit
    win = open_window(qtbot, data)
    files = manuals(tmp_path / "docs")
    embedder = win.workspace.engine.embedder  # the writer shares it
    real, batches = embedder.embed, []
    held, release = threading.Event(), threading.Event()

    def embed_holding_the_fourth_file(texts, progress=None, cancel=None):
        if threading.current_thread().name.startswith("index"):  # the index lane; questions embed on theirs
            batches.append(texts)
            if len(batches) == 4:
                held.set()
                assert release.wait(LONG / 1000)
        return real(texts, progress=progress, cancel=cancel)

    monkeypatch.setattr(embedder, "embed", embed_holding_the_fourth_file)
    finished = []
    win.ingested.connect(finished.append)
    win.ingest([tmp_path / "docs"])
    qtbot.waitUntil(held.is_set, timeout=LONG)
    qtbot.waitUntil(lambda: "files 3/6" in win.corpus.overall.text(), timeout=LONG)
    assert "chunks" in win.corpus.overall.text() and win.corpus.cancel_button.isEnabled()
    assert "manual-4.md" in win.corpus.current.text()

    # the import is held inside the 4th file: the three written are searched and answered from
    hits = win.workspace.search("sludge thickener high alarm setpoint").passages
    assert Path(hits[0].source).name == "manual-3.md"
    win.chat.question.setPlainText("What is the sludge thickener high alarm setpoint?")
    with qtbot.waitSignal(win.answered, timeout=LONG) as asked:
        qtbot.keyClick(win.chat.question, Qt.Key.Key_Return)
    answer = asked.args[0]
    assert not answer.refused and "5.2" in answer.text
    assert not finished and win.corpus.busy  # still importing

    qtbot.mouseClick(win.corpus.cancel_button, Qt.MouseButton.LeftButton)
    release.set()
    qtbot.waitUntil(lambda: bool(finished), timeout=LONG)
    report = finished[0]
    assert report.cancelled and report.count("added") == 3
    assert "3 finished file(s) are indexed and kept" in win.corpus.current.text()
    assert sorted(win.corpus.model.rows[r].title for r in range(win.corpus.model.rowCount())) == [
        "Backwash Pump manual", "Chlorine Contact Tank manual", "Sludge Thickener manual"]

    # resumed: the same folder again; the finished files are skipped, not embedded again
    batches.clear()
    win.ingest([tmp_path / "docs"])
    qtbot.waitUntil(lambda: len(finished) == 2, timeout=LONG)
    status = {Path(r.source).name: r.status for r in finished[1].results}
    assert [status[f.name] for f in files] == ["unchanged"] * 3 + ["added"] * 3
    assert len(batches) == 3
    assert win.corpus.overall.text().startswith("files 6/6")
    win.close()
