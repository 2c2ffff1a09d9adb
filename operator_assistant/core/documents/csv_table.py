"""CSV and TSV files (alarm lists, point lists, SCADA exports) as one table, like a DOCX table.

The standard library's csv reads the rows; `csv.Sniffer` guesses the delimiter (comma, semicolon,
tab or pipe), and where it cannot, the delimiter that splits the most lines into the same number
of fields is taken. The text is decoded as every text file is (UTF-8 with or without BOM, else a
detected legacy code page). Each cell's ref is its column letter and 1-based row of the file ("C12",
as a spreadsheet program opening the file numbers it).
It must not evaluate anything: a cell that looks like a formula ("=SUM(...)") is text.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from pathlib import Path

from operator_assistant.core.documents.base import Document, TextBuilder, decode_text
from operator_assistant.core.documents.sheets import MAX_CELLS, TOO_MANY_CELLS_HINT, Grid, add_sheet
from operator_assistant.errors import DocumentError

DELIMITERS = ",;\t|"
SNIFF_CHARS = 64 * 1024  # the sample the delimiter is guessed from: a few hundred lines
_EXCEL_SEPARATOR = re.compile(r"^\ufeff?sep=(.)\s*$")  # Excel's own first line naming the delimiter: "sep=;"


def _fields_per_line(lines: list[str], delimiter: str) -> Counter[int]:
    counts: Counter[int] = Counter()
    try:
        for row in csv.reader(lines, delimiter=delimiter, skipinitialspace=True):
            if any(field.strip() for field in row):
                counts[len(row)] += 1
    except csv.Error:
        pass
    return counts


def _consistency(lines: list[str], delimiter: str) -> tuple[int, int]:
    """How well a delimiter splits the lines: how many share the most common number of fields (0 when
    that number is 1: it splits nothing), then that number."""
    counts = _fields_per_line(lines, delimiter)
    width, lines_of_width = max(counts.items(), key=lambda item: (item[1], item[0]), default=(1, 0))
    return (lines_of_width if width > 1 else 0, width)


def guess_delimiter(text: str, suffix: str) -> str:
    """The delimiter of a CSV or TSV text."""
    sample = text[:SNIFF_CHARS]
    if len(text) > SNIFF_CHARS and "\n" in sample:
        sample = sample[:sample.rindex("\n")]  # whole lines only: a cut line has fewer fields
    lines = [line for line in sample.split("\n") if line.strip()]
    if suffix == ".tsv" and sum("\t" in line for line in lines) * 2 > len(lines):
        return "\t"
    try:
        found = csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:  # "Could not determine delimiter": title lines or ragged rows confuse it
        found = ""
    # The Sniffer can settle on a character that splits no line (or, on ragged rows, the wrong one):
    # its choice stands only when it splits the lines as consistently as the best of the four does.
    best = max(DELIMITERS, key=lambda delimiter: _consistency(lines, delimiter))
    if found in tuple(DELIMITERS) and _consistency(lines, found) >= _consistency(lines, best):
        return found
    return best


def load_csv(path: Path, data: bytes) -> Document:
    text = decode_text(data, path)
    first_line, _, rest = text.partition("\n")
    named = _EXCEL_SEPARATOR.match(first_line)
    if named:
        text, delimiter = rest, named.group(1)
    else:
        delimiter = guess_delimiter(text, path.suffix.lower())
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, skipinitialspace=True)
    rows: list[list[str]] = []
    numbers: list[int] = []
    cells = 0
    try:
        for number, row in enumerate(reader, start=1):
            if any(field.strip() for field in row):
                rows.append(row)
                numbers.append(number)
                cells += len(row)
                if cells > MAX_CELLS:
                    raise DocumentError(f"too large to read as a table: more than {MAX_CELLS:,} cells",
                                        TOO_MANY_CELLS_HINT)
    except csv.Error as exc:
        raise DocumentError(f"damaged CSV file: line {reader.line_num}: {exc}") from exc
    out = TextBuilder()
    table = add_sheet(out, Grid(rows, numbers))
    return Document(path, "csv", path.stem, out.text, out.blocks, tables=[table] if table is not None else [])
