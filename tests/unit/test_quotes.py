"""The source sentence quoted under an answer: whole sentences, table rows with their header."""

from operator_assistant.core.llm.quotes import passage_sentences, quote


def scores_for(text, favourite):
    """1.0 for the piece that contains `favourite`, 0.0 for the others."""
    return [1.0 if favourite in text[s:e] else 0.0 for s, e in passage_sentences(text)]


def test_a_pdf_line_broken_mid_sentence_is_quoted_whole():
    text = ("Calibration uses five test points.\nFor example, LIT-450 has a\nrange of 0 to 32 ft, so 14.0 mA\n"
            "corresponds to 20.0 ft. The next check is yearly.")
    assert quote(text, scores_for(text, "LIT-450")) == (
        "For example, LIT-450 has a range of 0 to 32 ft, so 14.0 mA corresponds to 20.0 ft.")
    # the same from the middle piece
    assert quote(text, scores_for(text, "range of 0")).startswith("For example, LIT-450")


def test_steps_and_finished_sentences_are_not_joined():
    text = "4. Isolate every energy source and verify it\n5. Release stored energy before starting work.\nDone today."
    assert quote(text, scores_for(text, "Isolate")) == "4. Isolate every energy source and verify it"
    text = "The lead pump starts at 20.0 ft.\nthe lag pump follows after 30 seconds of low level."
    assert quote(text, scores_for(text, "lead pump")) == "The lead pump starts at 20.0 ft."


TABLE = """Locks by color:
| Lock color | Used by | Key control |
|---|---|---|
| Red | Individual employee, personal lock | One key, kept by the employee |
| Yellow | Contractor employees | One key, kept by the contractor |
After the table a sentence follows here."""


def test_a_table_row_is_quoted_with_its_header():
    assert quote(TABLE, scores_for(TABLE, "Yellow"), "contractor lock color") == (
        "Lock color: Yellow; Used by: Contractor employees; Key control: One key, kept by the contractor")


def test_when_the_header_matches_best_the_best_row_is_quoted():
    assert quote(TABLE, scores_for(TABLE, "Lock color"), "What do contractors use?").startswith(
        "Lock color: Yellow; Used by: Contractor employees")


def test_a_row_naming_the_questions_identifier_wins():
    text = "| Alarm | Setpoint |\n|---|---|\n| CL2-ALM-03 | Float switch wet |\n| CL2-ALM-07 | 0.80 mg/L low |"
    assert quote(text, scores_for(text, "CL2-ALM-03"), "What does CL2ALM07 mean?", ["cl2alm07"]) == (
        "Alarm: CL2-ALM-07; Setpoint: 0.80 mg/L low")


def test_nothing_to_quote_gives_an_empty_quote():
    assert quote("Short.\nTiny.", []) == ""
    assert quote("A sentence long enough to be quoted here.", [0.1, 0.2]) == ""  # scores do not fit
