"""The model's wording of a card: a short prompt from the card's evidence only, a grammar
that keeps its figures to the evidence's, and the checks its text must pass to be shown.

The model never sees whole passages or earlier answers: only the card's cells, steps or
sentences and the question. A llama.cpp grammar (GBNF) lets it write a digit only inside
a number or identifier copied from that evidence, and citation markers only for the
card's sources. What it writes is then checked sentence by sentence; one failed check
and the whole wording is left out, with a note, and the card stands alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from operator_assistant.core.answer.claims import MARKER, claims_in, is_verified, passage_facts, sentences
from operator_assistant.core.answer.policy import DEFAULT_POLICY, AnswerPolicy
from operator_assistant.core.answer.records import TABLE, Card, CardCell, is_refusal
from operator_assistant.core.llm.base import Message
from operator_assistant.core.tokenize import canonical, raw_tokens, tokenize
from operator_assistant.core.units import normalise_unit

# First in every prompt and never changed, so llama.cpp keeps its state from one question to the next.
RULES = ("You help a water plant operator. Answer the question in one or two short sentences, using only the facts "
         "given. Copy numbers, units and tags exactly as the facts write them. End each sentence with its source "
         "number in brackets, like [1]. Add nothing that is not in the facts.")


@dataclass(frozen=True)
class Wording:
    text: str  # the checked wording to show, or ""
    note: str  # why it was left out, or ""
    claims: int  # numbers and identifiers it wrote


def evidence_lines(card: Card) -> list[str]:
    """The card as lines of facts for the prompt: table rows spelled out with their column names and units."""
    if card.kind == TABLE:
        lines = []
        for row, units in zip(card.rows, card.units or [()] * len(card.rows)):
            parts = []
            for n, (column, cell) in enumerate(zip(card.columns[1:], row[1:]), start=1):
                unit = units[n] if n < len(units) else ""
                if not cell.text or column.strip().casefold() in ("unit", "units"):
                    continue
                with_unit = unit and any(c.isdigit() for c in cell.text) and not cell.text.endswith(unit)
                shown = f"{cell.text} {unit}" if with_unit else cell.text
                parts.append(f"{column} {shown}")
            lines.append(f"{row[0].text}: {', '.join(parts)} [{row[0].source}]")
        return lines
    return [f"{cell.text} [{cell.source}]" for cell in card.cells]


def build_prompt(question: str, card: Card, count_tokens: Callable[[str], int],
                 policy: AnswerPolicy = DEFAULT_POLICY) -> tuple[list[Message], int]:
    """(messages, prompt tokens): the fixed rules, then the facts that fit the budget, then the question."""
    lines = evidence_lines(card)
    head = f"Facts from {card.title}:" if card.title else "Facts:"

    def user(kept: list[str]) -> str:
        return "\n".join([head, *kept, "", f"Question: {question}"])

    fixed = count_tokens(RULES) + 16  # the chat template's own tokens
    kept = list(lines)
    while len(kept) > 1 and fixed + count_tokens(user(kept)) > policy.prompt_tokens:
        kept.pop()
    messages: list[Message] = [{"role": "system", "content": RULES}, {"role": "user", "content": user(kept)}]
    return messages, fixed + count_tokens(user(kept))


def _literal(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


_FIGURE = re.compile(r"\d(?:[\d.,/:-]*\d)?")


def grammar(card: Card) -> str:
    """GBNF: free text without digits or brackets, the figures of the card verbatim, and its markers.

    A figure is the run from the first digit to the last of a number or tag ("118", "2102",
    "1,200", "0.25"); letters around it are free text, so a tag the card does not hold
    ("PT-305") can only be written with a figure the card does hold, and the check after
    generation finds it. Every figure starts with a digit and no free text holds one, so
    the grammar stays unambiguous and llama.cpp samples it quickly."""
    figures: dict[str, None] = {}
    for line in evidence_lines(card) + [card.title]:
        for _, _, start, end in claims_in(MARKER.sub(" ", line)):
            for m in _FIGURE.finditer(MARKER.sub(" ", line)[start:end]):
                figures[m.group()] = None
    markers = " | ".join(_literal(f"[{n}]") for n in card.sources) or _literal("[1]")
    rules = ["root ::= piece+", "piece ::= text | marker" + (" | figure" if figures else ""),
             r"text ::= [^0-9\[\]\x0A]", f"marker ::= {markers}"]
    if figures:
        rules.append("figure ::= " + " | ".join(_literal(v) for v in figures))
    return "\n".join(rules) + "\n"


def card_facts(card: Card) -> set[str]:
    """Numbers (with and without their unit) and identifiers the card holds."""
    facts = passage_facts("\n".join([*evidence_lines(card), card.part]))
    for row, units in zip(card.rows, card.units):
        for cell, unit in zip(row, units):
            for kind, value, _, _ in claims_in(cell.text):
                if kind == "num" and unit:
                    facts.add(f"{value.split('|')[0]}|{normalise_unit(unit)}")
    return facts


def _words(text: str) -> set[str]:
    return set(tokenize(MARKER.sub(" ", text)))


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def _misplaced_figure(sentence: str, card: Card) -> str:
    """A figure the sentence gives that the card does not hold where the sentence puts it, or "".

    In a table card each figure must sit in a row the sentence names (when the card has
    more than one row) and in a column whose name shares a word with the sentence (when
    it has more than one column of values): "the alarm threshold is 125 psi" is refused
    when 125 is B-1's high-high trip."""
    if card.kind != TABLE:
        return ""
    words = _words(sentence)
    named = {canonical(t) for t in raw_tokens(sentence)}
    value_columns = [n for n in range(1, len(card.columns))
                     if any(n < len(row) and any(ch.isdigit() for ch in row[n].text) for row in card.rows)]
    for kind, value, start, end in claims_in(MARKER.sub(" ", sentence)):
        if kind != "num":
            continue
        number = value.split("|")[0]
        places = [(r, n) for r, row in enumerate(card.rows) for n, cell in enumerate(row)
                  if number in {v.split("|")[0] for k, v, _, _ in claims_in(cell.text) if k == "num"}]
        rows_ok = [(r, n) for r, n in places if len(card.rows) == 1 or _names_row(card.rows[r], named, words)]
        cols_ok = [(r, n) for r, n in rows_ok if len(value_columns) <= 1 or n == 0
                   or words & set(tokenize(card.columns[n]))]
        if not cols_ok:
            return MARKER.sub(" ", sentence)[start:end]
    return ""


def _names_row(row: Sequence[CardCell], named: set[str], words: set[str]) -> bool:
    label = row[0].text if row else ""
    tags = {canonical(t) for c in row for t in raw_tokens(c.text)
            if any(ch.isdigit() for ch in t) and any(ch.isalpha() for ch in t)}
    label_words = set(tokenize(label))
    return bool(tags & named) or bool(label_words and not any(ch.isdigit() for ch in label) and label_words <= words)


def check_wording(text: str, card: Card, question: str = "", earlier_answers: Sequence[str] = (),
                  policy: AnswerPolicy = DEFAULT_POLICY) -> Wording:
    """The model's text if every sentence passes the checks, else "" with the reason."""
    text = text.strip()
    found = claims_in(MARKER.sub(" ", text))
    if not text:
        return Wording("", "", 0)
    if is_refusal(text):
        return Wording("", "The model's wording was left out: it said the documents do not answer this, "
                           "but they say what the card shows.", len(found))
    facts = card_facts(card)
    for kind, value, start, end in found:
        if not is_verified(kind, value, facts):
            shown = MARKER.sub(" ", text)[start:end]
            return Wording("", f"The model's wording was left out: it wrote {shown!r}, which is not in the cited text.",
                           len(found))
    bodies = [MARKER.sub(" ", text[s:e]).strip() for s, e in sentences(text)]
    words = [_words(b) for b in bodies]
    for i in range(len(words)):
        for j in range(i):
            if _jaccard(words[i], words[j]) >= policy.repeat_jaccard:
                return Wording("", "The model's wording was left out: it repeated itself.", len(found))
    lines = [_words(line) for line in evidence_lines(card)]
    evidence = set().union(*lines, _words(card.title), _words(question))
    earlier = [_words(answer[s:e]) for answer in earlier_answers for s, e in sentences(answer)]
    for body, own in zip(bodies, words):
        # a sentence of an earlier answer that this card does not also say
        if any(_jaccard(own, old) >= policy.repeat_jaccard for old in earlier) and not any(
                _jaccard(own, line) >= policy.repeat_jaccard for line in lines):
            return Wording("", "The model's wording was left out: it repeated an earlier answer.", len(found))
        if own and len(own & evidence) < policy.wording_support * len(own):
            return Wording("", "The model's wording was left out: it said things the card does not say.", len(found))
        if misplaced := _misplaced_figure(body, card):
            return Wording("", f"The model's wording was left out: it gave {misplaced!r} without the row and column "
                               "the card has it in.", len(found))
    return Wording(text, "", len(found))
