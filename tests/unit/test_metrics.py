import math

import pytest

from operator_assistant.evaluation.metrics import doc_ranking, mrr_at, ndcg_at, percentile, recall_at


def test_ndcg_perfect_and_partial():
    assert ndcg_at(["a", "b"], {"a": 1}, 10) == 1.0
    assert ndcg_at(["x", "a"], {"a": 1}, 10) == pytest.approx(1 / math.log2(3))
    assert ndcg_at(["x", "y"], {"a": 1}, 10) == 0.0
    # two relevant, one found at rank 2: DCG = 1/log2(3), IDCG = 1 + 1/log2(3)
    assert ndcg_at(["x", "a"], {"a": 1, "b": 1}, 10) == pytest.approx((1 / math.log2(3)) / (1 + 1 / math.log2(3)))


def test_recall_and_mrr_cutoffs():
    ranked = ["x", "a", "y", "b"]
    rel = {"a": 1, "b": 1}
    assert recall_at(ranked, rel, 2) == 0.5
    assert recall_at(ranked, rel, 4) == 1.0
    assert mrr_at(ranked, rel, 10) == 0.5
    assert mrr_at(ranked, rel, 1) == 0.0


def test_chunks_to_documents_keeps_best_rank():
    doc_of = {"d1:1": "d1", "d2:1": "d2", "d1:2": "d1"}.get
    assert doc_ranking(["d1:1", "d2:1", "d1:2"], doc_of) == ["d1", "d2"]


def test_percentile():
    assert percentile([5, 1, 3, 2, 4], 50) == 3
    assert percentile(list(range(1, 101)), 95) == 95
    assert percentile([], 50) == 0.0
