"""A question that names a code is answered from the passage that names it, or refused for want of
one: never from passages about its neighbours. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from operator_assistant.core.assistant import Assistant
from operator_assistant.core.retrieval.rerank import NoReranker
from operator_assistant.errors import ModelError
from tests.support.engines import ask, assert_cells_in_place, make_engine

TASKS = ["Describe the purpose of the clarifier", "Identify each chemical metering pump", "Read the flow meter totaliser",
         "Record the influent turbidity", "Calibrate the turbidimeter", "Clean the turbidity cuvette",
         "Inspect the sand filter", "Backwash the sand filter", "Check the pH probe", "Replace the pH buffer",
         "Describe the polymer make-down unit", "Inspect the discharge outfall", "Test the chitosan residual",
         "Sample the treated effluent", "Explain the bypass valve", "Close the bypass valve",
         "Inspect the holding basin", "Drain the holding basin", "Describe the sludge dewatering bags",
         "Replace a dewatering bag", "Start the generator", "Stop the generator", "Lock out the transfer pump",
         "Describe the alarm dial-out", "Acknowledge a high turbidity alarm", "Write the daily log",
         "Convert a flow of 550 gallons per minute to litres per minute", "Calculate a basin volume in gallons",
         "Convert between pounds and grams", "Demonstrate the shutdown sequence"]

STANDARD = "\n".join([
    "Operator Training Standard for Active Treatment Systems",
    "",
    "Training content",
    "",
    "The ATS operator standard sets learning objectives for classroom and field training. Every ATS operator "
    "meets the learning objectives of both parts before operating a system alone.",
    "",
    "Classroom learning objectives cover regulations, erosion, toxicity and the processes of an ATS. The "
    "learning objectives of the field part are met on a working system under a trainer.",
    "",
    *(line for topic in ("trainers", "operators", "site owners", "inspectors", "records", "refresher courses",
                         "quizzes", "field days", "auditors", "contractors", "new hires", "supervisors")
      for line in (f"What the standard asks of {topic}", "",
                   f"The ATS operator standard asks {topic} to follow the learning objectives it sets. A learning "
                   f"objective of the ATS operator standard says what an operator must do, and {topic} check it. "
                   f"The standard asks that each learning objective met is recorded for {topic} to see.", "")),
    "Appendix B: Field training learning objectives",
    "",
    *(line for code, name in (("SAF", "safety"), ("COMP", "ATS components"), ("TOX", "residual toxicity"),
                              ("SUSD", "startup and shutdown"))
      for line in (f"{name.capitalize()} ({code}) \u2013 the learning objectives of the ATS operator standard for "
                   f"{name} ask the operator to show the following on a working ATS:",
                   *(f"{code}\u2010{n}. Show the {name} task number {n} of the ATS operator standard." for n in range(1, 9)))),
    "Operations (OPS) \u2013 the learning objectives for operations:",
    *(f"OPS\u2010{n}. {task}." for n, task in enumerate(TASKS, start=1)),
    "",
])


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("naming-docs")
    (folder / "ats-standard.txt").write_text(STANDARD, encoding="utf-8")
    # few candidates and passages, as in a plant's library, where the closest chunks are all other lists like
    # this one and the line that names the code is found by its code alone, below the passages kept
    engine = make_engine(tmp_path_factory.mktemp("naming-index"), embedder, candidates=5, rerank_candidates=5, top_k=3)
    engine.ingest([folder])

    def no_model():
        raise ModelError("no language model in this test")

    yield Assistant(engine, NoReranker(), no_model)
    engine.close()


def test_a_code_written_with_a_typeset_hyphen_is_answered_from_its_own_line(assistant):
    answer = ask(assistant, "What does learning objective OPS-27 in the ATS operator standard ask for?")
    assert not answer.refused, answer.refusal_reason
    # the objective is an entry of its list: its code as the document writes it, and its own line
    first = [cell.text for cell in answer.card.rows[0]]
    assert first[0] == "OPS\u201027" and first[1].startswith("Convert a flow of 550 gallons per minute")
    assert_cells_in_place(answer)


def test_a_code_in_no_passage_is_refused_and_named(assistant):
    answer = ask(assistant, "What does learning objective OPS-47 in the ATS operator standard ask for?")
    assert answer.refused and "OPS-47" in answer.refusal_reason
