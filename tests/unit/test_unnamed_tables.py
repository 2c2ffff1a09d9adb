"""A table that names no columns (every row opens with a figure, no cell marked as a column name) has no header
row, and its rows are read under the line that introduces the table: "≥ 2000 cpm argon-41 gaseous monitor" means
nothing until it is read as the alert level."""


from operator_assistant.core.answer.sentences import passage_sentences, ranked_pieces
from operator_assistant.core.documents import parse_document

MONITORS = """<html><body><h2>A. Airborne radioactivity</h2>
<p><strong>Alert airborne radioactivity level:</strong></p>
<p>The alert condition does not require an operator action. Alert levels are a warning.</p>
<table><tbody>
<tr><td><p>&ge; 4000 cpm air particulate monitor</p></td><td><p>May occur from natural causes</p></td></tr>
<tr><td><p>&ge; 2000 cpm argon-41 gaseous monitor</p></td><td><p>Normally occurs above 100 kilowatts</p></td></tr>
</tbody></table>
<p><strong>High airborne radioactivity level</strong></p>
<p>This condition requires automatic and other operator actions.</p>
<table><tbody>
<tr><td><p>&ge; 10,000 cpm air particulate monitor</p></td><td><p>Reactor activation product</p></td></tr>
<tr><td></td><td><p>Fission product decay product</p></td></tr>
<tr><td><p>&ge; 10,000 cpm argon-41 gaseous monitor</p></td><td><p>Excessive argon-41 release</p></td></tr>
</tbody></table>
<h2>B. Setpoints</h2>
<table><tr><td>Parameter</td><td>Setpoint</td></tr><tr><td>Wet well high level</td><td>6.5 ft</td></tr>
<tr><td>Wet well low level</td><td>2.0 ft</td></tr></table>
<table><tr><th>2 min</th><th>5 min</th></tr><tr><td>4 mg/L</td><td>3 mg/L</td></tr><tr><td>1 mg/L</td><td>0.5 mg/L</td></tr>
</table>
</body></html>"""


def test_an_html_table_whose_rows_all_open_with_a_figure_names_no_columns(tmp_path) -> None:
    path = tmp_path / "monitors.html"
    path.write_text(MONITORS, encoding="utf-8")
    tables = parse_document(path, path.read_bytes()).tables
    alert, high, setpoints, marked = tables
    assert alert.names == ("", "")
    assert [r[0].text for r in alert.rows] == ["≥ 4000 cpm air particulate monitor", "≥ 2000 cpm argon-41 gaseous monitor"]
    assert high.names == ("", "") and len(high.rows) == 3
    # a first row of words names the columns, as before; so does a row of cells marked as column names
    assert setpoints.names == ("Parameter", "Setpoint")
    assert marked.names == ("2 min", "5 min")


def _piece_with(text: str, part: str) -> str:
    """The piece that holds `part`, as it reads on its own."""
    return next(p.text for p in ranked_pieces(text, [0.5] * len(passage_sentences(text))) if part in p.text)


def test_a_row_of_a_table_with_no_column_names_is_read_under_the_line_that_introduces_it() -> None:
    text = ("A. Airborne radioactivity\n\nAlert airborne radioactivity level:\n\n"
            "The alert condition does not require an operator action. Alert levels are a warning.\n"
            "≥ 4000 cpm air particulate monitor | May occur from natural causes\n"
            "≥ 2000 cpm argon-41 gaseous monitor | Normally occurs above 100 kilowatts\n\n"
            "High airborne radioactivity level\n\n"
            "This condition requires automatic and other operator actions.\n"
            "≥ 10,000 cpm air particulate monitor | Reactor activation product\n"
            "| Fission product decay product\n"
            "≥ 10,000 cpm argon-41 gaseous monitor | Excessive argon-41 release\n")
    assert _piece_with(text, "2000 cpm") == ("Alert airborne radioactivity level: ≥ 2000 cpm argon-41 gaseous "
                                             "monitor | Normally occurs above 100 kilowatts")
    assert _piece_with(text, "Excessive").startswith("High airborne radioactivity level: ≥ 10,000 cpm argon-41")


def test_a_row_under_column_names_or_a_sentence_is_read_as_before() -> None:
    # the first row names the columns: no figure opens it
    named = "Wet well levels:\nParameter | Setpoint\nHigh level | 6.5 ft\nLow level | 2.0 ft\n"
    assert all(not p.text.startswith("Wet well levels") for p in ranked_pieces(named, [0.5] * len(
        passage_sentences(named))))
    # no short line introduces the table: the sentence above it is no label
    plain = ("The levels below are read at the wet well by the radar transmitter every minute.\n"
             "2.0 ft | Low level\n6.5 ft | High level\n")
    assert all(p.text in {"2.0 ft | Low level", "6.5 ft | High level"} or "|" not in p.text
               for p in ranked_pieces(plain, [0.5] * len(passage_sentences(plain))))
