"""The Documents tab's Conflicts view: values two current documents state differently, as the data folder
found them (core/conflicts.py decides; this only lists them). Each side opens its place in the viewer; an admin
marks a conflict settled (a settled one is no longer noted on answer cards) or reopens it.

It must not find or judge conflicts, or call the data folder: the window loads and settles them in the background.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from operator_assistant.core.answer.records import Source
from operator_assistant.folder.records import ConflictInfo, FactInfo

FIRST, SECOND = "first", "second"
COLUMNS = ("Subject", "Document", "Value", "Other document", "Value", "Status")
SIDE_COLUMNS = {1: FIRST, 2: FIRST, 3: SECOND, 4: SECOND}
NONE_FOUND = "No conflicts found between current documents."
NEEDS_ADMIN = "Needs admin mode: Unlock admin in the toolbar"


def fact_source(fact: FactInfo) -> Source:
    """One side of a conflict as a source the viewer opens at its words (number 0: no answer cites it)."""
    chunk_id = fact.chunk_id if fact.chunk_id.startswith(f"{fact.doc_id}:") else f"{fact.doc_id}:"
    return Source(0, chunk_id, fact.document, fact.source, fact.section, fact.pages, fact.start, fact.end, fact.text,
                  0.0)


def side_name(fact: FactInfo) -> str:
    """The document as an operator names it: its number, else its title."""
    return fact.number or fact.document


def settled_text(conflict: ConflictInfo) -> str:
    if not conflict.settled:
        return "Open"
    by = f" by {conflict.settled_by}" if conflict.settled_by else ""
    note = f": {conflict.note}" if conflict.note else ""
    return f"Settled{by}{note}"


class ConflictsView(QWidget):
    refresh_requested = Signal()  # shown, or Refresh clicked: the window reads the conflicts again
    settle_requested = Signal(str, bool, str)  # key, settled (False: reopen), note
    source_opened = Signal(object)  # Source: a side of a conflict to open in the viewer

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.conflicts: list[ConflictInfo] = []
        self.admin = True  # the corpus manager follows the window's admin mode
        self.busy = False  # a settle is on its way
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setAccessibleName("Conflicts between current documents")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        # the subject is what an admin reads first: a width of its own, never squeezed by long document titles
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((260, 200, 90, 200, 90)):
            self.table.setColumnWidth(column, width)
        self.table.activated.connect(self._activated)  # double-click or Enter: that side opens
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Conflicts status")
        self.open_first = QPushButton("Open document")
        self.open_first.clicked.connect(lambda: self.open_side(FIRST))
        self.open_second = QPushButton("Open other document")
        self.open_second.clicked.connect(lambda: self.open_side(SECOND))
        self.settle_button = QPushButton("Mark settled...")
        self.settle_button.clicked.connect(self._settle)
        self.reopen_button = QPushButton("Reopen")
        self.reopen_button.clicked.connect(self._reopen)
        self.refresh_button = QPushButton("Refresh")
        self.refresh_button.clicked.connect(self.refresh_requested)
        for button, name in ((self.open_first, "Open the selected conflict's document"),
                             (self.open_second, "Open the selected conflict's other document"),
                             (self.settle_button, "Mark the selected conflict settled"),
                             (self.reopen_button, "Reopen the selected conflict"),
                             (self.refresh_button, "Refresh conflicts")):
            button.setAccessibleName(name)
        buttons = QHBoxLayout()
        for button in (self.open_first, self.open_second, self.settle_button, self.reopen_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.refresh_button)
        intro = QLabel("Values two current documents state differently. An open conflict is noted on the answer "
                       "cards that show either value; a settled one is only listed here. Double-click a side to "
                       "open it.")
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        self._update_buttons()

    def showEvent(self, event: QShowEvent) -> None:  # Qt override
        super().showEvent(event)
        self.refresh_requested.emit()  # what an admin settled elsewhere, or a new ingest found, shows at once

    # what the window tells it

    def set_loading(self) -> None:
        if not self.conflicts:
            self.status.setText("Looking for conflicts...")

    def set_conflicts(self, conflicts: list[ConflictInfo]) -> None:
        """Show `conflicts`, keeping the selected one selected."""
        kept = self.selected()
        self.table.clearSelection()  # a row's place may now hold another conflict
        self.conflicts = list(conflicts)
        self.table.setRowCount(len(self.conflicts))
        for row, conflict in enumerate(self.conflicts):
            first, second = conflict.first, conflict.second
            values = (first.subject, side_name(first), first.value, side_name(second), second.value,
                      settled_text(conflict))
            tips = (first.subject, f"{first.document}\n{first.text}", first.text, f"{second.document}\n{second.text}",
                    second.text, settled_text(conflict))
            for column, (value, tip) in enumerate(zip(values, tips)):
                item = QTableWidgetItem(value)
                item.setToolTip(tip)
                self.table.setItem(row, column, item)
        again = next((i for i, c in enumerate(self.conflicts) if kept is not None and c.key == kept.key), None)
        if again is not None:
            self.table.selectRow(again)
        settled = sum(c.settled for c in self.conflicts)
        self.status.setText(NONE_FOUND if not self.conflicts else
                            f"{len(self.conflicts)} conflict(s) between current documents, {settled} settled.")
        self._update_buttons()

    def show_error(self, message: str) -> None:
        self.status.setText(message)

    def set_admin(self, unlocked: bool) -> None:
        self.admin = unlocked
        self._update_buttons()

    def set_busy(self, busy: bool) -> None:
        self.busy = busy
        self._update_buttons()

    # the operator's choices

    def selected(self) -> ConflictInfo | None:
        rows = self.table.selectionModel().selectedRows()
        if len(rows) != 1 or rows[0].row() >= len(self.conflicts):
            return None
        return self.conflicts[rows[0].row()]

    def open_side(self, side: str, conflict: ConflictInfo | None = None) -> None:
        conflict = conflict or self.selected()
        if conflict is not None:
            self.source_opened.emit(fact_source(conflict.first if side == FIRST else conflict.second))

    def _activated(self, index: QModelIndex) -> None:
        if 0 <= index.row() < len(self.conflicts):
            self.open_side(SIDE_COLUMNS.get(index.column(), FIRST), self.conflicts[index.row()])

    def _settle(self) -> None:
        conflict = self.selected()
        if conflict is None or conflict.settled:
            return
        note, ok = QInputDialog.getText(self, "Mark settled",
                                        f"{conflict.first.subject}: {side_name(conflict.first)} says "
                                        f"{conflict.first.value}, {side_name(conflict.second)} says "
                                        f"{conflict.second.value}.\nNote (optional), e.g. which value is right:")
        if ok:
            self.settle_requested.emit(conflict.key, True, note.strip())

    def _reopen(self) -> None:
        conflict = self.selected()
        if conflict is not None and conflict.settled:
            self.settle_requested.emit(conflict.key, False, "")

    def _update_buttons(self) -> None:
        conflict = self.selected()
        for button in (self.open_first, self.open_second):
            button.setEnabled(conflict is not None)
        self.settle_button.setEnabled(self.admin and not self.busy and conflict is not None and not conflict.settled)
        self.reopen_button.setEnabled(self.admin and not self.busy and conflict is not None and conflict.settled)
        for button in (self.settle_button, self.reopen_button):
            button.setToolTip("" if self.admin else NEEDS_ADMIN)
