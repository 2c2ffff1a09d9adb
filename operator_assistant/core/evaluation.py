"""Retrieval evaluation: BEIR-format test sets and the project's golden set.

Metrics follow the BEIR / trec_eval definitions: nDCG@k with graded gains and
log2 discount, Recall@k, and MRR@k (reciprocal rank of the first relevant hit).
It must not write into an operator's data folder: evaluations index into a scratch folder.
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from operator_assistant.core.documents.base import TEXT, Block, Document
from operator_assistant.core.engine import Engine
from operator_assistant.core.index.manifest import ChunkRecord
from operator_assistant.core.ingest import FileResult, Indexer, doc_id_for
from operator_assistant.errors import UserError


def ndcg_at(ranked: Sequence[str], relevant: dict[str, int], k: int) -> float:
    dcg = sum(relevant.get(doc, 0) / math.log2(i + 2) for i, doc in enumerate(ranked[:k]))
    ideal = sorted(relevant.values(), reverse=True)[:k]
    idcg = sum(gain / math.log2(i + 2) for i, gain in enumerate(ideal))
    return dcg / idcg if idcg > 0 else 0.0


def recall_at(ranked: Sequence[str], relevant: dict[str, int], k: int) -> float:
    wanted = {doc for doc, gain in relevant.items() if gain > 0}
    return len(wanted & set(ranked[:k])) / len(wanted) if wanted else 0.0


def mrr_at(ranked: Sequence[str], relevant: dict[str, int], k: int) -> float:
    for i, doc in enumerate(ranked[:k]):
        if relevant.get(doc, 0) > 0:
            return 1.0 / (i + 1)
    return 0.0


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[index]


def summarize(runs: dict[str, list[str]], qrels: dict[str, dict[str, int]]) -> dict[str, float]:
    """Mean metrics over queries for one system's rankings {query id: ranked doc ids}."""
    out: dict[str, float] = {}
    for name, fn, k in (("ndcg@10", ndcg_at, 10), ("recall@10", recall_at, 10), ("recall@100", recall_at, 100),
                        ("mrr@10", mrr_at, 10)):
        values = [fn(runs[q], rel, k) for q, rel in qrels.items() if q in runs]
        out[name] = round(statistics.fmean(values), 4) if values else 0.0
    return out


def doc_ranking(chunk_ids: Sequence[str], doc_of: Callable[[str], str | None]) -> list[str]:
    """Chunk ranking to document ranking: a document ranks where its best chunk does."""
    seen: dict[str, None] = {}
    for cid in chunk_ids:
        doc = doc_of(cid)
        if doc is not None and doc not in seen:
            seen[doc] = None
    return list(seen)


# BEIR


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


@dataclass
class RetrievalEval:
    metrics: dict[str, dict[str, float]]  # system -> metric -> value
    latency_ms: dict[str, float]
    queries: int
    documents: int
    chunks: int
    index_seconds: float | None = None
    details: dict[str, Any] = field(default_factory=dict)


def run_beir(engine: Engine, beir: BeirSet, candidates: int = 200, reranker: Any = None) -> RetrievalEval:
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
    return RetrievalEval(metrics, _latency(latencies), len(beir.queries), len(beir.corpus),
                         engine.store.manifest.chunk_count())


def _latency(values: list[float]) -> dict[str, float]:
    return {"p50_ms": round(percentile(values, 50), 1), "p95_ms": round(percentile(values, 95), 1),
            "mean_ms": round(statistics.fmean(values), 1) if values else 0.0}


# Golden set

KINDS = ("fact", "number", "identifier", "procedure", "paraphrase", "follow-up", "not-in-corpus")


@dataclass(frozen=True)
class GoldenQuestion:
    id: str
    question: str
    kind: str
    source_file: str | None
    section: str | None
    answer_keywords: tuple[str, ...]
    follows: str | None


def load_golden(path: Path) -> list[GoldenQuestion]:
    questions: list[GoldenQuestion] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            q = GoldenQuestion(str(row["id"]), row["question"], row["kind"], row.get("source_file"),
                               row.get("section"), tuple(row.get("answer_keywords") or ()), row.get("follows"))
        except (ValueError, KeyError, TypeError) as exc:
            raise UserError(f"{path}:{n}: not a golden question ({exc})") from exc
        if q.kind not in KINDS:
            raise UserError(f"{path}:{n}: unknown kind {q.kind!r}", f"kinds: {', '.join(KINDS)}")
        questions.append(q)
    return questions


def retrieval_query(question: GoldenQuestion, by_id: dict[str, GoldenQuestion]) -> str:
    """What the app searches for: a follow-up with the question it follows (the app's own rule)."""
    from operator_assistant.core.answer.followup import search_query

    previous = by_id.get(question.follows) if question.follows else None
    return search_query(question.question, previous.question if previous else None)


def run_golden(engine: Engine, questions: list[GoldenQuestion], k: int = 5) -> dict[str, Any]:
    retriever = engine.retriever
    by_id = {q.id: q for q in questions}
    answerable = [q for q in questions if q.source_file]
    rows = []
    latencies = []
    for q in questions:
        result = retriever.search(retrieval_query(q, by_id), k=max(k, 10))
        latencies.append(result.timings_ms["total_ms"])
        files = [Path(h.document.source).name for h in result.hits]
        row: dict[str, Any] = {"id": q.id, "kind": q.kind, "top_file": files[0] if files else None,
                               "top_score": round(result.hits[0].score, 5) if result.hits else 0.0}
        if q.source_file:
            rank = next((i + 1 for i, f in enumerate(files) if f == q.source_file), None)
            section_rank = next((i + 1 for i, h in enumerate(result.hits) if h.document.source.endswith(q.source_file)
                                 and q.section and _section_matches(h.chunk, q.section)), None)
            row.update(rank=rank, section_rank=section_rank,
                       keywords_in_top=_keywords_found(q.answer_keywords, result.hits[:k]))
        rows.append(row)
    ranked = [r for r in rows if "rank" in r]
    by_kind: dict[str, dict[str, float]] = {}
    for kind in KINDS:
        kind_rows = [r for r in ranked if r["kind"] == kind]
        if kind_rows:
            by_kind[kind] = {"questions": len(kind_rows),
                             "recall@5": round(sum(1 for r in kind_rows if r["rank"] and r["rank"] <= k) / len(kind_rows), 4)}
    n = len(ranked) or 1
    return {
        "questions": len(questions),
        "answerable": len(answerable),
        "not_in_corpus": len(questions) - len(answerable),
        f"recall@{k}": round(sum(1 for r in ranked if r["rank"] and r["rank"] <= k) / n, 4),
        "recall@1": round(sum(1 for r in ranked if r["rank"] == 1) / n, 4),
        "mrr@10": round(sum(1 / r["rank"] for r in ranked if r["rank"]) / n, 4),
        f"section_recall@{k}": round(sum(1 for r in ranked if r["section_rank"] and r["section_rank"] <= k) / n, 4),
        f"keywords_in_top{k}": round(sum(r["keywords_in_top"] for r in ranked) / n, 4),
        "by_kind": by_kind,
        "latency": _latency(latencies),
        "misses": [r for r in ranked if not r["rank"] or r["rank"] > k],
        "rows": rows,
    }


def _section_matches(chunk: ChunkRecord, section: str) -> bool:
    wanted = section.casefold().strip()
    return any(wanted == s.casefold().strip() or wanted in s.casefold() for s in chunk.section)


def _keywords_found(keywords: Sequence[str], hits: Sequence[Any]) -> float:
    if not keywords:
        return 1.0
    text = " ".join(h.chunk.text for h in hits).casefold()
    return sum(1 for kw in keywords if kw.casefold() in text) / len(keywords)


# Answers, end to end


def _keyword_share(q: GoldenQuestion, text: str) -> float | None:
    if not (q.answer_keywords and q.source_file):
        return None
    folded = " ".join(text.split()).casefold()
    return sum(1 for k in q.answer_keywords if " ".join(k.split()).casefold() in folded) / len(q.answer_keywords)


def unsupported_values(answer: Any) -> list[str]:
    """Numbers and identifiers shown before the source list that are in none of the cited passages
    (their text, and their document titles and section names, which the card shows as its heading)."""
    from operator_assistant.core.llm.citations import MARKER, claims_in, is_verified, passage_facts

    if answer.refused:
        return []
    from operator_assistant.core.answer.wording import card_facts

    cited = "\n".join(f"{c.document}\n{' '.join(c.section)}\n{c.text}" for c in answer.citations)
    facts = passage_facts(cited)
    if answer.card is not None:  # a table cell's unit may stand in the row's Unit column ("118" ... "psi")
        facts |= card_facts(answer.card)
    shown = MARKER.sub(" ", answer.text)
    return [shown[s:e] for kind, value, s, e in claims_in(shown) if not is_verified(kind, value, facts)]


def _words_shown(text: str) -> int:
    from operator_assistant.core.llm.citations import MARKER

    return len([w for w in MARKER.sub(" ", text).replace("|", " ").split() if any(c.isalnum() for c in w)])


def run_answers(assistant: Any, questions: list[GoldenQuestion], temperature: float = 0.0, mode: str | None = None,
                progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Ask every question (follow-ups after the question they follow) and score what the operator reads."""
    from operator_assistant.core.assistant import Answered, CardReady, Turn

    by_id = {q.id: q for q in questions}
    answers: dict[str, Any] = {}
    rows = []
    for n, q in enumerate(questions):
        history = []
        if q.follows in by_id and q.follows in answers:
            history = [Turn(by_id[q.follows].question, answers[q.follows].text)]
        answer, card_kind = None, None
        for event in assistant.ask(q.question, history, temperature=temperature, mode=mode):
            if isinstance(event, CardReady):
                card_kind = event.card.kind
            elif isinstance(event, Answered):
                answer = event.answer
        assert answer is not None
        answers[q.id] = answer
        cited = [Path(c.source).name for c in answer.citations]
        keywords = _keyword_share(q, answer.text)
        unsupported = unsupported_values(answer)
        rows.append({
            "id": q.id, "kind": q.kind, "answerable": bool(q.source_file), "refused": answer.refused,
            "answer_correct": bool(q.source_file) and not answer.refused and keywords == 1.0,
            "cited_expected": bool(q.source_file) and q.source_file in cited,
            "keywords": keywords, "card": card_kind, "wording_shown": bool(answer.wording),
            "wording_note": answer.wording_note, "unsupported": unsupported, "words": _words_shown(answer.text),
            "claims": answer.claims, "evidence": round(answer.evidence, 4),
            "card_ms": answer.timings.get("card_ms"), "first_token_ms": answer.timings.get("first_token_ms") or None,
            "total_ms": answer.timings.get("total_ms"),
            "retrieve_rerank_ms": answer.timings.get("retrieve_ms", 0) + answer.timings.get("rerank_ms", 0),
            "answer": answer.text, "cited": cited,
        })
        if progress is not None:
            progress(n + 1, len(questions))
    return summarize_answers(rows)


def _answer_metrics(rows: list[dict[str, Any]]) -> dict[str, Any]:
    ans = [r for r in rows if r["answerable"]]
    una = [r for r in rows if not r["answerable"]]
    shown = [r for r in rows if not r["refused"]]
    words = [r["words"] for r in shown]
    out: dict[str, Any] = {"questions": len(rows)}
    if ans:
        out.update(answer_correct=round(sum(r["answer_correct"] for r in ans) / len(ans), 4),
                   citation_accuracy=round(sum(r["cited_expected"] for r in ans) / len(ans), 4),
                   keyword_hit_rate=round(statistics.fmean(r["keywords"] or 0.0 for r in ans), 4),
                   refused_answerable=round(sum(r["refused"] for r in ans) / len(ans), 4))
    if una:
        out["refused_not_in_corpus"] = round(sum(r["refused"] for r in una) / len(una), 4)
    out["shown_unsupported_values"] = sum(len(r["unsupported"]) for r in rows)
    if words:
        out["words_shown"] = {"mean": round(statistics.fmean(words), 1), "p95": percentile(words, 95)}
    return out


def summarize_answers(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals, the same per question kind, latencies and every row."""
    ans = [r for r in rows if r["answerable"]]
    una = [r for r in rows if not r["answerable"]]
    shown = [r for r in rows if not r["refused"]]
    non_procedure = [r["words"] for r in shown if r["card"] != "procedure"]
    summary = {
        **_answer_metrics(rows), "answerable": len(ans), "not_in_corpus": len(una),
        # number and identifier questions: the ones where a wrong figure does harm
        "answer_correct_number_identifier": round(statistics.fmean(
            r["answer_correct"] for r in ans if r["kind"] in ("number", "identifier")), 4)
        if any(r["kind"] in ("number", "identifier") for r in ans) else None,
        "words_shown_non_procedure_mean": round(statistics.fmean(non_procedure), 1) if non_procedure else 0.0,
        "cards": {kind: sum(1 for r in shown if r["card"] == kind) for kind in ("table", "procedure", "sentences")},
        "wording_shown": sum(r["wording_shown"] for r in shown),
        "wording_left_out": sum(1 for r in shown if r["wording_note"]),
        "by_kind": {kind: _answer_metrics([r for r in rows if r["kind"] == kind])
                    for kind in KINDS if any(r["kind"] == kind for r in rows)},
        "latency": {
            "card": _latency([r["card_ms"] for r in rows if r["card_ms"] is not None]),
            "first_token": _latency([r["first_token_ms"] for r in rows if r["first_token_ms"]]),
            "total": _latency([r["total_ms"] for r in rows if r["total_ms"]]),
            "retrieve_rerank": _latency([r["retrieve_rerank_ms"] for r in rows]),
        },
        "rows": rows,
    }
    return summary
