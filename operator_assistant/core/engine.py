"""Wires settings to the index, the embedder and the retriever. No UI here."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from operator_assistant.config import Settings
from operator_assistant.core.audit import AuditLog, record_event, truncate_question
from operator_assistant.core.chunking import ChunkParams
from operator_assistant.core.documents.ocr import OcrEngine
from operator_assistant.core.embedding import Embedder, load_embedder
from operator_assistant.core.index.store import IndexStore, SearchFilter
from operator_assistant.core.ingest import CancelCheck, FileResult, IngestReport, Progress, ingest_paths
from operator_assistant.core.models import model_status, resolve_model
from operator_assistant.core.retrieval.retriever import HybridRetriever, RetrievalParams, SearchResult

if TYPE_CHECKING:
    from operator_assistant.core.assistant import Answer

log = logging.getLogger("retrieval")


class Engine:
    """The offline core as one object: open an index, ingest, search, report status."""

    def __init__(self, settings: Settings, embedder: Embedder | None = None, audit: bool = True) -> None:
        self.settings = settings
        self.store = IndexStore(settings.index_dir)
        # Every question and corpus change made through this engine is recorded here.
        self.audit: AuditLog | None = AuditLog.for_settings(settings) if audit else None
        self._embedder = embedder
        self._ocr: OcrEngine | None = None
        self._lock = threading.Lock()

    def close(self) -> None:
        self.store.close()

    @property
    def chunk_params(self) -> ChunkParams:
        s = self.settings
        return ChunkParams(s.chunk_target, s.chunk_max, s.chunk_overlap)

    @property
    def embedder(self) -> Embedder:
        with self._lock:
            if self._embedder is None:
                model = resolve_model(self.settings.models_dir, self.settings.embedder, "embedder")
                self._embedder = load_embedder(model, self.settings.embed_batch_size)
            return self._embedder

    def ocr(self) -> OcrEngine:
        """The OCR engine, loaded (and its weights hash-checked) when a scanned page first needs it."""
        with self._lock:
            if self._ocr is None:
                model = resolve_model(self.settings.models_dir, self.settings.ocr_model, "ocr")
                self._ocr = OcrEngine(model, self.settings.llm_threads)
            return self._ocr

    @property
    def retriever(self) -> HybridRetriever:
        s = self.settings
        return HybridRetriever(self.store, self.embedder,
                               RetrievalParams(s.candidates, s.rrf_k, s.dense_weight, s.lexical_weight,
                                                                s.identifier_weight))

    def ingest(self, paths: Iterable[Path], progress: Progress | None = None, cancel: CancelCheck | None = None,
               report: Callable[[FileResult], None] | None = None, force: bool = False) -> IngestReport:
        paths = list(paths)
        event = "reindex" if force else "ingest"
        try:
            with self.store.writing():  # refused at once (IndexBusy) while another process writes
                result = ingest_paths(paths, self.store, self.embedder, self.chunk_params, progress, cancel, report,
                                      self.settings.ingest_batch_chunks, force, self.settings.max_file_mb * 2**20,
                                      self.ocr)
        except BaseException as exc:
            self.record(event, paths=[str(p) for p in paths], error=type(exc).__name__)
            raise
        warning = self.record(event, **self._ingest_fields(paths, result))
        if warning:
            result.notes.append(warning)
        return result

    def _ingest_fields(self, paths: list[Path], result: IngestReport) -> dict[str, Any]:
        counts = {s: result.count(s) for s in sorted({r.status for r in result.results})}
        changed = []
        for r in result.results:
            if r.status in ("added", "updated", "removed", "failed"):
                doc = self.store.manifest.document_by_source(r.source) if r.status != "removed" else None
                changed.append({"source": r.source, "status": r.status, **({"sha256": doc.content_hash} if doc else {})})
        return {"paths": [str(p) for p in paths], "counts": counts, "documents": changed[:1000],
                "documents_not_listed": max(0, len(changed) - 1000), "cancelled": result.cancelled}

    def reindex(self) -> int:
        embedder = self.embedder
        try:
            with self.store.writing():
                count = self.store.rebuild_dense(embedder.embed, embedder.model_id)
        except BaseException as exc:
            self.record("reindex", scope="all documents", embedder=embedder.model_id, error=type(exc).__name__)
            raise
        self.record("reindex", scope="all documents", embedder=embedder.model_id, chunks=count)
        return count

    def remove(self, doc_ids: list[str], embedder_id: str | None = None) -> int:
        """Remove documents from every index and record who removed what; returns chunks removed."""
        docs = self.store.manifest.documents(doc_ids)
        removed = self.store.remove_documents(doc_ids, embedder_id)
        self.record("remove", documents=[{"source": d.source, "doc_id": d.doc_id, "sha256": d.content_hash}
                                         for d in docs], chunks=removed)
        return removed

    # audit

    def record(self, event: str, **fields: Any) -> str:
        """Append an audit record; "" when written, else the warning (see audit.record_event)."""
        return record_event(self.audit, event, **fields)

    def index_id(self) -> dict[str, Any]:
        manifest = self.store.manifest
        return {"embedder": self.store.embedder_id, "generation": manifest.generation(),
                "chunks": manifest.chunk_count()}

    def record_answer(self, answer: Answer, llm: str, reranker: str) -> str:
        """Audit one answered question: who, what (80 characters), which documents at which hash."""
        cited: dict[str, dict[str, Any]] = {}
        for source in answer.citations:
            doc_id = source.chunk_id.split(":", 1)[0]
            if doc_id not in cited:
                doc = self.store.manifest.document(doc_id)
                cited[doc_id] = {"document": source.document, "source": source.source, "doc_id": doc_id,
                                 "sha256": doc.content_hash if doc else None}
        return self.record(
            "question", question=truncate_question(answer.question), question_chars=len(answer.question),
            refused=answer.refused, cancelled=answer.cancelled, cited=list(cited.values()),
            models={"llm": llm, "embedder": self.embedder.model_id, "reranker": reranker},
            index=self.index_id(), latency_ms=round(answer.timings.get("total_ms", 0.0)))

    def search(self, query: str, k: int | None = None, documents: list[str] | None = None,
               section: str | None = None, candidates: int | None = None) -> SearchResult:
        retriever = self.retriever
        doc_ids = retriever.resolve_documents(documents) if documents else None
        return retriever.search(query, k or self.settings.top_k, SearchFilter(doc_ids, section), candidates)

    def status(self) -> dict[str, Any]:
        docs = self.store.manifest.documents()
        return {
            "data_dir": str(self.settings.data_dir),
            "models_dir": str(self.settings.models_dir),
            "documents": sum(1 for d in docs if d.status == "indexed"),
            "failed_documents": [{"source": d.source, "error": d.error} for d in docs if d.status == "failed"],
            "documents_with_errors": [{"source": d.source, "error": d.error} for d in docs if d.status == "indexed" and d.error],
            "chunks": self.store.manifest.chunk_count(),
            "embedder": self.settings.embedder,
            "index": self.store.health(),
            "models": model_status(self.settings.models_dir),
        }
