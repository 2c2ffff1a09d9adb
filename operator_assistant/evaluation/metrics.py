"""Retrieval metrics as BEIR / trec_eval define them, and latency summaries.

nDCG@k with graded gains and log2 discount, Recall@k, and MRR@k (reciprocal rank of the
first relevant hit). Pure functions of rankings: no index, no model.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass


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



@dataclass(frozen=True)
class Latency:
    """Timings in milliseconds: median, 95th percentile and mean, rounded to 0.1 ms (0.0 for none)."""

    p50_ms: float
    p95_ms: float
    mean_ms: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Latency:
        return cls(round(percentile(values, 50), 1), round(percentile(values, 95), 1),
                   round(statistics.fmean(values), 1) if values else 0.0)

    def to_json(self) -> dict[str, object]:
        return asdict(self)


