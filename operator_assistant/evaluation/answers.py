"""Answers end to end: every golden question asked through the assistant and scored on what the
operator reads first (keywords shown, the document cited, values shown that no cited passage holds)."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from operator_assistant.evaluation.golden import KINDS, SPLITS, GoldenQuestion
from operator_assistant.evaluation.metrics import Latency, percentile

if TYPE_CHECKING:  # annotations only: the answer side is imported where it runs
    from operator_assistant.core.answer.records import Answer
    from operator_assistant.core.assistant import Assistant


def _keyword_share(q: GoldenQuestion, text: str) -> float | None:
    if not (q.answer_keywords and q.source_file):
        return None
    folded = " ".join(text.split()).casefold()
    return sum(1 for k in q.answer_keywords if " ".join(k.split()).casefold() in folded) / len(q.answer_keywords)


def unsupported_values(answer: Answer) -> list[str]:
    """Numbers and identifiers shown before the source list that are in none of the cited passages
    (their text, and their document titles and section names, which the card shows as its heading)."""
    from operator_assistant.core.answer.claims import MARKER, claims_in, is_verified, passage_facts

    if answer.refused:
        return []
    from operator_assistant.core.answer.wording import card_facts

    cited = "\n".join(f"{c.document}\n{' '.join(c.section)}\n{c.text}" for c in answer.citations)
    facts = passage_facts(cited)
    if answer.card is not None:  # a table cell's unit may stand in the row's Unit column ("118" ... "psi")
        facts |= card_facts(answer.card)
    shown = MARKER.sub(" ", answer.text)
    return [shown[s:e] for kind, value, s, e in claims_in(shown) if not is_verified(kind, value, facts)]


def _words_shown(text: str) -> int:
    from operator_assistant.core.answer.claims import MARKER

    return len([w for w in MARKER.sub(" ", text).replace("|", " ").split() if any(c.isalnum() for c in w)])


@dataclass(frozen=True)
class AnswerRow:
    """What the operator read for one golden question, and how it scored."""

    id: str
    kind: str
    answerable: bool
    refused: bool
    answer_correct: bool  # answerable, answered, every answer keyword shown
    cited_expected: bool  # answerable and the question's document among the sources
    keywords: float | None  # share of the answer keywords shown; None without keywords or a document
    card: str | None  # the card's kind, None when no card was shown
    wording_shown: bool
    wording_note: str
    unsupported: tuple[str, ...]  # values shown that no cited passage holds
    words: int
    claims: int
    evidence: float
    card_ms: float | None
    first_token_ms: float | None
    total_ms: float | None
    retrieve_rerank_ms: float
    answer: str
    cited: tuple[str, ...]  # file names, in citation order
    split: str = ""
    refusal_reason: str = ""

    @property
    def said_not_listed(self) -> bool:
        return self.refused and "is not listed in" in self.refusal_reason

    def to_json(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True)
class WordsShown:
    mean: float
    p95: float

    def to_json(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True)
class AnswerMetrics:
    """Scores over some answers. A rate over answerable or not-in-corpus questions is None when
    there are none (and left out of the JSON); so is words_shown when every answer was a refusal."""

    questions: int
    answer_correct: float | None
    citation_accuracy: float | None
    keyword_hit_rate: float | None
    refused_answerable: float | None
    refused_not_in_corpus: float | None
    shown_unsupported_values: int
    words_shown: WordsShown | None

    @classmethod
    def of(cls, rows: Sequence[AnswerRow]) -> AnswerMetrics:
        ans = [r for r in rows if r.answerable]
        una = [r for r in rows if not r.answerable]
        words = [r.words for r in rows if not r.refused]

        def share(flags: Sequence[bool]) -> float | None:
            return round(sum(flags) / len(flags), 4) if flags else None

        return cls(
            questions=len(rows),
            answer_correct=share([r.answer_correct for r in ans]),
            citation_accuracy=share([r.cited_expected for r in ans]),
            keyword_hit_rate=round(statistics.fmean(r.keywords or 0.0 for r in ans), 4) if ans else None,
            refused_answerable=share([r.refused for r in ans]),
            refused_not_in_corpus=share([r.refused for r in una]),
            shown_unsupported_values=sum(len(r.unsupported) for r in rows),
            words_shown=WordsShown(round(statistics.fmean(words), 1), percentile(words, 95)) if words else None,
        )

    def to_json(self) -> dict[str, object]:
        rates = {"answer_correct": self.answer_correct, "citation_accuracy": self.citation_accuracy,
                 "keyword_hit_rate": self.keyword_hit_rate, "refused_answerable": self.refused_answerable,
                 "refused_not_in_corpus": self.refused_not_in_corpus}
        out: dict[str, object] = {"questions": self.questions, **{k: v for k, v in rates.items() if v is not None},
                                  "shown_unsupported_values": self.shown_unsupported_values}
        if self.words_shown is not None:
            out["words_shown"] = self.words_shown.to_json()
        return out


@dataclass(frozen=True)
class AnswerLatency:
    card: Latency
    first_token: Latency  # answers where the model wrote something
    total: Latency
    retrieve_rerank: Latency

    def to_json(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True)
class AnswersEval:
    """Answers to the golden set end to end: the totals, the same per question kind, latencies, every row."""

    overall: AnswerMetrics
    answerable: int
    not_in_corpus: int
    # number and identifier questions: the ones where a wrong figure does harm (None: there are none)
    answer_correct_number_identifier: float | None
    words_shown_non_procedure_mean: float
    cards: dict[str, int]  # answers shown per card kind
    wording_shown: int
    wording_left_out: int
    by_kind: dict[str, AnswerMetrics]
    latency: AnswerLatency
    rows: tuple[AnswerRow, ...]
    # the same per half of a split set ({} where the set has no split), overall and per kind
    by_split: dict[str, AnswerMetrics] = field(default_factory=dict)
    by_split_kind: dict[str, dict[str, AnswerMetrics]] = field(default_factory=dict)
    # not-listed questions answered "... is not listed in <table>", and how many there were
    not_listed_said: int = 0
    not_listed: int = 0

    @classmethod
    def of(cls, rows: Sequence[AnswerRow]) -> AnswersEval:
        ans = [r for r in rows if r.answerable]
        shown = [r for r in rows if not r.refused]
        non_procedure = [r.words for r in shown if r.card != "procedure"]
        harmful = [r.answer_correct for r in ans if r.kind in ("number", "identifier")]
        return cls(
            overall=AnswerMetrics.of(rows),
            answerable=len(ans),
            not_in_corpus=len(rows) - len(ans),
            answer_correct_number_identifier=round(statistics.fmean(harmful), 4) if harmful else None,
            words_shown_non_procedure_mean=round(statistics.fmean(non_procedure), 1) if non_procedure else 0.0,
            cards={kind: sum(1 for r in shown if r.card == kind) for kind in ("table", "procedure", "sentences")},
            wording_shown=sum(r.wording_shown for r in shown),
            wording_left_out=sum(1 for r in shown if r.wording_note),
            by_kind={kind: AnswerMetrics.of([r for r in rows if r.kind == kind])
                     for kind in KINDS if any(r.kind == kind for r in rows)},
            latency=AnswerLatency(
                card=Latency.of([r.card_ms for r in rows if r.card_ms is not None]),
                first_token=Latency.of([r.first_token_ms for r in rows if r.first_token_ms]),
                total=Latency.of([r.total_ms for r in rows if r.total_ms]),
                retrieve_rerank=Latency.of([r.retrieve_rerank_ms for r in rows]),
            ),
            rows=tuple(rows),
            by_split={split: AnswerMetrics.of([r for r in rows if r.split == split])
                      for split in SPLITS if any(r.split == split for r in rows)},
            by_split_kind={split: {kind: AnswerMetrics.of([r for r in rows if r.split == split and r.kind == kind])
                                   for kind in KINDS if any(r.split == split and r.kind == kind for r in rows)}
                           for split in SPLITS if any(r.split == split for r in rows)},
            not_listed_said=sum(r.said_not_listed for r in rows if r.kind == "not-listed"),
            not_listed=sum(1 for r in rows if r.kind == "not-listed"),
        )

    def to_json(self) -> dict[str, object]:
        # the key names are the CLI's --json contract (scripts and BENCHMARKS.md read them)
        return {**self.overall.to_json(), "answerable": self.answerable, "not_in_corpus": self.not_in_corpus,
                "answer_correct_number_identifier": self.answer_correct_number_identifier,
                "words_shown_non_procedure_mean": self.words_shown_non_procedure_mean, "cards": dict(self.cards),
                "wording_shown": self.wording_shown, "wording_left_out": self.wording_left_out,
                "by_kind": {kind: m.to_json() for kind, m in self.by_kind.items()},
                **({"by_split": {split: {**m.to_json(), "by_kind": {k: v.to_json()
                                                                     for k, v in self.by_split_kind[split].items()}}
                                 for split, m in self.by_split.items()}} if self.by_split else {}),
                **({"not_listed_said": self.not_listed_said, "not_listed": self.not_listed} if self.not_listed else {}),
                "latency": self.latency.to_json(), "rows": [r.to_json() for r in self.rows]}


def run_answers(assistant: Assistant, questions: list[GoldenQuestion], temperature: float = 0.0, mode: str | None = None,
                progress: Callable[[int, int], None] | None = None) -> AnswersEval:
    """Ask every question (follow-ups after the question they follow) and score what the operator reads."""
    from operator_assistant.core.assistant import Answered, CardReady, Turn

    by_id = {q.id: q for q in questions}
    answers: dict[str, Answer] = {}
    rows = []
    for n, q in enumerate(questions):
        history = []
        if q.follows in by_id and q.follows in answers:
            history = [Turn(by_id[q.follows].question, answers[q.follows].text)]
        answer, card_kind = None, None
        for event in assistant.ask(q.question, history, temperature=temperature, mode=mode):
            if isinstance(event, CardReady):
                card_kind = event.card.kind
            elif isinstance(event, Answered):
                answer = event.answer
        assert answer is not None
        answers[q.id] = answer
        cited = tuple(Path(c.source).name for c in answer.citations)
        keywords = _keyword_share(q, answer.text)
        rows.append(AnswerRow(
            id=q.id, kind=q.kind, answerable=bool(q.source_file), refused=answer.refused,
            answer_correct=bool(q.source_file) and not answer.refused and keywords == 1.0,
            cited_expected=bool(q.source_file) and q.source_file in cited,
            keywords=keywords, card=card_kind, wording_shown=bool(answer.wording),
            wording_note=answer.wording_note, unsupported=tuple(unsupported_values(answer)),
            words=_words_shown(answer.text), claims=answer.claims, evidence=round(answer.evidence, 4),
            card_ms=answer.timings.get("card_ms"), first_token_ms=answer.timings.get("first_token_ms") or None,
            total_ms=answer.timings.get("total_ms"),
            retrieve_rerank_ms=answer.timings.get("retrieve_ms", 0) + answer.timings.get("rerank_ms", 0),
            answer=answer.text, cited=cited, split=q.split, refusal_reason=answer.refusal_reason,
        ))
        if progress is not None:
            progress(n + 1, len(questions))
    return AnswersEval.of(rows)
