"""Checking the citations a small model writes.

Each answer sentence is matched to the passages that support it (lexical overlap of
content tokens plus embedding similarity). Markers that point at passages which do
not support the sentence are dropped, missing ones are added, and every number,
unit and identifier that appears in none of the cited passages is flagged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from operator_assistant.core.tokenize import canonical, tokenize

MARKER = re.compile(r"\s?\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]")
# A sentence ends at . ! or ? (and any markers right after it) followed by whitespace.
_BOUNDARY = re.compile(r"(?<=[.!?])(?:\s?\[\d{1,2}(?:\s*,\s*\d{1,2})*\])*(?=\s+\S)")
LIST_PREFIX = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*\u2022])\s+")
# A number with an optional unit, or a plant identifier (letters and digits joined by -, _ or /).
_IDENT = r"[A-Za-z]{1,6}\d*(?:[-_/][A-Za-z0-9]+)+|[A-Za-z]+\d+[A-Za-z0-9]*"
_UNIT = (r"psi|kpa|bar|mg/l|ppm|gpm|gal|l/s|mgd|ft|m|in|mm|%|percent|deg\s?c|deg\s?f|°c|°f|ma|v|kv|a|hp|kw|rpm|"
         r"hours?|hrs?|h|minutes?|min|seconds?|s|sec|days?|ft-lb|lb|lbs|ntu|turns?")
CLAIM = re.compile(rf"(?<![\w.])(?P<ident>{_IDENT})(?![\w])|(?<![\w.,])(?P<num>\d+(?:[.,]\d+)*)(?:\s?(?P<unit>{_UNIT})(?![\w/]))?",
                   re.IGNORECASE)


@dataclass(frozen=True)
class Claim:
    text: str
    start: int  # offsets in the checked answer text
    end: int


@dataclass
class CheckedAnswer:
    text: str  # answer with corrected markers, numbered 1..n in order of first use
    cited: list[int]  # indexes into the passages list, in the order of their new numbers
    unverified: list[Claim] = field(default_factory=list)
    added: int = 0  # markers added where the model left them out
    dropped: int = 0  # markers removed because the passage does not support the sentence
    claims: int = 0  # numbers and identifiers checked


def _content_tokens(text: str) -> set[str]:
    return set(tokenize(MARKER.sub(" ", text)))


def lexical_support(sentence: str, passage_tokens: set[str]) -> float:
    tokens = _content_tokens(sentence)
    return len(tokens & passage_tokens) / len(tokens) if tokens else 0.0


def _normalize_number(text: str) -> str:
    return text.replace(",", "")


def claims_in(text: str) -> list[tuple[str, str, int, int]]:
    """(kind, normalized form, start, end) of numbers and identifiers, skipping list numbering."""
    found = []
    for m in CLAIM.finditer(text):
        if m.group("ident"):
            value = m.group("ident")
            if not any(c.isdigit() for c in value):
                continue
            found.append(("ident", canonical(value), m.start(), m.end()))
        else:
            line_start = text.rfind("\n", 0, m.start()) + 1
            if LIST_PREFIX.match(text[line_start:m.end() + 2]) and text[line_start:m.start()].strip() == "":
                continue  # "1." starting a step
            unit = (m.group("unit") or "").lower().replace(" ", "")
            found.append(("num", f"{_normalize_number(m.group('num'))}|{unit}", m.start(), m.end()))
    return found


def passage_facts(passage: str) -> set[str]:
    """Numbers (with and without their unit) and identifiers of a passage, read with its line
    breaks as spaces: a PDF line may end between a number and its unit."""
    passage = " ".join(passage.split())
    facts = set()
    for kind, value, _, _ in claims_in(passage):
        facts.add(value)
        if kind == "num":
            facts.add(value.split("|")[0] + "|")  # the number alone
    for raw in re.findall(r"[A-Za-z0-9]+(?:[-_/.][A-Za-z0-9]+)*", passage):
        facts.add(canonical(raw))
    return facts


def is_verified(kind: str, value: str, facts: set[str]) -> bool:
    if kind == "ident":
        return value in facts
    number, unit = value.split("|")
    return value in facts if unit else f"{number}|" in facts


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence, without surrounding whitespace; a line break always ends one."""
    spans = []
    offset = 0
    for line in text.split("\n"):
        start = 0
        for m in _BOUNDARY.finditer(line):
            if LIST_PREFIX.fullmatch(line[start:m.end()] + " "):
                continue  # "1." opening a step is not a sentence
            spans.append((offset + start, offset + m.end()))
            start = m.end()
        spans.append((offset + start, offset + len(line)))
        offset += len(line) + 1
    cleaned = []
    for start, end in spans:
        piece = text[start:end]
        lead, trail = len(piece) - len(piece.lstrip()), len(piece) - len(piece.rstrip())
        if piece.strip():
            cleaned.append((start + lead, end - trail))
    return cleaned


def check_citations(
    answer: str,
    passages: Sequence[str],
    passage_vectors: np.ndarray | None = None,
    embed: Callable[[list[str]], np.ndarray] | None = None,
    keep_threshold: float = 0.3,
    add_threshold: float = 0.4,
    exempt: Sequence[str] = (),
) -> CheckedAnswer:
    """Fix the [n] markers of `answer` (numbered from 1 over `passages`) and flag unsupported claims."""
    passage_tokens = [set(tokenize(p)) for p in passages]
    passage_facts = [passage_facts(p) for p in passages]
    spans = sentences(answer)
    bodies = [MARKER.sub("", answer[s:e]).strip() for s, e in spans]
    similarity = np.zeros((len(spans), len(passages)))
    if embed is not None and passage_vectors is not None and len(passages) and spans:
        vectors = embed([b or "-" for b in bodies])
        similarity = np.clip(vectors @ passage_vectors.T, 0.0, 1.0)
    out: list[str] = []
    cited_order: list[int] = []
    added = dropped = 0
    claims: list[tuple[str, str, int, int, list[int]]] = []
    pos = 0
    for row, (start, end) in enumerate(spans):
        out.append(answer[pos:start])
        piece = answer[start:end]
        body = bodies[row]
        support = [0.5 * lexical_support(body, passage_tokens[j]) + 0.5 * similarity[row, j]
                   if embed is not None else lexical_support(body, passage_tokens[j]) for j in range(len(passages))]
        wanted = []
        for m in MARKER.finditer(piece):
            for n in (int(x) for x in m.group(1).split(",")):
                j = n - 1
                if 0 <= j < len(passages) and support[j] >= keep_threshold and j not in wanted:
                    wanted.append(j)
                else:
                    dropped += 1
        needs_source = len(_content_tokens(body)) >= 3 and not any(e.casefold() in body.casefold() for e in exempt)
        if not wanted and needs_source and passages:
            best = int(np.argmax(support))
            if support[best] >= add_threshold:
                wanted.append(best)
                added += 1
        for j in wanted:
            if j not in cited_order:
                cited_order.append(j)
        clean = MARKER.sub("", piece).rstrip()
        rebuilt_start = sum(len(p) for p in out)
        for kind, value, cs, ce in claims_in(clean):
            claims.append((kind, value, rebuilt_start + cs, rebuilt_start + ce, wanted))
        markers = "".join(f"[{cited_order.index(j) + 1}]" for j in wanted)
        if markers and clean[-1:] in ".!?":
            clean = f"{clean[:-1]} {markers}{clean[-1]}"  # "... 85 psi [1]."
        elif markers:
            clean = f"{clean} {markers}"
        out.append(clean)
        pos = end
    out.append(answer[pos:])
    text = "".join(out)
    unverified = []
    for kind, value, cs, ce, wanted in claims:
        facts = [passage_facts[j] for j in wanted] or passage_facts
        if not any(is_verified(kind, value, f) for f in facts):
            unverified.append(Claim(text[cs:ce], cs, ce))
    return CheckedAnswer(text, cited_order, unverified, added, dropped, len(claims))
