"""Hybrid retrieval: dense (Chroma) and lexical (BM25) candidates fused with RRF."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from operator_assistant.config import Settings
from operator_assistant.core.chunking import is_contents
from operator_assistant.core.embedding import Embedder
from operator_assistant.core.index.manifest import ChunkRecord, DocumentInfo
from operator_assistant.core.index.store import IndexStore, SearchFilter
from operator_assistant.core.references import references
from operator_assistant.core.retrieval.fusion import reciprocal_rank_fusion
from operator_assistant.errors import UserError

log = logging.getLogger("retrieval")


@dataclass(frozen=True)
class SearchHit:
    chunk: ChunkRecord
    document: DocumentInfo
    score: float
    dense_rank: int | None
    lexical_rank: int | None
    dense_score: float | None = None  # cosine similarity to the query
    lexical_score: float | None = None  # BM25


@dataclass
class SearchResult:
    hits: list[SearchHit]
    timings_ms: dict[str, float] = field(default_factory=dict)
    # the two candidate lists before fusion, best first (for evaluation and diagnostics)
    dense_ids: list[str] = field(default_factory=list)
    lexical_ids: list[str] = field(default_factory=list)
    query_vector: np.ndarray | None = None


@dataclass(frozen=True)
class RetrievalParams:
    """The defaults are the Settings' (config.py), the one place they are written."""

    candidates: int = Settings.candidates
    rrf_k: int = Settings.rrf_k
    dense_weight: float = Settings.dense_weight
    lexical_weight: float = Settings.lexical_weight
    identifier_weight: float = Settings.identifier_weight
    reference_weight: float = Settings.reference_weight


class HybridRetriever:
    def __init__(self, store: IndexStore, embedder: Embedder, params: RetrievalParams = RetrievalParams(),
                 left_out: Callable[[str], frozenset[str]] | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.params = params
        # query -> documents to leave out (superseded revisions the query does not name)
        self.left_out = left_out

    def resolve_documents(self, names: list[str]) -> frozenset[str]:
        """Doc ids whose file name, title or id contains any of the given names (case-insensitive)."""
        wanted = [n.casefold() for n in names]
        found = set()
        for doc in self.store.manifest.documents():
            keys = (Path(doc.source).name.casefold(), doc.title.casefold(), doc.doc_id)
            if any(w in key for w in wanted for key in keys):
                found.add(doc.doc_id)
        if not found:
            raise UserError(f"no indexed document matches {', '.join(names)}", "see `operator-assistant status` for the list")
        return frozenset(found)

    def search(self, query: str, k: int = 5, flt: SearchFilter = SearchFilter(),
               candidates: int | None = None) -> SearchResult:
        query = query.strip()
        if not query:
            raise UserError("the search query is empty")
        n = max(candidates or self.params.candidates, k)
        timings: dict[str, float] = {}
        started = time.perf_counter()
        if self.left_out is not None and not flt.all_revisions:
            # filtered inside both indexes (Chroma's where, BM25's mask), so k results still come back
            flt = replace(flt, left_out=flt.left_out | self.left_out(query))
        t0 = time.perf_counter()
        vector = self.embedder.embed_query(query)
        t1 = time.perf_counter()
        dense = self.store.search_dense(vector, self.embedder.model_id, n, flt)
        t2 = time.perf_counter()
        lexical = self.store.search_lexical(query, n, flt)
        # Chunks holding every identifier the query names form a third ranking, so that
        # "P-101A" is found even when the embedder (which has no idea of tags) disagrees.
        exact = self.store.search_identifiers(query, n, flt) if self.params.identifier_weight else []
        # and the chunks of a section the query names by number ("§7605(f)", "section 7.1"): the
        # number is in every passage that cites it, the section's heading only in its own
        refs = references(query) if self.params.reference_weight else []
        named = self.store.search_references(refs, query, n, flt) if refs else []
        t3 = time.perf_counter()
        dense_ids = [cid for cid, _ in dense]
        lexical_ids = [cid for cid, _ in lexical]
        rankings, weights = [dense_ids, lexical_ids], [self.params.dense_weight, self.params.lexical_weight]
        if exact:
            rankings.append([cid for cid, _ in exact])
            weights.append(self.params.identifier_weight)
        if named:
            rankings.append([cid for cid, _ in named])
            weights.append(self.params.reference_weight)
        fused = reciprocal_rank_fusion(rankings, weights, self.params.rrf_k)
        chunks = self.store.manifest.chunks([cid for cid, _ in fused])
        docs = {d.doc_id: d for d in self.store.manifest.documents({c.doc_id for c in chunks.values()})}
        # A chunk a writer removed since the two searches ran gives its place to the next candidate.
        fused = [(cid, score) for cid, score in fused if cid in chunks and chunks[cid].doc_id in docs]
        # A table of contents names every section's words and answers none: it follows the text
        # (still found when nothing else matches, and by a search for the contents themselves).
        fused = sorted(fused, key=lambda hit: is_contents(chunks[hit[0]].section))[:k]
        dense_rank = {cid: i + 1 for i, cid in enumerate(dense_ids)}
        lexical_rank = {cid: i + 1 for i, cid in enumerate(lexical_ids)}
        dense_score, lexical_score = dict(dense), dict(lexical)
        hits = [SearchHit(chunks[cid], docs[chunks[cid].doc_id], score, dense_rank.get(cid), lexical_rank.get(cid),
                          dense_score.get(cid), lexical_score.get(cid))
                for cid, score in fused]
        t4 = time.perf_counter()
        timings.update(revisions_ms=(t0 - started) * 1e3, embed_ms=(t1 - t0) * 1e3, dense_ms=(t2 - t1) * 1e3,
                       lexical_ms=(t3 - t2) * 1e3, fuse_ms=(t4 - t3) * 1e3, total_ms=(t4 - started) * 1e3)
        return SearchResult(hits, timings, dense_ids, lexical_ids, vector)
