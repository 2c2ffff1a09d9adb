"""Chat pane: question box, the answer card, the model's wording, citation links and source cards.

It must not search, call the model or decide what to show: it renders what the assistant sent.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field, replace

from PySide6.QtCore import Qt, QTimer, QUrl, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from operator_assistant.config import MODEL_FIRST
from operator_assistant.core.answer.claims import LIST_PREFIX
from operator_assistant.core.answer.records import PROCEDURE, TABLE, Answer, Card, CardCell, CardNote, Source
from operator_assistant.core.locations import pages_label, section_label
from operator_assistant.core.units import MEASUREMENT
from operator_assistant.gui.theme import NOTE_BACKGROUND, NOTE_BORDER, NOTE_LINK, NOTE_TEXT

_MARKER = re.compile(r"\[(\d{1,2})\]")


@dataclass
class _Entry:
    question: str
    streamed: str = ""
    answer: Answer | None = None
    sources: list[Source] = field(default_factory=list)
    card: Card | None = None
    card_sources: list[Source] = field(default_factory=list)  # the card's citations, before the answer is done
    error: str = ""

    @property
    def citations(self) -> list[Source]:
        return self.answer.citations if self.answer is not None else self.card_sources


class QuestionBox(QPlainTextEdit):
    """Enter sends, Shift+Enter adds a line."""

    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


def render_answer(answer: Answer, entry: int = 0) -> str:
    """The answer as safe HTML: the card and the model's checked wording (above the card when
    the model leads), or the plain text of an answer stored before answers had cards."""
    if answer.card is None:
        return render_text(answer, entry)
    card = render_card(answer.card, entry)
    if answer.wording:
        # A dark box in either theme, apart from the card; its links in a light colour to match.
        text = _format_plain(answer.wording, entry, link_style="color:#9fd3ff").replace("\n", "<br>")
        wording = ('<table width="100%" cellpadding="6" style="margin-top:8px;background:#1d2b38;color:#ffffff">'
                   '<tr><td><span style="color:#9fd3ff">Model\'s wording, checked against the card:</span>'
                   f"<br>{text}</td></tr></table>")
    elif answer.wording_note:
        wording = f'<p style="color:#a0a0a0"><i>{html.escape(answer.wording_note)}</i></p>'
    else:
        return card
    return wording + card if answer.mode == MODEL_FIRST else card + wording


def render_text(answer: Answer, entry: int = 0) -> str:
    """An answer without a card (refusals, stored older answers): escaped, markers as links,
    claims the old check could not find marked, setpoints bold."""
    text = answer.text
    marks = sorted(answer.unverified, key=lambda c: c.start)
    parts, pos = [], 0
    for claim in marks:
        parts.append(_format_plain(text[pos:claim.start], entry))
        parts.append(f'<span style="background:#8a4b00;color:#fff" title="not found in the cited passages">'
                     f"{html.escape(text[claim.start:claim.end])}&nbsp;(unverified)</span>")
        pos = claim.end
    parts.append(_format_plain(text[pos:], entry))
    return "<p>" + "".join(parts).replace("\n", "<br>") + "</p>"


def render_card(card: Card, entry: int = 0) -> str:
    """The card as safe HTML: a table, a numbered step list or sentences, each piece a link to
    its own place in the document. Shown as written (no bold setpoints): in a table row the
    unit stands in its own column, and bolding would point at the wrong value. Below it, each
    value another current document states differently, in that document's words."""
    return _card_body(card, entry) + render_notes(card.notes, entry)


def render_notes(notes: tuple[CardNote, ...], entry: int = 0) -> str:
    """One warning line per note: "SOP-114 says 4.0 mg/L (this card: 3.5 mg/L): <its words> [n]", its words a
    link to their place. A box of its own colours, so it reads the same in the dark and the light theme."""
    if not notes:
        return ""
    link = f"color:{NOTE_LINK}"
    rows = "".join(f"<tr><td>&#9888; <b>{html.escape(note.text)}</b>: "
                   f'<a href="note:{entry}:{i}" style="{link}">{html.escape(note.cell.text)}</a> '
                   f'<a href="source:{entry}:{note.cell.source}" style="{link}">[{note.cell.source}]</a></td></tr>'
                   for i, note in enumerate(notes))
    return (f'<table width="100%" border="1" cellspacing="0" cellpadding="4" style="margin-top:6px;'
            f'border-color:{NOTE_BORDER};background:{NOTE_BACKGROUND};color:{NOTE_TEXT}">{rows}</table>')


def _card_body(card: Card, entry: int) -> str:
    # a table's heading cites the table's own sources; a note cites its own beside it
    cites = "".join(_cite(n, entry) for n in card.table_sources) if card.kind == TABLE else ""
    part = f' <span style="color:#9aa0a6">({html.escape(card.part)})</span>' if card.part else ""
    title = f'<p><b>{html.escape(card.title)}</b>{part} {cites}</p>' if card.title or cites else ""
    if card.kind == TABLE:
        head = "".join(f'<th align="left" style="background:#2a2f35;color:#ffffff">{html.escape(c)}</th>'
                       for c in card.columns)
        body = "".join("<tr>" + "".join(f"<td>{_cell(c, entry, r, i)}</td>" for i, c in enumerate(row)) + "</tr>"
                       for r, row in enumerate(card.rows))
        head = f"<tr>{head}</tr>" if any(c.strip() for c in card.columns) else ""  # a table carried on unnamed
        return (f'{title}<table border="1" cellspacing="0" cellpadding="5" style="border-color:#555555">'
                f"{head}{body}</table>")
    items = [f"{_cell(c, entry, r, i)} {_cite(c.source, entry)}" for r, row in enumerate(card.rows)
             for i, c in enumerate(row)]
    # steps that carry their own numbers ("2. Open the breaker") are not numbered again: a list shown
    # from step 2 would read "1. 2. Open the breaker"
    if card.kind == PROCEDURE and not all(LIST_PREFIX.match(c.text) for c in card.cells):
        return title + "<ol>" + "".join(f"<li>{item}</li>" for item in items) + "</ol>"
    return title + "".join(f"<p>{item}</p>" for item in items)


def _cell(cell: CardCell, entry: int, row: int, column: int) -> str:
    # Not underlined: a table full of underlined figures is hard to read. A spreadsheet cell says where
    # it is when pointed at ("Setpoints!C12").
    where = f' title="{html.escape(cell.ref)}"' if cell.ref else ""
    # a list's items one under another ("a) Oil level low ..." / "b) Oil cooler fins ..."); a line the
    # layout broke flows on
    lines = [html.escape(line) for line in cell.text.split("\n")]
    text = "".join((("<br>" if LIST_PREFIX.match(raw) else " ") if n else "") + line
                   for n, (raw, line) in enumerate(zip(cell.text.split("\n"), lines)) if line.strip() or not n)
    return f'<a href="cell:{entry}:{row}:{column}" style="text-decoration:none"{where}>{text}</a>'



def _cite(number: int, entry: int) -> str:
    return f'<a href="source:{entry}:{number}">[{number}]</a>'


def _format_plain(text: str, entry: int, bold: bool = True, link_style: str = "") -> str:
    escaped = html.escape(text)
    if bold:
        escaped = MEASUREMENT.sub(lambda m: f"<b>{m.group()}</b>", escaped)
    style = f' style="{link_style}"' if link_style else ""
    return _MARKER.sub(lambda m: f'<a href="source:{entry}:{m.group(1)}"{style}>[{m.group(1)}]</a>', escaped)


def _location(source: Source) -> str:
    section = html.escape(section_label(source.section, source.document))
    page = f", {pages_label(source.pages)}" if source.pages else ""
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
        self._render_timer.timeout.connect(self.redraw)
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
        self.redraw()
        self.asked.emit(text)

    def show_sources(self, sources: list[Source]) -> None:
        self.entries[-1].sources = sources

    def show_card(self, card: Card, sources: list[Source]) -> None:
        """The card, at once: the operator reads it while the model is still wording."""
        self.entries[-1].card = card
        self.entries[-1].card_sources = sources
        self.redraw()

    def append_text(self, piece: str) -> None:
        self.entries[-1].streamed += piece
        if not self._render_timer.isActive():
            self._render_timer.start()

    def finish(self, answer: Answer) -> None:
        self.entries[-1].answer = answer
        self.set_busy(False)
        self.redraw()

    def load(self, answers: list[Answer]) -> None:
        """Show a stored conversation."""
        self.entries = [_Entry(a.question, a.text, a, a.citations, a.card, a.citations) for a in answers]
        self.redraw()

    def fail(self, message: str) -> None:
        self.entries[-1].answer = None
        self.entries[-1].error = message
        self.set_busy(False)
        self.redraw()

    @property
    def last_answer(self) -> Answer | None:
        return self.entries[-1].answer if self.entries else None

    def redraw(self) -> None:
        blocks = []
        for n, entry in enumerate(self.entries):
            blocks.append(f'<p style="margin-top:12px"><b>Q:</b> {html.escape(entry.question)}</p>')
            answer = entry.answer
            if answer is None:
                blocks.append(self._render_streaming(entry, n))
                continue
            if answer.refused:
                closest = "".join(f'<li><a href="closest:{n}:{i}">{_location(s)}</a></li>'
                                  for i, s in enumerate(answer.closest))
                blocks.append('<table width="100%" cellpadding="8" style="background:#3a3a3a;color:#ffffff"><tr><td>'
                              f"<i>{html.escape(answer.text)}</i>"
                              + (f"<br>No indexed document mentions: {html.escape(', '.join(answer.unfamiliar))}"
                                 if answer.unfamiliar else "")
                              + (f"<br>{html.escape(answer.refusal_reason)}" if answer.refusal_reason else "")
                              + (f"<br>Closest sections:<ul>{closest}</ul>" if closest else "")
                              + "</td></tr></table>")
                continue
            cards = "".join(
                f'<p style="margin-left:12px"><a href="source:{n}:{s.number}">[{s.number}] {_location(s)}</a><br>'
                f'<span style="color:#aaa">{html.escape(" ".join(s.text.split())[:160])}...</span></p>'
                for s in answer.citations)
            note = "<p>(stopped)</p>" if answer.cancelled else ""
            blocks.append(f"{render_answer(answer, n)}{note}{cards}")
        self.transcript.setHtml("".join(blocks))
        bar = self.transcript.verticalScrollBar()
        bar.setValue(bar.maximum())

    @staticmethod
    def _render_streaming(entry: _Entry, n: int) -> str:
        card = render_card(entry.card, n) if entry.card is not None else ""
        error = f"<p>[{html.escape(entry.error)}]</p>" if entry.error else ""
        if not entry.streamed:
            return card + error or "<p><i>searching...</i></p>"
        # Not checked yet: set apart from the card and labelled as the model's, never as the answer.
        streamed = html.escape(entry.streamed).replace("\n", "<br>")
        return f'{card}<p style="color:#a0a0a0"><i>Model\'s wording (being checked):</i> {streamed}</p>{error}'

    @Slot(QUrl)
    def _link_clicked(self, url: QUrl) -> None:
        kind, _, rest = url.toString().partition(":")
        if kind == "source":
            entry, number = (int(x) for x in rest.split(":"))
            source = next((s for s in self.entries[entry].citations if s.number == number), None)
        elif kind == "cell":
            entry, row, column = (int(x) for x in rest.split(":"))
            source = self._cell_source(self.entries[entry], row, column)
        elif kind == "note":
            entry, index = (int(x) for x in rest.split(":"))
            source = self._note_source(self.entries[entry], index)
        elif kind == "closest":
            entry, index = (int(x) for x in rest.split(":"))
            answer = self.entries[entry].answer
            source = answer.closest[index] if answer else None
        else:
            return  # documents never open links by themselves
        if source is not None:
            self.source_opened.emit(source)

    @staticmethod
    def _cell_source(entry: _Entry, row: int, column: int) -> Source | None:
        """The cell's source narrowed to the cell, so the viewer highlights just that cell."""
        card = entry.answer.card if entry.answer is not None else entry.card
        if card is None:
            return None
        return ChatPane._narrowed(entry, card.rows[row][column])

    @staticmethod
    def _note_source(entry: _Entry, index: int) -> Source | None:
        """The other document's words of a card's note, narrowed to them as a cell is."""
        card = entry.answer.card if entry.answer is not None else entry.card
        if card is None or not 0 <= index < len(card.notes):
            return None
        return ChatPane._narrowed(entry, card.notes[index].cell)

    @staticmethod
    def _narrowed(entry: _Entry, cell: CardCell) -> Source | None:
        source = next((s for s in entry.citations if s.number == cell.source), None)
        if source is None:
            return None
        pages = (cell.page,) if cell.page is not None else source.pages
        return replace(source, start=cell.start, end=cell.end, pages=pages)

    def open_cell(self, row: int, column: int = 0) -> None:
        """Open a cell (step, sentence) of the latest answer's card (as a click on it does)."""
        self._link_clicked(QUrl(f"cell:{len(self.entries) - 1}:{row}:{column}"))

    def open_note(self, index: int) -> None:
        """Open the other document's words of note `index` of the latest answer's card (as a click on them does)."""
        self._link_clicked(QUrl(f"note:{len(self.entries) - 1}:{index}"))

    def open_citation(self, number: int) -> None:
        """Open citation `number` of the latest answer (as a click on its marker does)."""
        self._link_clicked(QUrl(f"source:{len(self.entries) - 1}:{number}"))
