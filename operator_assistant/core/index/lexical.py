"""BM25 over the same chunk ids as the dense index, scored as a sparse matrix.

Built from the tokens stored in the manifest, so start-up never re-reads documents.
Each (chunk, term) pair holds its precomputed BM25 weight in a column-compressed
matrix: a query adds up the columns of its terms, so a search touches only the chunks
that contain a query term, in numpy, whatever the size of the corpus.

The formula is rank-bm25's BM25Okapi (k1 1.5, b 0.75, and its floor for a negative
idf: epsilon 0.25 times the mean idf), computed in the same order of float64
operations, so the scores and rankings are rank-bm25's (tests/unit/test_lexical.py
compares the two). rank-bm25 itself scores every chunk in a Python loop per query
term: 750 ms a query at 300,000 chunks (BENCHMARKS.md, "Scale: 300,000 chunks").
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from functools import cached_property

import numpy as np
from scipy.sparse import csc_matrix

from operator_assistant.core.tokenize import canonical, joined_variants, raw_tokens, tokenize

# rank-bm25's BM25Okapi defaults, which the rankings were tuned and measured with
K1, B, EPSILON = 1.5, 0.75, 0.25


class LexicalIndex:
    def __init__(self, ids: Sequence[str], tokens: Iterable[Sequence[str] | str]) -> None:
        """Build from each chunk's tokens (a list, or the manifest's space-separated string)."""
        self._setup(*_build(zip(ids, tokens, strict=True)))

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[str, Sequence[str] | str]]) -> LexicalIndex:
        """Build from (chunk id, tokens) pairs, streamed: no chunk's token list is kept."""
        index = cls.__new__(cls)
        index._setup(*_build(rows))
        return index

    @classmethod
    def from_arrays(cls, ids: list[str], terms: list[str], indptr: np.ndarray, indices: np.ndarray,
                    weights: np.ndarray, idf: np.ndarray) -> LexicalIndex:
        """An index from its saved arrays (see `arrays`); raises ValueError when they do not fit together."""
        n_docs, n_terms = len(ids), len(terms)
        if (indptr.ndim != 1 or len(indptr) != n_terms + 1 or len(idf) != n_terms or len(indices) != len(weights)
                or (len(indptr) and (indptr[0] != 0 or indptr[-1] != len(indices) or np.any(np.diff(indptr) < 0)))
                or (len(indices) and (indices.min() < 0 or indices.max() >= n_docs))):
            raise ValueError("lexical index arrays do not fit together")
        index = cls.__new__(cls)
        index._setup(ids, terms, indptr.astype(np.int64, copy=False), indices.astype(np.int32, copy=False),
                     weights.astype(np.float64, copy=False), idf.astype(np.float64, copy=False))
        return index

    def arrays(self) -> dict[str, np.ndarray]:
        """The numeric arrays `from_arrays` takes (ids and terms are `ids` and `terms`)."""
        return {"indptr": self._indptr, "indices": self._indices, "weights": self._weights, "idf": self._idf}

    def _setup(self, ids: list[str], terms: list[str], indptr: np.ndarray, indices: np.ndarray,
               weights: np.ndarray, idf: np.ndarray) -> None:
        self.ids = ids
        self._column = {term: j for j, term in enumerate(terms)}
        if len(self._column) != len(terms):
            raise ValueError("lexical index terms are not unique")
        self._indptr, self._indices, self._weights, self._idf = indptr, indices, weights, idf
        self._top_idf = float(idf.max()) if len(idf) else 0.0

    @cached_property
    def position(self) -> dict[str, int]:
        """Row of each chunk id (built when first asked: start-up does not need it)."""
        return {chunk_id: i for i, chunk_id in enumerate(self.ids)}

    @property
    def vocabulary(self) -> Collection[str]:
        return self._column.keys()

    @property
    def terms(self) -> list[str]:
        """The vocabulary in column order (what `from_arrays` takes back)."""
        return list(self._column)

    def __len__(self) -> int:
        return len(self.ids)

    def query_tokens(self, query: str) -> list[str]:
        tokens = tokenize(query)
        tokens += [v for v in joined_variants(query) if v in self._column and v not in tokens]
        return tokens

    def query_identifiers(self, query: str) -> list[str]:
        """Whole identifiers the query names that occur in the corpus ("P-101A", "vlv 3042-b")."""
        found = []
        for raw in raw_tokens(query):
            whole = canonical(raw)
            if any(c.isdigit() for c in whole) and any(c.isalpha() for c in whole) and whole in self._column:
                found.append(whole)
        found += [v for v in joined_variants(query) if v in self._column]
        return list(dict.fromkeys(found))

    def chunks_with(self, term: str) -> np.ndarray:
        """Row numbers (into `ids`) of the chunks that hold `term`; empty for a term no chunk has."""
        return self._chunks_with(term) if term in self._column else np.zeros(0, dtype=np.int64)

    def _chunks_with(self, term: str) -> np.ndarray:
        j = self._column[term]
        return self._indices[self._indptr[j]:self._indptr[j + 1]]

    def identifier_matches(self, query: str, n: int, allowed: np.ndarray | None = None) -> list[tuple[str, float]]:
        """Chunks that contain every identifier the query names, best BM25 score first."""
        if not self.ids:
            return []
        identifiers = self.query_identifiers(query)
        if not identifiers:
            return []
        mask = np.ones(len(self.ids), dtype=bool) if allowed is None else allowed.copy()
        for term in identifiers:
            has = np.zeros(len(self.ids), dtype=bool)
            has[self._chunks_with(term)] = True
            mask &= has
        if not mask.any():
            return []
        return self.search(query, n, mask)

    def scores(self, tokens: Sequence[str]) -> np.ndarray:
        """BM25 of every chunk for these query tokens (rank-bm25's get_scores; unknown tokens add nothing)."""
        scores = np.zeros(len(self.ids), dtype=np.float64)
        for term in tokens:  # in query order, repeats included, so the float sums match rank-bm25's
            if term in self._column:
                j = self._column[term]
                start, end = self._indptr[j], self._indptr[j + 1]
                scores[self._indices[start:end]] += self._weights[start:end]
        return scores

    def search(self, query: str, n: int, allowed: np.ndarray | None = None) -> list[tuple[str, float]]:
        """Top n (chunk id, score) with a positive score; `allowed` is a boolean mask over ids."""
        if not self.ids:
            return []
        tokens = [t for t in self.query_tokens(query) if t in self._column]
        if not tokens:
            return []
        scores = self.scores(tokens)
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
        if not self.ids:
            return [0.0] * len(chunk_ids)
        tokens = list(dict.fromkeys(self.query_tokens(query)))
        if not tokens:
            return [0.0] * len(chunk_ids)
        weights = [max(float(self._idf[self._column[t]]) if t in self._column else self._top_idf, 0.0) for t in tokens]
        total = sum(weights) or 1.0
        rows = np.array([self.position.get(cid, -1) for cid in chunk_ids], dtype=np.int64)
        covered = np.zeros(len(chunk_ids), dtype=np.float64)
        for term, weight in zip(tokens, weights):
            if term in self._column:
                covered += np.isin(rows, self._chunks_with(term)) * weight
        return [float(c) / total for c in covered]


def _build(rows: Iterable[tuple[str, Sequence[str] | str]]
           ) -> tuple[list[str], list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(ids, terms, indptr, indices, weights, idf) of the BM25 weight matrix, chunks as rows, terms as columns."""
    ids: list[str] = []
    terms: dict[str, int] = {}
    columns: list[np.ndarray] = []
    lengths: list[int] = []
    add = terms.setdefault
    for chunk_id, chunk_tokens in rows:
        if isinstance(chunk_tokens, str):
            chunk_tokens = chunk_tokens.split()
        ids.append(chunk_id)
        lengths.append(len(chunk_tokens))
        # New terms take the next column in order of first appearance, as rank-bm25's idf
        # dict does: the mean idf (and so the epsilon floor) is summed in that order.
        columns.append(np.fromiter((add(t, len(terms)) for t in chunk_tokens), dtype=np.int32,
                                   count=len(chunk_tokens)))
    n_docs, n_terms = len(ids), len(terms)
    cols = np.concatenate(columns) if columns else np.zeros(0, dtype=np.int32)
    del columns
    doc_lengths = np.array(lengths, dtype=np.int64)
    rows_of = np.repeat(np.arange(n_docs, dtype=np.int32), doc_lengths)
    # Duplicates summed: term frequency per (chunk, term). Rows arrive in order, so each
    # column's chunk rows come out sorted.
    counts = csc_matrix((np.ones(len(cols), dtype=np.float64), (rows_of, cols)), shape=(n_docs, n_terms))
    counts.sum_duplicates()
    del rows_of, cols
    indptr, indices, tf = counts.indptr.astype(np.int64), counts.indices.astype(np.int32), counts.data
    idf = _okapi_idf(np.diff(indptr), n_docs)
    weights = np.zeros(0, dtype=np.float64)
    if n_docs:
        avgdl = sum(lengths) / n_docs
        doc_len = doc_lengths[indices].astype(np.float64)
        # rank-bm25: idf * (tf * (k1 + 1) / (tf + k1 * (1 - b + b * doc_len / avgdl))), same order
        weights = np.repeat(idf, np.diff(indptr)) * (tf * (K1 + 1) / (tf + K1 * (1 - B + B * doc_len / avgdl)))
    return ids, list(terms), indptr, indices, weights, idf


def _okapi_idf(doc_freq: np.ndarray, n_docs: int) -> np.ndarray:
    """rank-bm25's BM25Okapi idf: log((N - n + 0.5) / (n + 0.5)), a negative one raised to epsilon * mean idf."""
    idf = [math.log(n_docs - f + 0.5) - math.log(f + 0.5) for f in doc_freq.tolist()]
    total = 0.0
    for value in idf:  # summed left to right as rank-bm25 does (Python 3.12's sum() compensates)
        total += value
    out = np.array(idf, dtype=np.float64)
    if len(out):
        out[out < 0] = EPSILON * (total / len(out))
    return out
