"""Ingestion: files -> documents -> chunks -> vectors and tokens -> index.

Incremental: unchanged files are skipped, changed ones re-embed only new chunks,
files gone from an ingested folder are purged, exact duplicates are reported.
A bad file is reported with its reason and never stops the batch.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from operator_assistant.core.chunking import Chunk, ChunkParams, chunk_document
from operator_assistant.core.documents import Document, is_supported, parse_document
from operator_assistant.core.embedding import Embedder
from operator_assistant.core.index.manifest import FAILED, INDEXED, ChunkRecord, DocumentRecord, NewChunk, now
from operator_assistant.core.index.store import DocumentChange, IndexStore
from operator_assistant.core.tokenize import tokenize
from operator_assistant.errors import Cancelled, DocumentError

log = logging.getLogger("ingest")

ADDED, UPDATED, UNCHANGED, DUPLICATE, FAILED_FILE, REMOVED = "added", "updated", "unchanged", "duplicate", "failed", "removed"

Progress = Callable[[int, int, str], None]  # files done, files total, current file
CancelCheck = Callable[[], bool]


@dataclass
class FileResult:
    source: str
    status: str
    message: str = ""
    chunks_added: int = 0
    chunks_removed: int = 0
    chunks_total: int = 0


@dataclass
class IngestReport:
    results: list[FileResult] = field(default_factory=list)
    skipped: int = 0  # files in folders with a type we do not read
    seconds: float = 0.0
    chunks_embedded: int = 0
    cancelled: bool = False
    notes: list[str] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def failed(self) -> list[FileResult]:
        return [r for r in self.results if r.status == FAILED_FILE]


def doc_id_for(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]


def _chunk_ids(doc_id: str, chunks: Iterable[Chunk]) -> list[str]:
    # The id is the content: an unchanged chunk keeps its id (and vector) across versions.
    seen: dict[str, int] = {}
    ids = []
    for chunk in chunks:
        base = f"{doc_id}:{chunk.content_hash[:20]}"
        seen[base] = seen.get(base, 0) + 1
        ids.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return ids


class Indexer:
    """Collects document versions and writes them in batches, so the embedder sees big batches."""

    def __init__(self, store: IndexStore, embedder: Embedder, params: ChunkParams,
                 batch_chunks: int = 512, cancel: CancelCheck | None = None,
                 on_written: Callable[[FileResult], None] | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.params = params
        self.batch_chunks = batch_chunks
        self.cancel = cancel
        self.on_written = on_written
        self.chunks_embedded = 0
        self._pending: list[tuple[DocumentChange, list[Chunk], FileResult]] = []
        self._pending_chunks = 0

    def add(self, source: str, document: Document, content_hash: str, size: int, result: FileResult) -> None:
        """Queue a new version of a document; it is written on the next flush."""
        doc_id = doc_id_for(source)
        chunks = chunk_document(document, self.params)
        ids = _chunk_ids(doc_id, chunks)
        old = self.store.manifest.chunk_hashes(doc_id)
        record = DocumentRecord(doc_id, source, document.title, document.format, content_hash, size,
                                document.page_count, self.params.signature, now(), INDEXED, None)
        change = DocumentChange(record, removed=[cid for cid in old if cid not in set(ids)])
        fresh: list[Chunk] = []
        for chunk_id, chunk in zip(ids, chunks):
            rec = ChunkRecord(chunk_id, doc_id, chunk.ordinal, chunk.start, chunk.end, chunk.section, chunk.pages,
                              chunk.context, chunk.text, chunk.content_hash, self.embedder.model_id)
            if chunk_id in old:
                change.kept.append(rec)
            else:
                change.added.append(NewChunk(rec, tokenize(chunk.indexed_text), None))
                fresh.append(chunk)
        result.chunks_added, result.chunks_removed, result.chunks_total = len(fresh), len(change.removed), len(chunks)
        self._pending.append((change, fresh, result))
        self._pending_chunks += len(fresh)
        if self._pending_chunks >= self.batch_chunks:
            self.flush()

    def flush(self) -> None:
        if not self._pending:
            return
        texts = [chunk.indexed_text for _, fresh, _ in self._pending for chunk in fresh]
        vectors = self.embedder.embed(texts, cancel=self.cancel) if texts else None
        row = 0
        for change, _, _ in self._pending:
            for new in change.added:
                new.vector = vectors[row]
                row += 1
        self.store.apply([change for change, _, _ in self._pending], self.embedder.model_id)
        self.chunks_embedded += len(texts)
        written = [result for _, _, result in self._pending]
        self._pending.clear()
        self._pending_chunks = 0
        if self.on_written is not None:
            for result in written:
                self.on_written(result)

    def discard(self) -> list[FileResult]:
        results = [result for _, _, result in self._pending]
        self._pending.clear()
        self._pending_chunks = 0
        return results


def collect_files(paths: Iterable[Path]) -> tuple[list[Path], list[Path], list[FileResult], int]:
    """Expand files and folders: (files, folders given, problems, unsupported files skipped)."""
    files: list[Path] = []
    roots: list[Path] = []
    problems: list[FileResult] = []
    skipped = 0
    seen: set[Path] = set()
    for given in paths:
        path = Path(given).expanduser()
        if path.is_dir():
            root = path.resolve()
            roots.append(root)
            # os.walk does not follow symlinked folders, so a symlink loop cannot trap us.
            for folder, dirs, names in os.walk(root, onerror=lambda e: problems.append(
                    FileResult(str(e.filename), FAILED_FILE, f"cannot read folder: {e.strerror}"))):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(names):
                    if name.startswith((".", "~$")):
                        continue
                    file = Path(folder) / name
                    if not is_supported(file):
                        skipped += 1
                        continue
                    if file not in seen:
                        seen.add(file)
                        files.append(file)
        elif path.is_file():
            file = path.resolve()
            if not is_supported(file):
                problems.append(FileResult(str(file), FAILED_FILE, f"unsupported file type '{file.suffix or file.name}'"))
            elif file not in seen:
                seen.add(file)
                files.append(file)
        else:
            problems.append(FileResult(str(path), FAILED_FILE, "no such file or folder"))
    return files, roots, problems, skipped


def _gone_under(store: IndexStore, roots: list[Path]) -> list[DocumentRecord]:
    gone = []
    for doc in store.manifest.documents():
        source = Path(doc.source)
        if any(source.is_relative_to(root) for root in roots) and not source.exists():
            gone.append(doc)
    return gone


def ingest_paths(
    paths: Iterable[Path],
    store: IndexStore,
    embedder: Embedder,
    params: ChunkParams,
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
    report: Callable[[FileResult], None] | None = None,
    batch_chunks: int = 256,
    force: bool = False,
) -> IngestReport:
    """Index files and folders; `force` re-reads documents even when their bytes have not changed."""
    started = time.perf_counter()
    out = IngestReport()

    def emit(result: FileResult) -> None:
        out.results.append(result)
        if report is not None:
            report(result)

    if store.embedder_id not in (None, embedder.model_id) and store.manifest.chunk_count():
        out.notes.append(f"embedder changed from {store.embedder_id} to {embedder.model_id}: re-embedding every chunk")
        store.rebuild_dense(lambda texts: embedder.embed(texts, cancel=cancel), embedder.model_id)

    files, roots, problems, out.skipped = collect_files(paths)
    for problem in problems:
        emit(problem)
    gone = _gone_under(store, roots)
    if gone:
        store.remove_documents([d.doc_id for d in gone], embedder.model_id)
        for doc in gone:
            emit(FileResult(doc.source, REMOVED, "file no longer exists; purged from the index", chunks_removed=doc.chunks))

    indexer = Indexer(store, embedder, params, batch_chunks, cancel=cancel, on_written=emit)
    try:
        for n, file in enumerate(files):
            if cancel is not None and cancel():
                raise Cancelled()
            if progress is not None:
                progress(n, len(files), str(file))
            result = _ingest_one(file, store, indexer, params, force)
            if result.status in (ADDED, UPDATED):
                continue  # reported after its batch is written
            emit(result)
        indexer.flush()
    except Cancelled:
        out.cancelled = True
        for result in indexer.discard():
            result.status, result.message = FAILED_FILE, "cancelled before it was written; nothing changed"
            emit(result)
    out.chunks_embedded = indexer.chunks_embedded
    out.seconds = time.perf_counter() - started
    if progress is not None:
        progress(len(files), len(files), "")
    return out


def _ingest_one(file: Path, store: IndexStore, indexer: Indexer, params: ChunkParams, force: bool = False) -> FileResult:
    source = str(file)
    manifest = store.manifest
    existing = manifest.document_by_source(source)
    try:
        data = file.read_bytes()
    except OSError as exc:
        return _failed(store, source, existing, f"cannot read file: {exc.strerror or exc}")
    content_hash = hashlib.sha256(data).hexdigest()
    if (not force and existing and existing.status == INDEXED and existing.content_hash == content_hash
            and existing.chunker == params.signature):
        if existing.error:
            manifest.set_error(existing.doc_id, None)
        return FileResult(source, UNCHANGED, chunks_total=existing.chunks)
    twins = [d for d in manifest.documents_with_hash(content_hash) if d.source != source and Path(d.source).exists()]
    if twins:
        if existing:
            store.remove_documents([existing.doc_id])
        return FileResult(source, DUPLICATE, f"same content as {twins[0].source}; not indexed twice")
    try:
        document = parse_document(file, data)
    except DocumentError as exc:
        return _failed(store, source, existing, str(exc), content_hash, len(data), file.suffix.lstrip(".").lower())
    result = FileResult(source, UPDATED if existing and existing.status == INDEXED else ADDED)
    indexer.add(source, document, content_hash, len(data), result)
    return result


def _failed(store: IndexStore, source: str, existing: DocumentRecord | None, reason: str,
            content_hash: str = "", size: int = 0, fmt: str = "") -> FileResult:
    if existing and existing.status == INDEXED:
        store.manifest.set_error(existing.doc_id, reason)
        return FileResult(source, FAILED_FILE, f"{reason} (the previously indexed version stays searchable)",
                          chunks_total=existing.chunks)
    store.record_failure(DocumentRecord(doc_id_for(source), source, Path(source).stem, fmt or "unknown", content_hash,
                                        size, None, "", now(), FAILED, reason))
    return FileResult(source, FAILED_FILE, reason)
