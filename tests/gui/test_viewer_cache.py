"""The source viewer reads a document once per version of its file: a citation click, a zoom or a
find draws from the parsed page map instead of parsing the PDF again on the GUI thread."""

from __future__ import annotations

import os

from operator_assistant.core.answer.records import Source
from operator_assistant.core.documents import load_document
from operator_assistant.gui.viewer import DocumentCache, SourceViewer
from tests.conftest import make_pdf


def test_the_cache_reads_a_file_once_per_version_and_keeps_a_few(tmp_path):
    files = [tmp_path / f"{n}.md" for n in range(3)]
    for path in files:
        path.write_text("# Pumps\n\nPump B-2 alarms at 118 psi.\n", encoding="utf-8")
    reads: list[str] = []
    cache = DocumentCache(size=2)

    def get(path):
        return cache.get(path, lambda: reads.append(path.name) or load_document(path))

    first = get(files[0])
    assert get(files[0]) is first and reads == ["0.md"] and cache.peek(files[0]) is first
    stat = files[0].stat()
    os.utime(files[0], ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # the file changed
    assert cache.peek(files[0]) is None
    get(files[0])
    get(files[1])
    get(files[2])  # three documents in a cache of two: the least recently used goes
    assert reads == ["0.md", "0.md", "1.md", "2.md"] and cache.peek(files[0]) is None


def test_zoom_and_find_do_not_read_the_pdf_again(qtbot, tmp_path, monkeypatch):
    path = make_pdf(tmp_path / "manual.pdf", [[("Booster pumps", 16), ("Pump B-2 alarms at 118 psi.", 11)],
                                              [("Filters", 16), ("Backwash when head loss reaches 8 ft.", 11)]])
    reads: list[str] = []
    viewer = SourceViewer()
    qtbot.addWidget(viewer)
    viewer.resize(800, 600)
    viewer.show()
    parse = viewer.reader.parse
    monkeypatch.setattr(viewer.reader, "parse", lambda p, **kw: reads.append(p.name) or parse(p, **kw))
    document = load_document(path)
    start = document.text.index("Backwash")
    source = Source(1, "d1:c1", "Manual", str(path), ("Filters",), (2,), start, start + 8, "Backwash", 1.0)
    with qtbot.waitSignal(viewer.passage_shown, timeout=30_000):
        viewer.show_passage(source)
    assert viewer.highlighted_text == "Backwash" and viewer.highlight_boxes and "page 2" in viewer.title.text()
    with qtbot.waitSignal(viewer.passage_shown, timeout=30_000):
        viewer.set_zoom(viewer.zoom * 1.25)
    viewer.find_box.setText("head loss")
    assert viewer.find_next() and viewer.text.textCursor().selectedText() == "head loss"
    with qtbot.waitSignal(viewer.passage_shown, timeout=30_000):
        viewer.show_passage(source)  # the same citation clicked again
    assert reads == ["manual.pdf"]
    viewer.shutdown()


def test_a_title_with_an_ampersand_reads_as_written_while_its_file_opens(qtbot):
    # "O&M" escaped for the label is shown as "O&M", not "O&amp;M", also in a line with no markup in it
    from PySide6.QtGui import QTextDocument

    viewer = SourceViewer()
    qtbot.addWidget(viewer)
    viewer.title.setText("Plant O&amp;M Manual: opening manual.pdf...")
    shown = QTextDocument()
    shown.setHtml(viewer.title.text()) if viewer.title.textFormat().name == "RichText" else shown.setPlainText(
        viewer.title.text())
    assert shown.toPlainText() == "Plant O&M Manual: opening manual.pdf..."
