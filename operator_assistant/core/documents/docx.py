"""Word documents via python-docx: headings from the built-in Heading styles, tables row by row.

It must not run macros or follow links: only the text, styles and tables are read.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from pathlib import Path

import docx
from docx.document import Document as WordDocument
from docx.opc.exceptions import PackageNotFoundError
from docx.table import Table
from docx.text.paragraph import Paragraph
from lxml import etree
from lxml.etree import XMLSyntaxError

from operator_assistant.core.documents.base import HEADING, TEXT, Document, TextBuilder, squash
from operator_assistant.core.documents.headings import bold_heading_level, reads_as_heading
from operator_assistant.core.documents.tables import Cell, make_table
from operator_assistant.core.documents.tables import Table as TableData
from operator_assistant.core.documents.titles import pick_title
from operator_assistant.errors import DocumentError

_HEADING_STYLE = re.compile(r"^heading\s*(\d)$", re.IGNORECASE)


def _table_rows(table: Table) -> list[tuple[list[tuple[str, int]], int]]:
    """Each row as (cell text, first grid column) pairs and its width in grid columns;
    a merged cell comes once, at its first column."""
    rows = []
    for row in table.rows:
        cells: list[tuple[str, int]] = []
        previous = None
        grid = row.cells
        for column, cell in enumerate(grid):
            if previous is not None and cell._tc is previous:
                continue  # merged cells repeat the same element across the span
            previous = cell._tc
            cells.append((squash(cell.text.replace("\n", " ")), column))
        if any(text for text, _ in cells):
            rows.append((cells, len(grid)))
    return rows


def _add_table(out: TextBuilder, table: Table) -> TableData | None:
    grid: list[list[Cell]] = []
    for row, width in _table_rows(table):
        placed = out.add_row([text for text, _ in row])
        if not placed:
            continue
        aligned: list[Cell] = []
        for (_, column), cell in zip(row, placed):
            while len(aligned) < column:  # a merged cell stands for each column it spans
                aligned.append(aligned[-1] if aligned else Cell("", cell.start, cell.start))
            aligned.append(cell)
        aligned += aligned[-1:] * (width - len(aligned))
        grid.append(aligned)
    return make_table(grid)


def _bold_heading(paragraph: Paragraph, text: str, before: str) -> int:
    runs = [run for run in paragraph.runs if run.text.strip()]
    if not runs or not all(run.bold for run in runs):
        return 0
    return bold_heading_level(text, before)


def load_docx(path: Path, data: bytes) -> Document:
    try:
        document = docx.Document(io.BytesIO(data))
        return _convert(path, document)
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError) as exc:
        raise DocumentError(f"not a valid DOCX file ({type(exc).__name__})") from exc
    except (NotImplementedError, zlib.error, EOFError) as exc:  # what zipfile raises on damaged entries
        raise DocumentError(f"damaged DOCX file: its zip archive is broken ({exc})") from exc
    except XMLSyntaxError as exc:
        raise DocumentError(f"damaged DOCX file: a part inside it is not valid XML ({exc})") from exc
    except (AttributeError, ValueError, TypeError, IndexError) as exc:
        # python-docx meets well-formed XML that is not laid out as Word writes it
        raise DocumentError(f"damaged DOCX file: unexpected content in its parts ({type(exc).__name__}: {exc})") from exc


def _convert(path: Path, document: WordDocument) -> Document:
    out = TextBuilder()
    tables: list[TableData] = []
    numbering = 0
    last_text = ""  # the paragraph before: a "heading" introduced by a colon is the text it introduces
    in_contents = False
    for item in document.iter_inner_content():
        if isinstance(item, Table):
            numbering = 0
            if (found := _add_table(out, item)) is not None:
                tables.append(found)
            continue
        assert isinstance(item, Paragraph)
        text = squash(item.text)
        style = (item.style.name if item.style is not None else "") or ""
        heading = _HEADING_STYLE.match(style)
        if not text:
            continue
        before, last_text = last_text, text
        listed = style.casefold().startswith(("toc ", "toc heading"))  # Word's contents list: its own section
        if listed and not in_contents:
            out.mark("Contents", 1, separator="\n")
        in_contents = listed
        if listed:
            out.add(text, TEXT, separator="\n")
        elif style == "Title":
            out.add(text, HEADING, 1)
            numbering = 0
        elif heading and reads_as_heading(text, before, styled=True):
            out.add(text, HEADING, int(heading.group(1)))
            numbering = 0
        elif (level := _bold_heading(item, text, before)):  # a template's bold "SECTION 2 - ..." in a body style
            out.add(text, HEADING, level)
            numbering = 0
        elif style.startswith("List Number"):
            numbering += 1
            out.add(f"{numbering}. {text}", TEXT, separator="\n")
        elif style.startswith("List"):
            out.add(f"- {text}", TEXT, separator="\n")
        else:
            numbering = 0
            out.add(text, TEXT)
    # the core title where the author set one, else the first Title or Heading 1 paragraph
    title = pick_title([document.core_properties.title or "",
                        *(b.label for b in out.blocks if b.kind == HEADING and b.level == 1)], path)
    return Document(path, "docx", title, out.text, out.blocks, tables=tables, properties=_properties(document))


def _properties(document: WordDocument) -> dict[str, str]:
    """Core properties that can name a document, and custom ones (where document-control systems
    keep "Document Number", "Revision", "Effective Date"). Core `revision` is Word's save count: left out."""
    core = document.core_properties
    props = {name: str(getattr(core, name) or "") for name in ("title", "subject", "keywords", "identifier", "version",
                                                                 "category")}
    for part in document.part.package.parts:
        if part.partname == "/docProps/custom.xml":
            for prop in etree.fromstring(part.blob).iterchildren():
                name, value = prop.get("name"), "".join(prop.itertext()).strip()
                if name and value:
                    props[name] = value
    return {k: v for k, v in props.items() if v.strip()}
