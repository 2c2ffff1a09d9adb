"""BM25 (rank-bm25, Okapi) over the same chunk ids as the dense index.

Built from the tokens stored in the manifest, so start-up never re-reads documents.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from rank_bm25 import BM25Okapi

from operator_assistant.core.tokenize import joined_variants, tokenize


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
