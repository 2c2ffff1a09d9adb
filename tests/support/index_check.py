"""Whether an index came back whole after a kill: the manifest, Chroma and BM25 agree, no half documents.

Used by the local crash trials (tests/integration/test_crash_trials.py) and by the plant server's
fault trials (tests/support/server_faults.py), so both judge a recovered index the same way.
`index_report` runs in a fresh process that opens the folder, as the next user of it would;
`python -m tests.support.index_check INDEX_DIR REPORT.json` does that for a folder a
killed server left.
"""

from __future__ import annotations

import collections
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from operator_assistant.core.chunking import ChunkParams, chunk_document
from operator_assistant.core.documents import parse_document
from operator_assistant.core.index.store import IndexStore
from operator_assistant.core.ingest import _chunk_ids, doc_id_for


def index_report(store: IndexStore, model_id: str) -> dict[str, Any]:
    """What the three stores hold, read the way the next process to open the index reads it."""
    from operator_assistant.core.index.store import CHROMA_DIR
    from operator_assistant.core.index.vectors import VectorStore

    pending = store.manifest.get_meta("dense_pending")
    before = VectorStore(store.dir / CHROMA_DIR, model_id).ids() if store.embedder_id else set()
    manifest_ids = {cid for cid, *_ in store.manifest.lexical_rows()}
    dense = store.vectors(model_id).ids()  # opening it repairs it
    docs = {}
    for d in store.manifest.documents():
        docs[d.source] = {"hash": d.content_hash, "status": d.status, "error": d.error,
                          "chunks": sorted(store.manifest.chunk_hashes(d.doc_id))}
    return {"pending": pending, "extra_before": len(before - manifest_ids),
            "missing_before": len(manifest_ids - before), "manifest": sorted(manifest_ids),
            "dense": sorted(dense), "lexical": sorted(store.lexical().index.ids),
            "consistent": store.health().consistent, "documents": docs}


class Corpus:
    """The files on disk and every version of them the index may legitimately hold."""

    def __init__(self, folder: Path, params: ChunkParams) -> None:
        self.folder = folder
        self.params = params
        self.versions: dict[str, dict[str, bytes]] = collections.defaultdict(dict)  # source -> hash -> bytes
        self.hidden: dict[str, bytes] = {}  # files taken away, to come back later
        self._chunk_ids: dict[tuple[str, str], list[str]] = {}
        for path in folder.iterdir():
            self.seen(path)

    def seen(self, path: Path) -> None:
        """Add `path` as it is now to the versions the index may hold."""
        data = path.read_bytes()
        self.versions[str(path)][hashlib.sha256(data).hexdigest()] = data

    def on_disk(self) -> dict[str, str]:
        return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(self.folder.iterdir())}

    def edit(self, rng: random.Random, trial: int) -> list[str]:
        changed = []
        for path in rng.sample(sorted(self.folder.iterdir()), rng.randint(1, 3)):
            text = path.read_text(encoding="utf-8")
            lines = text.split("\n")
            body = [i for i, line in enumerate(lines) if len(line) > 40 and not line.lstrip().startswith(("#", "<"))]
            if body:
                value = rng.randint(10, 999)
                lines[rng.choice(body)] = f"Revision {trial}: the setpoint on this line was changed to {value} psi."
            extra = f"Trial {trial} note: pump P-{rng.randint(100, 999)}A is checked every {rng.randint(2, 12)} hours."
            text = "\n".join(lines)
            text = text.replace("</body>", f"<p>{extra}</p></body>") if path.suffix == ".html" else text + f"\n\n{extra}\n"
            path.write_text(text, encoding="utf-8")
            self.seen(path)
            changed.append(path.name)
        if self.hidden and rng.random() < 0.5:  # a file taken away earlier comes back
            source, data = self.hidden.popitem()
            Path(source).write_bytes(data)
            changed.append(Path(source).name + " (back)")
        elif rng.random() < 0.25:  # a file disappears: ingest of the folder purges it
            path = rng.choice(sorted(self.folder.iterdir()))
            self.hidden[str(path)] = path.read_bytes()
            path.unlink()
            changed.append(path.name + " (gone)")
        return changed

    def chunk_ids(self, source: str, content_hash: str) -> list[str]:
        key = (source, content_hash)
        if key not in self._chunk_ids:  # parsing a manual again for every trial would dominate the run
            data = self.versions[source][content_hash]
            chunks = chunk_document(parse_document(Path(source), data), self.params)
            self._chunk_ids[key] = sorted(_chunk_ids(doc_id_for(source), chunks))
        return self._chunk_ids[key]


def check_after_kill(report: dict, corpus: Corpus, old: dict[str, str], new: dict[str, str]) -> dict[str, int]:
    """The three stores agree, and each document is whole at its old or new version."""
    ids = set(report["manifest"])
    assert set(report["dense"]) == ids, "Chroma and the manifest disagree after opening"
    assert set(report["lexical"]) == ids, "BM25 and the manifest disagree"
    assert report["consistent"]
    owned = set()
    outcome: collections.Counter[str] = collections.Counter()
    for source, doc in report["documents"].items():
        assert source in old or source in new, f"a document nobody indexed: {source}"
        if doc["status"] != "indexed" or doc["error"]:
            outcome["needs re-index"] += 1
            continue
        assert doc["hash"] in (old.get(source), new.get(source)), f"{source} is at neither version"
        assert doc["chunks"] == corpus.chunk_ids(source, doc["hash"]), f"{source} is not whole"
        owned.update(doc["chunks"])
        outcome["new" if doc["hash"] == new.get(source) else "old"] += 1
    assert owned == ids, "orphan chunks"
    for source in set(old) & set(new):
        assert source in report["documents"], f"{source} was lost: indexed before and after, absent now"
    outcome["not yet added"] = len(set(new) - set(old) - set(report["documents"]))
    return dict(outcome)


def check_complete(report: dict, corpus: Corpus, expected: dict[str, str]) -> None:
    """Every expected document indexed whole at its expected version, and nothing else."""
    ids = set(report["manifest"])
    assert set(report["dense"]) == ids == set(report["lexical"]) and report["consistent"]
    assert {s: d["hash"] for s, d in report["documents"].items()} == expected
    for source, doc in report["documents"].items():
        assert doc["status"] == "indexed" and not doc["error"]
        assert doc["chunks"] == corpus.chunk_ids(source, doc["hash"])


def main(argv: list[str]) -> None:
    index_dir, out = Path(argv[0]), Path(argv[1])
    store = IndexStore(index_dir)
    try:
        model_id = store.embedder_id
        assert model_id is not None, f"no index in {index_dir}"
        out.write_text(json.dumps(index_report(store, model_id)), encoding="utf-8")
    finally:
        store.close()


if __name__ == "__main__":
    main(sys.argv[1:])
