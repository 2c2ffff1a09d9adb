"""ask(question) -> a stream of events: the sources found, the answer's text pieces,
then the checked answer with its citations.

question -> (follow-up context) -> hybrid search -> rerank -> evidence check
  -> refusal without the LLM, or prompt -> streamed tokens -> citation check -> answer
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace

import numpy as np

from operator_assistant.core.engine import Engine
from operator_assistant.core.llm.base import LanguageModel, Message
from operator_assistant.core.llm.citations import MARKER, Claim, check_citations
from operator_assistant.core.llm.prompts import REFUSAL, PromptSource, build_prompt
from operator_assistant.core.llm.quotes import pieces_as_read, quote
from operator_assistant.core.retrieval.rerank import RankedHit, Reranker, drop_near_duplicates
from operator_assistant.core.retrieval.terms import unfamiliar_terms
from operator_assistant.core.tokenize import raw_tokens, tokenize
from operator_assistant.errors import Cancelled, ModelError

log = logging.getLogger("llm")

# Used until `operator-assistant calibrate` has stored a threshold with the index;
# measured on the sample corpus's golden set (see BENCHMARKS.md).
DEFAULT_HYBRID_THRESHOLD = 0.441
HYBRID_SIGNAL = "sentence-similarity-v2"
# Taken off the hybrid evidence when the question names an uncommon word that no document
# contains (see core/retrieval/terms.py); chosen on the golden set, see BENCHMARKS.md.
UNFAMILIAR_PENALTY = 0.15
EXPAND_BELOW = 600  # "search small, read big": short chunks are read with their section
EXPAND_UP_TO = 2400
QUOTE_LEAD = "In the source's words"


@dataclass(frozen=True)
class Source:
    """A passage offered to the model or cited in an answer, with where it is."""

    number: int
    chunk_id: str
    document: str
    source: str
    section: tuple[str, ...]
    pages: tuple[int, ...]
    start: int
    end: int
    text: str
    score: float

    def to_json(self) -> dict:
        return {"number": self.number, "document": self.document, "source": self.source,
                "section": " > ".join(self.section), "sections": list(self.section),
                "page": self.pages[0] if self.pages else None, "pages": list(self.pages), "start": self.start,
                "end": self.end, "text": self.text, "chunk_id": self.chunk_id, "score": self.score}

    @classmethod
    def from_json(cls, data: dict) -> Source:
        return cls(data["number"], data.get("chunk_id", ""), data["document"], data["source"],
                   tuple(data.get("sections") or data["section"].split(" > ")), tuple(data.get("pages") or ()),
                   data["start"], data["end"], data["text"], data.get("score", 0.0))


@dataclass
class Turn:
    question: str
    answer: str


@dataclass
class Answer:
    question: str
    search_query: str
    text: str
    refused: bool
    citations: list[Source]
    unverified: list[Claim] = field(default_factory=list)
    closest: list[Source] = field(default_factory=list)
    evidence: float = 0.0
    threshold: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)
    cancelled: bool = False
    claims: int = 0  # numbers and identifiers checked against the cited passages
    unfamiliar: list[str] = field(default_factory=list)  # question words no indexed document contains
    quote: str = ""  # the source sentence quoted at the end of `text`, verbatim
    audit_warning: str = ""  # set when the audit line for this answer could not be written

    def split_quote(self) -> tuple[str, str]:
        """(the model's checked words, the quoted source sentence line after them, or "")."""
        cut = self.text.rfind(f"\n\n{QUOTE_LEAD} [") if self.quote else -1
        return (self.text[:cut], self.text[cut:]) if cut >= 0 else (self.text, "")

    def to_json(self) -> dict:
        return {"question": self.question, "answer": self.text, "refused": self.refused,
                "citations": [c.to_json() for c in self.citations],
                "unverified": [asdict(c) for c in self.unverified],
                "closest": [c.to_json() for c in self.closest],
                "evidence": round(self.evidence, 4), "threshold": round(self.threshold, 4),
                "cancelled": self.cancelled, "timings": {k: round(v, 1) for k, v in self.timings.items()},
                "search_query": self.search_query, "claims": self.claims, "unfamiliar": self.unfamiliar,
                "quote": self.quote}

    @classmethod
    def from_json(cls, data: dict) -> Answer:
        return cls(data["question"], data.get("search_query", data["question"]), data["answer"], data["refused"],
                   [Source.from_json(c) for c in data["citations"]],
                   [Claim(c["text"], c["start"], c["end"]) for c in data.get("unverified", [])],
                   [Source.from_json(c) for c in data.get("closest", [])], data.get("evidence", 0.0),
                   data.get("threshold", 0.0), data.get("timings", {}), data.get("cancelled", False),
                   data.get("claims", 0), data.get("unfamiliar", []), data.get("quote", ""))


@dataclass(frozen=True)
class SourcesFound:
    sources: list[Source]


@dataclass(frozen=True)
class TextGenerated:
    text: str


@dataclass(frozen=True)
class Answered:
    answer: Answer


Event = SourcesFound | TextGenerated | Answered

_FOLLOW_UP_START = re.compile(r"^\s*(and|also|what about|how about|same|then|but|or|so)\b", re.IGNORECASE)
_REFERS_BACK = re.compile(r"\b(it|its|that|those|these|them|this one|the same|there|ones?)\b", re.IGNORECASE)


def is_follow_up(question: str) -> bool:
    content = tokenize(question)
    return bool(_FOLLOW_UP_START.match(question)) or len(content) <= 2 or (
        len(content) <= 5 and bool(_REFERS_BACK.search(question)))


def _identifiers(text: str) -> list[str]:
    return [t for t in raw_tokens(text) if any(c.isdigit() for c in t) and any(c.isalpha() for c in t)]


def contextualize(question: str, history: Sequence[Turn]) -> str:
    """The text to search for: a follow-up is read together with the previous question.

    Equipment the follow-up names replaces the equipment named before ("B-2 ...?" then
    "And for A-2 at the intake?"): left in, the earlier tag pulls the earlier document
    back to the top."""
    if not (history and is_follow_up(question)):
        return question
    previous = history[-1].question
    named = {t.casefold() for t in _identifiers(question)}
    if named:
        for old in set(_identifiers(previous)):
            if old.casefold() not in named:
                previous = re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", "", previous)
    return f"{' '.join(previous.split())} {question}"


def is_refusal(text: str) -> bool:
    norm = text.replace("\u2019", "'").casefold()
    return "don't have that information in the provided documents" in norm or "do not have that information" in norm


class Assistant:
    def __init__(self, engine: Engine, reranker: Reranker, llm_loader: Callable[[], LanguageModel],
                 llm_name: str = "") -> None:
        self.engine = engine
        self.reranker = reranker
        self._llm_loader = llm_loader
        self.llm_name = llm_name or engine.settings.llm  # for the audit log: the model file answers come from
        self._llm: LanguageModel | None = None
        self._sentence_cache: dict[str, np.ndarray] = {}

    @property
    def llm(self) -> LanguageModel:
        if self._llm is None:
            self._llm = self._llm_loader()
        return self._llm

    # evidence and refusal

    @property
    def signal(self) -> str:
        return f"cross-encoder:{self.reranker.name}" if self.reranker.is_model else HYBRID_SIGNAL

    def threshold(self) -> tuple[float | None, bool]:
        """(threshold, calibrated); None when no threshold applies (an uncalibrated cross-encoder)."""
        meta = self.engine.store.manifest
        if meta.get_meta("refusal_signal") == self.signal and meta.get_meta("refusal_threshold") is not None:
            return float(meta.get_meta("refusal_threshold")), True
        return (None if self.reranker.is_model else DEFAULT_HYBRID_THRESHOLD), False

    def evidence(self, query: str, ranked: Sequence[RankedHit], query_vector: np.ndarray | None) -> float:
        """How well the best passages answer the question (higher = better supported).

        With a cross-encoder, its best score. Otherwise the best cosine similarity between
        the question and any single sentence (or table line) of the top passages: whole
        chunks mix several topics, and a sentence that answers the question stands out
        more clearly. That is lowered by UNFAMILIAR_PENALTY when the question names an
        uncommon word that no document contains (measured on the golden set, see BENCHMARKS.md)."""
        if not ranked:
            return float("-inf") if self.reranker.is_model else 0.0
        if self.reranker.is_model:
            return max(r.score for r in ranked)
        penalty = UNFAMILIAR_PENALTY if self.unfamiliar(query) else 0.0
        if query_vector is None:
            query_vector = self.engine.embedder.embed_query(query)
        best = 0.0
        for r in ranked:
            vectors = self._sentence_vectors(r.hit.chunk.chunk_id, r.hit.chunk.text)
            if len(vectors):
                best = max(best, float((vectors @ query_vector).max()))
        return best - penalty

    def unfamiliar(self, query: str) -> list[str]:
        return unfamiliar_terms(query, self.engine.store.lexical().index.vocabulary)

    def _sentence_vectors(self, chunk_id: str, text: str) -> np.ndarray:
        cached = self._sentence_cache.get(chunk_id)
        if cached is None:
            parts = pieces_as_read(text)
            cached = self.engine.embedder.embed(parts) if parts else np.zeros((0, 1), dtype=np.float32)
            if len(self._sentence_cache) > 2000:
                self._sentence_cache.clear()
            self._sentence_cache[chunk_id] = cached
        return cached

    def best_sentence(self, query: str, sources: Sequence[Source]) -> tuple[int, str] | None:
        """(index into sources, quote): the sentence of the best-ranked passage that is
        closest to the question, quoted under the answer so that the operator always sees
        the source's own words, whatever the model made of them."""
        query_vector = self.engine.embedder.embed_query(query)
        identifiers = self.engine.store.lexical().index.query_identifiers(query)
        for i, source in enumerate(sources):
            vectors = self._sentence_vectors(source.chunk_id, source.text)
            if len(vectors):
                found = quote(source.text, (vectors @ query_vector).tolist(), query, identifiers)
                if found:
                    return i, found
        return None

    # retrieval

    def retrieve(self, query: str) -> tuple[list[RankedHit], float, dict[str, float]]:
        settings = self.engine.settings
        t0 = time.perf_counter()
        result = self.engine.retriever.search(query, k=settings.rerank_candidates, candidates=settings.candidates)
        t1 = time.perf_counter()
        ranked = self.reranker.rerank(query, result.hits, k=max(settings.top_k * 3, settings.top_k))
        ranked = drop_near_duplicates(ranked)[:settings.top_k]
        t2 = time.perf_counter()
        evidence = self.evidence(query, ranked, result.query_vector)
        t3 = time.perf_counter()
        return ranked, evidence, {"retrieve_ms": (t1 - t0) * 1e3, "rerank_ms": (t2 - t1) * 1e3,
                                  "evidence_ms": (t3 - t2) * 1e3}

    def _sources(self, ranked: Sequence[RankedHit]) -> list[Source]:
        return [Source(i + 1, r.hit.chunk.chunk_id, r.hit.document.title, r.hit.document.source, r.hit.chunk.section,
                       r.hit.chunk.pages, r.hit.chunk.start, r.hit.chunk.end, r.hit.chunk.text, r.score)
                for i, r in enumerate(ranked)]

    def _read_big(self, source: Source) -> str:
        """A short passage is read with the rest of its section when that stays small."""
        if len(source.text) >= EXPAND_BELOW:
            return source.text
        manifest = self.engine.store.manifest
        doc_id = source.chunk_id.split(":", 1)[0]
        siblings = sorted((c for c in manifest.chunks(manifest.chunk_hashes(doc_id)).values()
                           if c.section == source.section), key=lambda c: c.start)
        if not siblings or siblings[-1].end - siblings[0].start > EXPAND_UP_TO:
            return source.text
        merged, end = "", siblings[0].start
        for chunk in siblings:  # chunks overlap; stitch them back into the section's text
            if chunk.end > end:
                merged += chunk.text[max(0, end - chunk.start):] if merged else chunk.text
                end = chunk.end
        return merged

    # answering

    def ask(self, question: str, history: Sequence[Turn] = (), cancel: Callable[[], bool] | None = None,
            temperature: float | None = None) -> Iterator[Event]:
        settings = self.engine.settings
        started = time.perf_counter()
        query = contextualize(question, history)
        ranked, evidence, timings = self.retrieve(query)
        sources = self._sources(ranked)
        yield SourcesFound(sources)
        threshold, _ = self.threshold()
        closest = self._closest(sources)
        if threshold is not None and evidence < threshold or not sources:
            timings.update(first_token_ms=0.0, total_ms=(time.perf_counter() - started) * 1e3)
            yield self._answered(Answer(question, query, REFUSAL, True, [], [], closest, evidence, threshold or 0.0,
                                        timings, unfamiliar=self.unfamiliar(query)))
            return

        llm = self.llm
        prompt_sources = [PromptSource(s.number, s.document, s.section, s.pages, self._read_big(s)) for s in sources]
        recent: list[Message] = []
        for turn in history[-2:]:
            recent += [{"role": "user", "content": turn.question}, {"role": "assistant", "content": turn.answer}]
        prompt = build_prompt(question, prompt_sources, llm.count_tokens, llm.context_size, settings.llm_max_tokens,
                              recent)
        pieces: list[str] = []
        first_token = None
        cancelled = False
        try:
            for piece in llm.stream(prompt.messages, settings.llm_max_tokens,
                                    settings.temperature if temperature is None else temperature, cancel):
                if first_token is None:
                    first_token = time.perf_counter()
                pieces.append(piece)
                yield TextGenerated(piece)
        except Cancelled:
            cancelled = True
        raw = "".join(pieces).strip()
        timings.update(prompt_tokens=float(prompt.tokens),
                       first_token_ms=((first_token or time.perf_counter()) - started) * 1e3)
        used = sources[:len(prompt.sources)]
        if is_refusal(raw) or not raw:
            answer = Answer(question, query, REFUSAL, True, [], [], closest, evidence, threshold or 0.0, timings, cancelled,
                            unfamiliar=self.unfamiliar(query))
        else:
            passages = [f"{p.header()}\n{p.text}" for p in prompt.sources]
            _, _, vectors = self.engine.store.manifest.vectors([s.chunk_id for s in used])
            checked = check_citations(raw, passages, vectors if len(vectors) == len(used) else None,
                                      self.engine.embedder.embed, exempt=[REFUSAL])
            cited = list(checked.cited)
            text, quote = checked.text, ""
            best = None if cancelled else self.best_sentence(query, used)
            said = " ".join(MARKER.sub("", text).split()).casefold()
            if best is not None and best[1].casefold().rstrip(".") not in said:
                j, quote = best
                if j not in cited:
                    cited.append(j)
                text += f'\n\n{QUOTE_LEAD} [{cited.index(j) + 1}]: "{quote}"'
            citations = [replace(used[j], number=n + 1) for n, j in enumerate(cited)]
            answer = Answer(question, query, text, False, citations, checked.unverified, [], evidence,
                            threshold or 0.0, timings, cancelled, checked.claims, quote=quote)
        timings["total_ms"] = (time.perf_counter() - started) * 1e3
        yield self._answered(answer)

    def _answered(self, answer: Answer) -> Answered:
        # Recorded before the answer is handed out, so no caller (CLI, window) can skip it.
        answer.audit_warning = self.engine.record_answer(
            answer, self.llm_name, self.reranker.name if self.reranker.is_model else "none")
        return Answered(answer)

    def _closest(self, sources: Sequence[Source]) -> list[Source]:
        seen, out = set(), []
        for s in sources:
            key = (s.source, s.section)
            if key not in seen:
                seen.add(key)
                out.append(s)
        return out[:3]


def open_assistant(engine: Engine) -> Assistant:
    """The assistant with the configured reranker and a language model loaded on first use."""
    from operator_assistant.core.llm.llama import find_gguf, load_llm
    from operator_assistant.core.models import resolve_model
    from operator_assistant.core.retrieval.rerank import load_reranker

    settings = engine.settings
    reranker = load_reranker(settings.models_dir, settings.reranker)

    def llm() -> LanguageModel:
        model = resolve_model(settings.models_dir, settings.llm, "llm")
        return load_llm(model, settings.llm_context, settings.llm_threads)

    try:  # the file name and hash-derived id identify the weights in the audit log
        model = resolve_model(settings.models_dir, settings.llm, "llm")
        llm_name = f"{os.path.basename(find_gguf(model))} ({model.model_id})"
    except ModelError:
        llm_name = settings.llm  # loading it later reports the problem
    return Assistant(engine, reranker, llm, llm_name)
