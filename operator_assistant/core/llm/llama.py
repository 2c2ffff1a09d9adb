"""llama.cpp backend (llama-cpp-python) for any GGUF model in models/.

The chat template comes from the GGUF file itself. One model instance serves one
generation at a time: the lock is held for the whole stream.
It must not load weights from anywhere but models/, and never from the network.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

from operator_assistant.core.llm.base import Message
from operator_assistant.core.models import FETCH_HINT, ResolvedModel
from operator_assistant.errors import Cancelled, ModelError

log = logging.getLogger("llm")


def find_gguf(model: ResolvedModel) -> str:
    files = sorted(model.path.glob("*.gguf")) if model.path.is_dir() else [model.path]
    if not files:
        raise ModelError(f"no .gguf file in {model.path}", FETCH_HINT)
    return str(files[0])


class LlamaCppModel:
    def __init__(self, model: ResolvedModel, context_size: int = 2048, threads: int = 0, seed: int = 0,
                 repeat_penalty: float = 1.0) -> None:
        try:
            from llama_cpp import Llama
        except ImportError as exc:  # the native library failed to build or load
            raise ModelError("llama-cpp-python is not installed or its native library does not load",
                             "reinstall the application (make setup)") from exc
        path = find_gguf(model)
        try:
            self._llama = Llama(model_path=path, n_ctx=context_size, n_threads=threads or os.cpu_count() or 1,
                                n_batch=512, seed=seed, flash_attn=True, verbose=False)
        except (ValueError, RuntimeError, OSError) as exc:
            raise ModelError(f"language model {model.name} could not be loaded from {path}: {exc}", FETCH_HINT) from exc
        self.model_id = model.model_id
        self.context_size = context_size
        self.repeat_penalty = repeat_penalty  # small models loop on numbered steps without it
        self._lock = threading.Lock()

    def count_tokens(self, text: str) -> int:
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def stream(self, messages: Sequence[Message], max_tokens: int, temperature: float,
               cancel: Callable[[], bool] | None = None, grammar: str | None = None) -> Iterator[str]:
        with self._lock:
            rules = None
            if grammar is not None:
                from llama_cpp import LlamaGrammar

                rules = LlamaGrammar.from_string(grammar, verbose=False)
            # Any: our Message is llama_cpp's message shape, and its return type does not narrow to a
            # stream (a generator) on stream=True
            chunks: Any = self._llama.create_chat_completion(
                messages=cast(Any, list(messages)), stream=True, max_tokens=max_tokens, temperature=temperature,
                top_p=0.95 if temperature > 0 else 1.0, top_k=40 if temperature > 0 else 1,
                repeat_penalty=self.repeat_penalty, grammar=rules,
            )
            try:
                for chunk in chunks:
                    if cancel is not None and cancel():
                        raise Cancelled()
                    piece = chunk["choices"][0]["delta"].get("content")
                    if piece:
                        yield piece
            finally:
                chunks.close()  # stops llama.cpp between tokens when we leave early


def load_llm(model: ResolvedModel, context_size: int, threads: int = 0, repeat_penalty: float = 1.0) -> LlamaCppModel:
    """The model; `repeat_penalty` is the answer stage's (its policy), 1.0 repeats freely."""
    return LlamaCppModel(model, context_size, threads, repeat_penalty=repeat_penalty)
