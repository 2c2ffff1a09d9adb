"""The store comes back consistent after a crash between the manifest and Chroma writes."""

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from operator_assistant.core.chunking import chunk_document
from operator_assistant.core.documents import load_document
from operator_assistant.core.index.vectors import VectorStore
from tests.support.engines import MODELS, consistent, make_engine
from tests.support.files import MANUAL


def test_crash_after_manifest_commit_is_repaired_on_open(tmp_path, docs, embedder, monkeypatch):
    (docs / "manual.md").write_text(MANUAL, encoding="utf-8")
    data = tmp_path / "data"
    engine = make_engine(data, embedder)
    engine.ingest([docs])
    (docs / "more.md").write_text("# More\n\nThe clearwell level LIT-700 alarms at 12.5 ft.\n", encoding="utf-8")

    def die(self, *args, **kwargs):
        raise KeyboardInterrupt("power cut")  # the process dies before Chroma is written

    monkeypatch.setattr(VectorStore, "upsert", die)
    with pytest.raises(KeyboardInterrupt):
        engine.ingest([docs])
    monkeypatch.undo()
    engine.close()

    reopened = make_engine(data, embedder)
    assert reopened.store.manifest.get_meta("dense_pending") == "1"
    assert not reopened.store.health().consistent
    hits = reopened.search("clearwell level alarm LIT-700", k=1).hits  # opening the dense index repairs it
    assert "LIT-700" in hits[0].chunk.text and hits[0].dense_rank is not None
    assert consistent(reopened) == 4


def _count(db_path: Path, sql: str) -> int:
    try:
        with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=1) as db:
            return db.execute(sql).fetchone()[0]
    except sqlite3.Error:
        return 0


def test_sigkill_mid_ingest_then_open_and_finish(tmp_path, sample_copy, app_embedder):
    data = tmp_path / "data"
    data.mkdir()
    (data / "config.toml").write_text("ingest_batch_chunks = 16\n", encoding="utf-8")
    manifest = data / "index" / "manifest.sqlite3"
    cmd = [sys.executable, "-m", "operator_assistant", "--data-dir", str(data), "--models-dir", str(MODELS),
           "ingest", str(sample_copy)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 180
    while _count(manifest, "SELECT COUNT(*) FROM chunks") < 40 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, "ingest finished before it could be killed; lower the batch size"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()

    engine = make_engine(data, app_embedder)
    partial = consistent(engine)  # opening the dense index reconciles it with the manifest
    docs = [d for d in engine.store.manifest.documents() if d.status == "indexed"]
    assert 0 < partial and 0 < len(docs) < 14
    for doc in docs:  # every document is there whole, or not at all
        assert doc.chunks == len(chunk_document(load_document(Path(doc.source)), engine.chunk_params)) > 0
    report = engine.ingest([sample_copy])
    assert not report.failed
    assert report.count("unchanged") == len(docs) and report.count("added") == 14 - len(docs)
    total = consistent(engine)

    clean = make_engine(tmp_path / "clean", app_embedder)
    clean.ingest([sample_copy])
    assert total == consistent(clean)
