"""Real public plant manuals and procedures (../shared/benchmarks/plant-docs): answers with the
shipped default threshold (no calibrate), judged on questions written from reading them.

The documents are evaluation material under their own licences (SOURCES.md there): they are
read from ../shared and never copied into the repository."""

from __future__ import annotations

import json

import pytest

from operator_assistant.core.assistant import open_assistant
from operator_assistant.core.locations import SECTION_CHARS, section_label
from operator_assistant.evaluation.answers import run_answers
from operator_assistant.evaluation.golden import load_golden, run_golden
from tests.conftest import REPO
from tests.support.engines import assert_floors, assert_split_by_document, make_engine

PLANT_DOCS = REPO.parent / "shared" / "benchmarks" / "plant-docs" / "docs"
QUESTIONS = REPO / "tests" / "data" / "plant_docs_golden.jsonl"
FRESH = REPO / "tests" / "data" / "plant_docs_fresh_a.jsonl"  # issue 25: written blind to the code, split by document
FRESH_C = REPO / "tests" / "data" / "plant_docs_fresh_c.jsonl"  # a third set, written blind to the code
FRESH_E = REPO / "tests" / "data" / "plant_docs_fresh_e.jsonl"  # a fifth, written blind to code and results

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    not PLANT_DOCS.is_dir(),
    reason=f"the real plant documents are not at {PLANT_DOCS} (they live in ../shared, beside the checkout)")]


@pytest.fixture(scope="module")
def plant_engine(tmp_path_factory, embedder):
    engine = make_engine(tmp_path_factory.mktemp("plant-docs"), embedder)
    report = engine.ingest([PLANT_DOCS])
    assert not report.failed, report.failed  # the image-only scan too: read by OCR
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
    total = result.overall
    # never a value on screen that the cited text does not hold
    assert total.shown_unsupported_values == 0, [r.unsupported for r in result.rows if r.unsupported]
    assert total.refused_answerable is not None and total.refused_not_in_corpus is not None
    assert total.refused_answerable <= 0.10 and total.refused_not_in_corpus >= 0.80, total
    assert total.citation_accuracy is not None and total.citation_accuracy >= 0.9
    # measured 0.66 (BENCHMARKS.md "Real plant documents"), issue 11's target 0.60;
    # the floor leaves two questions of room for the machine's arithmetic and the PDF libraries
    assert total.answer_correct is not None and total.answer_correct >= 0.62, total.answer_correct


def test_real_documents_have_a_structure_a_person_accepts(plant_engine):
    # issue 12: the section a question's answer sits in is among the first five passages
    # (measured 0.81 of 47, 0.88 of the 43 whose answer is under a heading), and no path shown
    # with a citation runs past 120 characters
    result = run_golden(plant_engine, load_golden(QUESTIONS))
    assert result.k == 5 and result.section_recall >= 0.78, result.section_recall
    scan = next(d for d in plant_engine.store.manifest.documents()
                if d.source.endswith("eurotherm-tc3001-profibus-manual-scanned.pdf"))
    assert scan.ocr_pages == 43 and scan.ocr_confidence is not None and scan.ocr_confidence > 0.9
    rows = plant_engine.store.manifest.db.execute("SELECT c.section, d.title FROM chunks c JOIN documents d USING (doc_id)")
    shown = [section_label(json.loads(section), title) for section, title in rows]
    assert len(shown) > 3000 and max(map(len, shown)) <= SECTION_CHARS


def test_fresh_questions_are_split_by_whole_documents_and_name_real_ones():
    assert_split_by_document(load_golden(FRESH), {p.name for p in PLANT_DOCS.iterdir()})


def test_fresh_questions_hold_their_floors_on_both_halves(plant_engine):
    # measured 0.550 (tune) and 0.571 (confirm), BENCHMARKS.md "Issue 25, point 3"; floors three questions below
    result = run_answers(open_assistant(plant_engine), load_golden(FRESH), mode="card")
    assert_floors(result, 0.50, 0.46)
    # a section no document has ("§7612" of the regulations) is refused and named
    rows = {r.id: r for r in result.rows}
    assert rows["fa-098"].refused and "7612" in rows["fa-098"].refusal_reason


def test_third_fresh_questions_are_split_by_whole_documents_and_name_real_ones():
    assert_split_by_document(load_golden(FRESH_C), {p.name for p in PLANT_DOCS.iterdir()})


def test_third_fresh_questions_hold_their_floors_on_both_halves(plant_engine):
    # measured at their first run, before any code was changed for them: 0.552 (tune) and 0.667 (confirm), BENCHMARKS.md
    # "Issue 25: a third set of questions nobody tuned for"; 0.724 and 0.667 since "Issues 24 and 25: the words'
    # best passage ..." (2026-12-05, evening); floors three questions below
    result = run_answers(open_assistant(plant_engine), load_golden(FRESH_C), mode="card")
    assert_floors(result, 0.62, 0.52)
    # 8 of its 9 questions not in the documents refused since "Issues 24, 25 and 28: a figure in the unit asked"
    # (2026-12-05, late); the floor one question below
    assert result.overall.refused_not_in_corpus is not None and result.overall.refused_not_in_corpus >= 0.77


def test_fifth_set_questions_are_split_by_whole_documents_and_name_real_ones():
    assert_split_by_document(load_golden(FRESH_E), {p.name for p in PLANT_DOCS.iterdir()}, least=30)


def test_fifth_set_questions_hold_their_floors_on_both_halves(plant_engine):
    # measured at their first run, before any code was changed for them: 0.600 (tune, 9 of 15) and 0.333
    # (confirm, 4 of 12), BENCHMARKS.md "A fifth set written blind ..." (2026-12-07); floors two questions below
    assert_floors(run_answers(open_assistant(plant_engine), load_golden(FRESH_E), mode="card"), 0.46, 0.16)


PROBES = REPO / "tests" / "data" / "plant_docs_probes.jsonl"  # asked in the CLI of tune documents


def test_a_limit_is_read_from_the_table_whose_row_and_column_the_question_names(plant_engine):
    # "the maximum contaminant level for nitrate" had shown a points table's "0", "the MCL for arsenic" a report
    # sentence's 0.005 mg/L (BENCHMARKS.md "A rating in its unit ..."); each now shows Table 64431-A's row
    result = run_answers(open_assistant(plant_engine), load_golden(PROBES), mode="card")
    wrong = [(r.id, r.answer[:120]) for r in result.rows if not r.answer_correct]
    assert not wrong, wrong
