"""What changed between two revisions of a numbered document, as the data folder found it (core/revision_diff.py
decides; this only shows it): one row per change, each side's own words a link that opens that place in the viewer."""

from __future__ import annotations

import html

from PySide6.QtCore import QUrl, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from operator_assistant.core.answer.records import Source
from operator_assistant.folder.records import DiffPlace, RevisionDiff

OLD, NEW = "old", "new"


def place_source(diff: RevisionDiff, side: str, place: DiffPlace) -> Source:
    """One side of a change as a source the viewer opens (number 0: no answer cites it)."""
    document, source = (diff.old_document, diff.old_source) if side == OLD else (diff.new_document, diff.new_source)
    chunk_id = place.chunk_id if place.chunk_id.startswith(f"{place.doc_id}:") else f"{place.doc_id}:"
    return Source(0, chunk_id, document, source, place.section, place.pages, place.start, place.end, place.text, 0.0)


def revision_name(diff: RevisionDiff, side: str) -> str:
    info = diff.old if side == OLD else diff.new
    return f"Rev {info.revision}" if info.revision else (diff.old_document if side == OLD else diff.new_document)


def diff_html(diff: RevisionDiff) -> str:
    """The diff as HTML: every text from the documents escaped, never markup. Links are "old:N" / "new:N"."""
    parts = [f"<h3>{html.escape(diff.heading)}</h3>"]
    if not diff.changes:
        parts.append(f"<p>No changes found between {html.escape(revision_name(diff, OLD))} and "
                     f"{html.escape(revision_name(diff, NEW))}.</p>")
        return "".join(parts)
    parts.append(f"<p>{len(diff.changes)} change(s). Click a passage to open it in the viewer.</p>")
    parts.append('<table border="1" cellspacing="0" cellpadding="4" width="100%">'
                 "<tr><th>Change</th><th>Section</th><th>Before</th><th>After</th></tr>")
    for n, change in enumerate(diff.changes):
        cells = [html.escape(change.summary), html.escape(change.section)]
        for side, place in ((OLD, change.old), (NEW, change.new)):
            cells.append(f'<a href="{side}:{n}">{html.escape(place.text)}</a>' if place is not None else "&mdash;")
        parts.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    parts.append("</table>")
    return "".join(parts)


class RevisionDiffDialog(QDialog):
    """Non-modal: the operator keeps it open beside the viewer and clicks through the changes."""

    source_opened = Signal(object)  # Source: a side of a change to open in the viewer

    def __init__(self, diff: RevisionDiff, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.diff = diff
        self.setWindowTitle(f"Compare revisions: {diff.number}")
        self.setModal(False)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName("Changes between revisions")
        self.browser.setOpenLinks(False)  # a link opens a place in the viewer, never a file or a web page
        self.browser.setOpenExternalLinks(False)
        self.browser.anchorClicked.connect(self._open)
        self.browser.setHtml(diff_html(diff))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAccessibleName("Close comparison")
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self.resize(900, 600)

    def source(self, link: str) -> Source | None:
        """The place a link ("new:3") stands for, or None for a link this dialog did not write."""
        side, _, index = link.partition(":")
        if side not in (OLD, NEW) or not index.isdigit() or int(index) >= len(self.diff.changes):
            return None
        change = self.diff.changes[int(index)]
        place = change.old if side == OLD else change.new
        return place_source(self.diff, side, place) if place is not None else None

    def open_link(self, link: str) -> None:
        source = self.source(link)
        if source is not None:
            self.source_opened.emit(source)

    def _open(self, url: QUrl) -> None:
        self.open_link(url.toString())
