"""Search, start-up, memory and disk at 10,000 to 300,000 chunks, on indexes built through the project's store.

    .venv/bin/python scripts/bench_scale.py [--sizes 10000 100000 300000] [--scratch /tmp/oa-scale]
        [--rounds 2] [--code DIR] [--build-only] [--json FILE]

How the indexes are made. The sample corpus (corpus/documents) is indexed once with the real
embedder into SCRATCH/base. Each size is that index plus synthetic copies of it, written with
IndexStore.apply as ingest writes (manifest, then Chroma), so the manifest, the Chroma collection
and the saved BM25 are what a real library of that size leaves on disk:
- copy c of a chunk keeps its prose; every plant identifier in it (a token with letters and digits,
  "P-101A") becomes that copy's unit's tag ("U12-P-101A"), every whole number of two or more digits
  is moved by 1 + c mod 9, and its section and context get " (Unit c)": texts are distinct,
  identifiers exist in one unit only, as in a real plant;
- its vector is the base chunk's real MiniLM vector plus Gaussian noise (sigma 0.01 a dimension,
  renormalised: cosine about 0.98 to the original);
- its tokens come from the project's tokenizer on the changed text, as at ingest;
- 40 copies of each sample document make one synthetic document (about 600 chunks, a 150-page
  manual), so 300,000 chunks are about 500 documents.
Each size has its own folder (SCRATCH/size-N), grown from the next smaller one; a run resumes
where the last stopped (one store write per group of 40 copies) and reuses finished folders.

Measured per size, each in a fresh process (`--measure`, run by this script):
- start-up: from launching the process to the first answered search (imports, settings, the
  embedder, Chroma, BM25), once with no saved BM25 (it is rebuilt and saved) and once with it;
  apart, the embedder's load and the opening of the indexes (the first search after it);
- hybrid search as the app runs it (Assistant.retrieve's call: HybridRetriever.search with
  k = rerank_candidates and the default candidates, revisions in force), p50/p95 over the golden
  questions for --rounds rounds, with its stages: embed, dense (Chroma), lexical (BM25 and the
  identifier ranking), revisions, fusion, and the total without the query's embedding (the
  part that grows with the index);
- resident memory (VmRSS) when ready, after the searches, and with the language model loaded;
- disk per chunk: manifest, Chroma, saved BM25.
--code DIR measures another checkout's operator_assistant on the same indexes (the "before"
column in BENCHMARKS.md: `git archive COMMIT operator_assistant | tar -x -C DIR`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GROUP = 40  # copies of a sample document per synthetic document
NOISE = 0.01
_RAW_TOKEN = re.compile(r"[^\W_]+(?:[-_/.][^\W_]+)*")


# building


def _varied(text: str, copy: int) -> str:
    def one(match: re.Match[str]) -> str:
        token = match.group(0)
        has_digit, has_alpha = any(c.isdigit() for c in token), any(c.isalpha() for c in token)
        if has_digit and has_alpha:
            return f"U{copy}-{token}"
        if token.isdigit() and len(token) >= 2:
            return str(int(token) + 1 + copy % 9)
        return token

    return _RAW_TOKEN.sub(one, text)


def _base(scratch: Path, models: Path) -> Path:
    from operator_assistant.config import load_settings
    from operator_assistant.core.engine import Engine

    base = scratch / "base"
    engine = Engine(load_settings(data_dir=base, models_dir=models), audit=False)
    try:
        if not engine.store.manifest.chunk_count():
            print("indexing corpus/documents into", base, flush=True)
            engine.ingest([ROOT / "corpus" / "documents"])
    finally:
        engine.close()
    return base


def _grow(folder: Path, base: Path, size: int) -> int:
    """Add synthetic copies of the base index to `folder` until it holds `size` chunks or more."""
    import numpy as np

    from operator_assistant.core.index.manifest import INDEXED, NewChunk, now
    from operator_assistant.core.index.store import MANIFEST_FILE, DocumentChange, IndexStore
    from operator_assistant.core.tokenize import tokenize

    source = IndexStore(base / "index")
    ids, _, vectors = source.manifest.vectors()
    chunks = source.manifest.chunks(ids)
    documents = {d.doc_id: d for d in source.manifest.documents() if d.status == INDEXED}
    identities = source.manifest.identities()
    embedder_id = source.embedder_id
    source.close()
    assert embedder_id is not None
    by_doc: dict[str, list[int]] = {}
    for i, cid in enumerate(ids):
        by_doc.setdefault(chunks[cid].doc_id, []).append(i)
    copies = math.ceil(size / len(ids)) - 1

    store = IndexStore(folder / "index")
    assert (folder / "index" / MANIFEST_FILE).exists()
    started, added_total = time.perf_counter(), 0
    for group in range(copies // GROUP + 1):
        first, last = group * GROUP + 1, min((group + 1) * GROUP, copies)
        if first > last:
            break
        changes = []
        for doc_id, rows in by_doc.items():
            doc = documents[doc_id]
            new_id = f"{doc_id}~g{group}"
            have = set(store.manifest.chunk_hashes(new_id))
            added = []
            for copy in range(first, last + 1):
                rng = np.random.default_rng(copy)
                for i in rows:
                    base_chunk = chunks[ids[i]]
                    chunk_id = f"{base_chunk.chunk_id}~{copy}"
                    if chunk_id in have:
                        continue
                    text = _varied(base_chunk.text, copy)
                    context = f"{_varied(base_chunk.context, copy)} (Unit {copy})" if base_chunk.context else ""
                    section = tuple(base_chunk.section[:-1]) + (f"{base_chunk.section[-1]} (Unit {copy})",) \
                        if base_chunk.section else (f"Unit {copy}",)
                    indexed = f"{context}\n{text}" if context else text
                    vector = vectors[i] + rng.normal(0.0, NOISE, vectors.shape[1]).astype(np.float32)
                    record = replace(base_chunk, chunk_id=chunk_id, doc_id=new_id,
                                     ordinal=(copy - first) * 10_000 + base_chunk.ordinal, section=section,
                                     context=context, text=text,
                                     content_hash=hashlib.sha256(indexed.encode("utf-8")).hexdigest())
                    added.append(NewChunk(record, tokenize(indexed), vector / np.linalg.norm(vector)))
            if not added:
                continue
            identity = identities[doc_id].identity if doc_id in identities else None
            document = replace(doc, doc_id=new_id, source=f"/synthetic/group-{group}/{Path(doc.source).name}",
                               title=f"{doc.title} (units {first}-{last})", indexed_at=now(),
                               content_hash=hashlib.sha256(f"{doc.content_hash}~{group}~{last}".encode()).hexdigest())
            change = DocumentChange(document, added=added)
            if identity is not None and identity.number:
                change.identity = replace(identity, number=f"{identity.number}-G{group}")
            changes.append(change)
        if changes:
            store.apply(changes, embedder_id)
            added_total += sum(len(c.added) for c in changes)
            rate = added_total / (time.perf_counter() - started)
            print(f"  {folder.name}: {store.manifest.chunk_count():,} chunks ({rate:,.0f} chunks/s)", flush=True)
    count = store.manifest.chunk_count()
    store.close()
    return count


def build(scratch: Path, sizes: list[int], models: Path) -> dict[int, Path]:
    base = _base(scratch, models)
    folders, previous = {}, base
    for size in sorted(sizes):
        folder = scratch / f"size-{size}"
        if not (folder / "done").exists():
            if not folder.exists():
                shutil.copytree(previous, folder)
                (folder / "done").unlink(missing_ok=True)
            _grow(folder, base, size)
            (folder / "done").write_text("built\n")
        folders[size], previous = folder, folder
    return folders


# measuring (in a fresh process per run)


def _rss_mb() -> dict[str, float]:
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = round(int(value.split()[0]) / 1024, 1)
    return fields


def measure(data_dir: Path, models: Path, questions: list[str], rounds: int, with_llm: bool) -> dict[str, Any]:
    from bench_search import search_stages

    from operator_assistant.config import load_settings
    from operator_assistant.core.engine import Engine
    from operator_assistant.core.index.store import SearchFilter

    engine = Engine(load_settings(data_dir=data_dir, models_dir=models), audit=False)
    settings = engine.settings

    def app_search(query: str) -> Any:  # Assistant.retrieve's retrieval call
        result = engine.retriever.search(query, k=settings.rerank_candidates, candidates=settings.candidates,
                                         flt=SearchFilter(all_revisions=False))
        # the part that grows with the index (the query's embedding does not; on shared cores it is noise)
        result.timings_ms["without_embed_ms"] = result.timings_ms["total_ms"] - result.timings_ms["embed_ms"]
        return result

    started = time.perf_counter()
    engine.embedder  # noqa: B018 - timed apart: it does not depend on the index
    loaded = time.perf_counter()
    app_search("warm-up")  # opens Chroma and BM25
    opened = time.perf_counter()
    print("READY", flush=True)
    out: dict[str, Any] = {"chunks": engine.store.manifest.chunk_count(), "rss_ready_mb": _rss_mb(),
                           "embedder_load_s": round(loaded - started, 2), "indexes_open_s": round(opened - loaded, 2)}
    if rounds:
        out["search"] = search_stages(app_search, questions, rounds)
        out["rss_after_searches_mb"] = _rss_mb()
    if with_llm:
        from operator_assistant.core.assistant import open_assistant

        try:
            llm = open_assistant(engine).llm  # loads the language model
            out["rss_with_llm_mb"] = _rss_mb()
            del llm
        except Exception as exc:  # reported; the other numbers still stand
            out["rss_with_llm_mb"] = f"not loaded: {exc}"
    engine.close()
    return out


def _run(data_dir: Path, models: Path, code: Path, rounds: int, with_llm: bool, questions: Path) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(code), str(ROOT / "scripts")]))
    command = [sys.executable, str(Path(__file__).resolve()), "--measure", str(data_dir), "--models", str(models),
               "--rounds", str(rounds), "--questions", str(questions)] + (["--with-llm"] if with_llm else [])
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    ready, result = None, None
    for line in child.stdout:
        if line.strip() == "READY" and ready is None:
            ready = time.perf_counter() - started
        elif line.startswith("RESULT "):
            result = json.loads(line[len("RESULT "):])
    if child.wait() != 0 or result is None or ready is None:
        raise SystemExit(f"measuring {data_dir} failed (exit {child.returncode})")
    return {"ready_s": round(ready, 2), **result}


def _disk(data_dir: Path, chunks: int) -> dict[str, float]:
    index = data_dir / "index"

    def size(path: Path) -> int:
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else \
            (path.stat().st_size if path.exists() else 0)

    manifest = sum(size(p) for p in index.glob("manifest.sqlite3*"))
    return {"manifest_kb": round(manifest / chunks / 1024, 2), "chroma_kb": round(size(index / "chroma") / chunks / 1024, 2),
            "lexical_kb": round(size(index / "lexical.npz") / chunks / 1024, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 300_000])
    parser.add_argument("--scratch", type=Path, default=Path("/tmp/oa-scale"))
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--questions", type=Path, default=ROOT / "corpus" / "golden.jsonl")
    parser.add_argument("--models", type=Path, default=ROOT / "models")
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose operator_assistant is measured")
    parser.add_argument("--build-only", action="store_true")
    parser.add_argument("--no-llm", action="store_true", help="leave out the memory with the language model loaded")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--with-llm", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.measure:
        from operator_assistant.evaluation.golden import load_golden

        questions = [q.question for q in load_golden(args.questions)]
        result = measure(args.measure, args.models, questions, args.rounds, args.with_llm)
        print("RESULT " + json.dumps(result), flush=True)
        return

    folders = build(args.scratch, args.sizes, args.models)
    if args.build_only:
        return
    results = []
    for size, folder in sorted(folders.items()):
        (folder / "index" / "lexical.npz").unlink(missing_ok=True)
        first = _run(folder, args.models, args.code, 0, False, args.questions)  # BM25 built from the manifest
        second = _run(folder, args.models, args.code, args.rounds, not args.no_llm, args.questions)
        row = {"size": size, "chunks": second["chunks"], "ready_rebuild_s": first["ready_s"],
               "indexes_open_rebuild_s": first["indexes_open_s"], "ready_s": second["ready_s"],
               **{k: v for k, v in second.items() if k not in ("ready_s", "chunks")},
               "disk_per_chunk": _disk(folder, second["chunks"])}
        print(json.dumps(row), flush=True)
        results.append(row)
    if args.json:
        args.json.write_text(json.dumps({"code": str(args.code), "results": results}, indent=1) + "\n")


if __name__ == "__main__":
    main()
