"""Source viewer: the cited document opened at the passage, highlighted.

PDF pages are drawn as images with the passage's characters boxed (pypdfium2 gives
both); other formats show the extracted text. Nothing in a document is ever run or
fetched: the viewer shows plain text and images it renders itself.

A document is read once (in the background, on the task runner's "view" lane, parsed in a child
process) and kept in a small cache keyed by its file's path, size and modification time; a
citation click, a zoom or a find draws from that page map, and nothing slower than copying a
finished image happens on the GUI thread (scripts/gui_stalls.py measures it).
"""

from __future__ import annotations

import html
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRect, Qt, Signal
from PySide6.QtGui import QColor, QImage, QKeySequence, QPainter, QPen, QPixmap, QShortcut, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from operator_assistant.core.answer.records import Source
from operator_assistant.core.documents import Document
from operator_assistant.core.documents.image import open_frames
from operator_assistant.core.documents.ocr import OcrPage
from operator_assistant.core.documents.process import DocumentProcess
from operator_assistant.core.locations import section_label
from operator_assistant.errors import DocumentError, UserError

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

    from operator_assistant.folder.records import RevisionInfo
from operator_assistant.gui.tasks import TaskRunner

log = logging.getLogger("gui")

HIGHLIGHT = QColor(255, 214, 0, 110)
OUTLINE = QColor(230, 120, 0)


def page_image(path: Path, document: Document, page_no: int, scale: float) -> PILImage:
    """Page `page_no` (1-based) drawn at `scale` pixels per page unit (PDF points, or an image's pixels)."""
    if document.format == "image":
        frame = open_frames(path.read_bytes())[page_no - 1].convert("RGB")
        return frame.resize((max(1, round(frame.width * scale)), max(1, round(frame.height * scale))))
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[page_no - 1].render(scale=scale).to_pil().convert("RGB")
    finally:
        pdf.close()


def page_width(path: Path, document: Document, page_no: int) -> float:
    """A page's width in page units, to fit it to the pane."""
    if document.format == "image":
        return float(open_frames(path.read_bytes())[page_no - 1].width)
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[page_no - 1].get_width()
    finally:
        pdf.close()


def passage_boxes(path: Path, document: Document, start: int, end: int, scale: float) -> tuple[QImage, list[QRect], int]:
    """The page holding `start`, rendered, with pixel boxes around the passage's characters on it
    (or, on a page read by OCR, around its words)."""
    page_no = document.page_at(start) or 1
    page_start = document.page_starts[page_no - 1]
    page_end = document.page_starts[page_no] if page_no < len(document.page_starts) else len(document.text)
    image = page_image(path, document, page_no, scale)
    boxes = []
    scanned = document.ocr_pages.get(page_no - 1)
    if scanned is not None:
        first, last = start - page_start, min(end, page_end) - page_start
        for word in scanned.words:
            if word.start < last and first < word.end:
                left, top, right, bottom = (v * scale for v in word.box)
                boxes.append(QRect(int(left), int(top), max(1, int(right - left)), max(1, int(bottom - top))))
    else:
        import pypdfium2 as pdfium

        pdf = pdfium.PdfDocument(str(path))
        try:
            page = pdf[page_no - 1]
            height = page.get_height()
            textpage = page.get_textpage()
            count = textpage.count_chars()
            for offset in range(max(0, start - page_start), min(end, page_end) - page_start):
                index = document.pdf_char(page_no - 1, offset)
                if not 0 <= index < count or document.text[page_start + offset].isspace():
                    continue
                # loose: the font's whole height, so the boxes of one line meet and can be joined
                left, bottom, right, top = textpage.get_charbox(index, loose=True)
                boxes.append(QRect(int(left * scale), int((height - top) * scale),
                                   max(1, int((right - left) * scale)), max(1, int((top - bottom) * scale))))
        finally:
            pdf.close()
    data = image.tobytes("raw", "RGB")
    qimage = QImage(data, image.width, image.height, image.width * 3, QImage.Format.Format_RGB888).copy()
    return qimage, join_boxes(boxes), page_no


class DocumentCache:
    """Parsed documents by file (path, size, modification time): the few opened last, each read once."""

    def __init__(self, size: int = 4) -> None:
        self.size = size
        self._documents: OrderedDict[tuple[str, int, int], Document] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(path: Path) -> tuple[str, int, int]:
        try:
            stat = path.stat()
        except OSError as exc:
            raise DocumentError(f"cannot read file: {exc.strerror or exc}") from exc
        return str(path), stat.st_size, stat.st_mtime_ns

    def get(self, path: Path, load: Callable[[], Document]) -> Document:
        """The document read from `path`, parsed by `load` only when the file is new or changed."""
        key = self.key(path)
        with self._lock:
            if key in self._documents:
                self._documents.move_to_end(key)
                return self._documents[key]
        document = load()
        with self._lock:
            self._documents[key] = document
            while len(self._documents) > self.size:
                self._documents.popitem(last=False)
        return document

    def peek(self, path: Path) -> Document | None:
        """The document if it is cached and its file unchanged; never parses (safe on the GUI thread)."""
        try:
            key = self.key(path)
        except DocumentError:
            return None
        with self._lock:
            return self._documents.get(key)


@dataclass
class PassageView:
    """A passage ready to show: its document and, for pages drawn as images, the page with the passage's boxes."""

    document: Document
    image: QImage | None = None
    boxes: list[QRect] = field(default_factory=list)


def prepare_passage(document: Document, path: Path, source: Source, pane_width: int, zoom: float) -> PassageView:
    """Everything slow about showing a passage (off the GUI thread): the page drawn at the pane's width times
    `zoom`, the passage boxed on it; a text document needs nothing drawn."""
    if document.format not in ("pdf", "image") or not document.page_starts:
        return PassageView(document)
    width = page_width(path, document, document.page_at(source.start) or 1)
    # fit the page to the pane's width; `zoom` scales from there (an image's page unit is a pixel)
    least = 0.5 if document.format == "pdf" else 0.1
    fit = max(least, (pane_width - 4) / width) if width else 1.5
    image, boxes, _ = passage_boxes(path, document, source.start, source.end, fit * zoom)
    return PassageView(document, image, boxes)


def join_boxes(boxes: list[QRect]) -> list[QRect]:
    """Character boxes joined into one box per run of words on a line, a little larger than
    the text: a single table cell ("118") boxed character by character is too small to see.
    Runs further apart than a line's height (another table column) stay apart."""
    joined: list[QRect] = []
    for box in boxes:
        last = joined[-1] if joined else None
        if (last is not None and abs(box.center().y() - last.center().y()) < last.height() / 2
                and -last.height() < box.left() - last.right() < last.height()):
            joined[-1] = last.united(box)
        else:
            joined.append(QRect(box))
    return [box.adjusted(-2, -1, 2, 1) for box in joined]


def cell_ref(document: Document, start: int, end: int) -> str:
    """The spreadsheet place ("Setpoints!C12") of the table cell that is exactly this span, or ""."""
    for table in document.tables:
        for row in (table.header, *table.header_lines, *table.rows):
            for cell in row:
                if cell.start == start and cell.end == end and cell.ref:
                    return cell.ref
    return ""


def qt_position(text: str, offset: int) -> int:
    """A Python string offset as a Qt text position: Qt counts UTF-16 units, so a character
    outside the BMP before a one-cell highlight would shift it."""
    if text.isascii():
        return offset
    return len(text[:offset].encode("utf-16-le")) // 2


class SourceViewer(QWidget):
    step_requested = Signal(int)  # -1 previous citation, +1 next
    passage_shown = Signal()  # the passage asked for last is on screen
    failed = Signal(str)  # the document asked for last could not be opened (the reason)
    compare_requested = Signal(object)  # RevisionInfo of the document shown: compare it with its previous revision

    def __init__(self, tasks: TaskRunner | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks if tasks is not None else TaskRunner(self)
        self.documents = DocumentCache()
        self.reader = DocumentProcess()  # parses in a child process: see core/documents/process.py
        self._request = 0  # the latest show request; a slower, older one is dropped when it arrives
        self._revision = ""
        self._identity: RevisionInfo | None = None  # the shown document's number and revision, when known
        self._comparing = False  # the shown document is being compared with its previous revision
        self._find_when_shown = False
        self._text_shown: Document | None = None  # the document whose text the text pane holds
        self.title = QLabel("Click a citation to open its source here.")
        self.title.setWordWrap(True)
        # always rich text: an escaped title ("O&amp;M Manual: opening ...") with no tag in it is shown as it reads
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.previous = QPushButton("< Previous citation")
        self.previous.clicked.connect(lambda: self.step_requested.emit(-1))
        self.next = QPushButton("Next citation >")
        self.next.clicked.connect(lambda: self.step_requested.emit(+1))
        zoom_in, zoom_out = QPushButton("Zoom +"), QPushButton("Zoom -")
        zoom_in.clicked.connect(lambda: self.set_zoom(self.zoom * 1.25))
        zoom_out.clicked.connect(lambda: self.set_zoom(self.zoom / 1.25))
        self.find_box = QLineEdit()
        self.find_box.setPlaceholderText("Find in document (Ctrl+F)")
        self.find_box.setAccessibleName("Find in document")
        self.find_box.returnPressed.connect(self.find_next)
        QShortcut(QKeySequence.StandardKey.Find, self).activated.connect(self.find_box.setFocus)
        self.previous.setAccessibleName("Previous citation")
        self.next.setAccessibleName("Next citation")
        zoom_in.setAccessibleName("Zoom in")
        zoom_out.setAccessibleName("Zoom out")
        self.compare = QPushButton("Compare with previous revision")
        self.compare.setAccessibleName("Compare with previous revision")
        self.compare.clicked.connect(self._compare)
        tools = QHBoxLayout()
        for widget in (self.previous, self.next, zoom_out, zoom_in):
            tools.addWidget(widget)
        tools.addWidget(self.find_box, 1)
        tools.addWidget(self.compare)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setAccessibleName("Document text")
        self.page = QLabel()
        self.page.setAccessibleName("Document page")
        self.page_area = QScrollArea()
        self.page_area.setWidget(self.page)
        self.page_area.setWidgetResizable(False)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.text)
        self.stack.addWidget(self.page_area)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(tools)
        layout.addWidget(self.stack, 1)
        self.current: Source | None = None
        self.highlighted_text = ""
        self.highlight_boxes: list[QRect] = []
        self.zoom: float = 1.0
        # doc id -> its pages read by OCR, kept in the index: a scan is shown without OCR-ing it again
        self.stored_ocr: Callable[[str], dict[int, OcrPage]] | None = None
        # (doc id, source) -> the file to read; a console downloads the server's copy here (off the GUI thread)
        self.locate: Callable[[str, str], Path] | None = None
        self._located: dict[str, Path] = {}  # source -> the file it was read from
        self.set_identity(None)

    def _reader(self, source: Source, path: Path) -> Callable[[], Document]:
        doc_id, stored_ocr, reader = source.doc_id, self.stored_ocr, self.reader

        def load() -> Document:
            return reader.parse(path, stored=stored_ocr(doc_id) if stored_ocr else {})

        return load

    def _path(self, source: Source) -> Path:
        """The file a source was read from, as far as is known on the GUI thread."""
        return self._located.get(source.source) or Path(source.source)

    def shutdown(self) -> None:
        """Stop the reader process (the window is closing)."""
        self.reader.close()

    def set_identity(self, identity: RevisionInfo | None) -> None:
        """The shown document's number and revision: a numbered one can be compared with its previous revision."""
        self._identity = identity
        self._show_compare()

    def set_comparing(self, busy: bool) -> None:
        """A comparison is being made (the button waits for it)."""
        self._comparing = busy
        self._show_compare()

    def _show_compare(self) -> None:
        identity, busy = self._identity, self._comparing
        numbered = identity is not None and bool(identity.number)
        self.compare.setEnabled(numbered and not busy)
        if identity is None or not identity.number:
            self.compare.setToolTip("Only a document with a number (such as SOP-114) has revisions to compare; "
                                    "this one has none." if self.current is not None else
                                    "Open a numbered document (click a citation) to compare it with its previous "
                                    "revision.")
        else:
            shown = f"{identity.number} Rev {identity.revision}" if identity.revision else identity.number
            self.compare.setToolTip(f"What changed in {shown} since the revision before it"
                                    + (" (working...)" if busy else ""))

    def _compare(self) -> None:
        if self._identity is not None and self._identity.number:
            self.compare_requested.emit(self._identity)

    def show_passage(self, source: Source, revision: str = "", identity: RevisionInfo | None = None) -> None:
        """Open the source at the passage; `revision` is its revision label ("Rev C, effective ..., supersedes Rev B"),
        `identity` its number and revision (a numbered document can be compared with its previous revision).
        The document is read and the page drawn in the background; `passage_shown` says when it is on screen."""
        path = self._path(source)
        self.current, self._revision = source, revision
        self.set_identity(identity)
        self._request += 1
        request, documents, locate, located = self._request, self.documents, self.locate, self._located
        pane_width, zoom = self.page_area.viewport().width(), self.zoom
        if documents.peek(path) is None:
            self.title.setText(html.escape(f"{source.document}: opening {path.name}..."))

        def op() -> PassageView | None:
            if request != self._request:
                return None  # a newer citation was clicked meanwhile: do not draw this one
            local = locate(source.doc_id, source.source) if locate is not None else path
            located[source.source] = local
            return prepare_passage(documents.get(local, self._reader(source, local)), local, source, pane_width, zoom)

        def shown(view: PassageView | None) -> None:
            if view is not None and request == self._request:
                self._display(source, revision, view)

        def failed(exc: UserError) -> None:
            if request == self._request:
                self.title.setText(html.escape(f"{source.document}: cannot open {path.name} ({exc.message})"))
                self.failed.emit(exc.message)

        self.tasks.run("view", op, shown, failed)

    def _display(self, source: Source, revision: str, view: PassageView) -> None:
        document, path = view.document, Path(source.source)
        where = section_label(source.section, source.document)
        # the page the highlight starts on: a passage's first page is not always its cell's
        page_no = document.page_at(source.start) or (source.pages[0] if source.pages else None)
        ref = cell_ref(document, source.start, source.end)  # a spreadsheet cell: "Setpoints!C12"
        place = ", ".join(part for part in (where, f"page {page_no}" if page_no else "", f"cell {ref}" if ref else "")
                          if part)
        # Titles and section names come from the document: escaped, never markup.
        self.title.setText(f"<b>{html.escape(source.document)}</b>" + (f" &mdash; {html.escape(place)}" if place else "")
                           + f"<br>{html.escape(path.name)}"
                           + (f"<br><i>{html.escape(revision)}</i>" if revision else ""))
        self.highlighted_text = document.text[source.start:source.end]
        if view.image is not None:
            self._show_page(view)
        else:
            self._show_text(document, source)
        if self._find_when_shown:
            self._find_when_shown = False
            self.find_next()
        self.passage_shown.emit()

    def _show_text(self, document: Document, source: Source) -> None:
        self.stack.setCurrentWidget(self.text)
        if self._text_shown is not document:  # a long document's text is laid out once, not at every find
            self.text.setPlainText(document.text)
            self._text_shown = document
        begin, stop = qt_position(document.text, source.start), qt_position(document.text, source.end)
        cursor = QTextCursor(self.text.document())
        cursor.setPosition(begin)
        cursor.setPosition(stop, QTextCursor.MoveMode.KeepAnchor)
        selection = QTextEdit.ExtraSelection()
        fmt = QTextCharFormat()
        fmt.setBackground(HIGHLIGHT)
        selection.format = fmt
        selection.cursor = cursor
        self.text.setExtraSelections([selection])
        end = QTextCursor(self.text.document())
        end.setPosition(min(stop, self.text.document().characterCount() - 1))
        self.text.setTextCursor(end)
        start = QTextCursor(self.text.document())
        start.setPosition(begin)
        self.text.setTextCursor(start)
        self.text.centerCursor()
        self.highlight_boxes = []

    def _show_page(self, view: PassageView) -> None:
        assert view.image is not None
        self.stack.setCurrentWidget(self.page_area)
        pixmap = QPixmap.fromImage(view.image)
        painter = QPainter(pixmap)
        painter.setPen(QPen(OUTLINE, 2))  # the outline keeps a short highlight visible on a busy page
        painter.setBrush(HIGHLIGHT)
        for box in view.boxes:
            painter.drawRect(box)
        painter.end()
        self.page.setPixmap(pixmap)
        self.page.resize(pixmap.size())
        self.highlight_boxes = view.boxes
        if view.boxes:
            first = view.boxes[0]
            self.page_area.horizontalScrollBar().setValue(0)
            self.page_area.verticalScrollBar().setValue(max(0, first.y() - 80))

    def set_zoom(self, zoom: float) -> None:
        self.zoom = max(0.5, min(4.0, zoom))
        if self.current is not None:
            self.show_passage(self.current, self._revision, self._identity)
        font = self.text.font()
        font.setPointSizeF(max(6.0, 10.0 * self.zoom))
        self.text.setFont(font)

    def find_next(self) -> bool:
        """Find the search text in the document text, from the cursor on, wrapping once. While the document is
        still being read, the find runs when it is shown (and this returns False)."""
        needle = self.find_box.text()
        if not needle:
            return False
        if self.stack.currentWidget() is not self.text and self.current is not None:
            document = self.documents.peek(self._path(self.current))
            if document is None:
                self._find_when_shown = True
                return False
            self._show_text(document, self.current)  # search the PDF's text layer or OCR text
        found = self.text.find(needle)
        if not found:
            cursor = self.text.textCursor()
            cursor.movePosition(QTextCursor.MoveOperation.Start)
            self.text.setTextCursor(cursor)
            found = self.text.find(needle)
        return found

    def highlighted_text_visible(self) -> bool:
        """Whether the highlighted passage is on screen (used by tests and screenshots)."""
        if self.stack.currentWidget() is self.page_area:
            corner = QPoint(self.page_area.horizontalScrollBar().value(), self.page_area.verticalScrollBar().value())
            viewport = QRect(corner, self.page_area.viewport().size())
            return any(viewport.intersects(box) for box in self.highlight_boxes)
        rect = self.text.cursorRect()
        return self.text.viewport().rect().intersects(rect)
