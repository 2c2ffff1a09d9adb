"""Chat pane: question box, streamed answer, citation links and source cards."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from PySide6.QtCore import QTimer, QUrl, Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from operator_assistant.core.assistant import Answer, Source

_MARKER = re.compile(r"\[(\d{1,2})\]")
_SETPOINT = re.compile(r"\b\d[\d,.]*\s?(?:psi|kPa|mg/L|gpm|ft|in|%|deg [CF]|mA|V|hp|rpm|seconds|minutes|hours|s)\b")


@dataclass
class _Entry:
    question: str
    streamed: str = ""
    answer: Answer | None = None
    sources: list[Source] = field(default_factory=list)


class QuestionBox(QPlainTextEdit):
    """Enter sends, Shift+Enter adds a line."""

    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


def render_answer(answer: Answer, entry: int = 0) -> str:
    """Answer text as safe HTML: escaped, markers as links, unverified claims marked, setpoints bold.

    The quoted source sentence at the end is shown as written: in a table row only the last
    figure carries the unit, and bolding it would point at the wrong value."""
    text, quoted = answer.split_quote()
    marks = sorted(answer.unverified, key=lambda c: c.start)
    parts, pos = [], 0
    for claim in marks:
        parts.append(_format_plain(text[pos:claim.start], entry))
        parts.append(f'<span style="background:#8a4b00;color:#fff" title="not found in the cited passages">'
                     f"{html.escape(text[claim.start:claim.end])}&nbsp;(unverified)</span>")
        pos = claim.end
    parts.append(_format_plain(text[pos:], entry))
    parts.append(_format_plain(quoted, entry, bold=False))
    return "".join(parts).replace("\n", "<br>")


def _format_plain(text: str, entry: int, bold: bool = True) -> str:
    escaped = html.escape(text)
    if bold:
        escaped = _SETPOINT.sub(lambda m: f"<b>{m.group()}</b>", escaped)
    return _MARKER.sub(lambda m: f'<a href="source:{entry}:{m.group(1)}">[{m.group(1)}]</a>', escaped)


def _location(source: Source) -> str:
    section = " &gt; ".join(html.escape(s) for s in source.section if s != source.document)
    page = f", page {source.pages[0]}" if source.pages else ""
    return f"{html.escape(source.document)}{' &mdash; ' + section if section else ''}{page}"


class ChatPane(QWidget):
    asked = Signal(str)
    stop_requested = Signal()
    source_opened = Signal(object)  # Source

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: list[_Entry] = []
        self.transcript = QTextBrowser()
        self.transcript.setOpenLinks(False)
        self.transcript.setOpenExternalLinks(False)
        self.transcript.anchorClicked.connect(self._link_clicked)
        self.transcript.setAccessibleName("Conversation")
        self.question = QuestionBox()
        self.question.setPlaceholderText("Loading models...")
        self.question.setAccessibleName("Question")
        self.question.setMaximumHeight(90)
        self.question.submitted.connect(self._submit)
        self.ask_button = QPushButton("Ask")
        self.ask_button.setAccessibleName("Ask")
        self.ask_button.clicked.connect(self._submit)
        self.stop_button = QPushButton("Stop (Esc)")
        self.stop_button.setAccessibleName("Stop answer")
        self.stop_button.setShortcut(Qt.Key.Key_Escape)
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop_requested)
        self.status = QLabel("")
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.ask_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.transcript, 1)
        layout.addWidget(self.question)
        layout.addLayout(buttons)
        self._render_timer = QTimer(self)
        self._render_timer.setSingleShot(True)
        self._render_timer.setInterval(50)  # streamed tokens are drawn at most 20 times a second
        self._render_timer.timeout.connect(self.render)
        self.set_ready(False)

    # state

    def set_ready(self, ready: bool, message: str = "") -> None:
        self.ready = ready
        self.ask_button.setEnabled(ready)
        self.question.setPlaceholderText("Ask about the plant's procedures and manuals (Enter to send)"
                                         if ready else (message or "Loading models..."))
        self.question.viewport().update()  # Qt does not repaint an empty box when only its placeholder changes
        self.status.setText(message)

    def set_busy(self, busy: bool) -> None:
        self.stop_button.setEnabled(busy)
        self.ask_button.setEnabled(self.ready and not busy)

    # conversation

    @Slot()
    def _submit(self) -> None:
        text = self.question.toPlainText().strip()
        if not text or not self.ready or self.stop_button.isEnabled():
            return
        self.question.clear()
        self.entries.append(_Entry(text))
        self.set_busy(True)
        self.render()
        self.asked.emit(text)

    def show_sources(self, sources: list[Source]) -> None:
        self.entries[-1].sources = sources

    def append_text(self, piece: str) -> None:
        self.entries[-1].streamed += piece
        if not self._render_timer.isActive():
            self._render_timer.start()

    def finish(self, answer: Answer) -> None:
        self.entries[-1].answer = answer
        self.set_busy(False)
        self.render()

    def load(self, answers: list[Answer]) -> None:
        """Show a stored conversation."""
        self.entries = [_Entry(a.question, a.text, a, a.citations) for a in answers]
        self.render()

    def fail(self, message: str) -> None:
        self.entries[-1].answer = None
        self.entries[-1].streamed += f"\n[{message}]"
        self.set_busy(False)
        self.render()

    @property
    def last_answer(self) -> Answer | None:
        return self.entries[-1].answer if self.entries else None

    def render(self) -> None:
        blocks = []
        for n, entry in enumerate(self.entries):
            blocks.append(f'<p style="margin-top:12px"><b>Q:</b> {html.escape(entry.question)}</p>')
            answer = entry.answer
            if answer is None:
                blocks.append(f"<p>{html.escape(entry.streamed).replace(chr(10), '<br>') or '<i>searching...</i>'}</p>")
                continue
            if answer.refused:
                closest = "".join(f'<li><a href="closest:{n}:{i}">{_location(s)}</a></li>'
                                  for i, s in enumerate(answer.closest))
                blocks.append('<table width="100%" cellpadding="8" style="background:#3a3a3a;color:#ffffff"><tr><td>'
                              f"<i>{html.escape(answer.text)}</i>"
                              + (f"<br>No indexed document mentions: {html.escape(', '.join(answer.unfamiliar))}"
                                 if answer.unfamiliar else "")
                              + (f"<br>Closest sections:<ul>{closest}</ul>" if closest else "")
                              + "</td></tr></table>")
                continue
            cards = "".join(
                f'<p style="margin-left:12px"><a href="source:{n}:{s.number}">[{s.number}] {_location(s)}</a><br>'
                f'<span style="color:#aaa">{html.escape(" ".join(s.text.split())[:160])}...</span></p>'
                for s in answer.citations)
            note = " (stopped)" if answer.cancelled else ""
            blocks.append(f"<p>{render_answer(answer, n)}{note}</p>{cards}")
        self.transcript.setHtml("".join(blocks))
        bar = self.transcript.verticalScrollBar()
        bar.setValue(bar.maximum())

    @Slot(QUrl)
    def _link_clicked(self, url: QUrl) -> None:
        kind, _, rest = url.toString().partition(":")
        if kind == "source":
            entry, number = (int(x) for x in rest.split(":"))
            answer = self.entries[entry].answer
            source = next((s for s in answer.citations if s.number == number), None) if answer else None
        elif kind == "closest":
            entry, index = (int(x) for x in rest.split(":"))
            answer = self.entries[entry].answer
            source = answer.closest[index] if answer else None
        else:
            return  # documents never open links by themselves
        if source is not None:
            self.source_opened.emit(source)

    def open_citation(self, number: int) -> None:
        """Open citation `number` of the latest answer (as a click on its marker does)."""
        self._link_clicked(QUrl(f"source:{len(self.entries) - 1}:{number}"))
