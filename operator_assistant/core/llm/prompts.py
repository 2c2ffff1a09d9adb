"""Prompt building: system rules, numbered sources, a token budget from the context size."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from operator_assistant.core.llm.base import Message

REFUSAL = "I don't have that information in the provided documents."

SYSTEM_RULES = f"""You are Operator Assistant. You answer questions from water plant operators using ONLY the numbered sources you are given.
Rules:
1. Use only facts from the sources. Never use outside knowledge.
2. After each sentence, cite the source it comes from with its number in square brackets, like [1] or [2].
3. If the sources do not contain the answer, reply exactly: {REFUSAL}
4. Write procedures as numbered steps, one step per line.
5. Quote setpoints, units and tag numbers exactly as the sources write them.
6. Keep the answer short."""


@dataclass(frozen=True)
class PromptSource:
    number: int
    title: str
    section: tuple[str, ...]
    pages: tuple[int, ...]
    text: str

    def header(self) -> str:
        where = " > ".join(s for s in self.section if s != self.title)
        page = ""
        if self.pages:
            page = f", page {self.pages[0]}" if len(self.pages) == 1 else f", pages {self.pages[0]}-{self.pages[-1]}"
        return f"[{self.number}] {self.title}" + (f" - {where}" if where else "") + page


@dataclass(frozen=True)
class Prompt:
    messages: list[Message]
    sources: list[PromptSource]  # what fitted, in order
    tokens: int


def _tidy(text: str) -> str:
    # PDF lines and table pipes cost tokens and say nothing to the model
    text = re.sub(r"[ \t]+", " ", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def _fit(text: str, budget: int, count: Callable[[str], int]) -> str:
    """The longest prefix of whole sentences (or lines) that fits the token budget."""
    if count(text) <= budget:
        return text
    pieces = re.split(r"(?<=[.!?\n])\s+", text)
    kept: list[str] = []
    for piece in pieces:
        if count(" ".join(kept + [piece])) > budget:
            break
        kept.append(piece)
    return " ".join(kept)


def build_prompt(
    question: str,
    sources: Sequence[PromptSource],
    count_tokens: Callable[[str], int],
    context_size: int,
    max_answer_tokens: int,
    history: Sequence[Message] = (),
) -> Prompt:
    """System rules, recent conversation and as many sources as fit, best first."""
    reserve = max_answer_tokens + 64  # chat-template overhead and a safety margin
    fixed = count_tokens(SYSTEM_RULES) + count_tokens(question) + sum(count_tokens(m["content"]) for m in history)
    budget = context_size - reserve - fixed
    kept: list[PromptSource] = []
    blocks: list[str] = []
    for source in sources:
        block_text = _tidy(source.text)
        header = source.header()
        cost = count_tokens(header) + 4
        room = budget - cost
        if room < 40:
            break
        fitted = _fit(block_text, room, count_tokens)
        if not fitted:
            break
        number = len(kept) + 1
        kept.append(PromptSource(number, source.title, source.section, source.pages, fitted))
        blocks.append(f"{kept[-1].header()}\n{fitted}")
        budget -= cost + count_tokens(fitted)
    user = "Sources:\n\n" + "\n\n".join(blocks) + f"\n\nQuestion: {question}\nAnswer using the sources and cite them."
    messages: list[Message] = [{"role": "system", "content": SYSTEM_RULES}, *history, {"role": "user", "content": user}]
    return Prompt(messages, kept, sum(count_tokens(m["content"]) for m in messages))
