"""The sparse-matrix BM25 ranks as rank-bm25's BM25Okapi does (the reference it replaced)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from operator_assistant.core.index.lexical import LexicalIndex
from operator_assistant.core.tokenize import tokenize

WORDS = ("pump discharge pressure alarm threshold booster valve chlorine residual dose filter backwash "
         "turbidity level tank reservoir inlet outlet flow meter setpoint isolate lockout tagout sample "
         "operator shift check record reading high low trip reset manual automatic").split()
TAGS = ["P-101A", "P-101B", "VLV-3042-B", "CL2-ALM-07", "FIT-220", "LT-4", "B-2", "B-3", "4-20 mA", "3.5"]


def _corpus(n: int = 600, seed: int = 7) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    texts = []
    for i in range(n):
        words = rng.choices(WORDS, k=rng.randint(5, 60))
        # "pump" and "check" in most chunks: their idf is negative and takes rank-bm25's epsilon floor
        words += ["pump"] * (i % 3 != 0) + ["check"] * (i % 4 != 0)
        words += rng.sample(TAGS, k=rng.randint(0, 3))
        if i % 50 == 0:
            words = ["pump", "alarm"]  # short chunks and exact duplicates: ties
        rng.shuffle(words)
        texts.append(" ".join(words))
    return [f"c{i:04d}" for i in range(n)], texts


QUERIES = ["discharge pressure alarm on P-101A", "pump", "check the pump", "VLV-3042-B isolate lockout",
           "vlv 3042-b", "CL2-ALM-07 chlorine residual high", "FIT-220 flow meter 4-20 mA",
           "B-2 booster threshold", "pump pump alarm alarm", "3.5 setpoint", "nothing matches zebra",
           "backwash turbidity reading after the filter", "P-101A P-101B", "LT-4 tank level low trip"]


class Reference:
    """What LexicalIndex did before (rank-bm25's get_scores over every chunk), kept as the oracle."""

    def __init__(self, ids: list[str], tokens: list[list[str]], index: LexicalIndex) -> None:
        self.ids, self.bm25, self.index = ids, BM25Okapi(tokens), index

    def search(self, query: str, n: int, allowed: np.ndarray | None = None) -> list[tuple[str, float]]:
        tokens = [t for t in self.index.query_tokens(query) if t in self.bm25.idf]
        if not tokens:
            return []
        scores = self.bm25.get_scores(tokens)
        if allowed is not None:
            scores = np.where(allowed, scores, 0.0)
        n = min(n, len(scores))
        top = np.argpartition(-scores, n - 1)[:n]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(self.ids[i], float(scores[i])) for i in top if scores[i] > 0]

    def identifier_matches(self, query: str, n: int, allowed: np.ndarray | None = None) -> list[tuple[str, float]]:
        identifiers = self.index.query_identifiers(query)
        if not identifiers:
            return []
        mask = np.array([all(t in freqs for t in identifiers) for freqs in self.bm25.doc_freqs], dtype=bool)
        if allowed is not None:
            mask &= allowed
        return self.search(query, n, mask) if mask.any() else []


@pytest.fixture(scope="module")
def indexes() -> tuple[LexicalIndex, Reference]:
    ids, texts = _corpus()
    tokens = [tokenize(t) for t in texts]
    index = LexicalIndex(ids, [" ".join(t) for t in tokens])  # as the manifest stores them
    return index, Reference(ids, tokens, index)


def _masks(n: int) -> list[np.ndarray | None]:
    rng = np.random.default_rng(3)
    return [None, rng.random(n) < 0.5, np.arange(n) % 7 == 0, np.zeros(n, dtype=bool)]


def _same(got: list[tuple[str, float]], want: list[tuple[str, float]]) -> None:
    assert [cid for cid, _ in got] == [cid for cid, _ in want]
    assert np.allclose([s for _, s in got], [s for _, s in want], rtol=1e-12, atol=0.0)


@pytest.mark.parametrize("query", QUERIES)
def test_search_ranks_as_rank_bm25(indexes: tuple[LexicalIndex, Reference], query: str) -> None:
    index, reference = indexes
    for allowed in _masks(len(index)):
        for n in (1, 10, 50):
            _same(index.search(query, n, allowed), reference.search(query, n, allowed))


@pytest.mark.parametrize("query", QUERIES)
def test_identifier_matches_as_before(indexes: tuple[LexicalIndex, Reference], query: str) -> None:
    index, reference = indexes
    for allowed in _masks(len(index)):
        _same(index.identifier_matches(query, 50, allowed), reference.identifier_matches(query, 50, allowed))


def test_scores_and_idf_floor_match_rank_bm25(indexes: tuple[LexicalIndex, Reference]) -> None:
    index, reference = indexes
    assert reference.bm25.idf["pump"] == pytest.approx(reference.bm25.average_idf * 0.25)  # the floor is exercised
    for query in QUERIES:
        tokens = index.query_tokens(query)
        assert np.allclose(index.scores(tokens), reference.bm25.get_scores(tokens), rtol=1e-12, atol=1e-15)
    assert set(index.vocabulary) == set(reference.bm25.idf)


def test_identifier_matching_finds_whole_tags_only(indexes: tuple[LexicalIndex, Reference]) -> None:
    index, _ = indexes
    hits = index.identifier_matches("what trips P-101A?", 1000)
    assert hits and all("p101a" in index.query_tokens(_text_of(cid)) for cid, _ in hits)
    assert index.identifier_matches("pump alarm", 10) == []  # no identifier named: no third ranking


def _text_of(chunk_id: str) -> str:
    ids, texts = _corpus()
    return texts[ids.index(chunk_id)]


def test_coverage_counts_idf_weighted_query_terms(indexes: tuple[LexicalIndex, Reference]) -> None:
    index, reference = indexes
    idf = reference.bm25.idf
    top = max(idf.values())
    query = "P-101A chlorine zebra"
    tokens = list(dict.fromkeys(index.query_tokens(query)))
    weights = [max(idf.get(t, top), 0.0) for t in tokens]
    for cid, got in zip(index.ids[:80] + ["unknown"], index.coverage(query, index.ids[:80] + ["unknown"])):
        freqs = reference.bm25.doc_freqs[index.position[cid]] if cid in index.position else {}
        assert got == pytest.approx(sum(w for t, w in zip(tokens, weights) if t in freqs) / sum(weights))


def test_empty_index_finds_nothing() -> None:
    index = LexicalIndex([], [])
    assert len(index) == 0 and index.search("pump", 5) == [] and index.identifier_matches("P-101A", 5) == []
    assert index.coverage("pump", ["x"]) == [0.0]


def test_saved_arrays_give_the_same_index(indexes: tuple[LexicalIndex, Reference]) -> None:
    index, _ = indexes
    again = LexicalIndex.from_arrays(list(index.ids), list(index.terms), **index.arrays())
    for query in QUERIES:
        assert again.search(query, 20) == index.search(query, 20)
    arrays = index.arrays()
    arrays["indices"] = arrays["indices"] + len(index)  # rows past the end: refused, never used
    with pytest.raises(ValueError):
        LexicalIndex.from_arrays(list(index.ids), list(index.terms), **arrays)
