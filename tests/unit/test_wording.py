"""The model's wording is shown only when every figure and sentence checks out against the card."""

import pytest

from operator_assistant.core.answer.policy import DEFAULT_POLICY
from operator_assistant.core.answer.records import PROCEDURE, TABLE, Card, CardCell
from operator_assistant.core.answer.wording import RULES, build_prompt, check_wording, evidence_lines, grammar

COLUMNS = ("Pump", "Transmitter", "Low alarm", "High alarm", "High-high trip", "Unit")
ROWS = [("B-1", "PT-2101", "64", "116", "125", "psi"), ("B-2", "PT-2102", "66", "118", "127", "psi"),
        ("Discharge header", "PT-2105", "60", "120", "130", "psi")]


def table_card(rows=ROWS) -> Card:
    cells = tuple(tuple(CardCell(text, 1, 10 * r + c, 10 * r + c + 1) for c, text in enumerate(row))
                  for r, row in enumerate(rows))
    units = tuple(("", "", "psi", "psi", "psi", "") for _ in rows)
    return Card(TABLE, "2.1 Discharge Pressure Alarm Thresholds", cells, COLUMNS, units)


def procedure_card() -> Card:
    steps = ["1. Confirm on SCR-04 that suction pressure PT-2100 is above 28 psi.",
             "2. Turn the pump HOA switch on LCP-200 to Hand."]
    return Card(PROCEDURE, "3.2 Starting a Pump Manually", tuple((CardCell(s, 1, 0, 1),) for s in steps))


def shown(text: str, card: Card | None = None, **kwargs) -> bool:
    return bool(check_wording(text, card or table_card(), **kwargs).text)


def test_wording_that_states_the_card_is_shown():
    assert shown("The high alarm for B-2 is 118 psi [1].")
    assert shown("B-2 alarms high at 118 psi and trips at 127 psi [1].")
    assert shown("Confirm that the suction pressure PT-2100 is above 28 psi, then turn the HOA switch to Hand [1].",
                 procedure_card())


@pytest.mark.parametrize("text, reason", [
    ("The high alarm for B-2 is 71 psi [1].", "'71 psi', which is not in the cited text"),
    ("The high alarm for B-2 is 118 kPa [1].", "not in the cited text"),  # right figure, wrong unit
    ("Check transmitter PT-305 first [1].", "'PT-305'"),  # an invented tag
    ("The high alarm for B-1 is 118 psi [1].", "without the row and column"),  # the figure of another row
    ("The discharge pressure alarm threshold on the B-series boosters is 125 psi [1].", "without the row and column"),
    ("The high alarm for B-2 is 118 psi [1]. The high alarm for B-2 is 118 psi [1].", "repeated itself"),
    ("I don't have that information in the provided documents.", "do not answer this"),
    ("Operators may take several hours or even days to respond to alarms [1].", "the card does not say"),
])
def test_wording_that_fails_a_check_is_left_out_with_the_reason(text, reason):
    result = check_wording(text, table_card())
    assert result.text == "" and reason in result.note, result


def test_a_sentence_copied_from_an_earlier_answer_is_left_out():
    earlier = ["Contractors use yellow locks and keep the key themselves [1]."]
    text = "Contractors use yellow locks and keep the key themselves [1]."
    result = check_wording(text, procedure_card(), earlier_answers=earlier)
    assert result.text == "" and "earlier answer" in result.note
    # the same words are fine when this card says them too
    cell = CardCell("Contractors use yellow locks and keep the key themselves.", 1, 0, 1)
    card = Card(PROCEDURE, "2.1 Lock Colors", ((cell,),))
    assert check_wording(text, card, earlier_answers=earlier).text == text


def test_the_prompt_holds_the_rules_first_then_only_the_card_and_the_question():
    card = table_card()
    messages, tokens = build_prompt("What is the high alarm on B-2?", card, lambda t: len(t.split()))
    assert messages[0] == {"role": "system", "content": RULES}
    user = messages[1]["content"]
    assert user.startswith("Facts from 2.1 Discharge Pressure Alarm Thresholds:")
    assert "B-2: Transmitter PT-2102, Low alarm 66 psi, High alarm 118 psi, High-high trip 127 psi [1]" in user
    assert user.endswith("Question: What is the high alarm on B-2?") and len(messages) == 2
    assert tokens <= DEFAULT_POLICY.prompt_tokens


def test_the_prompt_is_cut_to_the_token_budget_at_whole_facts():
    rows = [(f"B-{n}", f"PT-21{n:02d}", "64", "116", "125", "psi") for n in range(1, 200)]
    card = table_card(rows)
    messages, tokens = build_prompt("What are the alarms?", card, lambda t: len(t.split()))
    assert tokens <= DEFAULT_POLICY.prompt_tokens
    kept = [line for line in messages[1]["content"].splitlines() if line.startswith("B-")]
    assert 1 <= len(kept) < len(rows) and all(line in evidence_lines(card) for line in kept)


def test_the_grammar_lets_the_model_write_figures_only_from_the_card():
    from llama_cpp import LlamaGrammar

    rules = grammar(table_card())
    assert '"118"' in rules and '"2102"' in rules and '"[1]"' in rules and '"71"' not in rules
    assert r"[^0-9\[\]\x0A]" in rules  # free text holds no digit, bracket or new line
    LlamaGrammar.from_string(rules, verbose=False)  # llama.cpp accepts it


def test_a_fraction_is_one_figure_so_part_of_it_is_not_a_checked_value():
    # seen through the plant server on the EPA emergency disinfection table: "The answer is: 2." shown under
    # a card saying 2/3 tsp, because 2/3 was read as the figures 2 and 3
    cells = ((CardCell("8 gallons", 2, 0, 9), CardCell("2/3 tsp", 2, 10, 17)),)
    card = Card(TABLE, "MORE INFORMATION", cells, ("Volume of Water", "Amount of 6% Bleach to Add"), (("", ""),))
    assert not shown("The answer is: 2.", card)
    assert shown("Add 2/3 tsp of bleach to 8 gallons of water [1].", card)
    rules = grammar(card)
    assert '"2/3"' in rules and '"2"' not in rules  # the model can only write the fraction whole
