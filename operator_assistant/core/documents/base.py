"""A document as extracted text plus a map back to where each part came from.

Data only: it must not parse a file format (the loaders do).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from charset_normalizer import from_bytes

from operator_assistant.core.documents.ocr import OcrPage
from operator_assistant.core.documents.tables import Cell, Table
from operator_assistant.errors import DocumentError

# Block kinds. A "row" is a table row and is never split; "furniture" is running
# page header/footer text, kept in the text (offsets stay exact) but not chunked.
HEADING, TEXT, ROW, FURNITURE = "heading", "text", "row", "furniture"


@dataclass(frozen=True)
class Block:
    kind: str
    start: int
    end: int
    level: int = 0  # heading level, 1 = top
    label: str = ""  # heading text without markup


@dataclass
class Document:
    path: Path
    format: str
    title: str
    text: str
    blocks: list[Block]
    # PDF only: offset in `text` where each page starts (page n is index n-1).
    # Within a page, offset - page_start is pdfium's character index on that page (see pdf_char).
    page_starts: list[int] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    # what the file says about itself (DOCX core/custom properties, PDF info, HTML meta), by its own names
    properties: dict[str, str] = field(default_factory=dict)
    # Pages read by OCR (0-based page index -> text with word boxes). On such a page,
    # offset - page_start indexes the OCR text, not pdfium's characters.
    ocr_pages: dict[int, OcrPage] = field(default_factory=dict)
    # PDF pages put in reading order (two columns the text layer read across): 0-based page index ->
    # pdfium's character index for each character of the page's text, -1 for a line break added.
    reordered_pages: dict[int, list[int]] = field(default_factory=dict)

    @property
    def unreadable_pages(self) -> list[int]:
        """1-based numbers of the pages OCR found no text on."""
        return sorted(n + 1 for n, page in self.ocr_pages.items() if not page.readable)

    def pdf_char(self, page: int, index: int) -> int:
        """pdfium's index of the character at `index` in the text of page `page` (0-based), or -1
        for a line break that is not one of pdfium's characters."""
        order = self.reordered_pages.get(page)
        if order is None:
            return index
        return order[index] if 0 <= index < len(order) else -1

    @property
    def page_count(self) -> int | None:
        return len(self.page_starts) or None

    def page_at(self, offset: int) -> int | None:
        if not self.page_starts:
            return None
        return bisect.bisect_right(self.page_starts, offset)

    def block_text(self, block: Block) -> str:
        return self.text[block.start:block.end]

    def first_page_text(self, limit: int = 3000) -> str:
        """The text of page 1 (the first `limit` characters where there are no pages): where a title block is."""
        end = self.page_starts[1] if len(self.page_starts) > 1 else len(self.text)
        return self.text[:min(end, limit)]


class TextBuilder:
    """Accumulates extracted text and the blocks that index into it."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.blocks: list[Block] = []

    def add(self, text: str, kind: str = TEXT, level: int = 0, separator: str = "\n\n") -> None:
        text = text.strip()
        if not text:
            return
        if self.length:
            self.parts.append(separator)
            self.length += len(separator)
        label = text if kind == HEADING else ""
        self.blocks.append(Block(kind, self.length, self.length + len(text), level, label))
        self.parts.append(text)
        self.length += len(text)

    def mark(self, label: str, level: int, separator: str = "\n\n") -> None:
        """A heading with no text of its own where the next text (added with `separator`) starts:
        the section a Word contents list forms, which the document does not title."""
        at = self.length + (len(separator) if self.length else 0)
        self.blocks.append(Block(HEADING, at, at, level, label))

    def add_row(self, cells: list[str], refs: Sequence[str] = ()) -> list[Cell]:
        """Add a table row as one ROW block, "a | b | c", and return its cells with their offsets
        (an empty cell keeps its column and gets an empty span); `refs`: each cell's place in a
        spreadsheet ("C12"), where it has one."""
        cells = [" ".join(c.split()) for c in cells]
        joined = " | ".join(cells)
        if not joined.strip(" |"):
            return []
        lead = len(joined) - len(joined.lstrip())
        self.add(joined, ROW, separator="\n")
        block = self.blocks[-1]
        out, pos = [], block.start - lead
        for n, text in enumerate(cells):
            at = min(max(pos, block.start), block.end)
            out.append(Cell(text, at, at + len(text), refs[n] if n < len(refs) else ""))
            pos += len(text) + 3
        return out

    @property
    def text(self) -> str:
        return "".join(self.parts)


_SPACES = re.compile(r"[ \t\f\v\u00a0\u2000-\u200b\u3000]+")


def squash(text: str) -> str:
    """Collapse runs of spaces inside a line (markup and PDFs leave many)."""
    return _SPACES.sub(" ", text).strip()


def decode_text(data: bytes, path: Path) -> str:
    """Bytes to str: UTF-8 (with or without BOM) first, then a detected legacy encoding."""
    if not data.strip():
        raise DocumentError("empty file")
    if b"\x00" in data[:8192] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DocumentError("binary data, not text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = _decode_legacy(data)
    return text.replace("\r\n", "\n").replace("\r", "\n")


# Legacy encodings, most widespread first: the order breaks ties between decodings that
# read equally well (cp1252 and cp1250 agree on most French or German text).
COMMON_ENCODINGS = ("cp1252", "cp1251", "koi8_r", "cp1250", "iso8859_15", "cp932", "euc_jp", "gb18030", "big5",
                    "euc_kr", "cp1253", "cp1254", "cp1255", "cp1256", "cp1257", "iso8859_2", "koi8_u", "cp866", "cp874")
_RANK = {name: rank for rank, name in enumerate(COMMON_ENCODINGS)}


def _decode_legacy(data: bytes) -> str:
    # Over all code pages charset_normalizer often prefers a rare one that happens to score
    # as well (French read as mac_latin2, short KOI8-R as Shift-JIS); so the common ones are
    # weighed first, and the full search is the fallback when none of them reads cleanly.
    found = list(from_bytes(data, cp_isolation=list(COMMON_ENCODINGS))) or list(from_bytes(data))
    if not found:
        raise DocumentError("not text: binary data or an unknown text encoding")
    best = min(found, key=lambda m: (round(m.chaos, 2), -round(m.coherence, 2), _RANK.get(m.encoding, len(_RANK))))
    return str(best)


def line_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line, end excluding the newline."""
    spans, pos = [], 0
    for line in text.split("\n"):
        spans.append((pos, pos + len(line)))
        pos += len(line) + 1
    return spans
