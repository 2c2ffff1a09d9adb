"""The language model interface: chat messages in, a plain generator of text pieces out.

The interface must not depend on a backend; backends must not reach the network.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TypedDict


class Message(TypedDict):
    role: str  # "system", "user" or "assistant"
    content: str


class LanguageModel(Protocol):
    model_id: str
    context_size: int

    def count_tokens(self, text: str) -> int: ...

    def stream(self, messages: Sequence[Message], max_tokens: int, temperature: float,
               cancel: Callable[[], bool] | None = None, grammar: str | None = None) -> Iterator[str]:
        """Yield text pieces as they are generated; stop between tokens when `cancel()` is true.
        `grammar` (GBNF) restricts what may be generated."""
