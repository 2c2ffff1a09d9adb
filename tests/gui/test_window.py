"""The real window, end to end, with the real bundled models (offscreen)."""

import os
import shutil

import pytest
from PySide6.QtCore import Qt

from operator_assistant.config import load_settings
from operator_assistant.gui.main_window import MainWindow
from tests.conftest import SAMPLE_DOCS
from tests.support.engines import MODELS
from tests.support.window import LONG, click_link, drop, open_window, sample_folder, unlock_admin, window_workspace

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The window with the real models: slow tier (`make test`). test_window_fast.py drives it on a FakeFolder.
real_models = pytest.mark.integration


@pytest.fixture
def window(qtbot, tmp_path):
    win = open_window(qtbot, tmp_path / "data")
    yield win
    win.close()


@pytest.fixture
def wording_window(qtbot, tmp_path):
    """A window that also asks the model to word the card (answer_mode card+model)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "config.toml").write_text('answer_mode = "card+model"\n', encoding="utf-8")
    win = open_window(qtbot, data)
    yield win
    win.close()


@real_models
def test_drop_ask_and_open_the_cited_passage(qtbot, wording_window, tmp_path, monkeypatch):
    window = wording_window
    docs = sample_folder(tmp_path, "booster-station-b-om-manual.pdf", "lockout-tagout-procedure.docx")
    with qtbot.waitSignal(window.ingested, timeout=LONG) as ingest:
        drop(window.corpus, [docs])
    assert ingest.args[0].count("added") == 2
    assert window.corpus.model.rowCount() == 2

    window.chat.question.setPlainText("What is the high discharge pressure alarm setpoint for booster pump B-2?")
    with qtbot.waitSignal(window.answered, timeout=LONG) as asked:
        qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)
    answer = asked.args[0]
    assert not answer.refused and answer.citations
    first = answer.citations[0]
    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        click_link(qtbot, window.chat.transcript, f"[{first.number}]")  # the first marker in the answer text
    assert window.tabs.currentWidget() is window.viewer
    assert window.viewer.current == first
    # the cited words, highlighted (a card's citation reads whole lines: its text may end with their spaces)
    assert window.viewer.highlighted_text.split() == first.text.split()
    if first.source.endswith(".pdf"):
        assert window.viewer.highlight_boxes, "the passage is boxed on the rendered page"
    assert window.viewer.highlighted_text_visible()
    # the card is shown whole, then the model's checked wording or why it was left out
    shown = window.chat.transcript.toPlainText()
    assert answer.card is not None and all(cell.text in shown for cell in answer.card.cells)
    assert (answer.wording or answer.wording_note) in shown

    window.new_conversation()  # not a follow-up of the B-2 question
    window.chat.question.setPlainText("What is the discharge pressure alarm threshold on the B-series boosters?")
    first_model_piece = []
    original_append = window.chat.append_text

    def append_text(piece: str) -> None:
        if not first_model_piece:  # what the operator sees when the model starts to write
            first_model_piece.append(window.chat.transcript.toPlainText())
        original_append(piece)

    monkeypatch.setattr(window.chat, "append_text", append_text)
    with qtbot.waitSignal(window.answered, timeout=LONG) as asked:
        qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)
    card = asked.args[0].card
    assert card is not None and card.kind == "table" and "High alarm" in card.columns
    high = {row[0].text: row[card.columns.index("High alarm")].text for row in card.rows}
    assert high == {"B-1": "116", "B-2": "118", "B-3": "124", "B-4": "126"}
    assert first_model_piece and all(v in first_model_piece[0] for v in high.values()), "the card comes first"
    shown = window.chat.transcript.toPlainText()
    assert all(cell.text in shown for cell in card.cells)
    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        click_link(qtbot, window.chat.transcript, "118")
    cell = next(row[card.columns.index("High alarm")] for row in card.rows if row[0].text == "B-2")
    assert window.tabs.currentWidget() is window.viewer
    assert (window.viewer.current.start, window.viewer.current.end) == (cell.start, cell.end)
    assert window.viewer.highlighted_text == "118"
    assert window.viewer.stack.currentWidget() is window.viewer.page_area, "shown on the PDF page"
    assert len(window.viewer.highlight_boxes) == 1 and window.viewer.highlighted_text_visible()
    assert "page 2" in window.viewer.title.text()

    window.chat.question.setPlainText("What is the fluoride dose setpoint at the plant?")
    with qtbot.waitSignal(window.answered, timeout=LONG) as asked:
        qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)
    assert asked.args[0].refused
    shown = window.chat.transcript.toPlainText()
    assert "No indexed document mentions: fluoride" in shown and "Closest sections" in shown


@real_models
def test_bad_file_in_a_batch_is_reported_and_the_rest_indexed(qtbot, window, tmp_path):
    docs = sample_folder(tmp_path, "filter-backwash-procedure.md")
    (docs / "scan.pdf").write_bytes(b"%PDF-1.4 broken")
    with qtbot.waitSignal(window.ingested, timeout=LONG) as ingest:
        drop(window, [docs])  # dropped on the main window, not only the corpus pane
    report = ingest.args[0]
    assert report.count("added") == 1 and len(report.failed) == 1
    statuses = {window.corpus.model.rows[r].title: window.corpus.model.rows[r].status
                for r in range(window.corpus.model.rowCount())}
    assert "failed" in statuses.values() and "indexed" in statuses.values()
    assert "scan.pdf: failed" in window.corpus.log.text()


@real_models
def test_window_stays_responsive_while_indexing(qtbot, window, tmp_path):
    """A timer ticks every 10 ms during ingestion of the sample corpus; the longest gap
    between ticks is how long the window was frozen."""
    import time

    from PySide6.QtCore import QTimer

    gaps, last = [], [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    probe = QTimer()
    probe.setInterval(10)
    probe.timeout.connect(tick)
    probe.start()
    with qtbot.waitSignal(window.ingested, timeout=LONG) as ingest:
        window.ingest([SAMPLE_DOCS])
    probe.stop()
    worst_ms = max(gaps[1:]) * 1000
    print(f"\nlongest event-loop gap while indexing {ingest.args[0].chunks_embedded} chunks: {worst_ms:.0f} ms "
          f"over {len(gaps)} ticks")
    assert ingest.args[0].count("added") == 14
    assert worst_ms < 100


@real_models
def test_stop_cancels_the_answer(qtbot, wording_window, tmp_path):
    window = wording_window
    docs = sample_folder(tmp_path, "sodium-hypochlorite-chlorination-sop.docx")
    with qtbot.waitSignal(window.ingested, timeout=LONG):
        window.ingest([docs])
    # a table card, which the model is asked to word (a procedure is not worded)
    window.chat.question.setPlainText("What is the target free chlorine residual in the clearwell?")
    with qtbot.waitSignal(window.answered, timeout=LONG) as asked:
        qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: len(window.chat.entries[-1].streamed) > 0, timeout=LONG)
        qtbot.keyClick(window.chat, Qt.Key.Key_Escape)
    answer = asked.args[0]
    assert answer.cancelled
    assert "(stopped)" in window.chat.transcript.toPlainText()
    assert not window.chat.stop_button.isEnabled() and window.chat.ask_button.isEnabled()


@real_models
def test_history_survives_a_restart_and_exports_with_citations(qtbot, tmp_path):
    from PySide6.QtWidgets import QApplication

    data = tmp_path / "data"
    docs = sample_folder(tmp_path, "booster-station-b-om-manual.pdf")
    first = open_window(qtbot, data)
    with qtbot.waitSignal(first.ingested, timeout=LONG):
        first.ingest([docs])
    first.chat.question.setPlainText("What is the high discharge pressure alarm setpoint for booster pump B-2?")
    with qtbot.waitSignal(first.answered, timeout=LONG) as asked:
        qtbot.keyClick(first.chat.question, Qt.Key.Key_Return)
    answer = asked.args[0]
    first.close()

    second = open_window(qtbot, data)
    assert second.conversations.count() == 1
    assert [e.question for e in second.chat.entries] == [answer.question]
    restored = second.chat.entries[0].answer
    assert restored.text == answer.text and restored.citations == answer.citations and restored.card == answer.card
    assert all(cell.text in second.chat.transcript.toPlainText() for cell in answer.card.cells)  # the card again
    exported = second.export_conversation(tmp_path / "handover.md")
    text = exported.read_text(encoding="utf-8")
    assert answer.question in text and "Sources:" in text
    for citation in answer.citations:
        assert f"[{citation.number}] {citation.document}" in text and f"characters {citation.start}-{citation.end}" in text
    second.copy_answer()
    assert answer.question in QApplication.clipboard().text()
    second.clear_history()
    assert second.conversations.count() == 0 and not second.chat.entries
    second.close()


@real_models
def test_first_run_offers_the_sample_corpus_and_steps_through_citations(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a) or QMessageBox.StandardButton.Yes)
    win = MainWindow(window_workspace(tmp_path / "data", MODELS))
    qtbot.addWidget(win)
    unlock_admin(win)  # else the offer asks for the admin passphrase first
    with qtbot.waitSignal(win.ingested, timeout=LONG) as ingest:
        pass  # models load, the empty index triggers the offer, "Yes" starts indexing
    assert asked and ingest.args[0].count("added") == 14
    assert win.corpus.model.rowCount() == 14
    win.chat.question.setPlainText("What is the high discharge pressure alarm setpoint for booster pump B-2?")
    with qtbot.waitSignal(win.answered, timeout=LONG) as answered:
        qtbot.keyClick(win.chat.question, Qt.Key.Key_Return)
    citations = answered.args[0].citations
    with qtbot.waitSignal(win.viewer.passage_shown, timeout=LONG):
        win.chat.open_citation(1)
    assert win.viewer.current == citations[0]
    if len(citations) > 1:
        with qtbot.waitSignal(win.viewer.passage_shown, timeout=LONG):
            win.viewer.next.click()
        assert win.viewer.current == citations[1]
        with qtbot.waitSignal(win.viewer.passage_shown, timeout=LONG):
            win.viewer.previous.click()
    else:
        win.viewer.next.click()  # nothing after the only citation: it stays open
    assert win.viewer.current == citations[0]
    win.viewer.find_box.setText("PT-2105")
    assert win.viewer.find_next()
    assert "PT-2105" in win.viewer.text.textCursor().selectedText()
    win.close()


@real_models
def test_reindex_and_model_status(qtbot, window, tmp_path):
    docs = sample_folder(tmp_path, "valve-exercising-program.html")
    with qtbot.waitSignal(window.ingested, timeout=LONG):
        window.ingest([docs])
    assert "no reranker installed" in window.corpus.models.text()
    with qtbot.waitSignal(window.ingested, timeout=LONG) as again:
        window.corpus.reindex_button.click()  # nothing selected: everything
    assert again.args[0].count("updated") == 1 and again.args[0].chunks_embedded == 0


def test_settings_dialog_offers_models_and_saves(qtbot, tmp_path):
    from operator_assistant.gui.settings_dialog import SettingsDialog

    settings = load_settings(data_dir=tmp_path / "data", models_dir=MODELS)
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.embedder.findData("all-MiniLM-L6-v2") >= 0 and dialog.llm.findData("SmolLM2-135M-Instruct") >= 0
    assert dialog.reranker.currentData() == ""
    dialog.top_k.setValue(8)
    dialog.temperature.setValue(0.1)
    dialog.save()
    assert dialog.saved is not None and dialog.saved.top_k == 8 and dialog.saved.temperature == 0.1
    assert load_settings(data_dir=tmp_path / "data", models_dir=MODELS).top_k == 8


@real_models
def test_questions_are_answered_while_indexing_runs(qtbot, window, tmp_path):
    first = tmp_path / "first"
    first.mkdir()
    shutil.copy(SAMPLE_DOCS / "booster-station-b-om-manual.pdf", first)
    with qtbot.waitSignal(window.ingested, timeout=LONG):
        window.ingest([first])
    finished = []
    window.ingested.connect(lambda report: finished.append(report))
    window.ingest([SAMPLE_DOCS])  # 13 more documents, in the background
    window.chat.question.setPlainText("What is the high discharge pressure alarm setpoint for booster pump B-2?")
    with qtbot.waitSignal(window.answered, timeout=LONG) as asked:
        qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)
    assert asked.args[0].citations or asked.args[0].refused  # a complete answer from a consistent index
    qtbot.waitUntil(lambda: bool(finished), timeout=LONG)
    assert finished[0].count("added") == 13 and not finished[0].failed


@real_models
def test_a_question_asked_as_the_last_answer_shows_is_not_failed_by_its_end(qtbot, window, tmp_path, monkeypatch):
    docs = tmp_path / "one"
    docs.mkdir()
    shutil.copy(SAMPLE_DOCS / "booster-station-b-om-manual.pdf", docs)
    with qtbot.waitSignal(window.ingested, timeout=LONG):
        window.ingest([docs])
    failures: list[str] = []
    fail = window.chat.fail
    monkeypatch.setattr(window.chat, "fail", lambda text: (failures.append(text), fail(text)))
    answers = []

    def ask_the_next_at_once(answer) -> None:  # before the first answer's end has been handled
        answers.append(answer)
        if len(answers) == 1:
            window.chat.question.setPlainText("And the high-high trip for B-2?")
            qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)

    window.answered.connect(ask_the_next_at_once)
    window.chat.question.setPlainText("What is the high discharge pressure alarm setpoint for booster pump B-2?")
    qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(answers) == 2, timeout=LONG)
    assert failures == []


def test_settings_dialog_changes_the_data_folder_for_the_next_start(qtbot, tmp_path, monkeypatch):
    from operator_assistant.config import ENV_DATA_DIR
    from operator_assistant.gui.settings_dialog import SettingsDialog

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # the remembered folder: not the user's
    monkeypatch.delenv(ENV_DATA_DIR, raising=False)
    settings = load_settings(data_dir=tmp_path / "data", models_dir=MODELS)
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    a_file = tmp_path / "not-a-folder.txt"
    a_file.write_text("x")
    for bad, message in ((str(a_file), "is a file, not a folder"), ("relative/folder", "must be a full path")):
        dialog.data_dir.setText(bad)
        dialog.save()
        assert dialog.saved is None and message in dialog.message.text() and "Nothing was saved" in dialog.message.text()
    assert load_settings(models_dir=MODELS).data_dir != tmp_path / "data"  # nothing remembered yet
    chosen = tmp_path / "plant data" / "operator assistant"
    dialog.data_dir.setText(str(chosen))
    dialog.save()
    assert dialog.saved is not None and str(chosen) in dialog.restart_note
    assert chosen.is_dir()
    # the next start without --data-dir or the environment uses it
    assert load_settings(models_dir=MODELS).data_dir == chosen
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "from-env"))
    assert load_settings(models_dir=MODELS).data_dir == tmp_path / "from-env"


def test_a_damaged_language_model_is_reported_at_start_up(qtbot, tmp_path):
    """Weights are checked when the window starts: a truncated GGUF says which file, and nothing can be asked."""
    models = tmp_path / "models"
    models.mkdir()
    shutil.copy(MODELS / "manifest.toml", models)
    (models / "all-MiniLM-L6-v2").symlink_to(MODELS / "all-MiniLM-L6-v2")
    (models / "SmolLM2-135M-Instruct").mkdir()
    gguf = "SmolLM2-135M-Instruct.Q4_1.gguf"
    with open(MODELS / "SmolLM2-135M-Instruct" / gguf, "rb") as original:
        (models / "SmolLM2-135M-Instruct" / gguf).write_bytes(original.read(1 << 20))
    win = MainWindow(window_workspace(tmp_path / "data", models), offer_sample=False)
    qtbot.addWidget(win)
    qtbot.waitUntil(lambda: "Not ready" in win.chat.status.text(), timeout=LONG)
    assert f"{gguf}: sha256 does not match" in win.chat.status.text()
    assert "models fetch" in win.chat.status.text()  # what to do about it
    assert not win.chat.ask_button.isEnabled()
    assert "Models could not be loaded" in win.statusBar().currentMessage()
