"""How an answer's text is turned into the chat's HTML."""

from operator_assistant.core.assistant import QUOTE_LEAD, Answer
from operator_assistant.core.llm.citations import Claim
from operator_assistant.gui.chat import render_answer


def test_setpoints_are_bold_in_the_answer_but_the_quote_is_shown_as_written():
    own = "The high alarm is 118 psi [1]. The trip is 71 psi [1]."
    quoted = "Pump Transmitter Low alarm High alarm High-high trip Unit: B-2 PT-2102 66 118 127 psi"
    text = f'{own}\n\n{QUOTE_LEAD} [1]: "{quoted}"'
    start = own.index("71 psi")
    answer = Answer("B-2 high alarm?", "B-2 high alarm?", text, False, [], [Claim("71 psi", start, start + 6)],
                    quote=quoted)
    shown = render_answer(answer)
    body, quote_part = shown.split(QUOTE_LEAD.replace("'", "&#x27;"))
    assert "<b>118 psi</b>" in body and "71 psi&nbsp;(unverified)" in body
    assert "<b>" not in quote_part and "127 psi" in quote_part  # only the last figure has the unit
    assert quote_part.count('href="source:0:1"') == 1 and body.count('href="source:0:1"') == 2
