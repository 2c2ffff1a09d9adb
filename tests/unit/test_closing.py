"""Closing an index or a document reader gives back its descriptors: a server or window that opens
folders again and again (and the test suite, in one process) must not run out of them."""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np

from operator_assistant.core.documents.process import DocumentProcess
from operator_assistant.core.index.store import IndexStore
from operator_assistant.core.index.vectors import VectorStore

SAMPLE = Path(__file__).resolve().parents[2] / "corpus" / "documents" / "filter-backwash-procedure.md"


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def _open_and_close_an_index(index_dir: Path) -> None:
    store = IndexStore(index_dir)
    vectors = store.vectors("test-embedder")
    vectors.upsert(["a", "b"], np.eye(2, 4, dtype=np.float32), [{"doc_id": "d"}, {"doc_id": "d"}])
    assert vectors.count() == 2
    store.close()


def test_a_closed_index_keeps_no_chroma_files_open(tmp_path):
    _open_and_close_an_index(tmp_path / "index")  # the first opening loads Chroma's libraries for good
    before = _open_descriptors()
    for _ in range(3):
        _open_and_close_an_index(tmp_path / "index")
    assert _open_descriptors() <= before
    reopened = VectorStore(tmp_path / "index" / "chroma", "test-embedder")
    assert reopened.count() == 2  # closing lost nothing
    reopened.close()


def _settled(before: int) -> int:
    """Descriptors open once the pool's children and its manager thread have ended (they end after close)."""
    deadline = time.monotonic() + 10
    while _open_descriptors() > before and time.monotonic() < deadline:
        time.sleep(0.1)
    return _open_descriptors()


def _steady() -> int:
    """Descriptors open once the count has not changed for a second (a closed pool winds down after close)."""
    deadline, count, since = time.monotonic() + 10, _open_descriptors(), time.monotonic()
    while time.monotonic() - since < 1 and time.monotonic() < deadline:
        time.sleep(0.1)
        if _open_descriptors() != count:
            count, since = _open_descriptors(), time.monotonic()
    return count


def test_a_closed_document_reader_keeps_no_pipes_open():
    first = DocumentProcess()  # the first starts multiprocessing's resource tracker, kept for good
    first.parse(SAMPLE)
    first.close()
    before = _steady()
    for _ in range(2):
        reader = DocumentProcess()
        assert "Backwash" in reader.parse(SAMPLE).text
        reader.close()
    assert _settled(before) <= before
