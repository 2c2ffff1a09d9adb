"""The main window: chat | (source viewer, corpus manager), with all slow work off the GUI thread.

It talks to the data folder only through the DataFolder contract (folder/contract.py: never core/index or core/models), and
leaves "user error or bug?" to gui/tasks.py."""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from operator_assistant.core.answer.records import (
    Answer,
    Answered,
    CardReady,
    Source,
    SourcesFound,
    TextGenerated,
    Turn,
)
from operator_assistant.core.history import answer_markdown, export_markdown
from operator_assistant.errors import UserError
from operator_assistant.gui.admin import AdminMode
from operator_assistant.gui.chat import ChatPane
from operator_assistant.gui.corpus import CorpusManager, IdentityDialog
from operator_assistant.gui.errors import user_message
from operator_assistant.gui.revision_diff_dialog import RevisionDiffDialog
from operator_assistant.gui.tasks import TaskRunner
from operator_assistant.gui.theme import apply_theme, set_font_size
from operator_assistant.gui.viewer import SourceViewer

if TYPE_CHECKING:  # the window of a console never loads the index or the models behind these
    from operator_assistant.folder.contract import DataFolder
    from operator_assistant.folder.records import (
        ConflictInfo,
        FileResult,
        IngestReport,
        JobProgress,
        RevisionDiff,
        RevisionInfo,
    )
from operator_assistant.resources import sample_documents

log = logging.getLogger("gui")


def sample_corpus() -> Path | None:
    """The sample documents shipped beside the package (source checkout or installed bundle)."""
    folder = sample_documents()
    return folder if folder.is_dir() else None


def _application() -> QApplication:
    app = QApplication.instance()
    assert isinstance(app, QApplication)  # the window exists only inside the application
    return app


class MainWindow(QMainWindow):
    ready = Signal()
    ingested = Signal(object)  # IngestReport
    answered = Signal(object)  # Answer
    documents_shown = Signal()
    diff_shown = Signal(object)  # RevisionDiffDialog: a comparison of revisions is on screen
    conflicts_shown = Signal()  # the Conflicts view lists what the data folder found
    dark: bool  # the theme and text size, restored from the last session
    font_points: float

    def __init__(self, workspace: DataFolder, offer_sample: bool = True) -> None:
        super().__init__()
        if not workspace.separate_writer:
            raise ValueError("the window reads while it writes: open its data folder with LocalFolder.for_window")
        self.offer_sample = offer_sample
        self.workspace = workspace
        self.settings = settings = workspace.settings
        self.setWindowTitle("Operator Assistant")
        self.tasks = TaskRunner(self)
        self.chat = ChatPane()
        self.viewer = SourceViewer(self.tasks)
        self.corpus = CorpusManager()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.viewer, "Source")
        self.tabs.addTab(self.corpus, "Documents")
        self.tabs.setAccessibleName("Source and documents")
        self.log = workspace.history
        self.conversation_id: int | None = None
        self.conversations = QListWidget()
        self.conversations.setAccessibleName("Conversations")
        self.conversations.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.conversations.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.conversations.itemActivated.connect(self._open_conversation)
        self.conversations.itemClicked.connect(self._open_conversation)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.conversations, 1)
        buttons = QGridLayout()  # two by two: the conversation list stays narrow
        for n, (label, action) in enumerate((("New", self.new_conversation), ("Export...", self.export_conversation),
                                             ("Copy answer", self.copy_answer), ("Clear", self.clear_history))):
            button = QPushButton(label)
            button.setAccessibleName(f"{label.rstrip('.')} conversation" if label != "Copy answer" else label)
            button.clicked.connect(action)
            buttons.addWidget(button, n // 2, n % 2)
        side_layout.addLayout(buttons)
        self.splitter = splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(side)
        splitter.addWidget(self.chat)
        splitter.addWidget(self.tabs)
        splitter.setSizes([200, 520, 660])
        splitter.setStretchFactor(1, 1)  # a wider window widens the answers first
        splitter.setStretchFactor(2, 1)
        self.setCentralWidget(splitter)
        self.setAcceptDrops(True)
        self.resize(1280, 800)
        for key, action in (("Ctrl+1", self.focus_chat), ("Ctrl+2", lambda: self.tabs.setCurrentWidget(self.viewer)),
                            ("Ctrl+3", lambda: self.tabs.setCurrentWidget(self.corpus)), ("Ctrl+L", self.focus_chat),
                            ("Ctrl+=", lambda: self.zoom_font(+1)), ("Ctrl++", lambda: self.zoom_font(+1)),
                            ("Ctrl+-", lambda: self.zoom_font(-1)), ("Ctrl+Shift+T", self.toggle_theme)):
            QShortcut(QKeySequence(key), self).activated.connect(action)
        tools = self.menuBar().addMenu("&Tools")
        tools.addAction("Settings...", self.open_settings)
        view = self.menuBar().addMenu("&View")
        view.addAction("Dark theme (Ctrl+Shift+T)", self.toggle_theme)
        view.addAction("Larger text (Ctrl+=)", lambda: self.zoom_font(+1))
        view.addAction("Smaller text (Ctrl+-)", lambda: self.zoom_font(-1))
        self.chat.asked.connect(self.ask)
        self.chat.stop_requested.connect(self.stop)
        self.chat.source_opened.connect(self.open_source)
        self.viewer.step_requested.connect(self.step_citation)
        self.viewer.compare_requested.connect(self.compare_revisions)
        self.diff_dialog: RevisionDiffDialog | None = None  # the last comparison shown (non-modal)
        self.corpus.ingest_requested.connect(self.ingest)
        self.corpus.remove_requested.connect(self.remove)
        self.corpus.reindex_requested.connect(lambda paths: self.ingest(paths, force=True))
        self.corpus.cancel_requested.connect(lambda: self._ingest_cancel.set())
        self.corpus.identity_requested.connect(self.edit_identity)
        self.corpus.conflicts.refresh_requested.connect(self.refresh_conflicts)
        self.corpus.conflicts.settle_requested.connect(self.settle_conflict)
        self.corpus.conflicts.source_opened.connect(self.open_source)
        self.revisions: dict[str, RevisionInfo] = {}  # as of the last look (labels in the viewer)
        # Operators ask; adding, removing and re-indexing documents and saving settings need admin mode.
        self.admin = AdminMode(self, settings, workspace.admin_session())
        self.admin.changed.connect(self.corpus.set_admin)
        self.admin.refused.connect(self.corpus.log.setText)
        self.admin.watch(self.corpus)
        self.corpus.set_admin(False)
        self.loaded = False  # models loaded, indexes open: questions and drops are accepted
        self.history: list[Turn] = []
        self._answer_cancel = threading.Event()
        self._asked = 0  # questions asked so far: an answer's end is matched to its own question
        self._ingest_cancel: threading.Event = threading.Event()
        self.statusBar().showMessage("Loading models...")
        server = workspace.server_url  # set for a console of a plant server (remote/folder.py)
        if server:
            self.server_label = QLabel(f"Plant server: {server}")
            self.server_label.setAccessibleName("Plant server")
            self.statusBar().addPermanentWidget(self.server_label)
            self.statusBar().showMessage(f"Connecting to the plant server {server}...")
            post = self.tasks.post
            workspace.listen(lambda message: post(partial(self.statusBar().showMessage, message)))
        # Collect cyclic garbage now, on the GUI thread: a collection that starts on a
        # worker thread must never be the one that destroys Qt objects.
        gc.collect()
        self._restore_layout()
        self._list_conversations()
        if self.conversations.count():
            self._open_conversation(self.conversations.item(0))
        self.tasks.run("load", workspace.warm_up, self._loaded, self._load_failed, self._load_ended)

    # start-up

    def _loaded(self, _: None) -> None:
        self.loaded = True
        # The models and indexes just loaded live as long as the window. Set them apart from the
        # garbage collector's full passes, which otherwise count them all again whenever background
        # work (a PDF being read for indexing) allocates a lot, and hold the GUI thread meanwhile.
        gc.collect()
        gc.freeze()
        self.viewer.stored_ocr = self.workspace.ocr_pages
        self.viewer.locate = self.workspace.local_copy
        self.refresh_documents(then=self._offer_sample)
        self.chat.set_ready(True)
        models, reranker = self.workspace.describe_models()
        self.corpus.models.setText(models)
        self.statusBar().showMessage(f"Ready. Answers come from the plant server {self.workspace.server_url} ({reranker})."
                                     if self.workspace.server_url else
                                     f"Ready. Embedder {self.settings.embedder}, model {self.settings.llm}, {reranker}.")
        log.info("ready: models loaded, the question box accepts questions")
        self.ready.emit()

    def _offer_sample(self) -> None:
        """An empty index on first run: offer the bundled sample corpus."""
        sample = sample_corpus()
        if self.corpus.model.rowCount() or sample is None or not self.offer_sample:
            return
        answer = QMessageBox.question(self, "Operator Assistant",
                                      "No documents are indexed yet. Index the bundled sample documents "
                                      "of a fictional water utility to try the assistant?")
        if answer == QMessageBox.StandardButton.Yes and self.admin.ask_unlock():
            self.tabs.setCurrentWidget(self.corpus)
            self.ingest([sample])

    def _load_ended(self) -> None:
        # what stays on screen after a bug (the crash handler has the details); success or a UserError overwrite it
        self.chat.set_ready(False, "Not ready: the models could not be loaded; the details are in the log")
        self.statusBar().showMessage("Models could not be loaded.")

    def _load_failed(self, exc: UserError) -> None:
        self.chat.set_ready(False, f"Not ready: {exc}")
        self.statusBar().showMessage(f"Models could not be loaded: {exc}")

    def focus_chat(self) -> None:
        self.chat.question.setFocus()

    # asking

    def ask(self, question: str) -> None:
        assert self.loaded
        self._answer_cancel.clear()
        history = list(self.history)
        workspace, cancel, post = self.workspace, self._answer_cancel.is_set, self.tasks.post

        def op() -> None:
            statuses = workspace.revisions()  # decided today; the viewer labels the revisions cited
            post(lambda: setattr(self, "revisions", statuses))
            for event in workspace.ask(question, history, cancel=cancel):
                if isinstance(event, SourcesFound):
                    post(partial(self.chat.show_sources, event.sources))
                elif isinstance(event, CardReady):
                    post(partial(self.chat.show_card, event.card, event.sources))
                elif isinstance(event, TextGenerated):
                    post(partial(self.chat.append_text, event.text))
                elif isinstance(event, Answered):
                    post(partial(self._finish, event.answer))

        self._asked += 1
        self.tasks.run("answer", op, None, partial(self._answer_failed, self._asked),
                       partial(self._answer_ended, self._asked))

    def _finish(self, answer: Answer) -> None:
        self.chat.finish(answer)
        self.history.append(Turn(answer.question, answer.text))
        if self.conversation_id is None:
            self.conversation_id = self.log.start(answer.question)
        self.log.add(self.conversation_id, answer)
        self._list_conversations()
        if answer.audit_warning:
            self.statusBar().showMessage(f"Warning: {answer.audit_warning}")
        self.answered.emit(answer)

    # conversations

    def _list_conversations(self) -> None:
        self.conversations.clear()
        for conv in self.log.conversations():
            item = QListWidgetItem(conv.title)
            item.setData(Qt.ItemDataRole.UserRole, conv.id)
            item.setToolTip(f"{conv.title}\n{conv.turns} question(s)")
            self.conversations.addItem(item)
            if conv.id == self.conversation_id:
                item.setSelected(True)

    def _open_conversation(self, item: QListWidgetItem) -> None:
        if self.chat.stop_button.isEnabled():
            return  # an answer is still streaming into the open conversation
        self.conversation_id = item.data(Qt.ItemDataRole.UserRole)
        answers = self.log.answers(self.conversation_id)
        self.chat.load(answers)
        self.history = [Turn(a.question, a.text) for a in answers]

    def new_conversation(self) -> None:
        self.conversation_id = None
        self.history = []
        self.chat.load([])
        self.conversations.clearSelection()
        self.focus_chat()

    def clear_history(self) -> None:
        self.log.clear()
        self.new_conversation()
        self._list_conversations()

    def current_answers(self) -> list:
        return [e.answer for e in self.chat.entries if e.answer is not None]

    def export_conversation(self, path: Path | None = None) -> Path | None:
        answers = self.current_answers()
        if not answers:
            self.statusBar().showMessage("Nothing to export yet.")
            return None
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(self, "Export conversation", "handover.md", "Markdown (*.md)")
            if not chosen:
                return None
            path = Path(chosen)
        path.write_text(export_markdown(f"Operator Assistant: {answers[0].question}", answers), encoding="utf-8")
        self.statusBar().showMessage(f"Exported to {path}")
        return path

    def copy_answer(self) -> None:
        answers = self.current_answers()
        if answers:
            QApplication.clipboard().setText(answer_markdown(answers[-1]))
            self.statusBar().showMessage("Answer and sources copied.")

    def _answer_ended(self, asked: int) -> None:
        # a next question may already be on its way (asked as this answer showed): that one is not ours
        if asked == self._asked and self.chat.stop_button.isEnabled():  # no answer came: stopped by a bug
            self.chat.fail("error: the answer stopped on an unexpected error; the details are in the log")

    def _answer_failed(self, asked: int, exc: UserError) -> None:
        if asked == self._asked:
            self.chat.fail(user_message(exc))

    def stop(self) -> None:
        self._answer_cancel.set()

    def open_source(self, source: Source) -> None:
        status = self.revisions.get(source.doc_id)
        self.viewer.show_passage(source, status.label if status is not None else "", status)
        self.tabs.setCurrentWidget(self.viewer)

    def compare_revisions(self, identity: RevisionInfo) -> None:
        """What changed in the shown revision since the one before it (the folder finds it, off the GUI thread)."""
        if not identity.number:
            return
        workspace, number, revision = self.workspace, identity.number, identity.revision
        self.viewer.set_comparing(True)
        self.statusBar().showMessage(f"Comparing {number} with its previous revision...")
        self.tasks.run("load", lambda: workspace.revision_diff(number, newer=revision), self._show_diff,
                       self._diff_failed, lambda: self.viewer.set_comparing(False))

    def _show_diff(self, diff: RevisionDiff) -> None:
        if self.diff_dialog is not None:
            self.diff_dialog.close()
            self.diff_dialog.deleteLater()
        self.diff_dialog = dialog = RevisionDiffDialog(diff, self)
        dialog.source_opened.connect(self.open_source)
        dialog.show()
        dialog.raise_()
        self.statusBar().showMessage(f"{diff.heading}: {len(diff.changes)} change(s)")
        self.diff_shown.emit(dialog)

    def _diff_failed(self, exc: UserError) -> None:
        self.statusBar().showMessage(f"Cannot compare revisions: {user_message(exc)}")

    def step_citation(self, step: int) -> None:
        """Previous / next citation of the answer whose source is open."""
        current = self.viewer.current
        for entry in self.chat.entries:
            citations = entry.answer.citations if entry.answer else []
            # a clicked card cell is its citation narrowed to the cell: step from that citation
            index = next((i for i, c in enumerate(citations) if current is not None and c.number == current.number
                          and c.chunk_id == current.chunk_id), None)
            if index is not None:
                index += step
                if 0 <= index < len(citations):
                    self.open_source(citations[index])
                return

    # corpus

    def ingest(self, paths: list[Path], force: bool = False) -> None:
        if not self.admin.allow("re-index documents" if force else "add documents"):
            return
        if not self.loaded:
            self.statusBar().showMessage("Models are still loading; try again in a moment.")
            return
        workspace, post = self.workspace, self.tasks.post
        self._ingest_cancel.clear()
        self.corpus.set_busy(True)
        results: list[str] = []

        def progress(state: JobProgress) -> None:
            post(lambda: self.corpus.show_progress(state))

        def report(result: FileResult) -> None:
            line = f"{Path(result.source).name}: {result.status}" + (f" - {result.message}" if result.message else "")
            results.append(line)
            post(lambda: self.corpus.log.setText("\n".join(results[-6:])))

        self.tasks.run("index", lambda: workspace.ingest(paths, progress, self._ingest_cancel.is_set, report, force),
                       self._ingest_done, self._ingest_failed, lambda: self.corpus.set_busy(False))

    def _ingest_done(self, report: IngestReport) -> None:
        failed, skipped = len(report.failed), report.count("skipped")
        self.statusBar().showMessage(f"Indexing finished in {report.seconds:.0f} s: "
                                     f"{len(report.results) - failed - skipped} ok, "
                                     + (f"{skipped} skipped (not documents), " if skipped else "")
                                     + f"{failed} failed" + (" (cancelled)" if report.cancelled else "")
                                     + "".join(f"; warning: {n}" for n in report.notes if n.startswith("audit log")))
        if report.cancelled:
            kept = report.count("added") + report.count("updated") + report.count("unchanged")
            self.corpus.current.setText(f"Cancelled. {kept} finished file(s) are indexed and kept; add the same files "
                                        "or folder again to continue: finished files are skipped.")
        self.refresh_documents(then=lambda: self.ingested.emit(report))

    def _ingest_failed(self, exc: UserError) -> None:
        message = user_message(exc)  # e.g. another Operator Assistant is changing the index
        self.corpus.log.setText(message)
        self.statusBar().showMessage(message)

    def remove(self, doc_ids: list[str]) -> None:
        if not self.admin.allow("remove documents"):
            return
        if not self.loaded:
            return
        workspace = self.workspace
        self.tasks.run("index", lambda: workspace.remove(doc_ids), lambda _: self.refresh_documents(),
                       self._ingest_failed)

    def edit_identity(self, doc_id: str) -> None:
        """The admin's correction of a document's number, revision or effective date (rules and audit in core)."""
        if not self.admin.allow("correct a document's number or revision"):
            return
        doc = next((d for d in self.corpus.model.rows if d.doc_id == doc_id), None)
        if doc is None or not self.loaded:
            return
        dialog = IdentityDialog(doc, self.revisions.get(doc_id), self)
        if not dialog.exec():
            return
        workspace, clear = self.workspace, dialog.clear_requested
        number, revision, effective = dialog.values()
        def corrected(status: RevisionInfo) -> None:
            self.corpus.log.setText(f"{doc.title}: {status.label or 'no number'}")
            self.refresh_documents()

        self.tasks.run("index", lambda: workspace.correct_identity(doc_id, number, revision, effective, clear=clear),
                       corrected, self._ingest_failed)

    def refresh_documents(self, then: Callable[[], None] | None = None) -> None:
        """Re-read the document list and index health off the GUI thread, then show them."""
        if not self.loaded:
            return
        workspace = self.workspace

        def show(result: tuple) -> None:
            self._show_documents(result)
            if then is not None:
                then()

        self.tasks.run("load", lambda: (workspace.documents(), workspace.health(), workspace.revisions()), show)
        self.refresh_conflicts()  # an ingest, a removal or a corrected number changes them

    def _show_documents(self, result: tuple) -> None:
        docs, health, self.revisions = result
        self.corpus.model.set_documents(docs, self.revisions)
        self.corpus.health.setText(f"{sum(d.status == 'indexed' for d in docs)} documents, {health.chunks} chunks; "
                                   f"index {'consistent' if health.consistent else 'needs attention'}; "
                                   f"embedder {self.settings.embedder}")
        self.documents_shown.emit()

    def refresh_conflicts(self) -> None:
        """Re-read the values current documents state differently, off the GUI thread, then list them."""
        if not self.loaded:
            return
        self.corpus.conflicts.set_loading()
        self.tasks.run("load", self.workspace.conflicts, self._show_conflicts, self._conflicts_failed)

    def _show_conflicts(self, conflicts: list[ConflictInfo]) -> None:
        self.corpus.conflicts.set_conflicts(conflicts)
        self.conflicts_shown.emit()

    def _conflicts_failed(self, exc: UserError) -> None:
        self.corpus.conflicts.show_error(f"Conflicts could not be read: {user_message(exc)}")

    def settle_conflict(self, key: str, settled: bool, note: str) -> None:
        """An admin marks a conflict settled, or reopens it (the folder records and audits it)."""
        if not self.admin.allow("settle a conflict" if settled else "reopen a conflict"):
            return
        if not self.loaded:
            return
        workspace, view = self.workspace, self.corpus.conflicts
        view.set_busy(True)

        def done(conflict: ConflictInfo) -> None:
            self.statusBar().showMessage(f"{conflict.first.subject}: "
                                         + ("marked settled." if conflict.settled else "reopened."))
            self.refresh_conflicts()

        def failed(exc: UserError) -> None:
            message = f"Cannot change the conflict: {user_message(exc)}"
            view.show_error(message)
            self.statusBar().showMessage(message)

        self.tasks.run("index", lambda: workspace.settle_conflict(key, settled, note), done, failed,
                       lambda: view.set_busy(False))

    # window

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # Qt override
        self.corpus.dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:  # Qt override
        self.corpus.dropEvent(event)

    def open_settings(self) -> None:
        from operator_assistant.gui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self, require_admin=lambda: self.admin.ask_unlock(),
                                model_choices=self.workspace.model_choices)
        if dialog.exec() and dialog.saved is not None:
            self.statusBar().showMessage("Settings saved; restart to load other models."
                                         + (f" {dialog.restart_note}" if dialog.restart_note else "")
                                         + (f" Warning: {dialog.audit_warning}" if dialog.audit_warning else ""))

    def toggle_theme(self) -> None:
        self.dark = not self.dark
        apply_theme(_application(), self.dark)

    def zoom_font(self, step: int) -> None:
        self.font_points = set_font_size(_application(), self.font_points + step)

    def _restore_layout(self) -> None:
        stored = QSettings("operator-assistant", "window")
        if stored.value("geometry") is not None:
            self.restoreGeometry(stored.value("geometry"))
        if stored.value("panes") is not None:
            self.splitter.restoreState(stored.value("panes"))
        # control rooms are dim: dark is the default
        self.dark = stored.value("dark", "true") == "true"
        self.font_points = float(str(stored.value("font_points", _application().font().pointSizeF())))
        apply_theme(_application(), self.dark)
        set_font_size(_application(), self.font_points)

    def closeEvent(self, event: QCloseEvent) -> None:  # Qt override
        stored = QSettings("operator-assistant", "window")
        stored.setValue("geometry", self.saveGeometry())
        stored.setValue("panes", self.splitter.saveState())
        stored.setValue("dark", "true" if self.dark else "false")
        stored.setValue("font_points", self.font_points)
        self._answer_cancel.set()
        self._ingest_cancel.set()
        self.tasks.shutdown()
        self.viewer.shutdown()
        self.workspace.close()
        gc.unfreeze()  # a closed window's objects can be collected again
        super().closeEvent(event)
