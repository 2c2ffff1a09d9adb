"""Corpus manager: the indexed documents, drag-and-drop to add, background ingestion, and (gui/conflicts.py)
the values current documents state differently.

It must not ingest on the GUI thread or decide who may change the corpus (core/roles.py).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from operator_assistant.folder.records import unreadable_note
from operator_assistant.gui.conflicts import ConflictsView

if TYPE_CHECKING:  # the index behind these is not loaded by a console's window
    from operator_assistant.folder.records import DocumentInfo, JobProgress, RevisionInfo

REINDEX_TIP = "Read the selected documents again (all when none is selected)"
IDENTITY_TIP = "Set or correct the selected document's number, revision and effective date"
COLUMNS = ("Title", "Type", "Pages", "Chunks", "Read by", "Status", "Number", "Revision", "Effective", "In force",
           "Last indexed", "Hash")
REVISION_COLUMNS = range(6, 10)


def read_by(doc: DocumentInfo) -> str:
    """"text" for a text layer; "OCR 0.93" with the mean OCR confidence for scans and images."""
    if not doc.ocr_pages:
        return "text" if doc.status == "indexed" else ""
    every = "" if doc.pages and doc.ocr_pages >= doc.pages else f" ({doc.ocr_pages} page{'s' if doc.ocr_pages != 1 else ''})"
    return f"OCR {doc.ocr_confidence:.2f}{every}" if doc.ocr_confidence is not None else f"OCR{every}"


class DocumentTable(QAbstractTableModel):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[DocumentInfo] = []
        self.revisions: dict[str, RevisionInfo] = {}

    def set_documents(self, docs: list[DocumentInfo], revisions: dict[str, RevisionInfo] | None = None) -> None:
        self.beginResetModel()
        self.rows = list(docs)
        self.revisions = dict(revisions or {})
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # Qt override
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # Qt override
        return len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # Qt override
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        doc = self.rows[index.row()]
        revision = self.revisions.get(doc.doc_id)
        if role == Qt.ItemDataRole.ToolTipRole:
            if index.column() in REVISION_COLUMNS and revision is not None and revision.has_identity:
                return f"{revision.label}\nRead from: {revision.found_in or '-'}"
            return doc.error or doc.ocr_note or doc.source
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole):
            return None
        status = doc.status if not doc.error else f"{doc.status}: {doc.error}"
        if not doc.error and doc.unreadable_pages:
            status = f"{doc.status}: {unreadable_note(list(doc.unreadable_pages))}"
        values = (doc.title, doc.format, doc.pages or "", doc.chunks, read_by(doc), status,
                  revision and revision.number or "", revision and revision.revision or "",
                  revision.effective.isoformat() if revision and revision.effective else "",
                  (revision.status_text + (" (corrected)" if revision.corrected else "")) if revision else "",
                  time.strftime("%Y-%m-%d %H:%M", time.localtime(doc.indexed_at)), doc.content_hash[:10])
        return values[index.column()]


class IdentityDialog(QDialog):
    """An admin sets or corrects a document's number, revision and effective date (the rules are in core)."""

    def __init__(self, doc: DocumentInfo, revision: RevisionInfo | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Document number and revision")
        self.setMinimumWidth(440)
        self.clear_requested = False
        self.number = QLineEdit(revision.number or "" if revision else "")
        self.revision = QLineEdit(revision.revision or "" if revision else "")
        self.effective = QLineEdit(revision.effective.isoformat() if revision and revision.effective else "")
        self.effective.setPlaceholderText("2026-05-01")
        self.shown = (self.number.text(), self.revision.text(), self.effective.text())
        for field, name in ((self.number, "Document number"), (self.revision, "Revision"),
                            (self.effective, "Effective date")):
            field.setAccessibleName(name)
        form = QFormLayout(self)
        intro = QLabel(f"{doc.title} ({doc.source})\n" + (f"Now: {revision.label}" if revision and revision.label
                                                          else "No number, revision or effective date was read.")
                       + "\nA correction wins over what the document says and is kept when it is indexed again. "
                         "Leave a field empty for none.")
        intro.setWordWrap(True)
        form.addRow(intro)
        form.addRow("Number", self.number)
        form.addRow("Revision", self.revision)
        form.addRow("Effective", self.effective)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.clear_button = buttons.addButton("Use what the document says", QDialogButtonBox.ButtonRole.ResetRole)
        self.clear_button.setEnabled(bool(revision and revision.corrected))
        self.clear_button.clicked.connect(self._clear)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _clear(self) -> None:
        self.clear_requested = True
        self.accept()

    def values(self) -> tuple[str | None, str | None, str | None]:
        """Each field as typed, or None where it was left as shown (so it is not marked as corrected)."""
        number, revision, effective = (field.text().strip() if field.text().strip() != shown else None
                                       for field, shown in zip((self.number, self.revision, self.effective), self.shown))
        return number, revision, effective


class CorpusManager(QWidget):
    ingest_requested = Signal(list)  # list[Path]
    remove_requested = Signal(list)  # list[str] doc ids
    reindex_requested = Signal(list)  # list[Path]
    identity_requested = Signal(str)  # doc id whose number/revision/effective date an admin edits
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.admin = True  # the window turns this off until admin mode is unlocked
        self.busy = False
        self.model = DocumentTable()
        self.proxy = QSortFilterProxyModel()
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.setAccessibleName("Indexed documents")
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter documents")
        self.filter.setAccessibleName("Filter documents")
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.add_button = QPushButton("Add files...")
        self.add_button.clicked.connect(self._add_files)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self._remove)
        self.reindex_button = QPushButton("Re-index")
        self.reindex_button.setToolTip(REINDEX_TIP)
        self.reindex_button.clicked.connect(self._reindex)
        self.identity_button = QPushButton("Revision...")
        self.identity_button.setToolTip(IDENTITY_TIP)
        self.identity_button.clicked.connect(self._edit_identity)
        self.models = QLabel("")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setAccessibleName("Ingestion progress")
        self.current = QLabel("Drop files or folders here to add them.")
        self.overall = QLabel("")  # files x/y, chunks, rate, time left while indexing
        self.overall.setAccessibleName("Indexing progress")
        self.health = QLabel("")
        self.log = QLabel("")
        # long lines wrap instead of widening the pane and squeezing the chat
        for label in (self.models, self.current, self.health, self.log):
            label.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.filter, 1)
        top.addWidget(self.add_button)
        top.addWidget(self.remove_button)
        top.addWidget(self.reindex_button)
        top.addWidget(self.identity_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.progress, 1)
        bottom.addWidget(self.cancel_button)
        documents = QWidget()
        documents_layout = QVBoxLayout(documents)
        documents_layout.setContentsMargins(0, 0, 0, 0)
        documents_layout.addLayout(top)
        documents_layout.addWidget(self.table, 1)
        self.conflicts = ConflictsView()  # values current documents state differently (the window fills it)
        self.pages = QTabWidget()
        self.pages.addTab(documents, "Indexed")
        self.pages.addTab(self.conflicts, "Conflicts")
        self.pages.setAccessibleName("Indexed documents and conflicts")
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages, 1)
        layout.addWidget(self.current)
        layout.addWidget(self.overall)
        layout.addLayout(bottom)
        layout.addWidget(self.log)
        layout.addWidget(self.health)
        layout.addWidget(self.models)
        for button, name in ((self.add_button, "Add documents"), (self.remove_button, "Remove selected documents"),
                             (self.reindex_button, "Re-index documents"), (self.cancel_button, "Cancel indexing"),
                             (self.identity_button, "Edit document number and revision")):
            button.setAccessibleName(name)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # Qt override
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # Qt override
        paths = [Path(url.toLocalFile()) for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            if self.admin:
                event.acceptProposedAction()
            self.ingest_requested.emit(paths)  # when locked, the window refuses it and says why

    def _add_files(self) -> None:
        # any other file is read as text when it is text (a MIB, a .tpi, a .cfg): "All files" offers them too
        files, _ = QFileDialog.getOpenFileNames(self, "Add documents", "",
                                                "Documents (*.pdf *.docx *.md *.markdown *.html *.htm *.txt "
                                                "*.csv *.tsv *.xlsx *.xlsm *.png *.jpg *.jpeg *.tif *.tiff);;"
                                                "All files (*)")
        if files:
            self.ingest_requested.emit([Path(f) for f in files])

    def _remove(self) -> None:
        rows = {self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows()}
        ids = [self.model.rows[r].doc_id for r in sorted(rows)]
        if ids:
            self.remove_requested.emit(ids)

    def _reindex(self) -> None:
        rows = {self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows()}
        chosen = [self.model.rows[r] for r in sorted(rows)] or self.model.rows
        paths = [Path(d.source) for d in chosen if Path(d.source).exists()]
        if paths:
            self.reindex_requested.emit(paths)

    def _edit_identity(self) -> None:
        rows = sorted({self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows()})
        if len(rows) != 1:
            self.log.setText("Select one document to set its number, revision and effective date.")
            return
        self.identity_requested.emit(self.model.rows[rows[0]].doc_id)

    def set_busy(self, busy: bool) -> None:
        self.busy = busy
        self.cancel_button.setEnabled(busy)
        for button in (self.add_button, self.remove_button, self.reindex_button, self.identity_button):
            button.setEnabled(not busy and self.admin)
        if not busy:
            self.progress.setValue(self.progress.maximum())

    def set_admin(self, unlocked: bool) -> None:
        """Changing the documents needs admin mode: the buttons follow it, and so does the hint."""
        self.admin = unlocked
        self.conflicts.set_admin(unlocked)
        for button in (self.add_button, self.remove_button, self.reindex_button, self.identity_button):
            button.setEnabled(unlocked and not self.busy)
            button.setToolTip("Needs admin mode: Unlock admin in the toolbar" if not unlocked else
                              REINDEX_TIP if button is self.reindex_button else
                              IDENTITY_TIP if button is self.identity_button else "")
        if not self.busy:
            self.current.setText("Drop files or folders here to add them." if unlocked else
                                 "Operator mode: adding, removing or re-indexing documents needs admin mode "
                                 "(Unlock admin in the toolbar).")

    def show_progress(self, state: JobProgress) -> None:
        # by bytes, as the time left is (a QProgressBar holds 32-bit values: per mille, not bytes)
        self.progress.setMaximum(1000)
        done, total = (state.bytes_done, state.bytes_total) if state.bytes_total else (state.files_done, state.files_total)
        self.progress.setValue(round(1000 * done / total) if total else 0)
        self.overall.setText(state.describe())
        if not state.current:
            self.current.setText("Done.")
            return
        detail = f": {state.detail}" if state.detail else ""
        self.current.setText(f"Indexing {Path(state.current).name}{detail}")
