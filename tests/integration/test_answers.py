"""Grounded answers with the real bundled GGUF model on the sample corpus."""

import time
from pathlib import Path

import pytest

from operator_assistant.core.assistant import (QUOTE_LEAD, Answered, Assistant, SourcesFound, TextGenerated, Turn,
                                                open_assistant)
from operator_assistant.core.llm.prompts import REFUSAL
from operator_assistant.core.retrieval.rerank import NoReranker


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


def test_answer_ends_with_the_source_sentence_quoted_verbatim(assistant):
    _, answer = ask(assistant, "When is the weekly generator exercise and how long does it run?")
    assert answer.quote and answer.text.endswith(f'"{answer.quote}"')
    # the marker in front of the quote names a cited passage that holds the sentence word for word
    number = int(answer.text.rsplit(f"{QUOTE_LEAD} [", 1)[1].split("]", 1)[0])
    cited = next(c for c in answer.citations if c.number == number)
    assert answer.quote in " ".join(cited.text.split())
    assert Path(cited.source).name == "emergency-generator-operation.docx"
    assert "Tuesday" in answer.quote


class ScriptedModel:
    """Writes a fixed text, to see what the assistant does with a given model answer."""

    model_id = "scripted"
    context_size = 2048

    def __init__(self, text):
        self.text = text

    def count_tokens(self, text):
        return len(text.split()) * 2

    def stream(self, messages, max_tokens, temperature, cancel=None):
        for word in self.text.split(" "):
            yield word + " "


def test_the_quote_is_left_out_when_the_model_already_copied_that_sentence(sample_engine):
    question = "When is the weekly generator exercise and how long does it run?"
    wrong = Assistant(sample_engine, NoReranker(), lambda: ScriptedModel("It runs every Friday for 2 hours."))
    _, answer = ask(wrong, question)
    assert answer.quote and QUOTE_LEAD in answer.text and "Tuesday" in answer.text
    assert [c.number for c in answer.citations] == list(range(1, len(answer.citations) + 1))
    assert {claim.text for claim in answer.unverified} >= {"2 hours"}  # the model's words stay flagged

    copied = Assistant(sample_engine, NoReranker(), lambda: ScriptedModel(answer.quote + " [1]"))
    _, again = ask(copied, question)
    assert not again.quote and QUOTE_LEAD not in again.text and "Tuesday" in again.text


def test_question_the_documents_do_not_answer_is_refused_without_the_model(sample_engine):
    fresh = open_assistant(sample_engine)
    events, answer = ask(fresh, "What is the overtime pay rate for operators who work a public holiday?")
    assert answer.refused and answer.text == REFUSAL
    assert answer.closest and not answer.citations
    assert not any(isinstance(e, TextGenerated) for e in events)
    assert fresh._llm is None, "the language model was not even loaded"


def test_question_about_something_no_document_mentions_is_refused_and_says_what(sample_engine):
    # "fluoride dose setpoint" reads close to the hypochlorite dose section; the subject word
    # itself is in no document, and the refusal names it
    fresh = open_assistant(sample_engine)
    question = "What is the fluoride dose setpoint at the plant?"
    _, answer = ask(fresh, question)
    assert answer.refused and answer.unfamiliar == ["fluoride"]
    assert fresh._llm is None
    ranked, evidence, _ = fresh.retrieve("What is the hypochlorite dose setpoint at the plant?")
    assert fresh.unfamiliar("What is the hypochlorite dose setpoint at the plant?") == []
    assert evidence > answer.evidence


def test_follow_up_is_searched_with_the_previous_question(assistant):
    first = "What is the high discharge pressure alarm setpoint for booster pump B-2?"
    events, answer = ask(assistant, "And for the A-series? Same thing for A-2 at the intake.",
                         [Turn(first, "118 psi [1].")])
    # read with the question before it, whose "B-2" gives way to the "A-2" named now
    assert answer.search_query.startswith("What is the high discharge pressure alarm setpoint for booster pump")
    assert "B-2" not in answer.search_query and answer.search_query.endswith("A-2 at the intake.")
    assert Path(events[0].sources[0].source).name == "raw-water-intake-station-a-om-manual.pdf"
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
