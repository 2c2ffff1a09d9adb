"""Dense embedders. The interface is small so that any sentence-transformers model
an admin puts in models/ can be used."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from operator_assistant.core.models import FETCH_HINT, ResolvedModel
from operator_assistant.errors import Cancelled, ModelError

log = logging.getLogger("retrieval")


class Embedder(Protocol):
    model_id: str
    dimension: int

    def embed(self, texts: Sequence[str], progress: Callable[[int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> np.ndarray:
        """Unit-length float32 vectors, one row per text."""

    def embed_query(self, text: str) -> np.ndarray: ...


class SentenceTransformerEmbedder:
    """A sentence-transformers model loaded from a local folder, never from a hub."""

    def __init__(self, model: ResolvedModel, batch_size: int = 32) -> None:
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        try:
            self._model = SentenceTransformer(str(model.path), device="cpu", local_files_only=True)
        except Exception as exc:  # any load failure means the files are not a usable model
            raise ModelError(f"embedder {model.name} at {model.path} could not be loaded: {exc}", FETCH_HINT) from exc
        self.model_id = model.model_id
        self.dimension = int(self._model.get_embedding_dimension())
        self.batch_size = batch_size

    def embed(self, texts: Sequence[str], progress: Callable[[int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> np.ndarray:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        # Batches of a few hundred keep cancel responsive; the model sorts by length inside.
        step = self.batch_size * 8
        for start in range(0, len(texts), step):
            if cancel is not None and cancel():
                raise Cancelled()
            batch = list(texts[start:start + step])
            out[start:start + len(batch)] = self._model.encode(
                batch, batch_size=self.batch_size, normalize_embeddings=True,
                convert_to_numpy=True, show_progress_bar=False,
            )
            if progress is not None:
                progress(start + len(batch))
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]


def load_embedder(model: ResolvedModel, batch_size: int = 32) -> Embedder:
    return SentenceTransformerEmbedder(model, batch_size)
