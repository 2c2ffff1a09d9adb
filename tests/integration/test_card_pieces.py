"""The card shows the piece that answers with what it needs to be read: step N of a procedure with
the steps either side, a list item with its lead-in and no item left out unmarked, and a sentence
cut by a chunk boundary carried on to its end. Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from operator_assistant.core.answer.card import _whole_at_edges, _with_what_it_introduces, asked_step
from operator_assistant.core.answer.records import PROCEDURE, SENTENCES, Source
from operator_assistant.core.answer.sentences import Piece
from tests.support.engines import ask, assert_cells_in_place, card_assistant

SHUTDOWN = """Standby generator G-2 operation

Normal shutdown

Shut the standby generator down in this order:
1. Reduce the generator load to zero at the switchboard.
2. Open the generator breaker.
3. Let the engine idle for five minutes so that it cools evenly.
4. Press the STOP button on the engine control panel.
5. Close the day tank fuel valve.
6. Record the running hours in the generator log.
"""

TAGS = """Lockout and tagout program

Tags

Lockout tags used at the plant shall:
a. be durable in the places they are used;
b. be standardized by color and shape;
c. be attached with a non-reusable nylon tie;
d. carry a warning such as DO NOT START or DO NOT ENERGIZE.

Tags are removed only by the employee who applied them.
"""

DELIVERY = """Chemical delivery

Delivery checks

Before a bulk chemical delivery is offloaded the operator shall:
1. Check the delivery note against the purchase order.
2. Confirm the product name on the tanker placard.
3. Check the storage tank level on SCADA.
4. Put on the face shield and the chemical apron.
5. Open the fill line valve FV-220 at the fill station.
6. Ask the driver to connect the hose to the camlock at fill point FP-3 only.
7. Stay at the fill station until the tanker is empty.
8. Close FV-220 and sign the delivery note.
"""

# One section, three lettered lists, each under a numbered title: the question names which it wants.
FILTER_BLOWER = """Filter air scour blower B-7

Blower operation

1. Operation:
a. Run the blower only during a filter backwash.
Blower air flow is set at the local panel.
b. Review blower pressure during each backwash.
2. Startup:
a. OPEN the blower discharge valve at the filter gallery.
b. START the blower at the local panel.
c. Verify the air header pressure rises.
3. Shutdown:
a. STOP the blower at the local panel.
b. Wait until the air header pressure falls to zero.
c. CLOSE the blower discharge valve at the filter gallery.
"""

# A numbered heading set as a paragraph of the text, as a generated manual writes it, over a lettered list.
INTERLOCKS = """<html><head><title>Console interlocks</title></head><body>
<h1>Console interlocks</h1>
<h2>Mode checks</h2>
<p>Check each mode change on the console before the reactor is run.</p>
<p>3.1 ENTERING THE AUTO MODE</p>
<blockquote><div><p>The Auto mode is entered if:</p>
<ol class="loweralpha"><li><p>The AUTO mode button is pressed while in manual mode.</p></li>
<li><p>The square wave ramp up sequence is completed.</p></li></ol></div></blockquote>
<p>3.2 EXITING THE AUTO MODE</p>
<blockquote><div><p>The Auto mode is exited if:</p>
<ol class="loweralpha"><li><p>The Manual mode is selected, or</p></li>
<li><p>Any rod is scrammed, or</p></li>
<li><p>Any SCRAM condition exists.</p></li></ol></div></blockquote>
<p>3.3 INITIATION OF THE AUTO MODE</p>
<blockquote><div><ol><li><p>Power up the console and let it finish its startup sequence.</p></li>
<li><p>Clear all SCRAM conditions and acknowledge the messages.</p></li>
<li><p>Press the AUTO mode pushbutton.</p></li></ol></div></blockquote>
</body></html>
"""

# Steps for one thing and, beside them in the same section, one sentence that answers another.
HISTORIAN = """# Plant historian software

## Installing the historian

1. Unzip the downloaded archive on the server.
2. Run the setup script as the plant administrator.
3. Enter the licence key when the setup script asks for it.
4. Restart the server.

To remove the historian later, delete its program folder and the historian service entry.
"""

# A program whose every section shares its title's words, and a list under a lettered item's lead-in.
ENTRY_PROGRAM = """# Confined space entry program

## Definition of a confined space

A space counts as confined when it:
1. Is large enough for an employee to enter and work.
2. Has limited or restricted means for entry or exit.
3. Is not designed for continuous employee occupancy.

## General requirements

A. Entrants shall be trained before their first entry.
B. The atmosphere shall be tested with a calibrated meter before entry.
C. If a hazardous atmosphere is detected during entry:
1. Each employee shall leave the space immediately.
2. The space shall be evaluated to find how the hazardous atmosphere developed.
3. Measures shall be taken to protect employees before any later entry.
D. The entry supervisor shall sign the entry permit.
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("piece-docs")
    (folder / "generator-g2.txt").write_text(SHUTDOWN, encoding="utf-8")
    (folder / "lockout-tags.txt").write_text(TAGS, encoding="utf-8")
    (folder / "chemical-delivery.txt").write_text(DELIVERY, encoding="utf-8")
    (folder / "filter-blower.txt").write_text(FILTER_BLOWER, encoding="utf-8")
    (folder / "interlocks.html").write_text(INTERLOCKS, encoding="utf-8")
    (folder / "historian.md").write_text(HISTORIAN, encoding="utf-8")
    (folder / "entry-program.md").write_text(ENTRY_PROGRAM, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("piece-index"), embedder)


def test_a_piece_that_opens_with_the_code_letter_asked_about_names_it():
    from operator_assistant.core.answer.card import names_callout

    asked = "What does error response code letter E mean?"
    assert names_callout(asked, "E Quick-stop deceleration \u2013 quick-stop braking ramp; do not turn off output stage")
    assert not names_callout(asked, "B Quick-Stop deceleration \u2013 quick-stop braking ramp; turn off output stage")
    assert not names_callout(asked, "E-47 Seal leak")  # a code, not the letter
    assert not names_callout("What is the response to fault E?", "E Quick-stop deceleration")  # no "letter"


def test_a_step_question_names_the_step_it_asks_for():
    assert asked_step("What's step 3 when shutting the generator down?") == (3, "step")
    assert asked_step("I have done step 1: what is step 2?") == (2, "step")
    assert asked_step("What is the third step of the shutdown?") == (3, "step")
    assert asked_step("What's item 4 on the entry permit?") == (4, "item")
    assert asked_step("How do I shut the generator down?") is None
    # what else a list's items are called is an item of it; an ordinal before any other word is not
    assert asked_step("What's the third way to qualify as an ATS operator trainer?") == (3, "item")
    assert asked_step("What is the second condition for entry?") == (2, "item")
    assert asked_step("What does a first letter K stand for?") is None
    assert asked_step("What pressure is the first stage set to?") is None
    assert asked_step("Which compressor comes on first?") is None


def test_step_n_is_shown_with_its_neighbours_and_the_part_of_the_list_is_said(assistant):
    answer = ask(assistant, "What's step 3 when shutting generator G-2 down?")
    card = answer.card
    assert card.kind == PROCEDURE
    steps = [row[0].text for row in card.rows]
    assert [s.split(".", 1)[0] for s in steps] == ["2", "3", "4"]
    assert steps[1] == "3. Let the engine idle for five minutes so that it cools evenly."
    assert card.part == "steps 2\u20134 of 6" and "(steps 2\u20134 of 6)" in card.as_text()
    assert_cells_in_place(answer)


def test_the_first_step_is_shown_with_the_next_two(assistant):
    card = ask(assistant, "What is the first step of the G-2 generator shutdown?").card
    assert [row[0].text.split(".", 1)[0] for row in card.rows] == ["1", "2", "3"]
    assert card.part == "steps 1\u20133 of 6"


@pytest.mark.parametrize(("question", "title", "first"), [
    ("Shutting down blower B-7 - steps?", "Shutdown", "a. STOP the blower"),
    ("What are the steps to start up blower B-7?", "Startup", "a. OPEN the blower discharge valve"),
])
def test_of_a_sections_lists_the_one_whose_title_the_question_names_and_the_card_says_which(
        assistant, question, title, first):
    answer = ask(assistant, question)
    card = answer.card
    assert card.kind == PROCEDURE
    assert card.title.endswith(f"> {title}")
    assert card.rows[0][0].text.startswith(first) and len(card.rows) == 3
    assert_cells_in_place(answer)


def test_a_how_to_question_answered_by_prose_is_not_shown_the_steps_beside_it(assistant):
    answer = ask(assistant, "How do I uninstall the plant historian?")
    assert answer.card.kind == SENTENCES
    assert "delete its program folder" in answer.card.rows[0][0].text
    installing = ask(assistant, "How do I install the plant historian?")
    assert installing.card.kind == PROCEDURE and len(installing.card.rows) == 4


def test_a_list_under_the_lead_in_that_answers_is_shown_not_one_in_a_section_named_by_the_documents_words(assistant):
    answer = ask(assistant, "What must entrants do if a hazardous atmosphere is detected during a confined space entry?")
    card = answer.card
    assert card.kind == PROCEDURE
    assert card.rows[0][0].text == "1. Each employee shall leave the space immediately." and len(card.rows) == 3
    assert_cells_in_place(answer)


def test_a_heading_line_that_ranks_first_gives_way_to_the_list_it_heads(assistant):
    answer = ask(assistant, "Per 3.2 of the console interlocks, what makes the console exit Auto mode?")
    card = answer.card
    assert card.kind == SENTENCES
    assert [row[0].text for row in card.rows][:4] == [
        "The Auto mode is exited if:", "a. The Manual mode is selected, or", "b. Any rod is scrammed, or",
        "c. Any SCRAM condition exists."]
    assert not any("EXITING" in row[0].text for row in card.rows)  # the heading names the list, no more
    assert_cells_in_place(answer)


def test_a_list_item_is_shown_with_its_lead_in_and_no_item_is_left_out(assistant):
    answer = ask(assistant, "What warning must a lockout tag carry?")
    card = answer.card
    assert card.kind == SENTENCES
    shown = [row[0].text for row in card.rows]
    assert shown[0] == "Lockout tags used at the plant shall:"
    assert [s[:2] for s in shown[1:5]] == ["a.", "b.", "c.", "d."]  # the whole list: no part said
    assert card.part == ""
    assert_cells_in_place(answer)


def test_an_item_of_a_long_list_is_shown_with_the_lead_in_and_the_part_of_the_list_said(assistant):
    answer = ask(assistant, "Which camlock fill point does the driver connect the chemical hose to?")
    card = answer.card
    shown = [row[0].text for row in card.rows]
    assert shown[0] == "Before a bulk chemical delivery is offloaded the operator shall:"
    assert any(s.startswith("6. Ask the driver") for s in shown)
    listed = [row[0].text for row in card.rows[1:] if row[0].source == 1]  # after it: another passage's
    numbers = [int(s.split(".", 1)[0]) for s in listed]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))  # in order, none skipped
    assert card.part == f"items {numbers[0]}\u2013{numbers[-1]} of 8"
    assert_cells_in_place(answer)


def lines_of(*texts: str, at: int = 0) -> list[tuple[int, str]]:
    out = []
    for text in texts:
        out.append((at, text))
        at += len(text) + 1
    return out


def test_a_sentence_cut_at_the_end_of_its_passage_is_carried_on_to_its_end():
    lines = lines_of("GFCIs are used in wet locations.", "GFCIs compare the amount of",
                     "current going into equipment with the amount returning", "along the circuit conductors.",
                     "Test them monthly.")
    passage = "\n".join(t for _, t in lines[:2])
    piece = Piece(passage.index("GFCIs compare"), len(passage), "GFCIs compare the amount of", 0.6, False, False)
    source = Source(1, "d:1", "Safety", "safety.txt", ("GFCI",), (), 0, len(passage), passage, 1.0)
    start, end = _whole_at_edges(piece, source, lines)
    whole = "\n".join(t for _, t in lines)
    assert whole[start:end].endswith("along the circuit conductors.")
    assert whole[start:end].startswith("GFCIs compare")


def test_a_sentence_the_passage_begins_inside_is_taken_back_to_where_it_starts():
    lines = lines_of("Close the valve.", "The operator on duty shall record", "the reading in the log.")
    whole = "\n".join(t for _, t in lines)
    begins = whole.index("the reading")
    passage = whole[begins:]
    piece = Piece(0, len(passage), passage, 0.6, False, False)
    source = Source(1, "d:1", "Log", "log.txt", ("Log",), (), begins, len(whole), passage, 1.0)
    start, end = _whole_at_edges(piece, source, lines)
    assert whole[start:end] == "The operator on duty shall record\nthe reading in the log."


def test_a_finished_sentence_is_left_as_it_is():
    lines = lines_of("Close the valve.", "Open the drain.")
    passage = "Close the valve."
    piece = Piece(0, len(passage), passage, 0.6, False, False)
    source = Source(1, "d:1", "V", "v.txt", ("V",), (), 0, len(passage), passage, 1.0)
    assert _whole_at_edges(piece, source, lines) == (0, len(passage))


def test_a_piece_that_introduces_a_formula_is_read_with_it():
    lines = lines_of("You can approximate the SWC of an open-link chain by using the following rule of thumb:",
                     "SWC = 8D2", "SWC = Safe working capacity, in tons", "Example: a 3/4 inch link is\u2014",
                     "SWC = 8D2", "", "= 4.5 tons")
    whole = "\n".join(t for _, t in lines)
    lead_in = lines[0][1]
    end = _with_what_it_introduces(len(lead_in), lead_in, lines)
    # the formula is too short to be a piece of its own; the line after it is one, and is not taken
    assert whole[:end] == lead_in + "\nSWC = 8D2"
    example = lines[3]
    end = _with_what_it_introduces(example[0] + len(example[1]), example[1], lines)
    assert whole[example[0]:end] == "Example: a 3/4 inch link is\u2014\nSWC = 8D2"  # a blank line ends it
    said = "SWC = Safe working capacity, in tons"  # a piece that introduces nothing is left as it is
    assert _with_what_it_introduces(lines[2][0] + len(said), said, lines) == lines[2][0] + len(said)
    # the items of a list, or more short lines than a row takes, are left to the list: no item left out unmarked
    for items in (["- Information", "- Urgent", "- Critical", "- Life safety"], ["Information", "Urgent", "Critical"]):
        lines = lines_of("The colour of the icon will indicate the severity of the alarm:", *items)
        assert _with_what_it_introduces(len(lines[0][1]), lines[0][1], lines) == len(lines[0][1])


STARTER = """# Motor controllers

## Across-the-line starter

The power and control circuits for an across-the-line starter are shown in Figure 12. The circuit has a
three-phase power circuit and a single-phase control circuit that switches it.

The power circuit consists of a circuit breaker (1), three main contacts (2), three overload sensors (3),
and connections to the motor (4). The control circuit consists of two control fuses (5), start (6) and
stop (7) buttons, an auxiliary relay (8), the contactor operating coil (9), and normally closed overload
relay contacts (10).

Pressing the start button energises the operating coil, which closes the main contacts and the auxiliary
contact; the auxiliary contact holds the coil in after the button is released.
"""


@pytest.fixture(scope="module")
def starter_assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("starter-docs")
    (folder / "motor-starters.md").write_text(STARTER, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("starter-index"), embedder)


def test_an_item_of_a_figure_asked_by_number_gets_the_sentence_that_names_it(starter_assistant):
    # "what's item 10?" showed the sentence with items 1 to 4, not the one that says what (10) is
    answer = ask(starter_assistant, "In the across-the-line starter diagram, what's item 10?")
    assert not answer.refused and answer.card.kind == SENTENCES
    first = " ".join(answer.card.rows[0][0].text.split())
    assert first.endswith("and normally closed overload relay contacts (10)."), first
