"""How well the passages found answer a question, and the decision to refuse.

With a cross-encoder installed, its best score is the evidence. Otherwise the evidence
is the best cosine similarity between the question and any single sentence (or table
row, read with its header) of the top passages: whole chunks mix several topics, and a
sentence that answers the question stands out more clearly. It is lowered when the
question names an uncommon word that no document contains: a question about fluoride in
a plant whose documents never mention it can still look close to a dosing section
(MiniLM places "fluoride dose" near "hypochlorite dose"); the subject word gives it away.
Only words uncommon in English count, so "nobody" or "thing" in a paraphrase do not;
frequencies come from the wordfreq package (its small English list ships in the wheel).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import numpy as np

from operator_assistant.core.answer.policy import DEFAULT_POLICY, AnswerPolicy
from operator_assistant.core.answer.sentences import FREQUENCY, PIECE_MARK, pieces_as_read
from operator_assistant.core.conflicts import measures_named, unit_of
from operator_assistant.core.index.manifest import Manifest
from operator_assistant.core.retrieval.rerank import RankedHit
from operator_assistant.core.tokenize import STOPWORDS, tokenize
from operator_assistant.core.units import ABOVE, BELOW, MEASUREMENT, NUMBER, UNIT, normalise_unit

HYBRID_SIGNAL = "sentence-similarity-v2"


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


_INFLECTED_VERB = re.compile(r"[a-z]{3,}(?:ing|ed)", re.IGNORECASE)


def unfamiliar_terms(question: str, vocabulary: Collection[str], rarer_than: float = DEFAULT_POLICY.rarer_than) -> list[str]:
    """Uncommon words of `question` none of whose index terms is in `vocabulary` (the BM25 terms)."""
    from wordfreq import zipf_frequency

    if not vocabulary:
        return []
    found = []
    for word in _words(question):
        if _INFLECTED_VERB.fullmatch(word):
            continue  # "creeping", "uncoupled": what the thing does, not a subject no document mentions
        if unit_of(word):
            continue  # "kV" over documents that write "V": a unit is no subject
        terms = tokenize(word)
        if terms and not any(t in vocabulary for t in terms) and zipf_frequency(word, "en", wordlist="small") < rarer_than:
            found.append(word)
    return found


def names_unknown(question: str, unfamiliar: Sequence[str]) -> list[str]:
    """Of a question's unfamiliar words, those it writes as a name, capitalised inside a sentence ("the Cummins
    generator"): a make, a site or a person no document mentions, so another's manual does not answer for it.
    Not an acronym (a document may spell it out) nor a word capitalised because a sentence starts with it."""
    unknown = {w.lower() for w in unfamiliar}
    names = []
    for m in re.finditer(r"[A-Za-z][\w'\u2019-]*", question):
        word = re.sub(r"['\u2019]s$", "", m.group())
        before = question[:m.start()].rstrip()
        if (re.fullmatch(r"[A-Z][a-z]+", word) and word.lower() in unknown
                and before and before[-1] not in ".?!:;\"'(\u201c"):
            names.append(word)
    return list(dict.fromkeys(names))


_LETTER_WORDS = re.compile(r"[A-Za-z]+")


def spelled_out(word: str, texts: Sequence[str]) -> bool:
    """Whether an abbreviation is written out in these texts: "gfci" over "ground-fault circuit interrupters",
    a subject the documents do know under its full name. Four letters at least (a plural s aside), each the
    first of a word that is no stop word: three words that start with the right letters meet by chance."""
    letters = word.casefold()
    if len(letters) > 4 and letters.endswith("s"):
        letters = letters[:-1]  # "VFDs"
    if len(letters) < 4 or not letters.isalpha():
        return False
    size = len(letters)
    for text in texts:
        words = [w.casefold() for w in _LETTER_WORDS.findall(text)]
        for i in range(len(words) - size + 1):
            run = words[i:i + size]
            if all(w[0] == c and w not in STOPWORDS for w, c in zip(run, letters)):
                return True
    return False


def signal_name(cross_encoder: str | None) -> str:
    """What the evidence is measured with; a stored threshold applies only to the same signal."""
    return f"cross-encoder:{cross_encoder}" if cross_encoder else HYBRID_SIGNAL


@dataclass(frozen=True)
class StoredCalibration:
    """The threshold `calibrate` stored with the index, judged against the signal and embedder in use."""

    threshold: float | None  # None: none applies, the default threshold does
    signal: str | None  # as stored
    embedder: str | None  # as stored; None from a version that did not record it
    stale: str  # why a stored threshold does not apply, for status lines; "" when it does or none is stored

    @property
    def calibrated(self) -> bool:
        return self.threshold is not None


def stored_calibration(manifest: Manifest, signal: str, embedder_id: str | None) -> StoredCalibration:
    """The stored threshold if it was calibrated on this signal with this index embedder.

    Evidence scores are similarities of one embedder's vectors, and which passages are scored
    depends on the index's vectors, so a threshold fitted under another embedder (int8 or bf16
    passages included) means something else. A threshold stored before the embedder was
    recorded is treated as stale: nothing tells whether the index was re-embedded since."""
    threshold = manifest.get_meta("refusal_threshold")
    stored_signal = manifest.get_meta("refusal_signal")
    stored_embedder = manifest.get_meta("refusal_embedder")
    if threshold is None or stored_signal is None:
        return StoredCalibration(None, None, None, "")
    if stored_signal != signal:
        why = f"the stored threshold was calibrated on {stored_signal}, not on {signal}"
    elif stored_embedder is None:
        why = "the stored threshold does not record its embedder (calibrated by an older version)"
    elif stored_embedder != embedder_id:
        why = f"the stored threshold was calibrated with embedder {stored_embedder}, the index is now {embedder_id}"
    else:
        return StoredCalibration(float(threshold), stored_signal, stored_embedder, "")
    return StoredCalibration(None, stored_signal, stored_embedder,
                             f"{why}: the default threshold applies until `operator-assistant calibrate` is run again")


class Evidence:
    """Scores the passages found for a question; caches the sentence vectors of each chunk."""

    def __init__(self, embed: Callable[[list[str]], np.ndarray], policy: AnswerPolicy = DEFAULT_POLICY) -> None:
        self.embed = embed  # the embedder loads on first use
        self.policy = policy
        self._sentence_cache: dict[str, np.ndarray] = {}

    def sentence_vectors(self, chunk_id: str, text: str) -> np.ndarray:
        """One vector per piece of `pieces_as_read(text)`, cached by chunk id (its content hash)."""
        cached = self._sentence_cache.get(chunk_id)
        if cached is None:
            self.embed_chunks([(chunk_id, text)])
            cached = self._sentence_cache[chunk_id]
        return cached

    def embed_chunks(self, chunks: Sequence[tuple[str, str]]) -> None:
        """Embed the pieces of every chunk not yet cached in one call, so the embedder groups them by
        length across passages (the card's time is mostly this: BENCHMARKS.md, "Issue 25, point 3")."""
        todo = {cid: pieces_as_read(text) for cid, text in chunks if cid not in self._sentence_cache}
        every = [part for parts in todo.values() for part in parts]
        vectors = self.embed(every) if every else np.zeros((0, 1), dtype=np.float32)
        if len(self._sentence_cache) + len(todo) > 2000:
            self._sentence_cache.clear()
        at = 0
        for cid, parts in todo.items():
            self._sentence_cache[cid] = vectors[at:at + len(parts)] if parts else np.zeros((0, 1), dtype=np.float32)
            at += len(parts)

    def score(self, query_vector: np.ndarray, ranked: Sequence[RankedHit], cross_encoder: bool,
              unfamiliar: Sequence[str]) -> float:
        """Higher = better supported."""
        if not ranked:
            return float("-inf") if cross_encoder else 0.0
        if cross_encoder:
            return max(r.score for r in ranked)
        best = 0.0
        self.embed_chunks([(r.hit.chunk.chunk_id, r.hit.chunk.text) for r in ranked])
        for r in ranked:
            vectors = self.sentence_vectors(r.hit.chunk.chunk_id, r.hit.chunk.text)
            if len(vectors):
                best = max(best, float((vectors @ query_vector).max()))
        return best - (self.policy.unfamiliar_penalty if unfamiliar else 0.0)


def should_refuse(evidence: float, threshold: float | None, found_anything: bool) -> bool:
    """Refuse without asking the model: nothing found, or evidence below the threshold (None: no threshold)."""
    return not found_anything or (threshold is not None and evidence < threshold)


# Questions whose answer must be an amount or a colour. When the card holds none, the passages
# are about the subject but do not give the value asked for: "what minimum oxygen percentage"
# over a section that says to test for oxygen, "what colour must padlocks be" over one that
# says to use padlocks. "How long" and "under what conditions" are left out: words answer them.
_QUANTITY = (r"(?:setpoints?|set\s?points?|limits?|thresholds?|pressures?|temperatures?|levels?|flows?|rates?|"
             r"doses?|dosages?|voltages?|currents?|torques?|values?|ranges?|intervals?|frequency|factors?|residuals?|"
             r"concentrations?|percentages?|capacity|speeds?|delays?|sizes?|distances?|clearances?|"
             r"diameters?|resistances?|resistivity|timeouts?|durations?|periods?|spacing|depth|weight|loads?|reading|"
             r"dead\s?bands?|hysteresis|tolerances?)")
_ASKS_FIGURE = re.compile(r"\b(?:percent|percentage|how\s+(?:many|much|often|far|high|low|fast|hot|cold|deep)|"
                          r"(?:at|below|above)\s+what\b|(?:what|which)\s+(?:minimum|maximum|min|max)\b|"
                          r"what(?:['\u2019]s|\s+(?:is|are|should|must|does))?\s+(?:the\s+)?"
                          # a person between "what" and the word makes it a verb: "what order do I torque them in"
                          r"(?:(?!(?:i|we|you|they)\s)[\w-]+\s+){0,4}?"
                          rf"{_QUANTITY}\b)", re.IGNORECASE)
# an amount in words: "five tabs", "a few drips per minute", "inspect weekly", "once a year"; "how many" asks
# for a count, which "annual" or "every" is not (it answers how often, not how many years), nor "several" or
# "a few" ("several times the full-load current" does not say how many times)
_NUMBER_WORDS = ("one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty "
                 "sixty hundred thousand dozen")


def _words_re(words: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{'|'.join(words.split())})\b", re.IGNORECASE)


_NUMBER_WORD = "|".join(_NUMBER_WORDS.split())  # one of them, for patterns built below


_AMOUNT_WORDS = _words_re(f"{_NUMBER_WORDS} few several half quarter once twice daily weekly monthly quarterly "
                          "annually yearly hourly annual every each")
_ASKS_COUNT = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
_ASKS_AMOUNT = re.compile(r"\bhow\s+much\b", re.IGNORECASE)
# an amount in words: a number word or "a" and a measure ("half a cup", "a teaspoon", "one inch"), or a multiple ("double
# the diameter"): "two methods" is a count
_AMOUNT_SAID = re.compile(rf"\b(?:(?:{_NUMBER_WORD}|a|an|half|quarter)\s+(?:[\w-]+\s+)?(?:"
                          r"teaspoons?|tablespoons?|tsp|tbsp|cups?|pints?|quarts?|gallons?|lit(?:er|re)s?|drops?|"
                          r"ounces?|pounds?|percent|dose|capful|inch(?:es)?|foot|feet|met(?:er|re)s?|yards?|miles?|"
                          r"seconds?|minutes?|hours?|days?|weeks?|months?|years?)|double|twice|triple)\b", re.IGNORECASE)
# figures that count nothing: an item's "(1)" or "1.", a standard's number ("IS 3025") and a year ("-1989")
_COUNTS_NOTHING = re.compile(r"\(\d{1,2}\)|^\s*\d{1,2}\.\s|\b[A-Z]{2,}\s\d+\b|(?<!\d)(?:19|20)\d\d(?!\d)", re.MULTILINE)
_COUNT_WORDS = _words_re(f"{_NUMBER_WORDS} single both once twice")
# figures that name, not measure: a code or tag ("CHIT-1", "PD131", "§64602"), a reference ("Table 1-1",
# "step 2", "section 7.0") and a standard with its part and year ("IEC 60034-14", "IS 3025 (Part 38)-1989")
_STANDARD = (r"\b(?:ISO|IEC|ASTM|ANSI|NFPA|IEEE|JIS|DIN|EN|API|AWWA|ASME)\s?[A-Z]?\d[\d.\-]*(?:\s?\(Part\s?\d+\))?"
             r"(?:[-:/]\d{4})?"
             # India's "IS" only with its year: "THE PRESSURE IS 50 PSI" states an amount
             r"|\bIS\s?\d+(?:\s?\(Part\s?\d+\))?[-:]\d{4}")
_NAMING_FIGURE = re.compile(rf"(?-i:{_STANDARD})(?=[\s,;:.)]|$)|"
                            r"(?<![\w.])[A-Za-z\u00a7#]+[-\u2010\u2011\u2013]?\d[\w.\-\u2010\u2011\u2013]*|"
                            r"\b(?:tables?|figures?|fig\.|sections?|steps?|pages?|items?|chapters?|appendix|parts?|"
                            r"paragraphs?|no\.|tab\.|chap\.)\s*\d[\d.\-]*", re.IGNORECASE)
_ASKS_COLOUR = re.compile(r"\b(?:what|which)\s+(?:[\w-]+\s+){0,2}?colou?rs?\b", re.IGNORECASE)  # "what lock colour"
_COLOURS = re.compile(r"\b(red|orange|yellow|green|blue|purple|violet|white|black|grey|gray|brown|pink|magenta|cyan|"
                      r"amber|silver|gold)\b", re.IGNORECASE)


# The unit a question asks its figure in ("limit in NTU", "how many pounds of salt", "cost per kWh", "what
# oxygen percentage"), each with the ways a document may write a figure of that kind. A card whose pieces
# write none of them gives another quantity: "pounds per lane-mile" answered by a reference list's years.
# A unit after a figure the question states ("5.25% bleach", "at 200 gallons per minute") is not asked.
# Each way as a word of its own: "min" is not the "min" of "determine", nor "meters" of "parameters", nor is the
# word "in" an inch or any apostrophe a foot. A figure may stand right before it ("20psi", "5mg/L"): `_unit_words`
# makes each leading \b "no letter before".
_NO_LETTER_BEFORE = r"(?<![^\W\d_])"


def _unit_words(pattern: str) -> str:
    return re.sub(r"(^|\||\(\?:)\\b", lambda m: m.group(1) + _NO_LETTER_BEFORE, pattern)


_TIMES = (r"\b(?:hours?|hrs?|hourly|minutes?|mins?|seconds?|secs?|days?|daily|weeks?|weekly|months?|monthly|years?|"
          r"yearly|annual)\b")
_UNITS_WRITTEN: tuple[tuple[str, str], ...] = (  # (as asked, as a card may write it)
    (r"percent(?:ages?)?|%", r"%|\bper\s?cent\b"),
    (r"ntu", r"\bntu\b|\bnephelometric\b"),
    (r"mg/l|ppm|ppb|milligrams?\s+per\s+lit(?:er|re)", r"\bmg\s?/\s?l\b|[\u00b5u]g\s?/\s?l\b|\bppm\b|\bppb\b|"
     r"\bmilligrams?\b|\bmicrograms?\b|\bparts\s+per\s+(?:million|billion)\b|\bgrains?\s+per\s+gallon\b"),
    (r"psi[ga]?|kpa|pounds?\s+per\s+square\s+inch", r"\bpsi[ga]?\b|\b[kmh]?pa\b|\bm?bar[ag]?\b|\bpascals?\b|\bkgf?/cm|"
     r"\bmm\s?hg\b|\b(?:in|mm|m)\.?\s?h2o\b|\btorr\b|"
     r"\bpounds?\s+per\s+square\s+inch\b|\binch(?:es)?\s+of\s+(?:water|mercury)\b|\bin\.?\s?(?:w\.?c|hg)\b|"
     r"\b(?:feet|ft|m|met(?:er|re)s?)\s+(?:of\s+)?(?:head|water)\b"),
    (r"pounds?|lbs?|kilograms?|kg", r"\blbs?\b|\bpounds?\b|\bkilograms?\b|\bkg\b|\btons?\b|\bgrams?\b"),
    (r"kwh|kilowatt[- ]hours?", r"\bkwh\b|\bkilowatt"),
    (r"gallons?|gal|lit(?:er|re)s?|cubic\s+(?:feet|foot|met(?:er|re)s?)", r"\bgal(?:lons?)?\b|\bgpm\b|\bgpd\b|\bgph\b|"
     r"\bmgd\b|\blit(?:er|re)s?\b|\d\s?[lm]\b|\bm3\b|\bm\u00b3|\bcubic\b|\bft3\b|\bft\u00b3|\bmg\b"),  # "0.5 MG": million gallons
    (r"hours?|hrs?", r"\bhours?\b|\bhrs?\b|\d\s?h\b|/h\b|\bhourly\b|\bdays?\b|\bdaily\b|\bminutes?\b|\bmin\b|\bgph\b|"
     r"\bcfh\b"),
    (r"minutes?|mins?", r"\bminutes?\b|\bmin\b|/min\b|\bseconds?\b|\bsecs?\b|\d\s?s\b|\bhours?\b|\d\s?h\b|\bgpm\b|"
     r"\bcfm\b"),
    (r"seconds?|secs?", r"\bseconds?\b|\bsecs?\b|\d\s?m?s\b|/s\b|\bminutes?\b|\bmin\b|\bcfs\b"),
    (r"days?|weeks?|months?|years?", _TIMES + r"|\bgpd\b|\bmgd\b"),
    (r"inch(?:es)?|feet|foot|ft|millimet(?:er|re)s?|mm|met(?:er|re)s?|miles?", r"\binch(?:es)?\b|\d\s?in\b|"
     r"\d\s?(?:\"|\u2033|'|\u2032)|\bfeet\b|\bfoot\b|\bft\b|\b(?:milli|centi|kilo)?met(?:er|re)s?\b|\d\s?[mkc]?m\b|"
     r"\b[mkc]m\b|\bmiles?\b"),
    # the degree sign as documents type it: "\u00b0", the ordinal "\u00ba", the ring "\u02da", "\u2103" and "\u2109" as one
    (r"degrees?|\u00b0\s?[cf]|deg\s?[cf]", r"[\u00b0\u00ba\u02da\u2103\u2109]|\bdegrees?\b|\bdeg\b|\bcelsius\b|\bfahrenheit\b|"
     r"\d\s?[cf]\b"),
    # a unit in brackets is a column's or a label's: "Output Current (A)", "Power(kw): 0.8", "[V DC] 29"
    (r"volts?|vac|vdc|kv", r"\bvolts?\b|\d\s?k?v\b|\bvac\b|\bvdc\b|[(\[]\s?k?v(?:\s?[ad]c)?\s?[)\]]"),
    (r"amps?|amperes?|milliamps?", r"\b(?:milli)?amps?\b|\bamperes?\b|\d\s?m?a\b|[(\[]\s?m?a(?:\s?[ad]c)?\s?[)\]]"),
    (r"kw|kilowatts?|watts?|hp|horsepower|kva", r"\bk?w\b|\bk?va\b|\bmw\b|\b(?:kilo|mega)?watts?\b|\bhp\b|"
     r"\bhorsepower\b"),
    (r"drops?", r"\bdrops?\b|\bml\b|\bmillilit(?:er|re)s?\b|\bteaspoons?\b|\btsp\b"),
    (r"rpm", r"\brpm\b|\br/min\b|\brevolutions\b"),
    (r"ohms?|megohms?|m\u03c9|\u03c9|ohm-cm|megohm-cm", r"\b(?:meg|mega|kilo|k|m)?ohms?\b|[\u2126\u03a9]|\bmegohm"),
    (r"(?:micro|milli)?siemens|[\u00b5\u03bcu]s/cm|ms/cm|mhos?|micromhos?", r"\b(?:micro|milli)?siemens\b|[\u00b5\u03bcu]s/cm|"
     r"\bms/cm\b|\b(?:micro)?mhos?\b"),
)
_UNITS_ASKED = tuple((asked, _unit_words(written)) for asked, written in _UNITS_WRITTEN)


def _written_for(unit: str) -> str:
    """The pattern of the ways a document writes the unit asked as `unit`."""
    return next(written for asked, written in _UNITS_ASKED if re.fullmatch(asked, unit))


# a span of time in any of its units, from seconds to days
_DURATION_WRITTEN = "|".join(_written_for(unit) for unit in ("hours", "minutes", "seconds", "days"))


# What a measure is written in: a table of a pressure says "pressure" or gives psi. Level and flow are left out:
# feet and percent say too little of what they measure; a time is read only where one is set or allowed.
MEASURE_UNITS = {"pressure": _written_for("psi"), "temperature": _written_for("degrees"),
                 "voltage": _written_for("volts"), "current": _written_for("amps"), "turbidity": _written_for("ntu"),
                 "residual": _written_for("mg/l"), "dose": _written_for("mg/l"),
                 "speed": _written_for("rpm") + r"|\bhz\b", "resistivity": _written_for("ohms"),
                 "resistance": _written_for("ohms"), "conductivity": _written_for("siemens"), "power": _written_for("kw"),
                 "load": _written_for("pounds") + r"|\bkn\b|\bkips?\b",
                 "baud rate": r"(?<![\d.])(?:1200|2400|4800|9600|14400|19200|38400|57600|115200)(?![\d.])|"
                         r"\d\s?k?(?:b/s|bps|bit/s|baud)\b",
                 "time": _DURATION_WRITTEN + r"|\d\s?ms\b|\bmilliseconds?\b"}


# A limit asked of a measure whose figures are always written with their unit: "what is the low suction pressure
# alarm", "what temperature trips the windings". Current, voltage and speed are left out (a trip at "110% of
# full-load amps", an undervoltage at "85%", a minimum speed of "60%"), and a measure that only names what the
# figure asked is of ("the time delay on the low pressure alarm": words of place between them) asks no figure of it.
_MEASURE_ASKED = re.compile(
    r"^\s*(?:what|which)(?:['\u2019]s|\s+is|\s+are)?\s+(?:the\s+)?"
    r"(?:(?!(?:on|of|for|at|in|to|before|after|delay|time|duration|rate|range|span)\b)[\w-]+\s+){0,3}?"
    r"(pressure|temperature|turbidity|residual)\s+(?:[\w-]+\s+)?"
    r"(?:alarms?|trips?|set\s?points?|limits?|thresholds?|cut-?outs?|cut-?ins?|shut-?downs?|interlocks?)\b"
    r"|^\s*(?:at\s+)?what\s+(pressure|temperature|turbidity|residual)\b"
    # after a clause: "How pure should the water be kept - what resistivity are we aiming for?"
    r"|(?:^|[-\u2013\u2014:;,]\s)\s*(?:at\s+)?what\s+(pressure|temperature|turbidity|residual|resistivity|"
    r"conductivity)\b"
    # a bound said of the measure itself: "what is the maximum bearing temperature", not its drop or its rise
    r"|^\s*(?:what|which)(?:['\u2019]s|\s+is|\s+are)?\s+(?:the\s+)?"
    r"(?:max|maximum|min|minimum|highest|lowest|allowable|permissible|permitted)\s+"
    r"(?:(?!(?:on|of|for|at|in|to|before|after|delay|time|duration|rate|range|span)\b)[\w-]+\s+){0,2}?"
    r"(pressure|temperature|turbidity|residual)\b(?!\s+(?:drops?|rises?|differences?|changes?|differential|gradient|"
    r"rates?)\b)", re.IGNORECASE)


# A rating asked: "what supply voltage does the inverter take", "what power does the spindle motor have", "what is
# the rated current of the spindle". A rating is written in its unit, so "10% rated voltage" or "57% of normal
# voltage" is no answer; a limit ("at what voltage does it trip", "how low can the line go") and a share ("what
# fraction of line voltage") may be a percentage and are not read here, nor what a thing draws at a moment.
_NOT_A_RATING = r"(?!(?:of|percent|percentage|fraction|ratio|proportion|share|part|multiple|much|many)\b)"
_RATING_ASKED = re.compile(
    rf"\b(?:what|which)\s+(?:{_NOT_A_RATING}[\w-]+\s+){{0,2}}?(voltage|current|power)\s+(?:rating\s+)?"
    r"(?:does|do|should|must|will|can)\s+(?:[\w-]+\s+){0,6}?"
    r"(?:need|take|require|use|run\s+on|operate\s+on|accept|have|want)s?\b"
    rf"|\bwhat(?:['\u2019]s|\s+is|\s+are)?\s+(?:the\s+)?(?:{_NOT_A_RATING}[\w-]+\s+){{0,2}}?"
    r"(?:rated|supply|input|nominal|operating|output|system|coil|control|mains)\s+(voltage|current|power)\b"
    r"(?!\s+(?:alarms?|trips?|limits?|faults?|protection|drops?|dips?|loss)\b)"
    r"|\bwhat(?:['\u2019]s|\s+is|\s+are)?\s+(?:the\s+)?(voltage|current|power)\s+rating\b"
    # what a device draws from its supply: "the HY inverter's power draw", "how much power does the spindle use"
    r"|\bwhat(?:['\u2019]s|\s+is|\s+are)?\s+(?:the\s+)?(?:[\w'\u2019-]+\s+){0,4}?(power)\s+"
    r"(?:draw|consumption|usage|demand|requirement)s?\b|\bhow\s+much\s+(power)\s+(?:does|do|will|should|can)\b",
    re.IGNORECASE)
# Other figures always written in their unit, each by the ways it is asked
_WHAT_IS = r"\bwhat(?:['\u2019]s|\s+is|\s+are)?\s+(?:the\s+)?"
_ASKED_IN_UNIT = tuple((measure, re.compile(asked, re.IGNORECASE)) for measure, asked in (
    # a serial line's speed is one of the standard rates, or a figure in bit/s
    ("baud rate", r"\b(?:what|which)(?:['\u2019]s|\s+is|\s+are)?\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?baud(?:\s*-?\s*rates?)?\b"),
    # a load a rope, a hook or a pole may carry is in pounds, tons or kN: a deadman's "4.2 feet" is no answer
    ("load", rf"{_WHAT_IS}(?:(?:safe\s+working|safe|working|rated|maximum|max|allowable)\s+loads?\b"
             r"(?!\s+(?:current|amps?|speed|factor|side|point|torque|time|test|bank)\b)|(?:safe\s+)?working\s+capacity)"
             rf"|{_WHAT_IS}(?:minimum\s+)?breaking\s+(?:strength|load)\b|\bwhat\s+load\s+(?:can|could|does|will|should|may)\b"),
    # a time set or allowed is in seconds, minutes or hours: a port number or a step count is no scan time
    ("time", r"\bwhat(?:['\u2019]s|\s+is|\s+are)\s+(?:the\s+)?(?:[\w-]+\s+){0,5}?(?:time|delay|timeout|duration)s?\b"
             r"(?!\s+(?:stamp|zone|of\s+day|format|base|constant|series|sync|synchroni[sz]ation)\b)"
             r"|\bwhat\s+(?:[\w-]+\s+){0,3}?(?:time|delay|timeout|duration)s?\s+(?:is|are)\s+"
             r"(?:set|programmed|configured|allowed|required|used)\b"),
))


def asked_measure(question: str) -> str:
    """The measure a question asks a limit or a rating of, where its figure must come with that measure's unit,
    or ""."""
    m = _MEASURE_ASKED.search(question) or _RATING_ASKED.search(question)
    if m:
        return next(g for g in m.groups() if g).lower()
    return next((measure for measure, asked in _ASKED_IN_UNIT if asked.search(question)), "")


def names_measure(measures: frozenset[str], text: str) -> bool:
    """Whether a text names one of these measures, by name or by a unit it is written in ("Discharge (psi)")."""
    return bool(measures & measures_named(text)) or any(
        re.search(MEASURE_UNITS[m], text, re.IGNORECASE) for m in measures if m in MEASURE_UNITS)


# a figure the question states just before ("at 200 gallons per minute"): its unit is given, not asked
_STATED_BEFORE = re.compile(r"\d[\d.,]*\s*%?\s*(?:[\w/-]+\s+)?$")


# a distance asked; not "how high can the pressure go", which asks the measure named after it
_HOW_FAR = re.compile(r"\bhow\s+(?:far|deep|wide|thick|tall|high(?!\s+(?:[\w-]+\s+){0,3}?(?:pressures?|temperatures?|"
                      r"levels?|flows?|currents?|voltages?|alarms?|readings?|concentrations?|ph|doses?|residuals?|"
                      r"speeds?|rates?)\b))\b|\bhow\s+much\s+(?:open\s+|free\s+|air\s+)?(?:space|room|clearance|gap|"
                      r"separation)\b", re.IGNORECASE)
_LENGTH_WRITTEN = _written_for("feet") + (r"|\b(?:double|twice|triple|half|\d+(?:\.\d+)?\s*(?:x|times)?)\s+(?:the\s+)?"
                                          r"(?:[\w-]+\s+)?diameters?\b|\d\s?D\b|\byards?\b")


# "how long" asks a time or a length; "until the level reaches 8 ft" answers it too
_HOW_LONG = re.compile(r"\bhow\s+long\b", re.IGNORECASE)
_TIME_OR_LENGTH = _DURATION_WRITTEN + "|" + _written_for("feet") + (
    r"|\bhrs?\b|overnight|until|immediately|instant")


# "how often" asks a frequency or an interval: "Two methods are used" and "(1) the iodometric method" are no answer;
# a time is one where it spaces the task ("after 200 hours of use", "at 3000 operating hours", "once a year"), not
# where it is how long the task takes ("The test time is 1 minute") or a deadline ("within 48 hours"). Not "what
# frequency", which may ask hertz.
_HOW_OFTEN = re.compile(r"\bhow\s+(?:often|frequently)\b", re.IGNORECASE)
_OFTEN_WRITTEN = _unit_words(rf"{FREQUENCY.pattern}|\b(?:after|every|each|per|at|an?)\s+"
                             rf"(?:(?:[\d.,]+|{_NUMBER_WORD})\s*-?\s*)?(?:[\w-]+\s+)?{_TIMES}|"
                             r"\b(?:each|times|per|frequency|frequently|shifts?|seasons?)\b")


# What "how often" asks to be done, by the kinds of task manuals give intervals for. A line that gives the interval
# of another task ("Turn the rotor 10 revolutions every three months") is no answer to "how often should the
# bearings be regreased?". A task of no kind here ("scheduled", "serviced") is not checked, nor words in brackets
# ("MAIN-1 (interlocks and scram check)" names a procedure).
_TASKS = tuple(re.compile(rf"\b(?:{stems})", re.IGNORECASE) for stems in (
    r"lubricat|re-?lubricat|greas|regreas|oil(?:ed|ing)?\b",
    r"replac|chang|renew|exchang",
    r"clean|flush|wash|rins",
    r"calibrat|adjust",
    r"inspect|check|examin|look|visual",
    r"test|check|measur",
))


def _asked_tasks(question: str) -> list[re.Pattern[str]]:
    m = _HOW_OFTEN.search(question)
    asked = re.sub(r"\([^()]*\)", " ", question[m.end():]) if m else ""
    return [task for task in _TASKS if task.search(asked)]


# "how many times the full-load current" asks a multiple: "six times", "6x", "600%" give one, "several times" none.
# Not "how many times a day", which asks how often.
_HOW_MANY_TIMES = re.compile(r"\bhow\s+many\s+times\b(?!\s+(?:a|an|per|each|every|in)\b)", re.IGNORECASE)
_MULTIPLE_WRITTEN = _unit_words(rf"\d\s?(?:times|x|×)\b|\b(?:{_NUMBER_WORD})\s+times\b|"
                                r"\b(?:twice|double|triple|half)\b|\bfold\b|\d\s?%|\bper\s?cent\b")


def asked_unit(question: str) -> tuple[str, str] | None:
    """(the unit as the question writes it, the pattern of its ways in a document) for the unit the
    question asks its figure in, or None: after "how many" or "how much" (two words between at most),
    "in" or "per"; a percentage also after "what" ("what oxygen percentage")."""
    for asked, written in _UNITS_ASKED:
        what = r"|what\s+(?:[\w-]+\s+){0,2}?" if asked.startswith("percent") else ""
        pattern = rf"\b(?:how\s+(?:many|much)\s+(?:[\w-]+\s+){{0,2}}?|in\s+|per\s+{what})({asked})(?![\w/])"
        for m in re.finditer(pattern, question, re.IGNORECASE):
            if not _STATED_BEFORE.search(question[:m.start()]):
                return m.group(1), written
    if _HOW_MANY_TIMES.search(question):
        return "multiples", _MULTIPLE_WRITTEN
    # "how far", "how high off the floor", "how much open space" ask a length, in any unit or as a multiple of a
    # diameter ("spacing = 2D", "double the diameter of the supply pipe"): a count of pipes is no answer
    if _HOW_FAR.search(question):
        return "a unit of length", _LENGTH_WRITTEN
    # "how long" asks a time or a length, whatever unit: a pressure is no answer to it
    if _HOW_LONG.search(question):
        return "time or length", _TIME_OR_LENGTH
    if _HOW_OFTEN.search(question):
        return "times or intervals", _OFTEN_WRITTEN
    return None


# A figure that says which one the question is about: "5.25% bleach", "480 V motors", a figure and its unit
# followed by the noun it picks out (not a reading: "reads 462 V at no load", "is 95 psi ok?").
_SPECIFIED = re.compile(rf"({MEASUREMENT.pattern})\s+(?P<noun>[A-Za-z][\w-]*)", re.IGNORECASE)
# A question that compares a figure with the documents' ("at 95 psi discharge, is that above the alarm?")
# states a reading, not which one it asks about.
_COMPARES = re.compile(r"\b(?:above|below|over|under|exceed\w*|higher|lower|more|less|within|normal|ok|okay|"
                       r"too|reads?|reading|shows?|showing|compare\w*)\b", re.IGNORECASE)
_FIGURE_RANGE = re.compile(rf"(?<![\w.,])({NUMBER})\s?(?:-|\u2013|to)\s?({NUMBER})\s?(?P<unit>{UNIT})(?![\w/])",
                           re.IGNORECASE)


def _figures_in(text: str) -> dict[str, list[tuple[float, float, str]]]:
    """unit -> the figures a text gives in it, each as (low, high, as written): "6 drops", "5-6 %" as (5, 6)."""
    out: dict[str, list[tuple[float, float, str]]] = {}
    ranges = list(_FIGURE_RANGE.finditer(text))
    for m in ranges:
        low, high = _number(m.group(1)), _number(m.group(2))
        if low is not None and high is not None:
            out.setdefault(_unit_name(m.group("unit")), []).append((low, high, m.group()))
    for m in MEASUREMENT.finditer(text):
        number = re.match(NUMBER, m.group())
        value = _number(number.group()) if number else None
        if number and value is not None and not any(r.start() <= m.start() < r.end() for r in ranges):  # "6 %" of "5-6 %"
            # a bound holds every figure on its side: "Vr < 1000 V" is a 480 V motor's row
            before = text[max(0, m.start() - 20):m.start()]
            below, above = _BELOW_BOUND.search(before), _ABOVE_BOUND.search(before)
            bound = below or above
            written = f"{bound.group().strip()} {m.group()}" if bound else m.group()
            out.setdefault(_unit_name(m.group()[number.end():]), []).append(
                (float("-inf") if below else value, float("inf") if above else value, written))
    return out


_BELOW_BOUND = re.compile(rf"{BELOW}\s*$", re.IGNORECASE)
_ABOVE_BOUND = re.compile(rf"{ABOVE}\s*$", re.IGNORECASE)


def _unit_name(unit: str) -> str:
    unit = normalise_unit(unit)
    return "%" if unit == "percent" else unit


def _number(text: str) -> float | None:
    """The figure written, None for a section number ("3.2.3 h" heads a section; it measures nothing)."""
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def other_specification(question: str, said: str) -> str:
    """Why the card is about other ones than the question names, or "": the question names its subject
    by a figure ("drops of 5.25% bleach") and the card gives figures in that unit, none of them this one
    ("6% bleach", "8.25% bleach"): a neighbouring row of a table, not the one asked for."""
    if _COMPARES.search(question):
        return ""
    given = _figures_in(said)
    for m in _SPECIFIED.finditer(question):
        if m.group("noun").lower() in STOPWORDS:
            continue
        for unit, stated in _figures_in(m.group(1)).items():
            value, others = stated[0][0], given.get(unit, [])
            if others and not any(low - 1e-9 <= value <= high + 1e-9 for low, high, _ in others):
                shown = list(dict.fromkeys(" ".join(written.split()) for _, _, written in others))[:3]
                listed = " and ".join([", ".join(shown[:-1]), shown[-1]] if len(shown) > 1 else shown)
                return f"The closest passages give {listed}, not {m.group(1).strip()}."
    return ""


# A blank to fill in: a run of underscores (dots lead a label to its value: "Lead pump start ..... 6.3 ft").
_BLANK = re.compile(r"_{4,}")


def asks_figure(question: str) -> bool:
    """Whether a question asks for an amount: "how many", "at what", "what is the ... alarm"."""
    return bool(_ASKS_FIGURE.search(question))


def missing_answer(question: str, pieces: Sequence[str], table: bool = False, headings: Sequence[str] = ()) -> str:
    """Why the card's pieces (its cells, without title or citations) cannot answer the question, or "":
    it asks for an amount or a colour and they state none. A piece's own number ("3.", "(b)"), the section
    number in the card's title, a code ("CHIT-1") and a reference ("Table 1-1") say nothing of the amount.
    In a `table` card the cells are the row's values, a tag among them ("Which transmitter reads it, and
    what is the trip setpoint?" is half answered by PT-2102), so there a tag's figure counts. A table's
    column names and cell units (`headings`: "MRDL (mg/L)") give its figures' unit."""
    figure_asked = asks_figure(question)
    # a form or template's blank ("residual is less than ________ ppm") is where a plant writes its value:
    # the document states none
    if figure_asked and pieces and _BLANK.search(pieces[0]):
        return "The closest passage leaves this value blank, to be filled in (a form or template)."
    said = "\n".join(PIECE_MARK.sub("", piece) for piece in pieces if not _BLANK.search(piece))
    amounts = said if table else _NAMING_FIGURE.sub(" ", said)
    in_words = (_COUNT_WORDS if _ASKS_COUNT.search(question) else _AMOUNT_WORDS).search(amounts)
    if figure_asked and not (any(ch.isdigit() for ch in amounts) or in_words):
        return "The closest passages give no figure for this."
    # "how much" asks an amount of something: an item's "(1)" or a standard's year says nothing of how much
    if _ASKS_AMOUNT.search(question) and not (any(ch.isdigit() for ch in _COUNTS_NOTHING.sub(" ", amounts))
                                              or _AMOUNT_SAID.search(amounts)):
        return "The closest passages give no amount for this."
    if _ASKS_COLOUR.search(question) and not _COLOURS.search(said):
        return "The closest passages name no colour for this."
    unit = asked_unit(question)
    if unit and not re.search(unit[1], "\n".join([said, *headings]), re.IGNORECASE):
        return f"The closest passages give no figure in {unit[0]} for this."
    # the interval must be said of the task asked: on one line, or a line and the label over it ("Monthly:" over
    # "- Inspect the hoses"). A table's row is left to the table: its columns may name the task ("Frequency").
    tasks = [] if table else _asked_tasks(question)
    lines = said.split("\n")
    near = lines + [f"{above}\n{line}" for above, line in zip(lines, lines[1:]) if above.rstrip().endswith(":")]
    if tasks and not any(re.search(_OFTEN_WRITTEN, text, re.IGNORECASE) and any(t.search(text) for t in tasks)
                         for text in near):
        return "The closest passages give intervals of other tasks, not of this one."
    # a pressure alarm is given in psi, kPa, bar or feet of head: a card of minutes and hours gives another thing
    measure = asked_measure(question) if not unit else ""
    if measure and not re.search(MEASURE_UNITS[measure], "\n".join([said, *headings]), re.IGNORECASE):
        return f"The closest passages give no {measure} figure for this."
    return other_specification(question, "\n".join([said, *headings]))
