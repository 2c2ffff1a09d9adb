"""Conflicts between current documents in the window, on a FakeFolder (fast tier: no model, no index): a card's note
of a value another document states differently opens that document's words highlighted; the Documents tab's
Conflicts view lists the folder's conflicts, opens each side in the viewer, and lets an admin settle or reopen one."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QPushButton

from operator_assistant.core.answer.records import SENTENCES, Card, CardCell, CardNote
from operator_assistant.folder.records import ConflictInfo, FactInfo
from operator_assistant.gui.chat import render_card
from operator_assistant.gui.conflicts import NONE_FOUND
from tests.support.fake_folder import FakeFolder, read_paragraphs
from tests.support.window import LONG, ask, click_link, show_window, unlock_admin

QUESTION = "What is the free chlorine high alarm setpoint in the dosing procedure?"
DOSING = ("# Chlorine Dosing\n\n## Alarms\n\nThe free chlorine high alarm setpoint is 4.0 mg/L on AIT-310.\n\n"
          "## Filters\n\nThe filter effluent turbidity limit is 0.3 NTU.\n")
SAMPLING = ("# Clearwell Sampling\n\n## Limits\n\nRecord the sample time in the log. "
            "Free chlorine high alarm: 3.5 mg/L on AIT-310. Check it each shift.\n\n"
            "## Turbidity\n\nTurbidity limit at the filter effluent: 0.5 NTU.\n")
PUMPS = "Booster pump B-2 discharge pressure is read on PT-2105.\n\nRotate the duty pump weekly.\n"


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "dosing.md").write_text(DOSING, encoding="utf-8")
    (folder / "sampling.md").write_text(SAMPLING, encoding="utf-8")
    (folder / "pumps.txt").write_text(PUMPS, encoding="utf-8")
    return folder


def fact(folder: FakeFolder, path: Path, words: str, subject: str, value: str, number: str | None) -> FactInfo:
    """`words` where the viewer's text of `path` has them, as the folder's conflict finder records a statement."""
    title, paragraphs = read_paragraphs(path)
    paragraph = next(p for p in paragraphs if words in p.text)
    doc_id = next(d.doc_id for d in folder.documents() if d.source.endswith(path.name))
    start = paragraph.start + paragraph.text.index(words)
    return FactInfo(doc_id, f"{doc_id}:{paragraph.number}", title, str(path.resolve()), subject, value, words, start,
                    start + len(words), paragraph.section, (), number)


@pytest.fixture
def folder(tmp_path, docs):
    workspace = FakeFolder(tmp_path / "data")
    assert workspace.ingest([docs]).count("added") == 3
    chlorine = ConflictInfo(
        "free-chlorine-high-alarm",
        fact(workspace, docs / "dosing.md", "The free chlorine high alarm setpoint is 4.0 mg/L on AIT-310.",
             "Free chlorine high alarm", "4.0 mg/L", "SOP-114"),
        fact(workspace, docs / "sampling.md", "Free chlorine high alarm: 3.5 mg/L on AIT-310.",
             "Free chlorine high alarm", "3.5 mg/L", "SOP-201"))
    turbidity = ConflictInfo(
        "filter-effluent-turbidity-limit",
        fact(workspace, docs / "dosing.md", "The filter effluent turbidity limit is 0.3 NTU.",
             "Filter effluent turbidity limit", "0.3 NTU", "SOP-114"),
        fact(workspace, docs / "sampling.md", "Turbidity limit at the filter effluent: 0.5 NTU.",
             "Filter effluent turbidity limit", "0.5 NTU", None))
    workspace.conflict_list = [chlorine, turbidity]
    return workspace


@pytest.fixture
def window(qtbot, folder):
    win = show_window(qtbot, folder)
    yield win
    win.close()


def show_conflicts(qtbot, window, rows: int):
    """The Documents tab's Conflicts view, as an operator opens it, once it lists `rows` conflicts."""
    view = window.corpus.conflicts
    window.tabs.setCurrentWidget(window.corpus)
    window.corpus.pages.setCurrentWidget(view)
    qtbot.waitUntil(lambda: view.isVisible() and view.table.rowCount() == rows and bool(view.status.text())
                    and not view.status.text().startswith("Looking"), timeout=LONG)
    return view


def row_texts(view, row: int) -> list[str]:
    return [view.table.item(row, column).text() for column in range(view.table.columnCount())]


def test_a_card_notes_the_value_another_document_states_and_its_words_open_highlighted(qtbot, window, folder):
    chlorine = folder.conflict_list[0]
    answer = ask(qtbot, window, QUESTION)
    assert answer.card is not None and len(answer.card.notes) == 1
    note = answer.card.notes[0]
    assert note.text == "SOP-201 says 3.5 mg/L (this card: 4.0 mg/L)"
    assert (note.cell.start, note.cell.end, note.cell.source) == (chlorine.second.start, chlorine.second.end, 2)
    shown = window.chat.transcript.toPlainText()
    assert f"\u26a0 {note.text}: {chlorine.second.text} [2]" in shown
    assert chlorine.first.text in shown  # the card itself, as before

    # the other document's words open that document, highlighted at the note's own words (not its whole paragraph)
    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        click_link(qtbot, window.chat.transcript, chlorine.second.text[:20])
    current = window.viewer.current
    assert window.tabs.currentWidget() is window.viewer
    assert (current.doc_id, current.start, current.end) == (chlorine.second.doc_id, note.cell.start, note.cell.end)
    assert window.viewer.highlighted_text == chlorine.second.text
    assert window.viewer.highlighted_text_visible()
    assert "Clearwell Sampling" in window.viewer.title.text()

    # its citation opens the passage that holds it; the card's own cell still opens the card's document
    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        click_link(qtbot, window.chat.transcript, "[2]")
    assert window.viewer.current == answer.citations[1]
    assert chlorine.second.text in window.viewer.highlighted_text != chlorine.second.text
    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        click_link(qtbot, window.chat.transcript, chlorine.first.text[:20])
    assert window.viewer.current.doc_id == chlorine.first.doc_id
    assert window.viewer.highlighted_text == chlorine.first.text


def test_a_note_is_escaped_and_a_card_without_notes_has_none():
    cell = CardCell("Alarm at 4.0 mg/L", 1, 0, 17)
    plain = Card(SENTENCES, "Alarms", ((cell,),))
    assert "\u26a0" not in render_card(plain) and "note:" not in render_card(plain)
    noted = Card(SENTENCES, "Alarms", ((cell,),),
                 notes=(CardNote(CardCell("<img src=x> 3.5 mg/L", 2, 5, 25), "<b>SOP</b>", "3.5 mg/L", "4.0 mg/L"),))
    shown = render_card(noted, 3)
    assert render_card(noted, 3).startswith(render_card(plain, 3))
    assert "<img" not in shown and "<b>SOP</b>" not in shown and "&lt;img src=x&gt;" in shown
    assert 'href="note:3:0"' in shown and 'href="source:3:2"' in shown


def test_the_conflicts_view_lists_the_conflicts_and_opens_each_side(qtbot, window, folder):
    chlorine, turbidity = folder.conflict_list
    view = show_conflicts(qtbot, window, 2)
    assert row_texts(view, 0) == ["Free chlorine high alarm", "SOP-114", "4.0 mg/L", "SOP-201", "3.5 mg/L", "Open"]
    # a document without a number is named by its title
    assert row_texts(view, 1) == ["Filter effluent turbidity limit", "SOP-114", "0.3 NTU", "Clearwell Sampling",
                                  "0.5 NTU", "Open"]
    assert view.status.text() == "2 conflict(s) between current documents, 0 settled."
    assert all(b.accessibleName() for b in view.findChildren(QPushButton))
    assert not view.open_first.isEnabled()  # nothing selected

    # a double-click on a side opens that side, highlighted
    index = view.table.model().index(1, 3)
    rect = view.table.visualRect(index)
    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        # a real double-click starts with a press and a release (QTest's double-click event alone lacks them)
        qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    current = window.viewer.current
    assert window.tabs.currentWidget() is window.viewer
    assert (current.doc_id, current.start, current.end) == (turbidity.second.doc_id, turbidity.second.start,
                                                            turbidity.second.end)
    assert window.viewer.highlighted_text == turbidity.second.text
    assert window.viewer.highlighted_text_visible()

    # the buttons open the selected conflict's sides
    view = show_conflicts(qtbot, window, 2)
    view.table.selectRow(0)
    assert view.open_first.isEnabled() and view.open_second.isEnabled()
    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        qtbot.mouseClick(view.open_first, Qt.MouseButton.LeftButton)
    assert window.viewer.current.doc_id == chlorine.first.doc_id
    assert window.viewer.highlighted_text == chlorine.first.text

    # shown again, the view reads the folder again: none left says so
    folder.conflict_list = []
    view = show_conflicts(qtbot, window, 0)
    qtbot.waitUntil(lambda: view.status.text() == NONE_FOUND, timeout=LONG)
    assert not view.open_first.isEnabled() and not view.settle_button.isEnabled()


def test_settling_needs_admin_mode_and_marks_the_selected_conflict_settled(qtbot, folder, monkeypatch):
    window = show_window(qtbot, folder, admin=False)
    chlorine = folder.conflict_list[0]
    view = show_conflicts(qtbot, window, 2)
    view.table.selectRow(0)
    assert view.open_first.isEnabled()
    assert not view.settle_button.isEnabled() and not view.reopen_button.isEnabled()
    assert "admin" in view.settle_button.toolTip()
    view.settle_requested.emit(chlorine.key, True, "")  # however it is asked for, a locked window changes nothing
    assert "Admin mode is needed to settle a conflict" in window.statusBar().currentMessage()
    assert not folder.conflict_list[0].settled

    unlock_admin(window)
    assert view.settle_button.isEnabled() and not view.reopen_button.isEnabled()
    asked = []

    def note(*args, **kwargs):
        asked.append(args[2])
        return "Lab confirmed 4.0 mg/L", True

    monkeypatch.setattr(QInputDialog, "getText", note)
    qtbot.mouseClick(view.settle_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.table.item(0, 5).text().startswith("Settled"), timeout=LONG)
    assert "Free chlorine high alarm: SOP-114 says 4.0 mg/L, SOP-201 says 3.5 mg/L." in asked[0]
    assert folder.conflict_list[0].settled and folder.conflict_list[0].note == "Lab confirmed 4.0 mg/L"
    assert not folder.conflict_list[1].settled
    assert row_texts(view, 0)[5] == "Settled by fake: Lab confirmed 4.0 mg/L"
    assert view.status.text() == "2 conflict(s) between current documents, 1 settled."
    assert view.selected() == folder.conflict_list[0]  # still selected: it can be reopened at once
    assert not view.settle_button.isEnabled() and view.reopen_button.isEnabled()

    # a settled conflict is no longer noted on the card
    answer = ask(qtbot, window, QUESTION)
    assert answer.card is not None and not answer.card.notes and "\u26a0" not in window.chat.transcript.toPlainText()

    view = show_conflicts(qtbot, window, 2)
    view.table.selectRow(0)
    qtbot.mouseClick(view.reopen_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.table.item(0, 5).text() == "Open", timeout=LONG)
    assert not folder.conflict_list[0].settled
    assert view.settle_button.isEnabled() and not view.reopen_button.isEnabled()
    window.close()
