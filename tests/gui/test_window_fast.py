"""The real window on a FakeFolder (tests/support/fake_folder.py): no model, no index, seconds not minutes.

What the window itself does with a data folder's answers, errors, ingest runs and connection messages.
The same paths with the real models run in the slow tier (test_window.py, test_admin_window.py, ...).
"""

import threading

import pytest
from PySide6.QtCore import Qt

from operator_assistant.core.answer.records import REFUSAL, Answered, TextGenerated
from operator_assistant.errors import UserError
from tests.support.fake_folder import FakeFolder
from tests.support.window import LONG, ask, click_link, drop, show_window, unlock_admin

QUESTION = "What is the clearwell level alarm setpoint on LIT-700?"
CLEARWELL = ("# Clearwell Operations\n\nHarlow Valley plant, operations section.\n\n## Level alarms\n\n"
             "The clearwell level transmitter LIT-700 alarms high at 12.5 ft and low at 4.0 ft.\n\n"
             "## Inspection\n\nInspect the clearwell hatch seals every quarter.\n")
PUMPS = "Booster pump B-2 discharge pressure is read on PT-2105.\n\nRotate the duty pump weekly.\n"


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "clearwell.md").write_text(CLEARWELL, encoding="utf-8")
    (folder / "pumps.txt").write_text(PUMPS, encoding="utf-8")
    return folder


@pytest.fixture
def folder(tmp_path, docs):
    workspace = FakeFolder(tmp_path / "data")
    report = workspace.ingest([docs])
    assert report.count("added") == 2, report
    return workspace


@pytest.fixture
def window(qtbot, folder):
    win = show_window(qtbot, folder)
    yield win
    win.close()


def test_a_question_shows_the_card_and_its_citation_opens_the_passage_and_is_kept(qtbot, window, folder):
    assert window.loaded and window.chat.ask_button.isEnabled()
    assert window.corpus.models.text() == folder.describe_models()[0]
    assert window.corpus.model.rowCount() == 2
    answer = ask(qtbot, window, QUESTION)
    assert not answer.refused and [c.number for c in answer.citations] == [1]
    cited = answer.citations[0]
    assert "LIT-700 alarms high at 12.5 ft" in cited.text and cited.section[-1] == "Level alarms"
    shown = window.chat.transcript.toPlainText()
    assert answer.card is not None and all(cell.text.strip() in shown for cell in answer.card.cells)
    assert "[1]" in shown and "Clearwell Operations" in shown
    # kept in the history: listed, and stored in the data folder's conversation log
    assert window.conversations.count() == 1
    assert [a.question for a in folder.history.answers(window.conversation_id)] == [QUESTION]

    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        click_link(qtbot, window.chat.transcript, "[1]")
    assert window.tabs.currentWidget() is window.viewer
    assert window.viewer.current == cited
    assert window.viewer.highlighted_text == cited.text  # the file's own characters at the cited offsets
    assert window.viewer.highlighted_text_visible()
    assert "Level alarms" in window.viewer.title.text()


def test_history_survives_a_restart_and_exports_with_citations(qtbot, tmp_path, docs):
    from PySide6.QtWidgets import QApplication

    first = show_window(qtbot, FakeFolder(tmp_path / "data"))
    first.workspace.ingest([docs])
    answer = ask(qtbot, first, QUESTION)
    first.close()
    assert first.workspace.closed

    second = show_window(qtbot, FakeFolder(tmp_path / "data"))  # the same data folder: the history is there
    assert second.conversations.count() == 1
    restored = second.chat.entries[0].answer
    assert restored.question == QUESTION and restored.citations == answer.citations and restored.card == answer.card
    text = second.export_conversation(tmp_path / "handover.md").read_text(encoding="utf-8")
    cited = answer.citations[0]
    assert QUESTION in text and f"[1] {cited.document}" in text and f"characters {cited.start}-{cited.end}" in text
    second.copy_answer()
    assert QUESTION in QApplication.clipboard().text()
    second.clear_history()
    assert second.conversations.count() == 0 and not second.chat.entries
    second.close()


def test_a_question_the_documents_do_not_answer_is_refused_and_says_why(qtbot, window):
    answer = ask(qtbot, window, "What is the fluoride feed rate?")
    assert answer.refused and not answer.citations
    shown = window.chat.transcript.toPlainText()
    assert REFUSAL in shown and "No indexed document mentions: feed, fluoride, rate" in shown
    assert window.chat.ask_button.isEnabled()


def test_an_error_from_the_folder_is_shown_and_the_window_stays_usable(qtbot, window, folder, monkeypatch):
    def unreachable(*args, **kwargs):
        raise UserError("the plant server did not answer", "check the network cable")

    with monkeypatch.context() as patch:
        patch.setattr(folder, "ask", unreachable)
        window.chat.question.setPlainText(QUESTION)
        qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: bool(window.chat.entries[-1].error), timeout=LONG)
    assert window.chat.entries[-1].error == "the plant server did not answer (check the network cable)"
    assert "the plant server did not answer (check the network cable)" in window.chat.transcript.toPlainText()
    assert not window.chat.stop_button.isEnabled() and window.chat.ask_button.isEnabled()
    assert window.conversations.count() == 0  # nothing was answered, nothing kept
    assert not ask(qtbot, window, QUESTION).refused  # and the next question is answered


def test_stop_cancels_the_answer_being_written(qtbot, window, folder, monkeypatch):
    words_shown, go_on = threading.Event(), threading.Event()
    real = folder.ask

    def held_after_the_words(*args, **kwargs):  # Stop is pressed while the "model" is still writing
        for event in real(*args, **kwargs):
            yield event
            if isinstance(event, TextGenerated):
                words_shown.set()
                assert go_on.wait(30)

    monkeypatch.setattr(folder, "ask", held_after_the_words)
    window.chat.question.setPlainText(QUESTION)
    with qtbot.waitSignal(window.answered, timeout=LONG) as asked:
        qtbot.keyClick(window.chat.question, Qt.Key.Key_Return)
        qtbot.waitUntil(words_shown.is_set, timeout=LONG)
        qtbot.mouseClick(window.chat.stop_button, Qt.MouseButton.LeftButton)
        go_on.set()
    assert asked.args[0].cancelled
    assert "(stopped)" in window.chat.transcript.toPlainText()
    assert not window.chat.stop_button.isEnabled() and window.chat.ask_button.isEnabled()


def test_a_locked_window_refuses_a_drop_and_after_unlock_the_drop_is_indexed_with_progress(qtbot, tmp_path, docs,
                                                                                         monkeypatch):
    folder = FakeFolder(tmp_path / "data")
    window = show_window(qtbot, folder, admin=False)
    corpus = window.corpus
    assert corpus.model.rowCount() == 0 and not corpus.add_button.isEnabled()
    drop(corpus, [docs])
    assert "Admin mode is needed to add documents" in corpus.log.text()
    assert folder.documents() == []

    unlock_admin(window)
    assert corpus.add_button.isEnabled()
    (docs / "wiring.pdf").write_bytes(b"%PDF-1.4 not read by the fake")  # named and skipped, as a real folder names it
    shown = []
    real_progress = corpus.show_progress
    monkeypatch.setattr(corpus, "show_progress", lambda state: (shown.append(state), real_progress(state)))
    with qtbot.waitSignal(window.documents_shown, timeout=LONG):  # the list is read again after the run
        with qtbot.waitSignal(window.ingested, timeout=LONG) as ingested:
            drop(window, [docs])  # on the window, not only the corpus pane
    report = ingested.args[0]
    assert report.count("added") == 2 and report.count("skipped") == 1 and not report.failed
    assert [s.files_done for s in shown] == [0, 1, 2, 3] and shown[-1].current == ""
    assert corpus.current.text() == "Done." and corpus.progress.value() == 1000
    assert corpus.model.rowCount() == 2
    assert "clearwell.md: added" in corpus.log.text() and "wiring.pdf: skipped" in corpus.log.text()
    assert "2 ok, 1 skipped (not documents), 0 failed" in window.statusBar().currentMessage()
    assert "2 documents, 5 chunks" in corpus.health.text()

    doc = next(d for d in folder.documents() if d.source.endswith("pumps.txt"))
    with qtbot.waitSignal(window.documents_shown, timeout=LONG):
        window.remove([doc.doc_id])
    assert corpus.model.rowCount() == 1 and "1 documents, 3 chunks" in corpus.health.text()
    window.close()


def test_cancel_stops_an_ingest_and_keeps_the_files_finished(qtbot, window, folder, tmp_path, monkeypatch):
    more = tmp_path / "more"
    more.mkdir()
    for n in range(3):
        (more / f"note-{n}.md").write_text(f"# Note {n}\n\nValve V-{n} is exercised monthly.\n", encoding="utf-8")
    first_read, go_on = threading.Event(), threading.Event()
    real = folder._read

    def held_after_the_first(path, force):
        result = real(path, force)
        first_read.set()
        assert go_on.wait(30)
        return result

    monkeypatch.setattr(folder, "_read", held_after_the_first)
    with qtbot.waitSignal(window.ingested, timeout=LONG) as ingested:
        window.ingest([more])
        qtbot.waitUntil(first_read.is_set, timeout=LONG)
        window.corpus.cancel_button.click()
        go_on.set()
    report = ingested.args[0]
    assert report.cancelled and [r.status for r in report.results] == ["added"]
    assert "Cancelled. 1 finished file(s) are indexed and kept" in window.corpus.current.text()
    assert "(cancelled)" in window.statusBar().currentMessage()
    assert window.corpus.model.rowCount() == 3  # the two from before and the one finished


def test_a_console_shows_its_server_and_what_the_connection_says(qtbot, tmp_path):
    folder = FakeFolder(tmp_path / "console", server_url="http://plant-server:8750")
    heard = []
    real_listen = folder.listen
    folder.listen = lambda on_connection: (heard.append(on_connection), real_listen(on_connection))
    window = show_window(qtbot, folder, admin=False)  # unlocking would say so over the ready message
    assert heard, "the window listens to the connection"
    assert window.server_label.text() == "Plant server: http://plant-server:8750"
    assert window.statusBar().currentMessage().startswith("Ready. Answers come from the plant server "
                                                          "http://plant-server:8750")
    message = "Plant server not answering: connection refused. Your history is kept here."
    threading.Thread(target=folder.say, args=(message,)).start()  # heard on the client's thread, shown on the GUI's
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == message, timeout=LONG)
    folder.say("Plant server back.")
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "Plant server back.", timeout=LONG)
    window.close()


def test_a_bug_in_background_work_is_reported_not_fatal(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *args: shown.append(args[2]))

    def broken() -> None:
        raise RuntimeError("simulated bug")

    window.tasks.run("load", broken)
    qtbot.waitUntil(lambda: bool(shown), timeout=10_000)
    assert "RuntimeError: simulated bug" in shown[0] and "log" in shown[0]
    assert window.isVisible()
    assert not ask(qtbot, window, QUESTION).refused


def test_every_button_has_an_accessible_name(window):
    from PySide6.QtWidgets import QAbstractButton

    buttons = [b for b in window.findChildren(QAbstractButton) if b.isVisibleTo(window) and b.text()]
    assert len(buttons) >= 6, "the window lost its buttons"
    assert [b.text() for b in buttons if not b.accessibleName()] == []


def test_pane_sizes_are_remembered(qtbot, tmp_path):
    first = show_window(qtbot, FakeFolder(tmp_path / "data"))
    first.splitter.setSizes([150, 700, 430])
    sizes = first.splitter.sizes()
    first.close()
    second = show_window(qtbot, FakeFolder(tmp_path / "data"))
    assert second.splitter.sizes() == sizes
    second.close()


def test_the_fake_answers_with_the_real_event_records_in_order(folder):
    events = list(folder.ask(QUESTION))
    assert [type(e).__name__ for e in events] == ["SourcesFound", "CardReady", "TextGenerated", "Answered"]
    answer = events[-1].answer
    assert isinstance(events[-1], Answered) and answer.card.cells[0].start == answer.citations[0].start
    refused = list(folder.ask("fluoride feed rate"))
    assert [type(e).__name__ for e in refused] == ["SourcesFound", "Answered"] and refused[-1].answer.refused
