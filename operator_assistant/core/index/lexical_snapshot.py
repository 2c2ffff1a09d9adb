"""The lexical index as search uses it (BM25 plus each chunk's document and section for the
filters), saved next to the manifest so that opening a large index does not rebuild it.

The saved file (`lexical.npz`: numpy arrays in a zip, no pickles) names the manifest state it
was built from: the manifest's generation, which every write bumps, its chunk count and a hash
of its chunk ids. It is used only when all three match the manifest now, every array reads
back whole (the zip's CRC-32, so a damaged byte is refused, never searched) and the arrays fit
together; anything else (no file, another format,
a damaged or cut-short file, a manifest that changed) is rebuilt from the manifest's stored
tokens and saved again, replacing the file atomically.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import numpy as np

from operator_assistant.core.index import lexical
from operator_assistant.core.index.lexical import LexicalIndex
from operator_assistant.files import write_binary_atomically

if TYPE_CHECKING:
    from operator_assistant.core.index.manifest import Manifest
    from operator_assistant.core.index.store import SearchFilter

log = logging.getLogger("retrieval")

SNAPSHOT_FILE = "lexical.npz"
# 1: BM25Okapi weights (CSC), ids, terms, document and section codes
FORMAT = 1


@dataclass(frozen=True)
class ManifestState:
    """What a saved lexical index must agree with to be used."""

    generation: int
    chunks: int
    ids_sha256: str

    @classmethod
    def read(cls, db: sqlite3.Connection) -> ManifestState:
        row = db.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
        digest = hashlib.sha256()
        count = 0
        # the primary key's index holds the ids in order: no pass over the chunk rows themselves
        for (chunk_id,) in db.execute("SELECT chunk_id FROM chunks ORDER BY chunk_id"):
            digest.update(chunk_id.encode("utf-8") + b"\n")
            count += 1
        return cls(int(row[0]) if row else 0, count, digest.hexdigest())

    def as_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "generation": self.generation, "chunks": self.chunks, "ids_sha256": self.ids_sha256,
                "bm25": [lexical.K1, lexical.B, lexical.EPSILON]}


class LexicalSnapshot:
    def __init__(self, state: ManifestState, index: LexicalIndex, documents: list[str], doc_codes: np.ndarray,
                 sections: list[str], section_codes: np.ndarray) -> None:
        self.state = state
        self.index = index
        # each chunk's document and section as a code into a table of the distinct ones:
        # a filter is decided once per document or section, not once per chunk
        self.documents, self.doc_codes = documents, doc_codes
        self.sections, self.section_codes = sections, section_codes  # " > "-joined, casefolded

    @property
    def generation(self) -> int:
        return self.state.generation

    @classmethod
    def open(cls, manifest: Manifest, folder: Path) -> LexicalSnapshot:
        """The saved index when it matches the manifest, else one rebuilt from the manifest (and saved)."""
        path = folder / SNAPSHOT_FILE
        with manifest.reading() as db:
            state = ManifestState.read(db)
            snapshot, why = cls.load(path, state)
            if snapshot is not None:
                return snapshot
            snapshot = cls.build(db, state)
        log.info("lexical index rebuilt from the manifest (%d chunks): %s", state.chunks, why)
        try:
            snapshot.save(path)
        except OSError as exc:  # a read-only or full disk costs the next start-up a rebuild, nothing more
            log.warning("could not save the lexical index to %s: %s", path, exc)
        return snapshot

    @classmethod
    def build(cls, db: sqlite3.Connection, state: ManifestState) -> LexicalSnapshot:
        documents: dict[str, int] = {}
        sections: dict[str, int] = {}
        section_of_json: dict[str, int] = {}
        doc_codes: list[int] = []
        section_codes: list[int] = []

        def rows() -> Any:
            for chunk_id, doc_id, section_json, tokens in db.execute(
                    "SELECT chunk_id, doc_id, section, tokens FROM chunks ORDER BY rowid"):
                doc_codes.append(documents.setdefault(doc_id, len(documents)))
                code = section_of_json.get(section_json)
                if code is None:
                    path = " > ".join(json.loads(section_json)).casefold()
                    code = section_of_json[section_json] = sections.setdefault(path, len(sections))
                section_codes.append(code)
                yield chunk_id, tokens

        index = LexicalIndex.from_rows(rows())
        return cls(state, index, list(documents), np.array(doc_codes, dtype=np.int32), list(sections),
                   np.array(section_codes, dtype=np.int32))

    # the saved file

    def save(self, path: Path) -> None:
        def texts(values: list[str]) -> np.ndarray:
            return np.frombuffer(json.dumps(values).encode("utf-8"), dtype=np.uint8)

        arrays: dict[str, Any] = {"state": texts([json.dumps(self.state.as_json())]), "ids": texts(self.index.ids),
                  "terms": texts(self.index.terms), "documents": texts(self.documents), "doc_codes": self.doc_codes,
                  "sections": texts(self.sections), "section_codes": self.section_codes, **self.index.arrays()}

        def write(file: BinaryIO) -> None:
            np.savez(file, **arrays)

        write_binary_atomically(path, write)

    @classmethod
    def load(cls, path: Path, state: ManifestState) -> tuple[LexicalSnapshot | None, str]:
        """(the saved snapshot, "") when it is whole and matches `state`, else (None, why not)."""
        if not path.exists():
            return None, "no saved index"
        try:
            with np.load(path, allow_pickle=False) as saved:
                def texts(name: str) -> list[str]:
                    values = json.loads(saved[name].tobytes().decode("utf-8"))
                    if not isinstance(values, list):
                        raise ValueError(f"{name} is not a list")
                    return values

                found = json.loads(texts("state")[0])
                if found != state.as_json():
                    return None, "the manifest changed since it was saved"
                ids, documents, sections = texts("ids"), texts("documents"), texts("sections")
                doc_codes, section_codes = saved["doc_codes"], saved["section_codes"]
                index = LexicalIndex.from_arrays(ids, texts("terms"), saved["indptr"], saved["indices"],
                                                 saved["weights"], saved["idf"])
                if (len(ids) != state.chunks or len(doc_codes) != len(ids) or len(section_codes) != len(ids)
                        or (len(ids) and (doc_codes.min() < 0 or doc_codes.max() >= len(documents)
                                          or section_codes.min() < 0 or section_codes.max() >= len(sections)))):
                    raise ValueError("the chunk tables do not fit the index")
        except Exception as exc:  # noqa: BLE001 - whatever is wrong with the file, it is rebuilt, never trusted
            log.warning("saved lexical index %s not used (%s: %s)", path, type(exc).__name__, exc)
            return None, f"saved index unreadable ({type(exc).__name__})"
        return cls(state, index, documents, doc_codes.astype(np.int32), sections, section_codes.astype(np.int32)), ""

    # filters

    def mask(self, flt: SearchFilter) -> np.ndarray | None:
        """The chunks a filter lets through, as a boolean mask over `index.ids` (None: all)."""
        if not flt:
            return None
        keep_document = np.ones(len(self.documents), dtype=bool)
        if flt.doc_ids is not None:
            keep_document &= np.array([d in flt.doc_ids for d in self.documents], dtype=bool)
        if flt.left_out:
            keep_document &= np.array([d not in flt.left_out for d in self.documents], dtype=bool)
        mask = keep_document[self.doc_codes] if len(self.documents) else np.zeros(len(self.doc_codes), dtype=bool)
        if flt.section:
            needle = flt.section.casefold()
            mask &= np.array([needle in s for s in self.sections], dtype=bool)[self.section_codes]
        return mask
