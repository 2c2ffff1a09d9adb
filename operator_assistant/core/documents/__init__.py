"""Loaders per format: a file in, a Document (text + blocks + page map) out.

Loaders must not index, embed or write anything: a file in, a Document out.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from operator_assistant.core.documents.base import Block, Document
from operator_assistant.core.documents.docx import load_docx
from operator_assistant.core.documents.html import load_html
from operator_assistant.core.documents.image import IMAGE_SUFFIXES, load_image
from operator_assistant.core.documents.markdown import load_markdown
from operator_assistant.core.documents.ocr import PageReader
from operator_assistant.core.documents.pdf import load_pdf
from operator_assistant.core.documents.text import load_text
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
}
# Formats that may need OCR: their loaders take the page reader too.
OCR_LOADERS: dict[str, Callable[[Path, bytes, PageReader | None], Document]] = {
    ".pdf": load_pdf, **{suffix: load_image for suffix in IMAGE_SUFFIXES}}
SUPPORTED_SUFFIXES = frozenset(LOADERS) | frozenset(OCR_LOADERS)


def is_supported(path: Path) -> bool:
    return path.suffix.lower() in SUPPORTED_SUFFIXES


def parse_document(path: Path, data: bytes, ocr: PageReader | None = None) -> Document:
    """Parse bytes read from `path`; raise DocumentError with a reason a person can read.
    `ocr` reads the pages that have no text (scans, images); without it they cannot be read."""
    suffix = path.suffix.lower()
    loader = LOADERS.get(suffix)
    if loader is None and suffix not in OCR_LOADERS:
        raise DocumentError(f"unsupported file type '{path.suffix or path.name}'",
                            f"supported: {', '.join(sorted(SUPPORTED_SUFFIXES))}")
    if not data:
        raise DocumentError("empty file")
    try:
        if suffix in OCR_LOADERS:
            document = OCR_LOADERS[suffix](path, data, ocr)
        else:
            assert loader is not None  # an unsupported suffix was refused above
            document = loader(path, data)
    except (DocumentError, Cancelled):
        raise
    except Exception as exc:  # a parser's own failure on a damaged file is a reason, not a crash
        raise DocumentError(f"could not parse {path.suffix.lstrip('.').upper()} file: {type(exc).__name__}: {exc}") from exc
    if not any(b.kind != "heading" and document.text[b.start:b.end].strip() for b in document.blocks):
        raise DocumentError("no text found in the document")
    return document


def load_document(path: Path, ocr: PageReader | None = None) -> Document:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DocumentError(f"cannot read file: {exc.strerror or exc}") from exc
    return parse_document(path, data, ocr)


__all__ = ["Block", "Document", "SUPPORTED_SUFFIXES", "is_supported", "load_document", "parse_document"]
