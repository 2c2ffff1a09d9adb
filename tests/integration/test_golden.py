"""The golden question set: retrieval quality on the plant's own documents must not regress."""

from operator_assistant.core.evaluation import KINDS, load_golden, run_golden
from tests.conftest import REPO, SAMPLE_DOCS

GOLDEN = REPO / "corpus" / "golden.jsonl"


def test_golden_set_is_well_formed():
    questions = load_golden(GOLDEN)
    ids = {q.id for q in questions}
    assert len(questions) >= 50 and len(ids) == len(questions)
    assert sum(1 for q in questions if q.kind == "not-in-corpus") >= 8
    assert {q.kind for q in questions} == set(KINDS)
    names = {p.name for p in SAMPLE_DOCS.iterdir()}
    for q in questions:
        assert (q.source_file is None) == (q.kind == "not-in-corpus"), q.id
        assert q.source_file is None or q.source_file in names, q.id
        assert q.follows is None or q.follows in ids, q.id


def test_answerable_questions_find_their_document(sample_engine):
    result = run_golden(sample_engine, load_golden(GOLDEN))
    assert result["recall@5"] >= 0.95, result["misses"]
    assert result["mrr@10"] >= 0.85
    assert all(kind["recall@5"] >= 0.85 for kind in result["by_kind"].values()), result["by_kind"]
