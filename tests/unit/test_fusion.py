import pytest

from operator_assistant.core.retrieval.fusion import reciprocal_rank_fusion


def test_rrf_scores_follow_the_formula():
    fused = dict(reciprocal_rank_fusion([["a", "b"], ["b", "c"]], k=60))
    assert fused["a"] == pytest.approx(1 / 61)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["c"] == pytest.approx(1 / 62)


def test_item_in_both_lists_wins():
    order = [item for item, _ in reciprocal_rank_fusion([["a", "b", "c"], ["c", "d", "b"]])]
    assert order[0] in {"b", "c"} and order.index("b") < order.index("a")


def test_weights_shift_the_order():
    dense, lexical = ["d1", "d2"], ["l1", "l2"]
    assert reciprocal_rank_fusion([dense, lexical], [2.0, 1.0])[0][0] == "d1"
    assert reciprocal_rank_fusion([dense, lexical], [1.0, 3.0])[0][0] == "l1"


def test_ties_keep_first_seen_order_and_bad_weights_fail():
    assert [i for i, _ in reciprocal_rank_fusion([["a"], ["b"]])] == ["a", "b"]
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([["a"]], [1.0, 2.0])
    assert reciprocal_rank_fusion([[], []]) == []
