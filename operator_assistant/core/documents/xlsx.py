"""Excel workbooks (.xlsx, .xlsm) via openpyxl: every sheet a section with one table, hidden sheets too.

openpyxl is the maintained pure-Python reader of the format (no compiled parts to bundle). It is
used in read-only mode, which streams a sheet's rows instead of building an object per cell (a
SCADA export of tens of thousands of rows loads in seconds, not minutes, in a fraction of the
memory), with `data_only`: a formula reads as the value Excel cached when it last saved the file,
and as an empty cell where none was cached, never as its formula text. Read-only mode does not
read merged ranges, so they are read here from each sheet's XML (`mergeCell` elements): a merged
header cell then stands for every column it covers, as in a DOCX table. Numbers are written as a
person reads them (45, not 45.0; 25% for a percent format; 12.50 where the format shows two
decimals), dates as ISO dates.
It must not run anything: macros (.xlsm) are never loaded, external links never followed.
"""

from __future__ import annotations

import datetime as dt
import io
import posixpath
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any

from lxml import etree

from operator_assistant.core.documents.base import HEADING, Document, TextBuilder
from operator_assistant.core.documents.sheets import MAX_CELLS, TOO_MANY_CELLS_HINT, Grid, add_sheet
from operator_assistant.core.documents.tables import Table
from operator_assistant.errors import DocumentError

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_RANGE = re.compile(r"^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$")
_DECIMALS = re.compile(r"^[#,]*0(?:\.(0+))?$")  # "0", "0.00", "#,##0.0": a fixed number of decimals
_PERCENT = re.compile(r"^0(?:\.(0+))?%$")  # "0%", "0.0%"
_XML = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)


def load_xlsx(path: Path, data: bytes) -> Document:
    if data.startswith(_OLE2):  # what Excel writes for .xls, and for an .xlsx saved with a password
        raise DocumentError("an old-format (.xls) or password-protected Excel workbook, not an .xlsx",
                            "open it in Excel and save it as .xlsx (Excel Workbook) without a password")
    try:
        return _convert(path, data)
    except zipfile.BadZipFile as exc:
        raise DocumentError(f"not a valid XLSX file: its zip archive cannot be read, or is cut short ({exc})") from exc
    except KeyError as exc:
        raise DocumentError(f"not a valid XLSX file: a part it needs is missing ({exc})") from exc
    except (NotImplementedError, zlib.error, EOFError) as exc:  # what zipfile raises on damaged entries
        raise DocumentError(f"damaged XLSX file: its zip archive is broken ({exc})") from exc
    except (etree.XMLSyntaxError, SyntaxError) as exc:  # ElementTree's ParseError is a SyntaxError
        raise DocumentError(f"damaged XLSX file: a part inside it is not valid XML ({exc})") from exc
    except (AttributeError, ValueError, TypeError, IndexError) as exc:
        # openpyxl meets well-formed XML that is not laid out as Excel writes it
        raise DocumentError(f"damaged XLSX file: unexpected content in its parts ({type(exc).__name__}: {exc})") from exc


def load_xls(path: Path, data: bytes) -> Document:
    """An .xls file: the binary Excel 97-2003 format is refused; what SCADA systems often write under
    the name (an .xlsx, an HTML table, tab- or comma-separated text) is read as what it is."""
    from operator_assistant.core.documents.csv_table import load_csv
    from operator_assistant.core.documents.html import load_html
    from operator_assistant.core.documents.sniff import sniff

    if data.startswith(_OLE2):
        raise DocumentError("an Excel 97-2003 workbook (.xls) is not read",
                            "open it in Excel and save it as .xlsx (Excel Workbook), then add that file")
    found = sniff(data[:8192])
    if found.suffix == ".zip":
        return load_xlsx(path, data)
    if found.reason or found.suffix != ".txt":
        raise DocumentError(f"not an Excel workbook ({found.reason or found.suffix})",
                            "open it in Excel and save it as .xlsx (Excel Workbook), then add that file")
    head = data[:4096].lower()
    if b"urn:schemas-microsoft-com:office:spreadsheet" in head:
        raise DocumentError("an Excel 2003 XML spreadsheet (.xls) is not read",
                            "open it in Excel and save it as .xlsx (Excel Workbook), then add that file")
    return load_html(path, data) if b"<table" in head or b"<html" in head else load_csv(path, data)


def load_doc(path: Path, data: bytes) -> Document:
    """A .doc file: the binary Word 97-2003 format is refused with what to do about it."""
    raise DocumentError("a Word 97-2003 document (.doc) is not read",
                        "open it in Word and save it as .docx (Word Document), then add that file")


def _convert(path: Path, data: bytes) -> Document:
    import openpyxl

    archive = zipfile.ZipFile(io.BytesIO(data))
    parts = _sheet_parts(archive)
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_vba=False, keep_links=False)
    try:
        out = TextBuilder()
        tables: list[Table] = []
        cells = 0
        for sheet in book.worksheets:
            hidden = sheet.sheet_state != "visible"
            grid, counted = _grid(sheet, MAX_CELLS - cells)
            cells += counted
            grid.merges = _merges(archive, parts[sheet.title]) if sheet.title in parts else []
            if not any(any(row) for row in grid.rows):
                continue  # an empty sheet: nothing to read or cite
            out.add(f"{sheet.title} (hidden sheet)" if hidden else sheet.title, HEADING, 1)
            if (table := add_sheet(out, grid)) is not None:
                tables.append(table)
        properties = _properties(book)
    finally:
        book.close()
    return Document(path, "xlsx", properties.get("title") or path.stem, out.text, out.blocks, tables=tables,
                    properties=properties)


def _grid(sheet: Any, limit: int) -> tuple[Grid, int]:
    """The sheet's cell texts, row by row from column A; and how many cells have text."""
    sheet.reset_dimensions()  # the size some writers record is wrong, and would cut rows off
    rows: list[list[str]] = []
    numbers: list[int] = []
    count = 0
    for row in sheet.iter_rows():
        texts: list[str] = []
        number = 0
        for cell in row:
            value = getattr(cell, "value", None)  # the filler for a missing cell has no row or column
            if value is None:
                continue
            # a number's format is looked up only for numbers: a style lookup per cell is most of a big sheet's time
            numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
            text = cell_text(value, cell.number_format if numeric else "General")
            if not text:
                continue
            number = cell.row
            texts += [""] * (cell.column - 1 - len(texts))
            texts.append(text)
        if texts:
            count += len(texts)
            if count > limit:
                raise DocumentError(f"too large to read as a table: more than {MAX_CELLS:,} cells", TOO_MANY_CELLS_HINT)
            rows.append(texts)
            numbers.append(number)
    return Grid(rows, numbers, sheet.title), count


def cell_text(value: object, number_format: str = "General") -> str:
    """A cell's value as a person reads it on the sheet."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="seconds" if value.second else "minutes")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        minutes, seconds = divmod(round(value.total_seconds()), 60)
        return f"{minutes // 60}:{minutes % 60:02d}:{seconds:02d}"
    if isinstance(value, (int, float)):
        return number_text(value, number_format)
    return str(value).strip()


def number_text(value: float, number_format: str = "General") -> str:
    """45 for 45.0; Excel's own 15 significant digits (0.3, not 0.30000000000000004); the decimals a
    fixed format ("0.00") or a percent format ("0%") shows. Other formats (currency, fractions) show
    the plain number."""
    fmt = (number_format or "General").split(";")[0].strip()
    if m := _PERCENT.match(fmt):
        return f"{value * 100:.{len(m.group(1) or '')}f}%"
    if (m := _DECIMALS.match(fmt)) and m.group(1):
        return f"{value:.{len(m.group(1))}f}"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    return f"{value:.15g}"


def _sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Each worksheet's name -> the path of its XML in the archive (workbook.xml and its relationships)."""
    names = set(archive.namelist())
    book = "xl/workbook.xml"
    if "_rels/.rels" in names:
        for rel in etree.fromstring(archive.read("_rels/.rels"), _XML).iter(f"{{{_PACKAGE_REL}}}Relationship"):
            if rel.get("Type", "").endswith("/officeDocument"):
                book = rel.get("Target", book).lstrip("/")
    rels_path = posixpath.join(posixpath.dirname(book), "_rels", posixpath.basename(book) + ".rels")
    if rels_path not in names:
        return {}
    targets = {}
    for rel in etree.fromstring(archive.read(rels_path), _XML).iter(f"{{{_PACKAGE_REL}}}Relationship"):
        target = rel.get("Target", "")
        targets[rel.get("Id")] = (target.lstrip("/") if target.startswith("/")
                                  else posixpath.normpath(posixpath.join(posixpath.dirname(book), target)))
    parts = {}
    for sheet in etree.fromstring(archive.read(book), _XML).iter(f"{{{_MAIN}}}sheet"):
        target = targets.get(sheet.get(f"{{{_REL}}}id"))
        if target in names:
            parts[sheet.get("name", "")] = target
    return parts


def _merges(archive: zipfile.ZipFile, part: str) -> list[tuple[int, int, int, int]]:
    """The sheet's merged ranges as (first row, first column, last row, last column), 1-based."""
    found = []
    with archive.open(part) as source:
        for _, element in etree.iterparse(source, tag=f"{{{_MAIN}}}mergeCell", resolve_entities=False,
                                          no_network=True, huge_tree=False):
            m = _RANGE.match(element.get("ref", "").upper())
            element.clear()
            if m is None:
                continue
            first_col, first_row = _column_number(m.group(1)), int(m.group(2))
            last_col, last_row = (_column_number(m.group(3)), int(m.group(4))) if m.group(3) else (first_col, first_row)
            found.append((min(first_row, last_row), min(first_col, last_col), max(first_row, last_row),
                          max(first_col, last_col)))
    return found


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _properties(book: Any) -> dict[str, str]:
    """What the workbook says about itself (File > Info), as the DOCX loader reads a document's."""
    props = book.properties
    found = {name: str(getattr(props, name, "") or "") for name in ("title", "subject", "keywords", "identifier",
                                                                     "version", "category")}
    return {name: value.strip() for name, value in found.items() if value.strip()}
