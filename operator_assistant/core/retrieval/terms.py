"""Words of a question that no indexed document contains.

A question about fluoride, ozone or overtime pay in a plant whose documents never
mention them can still look close to a dosing or a staffing section (MiniLM places
"fluoride dose" near "hypochlorite dose"). What gives it away is the subject word
itself: it is in no document. Only words that are uncommon in English count, so that
"nobody", "thing" or "big" in a paraphrased question do not; the frequencies come
from the wordfreq package (its small English list ships with it, no download).
"""

from __future__ import annotations

from collections.abc import Collection

from operator_assistant.core.tokenize import tokenize

# Zipf frequency 4.0 is 10 occurrences per million words of general English: "pump" is
# 4.3, "fluoride" 3.3, "orthophosphate" is not in the list at all (0).
RARER_THAN = 4.0


def _words(text: str) -> list[str]:
    from wordfreq import tokenize as split_words

    out = []
    for word in split_words(text, "en"):
        word = word.removesuffix("'s").removesuffix("\u2019s")
        if len(word) >= 2 and word.isalpha():
            out.append(word)
    return list(dict.fromkeys(out))


def load_word_list() -> None:
    """Read the English word list now (about 0.2 s), not at the first question."""
    from wordfreq import zipf_frequency

    zipf_frequency("pump", "en", wordlist="small")


def unfamiliar_terms(question: str, vocabulary: Collection[str], rarer_than: float = RARER_THAN) -> list[str]:
    """Uncommon words of `question` none of whose index terms is in `vocabulary` (the BM25 terms)."""
    from wordfreq import zipf_frequency

    if not vocabulary:
        return []
    found = []
    for word in _words(question):
        terms = tokenize(word)
        if terms and not any(t in vocabulary for t in terms) and zipf_frequency(word, "en", wordlist="small") < rarer_than:
            found.append(word)
    return found
