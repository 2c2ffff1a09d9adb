"""Lexical tokenizer for BM25: prose is lowercased, stopped and stemmed; plant
identifiers (VLV-3042-B, P-101A, CL2-ALM-07, 4-20 mA) are kept whole, in a form
without separators, and their parts are indexed too.
The same tokens are used at index and query time; it must not depend on the corpus.
"""

from __future__ import annotations

import re
from functools import lru_cache

import Stemmer

# Words joined by -, _, / or . into one compound ("VLV-3042-B", "4-20", "3.5").
_TOKEN = re.compile(r"[^\W_]+(?:[-_/.][^\W_]+)*")
_SEPARATORS = re.compile(r"[-_/.]")
# A point between two digits is a decimal point, not a separator: "2.5Hz" is not "25Hz".
_JOINERS = re.compile(r"[-_/]|\.(?!(?<=\d\.)\d)")
_ALPHA_DIGIT_RUNS = re.compile(r"\d+|[^\W\d_]+")
_DECIMAL = re.compile(r"^\d+(?:\.\d+)+$")

# Common English function words; a short list of our own, kept with the tokenizer.
STOPWORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further
had has have having he her here hers herself him himself his how i if in into is it its itself
just me more most my myself no nor not now of off on once only or other our ours ourselves out
over own same she should so some such than that the their theirs them themselves then there
these they this those through to too under until up very was we were what when where which
while who whom why will with would you your yours yourself yourselves also may might must shall
""".split())

_stemmer = Stemmer.Stemmer("english")


@lru_cache(maxsize=200_000)
def _stem(word: str) -> str:
    return _stemmer.stemWord(american(word))


# British spellings are read as the American ones, at index and query time alike, so that either finds the other
# ("sulphate" / "sulfate", "metres" / "meters", "colour" / "color", "energised" / "energized"): a plant's library
# mixes manuals written both ways, and an operator types one.
_BRITISH = [(re.compile(p), r) for p, r in (
    (r"sulph", "sulf"), (r"aluminium", "aluminum"), (r"manoeuvr", "maneuver"),
    (r"(colo|behavio|vapo|odo|labo|neighbo|harbo|favo|hono|flavo|armo|rigo|humo|tumo|vigo)ur", r"\1r"),
    (r"(met|lit|cent|fib|calib|lust|theat|meag|somb|spect|sab)r(ed|ing)$", r"\1er\2"),
    (r"(met|lit|cent|fib|calib|lust|theat|meag|somb|spect|sab)re", r"\1er"),
    (r"^programme(s)?$", r"program\1"), (r"^(catalog|analog|dialog)ue(s|d)?$", r"\1\2"),
    (r"^(defen|offen|licen|preten)ce(s|d)?$", r"\1se\2"), (r"^mould", "mold"), (r"^plough", "plow"),
    (r"^grey", "gray"), (r"^tyre", "tire"))]
# A verb's -ise or -yse ("organise", "analysed", "parameterisation") is -ize or -yze where English writes that
# more often: "rise", "noise", "advise" and "expertise" have no such twin.
_ISE = re.compile(r"(?<=[a-z]{2})([iy])s(e|es|ed|ing|er|ers|ation|ations)$")


@lru_cache(maxsize=200_000)
def american(word: str) -> str:
    """A lowercase word in its American spelling (kept: ingest asks it of every part of every compound word)."""
    for pattern, replacement in _BRITISH:
        word = pattern.sub(replacement, word)
    if (m := _ISE.search(word)) is not None:
        from wordfreq import zipf_frequency

        twin = f"{word[:m.start()]}{m.group(1)}z{m.group(2)}"
        if zipf_frequency(twin, "en") >= max(zipf_frequency(word, "en"), TWIN_ZIPF):
            return twin
    return word


# How common (Zipf) the -ize twin must be to be a word at all.
TWIN_ZIPF = 1.5


def _has_digit(text: str) -> bool:
    return any(c.isdigit() for c in text)


def canonical(token: str) -> str:
    """The whole form of an identifier: lowercase, no separators ("VLV-3042-B" -> "vlv3042b"), a decimal point
    kept ("2.5Hz" -> "2.5hz", which is not "25hz")."""
    return _JOINERS.sub("", token.lower())


def _expand(raw: str) -> list[str]:
    token = raw.lower()
    if _DECIMAL.match(token):
        return [token]  # 3.5 stays a number
    segments = [s for s in _SEPARATORS.split(token) if s]
    compound = len(segments) > 1
    if not compound and not _has_digit(token):
        return [] if token in STOPWORDS else [_stem(token)]
    whole = canonical(token)
    # "de-energised" is "de-energized" whole too
    out = [whole if _has_digit(whole) or not compound else "".join(american(s) for s in segments)]
    parts: list[str] = []
    for segment in segments if compound else [token]:
        if compound:
            parts.append(segment)
        runs = _ALPHA_DIGIT_RUNS.findall(segment)
        if len(runs) > 1:
            parts.extend(runs)
    for part in parts:
        if part in STOPWORDS or part == out[0]:
            continue
        out.append(part if _has_digit(part) else _stem(part))
    return out


# Hyphens as typeset documents write them (U+2010 hyphen, U+2011 non-breaking, U+2012 figure dash, U+2013 en
# dash, U+2212 minus), read as the hyphen a keyboard types: a PDF's "OPS\u201027" is the "OPS-27" an operator
# asks for; subscript digits likewise ("H\u2082S" is the "H2S" typed). One character for one, so offsets into
# the text stay the same.
_TYPESET = str.maketrans("\u2010\u2011\u2012\u2013\u2212\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089",
                        "-----0123456789")
# A superscript digit after a letter is part of a name or unit ("I\u00b2t", "mm\u00b2", "Ar\u2074\u00b9"), typed
# as a digit; after a figure it is a power ("10\u2076" is not 106) and stays.
_SUPERSCRIPTS = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
_SUPERSCRIPT_AFTER_LETTER = re.compile(rf"(?<=[^\W\d_])[{_SUPERSCRIPTS}]+")


def fold_typeset(text: str) -> str:
    """Typeset hyphens and subscript digits, and a name's superscript digits, as a keyboard types them."""
    text = text.translate(_TYPESET)
    if any(c in _SUPERSCRIPTS for c in text):
        text = _SUPERSCRIPT_AFTER_LETTER.sub(lambda m: "".join(str(_SUPERSCRIPTS.index(c)) for c in m.group()), text)
    return text


def raw_tokens(text: str) -> list[str]:
    return _TOKEN.findall(fold_typeset(text))


def tokenize(text: str) -> list[str]:
    """Tokens for indexing and for queries alike."""
    return [t for raw in raw_tokens(text) for t in _expand(raw)]


def joined_variants(text: str, max_span: int = 3) -> list[str]:
    """Identifier forms a query may have written apart ("vlv 3042-b" -> "vlv3042b").

    Only adjacent raw tokens that include a digit are joined; the lexical index keeps
    those that exist in its vocabulary.
    """
    raws = raw_tokens(text)
    variants = []
    for size in range(2, max_span + 1):
        for i in range(len(raws) - size + 1):
            window = raws[i:i + size]
            if any(_has_digit(w) for w in window) and all(len(w) <= 12 for w in window):
                variants.append("".join(canonical(w) for w in window))
    return variants
