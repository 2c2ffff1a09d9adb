"""Retrieval evaluation: BEIR-format test sets and the project's golden set.

Metrics follow the BEIR / trec_eval definitions: nDCG@k with graded gains and
log2 discount, Recall@k, and MRR@k (reciprocal rank of the first relevant hit).
It must not write into an operator's data folder: evaluations index into a scratch folder.
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from operator_assistant.core.documents.base import TEXT, Block, Document
from operator_assistant.core.engine import Engine
from operator_assistant.core.index.manifest import ChunkRecord
from operator_assistant.core.ingest import FileResult, Indexer, doc_id_for
from operator_assistant.errors import UserError

if TYPE_CHECKING:  # annotations only: the answer side is imported where it runs, as before
    from operator_assistant.core.answer.records import Answer
    from operator_assistant.core.assistant import Assistant
    from operator_assistant.core.retrieval.rerank import Reranker
    from operator_assistant.core.retrieval.retriever import SearchHit


def ndcg_at(ranked: Sequence[str], relevant: dict[str, int], k: int) -> float:
    dcg = sum(relevant.get(doc, 0) / math.log2(i + 2) for i, doc in enumerate(ranked[:k]))
    ideal = sorted(relevant.values(), reverse=True)[:k]
    idcg = sum(gain / math.log2(i + 2) for i, gain in enumerate(ideal))
    return dcg / idcg if idcg > 0 else 0.0


def recall_at(ranked: Sequence[str], relevant: dict[str, int], k: int) -> float:
    wanted = {doc for doc, gain in relevant.items() if gain > 0}
    return len(wanted & set(ranked[:k])) / len(wanted) if wanted else 0.0


def mrr_at(ranked: Sequence[str], relevant: dict[str, int], k: int) -> float:
    for i, doc in enumerate(ranked[:k]):
        if relevant.get(doc, 0) > 0:
            return 1.0 / (i + 1)
    return 0.0


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[index]


def summarize(runs: dict[str, list[str]], qrels: dict[str, dict[str, int]]) -> dict[str, float]:
    """Mean metrics over queries for one system's rankings {query id: ranked doc ids}."""
    out: dict[str, float] = {}
    for name, fn, k in (("ndcg@10", ndcg_at, 10), ("recall@10", recall_at, 10), ("recall@100", recall_at, 100),
                        ("mrr@10", mrr_at, 10)):
        values = [fn(runs[q], rel, k) for q, rel in qrels.items() if q in runs]
        out[name] = round(statistics.fmean(values), 4) if values else 0.0
    return out


def doc_ranking(chunk_ids: Sequence[str], doc_of: Callable[[str], str | None]) -> list[str]:
    """Chunk ranking to document ranking: a document ranks where its best chunk does."""
    seen: dict[str, None] = {}
    for cid in chunk_ids:
        doc = doc_of(cid)
        if doc is not None and doc not in seen:
            seen[doc] = None
    return list(seen)


# BEIR


@dataclass
class BeirSet:
    corpus: dict[str, tuple[str, str]]
    queries: dict[str, str]
    qrels: dict[str, dict[str, int]]
    fingerprint: str


def load_beir(folder: Path, split: str = "test") -> BeirSet:
    files = {"corpus": folder / "corpus.jsonl", "queries": folder / "queries.jsonl", "qrels": folder / "qrels" / f"{split}.tsv"}
    for path in files.values():
        if not path.is_file():
            raise UserError(f"BEIR folder {folder} has no {path.relative_to(folder)}",
                            "expected corpus.jsonl, queries.jsonl and qrels/<split>.tsv")
    digest = hashlib.sha256()
    corpus: dict[str, tuple[str, str]] = {}
    with files["corpus"].open("rb") as fh:
        for line in fh:
            digest.update(line)
            if line.strip():
                row = json.loads(line)
                corpus[str(row["_id"])] = (row.get("title") or "", row.get("text") or "")
    qrels: dict[str, dict[str, int]] = {}
    for n, text in enumerate(files["qrels"].read_text(encoding="utf-8").splitlines()):
        parts = text.split("\t")
        if n == 0 and not parts[-1].strip().lstrip("-").isdigit():
            continue  # header
        if len(parts) >= 3:
            qrels.setdefault(parts[0], {})[parts[1]] = int(parts[2])
    queries = {}
    for text in files["queries"].read_text(encoding="utf-8").splitlines():
        if text.strip():
            row = json.loads(text)
            if str(row["_id"]) in qrels:
                queries[str(row["_id"])] = row["text"]
    return BeirSet(corpus, queries, qrels, digest.hexdigest())


def beir_document(doc_id: str, title: str, text: str) -> Document:
    # The title is the document's title, indexed as every chunk's context; the body is one block.
    body = text.strip() or title
    return Document(Path(doc_id), "beir", title.strip(), body, [Block(TEXT, 0, len(body))])


def index_beir(engine: Engine, beir: BeirSet, progress: Callable[[int, int], None] | None = None) -> bool:
    """Index the corpus unless this data dir already holds exactly it; True if it was (re)built."""
    manifest = engine.store.manifest
    stamp = f"{beir.fingerprint}:{engine.chunk_params.signature}:{engine.embedder.model_id}"
    if manifest.get_meta("beir_complete") == stamp:
        return False
    old = [d.doc_id for d in manifest.documents()]
    if old:
        engine.store.remove_documents(old)
    indexer = Indexer(engine.store, engine.embedder, engine.chunk_params, batch_chunks=1024)
    for n, (doc_id, (title, text)) in enumerate(beir.corpus.items()):
        content = f"{title}\n{text}".encode()
        indexer.add(f"beir:{doc_id}", beir_document(doc_id, title, text), hashlib.sha256(content).hexdigest(),
                    len(content), FileResult(doc_id, "added"))
        if progress is not None and n % 100 == 0:
            progress(n, len(beir.corpus))
    indexer.flush()
    manifest.set_meta("beir_complete", stamp)
    return True


@dataclass(frozen=True)
class Latency:
    """Timings in milliseconds: median, 95th percentile and mean, rounded to 0.1 ms (0.0 for none)."""

    p50_ms: float
    p95_ms: float
    mean_ms: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Latency:
        return cls(round(percentile(values, 50), 1), round(percentile(values, 95), 1),
                   round(statistics.fmean(values), 1) if values else 0.0)

    def to_json(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True)
class RetrievalEval:
    metrics: dict[str, dict[str, float]]  # system -> metric -> value
    latency_ms: Latency
    queries: int
    documents: int
    chunks: int


def run_beir(engine: Engine, beir: BeirSet, candidates: int = 200, reranker: Reranker | None = None) -> RetrievalEval:
    """Metrics for hybrid, dense and BM25 rankings, and for the hybrid order after the
    rerank stage (the configured reranker on the top `rerank_candidates`, then near-duplicate
    removal, the rest of the hybrid order behind them)."""
    from operator_assistant.core.retrieval.rerank import drop_near_duplicates

    retriever = engine.retriever
    cache: dict[str, str] = {}

    def doc_of(cid: str) -> str:
        # chunk ids are "<doc_id>:<hash>"; doc_id is derived from "beir:<_id>"
        return cache.get(cid.split(":", 1)[0], "")

    for doc_id in beir.corpus:
        cache[doc_id_for(f"beir:{doc_id}")] = doc_id
    runs: dict[str, dict[str, list[str]]] = {"hybrid": {}, "dense": {}, "lexical": {}}
    if reranker is not None:
        runs["hybrid+rerank"] = {}
    head = engine.settings.rerank_candidates
    latencies = []
    for qid, text in beir.queries.items():
        result = retriever.search(text, k=candidates * 2, candidates=candidates)
        latencies.append(result.timings_ms["total_ms"])
        runs["hybrid"][qid] = doc_ranking([h.chunk.chunk_id for h in result.hits], doc_of)
        runs["dense"][qid] = doc_ranking(result.dense_ids, doc_of)
        runs["lexical"][qid] = doc_ranking(result.lexical_ids, doc_of)
        if reranker is not None:
            top = drop_near_duplicates(reranker.rerank(text, result.hits[:head], k=head))
            order = [r.hit.chunk.chunk_id for r in top] + [h.chunk.chunk_id for h in result.hits[head:]]
            runs["hybrid+rerank"][qid] = doc_ranking(order, doc_of)
    metrics = {system: summarize(r, beir.qrels) for system, r in runs.items()}
    return RetrievalEval(metrics, Latency.of(latencies), len(beir.queries), len(beir.corpus),
                         engine.store.manifest.chunk_count())


# Golden set

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


# Answers, end to end


def _keyword_share(q: GoldenQuestion, text: str) -> float | None:
    if not (q.answer_keywords and q.source_file):
        return None
    folded = " ".join(text.split()).casefold()
    return sum(1 for k in q.answer_keywords if " ".join(k.split()).casefold() in folded) / len(q.answer_keywords)


def unsupported_values(answer: Answer) -> list[str]:
    """Numbers and identifiers shown before the source list that are in none of the cited passages
    (their text, and their document titles and section names, which the card shows as its heading)."""
    from operator_assistant.core.llm.citations import MARKER, claims_in, is_verified, passage_facts

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
    from operator_assistant.core.llm.citations import MARKER

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
