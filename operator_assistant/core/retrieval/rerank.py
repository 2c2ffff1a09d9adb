"""Reranking between hybrid search and the prompt, and a diversity step.

`CrossEncoderReranker` scores (query, passage) pairs with any Hugging Face
cross-encoder loaded from models/. Without one installed, `NoReranker` keeps the
hybrid order; it is reported as "no reranker installed", never as reranking.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from operator_assistant.core.models import FETCH_HINT, ResolvedModel
from operator_assistant.core.retrieval.retriever import SearchHit
from operator_assistant.errors import ModelError

log = logging.getLogger("retrieval")


@dataclass(frozen=True)
class RankedHit:
    hit: SearchHit
    score: float  # cross-encoder score, or the fused score when nothing reranked


class Reranker(Protocol):
    name: str
    is_model: bool  # False for the pass-through

    def rerank(self, query: str, hits: Sequence[SearchHit], k: int) -> list[RankedHit]: ...


class NoReranker:
    """Keeps the hybrid order. Used when no cross-encoder is installed."""

    name = "none"
    is_model = False

    def rerank(self, query: str, hits: Sequence[SearchHit], k: int) -> list[RankedHit]:
        return [RankedHit(h, h.score) for h in hits[:k]]


class CrossEncoderReranker:
    """A sentence-transformers CrossEncoder from a local folder."""

    is_model = True

    def __init__(self, model: ResolvedModel, batch_size: int = 16, max_length: int = 512) -> None:
        from operator_assistant.core.models import torch_installed

        if not torch_installed():
            raise ModelError(f"reranker {model.name} runs on torch, which this installation leaves out",
                             "use a bundle built with --with-torch, or clear the reranker setting")
        from sentence_transformers import CrossEncoder

        try:
            self._model = CrossEncoder(str(model.path), device="cpu", local_files_only=True, max_length=max_length)
        except Exception as exc:  # any load failure means the folder is not a usable cross-encoder
            raise ModelError(f"reranker {model.name} at {model.path} could not be loaded: {exc}", FETCH_HINT) from exc
        self.name = model.model_id
        self.batch_size = batch_size

    def rerank(self, query: str, hits: Sequence[SearchHit], k: int) -> list[RankedHit]:
        if not hits:
            return []
        pairs = [(query, h.chunk.indexed_text) for h in hits]
        scores = self._model.predict(pairs, batch_size=self.batch_size, show_progress_bar=False)
        order = sorted(range(len(hits)), key=lambda i: (-float(scores[i]), i))
        return [RankedHit(hits[i], float(scores[i])) for i in order[:k]]


_WORD = re.compile(r"\w+")


def _shingles(text: str, size: int = 3) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    return {tuple(words[i:i + size]) for i in range(max(1, len(words) - size + 1))}


def drop_near_duplicates(ranked: Sequence[RankedHit], threshold: float = 0.8) -> list[RankedHit]:
    """Keep the best of passages that say the same thing (word 3-shingle Jaccard >= threshold),
    so repeated boilerplate cannot fill the prompt."""
    kept: list[tuple[RankedHit, set[tuple[str, ...]]]] = []
    for item in ranked:
        shingles = _shingles(item.hit.chunk.text)
        if all(len(shingles & other) / max(1, len(shingles | other)) < threshold for _, other in kept):
            kept.append((item, shingles))
    return [item for item, _ in kept]


def with_each_lists_best(ranked: Sequence[RankedHit], hits: Sequence[SearchHit], k: int,
                         threshold: float = 0.8) -> list[RankedHit]:
    """The first k of `ranked` (near duplicates dropped), and after them the passage found that BM25 ranks
    best, and the one the dense search ranks best, where the fusion left them out. RRF scores a passage that
    one list ranks first and the other does not find as it scores one both rank about sixtieth ("how long to
    boil" over the one paragraph that says "boil water for three minutes"; "longest password" over the
    guideline the dense search ranks first and BM25 tenth, sixth after fusion), and such a passage often answers.
    They come last and take no place: the fifth may be the section a number named ("section 64432.3")."""
    top = list(ranked[:k])
    for rank in (lambda h: h.lexical_rank, lambda h: h.dense_rank):
        best = min((h for h in hits if rank(h) is not None), key=lambda h: rank(h) or 0, default=None)
        if best is None or any(r.hit.chunk.chunk_id == best.chunk.chunk_id for r in top):
            continue
        candidate = [*top, RankedHit(best, best.score)]
        if len(drop_near_duplicates(candidate, threshold)) == len(candidate):
            top = candidate
    return top


def load_reranker(models_dir: Path, name: str) -> Reranker:
    """The configured cross-encoder; else the first one installed from the manifest; else none."""
    from operator_assistant.core.models import load_manifest, resolve_model, verify_model

    if name:
        return CrossEncoderReranker(resolve_model(models_dir, name, "reranker"))
    for spec in load_manifest(models_dir):
        if spec.role == "reranker" and not verify_model(spec, models_dir, use_cache=True):
            return CrossEncoderReranker(resolve_model(models_dir, spec.name, "reranker"))
    return NoReranker()
