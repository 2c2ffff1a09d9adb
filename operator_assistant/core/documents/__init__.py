"""Loaders per format: a file in, a Document (text + blocks + page map) out.

Loaders must not index, embed or write anything: a file in, a Document out.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from operator_assistant.core.documents.base import Block, Document
from operator_assistant.core.documents.csv_table import load_csv
from operator_assistant.core.documents.docx import load_docx
from operator_assistant.core.documents.html import load_html
from operator_assistant.core.documents.image import IMAGE_SUFFIXES, load_image
from operator_assistant.core.documents.markdown import load_markdown
from operator_assistant.core.documents.ocr import PageReader
from operator_assistant.core.documents.pdf import load_pdf
from operator_assistant.core.documents.sniff import by_name, sniff_data
from operator_assistant.core.documents.text import load_text
from operator_assistant.core.documents.xlsx import load_doc, load_xls, load_xlsx
from operator_assistant.errors import Cancelled, DocumentError

LOADERS: dict[str, Callable[[Path, bytes], Document]] = {
    ".pdf": load_pdf,
    ".docx": load_docx,
    ".md": load_markdown,
    ".markdown": load_markdown,
    ".html": load_html,
    ".htm": load_html,
    ".txt": load_text,
    ".text": load_text,
    ".csv": load_csv,
    ".tsv": load_csv,
    ".xlsx": load_xlsx,
    ".xlsm": load_xlsx,  # the same workbook with macros: the cells are read, the macros never run
    ".xls": load_xls,
    ".doc": load_doc,
}
# Formats that may need OCR: their loaders take the page reader too.
OCR_LOADERS: dict[str, Callable[[Path, bytes, PageReader | None], Document]] = {
    ".pdf": load_pdf, **{suffix: load_image for suffix in IMAGE_SUFFIXES}}
SUPPORTED_SUFFIXES = frozenset(LOADERS) | frozenset(OCR_LOADERS)


def is_supported(path: Path) -> bool:
    """Whether the file's suffix has a loader of its own. Any other file is read as text when its
    content is text (see `sniff`), by the loader its content names (a PDF under another name), or not at all."""
    return path.suffix.lower() in SUPPORTED_SUFFIXES


def loader_suffix(path: Path, data: bytes) -> str:
    """The suffix whose loader reads this file: its own, else what its first bytes say (".txt" for text);
    DocumentError with the reason when they say it is no document (a program, an archive)."""
    suffix = path.suffix.lower()
    if suffix in SUPPORTED_SUFFIXES:
        return suffix
    found = by_name(path) or sniff_data(data)
    if found.reason:
        raise DocumentError(found.reason)
    return found.suffix


def parse_document(path: Path, data: bytes, ocr: PageReader | None = None) -> Document:
    """Parse bytes read from `path`; raise DocumentError with a reason a person can read.
    `ocr` reads the pages that have no text (scans, images); without it they cannot be read."""
    suffix = loader_suffix(path, data)
    if not data:
        raise DocumentError("empty file")
    try:
        if suffix in OCR_LOADERS:
            document = OCR_LOADERS[suffix](path, data, ocr)
        else:
            document = LOADERS[suffix](path, data)
    except (DocumentError, Cancelled):
        raise
    except Exception as exc:  # a parser's own failure on a damaged file is a reason, not a crash
        kind = suffix.lstrip(".").upper()
        raise DocumentError(f"could not parse {kind} file: {type(exc).__name__}: {exc}") from exc
    if not any(b.kind != "heading" and document.text[b.start:b.end].strip() for b in document.blocks):
        raise DocumentError("no text found in the document")
    return document


def load_document(path: Path, ocr: PageReader | None = None) -> Document:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DocumentError(f"cannot read file: {exc.strerror or exc}") from exc
    return parse_document(path, data, ocr)


__all__ = ["Block", "Document", "SUPPORTED_SUFFIXES", "is_supported", "load_document", "loader_suffix",
           "parse_document"]
