"""Ingestion: files -> documents -> chunks -> vectors and tokens -> index.

Incremental: unchanged files are skipped, changed ones re-embed only new chunks,
files gone from an ingested folder are purged, exact duplicates are reported.
A bad file is reported with its reason and never stops the batch.
"""

from __future__ import annotations

import hashlib
import logging
import os
import stat
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from operator_assistant.config import Settings
from operator_assistant.core.chunking import Chunk, ChunkParams, chunk_document
from operator_assistant.core.documents import Document, is_supported, parse_document
from operator_assistant.core.documents.entries import Entry, find_entries
from operator_assistant.core.documents.identity import read_identity
from operator_assistant.core.documents.ocr import OcrEngine, OcrReader
from operator_assistant.core.documents.process import CHILD_STOPPED, DocumentProcess
from operator_assistant.core.documents.sniff import sniff_file
from operator_assistant.core.documents.tables import Table
from operator_assistant.core.embedding import Embedder
from operator_assistant.core.index.manifest import (
    FAILED,
    INDEXED,
    ChunkRecord,
    DocumentInfo,
    EntryRecord,
    NewChunk,
    TableRecord,
    now,
)
from operator_assistant.core.index.store import DocumentChange, IndexStore
from operator_assistant.core.index.vectors import import_chroma_in_background
from operator_assistant.core.tokenize import tokenize
from operator_assistant.errors import Cancelled, DocumentError
from operator_assistant.folder.records import (
    ADDED,
    DUPLICATE,
    FAILED_FILE,
    REMOVED,
    UNCHANGED,
    UPDATED,
    FileResult,
    IngestReport,
    JobProgress,
    unreadable_note,
)

log = logging.getLogger("ingest")

SKIPPED = "skipped"  # not a document problem: a folder link already followed, a program in a folder
DEFAULT_MAX_FILE_BYTES = 200 * 1024 * 1024
CANCELLED_BEFORE_WRITTEN = "cancelled before it was written; nothing changed"

CancelCheck = Callable[[], bool]
Parser = Callable[[Path, bytes], Document]  # parse_document with its page reader, here or in a child process
ESTIMATE_AFTER_SECONDS = 5.0  # of real work (files read and embedded, not skipped) before a time left is shown


@dataclass(frozen=True)
class IngestProgress:
    """Where a run stands, passed to the progress callback at each file, embedding batch and OCR page.

    The time left is estimated from bytes, not pages or chunks: every file's size is known before
    it is read (pages only after parsing, chunks only after chunking), and for a library of
    manuals bytes still to read track the work still to do. Only files that were really read
    count towards the rate, so a resumed run that skips its finished files does not look fast.
    """

    files_done: int  # files settled: written to the index, unchanged, duplicate or failed
    files_total: int
    current: str  # the file being read ("" when the run is over)
    chunks: int  # chunks embedded in this run so far
    elapsed: float  # seconds since the run started
    bytes_done: int = 0  # bytes of the files settled
    bytes_total: int = 0
    work_bytes: int = 0  # bytes of the files settled that had to be read (not unchanged, not duplicate)
    work_seconds: float = 0.0  # time spent on those (and on the files being read now)
    detail: str = ""  # what happens inside the current file ("OCR page 3 of 40")

    @property
    def chunks_per_second(self) -> float | None:
        return self.chunks / self.work_seconds if self.work_seconds > 0 and self.chunks else None

    @property
    def seconds_left(self) -> float | None:
        """Estimated seconds to the end; None until there is enough to go on (see ESTIMATE_AFTER_SECONDS)."""
        if self.files_done >= self.files_total:
            return 0.0
        if self.work_bytes <= 0 or self.work_seconds < ESTIMATE_AFTER_SECONDS:
            return None
        return max(0, self.bytes_total - self.bytes_done) * self.work_seconds / self.work_bytes

    def snapshot(self) -> JobProgress:
        """What the window, the command line and a console show of it."""
        return JobProgress(self.files_done, self.files_total, self.current, self.chunks, self.detail,
                           self.bytes_done, self.bytes_total, self.describe())

    def describe(self) -> str:
        """One line for a person: files 3/300 · 1,204 chunks · 24 chunks/s · about 2 h 10 min left."""
        parts = [f"files {self.files_done}/{self.files_total}", f"{self.chunks:,} chunks"]
        rate = self.chunks_per_second
        if rate is not None:
            parts.append(f"{rate:.1f} chunks/s" if rate < 10 else f"{rate:.0f} chunks/s")
        left = self.seconds_left
        if self.files_done < self.files_total:
            parts.append("estimating time left…" if left is None else f"about {duration(left)} left")
        return " · ".join(parts)


def duration(seconds: float) -> str:
    """A rough length of time: "40 s", "12 min", "2 h 10 min"."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


Progress = Callable[[IngestProgress], None]


class _Tracker:
    """Counts what a run has settled and sends IngestProgress records to the callback."""

    def __init__(self, callback: Progress | None, files: list[Path], indexer: Indexer) -> None:
        self.callback = callback
        self.indexer = indexer
        self.started = time.perf_counter()
        self.sizes = {str(file): _size(file) for file in files}
        self.files_total = len(files)
        self.bytes_total = sum(self.sizes.values())
        self.files_done = self.bytes_done = self.work_bytes = 0
        self.skip_seconds = 0.0  # spent on files that turned out unchanged or duplicates
        self.embedding = 0  # chunks embedded so far in the batch being embedded now
        self.current, self.detail = "", ""
        self._settled: set[str] = set()

    def settled(self, result: FileResult) -> None:
        self.embedding = 0  # no batch is being embedded now: a written one is in the indexer's count
        size = self.sizes.get(result.source)
        if size is None or result.source in self._settled or result.message == CANCELLED_BEFORE_WRITTEN:
            return  # not one of this run's files, counted already, or not done (read again on the next run)
        self._settled.add(result.source)
        self.files_done += 1
        self.bytes_done += size
        if result.status not in (UNCHANGED, DUPLICATE):
            self.work_bytes += size

    def skipped(self, seconds: float) -> None:
        self.skip_seconds += seconds

    def embedded(self, count: int) -> None:
        self.embedding = count
        self.send(self.current, self.detail)

    def send(self, current: str, detail: str = "") -> None:
        self.current, self.detail = current, detail
        if self.callback is None:
            return
        elapsed = time.perf_counter() - self.started
        self.callback(IngestProgress(self.files_done, self.files_total, current,
                                     self.indexer.chunks_embedded + self.embedding, elapsed, self.bytes_done,
                                     self.bytes_total, self.work_bytes, max(0.0, elapsed - self.skip_seconds), detail))


def _size(file: Path) -> int:
    try:
        return file.stat().st_size
    except OSError:
        return 0


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
                 batch_chunks: int = Settings.ingest_batch_chunks, cancel: CancelCheck | None = None,
                 on_written: Callable[[FileResult], None] | None = None,
                 on_embedded: Callable[[int], None] | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.params = params
        self.batch_chunks = batch_chunks
        self.cancel = cancel
        self.on_written = on_written
        self.on_embedded = on_embedded  # chunks of the current batch embedded so far
        self.chunks_embedded = 0
        self._pending: list[tuple[DocumentChange, list[Chunk], FileResult]] = []
        self._pending_chunks = 0

    def pending_source(self, content_hash: str) -> str | None:
        """The source of a queued, not yet written document with these bytes, if any."""
        return next((change.document.source for change, _, _ in self._pending
                     if change.document.content_hash == content_hash), None)

    def add(self, source: str, document: Document, content_hash: str, size: int, result: FileResult) -> None:
        """Queue a new version of a document; it is written on the next flush."""
        doc_id = doc_id_for(source)
        chunks = chunk_document(document, self.params)
        ids = _chunk_ids(doc_id, chunks)
        old = self.store.manifest.chunk_hashes(doc_id)
        record = DocumentInfo(doc_id, source, document.title, document.format, content_hash, size,
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
        change.tables = [TableRecord(doc_id, n, *_place(table, chunks, document), table)
                         for n, table in enumerate(document.tables)]
        change.entries = [EntryRecord(doc_id, n, *_place(entry, chunks, document), entry)
                          for n, entry in enumerate(find_entries(document))]
        change.identity = read_identity(document.title, document.first_page_text(), document.properties,
                                        Path(source).name)
        change.ocr_pages = document.ocr_pages
        if document.unreadable_pages:  # the rest is indexed; the pages are named in the result and the corpus list
            result.message = unreadable_note(document.unreadable_pages)
        result.chunks_added, result.chunks_removed, result.chunks_total = len(fresh), len(change.removed), len(chunks)
        self._pending.append((change, fresh, result))
        self._pending_chunks += len(fresh)
        if self._pending_chunks >= self.batch_chunks:
            self.flush()

    def flush(self) -> None:
        if not self._pending:
            return
        texts = [chunk.indexed_text for _, fresh, _ in self._pending for chunk in fresh]
        vectors = (self.embedder.embed(texts, progress=self.on_embedded, cancel=self.cancel) if texts
                   else np.zeros((0, 0), dtype=np.float32))
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


def _place(table: Table | Entry, chunks: Sequence[Chunk], document: Document) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """(section, pages) of a table or entry: the section of the chunk it starts in, the pages it spans."""
    section = next((c.section for c in chunks if c.start <= table.start < c.end),
                   next((c.section for c in reversed(chunks) if c.start <= table.start), ()))
    pages: tuple[int, ...] = ()
    if document.page_starts:
        first, last = document.page_at(table.start) or 1, document.page_at(max(table.start, table.end - 1)) or 1
        pages = tuple(range(first, last + 1))
    return section, pages


def _display(path: Path | str) -> str:
    """A path as text that can always be printed and stored: bytes that are not UTF-8 become \ufffd."""
    return os.fsencode(path).decode("utf-8", "replace")


def _file_problem(file: Path) -> str | None:
    """Why a listed name cannot be read as a document, or None if it can be tried."""
    if _display(file) != str(file):
        return "the file name is not valid UTF-8; rename the file"
    if file.is_symlink() and not file.exists():
        return f"broken link: it points to {_display(os.readlink(file))}, which does not exist"
    if file.exists() and not file.is_file():
        return "not a regular file (a pipe, socket or device); skipped"
    return None


def _not_a_document(file: Path) -> str:
    """Why a file with no loader of its own is not read (a program, an archive), or "" when its content
    is text or a format with a loader; only its first few kilobytes are read."""
    if is_supported(file) or _file_problem(file) is not None:
        return ""  # read by its loader, or reported with its problem when it is read
    return sniff_file(file).reason


def collect_files(paths: Iterable[Path]) -> tuple[list[Path], list[Path], list[FileResult]]:
    """Expand files and folders: (files, folders given, problems). A file in a folder that is no
    document (a program, an archive) is a skipped result with its reason; named on its own, a failed one."""
    files: list[Path] = []
    roots: list[Path] = []
    problems: list[FileResult] = []
    seen: set[Path] = set()

    def take(file: Path) -> None:
        problem = _file_problem(file)
        if problem:
            problems.append(FileResult(_display(file), FAILED_FILE, problem))
        elif file not in seen:
            seen.add(file)
            files.append(file)

    for given in paths:
        path = Path(given).expanduser()
        if path.is_dir():
            root = path.resolve()
            roots.append(root)
            # Linked folders are followed, each real folder once: a link back up the tree
            # (a loop) or a second link to the same folder is reported and not walked.
            walked = {str(root)}
            for folder, dirs, names in os.walk(root, followlinks=True, onerror=lambda e: problems.append(
                    FileResult(_display(e.filename), FAILED_FILE, f"cannot read folder: {e.strerror}"))):
                kept = []
                for name in sorted(dirs):
                    if name.startswith("."):
                        continue
                    sub = Path(folder) / name
                    real = os.path.realpath(sub)
                    if real in walked:
                        loop = Path(folder).resolve().is_relative_to(real)
                        problems.append(FileResult(_display(sub), SKIPPED, (
                            f"symlink loop: leads back to {_display(real)}; not followed" if loop
                            else f"links to {_display(real)}, which is read already; not read twice")))
                        continue
                    walked.add(real)
                    kept.append(name)
                dirs[:] = kept
                for name in sorted(names):
                    if name.startswith((".", "~$")):
                        continue
                    file = Path(folder) / name
                    if reason := _not_a_document(file):
                        problems.append(FileResult(_display(file), SKIPPED, reason))
                        continue
                    take(file)
        elif path.is_file():
            file = path.resolve()
            if reason := _not_a_document(file):
                problems.append(FileResult(_display(file), FAILED_FILE, reason))
            else:
                take(file)
        elif path.exists() or path.is_symlink():
            take(path.absolute())
        else:
            problems.append(FileResult(_display(path), FAILED_FILE, "no such file or folder"))
    return files, roots, problems


def _gone_under(store: IndexStore, roots: list[Path]) -> list[DocumentInfo]:
    gone = []
    for doc in store.manifest.documents():
        source = Path(doc.source)
        if any(source.is_relative_to(root) for root in roots) and not source.exists():
            gone.append(doc)
    return gone


@dataclass(frozen=True)
class IngestRequest:
    """One ingest run: what to read, how, and whom to tell as it goes."""

    paths: Sequence[Path]
    force: bool = False  # re-read documents even when their bytes have not changed
    batch_chunks: int = Settings.ingest_batch_chunks
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    ocr: Callable[[], OcrEngine] | None = None  # the OCR engine, loaded when a scanned page or an image first needs it
    reader: DocumentProcess | None = None  # documents are parsed in this child process instead (it runs OCR itself)
    progress: Progress | None = None
    cancel: CancelCheck | None = None
    report: Callable[[FileResult], None] | None = None  # each file's result, as it is settled


def ingest_paths(request: IngestRequest, store: IndexStore, embedder: Embedder, params: ChunkParams) -> IngestReport:
    """Index the request's files and folders into the store."""
    cancel, report = request.cancel, request.report
    started = time.perf_counter()
    out = IngestReport()
    tracker: _Tracker | None = None  # counts this run's files once they are listed

    def emit(result: FileResult) -> None:
        out.results.append(result)
        if report is not None:
            report(result)
        if tracker is not None:
            tracker.settled(result)
            tracker.send(tracker.current)

    if store.embedder_id not in (None, embedder.model_id) and store.manifest.chunk_count():
        out.notes.append(f"embedder changed from {store.embedder_id} to {embedder.model_id}: re-embedding every chunk")
        store.rebuild_dense(lambda texts: embedder.embed(texts, cancel=cancel), embedder.model_id)

    files, roots, problems = collect_files(request.paths)
    if files:
        import_chroma_in_background()
    for problem in problems:
        emit(problem)
    gone = _gone_under(store, roots)
    if gone:
        store.remove_documents([d.doc_id for d in gone], embedder.model_id)
        for doc in gone:
            emit(FileResult(doc.source, REMOVED, "file no longer exists; purged from the index", chunks_removed=doc.chunks))

    indexer = Indexer(store, embedder, params, request.batch_chunks, cancel=cancel, on_written=emit)
    tracker = _Tracker(request.progress, files, indexer)
    indexer.on_embedded = tracker.embedded
    reader, ocr = request.reader, request.ocr
    ahead = ReadAhead(reader, store, params, request.force, request.max_file_bytes) if reader is not None else None
    try:
        for n, file in enumerate(files):
            if cancel is not None and cancel():
                raise Cancelled()
            tracker.send(str(file))

            def page_progress(page: int, pages: int, file: Path = file) -> None:
                tracker.send(str(file), f"OCR page {page + 1} of {pages}")

            parse: Parser
            if ahead is not None:
                parse = partial(ahead.parse, upcoming=files[n + 1:n + 1 + 2 * ahead.reader.workers],
                                progress=page_progress, cancel=cancel)
            else:
                parse = partial(parse_document, ocr=OcrReader(ocr, page_progress, cancel) if ocr is not None else None)
            began = time.perf_counter()
            result = _ingest_one(file, store, indexer, params, parse, request.force, request.max_file_bytes)
            if result.status in (ADDED, UPDATED):
                continue  # reported after its batch is written
            if result.status in (UNCHANGED, DUPLICATE):
                tracker.skipped(time.perf_counter() - began)
            emit(result)
        indexer.flush()
    except Cancelled:
        out.cancelled = True
        for result in indexer.discard():
            result.status, result.message = FAILED_FILE, CANCELLED_BEFORE_WRITTEN
            emit(result)
    finally:
        if ahead is not None:
            ahead.drop()
    out.chunks_embedded = indexer.chunks_embedded
    out.seconds = time.perf_counter() - started
    tracker.send("")
    return out


def read_file(file: Path, max_bytes: int = DEFAULT_MAX_FILE_BYTES) -> bytes:
    """The file's bytes, or DocumentError: gone, unreadable, not a regular file, or above the size limit."""
    def too_big(size: int) -> DocumentError:
        return DocumentError(f"file too large: {size / 2**20:.1f} MB, above the limit of {max_bytes / 2**20:g} MB; "
                             "raise max_file_mb in config.toml to index it")

    try:
        # O_NONBLOCK: a pipe that took a document's name must not hang the batch
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise DocumentError("the file disappeared before it could be read (moved or deleted?)") from None
    except OSError as exc:
        raise DocumentError(f"cannot read file: {exc.strerror or exc}") from exc
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise DocumentError("not a regular file (a folder, pipe, socket or device); skipped")
        if info.st_size > max_bytes:
            raise too_big(info.st_size)
        try:
            data = handle.read(max_bytes + 1)
        except OSError as exc:
            raise DocumentError(f"cannot read file: {exc.strerror or exc}") from exc
    if len(data) > max_bytes:  # it grew while we read it
        raise too_big(len(data))
    return data


def _ingest_one(file: Path, store: IndexStore, indexer: Indexer, params: ChunkParams, parse: Parser,
                force: bool = False, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES) -> FileResult:
    source = str(file)
    manifest = store.manifest
    existing = manifest.document_by_source(source)
    try:
        data = read_file(file, max_file_bytes)
    except DocumentError as exc:
        return _failed(store, source, existing, exc.message)
    content_hash = hashlib.sha256(data).hexdigest()
    if not force and _unchanged(existing, content_hash, params):
        assert existing is not None
        if existing.error:
            manifest.set_error(existing.doc_id, None)
        return FileResult(source, UNCHANGED, chunks_total=existing.chunks)
    twins = [d.source for d in manifest.documents_with_hash(content_hash) if d.source != source and Path(d.source).exists()]
    queued = indexer.pending_source(content_hash)  # an earlier file of this batch, not written yet
    if queued is not None and queued != source:
        twins.append(queued)
    if twins:
        if existing:
            store.remove_documents([existing.doc_id])
        return FileResult(source, DUPLICATE, f"same content as {twins[0]}; not indexed twice")
    try:
        document = parse(file, data)
    except DocumentError as exc:
        return _failed(store, source, existing, str(exc), content_hash, len(data), file.suffix.lstrip(".").lower())
    result = FileResult(source, UPDATED if existing and existing.status == INDEXED else ADDED)
    indexer.add(source, document, content_hash, len(data), result)
    return result


def _unchanged(existing: DocumentInfo | None, content_hash: str, params: ChunkParams) -> bool:
    """Indexed already from these bytes, chunked as `params` chunk: nothing to do for it."""
    return (existing is not None and existing.status == INDEXED and existing.content_hash == content_hash
            and existing.chunker == params.signature)


class ReadAhead:
    """Starts reading the next files in the child processes while this one is chunked, embedded and written.

    Parsing (text layer, tables, OCR) is most of a real manual's ingest (BENCHMARKS.md "Ingest
    speed"); in the children it runs beside this process's embedding, `reader.workers` files at
    once. A file is read ahead only when its bytes are not indexed already; one that then turns
    out to be a duplicate, or to have changed in the meantime, is dropped and read again at its
    turn. Files are still taken in order, so the index is written in the order given.
    """

    def __init__(self, reader: DocumentProcess, store: IndexStore, params: ChunkParams, force: bool,
                 max_file_bytes: int) -> None:
        self.reader, self.store, self.params = reader, store, params
        self.force, self.max_file_bytes = force, max_file_bytes
        self._ahead: deque[tuple[Path, bytes, Future[Document]]] = deque()
        self._looked_at: set[Path] = set()  # upcoming files read ahead already, or found not to need it

    def parse(self, file: Path, data: bytes, *, upcoming: Sequence[Path], progress: Callable[[int, int], None],
              cancel: CancelCheck | None) -> Document:
        started = None
        if any(path == file for path, _, _ in self._ahead):
            while True:  # files before this one that were not read after all (duplicates) are dropped
                path, read, future = self._ahead.popleft()
                if path == file and read == data:
                    started = future
                if path == file:
                    break
                self.reader.abandon(future)
            if started is None:  # changed since it was read ahead
                self.reader.abandon(future)
        if started is None:
            started = self.reader.start_spread(file, data)
        try:
            document = self._wait(file, data, started, progress, cancel)
        except DocumentError:
            self._begin(upcoming)
            raise
        self._begin(upcoming)
        return document

    def _wait(self, file: Path, data: bytes, started: Future[Document], progress: Callable[[int, int], None],
              cancel: CancelCheck | None) -> Document:
        try:
            return self.reader.wait(started, progress, cancel)
        except DocumentError as exc:
            if exc.message != CHILD_STOPPED or self.reader.workers == 1:
                raise
        # A child crashed while several files were being read, and a crash stops them all: the one
        # that caused it is not known. Read this file again alone; only if it crashes alone is it to blame.
        self.drop()
        log.info("the document readers stopped; reading %s again on its own", file)
        return self.reader.wait(self.reader.start(file, data), progress, cancel)

    def _begin(self, upcoming: Sequence[Path]) -> None:
        for file in upcoming:
            if len(self._ahead) >= self.reader.workers:
                return
            if file in self._looked_at:
                continue
            self._looked_at.add(file)
            try:
                data = read_file(file, self.max_file_bytes)
            except DocumentError:
                continue  # reported at its turn
            existing = self.store.manifest.document_by_source(str(file))
            if not self.force and _unchanged(existing, hashlib.sha256(data).hexdigest(), self.params):
                continue
            self._ahead.append((file, data, self.reader.start_spread(file, data)))

    def drop(self) -> None:
        """The run is over or cancelled (or the readers stopped): the files read ahead are not wanted."""
        if self._ahead:
            self.reader.abandon_all([future for _, _, future in self._ahead])
            self._ahead.clear()


def _failed(store: IndexStore, source: str, existing: DocumentInfo | None, reason: str,
            content_hash: str = "", size: int = 0, fmt: str = "") -> FileResult:
    if existing and existing.status == INDEXED:
        store.manifest.set_error(existing.doc_id, reason)
        return FileResult(source, FAILED_FILE, f"{reason} (the previously indexed version stays searchable)",
                          chunks_total=existing.chunks)
    store.record_failure(DocumentInfo(doc_id_for(source), source, Path(source).stem, fmt or "unknown", content_hash,
                                        size, None, "", now(), FAILED, reason))
    return FileResult(source, FAILED_FILE, reason)
