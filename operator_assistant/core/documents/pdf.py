"""PDF text layer via pypdfium2 (the same engine the source viewer renders pages with).

Each page's text is kept with one character per pdfium character, so an offset
within a page is pdfium's character index there and maps straight to character boxes.
Headings are lines set in a larger font than the body text.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from operator_assistant.core.documents.base import FURNITURE, HEADING, TEXT, Block, Document, squash
from operator_assistant.errors import DocumentError

PAGE_SEPARATOR = "\n\n"
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ufffe\uffff]")
_DIGITS = re.compile(r"\d+")


def _page_lines(text: str, sizes: list[float]) -> list[tuple[int, int, float]]:
    """(start, end, font size) for each non-empty line of one page."""
    lines, pos = [], 0
    for raw in text.split("\n"):
        start, end = pos, pos + len(raw)
        pos = end + 1
        stripped = raw.strip()
        if not stripped:
            continue
        start += len(raw) - len(raw.lstrip())
        end -= len(raw) - len(raw.rstrip())
        glyph_sizes = [sizes[i] for i in range(start, end) if i < len(sizes) and not text[i].isspace()]
        size = max(Counter(round(s * 2) / 2 for s in glyph_sizes).items(), key=lambda kv: (kv[1], kv[0]))[0] if glyph_sizes else 0.0
        lines.append((start, end, size))
    return lines


def full_text_between(text: str, start: int, end: int) -> str:
    """The text between two lines, minus the one line break that separates them."""
    return text[start:end].replace("\n", "", 1) if 0 <= start <= end else "\n"


def load_pdf(path: Path, data: bytes) -> Document:
    if not data.startswith(b"%PDF") and b"%PDF" not in data[:1024]:
        raise DocumentError("not a PDF file (no PDF header)")
    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        reason = str(exc).lower()
        if "password" in reason:
            raise DocumentError("encrypted PDF: it needs a password, remove the protection and add it again") from exc
        raise DocumentError(f"damaged or unreadable PDF ({exc})") from exc
    try:
        pages: list[tuple[str, list[tuple[int, int, float]]]] = []
        for number in range(len(pdf)):
            try:
                page = pdf[number]
                textpage = page.get_textpage()
            except pdfium.PdfiumError as exc:
                # a partial manual would look complete in answers: refuse it with the page named
                raise DocumentError(f"damaged PDF: page {number + 1} of {len(pdf)} cannot be read ({exc})") from exc
            count = textpage.count_chars()
            raw = textpage.get_text_range() if count > 0 else ""
            # Same length as pdfium's character list: offsets stay character indices.
            text = _CONTROL.sub(" ", raw.replace("\r", " "))
            sizes = [pdfium_c.FPDFText_GetFontSize(textpage.raw, i) for i in range(len(text))]
            pages.append((text, _page_lines(text, sizes)))
            textpage.close()
            page.close()
    finally:
        pdf_title = (pdf.get_metadata_dict().get("Title") or "").strip()
        pdf.close()
    if not any(text.strip() for text, _ in pages):
        raise DocumentError("no text layer: this build has no OCR (a scanned PDF? index a copy with selectable text)")

    body_size = Counter()
    for text, lines in pages:
        for start, end, size in lines:
            body_size[size] += end - start
    body = body_size.most_common(1)[0][0] if body_size else 0.0
    heading_sizes = sorted({size for _, lines in pages for _, _, size in lines if body and size >= body * 1.1}, reverse=True)
    level_of = {size: min(i + 1, 6) for i, size in enumerate(heading_sizes)}

    # Lines repeated on most pages (running headers, "Page 3 of 9") are page furniture.
    furniture: set[str] = set()
    if len(pages) >= 3:
        seen = Counter()
        for text, lines in pages:
            edge = lines[:2] + lines[-2:]
            seen.update({_DIGITS.sub("#", squash(text[s:e])) for s, e, _ in edge})
        furniture = {line for line, n in seen.items() if n >= max(3, len(pages) * 0.6)}

    parts, blocks, page_starts, offset = [], [], [], 0
    for n, (text, lines) in enumerate(pages):
        if n:
            parts.append(PAGE_SEPARATOR)
            offset += len(PAGE_SEPARATOR)
        page_starts.append(offset)
        parts.append(text)
        # A PDF gives lines, not paragraphs: each line is a block, so a table row
        # (one line) is never split; the chunker packs lines back together.
        for start, end, size in lines:
            line = squash(text[start:end])
            if _DIGITS.sub("#", line) in furniture:
                blocks.append(Block(FURNITURE, offset + start, offset + end))
            elif size in level_of and len(line) <= 120:
                previous = blocks[-1] if blocks else None
                if (previous and previous.kind == HEADING and previous.level == level_of[size]
                        and "\n" not in full_text_between(text, previous.end - offset, start)):
                    # a heading wrapped onto two lines is one heading
                    blocks[-1] = Block(HEADING, previous.start, offset + end, previous.level, f"{previous.label} {line}")
                else:
                    blocks.append(Block(HEADING, offset + start, offset + end, level_of[size], line))
            else:
                blocks.append(Block(TEXT, offset + start, offset + end))
        offset += len(text)
    full = "".join(parts)
    title = pdf_title or next((b.label for b in blocks if b.kind == HEADING), "") or path.stem
    return Document(path, "pdf", title, full, blocks, page_starts)
