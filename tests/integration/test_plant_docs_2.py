"""Real vendor manuals, protocol specs and fault tables (../shared/benchmarks/plant-docs-2): code,
alarm, parameter and register lookups, troubleshooting symptoms, and codes no table lists, judged
on questions written from reading the documents, split by whole document into a tune and a
confirm half (BENCHMARKS.md "Issue 24: lookup entries").

The documents are evaluation material under their own licences (SOURCES.md there): they are read
from ../shared and never copied into the repository."""

from __future__ import annotations

from collections import defaultdict

import pytest

from operator_assistant.core.answer.lookup import named_keys
from operator_assistant.core.assistant import open_assistant
from operator_assistant.evaluation.answers import run_answers
from operator_assistant.evaluation.golden import load_golden
from tests.conftest import REPO
from tests.support.engines import ask, assert_floors, assert_split_by_document, make_engine

PLANT_DOCS_2 = REPO.parent / "shared" / "benchmarks" / "plant-docs-2" / "docs"
QUESTIONS = REPO / "tests" / "data" / "plant_docs_2_golden.jsonl"
FRESH = REPO / "tests" / "data" / "plant_docs_fresh_b.jsonl"  # issue 25: written blind to the code, split by document
FRESH_D = REPO / "tests" / "data" / "plant_docs_fresh_d.jsonl"  # a third set, written blind to the code
FRESH_E = REPO / "tests" / "data" / "plant_docs_2_fresh_e.jsonl"  # a fifth, written blind to code and results

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    not PLANT_DOCS_2.is_dir(),
    reason=f"the real plant documents are not at {PLANT_DOCS_2} (they live in ../shared, beside the checkout)")]


def test_the_questions_are_split_by_whole_documents_and_name_real_ones():
    questions = load_golden(QUESTIONS)
    names = {p.name for p in PLANT_DOCS_2.iterdir()}
    assert len(questions) >= 40 and len({q.id for q in questions}) == len(questions)
    splits = defaultdict(set)
    for q in questions:
        assert q.split in ("tune", "confirm"), q.id
        assert (q.source_file is None) == (q.kind in ("not-listed", "not-in-corpus")), q.id
        assert q.source_file is None or q.source_file in names, q.id
        if q.source_file:
            splits[q.source_file].add(q.split)
    assert all(len(s) == 1 for s in splits.values()), splits  # a document is in one half only
    for half in ("tune", "confirm"):
        kinds = {q.kind for q in questions if q.split == half}
        assert {"code", "symptom", "not-listed"} <= kinds, (half, kinds)


@pytest.mark.parametrize("name", ["cmmostc51lkp_overview.pdf", "content__8647444A.pdf"])
def test_each_character_of_a_real_manual_is_the_one_pdfium_highlights(name):
    # pdfium's text call leaves out a symbol font's control codes (111 of this controller manual's 136 pages) and
    # counts a formula's letters twice: each one had moved every highlight and table cell after it on its page
    import pypdfium2 as pdfium

    from operator_assistant.core.documents import load_document

    path = PLANT_DOCS_2 / name
    doc, pdf = load_document(path), pdfium.PdfDocument(str(path))
    checked = wrong = 0
    for n, start in enumerate(doc.page_starts):
        end = doc.page_starts[n + 1] if n + 1 < len(doc.page_starts) else len(doc.text)
        textpage = pdf[n].get_textpage()
        for offset in range(0, end - start, 7):
            index = doc.pdf_char(n, offset)
            char = doc.text[start + offset]
            if index >= 0 and char.isascii() and char.isalnum():
                checked += 1
                wrong += textpage.get_text_range(index, 1) != char
    # a word pdfium marks as broken at a line's end is read whole with its mark's place before it: one
    # character's slip inside that word, by design (core/documents/pdf.py `_line_end_hyphens`)
    assert checked > 1000 and wrong / checked < 0.01, (checked, wrong)


@pytest.fixture(scope="module")
def plant_engine(tmp_path_factory, embedder):
    engine = make_engine(tmp_path_factory.mktemp("plant-docs-2"), embedder)
    report = engine.ingest([PLANT_DOCS_2])
    assert not report.failed, report.failed
    yield engine
    engine.close()


def test_lookups_on_real_vendor_tables_hold_their_figures(plant_engine):
    assistant = open_assistant(plant_engine)
    result = run_answers(assistant, load_golden(QUESTIONS), mode="card")
    # never a value on screen that the cited text does not hold
    assert result.overall.shown_unsupported_values == 0, [r.unsupported for r in result.rows if r.unsupported]
    # measured 0.97 (tune) and 0.65 (confirm) on codes, 11 of 13 codes no table lists said so (2026-12-04);
    # floors leave about two questions of room for the machine's arithmetic and the PDF libraries
    tune, confirm = result.by_split_kind["tune"]["code"], result.by_split_kind["confirm"]["code"]
    assert tune.answer_correct is not None and tune.answer_correct >= 0.90, tune
    assert confirm.answer_correct is not None and confirm.answer_correct >= 0.55, confirm
    assert result.not_listed_said >= 9, [(r.id, r.refusal_reason) for r in result.rows if r.kind == "not-listed"]
    # a code asked for that no list holds is refused, never shown with another code's row ("error 1F" got 01h)
    shown = [(r.id, r.answer[:80]) for r in result.rows if r.kind == "not-listed" and not r.refused]
    assert not shown, shown
    # a code that is listed is never said to be "not listed"
    wrongly = [r.id for r in result.rows if r.kind == "code" and r.said_not_listed]
    assert not wrongly, wrongly
    # a code no document holds ("alarm A.710", "fault F0001") is refused, never answered with another's row
    questions = {q.id: q.question for q in load_golden(QUESTIONS)}
    coded = [r for r in result.rows if r.kind == "not-in-corpus" and any(
        any(c.isdigit() for c in k.text) and not (k.numeric or k.abbreviation) for k in named_keys(questions[r.id]))]
    assert len(coded) >= 2 and all(r.refused for r in coded), [(r.id, r.answer[:80]) for r in coded]


def test_a_code_not_listed_names_the_list_whole_whatever_family_the_question_gives(plant_engine):
    # the HY manual's function list runs over seven pages, some of which print "alarm" beside their rows: asked as
    # "parameter PD190" or as a bare "PD168", the reason counts the list as printed, and counts it the same
    assistant = open_assistant(plant_engine)
    # PD126, inside both the function list and a description list's range, is measured against the longer
    for question, code in (("HY inverter parameter PD190 - what does it set?", "PD190"),
                           ("HY VFD PD168: what is its setting range and default?", "PD168"),
                           ("What does parameter PD126 on the HY inverter set, and what's its factory setting?", "PD126")):
        answer = ask(assistant, question)
        assert answer.refused, answer.text
        assert answer.refusal_reason.startswith(f"{code} is not listed in the table 'VIII. Function List'"), \
            answer.refusal_reason
        assert "which lists 68 entries from PD000 to PD183" in answer.refusal_reason, answer.refusal_reason
    # the HDHK module's map is keyed by its decimal column; a register asked in hex is bounded in hex, and in
    # that module's map, not the SRNE charger's
    answer = ask(assistant, "HDHK module register 0045H - what does it hold?")
    assert answer.refused and "40A Multi-channel 16-channel AC current" in answer.refusal_reason, answer.refusal_reason
    assert answer.refusal_reason.endswith("which lists 56 entries from 0000H to 0037H."), answer.refusal_reason


def test_fresh_questions_are_split_by_whole_documents_and_name_real_ones():
    assert_split_by_document(load_golden(FRESH), {p.name for p in PLANT_DOCS_2.iterdir()})


def test_fresh_questions_hold_their_floors_on_both_halves(plant_engine):
    # measured 0.55 (tune) and 0.35 (confirm: documents no lookup rule was fitted to), BENCHMARKS.md
    # "Issue 24, continued"; floors three questions below
    assert_floors(run_answers(open_assistant(plant_engine), load_golden(FRESH), mode="card"), 0.50, 0.34)


@pytest.mark.parametrize(("question", "expected", "not_shown"), [
    # the generator manual's excitation matrix: MiniLM puts the symptom column asked for at 0.35-0.43, under
    # the cosine a symptom needs, but every other symptom of the manual 0.2 or more below it
    ("The generator won't build up any field when we start it. What should I check?",
     ("Malfunction during", "Demagnetized excitation magnet", "Carry out the field flushing."), "Speed variation"),
    ("The generator's field current has crept well above its normal value. What should we look at?",
     ("Increase in excitation", "Short circuit excitation system failure", "Faulty rotating rectifier"),
     "Field application failure"),
])
def test_a_symptom_that_stands_apart_from_the_rest_gets_its_matrix_rows(plant_engine, question, expected, not_shown):
    answer = ask(open_assistant(plant_engine), question)
    shown = answer.card.as_text()
    assert not answer.refused and all(words in shown for words in expected), shown
    assert not_shown not in shown, shown


def test_third_fresh_questions_are_split_by_whole_documents_and_name_real_ones():
    assert_split_by_document(load_golden(FRESH_D), {p.name for p in PLANT_DOCS_2.iterdir()})


def test_third_fresh_questions_hold_their_floors_on_both_halves(plant_engine):
    # measured at their first run, before any code was changed for them: 0.444 (tune) and 0.524 (confirm), BENCHMARKS.md
    # "Issue 25: a third set of questions nobody tuned for"; 0.593 and 0.619 since "Issues 24 and 25: the words'
    # best passage ..." (2026-12-05, evening); tune 0.667 (18 of 27) since "... table rows the layout wrapped ..."
    # (2026-12-05, night); floors three questions below
    result = run_answers(open_assistant(plant_engine), load_golden(FRESH_D), mode="card")
    assert_floors(result, 0.55, 0.47)
    # 8 of its 10 questions not in the documents refused since "Issues 24, 25 and 28: a figure in the unit asked"
    # (2026-12-05, late); the floor one question below
    assert result.overall.refused_not_in_corpus is not None and result.overall.refused_not_in_corpus >= 0.7


def test_fifth_set_questions_are_split_by_whole_documents_and_name_real_ones():
    assert_split_by_document(load_golden(FRESH_E), {p.name for p in PLANT_DOCS_2.iterdir()}, least=30)


def test_fifth_set_questions_hold_their_floors_on_both_halves(plant_engine):
    # measured at their first run, before any code was changed for them: 0.562 (tune, 9 of 16) and 0.500
    # (confirm, 8 of 16), BENCHMARKS.md "A fifth set written blind ..." (2026-12-07); tune 0.625 since; floors two
    # questions below
    assert_floors(run_answers(open_assistant(plant_engine), load_golden(FRESH_E), mode="card"), 0.5, 0.375)


RATINGS = REPO / "tests" / "data" / "plant_docs_ratings.jsonl"  # ratings asked of the tune documents


def test_a_rating_is_shown_in_its_unit_or_refused(plant_engine):
    # written in the CLI before the rating check (BENCHMARKS.md "A rating in its unit"): of four ratings no document
    # gives, three were shown a share ("10% rated voltage", "57% of normal voltage") or a sentence with no figure
    result = run_answers(open_assistant(plant_engine), load_golden(RATINGS), mode="card")
    refused = [r.id for r in result.rows if r.kind == "not-in-corpus" and r.refused]
    assert len(refused) == 4, [(r.id, r.answer[:80]) for r in result.rows if r.kind == "not-in-corpus"]
    # measured 6 of 8 answerable right, before and after; a share asked ("what percentage of line voltage") stays
    assert result.overall.answer_correct is not None and result.overall.answer_correct >= 0.75
    assert next(r for r in result.rows if r.id == "rt12").answer_correct
