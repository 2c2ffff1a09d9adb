"""The SQLite manifest: the one source of truth for documents and chunks.

It holds every chunk's text, tokens and vector, so both search indexes can be
rebuilt from it alone: BM25 is built from it at start-up, and Chroma is brought
back in step with it after a crash (see IndexStore).
It must not embed or tokenize: it stores what ingest computed.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numpy as np

from operator_assistant.core.chunking import indexed_text
from operator_assistant.core.documents.entries import Entry, key_forms, number_form
from operator_assistant.core.documents.identity import (
    FILE_NAME,
    TITLE_BLOCK,
    Identity,
    combine,
    read_name_identity,
    read_text_identity,
)
from operator_assistant.core.documents.ocr import OcrPage, words_from_json, words_to_json
from operator_assistant.core.documents.tables import Table, table_from_json, table_to_json
from operator_assistant.core.tokenize import tokenize
from operator_assistant.errors import UserError
from operator_assistant.folder.records import DocumentInfo

log = logging.getLogger("ingest")

# 2: document identities (number, revision, effective date) in `identities`
SCHEMA_VERSION = "2"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    doc_id TEXT PRIMARY KEY,
    source TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    format TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    size INTEGER NOT NULL,
    pages INTEGER,
    chunker TEXT NOT NULL,
    indexed_at REAL NOT NULL,
    status TEXT NOT NULL,
    error TEXT
);
CREATE INDEX IF NOT EXISTS documents_hash ON documents(content_hash);
CREATE TABLE IF NOT EXISTS chunks (
    chunk_id TEXT PRIMARY KEY,
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    section TEXT NOT NULL,
    pages TEXT NOT NULL,
    context TEXT NOT NULL,
    text TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    embedder_id TEXT NOT NULL,
    tokens TEXT NOT NULL,
    vector BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_doc ON chunks(doc_id);
CREATE TABLE IF NOT EXISTS tables (
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    section TEXT NOT NULL,
    pages TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (doc_id, ordinal)
);
-- What each document says it is, and an admin's correction of it (set_* NULL: not corrected,
-- '' corrected to none). Keyed by doc_id (the source path), with no cascade: a correction
-- outlives removing and re-adding the same file. `state` is the revision status last
-- written to the audit log, so each supersession is recorded once.
CREATE TABLE IF NOT EXISTS identities (
    doc_id TEXT PRIMARY KEY,
    read_number TEXT,
    read_revision TEXT,
    read_effective TEXT,
    read_from TEXT NOT NULL DEFAULT '',
    set_number TEXT,
    set_revision TEXT,
    set_effective TEXT,
    set_by TEXT,
    set_at REAL,
    first_indexed REAL NOT NULL,
    state TEXT NOT NULL DEFAULT ''
);
-- Pages read by OCR: their text and word boxes (JSON [[start, end, left, top, right, bottom,
-- confidence], ...], offsets within the page's text), so the viewer can rebuild the document
-- and highlight words without running OCR again. confidence is NULL for a page with no text.
-- Added after schema 1: CREATE IF NOT EXISTS adds it to an existing data dir.
CREATE TABLE IF NOT EXISTS ocr_pages (
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    page INTEGER NOT NULL,
    confidence REAL,
    text TEXT NOT NULL,
    words TEXT NOT NULL,
    PRIMARY KEY (doc_id, page)
);
-- Lookup entries (core/documents/entries.py): a code, symptom or MIB object with the rest of its row,
-- as JSON; `entry_keys` holds each of its written forms (key_forms), which questions are matched by.
-- `grp` names what it was found in, so a key that is not there can be said to be not listed.
CREATE TABLE IF NOT EXISTS entries (
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    kind TEXT NOT NULL,
    grp TEXT NOT NULL,
    section TEXT NOT NULL,
    pages TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (doc_id, ordinal)
);
CREATE TABLE IF NOT EXISTS entry_keys (
    key TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    ordinal INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS entry_keys_key ON entry_keys(key);
CREATE INDEX IF NOT EXISTS entry_keys_doc ON entry_keys(doc_id);
-- Values each document states (core/conflicts.py), read from its chunks and tables once per content
-- (`content_hash`: a changed file is read again); a removed document's row goes at the next refresh.
CREATE TABLE IF NOT EXISTS facts (doc_id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, data TEXT NOT NULL);
-- Conflicts an admin settled, by key: the key names subjects, values and documents, not offsets,
-- so it holds across re-ingest until a value changes.
CREATE TABLE IF NOT EXISTS settled_conflicts (
    key TEXT PRIMARY KEY,
    settled_by TEXT NOT NULL,
    settled_at REAL NOT NULL,
    note TEXT NOT NULL DEFAULT ''
);
"""

INDEXED, FAILED = "indexed", "failed"


@dataclass(frozen=True)
class ChunkRecord:
    chunk_id: str
    doc_id: str
    ordinal: int
    start: int
    end: int
    section: tuple[str, ...]
    pages: tuple[int, ...]
    context: str
    text: str
    content_hash: str
    embedder_id: str

    @property
    def indexed_text(self) -> str:
        return indexed_text(self.context, self.text)


@dataclass(frozen=True)
class TableRecord:
    """A document's table as data, with the section and pages it sits in."""

    doc_id: str
    ordinal: int
    section: tuple[str, ...]
    pages: tuple[int, ...]
    table: Table


@dataclass(frozen=True)
class EntryRecord:
    """A document's lookup entry, with the section and pages it sits in."""

    doc_id: str
    ordinal: int
    section: tuple[str, ...]
    pages: tuple[int, ...]
    entry: Entry


@dataclass(frozen=True)
class IdentityRecord:
    """A document's identity as read and as corrected; `identity` is what counts (a correction wins)."""

    doc_id: str
    read: Identity
    set_number: str | None
    set_revision: str | None
    set_effective: str | None
    set_by: str | None
    set_at: float | None
    first_indexed: float
    state: str

    @property
    def corrected(self) -> bool:
        return any(v is not None for v in (self.set_number, self.set_revision, self.set_effective))

    @property
    def identity(self) -> Identity:
        def pick(corrected: str | None, read: str | None) -> str | None:
            return read if corrected is None else (corrected or None)

        effective = None if self.set_effective is None else (date.fromisoformat(self.set_effective)
                                                             if self.set_effective else None)
        origin = self.read.found_in if not self.corrected else "; ".join(
            f"{name}: admin" for name, v in (("number", self.set_number), ("revision", self.set_revision),
                                            ("effective", self.set_effective)) if v is not None)
        return Identity(pick(self.set_number, self.read.number),
                        pick(self.set_revision, self.read.revision),
                        self.read.effective if self.set_effective is None else effective, origin)


_IDENTITY_COLUMNS = ("doc_id, read_number, read_revision, read_effective, read_from, set_number, set_revision,"
                     " set_effective, set_by, set_at, first_indexed, state")
_INDEXED_IDENTITIES = (f"SELECT {', '.join('i.' + c.strip() for c in _IDENTITY_COLUMNS.split(','))}"
                       " FROM identities i JOIN documents d ON d.doc_id = i.doc_id WHERE d.status = ?")


def _identity_from_row(row: sqlite3.Row | tuple) -> IdentityRecord:
    read = Identity(row[1], row[2], date.fromisoformat(row[3]) if row[3] else None, row[4])
    return IdentityRecord(row[0], read, *row[5:])


@dataclass
class NewChunk:
    record: ChunkRecord
    tokens: list[str]
    vector: np.ndarray | None  # None when the chunk is kept from the previous version


_CHUNK_COLUMNS = "chunk_id, doc_id, ordinal, start, end, section, pages, context, text, content_hash, embedder_id"


def _chunk_from_row(row: sqlite3.Row | tuple) -> ChunkRecord:
    return ChunkRecord(row[0], row[1], row[2], row[3], row[4], tuple(json.loads(row[5])),
                       tuple(json.loads(row[6])), row[7], row[8], row[9], row[10])


class Manifest:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(str(path), timeout=30.0, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # a power cut must not lose a committed ingest
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)
        version = self.get_meta("schema_version")
        if version is None:
            self.set_meta("schema_version", SCHEMA_VERSION)
        elif int(version) > int(SCHEMA_VERSION):
            raise UserError(f"the index at {path.parent} was written by a newer Operator Assistant "
                            f"(manifest schema {version}; this one knows {SCHEMA_VERSION})",
                            "use that version, or index the documents again into an empty data folder")
        elif version == "1":
            self._identities_from_index()

    def _identities_from_index(self) -> None:
        """Schema 1 -> 2: read each indexed document's identity from its stored title, first chunks
        and file name (properties are read at its next re-index); nothing else changes."""
        with self.transaction() as db:
            docs = db.execute("SELECT doc_id, source, title, indexed_at FROM documents WHERE status = ?",
                              (INDEXED,)).fetchall()
            for doc_id, source, title, indexed_at in docs:
                head = "\n".join(r[0] for r in db.execute(
                    "SELECT text FROM chunks WHERE doc_id = ? ORDER BY ordinal LIMIT 3", (doc_id,)))
                identity = combine((TITLE_BLOCK, read_text_identity(title, head)),
                                   (FILE_NAME, read_name_identity(Path(source).name)))
                self.set_read_identity(db, doc_id, identity, indexed_at)
            self.set_meta("schema_version", SCHEMA_VERSION, db)
        log.info("manifest migrated to schema %s: identities read for %d documents", SCHEMA_VERSION, len(docs))

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """A connection of its own holding one consistent view of the manifest for a long read
        (a commit made meanwhile is not half seen), so the shared connection stays free."""
        db = sqlite3.connect(str(self.path), timeout=30.0, isolation_level=None, check_same_thread=False)
        try:
            db.execute("BEGIN")
            yield db
        finally:
            db.close()  # ends the read transaction

    # meta

    def get_meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str, db: sqlite3.Connection | None = None) -> None:
        (db or self.db).execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def generation(self) -> int:
        return int(self.get_meta("generation") or 0)

    def bump_generation(self, db: sqlite3.Connection) -> None:
        self.set_meta("generation", str(self.generation() + 1), db)

    # documents

    def documents(self, ids: Iterable[str] | None = None) -> list[DocumentInfo]:
        query = ("SELECT d.doc_id, source, title, format, d.content_hash, size, d.pages, chunker, indexed_at, status,"
                 " error, (SELECT COUNT(*) FROM chunks c WHERE c.doc_id = d.doc_id),"
                 " (SELECT COUNT(*) FROM ocr_pages o WHERE o.doc_id = d.doc_id),"
                 " (SELECT AVG(confidence) FROM ocr_pages o WHERE o.doc_id = d.doc_id),"
                 " (SELECT json_group_array(page) FROM ocr_pages o WHERE o.doc_id = d.doc_id AND confidence IS NULL)"
                 " FROM documents d")

        def record(row: tuple) -> DocumentInfo:
            return DocumentInfo(*(*row[:-1], tuple(sorted(json.loads(row[-1])))))

        if ids is None:
            return [record(row) for row in self.db.execute(query + " ORDER BY source")]
        ids = list(ids)
        records = []
        for start in range(0, len(ids), 500):
            part = ids[start:start + 500]
            rows = self.db.execute(query + f" WHERE d.doc_id IN ({','.join('?' * len(part))})", part)
            records += [record(row) for row in rows]
        return records

    def document(self, doc_id: str) -> DocumentInfo | None:
        found = self.documents([doc_id])
        return found[0] if found else None

    def document_by_source(self, source: str) -> DocumentInfo | None:
        row = self.db.execute("SELECT doc_id FROM documents WHERE source = ?", (source,)).fetchone()
        return self.document(row[0]) if row else None

    def documents_with_hash(self, content_hash: str) -> list[DocumentInfo]:
        rows = self.db.execute("SELECT doc_id FROM documents WHERE content_hash = ? AND status = ?",
                               (content_hash, INDEXED)).fetchall()
        return [d for d in (self.document(r[0]) for r in rows) if d]

    def upsert_document(self, db: sqlite3.Connection, doc: DocumentInfo) -> None:
        db.execute(
            "INSERT INTO documents(doc_id, source, title, format, content_hash, size, pages, chunker, indexed_at, status, error)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(doc_id) DO UPDATE SET source=excluded.source, title=excluded.title, format=excluded.format,"
            " content_hash=excluded.content_hash, size=excluded.size, pages=excluded.pages, chunker=excluded.chunker,"
            " indexed_at=excluded.indexed_at, status=excluded.status, error=excluded.error",
            (doc.doc_id, doc.source, doc.title, doc.format, doc.content_hash, doc.size, doc.pages, doc.chunker,
             doc.indexed_at, doc.status, doc.error),
        )

    def set_error(self, doc_id: str, error: str | None) -> None:
        self.db.execute("UPDATE documents SET error = ? WHERE doc_id = ?", (error, doc_id))

    def delete_document(self, db: sqlite3.Connection, doc_id: str) -> list[str]:
        ids = [r[0] for r in db.execute("SELECT chunk_id FROM chunks WHERE doc_id = ?", (doc_id,))]
        db.execute("DELETE FROM tables WHERE doc_id = ?", (doc_id,))
        self._delete_entries(db, doc_id)
        db.execute("DELETE FROM ocr_pages WHERE doc_id = ?", (doc_id,))
        db.execute("DELETE FROM chunks WHERE doc_id = ?", (doc_id,))
        db.execute("DELETE FROM documents WHERE doc_id = ?", (doc_id,))
        return ids

    # facts and settled conflicts

    def fact_hashes(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT doc_id, content_hash FROM facts").fetchall())

    def set_facts(self, db: sqlite3.Connection, doc_id: str, content_hash: str, data: list[dict]) -> None:
        db.execute("INSERT OR REPLACE INTO facts(doc_id, content_hash, data) VALUES (?, ?, ?)",
                   (doc_id, content_hash, json.dumps(data)))

    def delete_facts(self, db: sqlite3.Connection, doc_ids: Iterable[str]) -> None:
        db.executemany("DELETE FROM facts WHERE doc_id = ?", [(d,) for d in doc_ids])

    def facts(self, doc_ids: Iterable[str]) -> list[dict]:
        wanted = set(doc_ids)
        return [fact for doc_id, data in self.db.execute("SELECT doc_id, data FROM facts") if doc_id in wanted
                for fact in json.loads(data)]

    def settled_conflicts(self) -> dict[str, tuple[str, float, str]]:
        """key -> (who, when, note)."""
        return {k: (by, at, note) for k, by, at, note in
                self.db.execute("SELECT key, settled_by, settled_at, note FROM settled_conflicts")}

    def set_settled(self, db: sqlite3.Connection, key: str, by: str | None, note: str = "") -> None:
        """Mark a conflict settled by `by`; None takes the mark off."""
        if by is None:
            db.execute("DELETE FROM settled_conflicts WHERE key = ?", (key,))
        else:
            db.execute("INSERT OR REPLACE INTO settled_conflicts(key, settled_by, settled_at, note) VALUES (?, ?, ?, ?)",
                       (key, by, time.time(), note))

    # tables

    def replace_tables(self, db: sqlite3.Connection, doc_id: str, tables: Iterable[TableRecord]) -> None:
        db.execute("DELETE FROM tables WHERE doc_id = ?", (doc_id,))
        db.executemany("INSERT INTO tables(doc_id, ordinal, start, end, section, pages, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       [(t.doc_id, t.ordinal, t.table.start, t.table.end, json.dumps(t.section), json.dumps(t.pages),
                         json.dumps(table_to_json(t.table))) for t in tables])

    def tables_in(self, doc_id: str, start: int, end: int) -> list[TableRecord]:
        """The document's tables that overlap the span [start, end)."""
        rows = self.db.execute("SELECT ordinal, section, pages, data FROM tables WHERE doc_id = ? AND start < ? AND end > ?"
                               " ORDER BY ordinal", (doc_id, end, start)).fetchall()
        return [TableRecord(doc_id, r[0], tuple(json.loads(r[1])), tuple(json.loads(r[2])), table_from_json(json.loads(r[3])))
                for r in rows]

    def table(self, doc_id: str, ordinal: int) -> TableRecord | None:
        row = self.db.execute("SELECT section, pages, data FROM tables WHERE doc_id = ? AND ordinal = ?",
                              (doc_id, ordinal)).fetchone()
        return (TableRecord(doc_id, ordinal, tuple(json.loads(row[0])), tuple(json.loads(row[1])),
                            table_from_json(json.loads(row[2]))) if row else None)

    # lookup entries

    def _delete_entries(self, db: sqlite3.Connection, doc_id: str) -> None:
        db.execute("DELETE FROM entries WHERE doc_id = ?", (doc_id,))
        db.execute("DELETE FROM entry_keys WHERE doc_id = ?", (doc_id,))

    def replace_entries(self, db: sqlite3.Connection, doc_id: str, entries: Sequence[EntryRecord]) -> None:
        self._delete_entries(db, doc_id)
        db.executemany("INSERT INTO entries(doc_id, ordinal, kind, grp, section, pages, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       [(doc_id, e.ordinal, e.entry.kind, e.entry.group, json.dumps(e.section), json.dumps(e.pages),
                         json.dumps(e.entry.to_json())) for e in entries])
        db.executemany("INSERT INTO entry_keys(key, doc_id, ordinal) VALUES (?, ?, ?)",
                       [(key, doc_id, e.ordinal) for e in entries
                        for key in sorted((key_forms(e.entry.key.text) | {number_form(e.entry.key.text)}
                                           | set(e.entry.aliases)) - {""})])

    def _entries(self, where: str, args: Sequence[object]) -> list[EntryRecord]:
        rows = self.db.execute(f"SELECT e.doc_id, e.ordinal, e.section, e.pages, e.data FROM entries e WHERE {where}"
                               " ORDER BY e.doc_id, e.ordinal", tuple(args)).fetchall()
        return [EntryRecord(r[0], r[1], tuple(json.loads(r[2])), tuple(json.loads(r[3])), Entry.from_json(json.loads(r[4])))
                for r in rows]

    def entries_for_keys(self, keys: Iterable[str]) -> list[EntryRecord]:
        """The entries any of these key forms matches, in every document."""
        keys = sorted(set(keys))
        if not keys:
            return []
        marks = ", ".join("?" * len(keys))
        return self._entries(f"EXISTS (SELECT 1 FROM entry_keys k WHERE k.doc_id = e.doc_id AND k.ordinal = e.ordinal"
                             f" AND k.key IN ({marks}))", keys)

    def entries_in(self, doc_ids: Iterable[str], kind: str | None = None) -> list[EntryRecord]:
        """The entries of these documents (of one kind)."""
        ids = sorted(set(doc_ids))
        if not ids:
            return []
        where = f"e.doc_id IN ({', '.join('?' * len(ids))})" + (" AND e.kind = ?" if kind else "")
        return self._entries(where, [*ids, *([kind] if kind else [])])

    def entry_count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM entries").fetchone()[0])

    # identities

    def set_read_identity(self, db: sqlite3.Connection, doc_id: str, identity: Identity, indexed_at: float) -> None:
        """What the document says now; an admin's correction and the first-indexed time are kept."""
        db.execute(
            "INSERT INTO identities(doc_id, read_number, read_revision, read_effective, read_from, first_indexed)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(doc_id) DO UPDATE SET read_number=excluded.read_number,"
            " read_revision=excluded.read_revision, read_effective=excluded.read_effective, read_from=excluded.read_from",
            (doc_id, identity.number, identity.revision, identity.effective.isoformat() if identity.effective else None,
             identity.found_in, indexed_at))

    def set_identity_correction(self, db: sqlite3.Connection, doc_id: str, number: str | None, revision: str | None,
                                effective: str | None, by: str | None, at: float | None) -> None:
        db.execute("UPDATE identities SET set_number = ?, set_revision = ?, set_effective = ?, set_by = ?, set_at = ?"
                   " WHERE doc_id = ?", (number, revision, effective, by, at, doc_id))

    def identities(self) -> dict[str, IdentityRecord]:
        """Identities of the indexed documents."""
        rows = self.db.execute(_INDEXED_IDENTITIES, (INDEXED,))
        return {row[0]: _identity_from_row(row) for row in rows}

    def identity(self, doc_id: str) -> IdentityRecord | None:
        """The identity of one indexed document."""
        row = self.db.execute(_INDEXED_IDENTITIES + " AND i.doc_id = ?", (INDEXED, doc_id)).fetchone()
        return _identity_from_row(row) if row else None

    def set_identity_states(self, db: sqlite3.Connection, states: dict[str, str]) -> None:
        db.executemany("UPDATE identities SET state = ? WHERE doc_id = ?", [(s, d) for d, s in states.items()])
    # OCR pages

    def replace_ocr_pages(self, db: sqlite3.Connection, doc_id: str, pages: dict[int, OcrPage]) -> None:
        db.execute("DELETE FROM ocr_pages WHERE doc_id = ?", (doc_id,))
        db.executemany("INSERT INTO ocr_pages(doc_id, page, confidence, text, words) VALUES (?, ?, ?, ?, ?)",
                       [(doc_id, n + 1, page.confidence, page.text, json.dumps(words_to_json(page)))
                        for n, page in sorted(pages.items())])

    def ocr_pages(self, doc_id: str) -> dict[int, OcrPage]:
        """0-based page index -> the OCR page kept for it."""
        rows = self.db.execute("SELECT page, confidence, text, words FROM ocr_pages WHERE doc_id = ?", (doc_id,))
        return {page - 1: OcrPage(text, words_from_json(json.loads(words)), confidence)
                for page, confidence, text, words in rows}

    # chunks

    def chunk_hashes(self, doc_id: str) -> dict[str, str]:
        return dict(self.db.execute("SELECT chunk_id, content_hash FROM chunks WHERE doc_id = ?", (doc_id,)))

    def insert_chunks(self, db: sqlite3.Connection, chunks: Iterable[NewChunk]) -> None:
        rows = []
        for new in chunks:
            c = new.record
            assert new.vector is not None
            rows.append((c.chunk_id, c.doc_id, c.ordinal, c.start, c.end, json.dumps(c.section), json.dumps(c.pages),
                         c.context, c.text, c.content_hash, c.embedder_id, " ".join(new.tokens),
                         np.asarray(new.vector, dtype=np.float32).tobytes()))
        db.executemany(f"INSERT OR REPLACE INTO chunks({_CHUNK_COLUMNS}, tokens, vector)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)

    def update_chunk_places(self, db: sqlite3.Connection, chunks: Iterable[ChunkRecord]) -> None:
        """Same content at a new place (text was inserted above it): no re-embedding. Its lexical tokens
        are read again, for a version of the tokenizer that reads the same text differently."""
        db.executemany(
            "UPDATE chunks SET ordinal = ?, start = ?, end = ?, section = ?, pages = ?, tokens = ? WHERE chunk_id = ?",
            [(c.ordinal, c.start, c.end, json.dumps(c.section), json.dumps(c.pages), " ".join(tokenize(c.indexed_text)),
              c.chunk_id) for c in chunks],
        )

    def delete_chunks(self, db: sqlite3.Connection, ids: Iterable[str]) -> None:
        db.executemany("DELETE FROM chunks WHERE chunk_id = ?", [(i,) for i in ids])

    def chunks(self, ids: Iterable[str]) -> dict[str, ChunkRecord]:
        ids = list(ids)
        found: dict[str, ChunkRecord] = {}
        for start in range(0, len(ids), 500):
            part = ids[start:start + 500]
            marks = ",".join("?" * len(part))
            for row in self.db.execute(f"SELECT {_CHUNK_COLUMNS} FROM chunks WHERE chunk_id IN ({marks})", part):
                found[row[0]] = _chunk_from_row(row)
        return found

    def document_chunks(self, doc_id: str) -> list[ChunkRecord]:
        """Every chunk of one document, in the order of the text."""
        rows = self.db.execute(f"SELECT {_CHUNK_COLUMNS} FROM chunks WHERE doc_id = ? ORDER BY start, end", (doc_id,))
        return [_chunk_from_row(row) for row in rows]

    def chunk_count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]

    def lexical_rows(self) -> list[tuple[str, str, str, str]]:
        """(chunk_id, doc_id, section JSON, tokens) for every chunk, in a stable order."""
        return self.db.execute("SELECT chunk_id, doc_id, section, tokens FROM chunks ORDER BY rowid").fetchall()

    def vectors(self, ids: list[str] | None = None) -> tuple[list[str], list[str], np.ndarray]:
        """(chunk ids, doc ids, vectors) for the given chunks in the order given (unknown ids left out), or all."""
        if ids is None:
            rows = self.db.execute("SELECT chunk_id, doc_id, vector FROM chunks ORDER BY rowid").fetchall()
        else:
            rows = []
            for start in range(0, len(ids), 500):
                part = ids[start:start + 500]
                rows += self.db.execute(
                    f"SELECT chunk_id, doc_id, vector FROM chunks WHERE chunk_id IN ({','.join('?' * len(part))})", part
                ).fetchall()
            # SQL returns IN (...) matches in table order; callers pair row i with ids[i]
            position = {chunk_id: n for n, chunk_id in enumerate(ids)}
            rows.sort(key=lambda r: position[r[0]])
        if not rows:
            return [], [], np.zeros((0, 0), dtype=np.float32)
        matrix = np.vstack([np.frombuffer(r[2], dtype=np.float32) for r in rows])
        return [r[0] for r in rows], [r[1] for r in rows], matrix

    def all_chunk_texts(self) -> list[tuple[str, str]]:
        """(chunk_id, indexed text) for re-embedding everything with another model."""
        rows = self.db.execute("SELECT chunk_id, context, text FROM chunks ORDER BY rowid").fetchall()
        return [(cid, indexed_text(ctx, text)) for cid, ctx, text in rows]

    def replace_vectors(self, db: sqlite3.Connection, ids: list[str], vectors: np.ndarray, embedder_id: str) -> None:
        db.executemany("UPDATE chunks SET vector = ?, embedder_id = ? WHERE chunk_id = ?",
                       [(np.asarray(v, dtype=np.float32).tobytes(), embedder_id, cid) for cid, v in zip(ids, vectors)])

    def embedder_ids(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT DISTINCT embedder_id FROM chunks")}


def now() -> float:
    return time.time()
