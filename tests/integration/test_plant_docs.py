"""Real public plant manuals and procedures (../shared/benchmarks/plant-docs): answers with the
shipped default threshold (no calibrate), judged on questions written from reading them.

The documents are evaluation material under their own licences (SOURCES.md there): they are
read from ../shared and never copied into the repository."""

from __future__ import annotations

import pytest

from operator_assistant.core.assistant import open_assistant
from operator_assistant.core.evaluation import load_golden, run_answers
from tests.conftest import REPO
from tests.integration.conftest import make_engine

PLANT_DOCS = REPO.parent / "shared" / "benchmarks" / "plant-docs" / "docs"
QUESTIONS = REPO / "tests" / "data" / "plant_docs_golden.jsonl"

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    not PLANT_DOCS.is_dir(), reason=f"the real plant documents are not at {PLANT_DOCS} (they live in ../shared, beside the checkout)")]


@pytest.fixture(scope="module")
def plant_engine(tmp_path_factory, embedder):
    engine = make_engine(tmp_path_factory.mktemp("plant-docs"), embedder)
    report = engine.ingest([PLANT_DOCS])
    # the one image-only scan is refused with its reason; every other document is indexed
    assert [r.source.rsplit("/", 1)[-1] for r in report.failed] == ["eurotherm-tc3001-profibus-manual-scanned.pdf"]
    yield engine
    engine.close()


def test_the_question_file_names_real_documents():
    questions = load_golden(QUESTIONS)
    names = {p.name for p in PLANT_DOCS.iterdir()}
    assert len(questions) >= 40 and sum(q.kind == "not-in-corpus" for q in questions) >= 5
    assert all(q.source_file is None or q.source_file in names for q in questions)


def test_answers_on_real_documents_with_the_default_threshold(plant_engine):
    assistant = open_assistant(plant_engine)
    assert assistant.threshold() == (assistant.policy.default_threshold, False)  # never calibrated here
    result = run_answers(assistant, load_golden(QUESTIONS), mode="card")
    # never a value on screen that the cited text does not hold
    assert result["shown_unsupported_values"] == 0, [r["unsupported"] for r in result["rows"] if r["unsupported"]]
    assert result["refused_answerable"] <= 0.10 and result["refused_not_in_corpus"] >= 0.80, result
    assert result["citation_accuracy"] >= 0.9
    # measured 0.62 (BENCHMARKS.md "Real plant documents"), the first target 0.60;
    # the floor leaves two questions of room for the machine's arithmetic and the PDF libraries
    assert result["answer_correct"] >= 0.57, result["answer_correct"]
