"""BEIR-format test sets (SciFact): indexed into a scratch engine, searched, scored by the metrics."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from operator_assistant.core.documents.base import TEXT, Block, Document
from operator_assistant.core.engine import Engine
from operator_assistant.core.ingest import FileResult, Indexer, doc_id_for
from operator_assistant.errors import UserError
from operator_assistant.evaluation.metrics import Latency, doc_ranking, summarize

if TYPE_CHECKING:
    from operator_assistant.core.retrieval.rerank import Reranker


@dataclass
class BeirSet:
    corpus: dict[str, tuple[str, str]]
    queries: dict[str, str]
    qrels: dict[str, dict[str, int]]
    fingerprint: str


def load_beir(folder: Path, split: str = "test") -> BeirSet:
    files = {"corpus": folder / "corpus.jsonl", "queries": folder / "queries.jsonl", "qrels": folder / "qrels" / f"{split}.tsv"}
    for path in files.values():
        if not path.is_file():
            raise UserError(f"BEIR folder {folder} has no {path.relative_to(folder)}",
                            "expected corpus.jsonl, queries.jsonl and qrels/<split>.tsv")
    digest = hashlib.sha256()
    corpus: dict[str, tuple[str, str]] = {}
    with files["corpus"].open("rb") as fh:
        for line in fh:
            digest.update(line)
            if line.strip():
                row = json.loads(line)
                corpus[str(row["_id"])] = (row.get("title") or "", row.get("text") or "")
    qrels: dict[str, dict[str, int]] = {}
    for n, text in enumerate(files["qrels"].read_text(encoding="utf-8").splitlines()):
        parts = text.split("\t")
        if n == 0 and not parts[-1].strip().lstrip("-").isdigit():
            continue  # header
        if len(parts) >= 3:
            qrels.setdefault(parts[0], {})[parts[1]] = int(parts[2])
    queries = {}
    for text in files["queries"].read_text(encoding="utf-8").splitlines():
        if text.strip():
            row = json.loads(text)
            if str(row["_id"]) in qrels:
                queries[str(row["_id"])] = row["text"]
    return BeirSet(corpus, queries, qrels, digest.hexdigest())


def beir_document(doc_id: str, title: str, text: str) -> Document:
    # The title is the document's title, indexed as every chunk's context; the body is one block.
    body = text.strip() or title
    return Document(Path(doc_id), "beir", title.strip(), body, [Block(TEXT, 0, len(body))])


def index_beir(engine: Engine, beir: BeirSet, progress: Callable[[int, int], None] | None = None) -> bool:
    """Index the corpus unless this data dir already holds exactly it; True if it was (re)built."""
    manifest = engine.store.manifest
    stamp = f"{beir.fingerprint}:{engine.chunk_params.signature}:{engine.embedder.model_id}"
    if manifest.get_meta("beir_complete") == stamp:
        return False
    old = [d.doc_id for d in manifest.documents()]
    if old:
        engine.store.remove_documents(old)
    indexer = Indexer(engine.store, engine.embedder, engine.chunk_params, batch_chunks=1024)
    for n, (doc_id, (title, text)) in enumerate(beir.corpus.items()):
        content = f"{title}\n{text}".encode()
        indexer.add(f"beir:{doc_id}", beir_document(doc_id, title, text), hashlib.sha256(content).hexdigest(),
                    len(content), FileResult(doc_id, "added"))
        if progress is not None and n % 100 == 0:
            progress(n, len(beir.corpus))
    indexer.flush()
    manifest.set_meta("beir_complete", stamp)
    return True


@dataclass(frozen=True)
class RetrievalEval:
    metrics: dict[str, dict[str, float]]  # system -> metric -> value
    latency_ms: Latency
    queries: int
    documents: int
    chunks: int


def run_beir(engine: Engine, beir: BeirSet, candidates: int = 200, reranker: Reranker | None = None) -> RetrievalEval:
    """Metrics for hybrid, dense and BM25 rankings, and for the hybrid order after the
    rerank stage (the configured reranker on the top `rerank_candidates`, then near-duplicate
    removal, the rest of the hybrid order behind them)."""
    from operator_assistant.core.retrieval.rerank import drop_near_duplicates

    retriever = engine.retriever
    cache: dict[str, str] = {}

    def doc_of(cid: str) -> str:
        # chunk ids are "<doc_id>:<hash>"; doc_id is derived from "beir:<_id>"
        return cache.get(cid.split(":", 1)[0], "")

    for doc_id in beir.corpus:
        cache[doc_id_for(f"beir:{doc_id}")] = doc_id
    runs: dict[str, dict[str, list[str]]] = {"hybrid": {}, "dense": {}, "lexical": {}}
    if reranker is not None:
        runs["hybrid+rerank"] = {}
    head = engine.settings.rerank_candidates
    latencies = []
    for qid, text in beir.queries.items():
        result = retriever.search(text, k=candidates * 2, candidates=candidates)
        latencies.append(result.timings_ms["total_ms"])
        runs["hybrid"][qid] = doc_ranking([h.chunk.chunk_id for h in result.hits], doc_of)
        runs["dense"][qid] = doc_ranking(result.dense_ids, doc_of)
        runs["lexical"][qid] = doc_ranking(result.lexical_ids, doc_of)
        if reranker is not None:
            top = drop_near_duplicates(reranker.rerank(text, result.hits[:head], k=head))
            order = [r.hit.chunk.chunk_id for r in top] + [h.chunk.chunk_id for h in result.hits[head:]]
            runs["hybrid+rerank"][qid] = doc_ranking(order, doc_of)
    metrics = {system: summarize(r, beir.qrels) for system, r in runs.items()}
    return RetrievalEval(metrics, Latency.of(latencies), len(beir.queries), len(beir.corpus),
                         engine.store.manifest.chunk_count())


