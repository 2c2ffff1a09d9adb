"""ask(question) -> a stream of events. This module only composes; each decision lives in
core/answer/ (follow-ups, evidence and refusal, the card, the model's wording, the policy).

question -> search text (follow-up rule) -> hybrid search -> rerank -> evidence
  -> refusal without the model, or the card (at once) -> the model's wording from the
  card's evidence only -> checks -> the answer
It must not touch Qt, files or the audit log directly.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import replace

import numpy as np

from operator_assistant.config import CARD_ONLY, MODEL_FIRST
from operator_assistant.core.answer.card import CardBuilder, Found, asked_quantity
from operator_assistant.core.answer.changes import ChangesAsked, asked_changes, changes_card
from operator_assistant.core.answer.evidence import (
    Evidence,
    StoredCalibration,
    missing_answer,
    names_unknown,
    should_refuse,
    signal_name,
    spelled_out,
    stored_calibration,
    unfamiliar_terms,
)
from operator_assistant.core.answer.followup import OWN_SUBJECT_WORDS, own_words, search_query
from operator_assistant.core.answer.lookup import Lookup, NotListed
from operator_assistant.core.answer.policy import DEFAULT_POLICY, AnswerPolicy
from operator_assistant.core.answer.records import (
    PROCEDURE,
    REFUSAL,
    TABLE,
    Answer,
    Answered,
    Card,
    CardCell,
    CardNote,
    CardReady,
    Event,
    Source,
    SourcesFound,
    TextGenerated,
    Turn,
)
from operator_assistant.core.answer.sentences import describes_trouble
from operator_assistant.core.answer.wording import Wording, build_prompt, check_wording, grammar
from operator_assistant.core.audit import truncate_question
from operator_assistant.core.conflicts import asked_about
from operator_assistant.core.engine import Engine
from operator_assistant.core.index.store import SearchFilter
from operator_assistant.core.llm.base import LanguageModel
from operator_assistant.core.references import passage_holds, references
from operator_assistant.core.retrieval.rerank import RankedHit, Reranker, drop_near_duplicates, with_each_lists_best
from operator_assistant.core.revisions import names_number
from operator_assistant.errors import Cancelled, ModelError, UserError
from operator_assistant.folder.records import FactInfo
from operator_assistant.folder.wire import Json

log = logging.getLogger("llm")

__all__ = ["Answer", "Answered", "Assistant", "CardReady", "Event", "Source", "SourcesFound", "TextGenerated", "Turn",
           "open_assistant", "compose_text", "record_answer"]


def compose_text(card: Card, wording: str, mode: str) -> str:
    """What the operator reads before the source list, as plain text."""
    if not wording:
        return card.as_text()
    return f"{wording}\n\n{card.as_text()}" if mode == MODEL_FIRST else f"{card.as_text()}\n\n{wording}"


class Assistant:
    def __init__(self, engine: Engine, reranker: Reranker, llm_loader: Callable[[], LanguageModel],
                 llm_name: str = "", policy: AnswerPolicy = DEFAULT_POLICY) -> None:
        self.engine = engine
        self.reranker = reranker
        self.policy = policy
        self._llm_loader = llm_loader
        self.llm_name = llm_name or engine.settings.llm  # for the audit log: the model file answers come from
        self._llm: LanguageModel | None = None
        self._llm_lock = threading.Lock()
        # a plant server words several answers at once (model server slots); finding the passages and
        # building the card stay one at a time: CPU-bound on a small server, and their caches are shared
        self._prepare_lock = threading.Lock()
        self.evidence = Evidence(lambda texts: engine.embedder.embed_like_query(texts), policy)
        self.cards = CardBuilder(engine.store.manifest, self.evidence, policy)
        self.lookup = Lookup(engine.store.manifest, lambda texts: engine.embedder.embed_like_query(texts),
                             engine.store.vocabulary, policy)

    @property
    def llm(self) -> LanguageModel:
        with self._llm_lock:
            if self._llm is None:
                self._llm = self._llm_loader()
            return self._llm

    # evidence and refusal

    @property
    def signal(self) -> str:
        return signal_name(self.reranker.name if self.reranker.is_model else None)

    def calibration(self) -> StoredCalibration:
        """The stored threshold, applying only to this signal on an index of the same embedder."""
        store = self.engine.store
        return stored_calibration(store.manifest, self.signal, store.embedder_id)

    def threshold(self) -> tuple[float | None, bool]:
        """(threshold, calibrated); None when no threshold applies (an uncalibrated cross-encoder)."""
        stored = self.calibration().threshold
        if stored is not None:
            return stored, True
        return (None if self.reranker.is_model else self.policy.default_threshold), False

    def unfamiliar(self, query: str, passages: Sequence[str] = ()) -> list[str]:
        """The query's uncommon words no document has, less abbreviations the passages found write out."""
        return [w for w in unfamiliar_terms(query, self.engine.store.vocabulary(), self.policy.rarer_than)
                if not spelled_out(w, passages)]

    # retrieval

    def retrieve(self, query: str, all_revisions: bool = False) -> tuple[list[RankedHit], float, dict[str, float], np.ndarray]:
        """(passages, evidence, timings, query vector) for a search text; from revisions in force unless
        `all_revisions` (or the query names a revision: "SOP-114 Rev B")."""
        settings = self.engine.settings
        t0 = time.perf_counter()
        result = self.engine.retriever.search(query, k=settings.rerank_candidates, candidates=settings.candidates,
                                              flt=SearchFilter(all_revisions=all_revisions))
        t1 = time.perf_counter()
        ranked = self.reranker.rerank(query, result.hits, k=max(settings.top_k * 3, settings.top_k))
        ranked = drop_near_duplicates(ranked, self.policy.near_duplicate_jaccard)
        t2 = time.perf_counter()
        vector = result.query_vector if result.query_vector is not None else self.engine.embedder.embed_query(query)
        # the evidence is read on the first top_k, as the threshold was fitted; each list's best passage,
        # added after them, may give the card its piece but not lift a near miss over the threshold
        top = ranked[:settings.top_k]
        evidence = self.evidence.score(vector, top, self.reranker.is_model,
                                       self.unfamiliar(query, [r.hit.chunk.text for r in top]))
        if self.reranker.is_model:  # a cross-encoder has read each list's best passage with the rest
            ranked = ranked[:settings.top_k]
        else:
            ranked = with_each_lists_best(ranked, result.hits, settings.top_k, self.policy.near_duplicate_jaccard)
        t3 = time.perf_counter()
        return ranked, evidence, {"retrieve_ms": (t1 - t0) * 1e3, "rerank_ms": (t2 - t1) * 1e3,
                                  "evidence_ms": (t3 - t2) * 1e3}, vector

    def _searched(self, text: str, all_revisions: bool) -> list[Source]:
        """The passages a plain search for `text` finds, as sources (no reranking: for a code's own text)."""
        result = self.engine.retriever.search(text, k=self.engine.settings.top_k,
                                              flt=SearchFilter(all_revisions=all_revisions))
        return [Source(i + 1, h.chunk.chunk_id, h.document.title, h.document.source, h.chunk.section, h.chunk.pages,
                       h.chunk.start, h.chunk.end, h.chunk.text, h.score) for i, h in enumerate(result.hits)]

    def _sources(self, ranked: Sequence[RankedHit]) -> list[Source]:
        return [Source(i + 1, r.hit.chunk.chunk_id, r.hit.document.title, r.hit.document.source, r.hit.chunk.section,
                       r.hit.chunk.pages, r.hit.chunk.start, r.hit.chunk.end, r.hit.chunk.text, r.score)
                for i, r in enumerate(ranked)]

    # answering

    def ask(self, question: str, history: Sequence[Turn] = (), cancel: Callable[[], bool] | None = None,
            temperature: float | None = None, mode: str | None = None, all_revisions: bool = False) -> Iterator[Event]:
        settings = self.engine.settings
        mode = mode or settings.answer_mode
        started = time.perf_counter()
        query = search_query(question, history[-1].question if history else None)
        # "what changed in SOP-114 Rev C?" is answered from the comparison of two revisions, not a search
        changes = asked_changes(question, self._numbers, names_number)
        if changes is not None:
            yield from self._changes(question, query, changes, mode, started)
            return
        with self._prepare_lock:
            ranked, evidence, timings, vector = self.retrieve(query, all_revisions)
            sources = self._sources(ranked)
            threshold, _ = self.threshold()
            # a make, site or person no document mentions ("the Cummins generator"): another's manual does not
            # answer for it, whatever it shares with the question
            unfamiliar = self.unfamiliar(query, [s.text for s in sources[:settings.top_k]])
            unknown = names_unknown(question, unfamiliar)
            unfamiliar = [next((n for n in unknown if n.lower() == w), w) for w in unfamiliar]  # as written: "Cummins"
            # a code, alarm or object the question names is looked up by its key, whatever the evidence
            found = None if unknown else self.lookup.by_key(question, query, sources)
            missing = ""
            unnumbered = self._absent_reference(question, query, sources) if found is None else ""
            # passages too weak to answer from may still hold the troubleshooting row the question tells of
            weak = should_refuse(evidence, threshold, bool(sources))
            if (found is None and not unknown and not unnumbered and sources
                    and (not weak or describes_trouble(question))):
                identifiers = self.engine.store.query_identifiers(query)
                vector = self._card_vector(question, query, vector)
                # the passages of the documents the question names, where search found any ("On the HDHK module,
                # what does function code 0x10 do?" is not answered from another device's protocol)
                named = self.lookup.devices_named(question, query)
                own = [s for s in sources if s.doc_id in named] or sources
                # a troubleshooting row, else the labelled block or short section that tells of the trouble;
                # from weak passages only a row that stands apart
                if weak:
                    symptom = found = self.lookup.by_symptom(question, vector, own, apart=True)
                    section = self.lookup.trouble_section(question, vector, own, threshold or 0.0) if found is None else []
                    if section:
                        symptom = found = self.cards.trouble_section(section[0])
                else:
                    symptom = (self.lookup.by_symptom(question, vector, own)
                               or self.cards.symptom(question, query, own, vector, identifiers))
                    found = symptom or self.cards.build(question, query, own, vector, identifiers)
                # a card that never names the code asked for shows another row or passage as if it answered
                missing = self.lookup.missing_key(question, query, found) if found else ""
                # but a troubleshooting row or block answers for the equipment its manual names ("P-310B keeps tripping")
                if missing and symptom is not None and self.lookup.names_elsewhere(missing, symptom):
                    missing = ""
                # unless it states the limit asked of the whole station the tag is part of
                if missing and isinstance(found, Found) and self.lookup.said_of_all(
                        missing, asked_quantity(question, query), found):
                    missing = ""
                if missing:
                    found, missing = self._naming_card(missing, question, query, sources, vector, identifiers,
                                                       all_revisions)
                # nor does a card of another thing or another place's equipment answer for the one named (the
                # thing first: "wet well at Station B" says more than "Station B")
                # (a troubleshooting row is of every unit of its kind: "filter 3 needs washing every 12 hours" is
                # the filters' row, which names no filter)
                if found and not isinstance(found, NotListed) and not missing:
                    place = self.lookup.missing_subject(question, found, unfamiliar) or (
                        self.lookup.missing_place(question, found) if found is not symptom else "")
                    found, missing = (None, place) if place else (found, missing)
        yield SourcesFound(sources)
        not_listed = found if isinstance(found, NotListed) else None
        found = None if isinstance(found, NotListed) else found
        reason = (not_listed.reason if not_listed else
                  unnumbered if unnumbered else
                  f"No passage found names {missing}." if missing else
                  missing_answer(question, [c.text for c in found.card.cells], table=found.card.kind == TABLE,
                                 headings=[*found.card.columns, *(u for row in found.card.units for u in row)])
                  if found else "")
        timings["card_ms"] = (time.perf_counter() - started) * 1e3
        if found is None or reason:
            timings.update(first_token_ms=0.0, total_ms=(time.perf_counter() - started) * 1e3)
            closest = not_listed.closest if not_listed else self._closest(sources)
            yield self._answered(Answer(question, query, REFUSAL, True, [], closest=closest,
                                        evidence=evidence, threshold=threshold or 0.0, timings=timings,
                                        unfamiliar=unfamiliar,
                                        mode=mode, refusal_reason=reason))
            return
        found = self._with_conflicts(question, found)
        yield CardReady(found.card, found.sources)

        wording, cancelled = Wording("", "", 0), False
        if mode != CARD_ONLY and (found.card.kind != PROCEDURE or self.policy.word_procedures):
            wording, cancelled = yield from self._word(question, found.card, history, cancel, temperature, timings,
                                                       started)
        text = compose_text(found.card, wording.text, mode)
        timings["total_ms"] = (time.perf_counter() - started) * 1e3
        yield self._answered(Answer(question, query, text, False, found.sources, evidence=evidence,
                                    threshold=threshold or 0.0, timings=timings, cancelled=cancelled,
                                    claims=wording.claims, card=found.card, wording=wording.text,
                                    wording_note=wording.note, mode=mode))

    def _with_conflicts(self, question: str, found: Found) -> Found:
        """The card with a note for each value it shows, of what the question asks about, that another
        current document states differently (settled conflicts left out), citing that document's words."""
        open_conflicts = [c for c in self.engine.conflicts(refresh=False) if not c.settled]
        if not open_conflicts:
            return found
        by_number = {s.number: s for s in found.sources}
        pairs: dict[str, tuple[FactInfo, FactInfo]] = {}
        for cell in found.card.cells:
            source = by_number.get(cell.source)
            if source is None:
                continue
            for conflict in open_conflicts:
                for own, other in ((conflict.first, conflict.second), (conflict.second, conflict.first)):
                    if (own.doc_id == source.doc_id and own.start < max(cell.end, cell.start + 1)
                            and cell.start < own.end and asked_about(question, own.subject)):
                        pairs.setdefault(conflict.key, (own, other))
        if not pairs:
            return found
        wanted = [other.chunk_id for _, other in pairs.values()]
        chunks = self._chunk_sources(wanted)
        sources = list(found.sources)
        notes = []
        for own, other in list(pairs.values())[:self.policy.conflict_notes]:
            if other.chunk_id not in chunks:
                continue
            number = next((s.number for s in sources if s.chunk_id == other.chunk_id), 0)
            if not number:
                number = len(sources) + 1
                sources.append(replace(chunks[other.chunk_id], number=number))
            cell = CardCell(other.text, number, other.start, other.end, other.pages[0] if len(other.pages) == 1 else None)
            notes.append(CardNote(cell, other.number or other.document, other.value, own.value))
        return Found(replace(found.card, notes=tuple(notes)), sources)

    def _numbers(self) -> list[str]:
        return [s.identity.number for s in self.engine.revisions().values() if s.identity.number]

    def _changes(self, question: str, query: str, asked: ChangesAsked, mode: str, started: float) -> Iterator[Event]:
        """The comparison's card, cited to both revisions; the reason it cannot be made when it cannot."""
        card: Card | None = None
        sources: list[Source] = []
        with self._prepare_lock:
            try:
                diff = self.engine.revision_diff(asked.number, asked.older, asked.newer)
            except UserError as exc:
                reason = exc.message if exc.message.endswith(".") else f"{exc.message}."
            else:
                reason = "" if diff.changes else f"{diff.heading}: no changes found between the two revisions."
                if diff.changes:
                    card, sources = changes_card(diff, self._chunk_sources)
        if card is not None and not card.rows:
            card, reason = None, f"{asked.number}: the changed passages are no longer indexed."
        yield SourcesFound(sources)
        timings = {"card_ms": (time.perf_counter() - started) * 1e3, "first_token_ms": 0.0}
        timings["total_ms"] = timings["card_ms"]
        if card is None:
            yield self._answered(Answer(question, query, REFUSAL, True, [], timings=timings, mode=mode,
                                        refusal_reason=reason))
            return
        yield CardReady(card, sources)
        # a comparison is shown as it is: the model is not asked to word a list of changes
        yield self._answered(Answer(question, query, compose_text(card, "", CARD_ONLY), False, sources,
                                    timings=timings, card=card, mode=mode))

    def _chunk_sources(self, chunk_ids: Sequence[str]) -> dict[str, Source]:
        manifest = self.engine.store.manifest
        chunks = manifest.chunks(chunk_ids)
        docs = {d.doc_id: d for d in manifest.documents(list({c.doc_id for c in chunks.values()}))}
        return {i: Source(0, i, docs[c.doc_id].title, docs[c.doc_id].source, c.section, c.pages, c.start, c.end,
                          c.text, 0.0) for i, c in chunks.items() if c.doc_id in docs}

    def _card_vector(self, question: str, query: str, vector: np.ndarray) -> np.ndarray:
        """What the card's pieces are ranked against. A follow-up is searched for with the question before
        it (`query`); one that says in words of its own what it asks ("And the quick rule for fiber rope if
        no table is handy?") is answered by the piece closest to it, not to the question before. One that
        leans on it ("And with forced lubrication?") keeps the search text's vector."""
        if query == question or own_words(question) < OWN_SUBJECT_WORDS:
            return vector
        return self.engine.embedder.embed_query(question)

    def _naming_card(self, key: str, question: str, query: str, sources: Sequence[Source], vector: np.ndarray,
                     identifiers: Sequence[str], all_revisions: bool = False) -> tuple[Found | NotListed | None, str]:
        """In place of a card that never names the code asked for: the code's own entry, else a card from
        the passages that name it; (None, the code not named) when neither does."""
        entry = self.lookup.by_key(question, query, sources, defer=False)
        if entry is not None:
            return entry, ""
        # where none of the passages found names it, the passages a search for the code alone finds: the one
        # chunk that names "OPS-27" in a list of forty like it ranks first by its code and nowhere by its words
        naming = self.lookup.naming(sources, key) or self.lookup.naming(self._searched(key, all_revisions), key)
        card = self.cards.build(question, query, naming, vector, identifiers) if naming else None
        missing = self.lookup.missing_key(question, query, card) if card else key
        return (None, missing) if missing else (card, "")

    def _word(self, question: str, card: Card, history: Sequence[Turn], cancel: Callable[[], bool] | None,
              temperature: float | None, timings: dict[str, float], started: float
              ) -> Generator[Event, None, tuple[Wording, bool]]:
        """Stream the model's wording of the card (a generator that returns (Wording, cancelled))."""
        settings = self.engine.settings
        try:
            llm = self.llm
        except ModelError as exc:
            log.warning("language model not available, the card stands alone: %s", exc)
            return Wording("", f"The model's wording is not available: {exc.message}", 0), False
        messages, tokens = build_prompt(question, card, llm.count_tokens, self.policy)
        pieces: list[str] = []
        first_token, cancelled = None, False
        try:
            for piece in llm.stream(messages, min(settings.llm_max_tokens, self.policy.wording_tokens),
                                    settings.temperature if temperature is None else temperature, cancel,
                                    grammar=grammar(card)):
                if first_token is None:
                    first_token = time.perf_counter()
                pieces.append(piece)
                yield TextGenerated(piece)
        except Cancelled:
            cancelled = True
        timings.update(prompt_tokens=float(tokens),
                       first_token_ms=((first_token or time.perf_counter()) - started) * 1e3)
        if cancelled:
            return Wording("", "The model's wording was stopped; the card is the answer.", 0), True
        return check_wording("".join(pieces), card, question, [t.answer for t in history], self.policy), False

    def _answered(self, answer: Answer) -> Answered:
        # Recorded before the answer is handed out, so no caller (CLI, window) can skip it.
        answer.audit_warning = record_answer(self.engine, answer, self.llm_name,
                                             self.reranker.name if self.reranker.is_model else "none")
        return Answered(answer)

    def _absent_reference(self, question: str, query: str, sources: Sequence[Source]) -> str:
        """Why the query refers to a numbered section ("§7612", "section 9.4") that no document has, or that
        the documents the question names do not ("section 9.4 of the TRIGA maintenance procedures", where
        another manual has a 9.4); "" when each is found. Passages about the same subject from other
        sections, or that section of another document, would otherwise answer for it."""
        refs = references(query)
        named = self.lookup.documents_named(question) if refs else set()
        for ref in refs:
            if any(passage_holds(ref, s.section, s.text) and (not named or s.doc_id in named) for s in sources):
                continue
            holding = self.engine.store.section_documents(ref, query)
            if holding is None:
                continue
            if not holding:
                return f"No indexed document has a section numbered {ref.shown}."
            if named and not holding & named:
                titles = sorted({d.title for d in self.engine.store.manifest.documents(named)})
                return f"No section numbered {ref.shown} in {' or '.join(repr(t) for t in titles)}."
        return ""

    def _closest(self, sources: Sequence[Source]) -> list[Source]:
        seen, out = set(), []
        for s in sources:
            key = (s.source, s.section)
            if key not in seen:
                seen.add(key)
                out.append(s)
        return out[:3]


def record_answer(engine: Engine, answer: Answer, llm: str, reranker: str) -> str:
    """Audit one answered question: who, what (80 characters), which documents at which hash, which models and
    index. "" when written, else the warning. The index knows nothing of answers: this lives on the answer side."""
    cited: dict[str, Json] = {}
    for source in answer.citations:
        if source.doc_id not in cited:
            doc = engine.store.manifest.document(source.doc_id)
            cited[source.doc_id] = {"document": source.document, "source": source.source, "doc_id": source.doc_id,
                                    "sha256": doc.content_hash if doc else None}
    return engine.record(
        "question", question=truncate_question(answer.question), question_chars=len(answer.question),
        refused=answer.refused, cancelled=answer.cancelled, cited=list(cited.values()),
        models={"llm": llm, "embedder": engine.embedder.model_id, "reranker": reranker},
        index=engine.index_id(), latency_ms=round(answer.timings.get("total_ms", 0.0)))


def open_assistant(engine: Engine) -> Assistant:
    """The assistant with the configured reranker and a language model loaded on first use."""
    from operator_assistant.core.llm.llama import find_gguf, load_llm
    from operator_assistant.core.models import resolve_model
    from operator_assistant.core.retrieval.rerank import load_reranker

    settings = engine.settings
    reranker = load_reranker(settings.models_dir, settings.reranker)

    def llm() -> LanguageModel:
        model = resolve_model(settings.models_dir, settings.llm, "llm")
        if settings.llm_server:  # the same weights, served by llama.cpp's server (serve --model-server)
            from operator_assistant.core.llm.remote import RemoteModel

            return RemoteModel(settings.llm_server, model.model_id, settings.llm_context)
        return load_llm(model, settings.llm_context, settings.llm_threads, DEFAULT_POLICY.repeat_penalty)

    try:  # the file name and hash-derived id identify the weights in the audit log
        model = resolve_model(settings.models_dir, settings.llm, "llm")
        llm_name = f"{os.path.basename(find_gguf(model))} ({model.model_id})"
    except ModelError:
        llm_name = settings.llm  # loading it later reports the problem
    if settings.llm_server:
        llm_name += f" on the model server {settings.llm_server}"
    return Assistant(engine, reranker, llm, llm_name)
