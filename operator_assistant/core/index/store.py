"""IndexStore keeps the manifest, the Chroma collection and BM25 in step.

Write order: the manifest commits first (with `dense_pending` set), then Chroma is
changed, then the flag is cleared. A process killed in between leaves the flag set,
and the next open brings Chroma back in line from the vectors in the manifest.
BM25 is built from the manifest, so it cannot drift: its saved copy (lexical_snapshot.py)
is used only while it matches the manifest's generation and chunk ids.

Writes hold the index's WriterLock (one writer across processes). A reader that finds
Chroma behind the manifest repairs it only when it can take that lock; otherwise a
writer is at work and will finish the job, and search drops ids the manifest lacks.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from operator_assistant.core.documents.identity import Identity
from operator_assistant.core.documents.ocr import OcrPage
from operator_assistant.core.index.lexical_snapshot import LexicalSnapshot
from operator_assistant.core.index.lock import WriterLock
from operator_assistant.core.index.manifest import (
    ChunkRecord,
    DocumentInfo,
    EntryRecord,
    Manifest,
    NewChunk,
    TableRecord,
)
from operator_assistant.core.index.vectors import VectorStore
from operator_assistant.core.references import Reference, passage_holds
from operator_assistant.errors import IndexMismatch
from operator_assistant.folder.records import IndexHealth

# Chunks read per numbered reference to find the section it names (BENCHMARKS.md, "Issue 25, point 3").
REFERENCE_CANDIDATES = 2000

log = logging.getLogger("ingest")

MANIFEST_FILE = "manifest.sqlite3"
CHROMA_DIR = "chroma"
REINDEX_HINT = "run `operator-assistant reindex` to re-embed every chunk with the configured embedder"


@dataclass
class DocumentChange:
    """One document's new version: what to add, what stays (maybe moved), what goes."""

    document: DocumentInfo
    added: list[NewChunk] = field(default_factory=list)
    kept: list[ChunkRecord] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    tables: list[TableRecord] = field(default_factory=list)
    identity: Identity = field(default_factory=Identity)  # what the document says it is (number, revision, date)
    ocr_pages: dict[int, OcrPage] = field(default_factory=dict)
    entries: list[EntryRecord] = field(default_factory=list)


@dataclass(frozen=True)
class SearchFilter:
    doc_ids: frozenset[str] | None = None
    section: str | None = None  # case-insensitive substring of the section path
    left_out: frozenset[str] = frozenset()  # documents never returned (superseded revisions)
    all_revisions: bool = False  # keep superseded and upcoming revisions in the results

    def __bool__(self) -> bool:
        return self.doc_ids is not None or bool(self.section) or bool(self.left_out)

    def chroma_where(self) -> dict[str, Any] | None:
        """The same filter inside Chroma's query, so it still returns n results."""
        if self.doc_ids is not None:
            return {"doc_id": {"$in": sorted(self.doc_ids - self.left_out)}}
        if self.left_out:
            return {"doc_id": {"$nin": sorted(self.left_out)}}
        return None


class IndexStore:
    def __init__(self, index_dir: Path, chroma_server: str = "") -> None:
        self.dir = index_dir
        self.chroma_server = chroma_server  # "": Chroma embedded in this process (see vectors.py)
        self.manifest = Manifest(index_dir / MANIFEST_FILE)
        self._vectors: VectorStore | None = None
        self._lexical: LexicalSnapshot | None = None
        self._lock = threading.RLock()
        self.writer_lock = WriterLock(index_dir)

    def close(self) -> None:
        with self._lock:
            if self._vectors is not None:
                self._vectors.close()
                self._vectors = None
        self.manifest.close()

    # state

    @property
    def embedder_id(self) -> str | None:
        """The embedder the dense index was built with (None for an empty new index)."""
        return self.manifest.get_meta("embedder_id")

    def check_embedder(self, embedder_id: str) -> None:
        built = self.embedder_id
        if built is not None and built != embedder_id and self.manifest.chunk_count():
            raise IndexMismatch(f"the index was built with embedder {built}, but {embedder_id} is configured",
                                REINDEX_HINT)

    def vectors(self, embedder_id: str) -> VectorStore:
        """The Chroma collection for this embedder, made consistent with the manifest first."""
        with self._lock:
            self.check_embedder(embedder_id)
            if self._vectors is None or self._vectors.embedder_id != embedder_id:
                if self._vectors is not None:
                    self._vectors.close()
                self._vectors = VectorStore(self.dir / CHROMA_DIR, embedder_id, self.chroma_server)
                if self.embedder_id != embedder_id:  # new or emptied index
                    self.manifest.set_meta("embedder_id", embedder_id)
                self._repair_if_free()
            return self._vectors

    def _repair_if_free(self) -> None:
        assert self._vectors is not None
        if self.manifest.get_meta("dense_pending") != "1" and self._vectors.count() == self.manifest.chunk_count():
            return
        if not self.writer_lock.try_acquire():
            log.debug("dense index behind the manifest while another writer works; left to it")
            return
        try:
            self.reconcile()
        finally:
            self.writer_lock.release()

    def writing(self) -> AbstractContextManager[None]:
        """Hold the writer lock for a whole job (an ingest, a removal); raises IndexBusy."""
        return self.writer_lock.hold()

    def lexical(self) -> LexicalSnapshot:
        """BM25 as of the manifest now: the one in memory, else the saved one, else rebuilt."""
        with self._lock:
            if self._lexical is None or self._lexical.generation != self.manifest.generation():
                self._lexical = None  # the old one's memory is free before the new one is read
                self._lexical = LexicalSnapshot.open(self.manifest, self.dir)
            return self._lexical

    def vocabulary(self) -> Collection[str]:
        """Every word the indexed chunks hold, as BM25 tokenizes them."""
        return self.lexical().index.vocabulary

    def query_identifiers(self, query: str) -> list[str]:
        """Whole identifiers the query names that occur in the corpus ("P-101A", "vlv 3042-b")."""
        return self.lexical().index.query_identifiers(query)

    # writing

    def apply(self, changes: Sequence[DocumentChange], embedder_id: str) -> None:
        """Write document versions to the manifest, then to Chroma; BM25 follows the manifest."""
        if not changes:
            return
        with self.writer_lock.hold(), self._lock:
            vectors = self.vectors(embedder_id)
            with self.manifest.transaction() as db:
                self.manifest.set_meta("dense_pending", "1", db)
                for change in changes:
                    self.manifest.upsert_document(db, change.document)
                    self.manifest.delete_chunks(db, change.removed)
                    self.manifest.update_chunk_places(db, change.kept)
                    self.manifest.insert_chunks(db, change.added)
                    self.manifest.replace_tables(db, change.document.doc_id, change.tables)
                    self.manifest.replace_entries(db, change.document.doc_id, change.entries)
                    self.manifest.set_read_identity(db, change.document.doc_id, change.identity,
                                                    change.document.indexed_at)
                    self.manifest.replace_ocr_pages(db, change.document.doc_id, change.ocr_pages)
                self.manifest.bump_generation(db)
            removed = [cid for change in changes for cid in change.removed]
            added = [new for change in changes for new in change.added]
            if removed:
                vectors.delete(removed)
            if added:
                new_vectors = [a.vector for a in added if a.vector is not None]
                if len(new_vectors) != len(added):  # the indexer embeds every added chunk
                    raise ValueError("a new chunk has no vector")
                vectors.upsert([a.record.chunk_id for a in added], np.vstack(new_vectors),
                               [{"doc_id": a.record.doc_id} for a in added])
            self.manifest.set_meta("dense_pending", "0")

    def record_failure(self, document: DocumentInfo) -> None:
        with self.manifest.transaction() as db:
            self.manifest.upsert_document(db, document)

    def remove_documents(self, doc_ids: Sequence[str], embedder_id: str | None = None) -> int:
        """Purge documents and their chunks from all three stores; returns chunks removed."""
        with self.writer_lock.hold(), self._lock:
            with self.manifest.transaction() as db:
                self.manifest.set_meta("dense_pending", "1", db)
                chunk_ids = [cid for doc_id in doc_ids for cid in self.manifest.delete_document(db, doc_id)]
                self.manifest.bump_generation(db)
            built = embedder_id or self.embedder_id
            if built is not None and chunk_ids:
                self.vectors(built).delete(chunk_ids)
            self.manifest.set_meta("dense_pending", "0")
            return len(chunk_ids)

    def reconcile(self) -> tuple[int, int]:
        """Make Chroma hold exactly the manifest's chunks; returns (added, deleted)."""
        assert self._vectors is not None
        have = self._vectors.ids()
        ids, doc_ids, matrix = self.manifest.vectors()
        want = set(ids)
        extra = sorted(have - want)
        missing = [i for i, cid in enumerate(ids) if cid not in have]
        if extra:
            self._vectors.delete(extra)
        if missing:
            self._vectors.upsert([ids[i] for i in missing], matrix[missing], [{"doc_id": doc_ids[i]} for i in missing])
        self.manifest.set_meta("dense_pending", "0")
        if extra or missing:
            log.warning("dense index brought back in step with the manifest: %d added, %d removed", len(missing), len(extra))
        return len(missing), len(extra)

    def rebuild_dense(self, embed: Callable[[list[str]], np.ndarray], embedder_id: str) -> int:
        """Re-embed every chunk with another model into a fresh collection."""
        with self.writer_lock.hold(), self._lock:
            rows = self.manifest.all_chunk_texts()
            ids = [cid for cid, _ in rows]
            matrix = embed([text for _, text in rows]) if rows else np.zeros((0, 0), dtype=np.float32)
            with self.manifest.transaction() as db:
                self.manifest.replace_vectors(db, ids, matrix, embedder_id)
                self.manifest.set_meta("embedder_id", embedder_id, db)
                self.manifest.set_meta("dense_pending", "1", db)
                self.manifest.bump_generation(db)
            self._vectors = None
            vectors = self.vectors(embedder_id)  # reconciles into the new collection
            vectors.drop_other_collections()
            return len(ids)

    # reading

    def search_dense(self, vector: np.ndarray, embedder_id: str, n: int, flt: SearchFilter) -> list[tuple[str, float]]:
        vectors = self.vectors(embedder_id)
        if flt.doc_ids is not None and not flt.doc_ids - flt.left_out:
            return []
        if flt.section:
            # Chroma cannot match a substring of metadata: over-fetch, then keep matches.
            lexical = self.lexical()
            mask = lexical.mask(flt)
            allowed = {lexical.index.ids[i] for i in np.flatnonzero(mask)} if mask is not None else set(lexical.index.ids)
            if not allowed:
                return []
            hits = vectors.query(vector, max(n * 10, 200), flt.chroma_where())
            return [h for h in hits if h[0] in allowed][:n]
        return vectors.query(vector, n, flt.chroma_where())

    def search_lexical(self, query: str, n: int, flt: SearchFilter) -> list[tuple[str, float]]:
        lexical = self.lexical()
        return lexical.index.search(query, n, lexical.mask(flt))

    def search_identifiers(self, query: str, n: int, flt: SearchFilter) -> list[tuple[str, float]]:
        lexical = self.lexical()
        return lexical.index.identifier_matches(query, n, lexical.mask(flt))

    def search_references(self, refs: Sequence[Reference], query: str, n: int, flt: SearchFilter
                          ) -> list[tuple[str, float]]:
        """Chunks of the sections the query refers to by number ("§7605", "section 7.1"), best BM25 first."""
        lexical = self.lexical()
        index = lexical.index
        if not refs or not index.ids:
            return []
        allowed = np.zeros(len(index.ids), dtype=bool)
        mask = lexical.mask(flt)
        for ref in refs:
            allowed[self._section_rows(ref, query, mask)[0]] = True
        return index.search(query, n, allowed) if allowed.any() else []

    def section_documents(self, ref: Reference, query: str) -> set[str] | None:
        """The documents (any revision) that hold the referenced section; None when it cannot be told (more
        chunks hold the number than are read): a section is never said to be missing unchecked."""
        rows, complete = self._section_rows(ref, query, None)
        if not complete:
            return None
        ids = self.lexical().index.ids
        return {ids[i].split(":", 1)[0] for i in rows}  # a chunk id is "<doc id>:<content hash>"

    def _section_rows(self, ref: Reference, query: str, mask: np.ndarray | None) -> tuple[np.ndarray, bool]:
        """(rows of the chunks that hold the referenced section, whether every chunk holding the number
        was read). Only chunks with the number's token are read (a section's heading is indexed with
        each of its chunks); of more than `REFERENCE_CANDIDATES`, those the query's words rank first:
        a common number ("3.2") is in many chunks of a plant's library."""
        index = self.lexical().index
        rows = index.chunks_with(ref.term)
        if mask is not None:
            rows = rows[mask[rows]]
        complete = len(rows) <= REFERENCE_CANDIDATES
        if not complete:
            scores = index.scores(index.query_tokens(query))
            rows = rows[np.argsort(-scores[rows], kind="stable")[:REFERENCE_CANDIDATES]]
        chunks = self.manifest.chunks(index.ids[i] for i in rows)
        held = [i for i in rows if (c := chunks.get(index.ids[i])) is not None
                # or a line that starts with the number: a layout whose headings were not read as such
                and passage_holds(ref, c.section, c.text)]
        return np.asarray(held, dtype=np.int64), complete

    def health(self) -> IndexHealth:
        """Counts from each store and whether they agree."""
        chunks = self.manifest.chunk_count()
        built = self.embedder_id
        dense = None
        if built is not None:
            vectors = self._vectors or VectorStore(self.dir / CHROMA_DIR, built, self.chroma_server)
            dense = vectors.count()
        lexical = len(self.lexical().index)
        problems = []
        if dense is not None and dense != chunks:
            problems.append(f"dense index has {dense} vectors for {chunks} chunks (repaired on next search or ingest)")
        if self.manifest.get_meta("dense_pending") == "1":
            problems.append("an interrupted write is pending (repaired on next search or ingest)")
        if len(self.manifest.embedder_ids()) > 1:
            problems.append("chunks carry vectors from more than one embedder: " + REINDEX_HINT)
        return IndexHealth(chunks, dense, lexical, built, not problems, tuple(problems))
