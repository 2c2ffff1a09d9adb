from operator_assistant.core.llm.citations import check_citations, sentences

PASSAGES = [
    "Booster B-2 discharge pressure transmitter PT-2102: low alarm 60 psi, high alarm 118 psi.",
    "Grease the bearings of pump P-201A every 2,000 running hours with NLGI 2 grease.",
    "The lockout padlock for personal use is red; group lockout boxes use yellow locks.",
]


def test_correct_marker_is_kept_and_renumbered():
    checked = check_citations("The high alarm for B-2 is 118 psi on PT-2102 [1].", PASSAGES)
    assert checked.text == "The high alarm for B-2 is 118 psi on PT-2102 [1]."
    assert checked.cited == [0] and not checked.unverified and checked.dropped == 0


def test_wrong_marker_is_dropped_and_right_one_added():
    checked = check_citations("Grease the P-201A bearings every 2,000 running hours [3].", PASSAGES)
    assert checked.dropped == 1 and checked.added == 1
    assert checked.text == "Grease the P-201A bearings every 2,000 running hours [1]."
    assert checked.cited == [1]  # passage 2 is now source [1]


def test_missing_marker_is_added():
    checked = check_citations("Personal locks are red.", PASSAGES)
    assert checked.text == "Personal locks are red [1]." and checked.cited == [2]


def test_numbers_and_identifiers_not_in_cited_passages_are_flagged():
    checked = check_citations("The high alarm for B-2 is 125 psi on PT-2109 [1].", PASSAGES)
    assert [c.text for c in checked.unverified] == ["125 psi", "PT-2109"]
    for claim in checked.unverified:
        assert checked.text[claim.start:claim.end] == claim.text


def test_thousands_separator_and_step_numbers_are_not_false_alarms():
    answer = "1. Grease P-201A every 2000 running hours [2].\n2. Use red personal locks [3]."
    checked = check_citations(answer, PASSAGES)
    assert not checked.unverified
    assert checked.text == "1. Grease P-201A every 2000 running hours [1].\n2. Use red personal locks [2]."
    assert checked.cited == [1, 2]


def test_unit_must_match():
    checked = check_citations("The high alarm for B-2 is 118 kPa [1].", PASSAGES)
    assert [c.text for c in checked.unverified] == ["118 kPa"]


def test_refusal_sentence_needs_no_source():
    refusal = "I don't have that information in the provided documents."
    checked = check_citations(refusal, PASSAGES, exempt=[refusal])
    assert checked.text == refusal and checked.cited == []


def test_sentence_split_handles_lists_and_decimals():
    spans = sentences("Dose 3.5 mg/L. Then check.\n1. Open VLV-3042-B.\n2. Close it")
    texts = ["Dose 3.5 mg/L.", "Then check.", "1. Open VLV-3042-B.", "2. Close it"]
    assert [("Dose 3.5 mg/L. Then check.\n1. Open VLV-3042-B.\n2. Close it")[s:e] for s, e in spans] == texts
