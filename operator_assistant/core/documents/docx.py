"""Word documents via python-docx: headings from the built-in Heading styles, tables row by row."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import docx
from docx.opc.exceptions import PackageNotFoundError
from docx.table import Table
from docx.text.paragraph import Paragraph

from operator_assistant.core.documents.base import HEADING, ROW, TEXT, Document, TextBuilder, squash
from operator_assistant.errors import DocumentError

_HEADING_STYLE = re.compile(r"^heading\s*(\d)$", re.IGNORECASE)


def _table_rows(table: Table) -> list[str]:
    rows = []
    for row in table.rows:
        cells: list[str] = []
        for cell in row.cells:
            text = squash(cell.text.replace("\n", " "))
            # merged cells repeat the same object across the span
            if text and (not cells or cells[-1] != text):
                cells.append(text)
        if cells:
            rows.append(" | ".join(cells))
    return rows


def load_docx(path: Path, data: bytes) -> Document:
    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise DocumentError(f"not a valid DOCX file ({type(exc).__name__})") from exc
    out = TextBuilder()
    numbering = 0
    for item in document.iter_inner_content():
        if isinstance(item, Table):
            numbering = 0
            for row in _table_rows(item):
                out.add(row, ROW, separator="\n")
            continue
        assert isinstance(item, Paragraph)
        text = squash(item.text)
        style = (item.style.name if item.style is not None else "") or ""
        heading = _HEADING_STYLE.match(style)
        if not text:
            continue
        if style == "Title":
            out.add(text, HEADING, 1)
            numbering = 0
        elif heading:
            out.add(text, HEADING, int(heading.group(1)))
            numbering = 0
        elif style.startswith("List Number"):
            numbering += 1
            out.add(f"{numbering}. {text}", TEXT, separator="\n")
        elif style.startswith("List"):
            out.add(f"- {text}", TEXT, separator="\n")
        else:
            numbering = 0
            out.add(text, TEXT)
    title = squash(document.core_properties.title or "")
    if not title:
        title = next((b.label for b in out.blocks if b.kind == HEADING), "") or path.stem
    return Document(path, "docx", title, out.text, out.blocks)
