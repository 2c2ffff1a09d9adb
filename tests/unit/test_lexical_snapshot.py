"""The saved lexical index: used while it matches the manifest, rebuilt when stale or damaged."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from operator_assistant.core.index import lexical_snapshot
from operator_assistant.core.index.lexical_snapshot import SNAPSHOT_FILE, LexicalSnapshot
from operator_assistant.core.index.manifest import INDEXED, ChunkRecord, DocumentInfo, Manifest, NewChunk
from operator_assistant.core.index.store import MANIFEST_FILE, IndexStore, SearchFilter
from operator_assistant.core.tokenize import tokenize

DOCS = {
    "sop-a": [("Alarms", "High discharge pressure alarm on P-101A trips the booster at 118 psi."),
              ("Alarms", "Low suction pressure alarm: check the inlet valve VLV-3042-B."),
              ("Start-up", "Open VLV-3042-B slowly, then start P-101A in manual.")],
    "sop-b": [("Chlorine", "CL2-ALM-07 raises when the chlorine residual is below 0.2 mg/L."),
              ("Chlorine > Dosing", "Set the dose pump P-101B to 3.5 L/h after a filter backwash."),
              ("Alarms", "Pressure alarm thresholds for the B-series boosters: B-2 high at 118 psi.")],
}


def _add(manifest: Manifest, doc_id: str, passages: list[tuple[str, str]]) -> None:
    with manifest.transaction() as db:
        manifest.upsert_document(db, DocumentInfo(doc_id, f"/docs/{doc_id}.md", doc_id, "md", doc_id, 1, None,
                                                    "test", 0.0, INDEXED))
        manifest.insert_chunks(db, [
            NewChunk(ChunkRecord(f"{doc_id}:{n}", doc_id, n, 0, len(text), tuple(section.split(" > ")), (1,), "",
                                 text, f"{doc_id}{n}", "test-embedder"), tokenize(text), np.zeros(4, np.float32))
            for n, (section, text) in enumerate(passages)])
        manifest.bump_generation(db)


@pytest.fixture
def index_dir(tmp_path: Path) -> Path:
    manifest = Manifest(tmp_path / MANIFEST_FILE)
    for doc_id, passages in DOCS.items():
        _add(manifest, doc_id, passages)
    manifest.close()
    return tmp_path


QUERIES = ["discharge pressure alarm P-101A", "vlv 3042-b", "chlorine dose after backwash", "118 psi B-2"]


def _answers(store: IndexStore) -> list[object]:
    flt = SearchFilter(section="alarm")
    return [(store.search_lexical(q, 5, SearchFilter()), store.search_identifiers(q, 5, SearchFilter()),
             store.search_lexical(q, 5, flt)) for q in QUERIES]


def _fresh(index_dir: Path) -> list[object]:
    (index_dir / SNAPSHOT_FILE).unlink(missing_ok=True)
    store = IndexStore(index_dir)
    try:
        return _answers(store)
    finally:
        store.close()


def _open_without_rebuild(index_dir: Path, monkeypatch: pytest.MonkeyPatch) -> IndexStore:
    def refuse(*args: object) -> None:
        raise AssertionError("rebuilt although the saved index matches the manifest")

    monkeypatch.setattr(LexicalSnapshot, "build", classmethod(refuse))
    return IndexStore(index_dir)


def test_saved_index_is_used_at_the_next_start(index_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _fresh(index_dir)
    assert (index_dir / SNAPSHOT_FILE).exists()
    store = _open_without_rebuild(index_dir, monkeypatch)
    assert _answers(store) == expected
    assert store.health().lexical_chunks == 6


def test_changed_manifest_is_not_answered_from_the_saved_index(index_dir: Path) -> None:
    _fresh(index_dir)
    saved = (index_dir / SNAPSHOT_FILE).read_bytes()
    manifest = Manifest(index_dir / MANIFEST_FILE)
    _add(manifest, "sop-c", [("Tanks", "Tank LT-4 level low trip resets the reservoir inlet.")])
    manifest.close()
    store = IndexStore(index_dir)
    assert store.search_lexical("LT-4 level trip", 5, SearchFilter())[0][0] == "sop-c:0"
    store.close()
    # the same generation but other chunks (a manifest restored from elsewhere): not trusted either
    (index_dir / SNAPSHOT_FILE).write_bytes(saved)
    manifest = Manifest(index_dir / MANIFEST_FILE)
    manifest.set_meta("generation", str(len(DOCS)))
    manifest.close()
    store = IndexStore(index_dir)
    assert "sop-c:0" in store.lexical().index.ids
    store.close()


def _damage(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "truncated":
        del data[len(data) // 2:]
    elif how == "bit flipped":
        data[len(data) // 3] ^= 0x40
    elif how == "empty":
        data = bytearray()
    else:
        data = bytearray(b"not a zip file at all" * 10)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("how", ["truncated", "bit flipped", "empty", "garbage"])
def test_damaged_saved_index_is_rebuilt_not_trusted(index_dir: Path, how: str, caplog: pytest.LogCaptureFixture,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _fresh(index_dir)
    _damage(index_dir / SNAPSHOT_FILE, how)
    store = IndexStore(index_dir)
    with caplog.at_level(logging.INFO, logger="retrieval"):
        assert _answers(store) == expected
    assert "rebuilt from the manifest" in caplog.text
    store.close()
    # and saved whole again: the next start uses it
    store = _open_without_rebuild(index_dir, monkeypatch)
    assert _answers(store) == expected


def test_every_byte_of_the_saved_index_is_checked(index_dir: Path) -> None:
    """A flipped bit anywhere is refused (zip CRC or structure), never searched."""
    _fresh(index_dir)
    path = index_dir / SNAPSHOT_FILE
    good = path.read_bytes()
    manifest = Manifest(index_dir / MANIFEST_FILE)
    with manifest.reading() as db:
        state = lexical_snapshot.ManifestState.read(db)
    manifest.close()
    assert LexicalSnapshot.load(path, state)[0] is not None
    for offset in range(0, len(good), max(1, len(good) // 200)):
        damaged = bytearray(good)
        damaged[offset] ^= 0x01
        path.write_bytes(bytes(damaged))
        snapshot, why = LexicalSnapshot.load(path, state)
        assert snapshot is None or _same_snapshot(snapshot, LexicalSnapshot.load(_write(path, good), state)[0]), offset


def _write(path: Path, data: bytes) -> Path:
    other = path.with_name("good.npz")
    other.write_bytes(data)
    return other


def _same_snapshot(a: LexicalSnapshot, b: LexicalSnapshot | None) -> bool:
    """A flip inside zip padding or a header field numpy does not read leaves the arrays as they were."""
    assert b is not None
    return (a.index.ids == b.index.ids and a.index.terms == b.index.terms and a.documents == b.documents
            and a.sections == b.sections and all(np.array_equal(x, y) for x, y in
                                                 zip(a.index.arrays().values(), b.index.arrays().values())))


def test_filters_by_document_superseded_revision_and_section(index_dir: Path) -> None:
    store = IndexStore(index_dir)
    query = "alarm thresholds for the boosters"
    only_b = [cid for cid, _ in store.search_lexical(query, 10, SearchFilter(doc_ids=frozenset({"sop-b"})))]
    assert only_b and all(cid.startswith("sop-b") for cid in only_b)
    without_a = [cid for cid, _ in store.search_lexical(query, 10, SearchFilter(left_out=frozenset({"sop-a"})))]
    assert without_a == only_b
    assert store.search_lexical(query, 10, SearchFilter(doc_ids=frozenset({"sop-a"}), left_out=frozenset({"sop-a"}))) == []
    dosing = [cid for cid, _ in store.search_lexical("pump", 10, SearchFilter(section="DOSING"))]
    assert dosing == ["sop-b:1"]
    assert [cid for cid, _ in store.search_identifiers("VLV-3042-B", 10, SearchFilter(section="start"))] == ["sop-a:2"]
    assert store.search_lexical(query, 10, SearchFilter(doc_ids=frozenset({"unknown"}))) == []
    store.close()


def test_empty_index_saves_and_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = IndexStore(tmp_path)
    assert store.search_lexical("pump", 5, SearchFilter()) == [] and len(store.lexical().index) == 0
    store.close()
    store = _open_without_rebuild(tmp_path, monkeypatch)
    assert store.search_lexical("pump", 5, SearchFilter(section="x")) == []
