"""Wires settings to the index, the embedder and the retriever. No UI here."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from operator_assistant.config import Settings
from operator_assistant.core.chunking import ChunkParams
from operator_assistant.core.embedding import Embedder, load_embedder
from operator_assistant.core.index.store import IndexStore, SearchFilter
from operator_assistant.core.ingest import CancelCheck, FileResult, IngestReport, Progress, ingest_paths
from operator_assistant.core.models import model_status, resolve_model
from operator_assistant.core.retrieval.retriever import HybridRetriever, RetrievalParams, SearchResult

log = logging.getLogger("retrieval")


class Engine:
    """The offline core as one object: open an index, ingest, search, report status."""

    def __init__(self, settings: Settings, embedder: Embedder | None = None) -> None:
        self.settings = settings
        self.store = IndexStore(settings.index_dir)
        self._embedder = embedder
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

    @property
    def retriever(self) -> HybridRetriever:
        s = self.settings
        return HybridRetriever(self.store, self.embedder,
                               RetrievalParams(s.candidates, s.rrf_k, s.dense_weight, s.lexical_weight,
                                                                s.identifier_weight))

    def ingest(self, paths: Iterable[Path], progress: Progress | None = None, cancel: CancelCheck | None = None,
               report: Callable[[FileResult], None] | None = None, force: bool = False) -> IngestReport:
        with self.store.writing():  # refused at once (IndexBusy) while another process writes
            return ingest_paths(paths, self.store, self.embedder, self.chunk_params, progress, cancel, report,
                                self.settings.ingest_batch_chunks, force, self.settings.max_file_mb * 2**20)

    def reindex(self) -> int:
        embedder = self.embedder
        with self.store.writing():
            return self.store.rebuild_dense(embedder.embed, embedder.model_id)

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
