"""Golden question files (the project's and the real-document sets) and retrieval scored on them.

The file format is read by calibration too (the command line's and the server's `calibrate`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from operator_assistant.core.engine import Engine
from operator_assistant.core.index.manifest import ChunkRecord
from operator_assistant.errors import UserError
from operator_assistant.evaluation.metrics import Latency

if TYPE_CHECKING:
    from operator_assistant.core.retrieval.retriever import SearchHit



# "code": names a code, alarm, parameter, register or MIB object; "symptom": describes what is wrong and asks for
# causes or remedies; "reference": names a numbered section or paragraph ("§7605(f)", "section 7.1");
# "not-listed": names a key of a real table's family that the table does not hold (not answerable).
KINDS = ("fact", "number", "identifier", "procedure", "paraphrase", "follow-up", "code", "symptom", "reference",
         "not-listed", "not-in-corpus")
# The halves of a real-document set, by whole documents: rules are fitted on "tune", judged on "confirm".
SPLITS = ("tune", "confirm")


@dataclass(frozen=True)
class GoldenQuestion:
    id: str
    question: str
    kind: str
    source_file: str | None
    section: str | None
    answer_keywords: tuple[str, ...]
    follows: str | None
    split: str = ""  # "tune" or "confirm" in a real-document set; "" where the set is not split


def load_golden(path: Path) -> list[GoldenQuestion]:
    questions: list[GoldenQuestion] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            q = GoldenQuestion(str(row["id"]), row["question"], row["kind"], row.get("source_file"),
                               row.get("section"), tuple(row.get("answer_keywords") or ()), row.get("follows"),
                               row.get("split") or "")
        except (ValueError, KeyError, TypeError) as exc:
            raise UserError(f"{path}:{n}: not a golden question ({exc})") from exc
        if q.kind not in KINDS:
            raise UserError(f"{path}:{n}: unknown kind {q.kind!r}", f"kinds: {', '.join(KINDS)}")
        if q.split and q.split not in SPLITS:
            raise UserError(f"{path}:{n}: unknown split {q.split!r}", f"splits: {', '.join(SPLITS)}")
        questions.append(q)
    return questions


def retrieval_query(question: GoldenQuestion, by_id: dict[str, GoldenQuestion]) -> str:
    """What the app searches for: a follow-up with the question it follows (the app's own rule)."""
    from operator_assistant.core.answer.followup import search_query

    previous = by_id.get(question.follows) if question.follows else None
    return search_query(question.question, previous.question if previous else None)


@dataclass(frozen=True)
class GoldenRow:
    """Where one golden question's document ranked. The rank fields are None for a not-in-corpus
    question (and left out of its JSON); for an answerable one, a rank of None means not found."""

    id: str
    kind: str
    top_file: str | None
    top_score: float
    answerable: bool
    rank: int | None = None  # of the question's document, by its best passage
    section_rank: int | None = None  # of the first passage from the question's section
    keywords_in_top: float | None = None  # share of the answer keywords in the first k passages

    def found(self, k: int) -> bool:
        return self.rank is not None and self.rank <= k

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"id": self.id, "kind": self.kind, "top_file": self.top_file,
                                  "top_score": self.top_score}
        if self.answerable:
            out.update(rank=self.rank, section_rank=self.section_rank, keywords_in_top=self.keywords_in_top)
        return out


@dataclass(frozen=True)
class KindRecall:
    questions: int  # answerable questions of this kind
    recall: float  # at the golden run's k


@dataclass(frozen=True)
class GoldenEval:
    """Retrieval on the golden set; the rates are over the answerable questions."""

    questions: int
    answerable: int
    not_in_corpus: int
    k: int
    recall: float  # the document among the first k
    recall_at_1: float
    mrr_at_10: float
    section_recall: float  # a passage from the question's section among the first k
    keywords_in_top: float  # mean share of the answer keywords in the first k passages
    by_kind: dict[str, KindRecall]
    latency: Latency
    rows: tuple[GoldenRow, ...]

    @property
    def misses(self) -> list[GoldenRow]:
        return [r for r in self.rows if r.answerable and not r.found(self.k)]

    def to_json(self, rows: bool = True) -> dict[str, object]:
        # the key names are the CLI's --json contract (scripts and BENCHMARKS.md read them)
        k = self.k
        out: dict[str, object] = {
            "questions": self.questions, "answerable": self.answerable, "not_in_corpus": self.not_in_corpus,
            f"recall@{k}": self.recall, "recall@1": self.recall_at_1, "mrr@10": self.mrr_at_10,
            f"section_recall@{k}": self.section_recall, f"keywords_in_top{k}": self.keywords_in_top,
            "by_kind": {kind: {"questions": m.questions, f"recall@{k}": m.recall} for kind, m in self.by_kind.items()},
            "latency": self.latency.to_json(),
            "misses": [r.to_json() for r in self.misses],
        }
        if rows:
            out["rows"] = [r.to_json() for r in self.rows]
        return out


def run_golden(engine: Engine, questions: list[GoldenQuestion], k: int = 5) -> GoldenEval:
    retriever = engine.retriever
    by_id = {q.id: q for q in questions}
    rows = []
    latencies = []
    for q in questions:
        result = retriever.search(retrieval_query(q, by_id), k=max(k, 10))
        latencies.append(result.timings_ms["total_ms"])
        files = [Path(h.document.source).name for h in result.hits]
        top_file = files[0] if files else None
        top_score = round(result.hits[0].score, 5) if result.hits else 0.0
        if not q.source_file:
            rows.append(GoldenRow(q.id, q.kind, top_file, top_score, answerable=False))
            continue
        source_file = q.source_file  # a local: the narrowing to str reaches into the generators below
        rank = next((i + 1 for i, f in enumerate(files) if f == source_file), None)
        section_rank = next((i + 1 for i, h in enumerate(result.hits) if h.document.source.endswith(source_file)
                             and q.section and _section_matches(h.chunk, q.section)), None)
        rows.append(GoldenRow(q.id, q.kind, top_file, top_score, answerable=True, rank=rank, section_rank=section_rank,
                              keywords_in_top=_keywords_found(q.answer_keywords, result.hits[:k])))
    ranked = [r for r in rows if r.answerable]
    by_kind: dict[str, KindRecall] = {}
    for kind in KINDS:
        kind_rows = [r for r in ranked if r.kind == kind]
        if kind_rows:
            by_kind[kind] = KindRecall(len(kind_rows), round(sum(1 for r in kind_rows if r.found(k)) / len(kind_rows), 4))
    n = len(ranked) or 1
    return GoldenEval(
        questions=len(questions),
        answerable=len(ranked),
        not_in_corpus=len(questions) - len(ranked),
        k=k,
        recall=round(sum(1 for r in ranked if r.found(k)) / n, 4),
        recall_at_1=round(sum(1 for r in ranked if r.rank == 1) / n, 4),
        mrr_at_10=round(sum(1 / r.rank for r in ranked if r.rank) / n, 4),
        section_recall=round(sum(1 for r in ranked if r.section_rank and r.section_rank <= k) / n, 4),
        keywords_in_top=round(sum(r.keywords_in_top or 0.0 for r in ranked) / n, 4),
        by_kind=by_kind,
        latency=Latency.of(latencies),
        rows=tuple(rows),
    )


def _section_matches(chunk: ChunkRecord, section: str) -> bool:
    wanted = section.casefold().strip()
    return any(wanted == s.casefold().strip() or wanted in s.casefold() for s in chunk.section)


def _keywords_found(keywords: Sequence[str], hits: Sequence[SearchHit]) -> float:
    if not keywords:
        return 1.0
    text = " ".join(h.chunk.text for h in hits).casefold()
    return sum(1 for kw in keywords if kw.casefold() in text) / len(keywords)


