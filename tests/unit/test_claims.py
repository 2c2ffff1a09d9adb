"""Claims (figures and identifiers) in a text and the facts of a passage."""

import pytest

from operator_assistant.core.answer.claims import claims_in, flowed, is_verified, passage_facts, sentences

PASSAGE = ("| B-2 | PT-2102 | 66 | 118 | 127 | psi |\nGrease the P-201A bearings every 2,000\nhours of running. "
           "Dose is 3.5 mg/L.")


def verified(text: str) -> list[bool]:
    facts = passage_facts(PASSAGE)
    return [is_verified(kind, value, facts) for kind, value, _, _ in claims_in(text)]


def test_figures_and_tags_of_the_passage_are_verified():
    assert verified("The high alarm for B-2 is 118 on PT-2102.") == [True, True, True]
    assert verified("Every 2000 hours, 3.5 mg/L.") == [True, True]  # a thousands separator does not matter
    assert verified("every 2,000 minutes") == [False]


def test_a_unit_must_be_the_passages_own_and_a_tag_must_exist():
    assert verified("The high alarm is 118 kPa.") == [False]
    assert verified("Check PT-2109.") == [False]
    assert verified("Dose is 3.5 mg/L") == [True]


def test_a_number_and_its_unit_split_by_a_line_break_still_count():
    assert verified("2,000 hours") == [True]


def test_list_numbers_are_not_claims():
    assert [v for _, v, _, _ in claims_in("1. Open VLV-3042-B.\n2. Close it")] == ["vlv3042b"]


def test_sentence_split_handles_lists_and_decimals():
    spans = sentences("Dose 3.5 mg/L. Then check.\n1. Open VLV-3042-B.\n2. Close it")
    texts = ["Dose 3.5 mg/L.", "Then check.", "1. Open VLV-3042-B.", "2. Close it"]
    assert [("Dose 3.5 mg/L. Then check.\n1. Open VLV-3042-B.\n2. Close it")[s:e] for s, e in spans] == texts


@pytest.mark.parametrize("text, expected", [
    # cut at "vs." a card showed "Distinguish representative samples vs." alone
    ("Take representative samples vs. grab samples. Next.", ["Take representative samples vs. grab samples.", "Next."]),
    ("Use a level switch, e.g. the LS-1. Then stop.", ["Use a level switch, e.g. the LS-1.", "Then stop."]),
    ("See Fig. 3 and start No. 2 pump. Then wait.", ["See Fig. 3 and start No. 2 pump.", "Then wait."]),
    ("The answer is no. Next.", ["The answer is no.", "Next."]),  # "no." before a word ends a sentence
    # an exclamation inside a name (a typo, "Yahoo! mail") before a lower-case word ends nothing
    ("a. The Manual! mode is selected, or", ["a. The Manual! mode is selected, or"]),
    ("Stop! Then wait? yes. Next!", ["Stop!", "Then wait? yes.", "Next!"]),
    # a mark standing alone is no sentence's end: a shell's "." command
    ("Run > . pwr_stop.sh to stop. Then wait.", ["Run > . pwr_stop.sh to stop.", "Then wait."]),
    # initials before a word in lower case: the card showed "When the term gallon is used, it means a U.S." alone
    ("It means a U.S. gallon of 128 ounces. Next.", ["It means a U.S. gallon of 128 ounces.", "Next."]),
    ("Made in the U.S. The rest follows.", ["Made in the U.S.", "The rest follows."]),
    # a short word with its period before a word all in lower case: "1/10 in." had cut a warning in two
    ("Elongation of more than 1/10 in. over original length: it SHALL NOT be reinserted. Next.",
     ["Elongation of more than 1/10 in. over original length: it SHALL NOT be reinserted.", "Next."]),
    ("Total coliforms or E. coli are present. Max. output current 200mA. Notify.",
     ["Total coliforms or E. coli are present.", "Max. output current 200mA.", "Notify."]),
    # ... but not before a word with a capital in it, nor after a longer word
    ("Adjust the dose. pH should be 7.2. Lift the hook. wrap the rope.",
     ["Adjust the dose.", "pH should be 7.2.", "Lift the hook.", "wrap the rope."]),
])
def test_no_sentence_ends_at_an_abbreviation(text, expected):
    assert [text[s:e] for s, e in sentences(text)] == expected


def test_pages_are_named_as_one_page_or_a_range():
    from operator_assistant.core.locations import pages_label

    assert pages_label((16,)) == "p. 16" and pages_label([38]) == "p. 38"  # not "p. 1-6", "p. 3-8"
    assert pages_label((16, 17)) == "pp. 16-17" and pages_label(()) == ""


def test_a_long_section_path_is_shown_with_its_first_and_last_headings():
    from operator_assistant.core.locations import SECTION_CHARS, section_label

    path = ("TITLE 22 CODE OF REGULATIONS", "CHAPTER 15. DOMESTIC WATER QUALITY AND MONITORING REGULATIONS",
            "Article 20. Consumer Confidence Report", "§64481. Content of the Consumer Confidence Report.")
    shown = section_label(path, "California Regulations")
    assert shown == "TITLE 22 CODE OF REGULATIONS > … > §64481. Content of the Consumer Confidence Report."
    assert section_label(path[:2]) == " > ".join(path[:2])  # short enough: whole
    assert section_label(("Manual", "3.2 Starting"), "Manual") == "3.2 Starting"  # the title is not repeated
    assert section_label(("x " * 100,)).endswith("…") and len(section_label(("x " * 100,))) <= SECTION_CHARS
    four = ("MAIN", "MAIN-5 Fuel Inspection", "II. PROCEDURE", "C. Inspect Control Rod and Fuel Followed Control Rod "
            "(FFCR) and Measure FFCR Element")
    assert section_label(four) == f"MAIN > … > II. PROCEDURE > {four[-1]}"  # as many as fit above the last


def test_a_word_hyphenated_at_a_line_end_reads_whole():
    # the card showed "replace them with a cold- shut link", which no reader or keyword search expects
    text = "replace them with a cold-\nshut link; the individ-\nual links\nof PT-\n2105 at 2,000-\n3,000 psi"
    assert flowed(text) == "replace them with a cold-shut link; the individual links of PT-2105 at 2,000-3,000 psi"
    assert flowed("Stop the pump -\nthen close the valve") == "Stop the pump - then close the valve"
    assert is_verified("ident", "pt2105", passage_facts(text))
