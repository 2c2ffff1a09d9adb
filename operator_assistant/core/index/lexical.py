"""BM25 (rank-bm25, Okapi) over the same chunk ids as the dense index.

Built from the tokens stored in the manifest, so start-up never re-reads documents.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from rank_bm25 import BM25Okapi

from operator_assistant.core.tokenize import canonical, joined_variants, raw_tokens, tokenize


class LexicalIndex:
    def __init__(self, ids: Sequence[str], tokens: Sequence[list[str]]) -> None:
        self.ids = list(ids)
        self.position = {chunk_id: i for i, chunk_id in enumerate(self.ids)}
        # rank-bm25 divides by the corpus size, so an empty index has no model at all.
        self._bm25 = BM25Okapi(list(tokens)) if self.ids else None
        self.vocabulary: frozenset[str] = frozenset(self._bm25.idf) if self._bm25 else frozenset()

    def __len__(self) -> int:
        return len(self.ids)

    def query_tokens(self, query: str) -> list[str]:
        tokens = tokenize(query)
        tokens += [v for v in joined_variants(query) if v in self.vocabulary and v not in tokens]
        return tokens

    def query_identifiers(self, query: str) -> list[str]:
        """Whole identifiers the query names that occur in the corpus ("P-101A", "vlv 3042-b")."""
        found = []
        for raw in raw_tokens(query):
            whole = canonical(raw)
            if any(c.isdigit() for c in whole) and any(c.isalpha() for c in whole) and whole in self.vocabulary:
                found.append(whole)
        found += [v for v in joined_variants(query) if v in self.vocabulary]
        return list(dict.fromkeys(found))

    def identifier_matches(self, query: str, n: int, allowed: np.ndarray | None = None) -> list[tuple[str, float]]:
        """Chunks that contain every identifier the query names, best BM25 score first."""
        if self._bm25 is None:
            return []
        identifiers = self.query_identifiers(query)
        if not identifiers:
            return []
        mask = np.array([all(t in freqs for t in identifiers) for freqs in self._bm25.doc_freqs], dtype=bool)
        if allowed is not None:
            mask &= allowed
        if not mask.any():
            return []
        return self.search(query, n, mask)

    def search(self, query: str, n: int, allowed: np.ndarray | None = None) -> list[tuple[str, float]]:
        """Top n (chunk id, score) with a positive score; `allowed` is a boolean mask over ids."""
        if self._bm25 is None:
            return []
        tokens = [t for t in self.query_tokens(query) if t in self.vocabulary]
        if not tokens:
            return []
        scores = self._bm25.get_scores(tokens)
        if allowed is not None:
            scores = np.where(allowed, scores, 0.0)
        n = min(n, len(scores))
        top = np.argpartition(-scores, n - 1)[:n]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(self.ids[i], float(scores[i])) for i in top if scores[i] > 0]

    def coverage(self, query: str, chunk_ids: list[str]) -> list[float]:
        """Share of the query's information (idf-weighted tokens) that each chunk contains.

        A query word the corpus has never seen gets the highest idf: a question about
        something no document mentions should not look covered."""
        if self._bm25 is None:
            return [0.0] * len(chunk_ids)
        tokens = list(dict.fromkeys(self.query_tokens(query)))
        if not tokens:
            return [0.0] * len(chunk_ids)
        idf = self._bm25.idf
        top = max(idf.values())
        weights = [max(idf.get(t, top), 0.0) for t in tokens]
        total = sum(weights) or 1.0
        out = []
        for cid in chunk_ids:
            freqs = self._bm25.doc_freqs[self.position[cid]] if cid in self.position else {}
            out.append(sum(w for t, w in zip(tokens, weights) if t in freqs) / total)
        return out
