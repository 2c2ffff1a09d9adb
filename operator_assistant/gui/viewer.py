"""Source viewer: the cited document opened at the passage, highlighted.

PDF pages are drawn as images with the passage's characters boxed (pypdfium2 gives
both); other formats show the extracted text. Nothing in a document is ever run or
fetched: the viewer shows plain text and images it renders itself.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap, QTextCharFormat, QTextCursor
from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QScrollArea, QStackedWidget, QTextEdit, QVBoxLayout,
    QWidget,
)

from operator_assistant.core.assistant import Source
from operator_assistant.core.documents import Document, load_document
from operator_assistant.core.documents.image import open_frames
from operator_assistant.core.documents.ocr import OcrPage, StoredPages
from operator_assistant.core.locations import section_label
from operator_assistant.errors import DocumentError

HIGHLIGHT = QColor(255, 214, 0, 110)
OUTLINE = QColor(230, 120, 0)


def page_image(path: Path, document: Document, page_no: int, scale: float):  # noqa: ANN201 - a PIL image
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


def qt_position(text: str, offset: int) -> int:
    """A Python string offset as a Qt text position: Qt counts UTF-16 units, so a character
    outside the BMP before a one-cell highlight would shift it."""
    if text.isascii():
        return offset
    return len(text[:offset].encode("utf-16-le")) // 2


class SourceViewer(QWidget):
    step_requested = Signal(int)  # -1 previous citation, +1 next

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel("Click a citation to open its source here.")
        self.title.setWordWrap(True)
        self.previous = QPushButton("< Previous citation")
        self.previous.clicked.connect(lambda: self.step_requested.emit(-1))
        self.next = QPushButton("Next citation >")
        self.next.clicked.connect(lambda: self.step_requested.emit(+1))
        zoom_in, zoom_out = QPushButton("Zoom +"), QPushButton("Zoom -")
        zoom_in.clicked.connect(lambda: self.set_zoom(self.zoom * 1.25))
        zoom_out.clicked.connect(lambda: self.set_zoom(self.zoom / 1.25))
        self.find = QLineEdit()
        self.find.setPlaceholderText("Find in document (Ctrl+F)")
        self.find.setAccessibleName("Find in document")
        self.find.returnPressed.connect(self.find_next)
        QShortcut(QKeySequence.StandardKey.Find, self, activated=self.find.setFocus)
        self.previous.setAccessibleName("Previous citation")
        self.next.setAccessibleName("Next citation")
        zoom_in.setAccessibleName("Zoom in")
        zoom_out.setAccessibleName("Zoom out")
        tools = QHBoxLayout()
        for widget in (self.previous, self.next, zoom_out, zoom_in):
            tools.addWidget(widget)
        tools.addWidget(self.find, 1)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setAccessibleName("Document text")
        self.page = QLabel()
        self.page.setAccessibleName("Document page")
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.page)
        self.scroll.setWidgetResizable(False)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.text)
        self.stack.addWidget(self.scroll)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(tools)
        layout.addWidget(self.stack, 1)
        self.current: Source | None = None
        self.highlighted_text = ""
        self.highlight_boxes: list[QRect] = []
        self.zoom = 1.0
        # doc id -> its pages read by OCR, kept in the index: a scan is shown without OCR-ing it again
        self.stored_ocr: Callable[[str], dict[int, OcrPage]] | None = None

    def _load(self, source: Source) -> Document:
        pages = self.stored_ocr(source.chunk_id.split(":")[0]) if self.stored_ocr is not None else {}
        return load_document(Path(source.source), StoredPages(pages))

    def show_passage(self, source: Source, revision: str = "") -> None:
        """Open the source at the passage; `revision` is its revision label ("Rev C, effective ..., supersedes Rev B")."""
        path = Path(source.source)
        self.current = source
        try:
            document = self._load(source)
        except DocumentError as exc:
            self.title.setText(html.escape(f"{source.document}: cannot open {path.name} ({exc.message})"))
            return
        where = section_label(source.section, source.document)
        # the page the highlight starts on: a passage's first page is not always its cell's
        page_no = document.page_at(source.start) or (source.pages[0] if source.pages else None)
        place = ", ".join(part for part in (where, f"page {page_no}" if page_no else "") if part)
        # Titles and section names come from the document: escaped, never markup.
        self.title.setText(f"<b>{html.escape(source.document)}</b>" + (f" &mdash; {html.escape(place)}" if place else "")
                           + f"<br>{html.escape(path.name)}"
                           + (f"<br><i>{html.escape(revision)}</i>" if revision else ""))
        self.highlighted_text = document.text[source.start:source.end]
        if document.format in ("pdf", "image") and document.page_starts:
            self._show_page(path, document, source)
        else:
            self._show_text(document, source)

    def _show_text(self, document: Document, source: Source) -> None:
        self.stack.setCurrentWidget(self.text)
        self.text.setPlainText(document.text)
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

    def _show_page(self, path: Path, document: Document, source: Source) -> None:
        self.stack.setCurrentWidget(self.scroll)
        width = page_width(path, document, document.page_at(source.start) or 1)
        # fit the page to the pane's width; `zoom` scales from there (an image's page unit is a pixel)
        least = 0.5 if document.format == "pdf" else 0.1
        fit = max(least, (self.scroll.viewport().width() - 4) / width) if width else 1.5
        image, boxes, _ = passage_boxes(path, document, source.start, source.end, fit * self.zoom)
        pixmap = QPixmap.fromImage(image)
        painter = QPainter(pixmap)
        painter.setPen(QPen(OUTLINE, 2))  # the outline keeps a short highlight visible on a busy page
        painter.setBrush(HIGHLIGHT)
        for box in boxes:
            painter.drawRect(box)
        painter.end()
        self.page.setPixmap(pixmap)
        self.page.resize(pixmap.size())
        self.highlight_boxes = boxes
        if boxes:
            first = boxes[0]
            self.scroll.horizontalScrollBar().setValue(0)
            self.scroll.verticalScrollBar().setValue(max(0, first.y() - 80))

    def set_zoom(self, zoom: float) -> None:
        self.zoom = max(0.5, min(4.0, zoom))
        if self.current is not None:
            self.show_passage(self.current)
        font = self.text.font()
        font.setPointSizeF(max(6.0, 10.0 * self.zoom))
        self.text.setFont(font)

    def find_next(self) -> bool:
        """Find the search text in the document text (text formats), from the cursor on, wrapping once."""
        needle = self.find.text()
        if not needle:
            return False
        if self.stack.currentWidget() is not self.text and self.current is not None:
            self._show_text(self._load(self.current), self.current)  # search the PDF's text layer or OCR text
        found = self.text.find(needle)
        if not found:
            cursor = self.text.textCursor()
            cursor.movePosition(QTextCursor.MoveOperation.Start)
            self.text.setTextCursor(cursor)
            found = self.text.find(needle)
        return found

    def highlighted_text_visible(self) -> bool:
        """Whether the highlighted passage is on screen (used by tests and screenshots)."""
        if self.stack.currentWidget() is self.scroll:
            viewport = QRect(QPoint(self.scroll.horizontalScrollBar().value(), self.scroll.verticalScrollBar().value()),
                             self.scroll.viewport().size())
            return any(viewport.intersects(box) for box in self.highlight_boxes)
        rect = self.text.cursorRect()
        return self.text.viewport().rect().intersects(rect)
