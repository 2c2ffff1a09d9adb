"""How an answer (its card, the model's wording, or plain text) is turned into the chat's HTML."""

from PySide6.QtGui import QTextDocument

from operator_assistant.core.answer.claims import Claim
from operator_assistant.core.answer.records import Answer, Card, CardCell, Source
from operator_assistant.gui.chat import ChatPane, render_answer
from tests.support.window import click_link

COLUMNS = ("Pump", "Transmitter", "Low alarm", "High alarm", "High-high trip", "Unit")
ROWS = (("B-1", "PT-2101", "64", "116", "125", "psi"), ("B-2", "PT-2102", "66", "118", "127", "psi"),
        ("B-3", "PT-2103", "71", "124", "132", "psi"), ("B-4 <script>x()</script>", "PT-2104", "73", "126", "134", "psi"))
QUESTION = "What is the discharge pressure alarm threshold on the B-series boosters?"
SOURCE = Source(1, "d:c", "Booster Pump Station B", "/docs/booster.pdf", ("2.1 Discharge Pressure Alarm Thresholds",),
                (2,), 2304, 2520, "Pump Transmitter Low alarm ...", 1.0)


def table_card() -> Card:
    """The B-series thresholds as the card builder hands them over: every cell with its own offsets."""
    rows, pos = [], 2363
    for values in ROWS:
        row = []
        for text in values:
            row.append(CardCell(text, 1, pos, pos + len(text)))
            pos += len(text) + 1
        rows.append(tuple(row))
    return Card("table", "2.1 Discharge Pressure Alarm Thresholds", tuple(rows), COLUMNS)


def card_answer(wording: str = "", note: str = "", mode: str = "card+model") -> Answer:
    return Answer(QUESTION, QUESTION, "as text", False, [SOURCE], card=table_card(), wording=wording,
                  wording_note=note, mode=mode)


def plain(markup: str) -> str:
    document = QTextDocument()
    document.setHtml(markup)
    return document.toPlainText()


def test_a_table_card_is_an_html_table_with_its_cells_escaped_and_the_wording_set_apart(qapp):
    wording = "The B-2 high alarm is 118 psi [1]."
    shown = render_answer(card_answer(wording))
    card, rest = shown.split("</table>", 1)
    before, label, model = rest.partition("Model's wording, checked against the card:")
    assert label and "<table" in before, "the model's wording is in its own box, labelled as the model's"
    assert card.count("<table") == 1 and card.count("<th") == len(COLUMNS)
    assert all(f">{c}</th>" in card for c in COLUMNS)
    assert card.count("<tr>") == 1 + len(ROWS) and card.count('href="cell:0:') == len(ROWS) * len(COLUMNS)
    for row, value in enumerate(("116", "118", "124", "126")):  # the High alarm column, as links to the cells
        assert f'<a href="cell:0:{row}:3" style="text-decoration:none">{value}</a>' in card
    assert "<script>" not in shown and "B-4 &lt;script&gt;x()&lt;/script&gt;" in card
    assert "<b>" not in card.replace("<b>2.1 Discharge Pressure Alarm Thresholds</b>", "")  # the card as written
    assert card.count('href="source:0:1"') == 1  # the title cites the table
    assert "<b>118 psi</b>" in model and model.count('href="source:0:1"') == 1 and "cell:" not in model
    text = plain(shown)
    assert text.index("B-4 <script>x()</script>") < text.index("Model's wording") < text.index("118 psi [1]")


def test_model_first_puts_the_wording_above_the_card_and_a_left_out_wording_is_a_note(qapp):
    text = plain(render_answer(card_answer("The B-2 high alarm is 118 psi [1].", mode="model-first")))
    assert text.index("Model's wording") < text.index("118 psi [1]") < text.index("High-high trip")
    note = "The model's wording was left out: it wrote '71 psi', which is not in the cited text."
    shown = render_answer(card_answer(note=note))
    assert "Model's wording, checked" not in shown and 'color:#a0a0a0"><i>' in shown
    assert plain(shown).rstrip().endswith(note)
    assert "Model's wording" not in plain(render_answer(card_answer(mode="card")))


def test_procedure_and_sentence_cards_cite_each_step(qapp):
    steps = Card("procedure", "4.2 Switching <tanks>", ((CardCell("Close V-1 <b>slowly</b>.", 1, 10, 30),),
                                                       (CardCell("Open V-2.", 2, 40, 49),)))
    shown = render_answer(Answer("q", "q", "", False, [SOURCE], card=steps))
    assert "<ol><li>" in shown and shown.count("<li>") == 2 and "4.2 Switching &lt;tanks&gt;" in shown
    assert 'href="cell:0:0:0"' in shown and 'href="cell:0:1:0"' in shown
    assert 'href="source:0:1">[1]' in shown and 'href="source:0:2">[2]' in shown
    assert plain(shown).splitlines()[1:] == ["Close V-1 <b>slowly</b>. [1]", "Open V-2. [2]"]
    # steps that carry their numbers are shown as written, with what part of the list they are
    numbered = Card("procedure", "Shutdown", ((CardCell("2. Open the breaker.", 1, 0, 20),),
                                               (CardCell("3. Idle for five minutes.", 1, 21, 46),)), part="steps 2\u20133 of 6")
    shown = render_answer(Answer("q", "q", "", False, [SOURCE], card=numbered))
    assert "<ol>" not in shown and "(steps 2\u20133 of 6)" in shown
    assert plain(shown).splitlines()[1:3] == ["2. Open the breaker. [1]", "3. Idle for five minutes. [1]"]
    said = Card("sentences", "", ((CardCell("Residual is 1.2 mg/L.", 1, 0, 21),), (CardCell("Check it.", 1, 22, 31),)))
    shown = render_answer(Answer("q", "q", "", False, [SOURCE], card=said))
    assert "<ol>" not in shown and shown.count("<p>") == 2 and shown.count('href="source:0:1"') == 2


def test_an_answer_stored_without_a_card_is_its_text_with_marker_links():
    text = "The high alarm is 118 psi [1]. The trip is 71 psi [1]."
    start = text.index("71 psi")
    answer = Answer("B-2 high alarm?", "B-2 high alarm?", text, False, [SOURCE], unverified=[Claim("71 psi", start, start + 6)])
    shown = render_answer(answer)
    assert "<b>118 psi</b>" in shown and "71 psi&nbsp;(unverified)" in shown
    assert shown.count('href="source:0:1"') == 2 and "cell:" not in shown


def test_the_card_shows_at_once_and_the_streamed_wording_is_marked_unchecked(qtbot):
    chat = ChatPane()
    qtbot.addWidget(chat)
    chat.set_ready(True)
    chat.question.setPlainText(QUESTION)
    chat.ask_button.click()  # as the operator asks
    chat.show_card(table_card(), [SOURCE])
    assert "High-high trip" in chat.transcript.toPlainText()  # before any model text
    chat.append_text("The alarm is <b>125</b> psi")
    chat.redraw()
    text = chat.transcript.toPlainText()
    assert text.index("134") < text.index("Model's wording (being checked): The alarm is <b>125</b> psi")
    chat.finish(card_answer("The B-2 high alarm is 118 psi [1]."))
    text = chat.transcript.toPlainText()
    assert "being checked" not in text and "Model's wording, checked against the card:" in text


def test_clicking_a_table_cell_opens_its_source_narrowed_to_the_cell(qtbot):
    chat = ChatPane()
    qtbot.addWidget(chat)
    chat.resize(700, 600)
    chat.show()
    chat.set_ready(True)
    chat.question.setPlainText(QUESTION)
    chat.ask_button.click()  # as the operator asks
    chat.show_card(table_card(), [SOURCE])
    cell = table_card().rows[1][3]
    with qtbot.wait_signal(chat.source_opened) as opened:  # while the model is still wording
        click_link(qtbot, chat.transcript, "118")
    assert opened.args[0] == Source(1, "d:c", SOURCE.document, SOURCE.source, SOURCE.section, (2,), cell.start,
                                    cell.end, SOURCE.text, 1.0)
    chat.finish(card_answer("The B-2 high alarm is 118 psi [1]."))
    with qtbot.wait_signal(chat.source_opened) as opened:
        click_link(qtbot, chat.transcript, "126")
    assert (opened.args[0].number, opened.args[0].start, opened.args[0].end) == (1, *_span(table_card().rows[3][3]))
    with qtbot.wait_signal(chat.source_opened) as opened:
        chat.open_citation(1)
    assert opened.args[0] == SOURCE  # the title's citation opens the whole table


def _span(cell: CardCell) -> tuple[int, int]:
    return cell.start, cell.end


def test_a_cell_holding_a_list_shows_its_items_one_under_another(qapp):
    from operator_assistant.gui.chat import _cell

    listed = CardCell("a) Oil level low in the sump.\n\nb) Oil cooler fins\nblocked <dust>.\n- Wrong oil", 1, 0, 60)
    assert _cell(listed, 0, 0, 1).endswith(
        ">a) Oil level low in the sump.<br>b) Oil cooler fins blocked &lt;dust&gt;.<br>- Wrong oil</a>")
    wrapped = CardCell("Pump runs but delivers no \nflow", 1, 0, 31)
    assert _cell(wrapped, 0, 0, 0).endswith(">Pump runs but delivers no  flow</a>")
