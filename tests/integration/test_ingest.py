"""Incremental ingestion, bad files, duplicates, removal and embedder changes, on real stores."""

import shutil
from pathlib import Path

import pytest

from operator_assistant.core.models import load_manifest
from operator_assistant.errors import IndexMismatch
from tests.support.engines import MODELS, consistent, make_engine
from tests.support.files import MANUAL


def statuses(report):
    return {Path(r.source).name: r.status for r in report.results}


def test_incremental_update_reembeds_only_what_changed(tmp_path, docs, embedder):
    (docs / "manual.md").write_text(MANUAL, encoding="utf-8")
    (docs / "other.txt").write_text("SHIFT NOTES\n\nCheck the chlorine residual at 06:00.\n", encoding="utf-8")
    engine = make_engine(tmp_path / "data", embedder)

    first = engine.ingest([docs])
    assert statuses(first) == {"manual.md": "added", "other.txt": "added"}
    total = consistent(engine)
    assert first.chunks_embedded == total == 4

    again = engine.ingest([docs])
    assert statuses(again) == {"manual.md": "unchanged", "other.txt": "unchanged"}
    assert again.chunks_embedded == 0

    (docs / "manual.md").write_text(MANUAL.replace("every 2,000 running hours", "every 1,500 running hours"),
                                    encoding="utf-8")
    changed = engine.ingest([docs])
    result = next(r for r in changed.results if r.source.endswith("manual.md"))
    assert (result.status, result.chunks_added, result.chunks_removed) == ("updated", 1, 1)
    assert changed.chunks_embedded == 1
    assert consistent(engine) == total
    top = engine.search("how often to grease P-201A bearings", k=1).hits[0]
    assert "1,500" in top.chunk.text
    assert not any("2,000" in h.chunk.text for h in engine.search("grease bearings", k=10).hits)


def test_removed_file_is_purged_and_duplicate_reported(tmp_path, docs, embedder):
    (docs / "manual.md").write_text(MANUAL, encoding="utf-8")
    (docs / "notes.md").write_text("# Notes\n\nThe standby generator GEN-02 runs on Tuesdays.\n", encoding="utf-8")
    engine = make_engine(tmp_path / "data", embedder)
    engine.ingest([docs])

    shutil.copy(docs / "manual.md", docs / "manual copy.md")
    report = engine.ingest([docs])
    dup = next(r for r in report.results if r.source.endswith("manual copy.md"))
    assert dup.status == "duplicate" and "manual.md" in dup.message
    assert len(engine.store.manifest.documents()) == 2

    (docs / "notes.md").unlink()
    report = engine.ingest([docs])
    assert statuses(report)["notes.md"] == "removed"
    assert not any("GEN-02" in h.chunk.text for h in engine.search("GEN-02 generator", k=10).hits)
    consistent(engine)


def test_bad_file_is_reported_and_nothing_else_is_lost(tmp_path, docs, embedder):
    (docs / "manual.md").write_text(MANUAL, encoding="utf-8")
    (docs / "good.html").write_text("<h1>Valves</h1><p>VLV-3042-B needs 62 turns.</p>", encoding="utf-8")
    engine = make_engine(tmp_path / "data", embedder)
    engine.ingest([docs])
    before = consistent(engine)

    (docs / "broken.pdf").write_bytes(b"%PDF-1.4 truncated")
    (docs / "empty.txt").write_bytes(b"")
    (docs / "new.md").write_text("# New\n\nChlorine residual target is 1.2 mg/L.\n", encoding="utf-8")
    (docs / "good.html").write_bytes(b"\x00\x01\x02 binary garbage" * 20)  # was good, now broken
    report = engine.ingest([docs])
    got = statuses(report)
    assert got["broken.pdf"] == "failed" and got["empty.txt"] == "failed" and got["good.html"] == "failed"
    assert got["new.md"] == "added" and got["manual.md"] == "unchanged"
    reasons = {Path(r.source).name: r.message for r in report.failed}
    assert "PDF" in reasons["broken.pdf"] and "empty" in reasons["empty.txt"]
    assert "previously indexed version stays searchable" in reasons["good.html"]
    # the old version of good.html is still there, and the new file was indexed
    assert any("VLV-3042-B" in h.chunk.text for h in engine.search("VLV-3042-B turns", k=3).hits)
    assert consistent(engine) == before + 1
    failed = {Path(d.source).name: d.error for d in engine.store.manifest.documents() if d.status == "failed"}
    assert set(failed) == {"broken.pdf", "empty.txt"}


def test_changing_the_embedder_reindexes_cleanly(tmp_path, docs, embedder):
    # A second embedder: the same weights under another folder name, which gives it another id.
    models = tmp_path / "models"
    models.mkdir()
    shutil.copy(MODELS / "manifest.toml", models / "manifest.toml")
    spec = next(s for s in load_manifest(MODELS) if s.role == "embedder")
    (models / spec.folder).symlink_to(MODELS / spec.folder)
    (models / "plant-embedder").symlink_to(MODELS / spec.folder)
    (docs / "manual.md").write_text(MANUAL, encoding="utf-8")
    data = tmp_path / "data"

    first = make_engine(data, embedder, models_dir=models)
    first.ingest([docs])
    old_id = first.store.embedder_id
    first.close()

    second = make_engine(data, None, models_dir=models, embedder="plant-embedder")
    assert second.embedder.model_id != old_id
    with pytest.raises(IndexMismatch, match="reindex"):
        second.search("discharge alarm")
    report = second.ingest([docs])
    assert any("re-embedding every chunk" in note for note in report.notes)
    assert second.store.embedder_id == second.embedder.model_id
    assert second.store.manifest.embedder_ids() == {second.embedder.model_id}
    collections = second.store.vectors(second.embedder.model_id).client.list_collections()
    names = [c if isinstance(c, str) else c.name for c in collections]
    assert len(names) == 1, "the old embedder's collection is dropped"
    assert second.search("discharge alarm", k=1).hits[0].chunk.text.startswith("PT-2105")
    consistent(second)


def test_forced_reindex_reads_again_without_re_embedding(tmp_path, docs, embedder):
    (docs / "manual.md").write_text(MANUAL, encoding="utf-8")
    engine = make_engine(tmp_path / "data", embedder)
    engine.ingest([docs])
    report = engine.ingest([docs], force=True)
    result = report.results[0]
    assert (result.status, result.chunks_added, result.chunks_removed) == ("updated", 0, 0)
    assert report.chunks_embedded == 0
    consistent(engine)


def test_stored_vectors_come_back_in_the_order_asked(sample_engine):
    """The citation check pairs passage i with vector i: the manifest must not return table order."""
    all_ids, _, all_vectors = sample_engine.store.manifest.vectors()
    by_id = dict(zip(all_ids, all_vectors))
    wanted = [all_ids[7], all_ids[0], all_ids[-1], "no-such-chunk", all_ids[3]]
    ids, _, vectors = sample_engine.store.manifest.vectors(wanted)
    assert ids == [all_ids[7], all_ids[0], all_ids[-1], all_ids[3]]
    for chunk_id, vector in zip(ids, vectors):
        assert (vector == by_id[chunk_id]).all()


def test_a_tokenizer_change_reaches_chunks_whose_text_did_not_change(tmp_path, docs, embedder):
    """A new chunker version re-reads every file; a chunk whose text is the same keeps its vector but
    must be indexed with today's tokens, or a tag the new tokenizer reads ("OPS\u201027") stays unfound."""
    (docs / "standard.txt").write_text(
        "TRAINING STANDARD\n\nOPS\u201027 Convert a flow of 550 gallons per minute to litres per minute.\n",
        encoding="utf-8")
    engine = make_engine(tmp_path / "data", embedder)
    engine.ingest([docs])
    manifest = engine.store.manifest
    # the index as an older version left it: the tag read as "ops" and "27", and an older chunker
    with manifest.transaction() as db:
        db.execute("UPDATE chunks SET tokens = 'train standard op 27 convert flow 550 gallon minut litr minut'")
        db.execute("UPDATE documents SET chunker = 'v27:old'")
    stale = make_engine(tmp_path / "data", embedder)
    assert not any("ops27" in tokens for tokens in manifest_tokens(stale))

    report = stale.ingest([docs])
    assert report.chunks_embedded == 0  # the same text: no re-embedding
    assert all("ops27" in tokens for tokens in manifest_tokens(stale))
    assert stale.store.lexical().index.query_identifiers("What does OPS-27 ask for?") == ["ops27"]


def manifest_tokens(engine):
    with engine.store.manifest.reading() as db:
        return [row[0].split() for row in db.execute("SELECT tokens FROM chunks")]
