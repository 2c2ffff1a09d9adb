from operator_assistant.core.assistant import Turn, contextualize, is_follow_up, is_refusal
from operator_assistant.core.llm.prompts import REFUSAL, SYSTEM_RULES, PromptSource, build_prompt
from operator_assistant.core.refusal import choose_threshold


def words(text: str) -> int:
    return len(text.split())


def source(n: int, text: str) -> PromptSource:
    return PromptSource(n, "Booster Station B Manual", ("Booster Station B Manual", "2. Alarms", "2.1 Thresholds"), (2,), text)


def test_prompt_has_rules_numbered_sources_and_locations():
    prompt = build_prompt("What is the B-2 high alarm?", [source(1, "B-2 high alarm is 118 psi."), source(2, "B-1 is 116 psi.")],
                          words, 1000, 100)
    system, user = prompt.messages[0], prompt.messages[-1]
    assert system["role"] == "system" and "[1]" in system["content"] and REFUSAL in system["content"]
    assert "numbered steps" in SYSTEM_RULES and "exactly" in SYSTEM_RULES
    assert "[1] Booster Station B Manual - 2. Alarms > 2.1 Thresholds, page 2\nB-2 high alarm is 118 psi." in user["content"]
    assert "[2] Booster Station B Manual" in user["content"]
    assert user["content"].rstrip().endswith("cite them.") and "Question: What is the B-2 high alarm?" in user["content"]


def test_prompt_fits_the_budget_and_cuts_at_sentences():
    long = " ".join(f"Sentence number {i} about pump P-{i} has seven words." for i in range(200))
    sources = [source(i + 1, long) for i in range(5)]
    prompt = build_prompt("question here", sources, words, context_size=600, max_answer_tokens=100)
    assert prompt.tokens <= 600 - 100
    assert 1 <= len(prompt.sources) < 5
    assert all(s.text.endswith("words.") for s in prompt.sources)  # never a cut sentence
    assert [s.number for s in prompt.sources] == list(range(1, len(prompt.sources) + 1))


def test_history_is_kept_in_the_messages():
    history = [{"role": "user", "content": "B-2 high alarm?"}, {"role": "assistant", "content": "118 psi [1]."}]
    prompt = build_prompt("And for A-2?", [source(1, "A-2 high alarm is 76 psi.")], words, 1000, 100, history)
    assert [m["role"] for m in prompt.messages] == ["system", "user", "assistant", "user"]


def test_follow_ups_are_read_with_the_previous_question():
    history = [Turn("What is the high discharge pressure alarm for booster B-2?", "118 psi [1].")]
    assert is_follow_up("And for the A-series?") and is_follow_up("What about the high alarm?")
    assert contextualize("And for the A-series?", history).startswith("What is the high discharge pressure alarm")
    standalone = "How often are filter F-3 valves exercised?"
    assert not is_follow_up(standalone) and contextualize(standalone, history) == standalone
    assert contextualize("And for the A-series?", []) == "And for the A-series?"


def test_equipment_named_in_a_follow_up_replaces_the_equipment_named_before():
    history = [Turn("What is the high discharge pressure alarm for booster B-2?", "118 psi [1].")]
    assert contextualize("And for A-2 at the intake?", history) == (
        "What is the high discharge pressure alarm for booster ? And for A-2 at the intake?")
    history = [Turn("What torque do the bolts on B-3 and P-101A get?", "")]
    assert contextualize("And on B-1 and P-101A?", history) == "What torque do the bolts on and P-101A get? And on B-1 and P-101A?"
    # a follow-up naming nothing keeps the earlier equipment
    assert contextualize("What about the high alarm?", history).startswith("What torque do the bolts on B-3 and P-101A")


def test_refusal_is_recognised_in_model_output():
    assert is_refusal("I don't have that information in the provided documents.")
    assert is_refusal("I don\u2019t have that information in the provided documents")
    assert not is_refusal("The high alarm is 118 psi [1].")


def test_threshold_refuses_unanswerable_within_the_false_refusal_budget():
    answerable = [0.5 + i / 100 for i in range(40)]  # 0.50 .. 0.89
    unanswerable = [0.30, 0.35, 0.40, 0.45, 0.48]
    t = choose_threshold(answerable, unanswerable)
    assert 0.48 < t <= 0.52
    assert sum(a < t for a in answerable) <= 2 and sum(u < t for u in unanswerable) == 5
    # when the two overlap, at most 5% of answerable questions are refused
    t = choose_threshold(answerable, [0.7, 0.8])
    assert sum(a < t for a in answerable) <= 2
