"""Every tuned number of the answer stage, in one place, each with why and where it was measured.

"BENCHMARKS.md, <heading>" names the section that holds the run that chose the value;
a value changes only with a new run there, on the golden set and confirmed on the
real-document set (tune on one, check on the other).
Plain numbers only: this module must not import anything that computes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AnswerPolicy:
    # --- refusal (BENCHMARKS.md, "Refusal signal" and "Answers: evidence first") ---
    # Hybrid evidence below which the question is refused while no `calibrate` has been run.
    # Fitted on the sample golden set and confirmed on the real-document questions.
    default_threshold: float = 0.441
    # Taken off the evidence when the question names an uncommon word no document contains.
    unfamiliar_penalty: float = 0.15
    # Zipf frequency below which a word counts as uncommon: 10 per million words ("pump" 4.3, "fluoride" 3.3).
    rarer_than: float = 4.0
    # Calibration refuses at most this share of answerable golden questions.
    max_false_refusal: float = 0.05

    # --- the card (BENCHMARKS.md, "Answers: evidence first", "How the card got there") ---
    # Shorter pieces (a lone heading word) match any question.
    min_sentence_chars: int = 20
    # Sentences kept beside the best one: within this score of it, at most `card_sentences` in all.
    # 0.15 since the word share and the figure bonus spread the scores (0.08 before).
    sentence_margin: float = 0.15
    # A piece of the best one's section holding words of the question no sentence shown holds, within this
    # score of the best, is shown too.
    coverage_margin: float = 0.2
    card_sentences: int = 3
    # A card that gives none of the figure asked leads with a piece that does, within this score of the best.
    figure_margin: float = 0.3
    # Added to a sentence's cosine when it names equipment the question names (B-2, CL2-ALM-07).
    names_tag_bonus: float = 1.0
    # Added when a sentence lies in the section the question names by number ("§7605", "section 7.1"),
    # and again when it opens the sub-paragraph named ("(f) Reports of testing ..." for "§7605(f)").
    reference_bonus: float = 0.5
    # Added to a sentence's cosine, times the share of the question's content words it holds, each word
    # weighted by its rarity among the sentences found (0.1 unweighted before; 0.3 helped both sets).
    word_share_weight: float = 0.3
    # Added to a sentence's cosine when the question asks for a figure and the sentence gives one
    # the question does not ("how long", "what is the maximum ..."): MiniLM ranks the definition first.
    value_bonus: float = 0.2
    # Added when the question asks what must not be done and the sentence states a prohibition
    # ("should not be used" / "Don't use channels 0 and 1"): MiniLM reads past the negation.
    # Real documents 0.60 -> 0.62, golden unchanged.
    prohibition_bonus: float = 0.2
    # Taken off a sentence's score when it speaks of another quantity than the one asked: other limits
    # ("Low alarm" for a low trip, "above 28 psi" for a low one) or another side ("discharge" for "suction");
    # added when it states the very limit asked. 0.15, 0.3 and 0.5 give the same cards on the seven files and
    # tests/data/sample_limits.jsonl but for g007 at 0.15 (right either way): BENCHMARKS.md, "A row of other limits".
    other_quantity_penalty: float = 0.3
    # Taken off a sentence's score per place its passage ranks below the first: the passage ranking
    # read the whole passage, the sentence score one sentence ("the lake pumps" names no sentence).
    # Swept 0.00-0.06 (BENCHMARKS.md, "Answers: evidence first"): 0.01-0.04 all lift golden citation
    # accuracy 0.94 -> 0.96 and real-document 0.96 -> 0.98; 0.03 keeps both answer_correct figures.
    passage_rank_penalty: float = 0.03
    # Sentences shown after the best one, from the same passage; more after one that ends with ":".
    card_following: int = 2
    # Values another document states differently, noted under a card (each cites that document); a card
    # with more than this many is rare enough that the rest are in `operator-assistant conflicts`.
    conflict_notes: int = 3
    card_list_items: int = 5
    # A best sentence that is a list item (or a list's lead-in) is shown with the lead-in and at most this
    # many items around it, within this many words (80 and 60 answered the same rows: 60 shows fewer words);
    # the items left out are named in `Card.part`.
    list_items: int = 4
    list_words: int = 60
    # A list item longer than this is shown in part, its first sentence and the two that answer; a
    # shorter one whole, however far past list_words (its lettered sub-items may all be the answer)
    item_words: int = 150
    # Sentences shown before the best one when it opens with "This", "It", "They": what it speaks of.
    card_preceding: int = 1
    # A table column counts as asked for when the question shares a word with its header;
    # a row when the question names its label or identifier. Tables above this many rows
    # are shown only for the rows the question names.
    table_rows_unnamed: int = 8
    # A table outside the passages found may leave at most this many of the question's words unsaid:
    # on a long regulation a header word ("minimum") and a row word otherwise pull in an unrelated table.
    table_outside_unexplained: int = 2
    # A procedure is shown whole up to this many steps, else the steps around the best one.
    procedure_steps: int = 20

    # --- lookups (BENCHMARKS.md, "Issue 24: lookup entries") ---
    # A key in no entry is "not listed" only where its family has at least this many entries in a
    # document search found: two codes in a sentence are no table to look in.
    lookup_group_min: int = 3
    # Of two entries for one code in one document (a parameter list's row and its description further on),
    # the one with more than this many characters of text explains it: shown first.
    lookup_detail_chars: int = 120
    # A fault, alarm or diagnostic list's code is a troubleshooting row, told by its name, where a field of its
    # entry explains it: more than lookup_detail_chars characters and at least this many words (an alarm list's
    # setpoint cells are neither). Set, not swept: a sentence or more (BENCHMARKS.md, "Measured ranges, fault
    # lists told by name ...").
    lookup_explained_words: int = 15
    # A code listed twice in one list within this many characters is shown with both rows (an
    # abbreviation with two meanings); further apart, the second is another list's.
    lookup_twin_chars: int = 3000
    # "PD177 through PD180" is shown as the list's entries from one to the other where it has both and no more
    # than this many in between: a range asked of a register map or fault list, not the whole list. Set, not
    # swept: a card of more rows is read as a table, not an answer.
    lookup_range_entries: int = 12
    # A troubleshooting row answers a question that asks for causes or remedies when its symptom is at
    # least this close to the question (MiniLM cosine), the share of its words the question holds added
    # with this weight. Fitted on the tune half of tests/data/plant_docs_2_golden.jsonl.
    symptom_min_cosine: float = 0.5
    symptom_word_weight: float = 0.3
    # Or below it, when the cosine and the weighted share together reach this: a matrix names its symptom
    # columns in two or three words ("Lubricant leaks"), which MiniLM puts at 0.45-0.50 from a question
    # that describes them ("Grease is leaking out around the generator's rolling bearing").
    symptom_min_total: float = 0.55
    # Or below both, when the best symptom of those found stands this far above the next and reaches the
    # floor: "won't build up any field when we start it" is nearest "Malfunction during start-up" at 0.45,
    # every other symptom of the manual 0.22 or more below it. Fitted on two tune rows (p2-042, p2-047).
    symptom_alone_total: float = 0.4
    symptom_alone_margin: float = 0.2
    # A second row of the same list within this much of the best is shown under it.
    symptom_tie: float = 0.02

    # --- the model's wording (BENCHMARKS.md, "Answers: evidence first", "The model's wording") ---
    # Prompt tokens: the card's evidence and the question; the fixed rules come first so that
    # llama.cpp reuses their cached state (measured 200 prompt tokens/s on two cores).
    prompt_tokens: int = 400
    wording_tokens: int = 80
    # Small models loop on lists without a penalty for repeats.
    repeat_penalty: float = 1.3
    # Two sentences sharing this share of their content words say the same thing.
    repeat_jaccard: float = 0.8
    # A sentence of the model's must take at least this share of its content words from the
    # card or the question: the rest is the model's own, and unchecked.
    wording_support: float = 0.5
    # A procedure card is the whole step list: the small model's one-line summary of it ("10 seconds.")
    # only takes attention from the steps, so the model is not asked.
    word_procedures: bool = False

    # --- the passages (BENCHMARKS.md, "Rerank stage on SciFact") ---
    # Near-duplicate passages (boilerplate) share this share of their tokens; only one is kept.
    near_duplicate_jaccard: float = 0.8


DEFAULT_POLICY = AnswerPolicy()
