"""Wires settings to the index, the embedder and the retriever. No UI here.

It must not know about answers or the GUI (core/assistant.py and core/local_folder.py build on it).
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import Any

from operator_assistant.config import Settings
from operator_assistant.core.audit import AuditLog, record_event
from operator_assistant.core.chunking import ChunkParams
from operator_assistant.core.conflicts import FACTS_VERSION, Fact, facts_of
from operator_assistant.core.conflicts import conflicts as find_conflicts
from operator_assistant.core.documents.identity import is_revision, normalise_number, normalise_revision, parse_date
from operator_assistant.core.documents.ocr import OcrEngine
from operator_assistant.core.documents.process import DocumentProcess
from operator_assistant.core.embedding import Embedder, default_backend, load_embedder
from operator_assistant.core.index.store import IndexStore, SearchFilter
from operator_assistant.core.ingest import CancelCheck, FileResult, IngestReport, IngestRequest, Progress, ingest_paths
from operator_assistant.core.models import resolve_model
from operator_assistant.core.os_account import os_user
from operator_assistant.core.retrieval.retriever import HybridRetriever, RetrievalParams, SearchResult
from operator_assistant.core.revision_diff import Section, compare, sections_of
from operator_assistant.core.revisions import (
    SUPERSEDED,
    UPCOMING,
    RevisionStatus,
    compared_pair,
    resolve,
    search_scope,
)
from operator_assistant.errors import UserError
from operator_assistant.folder.records import ConflictInfo, DocumentInfo, FactInfo, RevisionDiff
from operator_assistant.folder.wire import Json

log = logging.getLogger("retrieval")


class Engine:
    """The offline core as one object: open an index, ingest, search, report status."""

    def __init__(self, settings: Settings, embedder: Embedder | None = None, audit: bool = True,
                 today: Callable[[], date] = date.today, reader: DocumentProcess | None = None) -> None:
        self.settings = settings
        self.reader = reader  # parses documents for ingest in a child process; None: in this one
        self.store = IndexStore(settings.index_dir, settings.chroma_server)
        self.today = today  # which revisions are in force is decided by this date, when asked
        # Every question and corpus change made through this engine is recorded here.
        self.audit: AuditLog | None = AuditLog.for_settings(settings) if audit else None
        self._embedder = embedder
        self._ocr: OcrEngine | None = None
        self._lock = threading.Lock()
        # the window asks and lists documents on two threads over one SQLite connection
        self._status_lock = threading.Lock()
        self._facts_lock = threading.Lock()
        # the last conflicts found, with the state they were found in (index generation, revisions, settled)
        self._conflicts_cache: tuple[object, list[ConflictInfo]] | None = None

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
                backend = self.settings.embed_backend or default_backend(
                    model.model_id, self.store.embedder_id if self.store.manifest.chunk_count() else None)
                self._embedder = load_embedder(model, self.settings.embed_batch_size, backend,
                                               self.settings.llm_threads)
            return self._embedder

    @property
    def loaded_embedder_id(self) -> str | None:
        """The embedder's id if it is loaded already (None: not loaded, and not loaded by asking this)."""
        return self._embedder.model_id if self._embedder is not None else None

    def ocr(self) -> OcrEngine:
        """The OCR engine, loaded (and its weights hash-checked) when a scanned page first needs it."""
        with self._lock:
            if self._ocr is None:
                model = resolve_model(self.settings.models_dir, self.settings.ocr_model, "ocr")
                self._ocr = OcrEngine(model, self.settings.llm_threads)
            return self._ocr

    @functools.cached_property
    def retriever(self) -> HybridRetriever:
        """One for the engine's life: it holds nothing a search changes."""
        s = self.settings
        return HybridRetriever(self.store, self.embedder,
                               RetrievalParams(s.candidates, s.rrf_k, s.dense_weight, s.lexical_weight,
                                               s.identifier_weight, s.reference_weight),
                               left_out=lambda query: search_scope(query, self.revisions()).left_out)

    def ingest(self, paths: Iterable[Path], progress: Progress | None = None, cancel: CancelCheck | None = None,
               report: Callable[[FileResult], None] | None = None, force: bool = False) -> IngestReport:
        paths = list(paths)
        event = "reindex" if force else "ingest"
        try:
            with self.store.writing():  # refused at once (IndexBusy) while another process writes
                request = IngestRequest(paths, force=force, batch_chunks=self.settings.ingest_batch_chunks,
                                        max_file_bytes=self.settings.max_file_mb * 2**20, ocr=self.ocr,
                                        reader=self.reader, progress=progress, cancel=cancel, report=report)
                result = ingest_paths(request, self.store, self.embedder, self.chunk_params)
        except BaseException as exc:
            self.record(event, paths=[str(p) for p in paths], error=type(exc).__name__)
            raise
        warning = self.record(event, **self._ingest_fields(paths, result))
        if warning:
            result.notes.append(warning)
        self.revisions()  # a new revision supersedes an older one now: audited now
        self.refresh_facts()
        return result

    def _ingest_fields(self, paths: list[Path], result: IngestReport) -> Json:
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
        self.revisions()
        return removed

    # revisions

    def revisions(self) -> dict[str, RevisionStatus]:
        """Each indexed document's revision status today. A change since it was last seen (a newer
        revision indexed, an effective date reached, a correction) is written to the audit log once."""
        records = self.store.manifest.identities()
        statuses = resolve(records, self.today())
        if any(_state(statuses[d]) != r.state for d, r in records.items()):
            with self._status_lock:
                self._record_status_changes(statuses)
        return statuses

    def _record_status_changes(self, statuses: dict[str, RevisionStatus]) -> None:
        manifest = self.store.manifest
        with manifest.transaction() as db:  # read and set under one lock: two processes record a change once
            before = {doc_id: r.state for doc_id, r in manifest.identities().items()}
            changed = {d: _state(s) for d, s in statuses.items() if d in before and _state(s) != before[d]}
            manifest.set_identity_states(db, changed)
        docs = {d.doc_id: d for d in manifest.documents(list(changed) + [c for d in changed for c in statuses[d].current])}

        def described(doc_id: str) -> Json:
            s, d = statuses[doc_id], docs.get(doc_id)
            return {"source": d.source if d else None, "doc_id": doc_id, "sha256": d.content_hash if d else None,
                    "number": s.identity.number, "revision": s.identity.revision,
                    "effective": s.identity.effective.isoformat() if s.identity.effective else None}

        for doc_id in changed:
            status, was = statuses[doc_id], before[doc_id].split(":", 1)[0]
            if status.status == SUPERSEDED:
                self.record("supersession", superseded=described(doc_id),
                            by=[described(c) for c in status.current], on=self.today().isoformat())
            elif status.status == UPCOMING or was in (SUPERSEDED, UPCOMING):
                self.record("revision status", document=described(doc_id), status=status.status or "no number",
                            was=was, on=self.today().isoformat())

    def revision_diff(self, number: str, older: str | None = None, newer: str | None = None) -> RevisionDiff:
        """What changed between two revisions of a numbered document (default: the one in force and the
        one before it), read from what is indexed of each."""
        old, new = compared_pair(self.revisions(), number, older, newer)
        manifest = self.store.manifest

        def sections(status: RevisionStatus) -> tuple[list[Section], DocumentInfo]:
            doc = manifest.document(status.doc_id)
            if doc is None:
                raise UserError(f"{status.name} of {number} is no longer indexed", "run the comparison again")
            chunks = manifest.document_chunks(status.doc_id)
            tables = manifest.tables_in(status.doc_id, 0, 2**62)
            return sections_of(doc.title, chunks, tables, status.identity.revision), doc

        (before, old_doc), (after, new_doc) = sections(old), sections(new)
        return RevisionDiff(new.identity.number or number, old.info(), new.info(), old_doc.title, old_doc.source,
                            new_doc.title, new_doc.source, tuple(compare(before, after)))

    # values documents state, and where they disagree

    def refresh_facts(self) -> None:
        """Read the facts of each document indexed since the last refresh (or changed); drop those of
        documents no longer indexed. Done after each ingest, and on first use of an older index."""
        with self._facts_lock:
            self._refresh_facts()

    def _refresh_facts(self) -> None:
        manifest = self.store.manifest
        docs = {d.doc_id: d for d in manifest.documents() if d.status == "indexed"}
        known = manifest.fact_hashes()
        stale = [d for d in known if d not in docs]
        fresh = [d for d in docs.values() if known.get(d.doc_id) != f"{FACTS_VERSION}:{d.content_hash}"]
        if not stale and not fresh:
            return
        read = {d.doc_id: facts_of(manifest.document_chunks(d.doc_id),
                                   manifest.tables_in(d.doc_id, 0, 2**62)) for d in fresh}
        with manifest.transaction() as db:
            manifest.delete_facts(db, stale)
            for doc in fresh:
                manifest.set_facts(db, doc.doc_id, f"{FACTS_VERSION}:{doc.content_hash}",
                                   [f.to_json() for f in read[doc.doc_id]])
        self._conflicts_cache = None

    def conflicts(self, refresh: bool = True) -> list[ConflictInfo]:
        """Values that current documents state differently (revisions of one document never conflict),
        each with whether an admin settled it. `refresh`: first read the facts of documents not read yet
        (an index from before facts were kept reads every document once); a question does not wait for that."""
        if refresh:
            self.refresh_facts()
        manifest = self.store.manifest
        statuses = self.revisions()
        docs = {d.doc_id: d for d in manifest.documents() if d.status == "indexed"}
        settled = manifest.settled_conflicts()
        current = {d for d in docs if statuses.get(d) is None or statuses[d].status not in (SUPERSEDED, UPCOMING)}
        family = {d: (statuses[d].identity.number or d) if d in statuses else d for d in current}
        state = (manifest.generation, tuple(sorted(family.items())), tuple(sorted(settled.items())))
        cached = self._conflicts_cache
        if cached is not None and cached[0] == state:
            return cached[1]
        found = find_conflicts((Fact.from_json(f) for f in manifest.facts(current)), family,
                               titles={d: docs[d].title for d in current})

        def info(fact: Fact) -> FactInfo:
            doc, status = docs[fact.doc_id], statuses.get(fact.doc_id)
            return FactInfo(fact.doc_id, fact.chunk_id, doc.title, doc.source, fact.shown, fact.value, fact.text,
                            fact.start, fact.end, fact.section, fact.pages,
                            status.identity.number if status else None)

        result = []
        for conflict in found:
            by, at, note = settled.get(conflict.key, ("", None, ""))
            result.append(ConflictInfo(conflict.key, info(conflict.first), info(conflict.second), bool(by), by, at,
                                       note))
        self._conflicts_cache = (state, result)
        return result

    def settle_conflict(self, key: str, settled: bool = True, note: str = "") -> ConflictInfo:
        """An admin marks a conflict settled (it is no longer marked on cards) or takes the mark off; audited."""
        found = next((c for c in self.conflicts() if c.key == key), None)
        if found is None:
            raise UserError(f"no conflict {key!r} among the current documents",
                            "list them with `operator-assistant conflicts`; a changed value makes a new one")
        manifest = self.store.manifest
        with manifest.transaction() as db:
            manifest.set_settled(db, key, os_user() if settled else None, note)
        self.record("conflict settled" if settled else "conflict reopened", key=key, note=note,
                    values=[{"source": f.source, "value": f.value, "text": f.text} for f in (found.first, found.second)])
        return next(c for c in self.conflicts() if c.key == key)

    def correct_identity(self, doc_id: str, number: str | None = None, revision: str | None = None,
                         effective: str | None = None, clear: bool = False) -> RevisionStatus:
        """An admin sets (or with "" removes) a document's number, revision or effective date; None leaves a field
        as it is; `clear` drops every correction (back to what was read). Kept across re-ingest; audited."""
        manifest = self.store.manifest
        records = manifest.identities()
        doc = manifest.document(doc_id)
        if doc is None or doc_id not in records:
            raise UserError("no indexed document with that id", "see `operator-assistant revisions` for the list")
        old = records[doc_id]
        if clear:
            values: tuple[str | None, str | None, str | None] = (None, None, None)
        else:
            values = (_checked_number(number) if number is not None else old.set_number,
                      _checked_revision(revision) if revision is not None else old.set_revision,
                      _checked_date(effective) if effective is not None else old.set_effective)
        corrected = any(v is not None for v in values)
        with manifest.transaction() as db:
            manifest.set_identity_correction(db, doc_id, *values, by=os_user() if corrected else None,
                                             at=time.time() if corrected else None)
        new = manifest.identities()[doc_id]

        def fields(identity: Any) -> Json:
            return {"number": identity.number, "revision": identity.revision,
                    "effective": identity.effective.isoformat() if identity.effective else None}

        self.record("identity correction", source=doc.source, doc_id=doc_id, sha256=doc.content_hash,
                    read=fields(new.read), before=fields(old.identity), after=fields(new.identity), cleared=clear)
        return self.revisions()[doc_id]

    # audit

    def record(self, event: str, **fields: Any) -> str:
        """Append an audit record; "" when written, else the warning (see audit.record_event)."""
        return record_event(self.audit, event, **fields)

    def index_id(self) -> Json:
        manifest = self.store.manifest
        return {"embedder": self.store.embedder_id, "generation": manifest.generation(),
                "chunks": manifest.chunk_count()}

    def search(self, query: str, k: int | None = None, documents: list[str] | None = None,
               section: str | None = None, candidates: int | None = None, all_revisions: bool = False) -> SearchResult:
        """Hybrid search over the revisions in force (every revision with `all_revisions`)."""
        retriever = self.retriever
        doc_ids = retriever.resolve_documents(documents) if documents else None
        if doc_ids is not None and not all_revisions:
            statuses = self.revisions()
            if all(statuses[d].status in (SUPERSEDED, UPCOMING) for d in doc_ids if d in statuses) and \
                    any(d in statuses and statuses[d].status for d in doc_ids):
                raise UserError(f"{', '.join(documents or [])}: only superseded or upcoming revisions match",
                                "add --all-revisions to search them, or name the revision in the query (\"Rev B\")")
        return retriever.search(query, k or self.settings.top_k,
                                SearchFilter(doc_ids, section, all_revisions=all_revisions), candidates)


def _state(status: RevisionStatus) -> str:
    """What is remembered per document to notice a change: "superseded:<current ids>", "current", ..."""
    return f"{SUPERSEDED}:{','.join(status.current)}" if status.status == SUPERSEDED else status.status


def _checked_number(value: str) -> str:
    value = value.strip()
    if value and not (len(value) <= 40 and any(ch.isdigit() for ch in value)
                      and all(ch.isalnum() or ch in "&/._- " for ch in value)):
        raise UserError(f"{value!r} is not a document number",
                        "use letters, digits and - . / (e.g. SOP-114), or an empty value for none")
    return normalise_number(value) if value else ""


def _checked_revision(value: str) -> str:
    value = value.strip()
    if value and not is_revision(value):
        raise UserError(f"{value!r} is not a revision", "use one or two letters (C, AA) or a number (3, 1.2)")
    return normalise_revision(value) if value else ""


def _checked_date(value: str) -> str:
    value = value.strip()
    if not value:
        return ""
    found = parse_date(value)
    if found is None:
        raise UserError(f"{value!r} is not a date that can be read without guessing", "write it as 2026-05-01")
    return found.isoformat()
