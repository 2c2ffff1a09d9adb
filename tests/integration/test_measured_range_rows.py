"""A table whose rows are ranges of a measured quantity ("2500 V < Vr < 12,000 V"), asked with one figure in
another unit ("a 4.16 kV motor"): the card is the row whose range holds it, not the first row nor another table.
Through the real ingest, index and assistant."""

from __future__ import annotations

import pytest

from tests.support.engines import ask, card_assistant

MANUAL = """<html><head><title>High-Service Pump Motors: Maintenance</title></head><body>
<h1>High-Service Pump Motors: Maintenance</h1>
<h2>4.2 Insulation resistance test</h2>
<p>Measure the stator winding insulation resistance with an insulation tester before the first start and after
any long standstill. Disconnect the surge capacitors first. Apply the test voltage for one minute and record
the reading corrected to 40 °C.</p>
<table>
<tr><th>Rated voltage (Vr)</th><th>DC test voltage</th><th>Minimum insulation resistance</th></tr>
<tr><td>Vr &lt; 1000 V</td><td>500 Vdc</td><td>5 MΩ</td></tr>
<tr><td>1000 V &lt; Vr &lt; 2500 V</td><td>1000 Vdc</td><td>10 MΩ</td></tr>
<tr><td>2500 V &lt; Vr &lt; 12,000 V</td><td>2500 Vdc</td><td>100 MΩ</td></tr>
<tr><td>Vr &gt; 12,000 V</td><td>5000 Vdc</td><td>100 MΩ</td></tr>
</table>
<h2>4.3 Bearing lubrication</h2>
<p>Grease the drive-end bearing every 2000 running hours with 30 g of lithium complex grease.</p>
<table>
<tr><th>Bearing</th><th>Grease quantity</th><th>Interval</th></tr>
<tr><td>Drive end</td><td>30 g</td><td>2000 h</td></tr>
<tr><td>Non-drive end</td><td>20 g</td><td>2000 h</td></tr>
</table>
</body></html>
"""


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder):
    folder = tmp_path_factory.mktemp("measured-range-docs")
    (folder / "high-service-motors.html").write_text(MANUAL, encoding="utf-8")
    yield from card_assistant(folder, tmp_path_factory.mktemp("measured-range-index"), embedder)


@pytest.mark.parametrize(("question", "row", "value"), [
    ("What DC test voltage is used on the 4.16 kV high-service pump motors?", "2500 V < Vr < 12,000 V", "2500 Vdc"),
    ("What DC test voltage is used on a 480 V motor?", "Vr < 1000 V", "500 Vdc"),
    ("What DC test voltage does a 13.8 kV motor get?", "Vr > 12,000 V", "5000 Vdc"),
])
def test_the_row_whose_range_holds_the_figure_asked_is_shown_first(assistant, question, row, value) -> None:
    answer = ask(assistant, question)
    assert not answer.refused, answer.refusal_reason
    text = answer.card.as_text()
    assert answer.card.rows and answer.card.rows[0][0].text == row, text
    assert value in text and all(other not in text for other in {"500 Vdc", "1000 Vdc", "2500 Vdc", "5000 Vdc"} - {value}
                                 if other not in value), text


def test_the_citation_highlights_the_row_shown_not_the_rows_above_it(assistant) -> None:
    # the viewer highlights the cited span: from the header down it took in every row above the one asked
    answer = ask(assistant, "What DC test voltage does a 13.8 kV motor get?")
    cited = answer.citations[0].text
    assert cited.startswith("Vr > 12,000 V") and "5000 Vdc" in cited, cited
    assert "Vr < 1000 V" not in cited and "Rated voltage" not in cited, cited
