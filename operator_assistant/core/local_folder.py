"""LocalFolder: a data folder opened in this process, with its settings, index, models, assistant,
conversation history and audit log.

The composition root: the command line, the window, the plant server and the self-test open a data
folder only through it (Anki's `Collection`), so the application is assembled in one place and the
front ends never reach into the index or the model files (tests/unit/test_layering.py checks the
imports). It implements folder/contract.py's DataFolder, as a console's RemoteFolder does, and adds
what only the holder of the index can do (the engine, the audit log, re-index, evaluation). Plain
Python: no Qt here, and nothing slow happens until it is asked for.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from operator_assistant.config import Settings, ingest_readers_for, load_settings
from operator_assistant.core.audit import AuditLog
from operator_assistant.core.documents.process import DocumentProcess, OcrSettings
from operator_assistant.core.engine import Engine
from operator_assistant.core.ingest import CancelCheck, IngestProgress
from operator_assistant.errors import ModelError
from operator_assistant.folder.records import (
    Calibration,
    CalibrationQuestion,
    ConflictInfo,
    DocumentInfo,
    FileResult,
    FolderStatus,
    IndexHealth,
    IngestReport,
    JobProgress,
    Passage,
    Passages,
    RefusalInfo,
    RevisionDiff,
    RevisionInfo,
)
from operator_assistant.folder.wire import status_document

if TYPE_CHECKING:
    from operator_assistant.core.answer.records import Event, Turn
    from operator_assistant.core.assistant import Assistant
    from operator_assistant.core.documents.ocr import OcrPage
    from operator_assistant.core.embedding import Embedder
    from operator_assistant.core.history import ConversationLog
    from operator_assistant.core.index.lock import DataFolderLock
    from operator_assistant.core.retrieval.retriever import SearchResult
    from operator_assistant.core.roles import AdminSession

__all__ = ["LocalFolder", "model_choices"]

log = logging.getLogger("retrieval")


def language_model_file(settings: Settings) -> Path:
    """The GGUF the `llm` setting names in models/, for a model server to load (the plant server's)."""
    from operator_assistant.core.llm.llama import find_gguf
    from operator_assistant.core.models import resolve_model

    return Path(find_gguf(resolve_model(settings.models_dir, settings.llm, "llm")))


def model_choices(models_dir: Path, role: str) -> list[str]:
    """Model names an admin can pick for a role (the settings dialog's lists)."""
    from operator_assistant.core.models import available_models

    return available_models(models_dir, role)


class LocalFolder:
    """A data folder with everything opened on it, each part when first used.

    `separate_writer`: changes to the index (ingest, remove, corrections) get their own
    engine and SQLite connection, sharing the embedder, so a window can read while it
    writes. A command line that does one thing at a time uses one engine for both.
    `parse_in_child`: ingest parses documents in a child process (core/documents/process.py),
    so a long PDF does not stop a window's GUI thread while it is read.
    """

    def __init__(self, settings: Settings, *, audit: bool = True, separate_writer: bool = False,
                 parse_in_child: bool = False, embedder: Embedder | None = None,
                 today: Callable[[], date] = date.today) -> None:
        self.settings = settings
        self._audit = audit
        self._separate_writer = separate_writer
        self._reader = DocumentProcess(OcrSettings(settings.models_dir, settings.ocr_model, settings.llm_threads),
                                       ingest_readers_for(settings.ingest_readers)) if parse_in_child else None
        self._embedder = embedder
        self._today = today
        self._lock = threading.RLock()
        self._engine: Engine | None = None
        self._writer: Engine | None = None
        self._assistant: Assistant | None = None
        self._history: ConversationLog | None = None
        self._claims: list[DataFolderLock] = []

    @classmethod
    def for_window(cls, settings: Settings) -> LocalFolder:
        """As the desktop window opens a data folder: it reads while it writes, and parses in a child process."""
        return cls(settings, separate_writer=True, parse_in_child=True)

    @property
    def separate_writer(self) -> bool:
        return self._separate_writer

    @property
    def server_url(self) -> str | None:
        """None: this process holds the data folder."""
        return None

    def listen(self, on_connection: Callable[[str], None]) -> None:
        """Nothing to hear: no server in between."""

    @classmethod
    def open(cls, data_dir: Path | str | None = None, models_dir: Path | str | None = None, *, audit: bool = True,
             separate_writer: bool = False, parse_in_child: bool = False, **overrides: Any) -> LocalFolder:
        """The workspace for a data folder, with its settings read (defaults, config.toml, environment, `overrides`)."""
        return cls(load_settings(data_dir=data_dir, models_dir=models_dir, **overrides), audit=audit,
                   separate_writer=separate_writer, parse_in_child=parse_in_child)

    # the parts, opened when first used

    @property
    def engine(self) -> Engine:
        """The index for reading: questions, search, document lists."""
        with self._lock:
            if self._engine is None:
                self._engine = Engine(self.settings, self._embedder, audit=self._audit, today=self._today,
                                      reader=self._reader)
            return self._engine

    @property
    def writer(self) -> Engine:
        """The index for changes; the reading engine itself unless `separate_writer`."""
        if not self._separate_writer:
            return self.engine
        with self._lock:
            if self._writer is None:
                self._writer = Engine(self.settings, self.engine.embedder, audit=self._audit, today=self._today,
                                      reader=self._reader)
            return self._writer

    @property
    def embedder_id(self) -> str:
        """The id of the embedder the index's vectors are made with (loads it)."""
        return self.engine.embedder.model_id

    @property
    def assistant(self) -> Assistant:
        """Answers questions; its language model loads at the first question that needs it."""
        with self._lock:
            if self._assistant is None:
                from operator_assistant.core.assistant import open_assistant

                self._assistant = open_assistant(self.engine)
            return self._assistant

    @property
    def history(self) -> ConversationLog:
        """The conversations kept in the data folder across restarts."""
        with self._lock:
            if self._history is None:
                from operator_assistant.core.history import ConversationLog

                self._history = ConversationLog(self.settings.data_dir / "history.sqlite3")
            return self._history

    @property
    def audit(self) -> AuditLog:
        """The audit log of questions and corpus changes (also when this workspace records nothing)."""
        engine_audit = self.engine.audit if self._engine is not None else None
        return engine_audit or AuditLog.for_settings(self.settings)

    def model_choices(self, role: str) -> list[str]:
        return model_choices(self.settings.models_dir, role)

    def admin_session(self) -> AdminSession:
        """Admin mode for a window on this data folder: the passphrase is checked against the one stored here."""
        from operator_assistant.core.roles import AdminSession

        return AdminSession(self.settings.data_dir, self.settings.admin_idle_minutes)

    def claim(self, purpose: str) -> None:
        """Hold the data folder for `purpose` ("window", a corpus change) until `close`; IndexBusy when taken."""
        from operator_assistant.core.index.lock import claim_data_folder

        self._claims.append(claim_data_folder(self.settings.index_dir, purpose))

    def warm_up(self) -> None:
        """Load now, off the GUI thread, what the first question or drop would otherwise wait for."""
        from operator_assistant.core.answer.evidence import load_word_list
        from operator_assistant.core.models import resolve_model

        # The language model's weights are checked now (hashes cached by size and mtime), so a
        # damaged file is reported at start-up, not at the first question; it loads on first use.
        resolve_model(self.settings.models_dir, self.settings.llm, "llm")
        engine = self.engine
        model_id = engine.embedder.model_id
        writer = self.writer
        if engine.store.embedder_id in (None, model_id):
            engine.store.vectors(model_id)
            if writer is not engine:
                writer.store.vectors(model_id)
        engine.store.lexical()
        load_word_list()
        _ = self.assistant  # reranker and policy now

    def close(self) -> None:
        with self._lock:
            for engine in (self._writer, self._engine):
                if engine is not None:
                    engine.close()
            self._engine = self._writer = self._assistant = None
            if self._history is not None:
                self._history.close()
                self._history = None
            if self._reader is not None:
                self._reader.close()
        while self._claims:
            self._claims.pop().release()

    def __enter__(self) -> LocalFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # reading

    def documents(self, doc_ids: list[str] | None = None) -> list[DocumentInfo]:
        return self.engine.store.manifest.documents(doc_ids)

    def chunk_count(self) -> int:
        return self.engine.store.manifest.chunk_count()

    def health(self) -> IndexHealth:
        return self.engine.store.health()

    def revisions(self) -> dict[str, RevisionInfo]:
        """Each indexed document's revision status today (a change is audited once)."""
        return {doc_id: status.info() for doc_id, status in self.engine.revisions().items()}

    def conflicts(self) -> list[ConflictInfo]:
        return self.engine.conflicts()

    def settle_conflict(self, key: str, settled: bool = True, note: str = "") -> ConflictInfo:
        return self.writer.settle_conflict(key, settled, note)

    def revision_diff(self, number: str, older: str | None = None, newer: str | None = None) -> RevisionDiff:
        return self.engine.revision_diff(number, older, newer)

    def ocr_pages(self, doc_id: str) -> dict[int, OcrPage]:
        """A document's pages read by OCR, as kept in the index (a scan is shown without reading it again)."""
        return self.engine.store.manifest.ocr_pages(doc_id)

    def local_copy(self, doc_id: str, source: str) -> Path:
        """The document's file for the viewer: here, the indexed file itself (a console downloads its copy)."""
        return Path(source)

    def search(self, query: str, k: int | None = None, documents: list[str] | None = None,
               section: str | None = None, all_revisions: bool = False) -> Passages:
        result = self.engine.search(query, k=k, documents=documents, section=section, all_revisions=all_revisions)
        return passages(query, result, self.revisions())

    def ask(self, question: str, history: Sequence[Turn] = (), cancel: Callable[[], bool] | None = None,
            temperature: float | None = None, mode: str | None = None, all_revisions: bool = False) -> Iterator[Event]:
        return self.assistant.ask(question, history, cancel, temperature, mode, all_revisions)

    # changing the index

    def ingest(self, paths: Iterable[Path], progress: Callable[[JobProgress], None] | None = None,
               cancel: CancelCheck | None = None, report: Callable[[FileResult], None] | None = None,
               force: bool = False) -> IngestReport:
        if self._reader is not None:
            self._reader.prestart()  # while the embedder loads

        def tracked(state: IngestProgress) -> None:
            if progress is not None:
                progress(state.snapshot())

        return self.writer.ingest(paths, tracked if progress is not None else None, cancel, report, force)

    def remove(self, doc_ids: list[str]) -> int:
        """Remove documents from every index; returns the chunks removed."""
        writer = self.writer
        return writer.remove(doc_ids, writer.loaded_embedder_id)

    def reindex(self) -> int:
        return self.writer.reindex()

    def correct_identity(self, doc_id: str, number: str | None = None, revision: str | None = None,
                         effective: str | None = None, clear: bool = False) -> RevisionInfo:
        return self.writer.correct_identity(doc_id, number, revision, effective, clear=clear).info()

    def calibrate(self, questions: Sequence[CalibrationQuestion]) -> Calibration:
        """The refusal threshold from golden questions, stored with the index."""
        from operator_assistant.core.answer.calibration import calibrate, store_calibration

        assistant = self.assistant
        result = calibrate(lambda query: assistant.retrieve(query)[1], questions, assistant.signal,
                           self.engine.embedder.model_id)
        store_calibration(self.engine.store.manifest, result)
        # the threshold decides what is refused, so a change to it is audited like a corpus change
        self.engine.record("calibration", signal=result.signal, threshold=result.threshold,
                           answerable=result.answerable, not_in_corpus=result.not_in_corpus)
        return result

    # status

    def status(self) -> FolderStatus:
        """Documents, chunks, models, refusal threshold and index health, without loading any model."""
        from operator_assistant.core.answer.evidence import signal_name, stored_calibration
        from operator_assistant.core.models import model_status, resolve_model

        settings = self.settings
        store = self.engine.store
        models = model_status(settings.models_dir)
        reranker = settings.reranker or next((m.name for m in models if m.role == "reranker" and m.state == "ok"), "")
        # a threshold holds only for the signal it was calibrated on: the exact reranker, by its weights' id
        try:
            reranker_id = resolve_model(settings.models_dir, reranker, "reranker").model_id if reranker else None
        except ModelError:
            reranker_id = None
        meta = store.manifest
        calibration = stored_calibration(meta, signal_name(reranker_id), store.embedder_id)
        refusal = RefusalInfo(meta.get_meta("refusal_signal"), meta.get_meta("refusal_threshold"),
                              calibration.embedder, calibration.calibrated, calibration.stale)
        return FolderStatus(reranker or "no reranker installed", refusal,
                            tuple(status_document(d) for d in meta.documents()), store.health(), settings.embedder,
                            settings.llm, tuple(models), str(settings.data_dir), str(settings.models_dir))

    def describe_models(self) -> tuple[str, str]:
        """(models line, reranker name) for a status bar: which models answer and whether refusal is calibrated."""
        assistant = self.assistant
        reranker = assistant.reranker.name if assistant.reranker.is_model else "no reranker installed"
        calibration = assistant.calibration()
        refusal = ("refusal threshold calibrated" if calibration.calibrated
                   else f"refusal threshold: default ({calibration.stale or 'not calibrated'})")
        return (f"Embedder {self.settings.embedder}; language model {self.settings.llm}; {reranker}; {refusal}",
                reranker)


def passages(query: str, result: SearchResult, revisions: dict[str, RevisionInfo]) -> Passages:
    """A search's hits as the contract's passages, each with its document's revision label."""
    return Passages(query, tuple(Passage(h.chunk.chunk_id, h.document.doc_id, h.document.title, h.document.source,
                                         h.chunk.section, h.chunk.pages, h.chunk.start, h.chunk.end, h.score,
                                         h.dense_rank, h.lexical_rank, h.chunk.text,
                                         revisions[h.document.doc_id].label or None
                                         if h.document.doc_id in revisions else None)
                                 for h in result.hits),
                    result.timings_ms)


if TYPE_CHECKING:
    from operator_assistant.folder.contract import DataFolder

    def _implements(folder: LocalFolder) -> DataFolder:  # mypy checks LocalFolder against the contract here
        return folder
