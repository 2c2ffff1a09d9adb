"""Grounded answers with the real bundled GGUF model on the sample corpus."""

import time
from pathlib import Path

import pytest

from operator_assistant.core.assistant import Answered, SourcesFound, TextGenerated, Turn, open_assistant
from operator_assistant.core.llm.prompts import REFUSAL


@pytest.fixture(scope="module")
def assistant(sample_engine):
    return open_assistant(sample_engine)


def ask(assistant, question, history=(), cancel=None):
    events = list(assistant.ask(question, history, cancel=cancel, temperature=0.0))
    answer = next(e.answer for e in events if isinstance(e, Answered))
    return events, answer


def test_answer_streams_and_cites_the_expected_document(assistant):
    events, answer = ask(assistant, "What is the high discharge pressure alarm setpoint for booster pump B-2?")
    assert isinstance(events[0], SourcesFound)
    assert Path(events[0].sources[0].source).name == "booster-station-b-om-manual.pdf"
    assert sum(isinstance(e, TextGenerated) for e in events) > 3  # streamed piece by piece
    assert not answer.refused and answer.citations
    assert "booster-station-b-om-manual.pdf" in {Path(c.source).name for c in answer.citations}
    for c in answer.citations:  # every citation carries its location, and numbering is 1..n
        assert c.document and c.section and c.end > c.start and c.text
    assert [c.number for c in answer.citations] == list(range(1, len(answer.citations) + 1))
    for claim in answer.unverified:
        assert answer.text[claim.start:claim.end] == claim.text
    assert answer.timings["first_token_ms"] > 0 and answer.timings["total_ms"] >= answer.timings["first_token_ms"]


def test_question_the_documents_do_not_answer_is_refused_without_the_model(sample_engine):
    fresh = open_assistant(sample_engine)
    events, answer = ask(fresh, "What is the overtime pay rate for operators who work a public holiday?")
    assert answer.refused and answer.text == REFUSAL
    assert answer.closest and not answer.citations
    assert not any(isinstance(e, TextGenerated) for e in events)
    assert fresh._llm is None, "the language model was not even loaded"


def test_follow_up_is_searched_with_the_previous_question(assistant):
    first = "What is the high discharge pressure alarm setpoint for booster pump B-2?"
    _, answer = ask(assistant, "And for the A-series? Same thing for A-2 at the intake.", [Turn(first, "118 psi [1].")])
    assert answer.search_query.startswith(first)
    assert not answer.refused


def test_cancel_stops_generation_between_tokens(assistant):
    seen = []

    def cancel() -> bool:
        return len(seen) >= 3

    started = time.perf_counter()
    cancelled_at = None
    answer = None
    for event in assistant.ask("How do I switch the hypochlorite feed over to the other bulk tank?", cancel=cancel,
                               temperature=0.0):
        if isinstance(event, TextGenerated):
            seen.append(event.text)
            if len(seen) == 3:
                cancelled_at = time.perf_counter()
        elif isinstance(event, Answered):
            answer = event.answer
    assert cancelled_at is not None and answer is not None and answer.cancelled
    assert len(seen) == 3
    assert time.perf_counter() - cancelled_at < 2.0  # the citation check runs, no more tokens
    assert time.perf_counter() - started < 60


def test_short_passage_is_read_with_its_section(tmp_path, embedder):
    from operator_assistant.core.assistant import Assistant, Source
    from operator_assistant.core.retrieval.rerank import NoReranker
    from tests.integration.conftest import make_engine

    steps = " ".join(f"Step {i}: open drain valve DV-{100 + i} and wait {i} minutes for the sump to settle." for i in range(18))
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "sump.md").write_text(f"# Sump Manual\n\n## Draining\n\n{steps}\n\n## Other\n\nUnrelated text.\n", encoding="utf-8")
    engine = make_engine(tmp_path / "data", embedder)
    engine.ingest([docs])
    chunks = sorted((c for c in engine.store.manifest.chunks(
        cid for cid, *_ in engine.store.manifest.lexical_rows()).values() if "Draining" in c.section),
        key=lambda c: c.start)
    assert len(chunks) >= 2 and len(chunks[-1].text) < 600
    last = chunks[-1]
    source = Source(1, last.chunk_id, "Sump Manual", str(docs / "sump.md"), last.section, last.pages, last.start,
                    last.end, last.text, 0.0)
    assistant = Assistant(engine, NoReranker(), lambda: None)
    assert assistant._read_big(source) == steps  # the whole section, stitched from overlapping chunks
    long_source = Source(1, chunks[0].chunk_id, "Sump Manual", "", chunks[0].section, (), chunks[0].start,
                         chunks[0].end, chunks[0].text, 0.0)
    assert assistant._read_big(long_source) == chunks[0].text  # long passages are read as they are
