"""The one rule for follow-up questions: what to search for.

The app, the evaluation and the regression tests all call `search_query`. Earlier turns
reach a follow-up only as this rewritten search text, never as earlier answer text.
"""

from __future__ import annotations

import re

from operator_assistant.core.tokenize import raw_tokens, tokenize

_FOLLOW_UP_START = re.compile(r"^\s*(and|also|what about|how about|same|then|but|or|so)\b", re.IGNORECASE)
_REFERS_BACK = re.compile(r"\b(it|its|that|those|these|them|this one|the same|there|ones?)\b", re.IGNORECASE)


def is_follow_up(question: str) -> bool:
    content = tokenize(question)
    return bool(_FOLLOW_UP_START.match(question)) or len(content) <= 2 or (
        len(content) <= 5 and bool(_REFERS_BACK.search(question)))


def identifiers(text: str) -> list[str]:
    """Tokens with both a letter and a digit: equipment tags, alarm codes, pump names."""
    return [t for t in raw_tokens(text) if any(c.isdigit() for c in t) and any(c.isalpha() for c in t)]


def search_query(question: str, previous: str | None) -> str:
    """The text to search for: a follow-up is read together with the question before it.

    Equipment the follow-up names replaces the equipment named before ("B-2 ...?" then
    "And for A-2 at the intake?"): left in, the earlier tag pulls the earlier document
    back to the top."""
    if not previous or not is_follow_up(question):
        return question
    named = {t.casefold() for t in identifiers(question)}
    if named:
        for old in set(identifiers(previous)):
            if old.casefold() not in named:
                previous = re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", "", previous)
    return f"{' '.join(previous.split())} {question}"
