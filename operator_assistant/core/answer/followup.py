"""The one rule for follow-up questions: what to search for.

The app, the evaluation and the regression tests all call `search_query`. Earlier turns
reach a follow-up only as this rewritten search text, never as earlier answer text.

A question is read with the one before only when it cannot stand alone: merged with an
unrelated question, a question that names its own subject is searched for the wrong thing
and refused with the other question's words. `tests/data/followups.jsonl` holds 40 of each
kind; `tests/unit/test_followup.py` holds the error counts.
"""

from __future__ import annotations

import re

from operator_assistant.core.tokenize import STOPWORDS, raw_tokens, tokenize

# Openers that leave out what is asked: the rest is read from the question before.
_ELLIPSIS_START = re.compile(r"^\s*(?:what about|how about|same)\b", re.IGNORECASE)
# Conjunctions that continue a conversation; what follows may still be a whole question.
_CONTINUATION_START = re.compile(r"^\s*(?:and|also|plus|but|or|so|then)\b[\s,]*", re.IGNORECASE)
# A whole question starts with a question word or an auxiliary verb ("at what level ...", "how do I ...");
# a fragment does not ("the low one?", "for A-2?", "if the bleach is 8.25%?").
_QUESTION_START = re.compile(
    r"^(?:(?:at|in|on|for|from|to|by|with|under|after|before|during|of)\s+)?"
    r"(?:what|which|when|where|who|whom|whose|why|how|is|are|was|were|do|does|did|can|could|should"
    r"|would|will|must|may|has|have|had|shall)\b", re.IGNORECASE)

_PRONOUNS = frozenset("it its itself they them their theirs themselves one ones there".split())
_DEMONSTRATIVES = frozenset("this that these those".split())
# "That" and "those" point at what was said; "this" and "these" as often at what is in front of the operator.
_DISTAL = frozenset("that those".split())

# Words that say what is asked (a quantity, a setting, a step, a time) or how, not what it is asked
# about. They need a subject; alone with a pronoun ("why is it set there?") they lean on the question before.
_GENERIC_WORDS = """
value values number setpoint setpoints set setting settings point level levels limit limits range minimum maximum
max min high low normal normally usual usually typical typically rate rated rating read reads reading unit units
amount much many long often time times hour hours minute minutes second seconds day days week weeks
step steps procedure sequence order reason mean means meaning cause causes happen happens
do does done use used uses need needs needed get gets make makes go goes going come comes take takes put keep
kept allow allowed able okay ok right correct safe enough way best default kind type thing things other
again first next last afterwards back away pressure flow temperature voltage current speed torque
alarm alarms trip trips tripped check checked test tested testing run runs running work works working
""".split()
_GENERIC = frozenset(stem for word in _GENERIC_WORDS for stem in tokenize(word))

# A question names a subject of its own with an identifier, or with this many words that are
# not question words, pronouns or generic words: a thing and what is done to it ("isolate the
# chlorinator before I service it"). Two are enough only before its first pronoun ("when is the
# weekly generator exercise and how long does it run?"): "can it be switched off during
# maintenance?" and "how long must it sit before flushing?" lean on the question before.
# Measured on tests/data/followups.jsonl and the answer sets' questions (BENCHMARKS.md, issue 25).
OWN_SUBJECT_WORDS = 3
# "the same" followed by one of these is a pronoun for what the question before asked about.
_SAME_AS_PRONOUN = frozenset("apply applies hold holds go goes thing true again".split())


def _is_identifier(word: str) -> bool:
    return any(c.isdigit() for c in word) and any(c.isalpha() for c in word)


def identifiers(text: str) -> list[str]:
    """Tokens with both a letter and a digit: equipment tags, alarm codes, pump names."""
    return [t for t in raw_tokens(text) if _is_identifier(t)]


def _subject_words(words: list[str]) -> int:
    """How much of a subject these words name: an identifier counts as a whole one."""
    count = 0
    for word in words:
        if _is_identifier(word):
            count += OWN_SUBJECT_WORDS
        elif len(word) > 1:  # not the "s" of "what's"
            count += sum(stem not in _GENERIC for stem in tokenize(word))
    return count


def own_words(question: str) -> int:
    """How many words of a subject a question names in plain words, identifiers left out."""
    return _subject_words([w for w in raw_tokens(question) if not _is_identifier(w)])


def _points_back(words: list[str], previous: str | None) -> bool:
    """A demonstrative or "the same" that stands for something the question does not name.

    "Does the same apply to the intake pumps?", "is that the same on filter 6?" and "after
    testing those, ..." point back; "the same polymer dose" and "the same as its alarm" compare
    within the question. A demonstrative with a noun may point at what is in front of the
    operator ("this generator", "these modules"): "that" or "those" with a noun points back only
    when the question before named that noun too ("... argon-41 monitor?" then "at what reading
    does that monitor ...")."""
    lower = [w.casefold() for w in words]
    earlier = {stem for stem in tokenize(previous or "") if stem not in _GENERIC}
    for i, word in enumerate(lower):
        after = lower[i + 1:]
        if word == "same" and i > 0 and lower[i - 1] == "the":
            if not after or after[0] in _SAME_AS_PRONOUN or (after[0] in STOPWORDS and after[0] != "as"):
                return True
        if word in _DEMONSTRATIVES and _subject_words(words[:i]) == 0:
            phrase = []  # its own noun phrase: the words after it up to the first function word
            for w in words[i + 1:]:
                if w.casefold() in STOPWORDS or w.casefold() in _DEMONSTRATIVES:
                    break
                phrase.append(w)
            if not phrase:
                return True
            if (word in _DISTAL and _subject_words(phrase) < OWN_SUBJECT_WORDS
                    and earlier.intersection(tokenize(" ".join(phrase)))):
                return True
    return False


def is_follow_up(question: str, previous: str | None = None) -> bool:
    """Whether a question cannot stand alone and is read with the one before it.

    It cannot when it leaves out what is asked ("what about pump 3?", "and the low one?"), when it carries the
    conversation on ("and", "so") and names less than a subject of its own ("so how far back does the sheave go?"),
    when a demonstrative or "the same" stands for something it does not name, or when it names
    no subject of its own (an identifier, three words that are not generic, or two before its
    first pronoun) and has a pronoun ("why is it set there?"), or names nothing at all ("in
    what order?"). A question that names its own subject stands alone whatever pronouns it
    has ("before charging it, how is a refrigeration system evacuated?"). `previous` only tells
    whether "that" or "those" with a noun points at something the question before named."""
    if _ELLIPSIS_START.match(question):
        return True
    continued = _CONTINUATION_START.match(question)
    if continued:
        rest = question[continued.end():]
        # "So how far back does the first sheave need to be?": the conjunction carries the conversation on,
        # and the question names too little of a subject to stand alone
        if not _QUESTION_START.match(rest) or _subject_words(raw_tokens(rest)) < OWN_SUBJECT_WORDS:
            return True
        question = rest
    words = raw_tokens(question)
    if _points_back(words, previous):
        return True
    if _subject_words(words) >= OWN_SUBJECT_WORDS:
        return False
    pronouns = [i for i, w in enumerate(words) if w.casefold() in _PRONOUNS or w.casefold() in _DEMONSTRATIVES]
    if not pronouns:  # "in what order?", "what is the low alarm?"; "how do I reset the VFD?" names its subject
        return _subject_words(words) == 0
    # a pronoun after a subject of two words reads as that subject ("... the weekly generator exercise
    # and how long does it run?"); before it, or with one word, it leans on the question before
    return _subject_words(words[:pronouns[0]]) < OWN_SUBJECT_WORDS - 1


def search_query(question: str, previous: str | None) -> str:
    """The text to search for: a follow-up is read together with the question before it.

    Equipment the follow-up names replaces the equipment named before ("B-2 ...?" then
    "And for A-2 at the intake?"): left in, the earlier tag pulls the earlier document
    back to the top."""
    if not previous or not is_follow_up(question, previous):
        return question
    named = {t.casefold() for t in identifiers(question)}
    if named:
        for old in set(identifiers(previous)):
            if old.casefold() not in named:
                previous = re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", "", previous)
    return f"{' '.join(previous.split())} {question}"
