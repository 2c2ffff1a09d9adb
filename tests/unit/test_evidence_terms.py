"""Question words that no indexed document contains (the refusal's subject check)."""

from operator_assistant.core.answer.evidence import unfamiliar_terms
from operator_assistant.core.tokenize import tokenize

DOCUMENTS = """Sodium hypochlorite dose setpoint is 2.5 mg/L. The login screen of the HMI
shows the operator's name. Start the lead booster pump when the reservoir level is low."""
VOCABULARY = frozenset(tokenize(DOCUMENTS))


def test_an_uncommon_word_no_document_contains_is_reported():
    assert unfamiliar_terms("What is the fluoride dose setpoint?", VOCABULARY) == ["fluoride"]
    assert unfamiliar_terms("What orthophosphate feed rate do we use?", VOCABULARY) == ["orthophosphate"]


def test_common_english_words_missing_from_the_documents_do_not_count():
    # "nobody", "home", "thing" and "big" are in no document, but they are everyday words
    assert unfamiliar_terms("If nobody comes, can I go home? Is it a big thing?", VOCABULARY) == []


def test_a_word_the_documents_contain_in_another_form_is_familiar():
    # matched on the stemmed index terms: "doses" and "Hypochlorite's" are in the documents
    assert unfamiliar_terms("How many doses of Hypochlorite's solution?", VOCABULARY) == []


def test_identifiers_and_numbers_are_left_to_the_search():
    assert unfamiliar_terms("What does PT-9999 read at 4.5 bar?", VOCABULARY) == []


def test_each_word_is_reported_once_and_an_empty_index_reports_nothing():
    assert unfamiliar_terms("Ozone or ozone's level, ozone?", VOCABULARY) == ["ozone"]
    assert unfamiliar_terms("What is the fluoride dose?", frozenset()) == []


def test_a_verb_saying_what_the_equipment_does_is_no_unfamiliar_subject():
    # "creeping" is in no document, and the question is still about the pool's conductivity
    assert unfamiliar_terms("Reservoir level has been creeping up: why?", VOCABULARY) == []
    assert unfamiliar_terms("The booster pump uncoupled and the ozone alarm tripped", VOCABULARY) == ["ozone"]


def test_an_abbreviation_the_passages_write_out_is_no_unfamiliar_subject():
    from operator_assistant.core.answer.evidence import spelled_out

    passages = ["Receptacles on generators rated not more than 5 kW need no ground-fault circuit interrupters."]
    assert spelled_out("GFCI", passages)
    # three letters, or words a stop word joins, are met by chance: "by means of some" spells no BMS
    assert not spelled_out("bms", ["This is done by means of some valves."])
    assert not spelled_out("LEL", ["the lower explosive limit"])
    assert not spelled_out("GFCI", ["Ground the frame and check its insulation."])


def test_a_unit_is_no_unfamiliar_subject():
    # "kV" over documents that write their voltages in V, "gpm" over documents in L/s: the same quantities
    assert unfamiliar_terms("What DC test voltage is used on a 4.16 kV motor?", VOCABULARY) == []
    assert unfamiliar_terms("What is the fluoride dose at 300 gpm?", VOCABULARY) == ["fluoride"]
