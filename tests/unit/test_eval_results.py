"""Evaluation results are typed, and their JSON (what `eval golden|answers --json` prints) keeps its keys.

The key lists (tests/support/eval_keys.py) are those the two commands printed before the results became dataclasses
(commit d39abed, sample corpus); scripts and BENCHMARKS.md read them. The CLI's own keys
(index, reranker, threshold, mode) are checked in tests/integration/test_cli.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from operator_assistant.core.answer.records import Answer, Answered, Source
from operator_assistant.evaluation.answers import run_answers
from operator_assistant.evaluation.golden import GoldenQuestion, run_golden
from operator_assistant.evaluation.metrics import Latency
from tests.support.eval_keys import (
    ANSWERS_ANSWERABLE_KIND_KEYS,
    ANSWERS_KEYS,
    ANSWERS_ROW_KEYS,
    GOLDEN_KEYS,
    GOLDEN_KIND_KEYS,
    GOLDEN_NOT_IN_CORPUS_ROW_KEYS,
    GOLDEN_ROW_KEYS,
    LATENCY_KEYS,
)


def _hit(source: str, section: str, text: str, score: float) -> SimpleNamespace:
    return SimpleNamespace(document=SimpleNamespace(source=source), chunk=SimpleNamespace(section=(section,), text=text),
                           score=score)


def golden_setup() -> tuple[Any, list[GoldenQuestion]]:
    """A fake engine whose searches rank fixed passages, and questions that are found, missed and not in the corpus."""
    hits = {
        "What is the B-2 high alarm?": [_hit("/docs/booster.pdf", "Alarms", "B-2 high alarm 118 psi", 0.04)],
        "How is the filter backwashed?": [_hit(f"/docs/other-{i}.md", "Intro", "nothing useful", 0.03 - i / 1000)
                                          for i in range(6)] + [_hit("/docs/filter.md", "Backwash", "open valve", 0.01)],
        "Who won the football?": [_hit("/docs/booster.pdf", "Alarms", "B-2 high alarm 118 psi", 0.002)],
    }

    def search(query: str, k: int) -> SimpleNamespace:
        return SimpleNamespace(hits=hits[query][:k], timings_ms={"total_ms": 2.0 + len(query) / 10})

    engine = SimpleNamespace(retriever=SimpleNamespace(search=search))
    questions = [
        GoldenQuestion("g1", "What is the B-2 high alarm?", "number", "booster.pdf", "Alarms", ("118", "psi"), None),
        GoldenQuestion("g2", "How is the filter backwashed?", "procedure", "filter.md", "Backwash", ("valve",), None),
        GoldenQuestion("g3", "Who won the football?", "not-in-corpus", None, None, (), None),
    ]
    return engine, questions


def _source(file: str, text: str) -> Source:
    return Source(1, "c1", file, f"/docs/{file}", ("Alarms",), (1,), 0, len(text), text, 0.5)


class _FakeAssistant:
    """Answers from a table: the answer card's text and sources, or a refusal."""

    def __init__(self, answers: dict[str, Answer]) -> None:
        self.answers = answers

    def ask(self, question: str, history: list[Any], temperature: float = 0.0, mode: str | None = None) -> Iterator[Any]:
        yield Answered(self.answers[question])


def answers_setup() -> tuple[Any, list[GoldenQuestion]]:
    """Questions answered right, answered without a keyword, and refused, with timings like the app's."""
    timings = {"retrieve_ms": 40.0, "rerank_ms": 2.5, "card_ms": 50.0, "total_ms": 51.0}
    answers = {
        "What is the B-2 high alarm?": Answer(
            "What is the B-2 high alarm?", "q", "Alarms: [1]\nB-2 | 118 | psi", False,
            [_source("booster.pdf", "B-2 high alarm 118 psi")], evidence=0.61234, timings=timings),
        "What is the B-3 trip?": Answer(
            "What is the B-3 trip?", "q", "Alarms: [1]\nB-3 trips on high pressure", False,
            [_source("booster.pdf", "B-3 trips on high pressure")], evidence=0.5, timings=timings),
        "Who won the football?": Answer("Who won the football?", "q", "I don't have that information.", True, [],
                                        evidence=0.1, timings={"retrieve_ms": 30.0, "total_ms": 31.0}),
    }
    questions = [
        GoldenQuestion("a1", "What is the B-2 high alarm?", "number", "booster.pdf", "Alarms", ("118",), None),
        GoldenQuestion("a2", "What is the B-3 trip?", "identifier", "booster.pdf", "Alarms", ("127 psi",), None),
        GoldenQuestion("a3", "Who won the football?", "not-in-corpus", None, None, (), None),
    ]
    return _FakeAssistant(answers), questions


def _as_printed(value: dict[str, object]) -> Any:
    return json.loads(json.dumps(value))


def test_golden_json_keys_are_unchanged():
    engine, questions = golden_setup()
    result = run_golden(engine, questions)
    out = _as_printed(result.to_json(rows=False))
    assert list(out) == GOLDEN_KEYS
    assert list(result.to_json()) == [*GOLDEN_KEYS, "rows"]
    assert list(out["by_kind"]) == ["number", "procedure"]
    assert all(list(kind) == GOLDEN_KIND_KEYS for kind in out["by_kind"].values())
    assert list(out["latency"]) == LATENCY_KEYS
    rows = _as_printed(result.to_json())["rows"]
    assert [list(r) for r in rows] == [GOLDEN_ROW_KEYS, GOLDEN_ROW_KEYS, GOLDEN_NOT_IN_CORPUS_ROW_KEYS]
    assert [list(m) for m in out["misses"]] == [GOLDEN_ROW_KEYS]


def test_golden_figures():
    engine, questions = golden_setup()
    result = run_golden(engine, questions)
    assert (result.questions, result.answerable, result.not_in_corpus) == (3, 2, 1)
    assert result.recall == 0.5 and result.recall_at_1 == 0.5 and result.mrr_at_10 == round((1 + 1 / 7) / 2, 4)
    assert result.section_recall == 0.5 and result.keywords_in_top == 0.5
    assert [m.id for m in result.misses] == ["g2"] and result.misses[0].rank == 7
    assert result.by_kind["number"].recall == 1.0 and result.by_kind["procedure"].recall == 0.0
    assert "not-in-corpus" not in result.by_kind  # a kind counts only its answerable questions
    assert result.rows[2].rank is None and not result.rows[2].answerable
    assert _as_printed(result.to_json())["rows"][0] == {"id": "g1", "kind": "number", "top_file": "booster.pdf",
                                                        "top_score": 0.04, "rank": 1, "section_rank": 1,
                                                        "keywords_in_top": 1.0}


def test_answers_json_keys_are_unchanged():
    assistant, questions = answers_setup()
    out = _as_printed(run_answers(assistant, questions).to_json())
    assert list(out) == ANSWERS_KEYS
    by_kind = out["by_kind"]
    assert list(by_kind) == ["number", "identifier", "not-in-corpus"]
    assert list(by_kind["number"]) == ANSWERS_ANSWERABLE_KIND_KEYS
    # a kind of refusals only: no answerable rates, no words shown
    assert list(by_kind["not-in-corpus"]) == ["questions", "refused_not_in_corpus", "shown_unsupported_values"]
    latency = out["latency"]
    assert list(latency) == ["card", "first_token", "total", "retrieve_rerank"]
    assert all(list(v) == LATENCY_KEYS for v in latency.values())
    assert list(out["words_shown"]) == ["mean", "p95"]
    assert list(out["cards"]) == ["table", "procedure", "sentences"]
    assert all(list(r) == ANSWERS_ROW_KEYS for r in out["rows"])


def test_answers_figures():
    assistant, questions = answers_setup()
    result = run_answers(assistant, questions)
    total = result.overall
    assert total.questions == 3 and total.answer_correct == 0.5 and total.citation_accuracy == 1.0
    assert total.refused_answerable == 0.0 and total.refused_not_in_corpus == 1.0
    assert result.answer_correct_number_identifier == 0.5 and result.by_kind["not-in-corpus"].answer_correct is None
    first = result.rows[0]
    assert first.answer_correct and first.cited == ("booster.pdf",) and first.evidence == 0.6123
    assert first.retrieve_rerank_ms == 42.5 and first.first_token_ms is None
    row = _as_printed(result.to_json())["rows"][0]
    assert row["cited"] == ["booster.pdf"] and row["unsupported"] == [] and row["keywords"] == 1.0
    assert result.latency.retrieve_rerank == Latency.of([42.5, 42.5, 30.0])


def test_latency_of_no_timings_is_zero():
    assert Latency.of([]) == Latency(0.0, 0.0, 0.0)
    assert Latency.of([1.0, 2.0, 10.0]).to_json() == {"p50_ms": 2.0, "p95_ms": 10.0, "mean_ms": 4.3}


def test_a_split_set_reports_each_half_and_the_codes_said_not_listed():
    assistant, questions = answers_setup()
    assistant.answers["Is fault F10 listed?"] = Answer(
        "Is fault F10 listed?", "q", "I don't have that information.", True, [], evidence=0.2,
        timings={"retrieve_ms": 30.0, "total_ms": 31.0},
        refusal_reason="F10 is not listed in the table 'Faults' of Drive, which lists 9 entries from F1 to F9.")
    questions = [replace(questions[0], split="tune"), replace(questions[1], split="confirm"),
                 replace(questions[2], split="confirm"),
                 GoldenQuestion("a4", "Is fault F10 listed?", "not-listed", None, None, (), None, "tune")]
    result = run_answers(assistant, questions)
    assert result.by_split["tune"].answer_correct == 1.0 and result.by_split["confirm"].answer_correct == 0.0
    assert list(result.by_split_kind["tune"]) == ["number", "not-listed"]
    assert (result.not_listed_said, result.not_listed) == (1, 1)
    out = _as_printed(result.to_json())
    assert out["by_split"]["confirm"]["by_kind"]["not-in-corpus"]["refused_not_in_corpus"] == 1.0
    assert out["not_listed_said"] == 1 and out["rows"][3]["refusal_reason"].startswith("F10 is not listed")


def test_an_unsplit_set_keeps_its_json_as_before():
    assistant, questions = answers_setup()
    out = _as_printed(run_answers(assistant, questions).to_json())
    assert "by_split" not in out and "not_listed" not in out
