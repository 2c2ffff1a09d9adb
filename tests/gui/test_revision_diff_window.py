"""The viewer's "Compare with previous revision" on a FakeFolder: the window asks the folder, shows the changes in a
dialog, and opens each side of a change in the viewer, highlighted (fast tier: no model, no index)."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from operator_assistant.core.answer.records import Source
from operator_assistant.errors import UserError
from operator_assistant.folder.records import (
    PIECE_ADDED,
    VALUE_CHANGED,
    DiffPlace,
    RevisionChange,
    RevisionDiff,
    RevisionInfo,
)
from tests.support.fake_folder import FakeFolder, read_paragraphs
from tests.support.window import LONG, click_link, show_window

REV_B = ("# Chlorine Dosing\n\nSOP-114 Rev B\n\n## Procedure\n\n1. Open the feed valve.\n\n"
         "2. Start the dosing pump.\n\n3. Set the chlorine feed to 20 percent of the pump stroke.\n")
REV_C = ("# Chlorine Dosing\n\nSOP-114 Rev C\n\n## Procedure\n\n1. Open the feed valve.\n\n"
         "2. Start the dosing pump.\n\n3. Flush the sample line for 2 minutes.\n\n"
         "4. Set the chlorine feed to 25 percent of the pump stroke.\n")
PUMPS = "Booster pump B-2 discharge pressure is read on PT-2105.\n\nRotate the duty pump weekly.\n"


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "dosing-B.md").write_text(REV_B, encoding="utf-8")
    (folder / "dosing-C.md").write_text(REV_C, encoding="utf-8")
    (folder / "pumps.txt").write_text(PUMPS, encoding="utf-8")
    return folder


def doc_id(folder: FakeFolder, name: str) -> str:
    return next(d.doc_id for d in folder.documents() if d.source.endswith(name))


def place(folder: FakeFolder, path: Path, words: str, label: str) -> DiffPlace:
    """The paragraph of `path` holding `words`, where the viewer's text has it."""
    paragraph = next(p for p in read_paragraphs(path)[1] if words in p.text)
    ident = doc_id(folder, path.name)
    return DiffPlace(ident, f"{ident}:{paragraph.number}", paragraph.section, (), paragraph.start, paragraph.end,
                     paragraph.text, label)


@pytest.fixture
def folder(tmp_path, docs):
    workspace = FakeFolder(tmp_path / "data")
    assert workspace.ingest([docs]).count("added") == 3
    workspace.correct_identity(doc_id(workspace, "dosing-B.md"), "SOP-114", "B")
    workspace.correct_identity(doc_id(workspace, "dosing-C.md"), "SOP-114", "C")
    return workspace


@pytest.fixture
def diff(folder, docs) -> RevisionDiff:
    old_20 = place(folder, docs / "dosing-B.md", "20 percent", "3")
    new_25 = place(folder, docs / "dosing-C.md", "25 percent", "4")
    flush = place(folder, docs / "dosing-C.md", "Flush the sample line", "3")
    revisions = folder.revisions()
    old = RevisionInfo(**{**vars(revisions[old_20.doc_id]), "status": "superseded", "status_text": "superseded by Rev C"})
    new = RevisionInfo(**{**vars(revisions[new_25.doc_id]), "status": "current"})
    return RevisionDiff("SOP-114", old, new, "Chlorine Dosing", str((docs / "dosing-B.md").resolve()),
                        "Chlorine Dosing", str((docs / "dosing-C.md").resolve()),
                        (RevisionChange(PIECE_ADDED, "step", "Procedure", None, flush),
                         RevisionChange(VALUE_CHANGED, "step", "Procedure", old_20, new_25,
                                        (("", "20 percent", "25 percent"),), moved=True)))


@pytest.fixture
def window(qtbot, folder):
    win = show_window(qtbot, folder)
    qtbot.waitUntil(lambda: len(win.revisions) == 3, timeout=LONG)  # read after the models load
    yield win
    win.close()


def open_document(qtbot, window, folder, name: str) -> Source:
    """Open a document's first paragraph in the viewer, as a citation click does."""
    ident = doc_id(folder, name)
    info = next(d for d in folder.documents() if d.doc_id == ident)
    paragraph = read_paragraphs(Path(info.source))[1][0]
    source = Source(1, f"{ident}:{paragraph.number}", info.title, info.source, paragraph.section, (),
                    paragraph.start, paragraph.end, paragraph.text, 1.0)
    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        window.open_source(source)
    return source


def compare(qtbot, window):
    with qtbot.waitSignal(window.diff_shown, timeout=LONG) as shown:
        qtbot.mouseClick(window.viewer.compare, Qt.MouseButton.LeftButton)
    return shown.args[0]


def test_compare_shows_the_changes_and_each_side_opens_highlighted_in_the_viewer(qtbot, window, folder, diff):
    folder.diffs["SOP-114"] = diff
    open_document(qtbot, window, folder, "dosing-C.md")
    button = window.viewer.compare
    assert button.isVisible() and button.isEnabled() and button.accessibleName()

    dialog = compare(qtbot, window)
    qtbot.waitUntil(dialog.isVisible, timeout=LONG)
    assert folder.diff_requests == [("SOP-114", None, "C")]  # the shown revision against the one before it
    assert not dialog.isModal() and window.viewer.compare.isEnabled()
    shown = dialog.browser.toPlainText()
    added, changed = diff.changes
    assert "SOP-114: Rev B, superseded by Rev C -> Rev C" in shown
    assert added.summary == "Step 3 added" and added.summary in shown
    assert changed.summary == "Step 3 -> 4: value changed and moved: 20 percent -> 25 percent"
    assert changed.summary in shown and "Procedure" in shown
    assert changed.old is not None and changed.new is not None and added.new is not None
    for text in (changed.old.text, changed.new.text, added.new.text):  # verbatim
        assert text in shown

    # the old side opens the older revision, highlighted
    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        click_link(qtbot, dialog.browser, changed.old.text[:20])
    assert window.viewer.current.doc_id == changed.old.doc_id
    assert window.viewer.highlighted_text == changed.old.text
    assert "Rev B" in window.viewer.title.text()

    # the new side opens the newer one at its place
    with qtbot.waitSignal(window.viewer.passage_shown, timeout=LONG):
        click_link(qtbot, dialog.browser, changed.new.text[:20])
    current = window.viewer.current
    assert window.tabs.currentWidget() is window.viewer
    assert (current.doc_id, current.start, current.end) == (changed.new.doc_id, changed.new.start, changed.new.end)
    assert window.viewer.highlighted_text == changed.new.text == "4. Set the chlorine feed to 25 percent of the pump stroke."
    assert window.viewer.highlighted_text_visible()
    assert "Rev C" in window.viewer.title.text() and dialog.isVisible()


def test_a_folder_error_is_shown_and_the_window_stays_usable(qtbot, window, folder, diff, monkeypatch):
    def not_indexed(*args, **kwargs):
        raise UserError("SOP-114 has no revision before Rev C in this folder", "index the earlier revision first")

    open_document(qtbot, window, folder, "dosing-C.md")
    with monkeypatch.context() as patch:
        patch.setattr(folder, "revision_diff", not_indexed)
        qtbot.mouseClick(window.viewer.compare, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "no revision before" in window.statusBar().currentMessage(), timeout=LONG)
    assert window.statusBar().currentMessage() == ("Cannot compare revisions: SOP-114 has no revision before Rev C "
                                                   "in this folder (index the earlier revision first)")
    assert window.diff_dialog is None and window.viewer.compare.isEnabled()

    # usable: the next comparison is shown, and one with nothing changed says so
    folder.diffs["SOP-114"] = RevisionDiff(**{**vars(diff), "changes": ()})
    dialog = compare(qtbot, window)
    assert "No changes found between Rev B and Rev C." in dialog.browser.toPlainText()
    open_document(qtbot, window, folder, "pumps.txt")


def test_a_document_without_a_number_cannot_be_compared(qtbot, window, folder):
    assert not window.viewer.compare.isEnabled()  # nothing shown yet
    open_document(qtbot, window, folder, "pumps.txt")
    button = window.viewer.compare
    assert not button.isEnabled() and "number" in button.toolTip()
    button.click()
    assert folder.diff_requests == []
    open_document(qtbot, window, folder, "dosing-B.md")
    assert button.isEnabled()
