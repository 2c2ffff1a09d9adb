"""PDF text layer via pypdfium2 (the same engine the source viewer renders pages with).

Each page's text is kept with one character per pdfium character, so an offset
within a page is pdfium's character index there and maps straight to character boxes; a
two-column page whose lines run across the gutter, or whose title comes last in the content
stream, is put in reading order first, with a map back to pdfium's characters (pdf_columns).
Sections come from the PDF outline where there is one (pdf_outline), else from lines set larger or
bolder than the body that read as headings (pdf_headings). Tables are found from the
gaps between words: lines that split into the same number of cells at gaps wider than a
space, under a line of column names, are table rows.
"""

from __future__ import annotations

import ctypes
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

from operator_assistant.core.documents.base import FURNITURE, HEADING, ROW, TEXT, Block, Document, squash
from operator_assistant.core.documents.headings import FILLER, reads_as_heading
from operator_assistant.core.documents.ocr import PDF_OCR_DPI, OcrPage, PageReader
from operator_assistant.core.documents.pdf_columns import PageChars, reading_order, titles_first
from operator_assistant.core.documents.pdf_headings import (
    body_type,
    contents_levels,
    heading_levels,
    line_weights,
    numbering_depth,
    squashed,
)
from operator_assistant.core.documents.pdf_outline import Mark, numbered_label, outline, place, reads_as, words
from operator_assistant.core.documents.pdf_tables import (
    MIN_BOXES,
    Box,
    cells_together,
    headed,
    interleaved,
    ruled_grids,
    ruled_tables,
)
from operator_assistant.core.documents.tables import Cell, Table, make_table
from operator_assistant.core.documents.titles import named_on_page, pick_title, reads_as_title, title_words
from operator_assistant.errors import DocumentError
from operator_assistant.folder.records import unreadable_note

PAGE_SEPARATOR = "\n\n"
# Control characters, and tabs (some writers set "Office\tof\tWater"), read as spaces.
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f\ufffe\uffff]")
# Symbol fonts (Wingdings, Symbol) put their bullets, boxes and arrows in the Private Use Area,
# which no other font draws: shown as a box. One character for one keeps the offsets.
_SYMBOL_FONT_MARK = re.compile("[\ue000-\uf8ff]")
# pdfium marks a hyphen it found at a line's end with U+FFFE, whether the typesetter broke a word there
# ("dis-" / "tance") or the line ended in a hyphenated word ("short-" / "circuited")
_BROKEN_WORD = re.compile(r"([A-Za-z]+)\ufffe([a-z][A-Za-z]*)")
JOINED_WORD_ZIPF = 2.0  # "distance", "rigging", "however" are words; "shortcircuited", "noload" are not
_DIGITS = re.compile(r"\d+")
_WORD = re.compile(r"\S+")
# Words further apart than this many font sizes are in different table cells; a space,
# even stretched in justified text, is about 0.25-0.6 of the font size.
CELL_GAP = 0.8
_LIST_MARK = re.compile(r"^\(?[A-Za-z0-9]{1,3}[.)]$")
MAX_CELL_CHARS = 30  # table cells are short; two columns of prose are not a table
MIN_SUBHEADING_LETTERS = 4  # a bold "HQ" or "AR" in a glossary is a term, not a heading


def _word_gaps(textpage: PageChars, text: str, start: int, end: int) -> list[tuple[int, int, float]]:
    """(end of a word, start of the next, horizontal gap between them) along one line."""
    words = [(start + m.start(), start + m.end()) for m in _WORD.finditer(text[start:end])]
    return [(a_end, b_start, textpage.get_charbox(b_start)[0] - textpage.get_charbox(a_end - 1)[2])
            for (_, a_end), (b_start, _) in zip(words, words[1:])]


def _line_cells(start: int, end: int, gaps: list[tuple[int, int, float]], wide: float) -> list[tuple[int, int]]:
    """(start, end) of the cells of one line, split where the gap between two words is wider than `wide`."""
    cells, first = [], start
    for a_end, b_start, gap in gaps:
        if gap > wide:
            cells.append((first, a_end))
            first = b_start
    cells.append((first, end))
    return cells


def _page_cells(textpage: PageChars, text: str, lines: list[tuple[int, int, float]]) -> list[list[tuple[int, int]]]:
    gaps = [_word_gaps(textpage, text, start, end) for start, end, _ in lines]
    # An OCR text layer or justified type can space every word widely: a cell gap must
    # also stand out from the page's usual gap between words.
    usual = sorted(g for line in gaps for _, _, g in line)
    typical = usual[len(usual) // 2] if usual else 0.0
    return [_line_cells(start, end, line, max(CELL_GAP * size, 2.5 * typical)) if size > 0 else [(start, end)]
            for (start, end, size), line in zip(lines, gaps)]


def _tables_on_page(text: str, lines: list[tuple[int, int, float]],
                    cells: list[list[tuple[int, int]]]) -> list[list[int]]:
    """Groups of line indexes that form a table: a line of column names, then rows with as many cells."""
    found, i = [], 0
    while i < len(lines):
        n = len(cells[i])
        j = i
        while j + 1 < len(lines) and len(cells[j + 1]) == n:
            j += 1
        group = list(range(i, j + 1))
        i = j + 1
        if n < 2 or len(group) < 3:
            continue
        header = [text[s:e] for s, e in cells[group[0]]]
        rows = group[1:]
        with_figures = sum(any(c.isdigit() for c in text[s:e]) for r in rows for s, e in cells[r])
        lengths = [e - s for r in group for s, e in cells[r]]
        listed = all(_LIST_MARK.match(text[slice(*cells[r][0])]) for r in group)  # a hanging-indent list
        if (not any(c.isdigit() for cell in header for c in cell) and with_figures * 2 >= len(rows)
                and sum(lengths) / len(lengths) <= MAX_CELL_CHARS and not listed):
            found.append(group)
    return found


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
        size = (max(Counter(round(s * 2) / 2 for s in glyph_sizes).items(), key=lambda kv: (kv[1], kv[0]))[0]
                if glyph_sizes else 0.0)
        lines.append((start, end, size))
    return lines


def _drawn_grid(page: pdfium.PdfPage) -> bool:
    """Whether a page draws what a ruled table needs: at least three horizontal and three vertical rules,
    or MIN_BOXES boxes set in two or more columns and rows (a stack of boxes around lines of a code
    listing is no table). pdfplumber parses a page's drawing slowly, so it reads only such pages."""
    across = down = 0
    lefts, bottoms, boxes = set(), set(), 0
    for path in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_PATH,)):
        left, bottom, right, top = path.get_bounds()
        width, height = right - left, top - bottom
        if height < 3 and width > 10:
            across += 1
        elif width < 3 and height > 10:
            down += 1
        elif width > 10 and height > 5:
            boxes += 1
            lefts.add(round(left))
            bottoms.add(round(bottom))
        if across >= 3 and down >= 3:
            return True
    return boxes >= MIN_BOXES and len(lefts) >= 2 and len(bottoms) >= 2


def _char_boxes(textpage: PageChars, count: int, height: float) -> list[Box]:
    """Each character's box as (left, top, right, bottom) from the page's top left, as pdfplumber measures."""
    boxes = []
    for i in range(count):
        left, bottom, right, top = textpage.get_charbox(i)
        boxes.append((left, height - top, right, height - bottom))
    return boxes


def _bookmarks(marks: list[Mark], page: int, text: str, lines: list[tuple[int, int, float]], tops: list[float],
               furniture: set[tuple[int, int]]) -> dict[int, list[tuple[Mark, bool]]]:
    """line index -> the bookmarks placed there, each with whether the line reads as its title
    (a running title never does: "8.5 Bulk Liquids Page 1 of 2" is no heading, even where it is
    on too few pages to count as furniture)."""
    if not tops:
        return {}
    placed: dict[int, list[tuple[Mark, bool]]] = {}
    texts = ["" if (page, k) in furniture or _PAGE_OF.search(text[s:e]) else squash(text[s:e])
             for k, (s, e, _) in enumerate(lines)]
    for k, mark, found in place(marks, page, list(zip(texts, tops))):
        placed.setdefault(min(k, max(len(lines) - 1, 0)), []).append((mark, found and k < len(lines)))
    return placed


# A page's top and bottom margins, as shares of its height: where running headers, footers
# and page numbers are set (an inch of a letter page is 9%).
MARGIN = 0.1
_PAGE_NUMBER = re.compile(r"^(page\s*)?(#|[ivxlc]+)(\s*(of|/)\s*#)?$|^[-\u2013]?\s*#\s*[-\u2013]?$|^#-#$|^[a-z]{1,8}-#$",
                          re.IGNORECASE)


def _margin_lines(textpage: PageChars, lines: list[tuple[int, int, float]], height: float) -> set[int]:
    """Indexes of the lines that sit wholly in the page's top or bottom margin."""
    found = set()
    for k, (start, end, _) in enumerate(lines):
        tops, bottoms = zip(*((box[3], box[1]) for box in map(textpage.get_charbox, (start, end - 1))))
        if min(bottoms) >= height * (1 - MARGIN) or max(tops) <= height * MARGIN:
            found.add(k)
    return found


def _line_key(text: str, line: tuple[int, int, float]) -> str:
    """A line's words with its figures as "#": page 3's running title reads as page 4's."""
    return _DIGITS.sub("#", squash(text[line[0]:line[1]]))


def _furniture(pages: list[tuple[str, list[tuple[int, int, float]]]], margins: list[set[int]]) -> set[tuple[int, int]]:
    """(page, line) of running headers, footers and page numbers. A line is furniture when it repeats
    (figures aside) at the top or bottom of most pages, or sits in a page's margin and either reads as
    a page number ("12", "Page 3 of 9", "4-7", "iv") or repeats with a page number in the margin of
    three or more pages (a chapter's running title: "Knots, Splices, Attachments, and Ladders 3-5").
    A repeated line with no figure in it stays text unless most pages have it: on a handbook of
    one-page sheets "DON'T" heads a list at the foot of several pages, and without it the list
    reads as things to do."""
    at_edges: Counter[str] = Counter()
    in_margin: Counter[str] = Counter()
    for (text, lines), margin in zip(pages, margins):
        at_edges.update({_line_key(text, line) for line in lines[:2] + lines[-2:]})
        in_margin.update({_line_key(text, lines[k]) for k in margin})
    most = max(3, len(pages) * 0.6)
    found = set()
    for n, ((text, lines), margin) in enumerate(zip(pages, margins)):
        for k, line in enumerate(lines):
            words = _line_key(text, line)
            edge = k < 2 or k >= len(lines) - 2
            if ((edge and len(pages) >= 3 and at_edges[words] >= most)
                    or (k in margin and (_PAGE_NUMBER.match(words) or ("#" in words and in_margin[words] >= 3)))):
                found.add((n, k))
    return found


_PAGE_OF = re.compile(r"\s+page\s+\d+\s+of\s+\d+\s*$", re.IGNORECASE)  # "... Page 1 of 2" ending a line


def _cover_title(pages: list[tuple[str, list[tuple[int, int, float]], list]], hint: str = "") -> str:
    """The title set on the first page: the lines that follow one another in one type size larger than
    the page's smallest, read as a title ("UNIVERSITY OF KENTUCKY / CONFINED SPACE PROGRAM"), largest first;
    a title that ends in a colon takes the line after it ("... User Manual: / Version 1.5"). `hint`: the
    file's name and its metadata title, which pick a cover line set a little smaller than a logo
    ("HY Series Inverter User Manual" under "HUAN YANG")."""
    # the first page with a text layer of its own (a scanned cover read by OCR has no type sizes)
    text, lines, _ = next(((t, ls, c) for t, ls, c in pages[:3] if any(size for _, _, size in ls)), ("", [], []))
    if not lines:
        return ""
    chars: Counter[float] = Counter()
    for start, end, size in lines:
        chars[size] += end - start
    body = chars.most_common(1)[0][0]  # the size most of the page is set in
    smallest = min(chars)
    runs: list[tuple[float, list[str]]] = []
    k = 0
    while k < len(lines):
        size, ended = lines[k][2], False
        run: list[str] = []
        while k < len(lines) and lines[k][2] == size:
            line = squash(text[lines[k][0]:lines[k][1]])
            k += 1
            if not any(c.isalpha() for c in line):
                continue  # a page number or a date set in the title's type
            # "FOR" then "______" after the title of a form to fill in: the title ends there
            ended = ended or (bool(run) and (_filler(line) or not reads_as_title(line.rstrip(":"))))
            if not ended:
                run.append(line)
        if size > smallest and run:
            if run[-1].endswith(":") and k < len(lines):
                run.append(squash(text[lines[k][0]:lines[k][1]]))
            runs.append((size, run))
    found = sorted(((size, " ".join(run)) for size, run in runs if reads_as_title(" ".join(run))),
                   key=lambda found: -found[0])
    if not found:
        return ""
    hinted = [title for size, title in found
              if size > body and size >= found[0][0] * 0.6 and len(title_words(title) & title_words(hint)) >= 2]
    return hinted[0] if hinted else found[0][1]


def _filler(line: str) -> bool:
    return all(word.casefold() in FILLER for word in line.split())


def _glyph_sizes(textpage: pdfium.PdfTextPage, count: int) -> list[float]:
    """Each character's font size in points as set on the page. Some writers set type at size 1
    and scale it with the text matrix (pdfium reports the 1): the matrix gives the size then."""
    sizes = []
    matrix = pdfium_c.FS_MATRIX()
    for i in range(count):
        size = pdfium_c.FPDFText_GetFontSize(textpage.raw, i)
        if 0 < size < 4 and pdfium_c.FPDFText_GetMatrix(textpage.raw, i, ctypes.byref(matrix)):
            size *= abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
        sizes.append(round(size, 1))
    return sizes


def _repeated(pages: list[tuple[str, list[tuple[int, int, float]]]]) -> list[set[int]]:
    """Per page, the lines among its first or last three whose words (figures aside) are there on three
    or more pages: a running title. Only the page's edges count: "PROCEDURE" heads each SOP of a binder."""
    keys = [[_line_key(text, line) if k < 3 or k >= len(lines) - 3 else None
             for k, line in enumerate(lines)] for text, lines in pages]
    on_pages = Counter(key for page in keys for key in set(page) if key is not None)
    return [{k for k, key in enumerate(page) if key is not None and on_pages[key] >= 3} for page in keys]


def _chapter_starts(pages: list[tuple[str, list[tuple[int, int, float]]]], furniture: set[tuple[int, int]]
                    ) -> list[tuple[int, int]]:
    """(page, line) where a numbered running title first appears at the top of a page: a manual that heads
    every page of a chapter with "Chapter 9 Troubleshooting" has that line as the chapter's heading on its
    first page, and as furniture on the rest (the section path of 9.5 is Chapter 9's, not Chapter 7's)."""
    seen: set[str] = set()
    found = []
    for n, (text, lines) in enumerate(pages):
        for k, line in enumerate(lines[:2]):
            said = squash(text[line[0]:line[1]])
            if (n, k) in furniture and numbering_depth(said) and said not in seen:
                seen.add(said)
                found.append((n, k))
    return found


def _line_before(lines: list[tuple[int, int, float]], k: int) -> int:
    return lines[k - 1][1] if k > 0 else -1


def full_text_between(text: str, start: int, end: int) -> str:
    """The text between two lines, minus the one line break that separates them."""
    return text[start:end].replace("\n", "", 1) if 0 <= start <= end else "\n"


@dataclass
class _Page:
    """One page as read: its text (pdfium's characters, or OCR's for a scan), its lines and each line's
    cells, and what the section and table logic needs of it."""

    text: str
    lines: list[tuple[int, int, float]]
    cells: list[list[tuple[int, int]]]
    margin: set[int]  # the lines set in its top or bottom margin
    bold: list[bool]  # whether each line is bold (read only where there is no outline)
    tops: list[float] | None = None  # on a page a bookmark points into: the top of each line
    boxes: list[Box] | None = None  # on a page with drawn lines: its character boxes, for ruled tables
    ocr: OcrPage | None = None  # a scanned page: what OCR read
    order: list[int] | None = None  # a page put in column order: pdfium's index of each character


def _read_page(pdf: pdfium.PdfDocument, number: int, ocr: PageReader | None, marked: bool,
               together: Sequence[Sequence[Box]] = ()) -> _Page:
    """Page `number` in reading order (`marked`: a bookmark points into it; `together`: the cells of
    drawn tables whose wrapped cells the text reads across, each to be read as one run)."""
    try:
        page = pdf[number]
        textpage = page.get_textpage()
    except pdfium.PdfiumError as exc:
        # a partial manual would look complete in answers: refuse it with the page named
        raise DocumentError(f"damaged PDF: page {number + 1} of {len(pdf)} cannot be read ({exc})") from exc
    try:
        count = textpage.count_chars()
        raw = _page_text(textpage, count)
        if _scanned(raw) and ocr is not None:  # a scanned page: its text and word boxes come from OCR
            scanned = ocr.read_page(number, len(pdf), partial(_render_for_ocr, page))
            lines = _page_lines(scanned.text, [0.0] * len(scanned.text))
            return _Page(scanned.text, lines, [[(start, end)] for start, end, _ in lines], set(), [False] * len(lines),
                         ocr=scanned)
        # Same length as pdfium's character list: offsets stay character indices.
        text = _SYMBOL_FONT_MARK.sub("\u2022", _CONTROL.sub(" ", _line_end_hyphens(raw).replace("\r", " ")))
        sizes = _glyph_sizes(textpage, len(text))
        lines = _page_lines(text, sizes)
        chars = PageChars(textpage)
        cells = _page_cells(chars, text, lines)
        margin = _margin_lines(chars, lines, page.get_height())
        # The line logic below runs on the page in reading order: two columns read across are
        # put column by column, then a title written after its text is read first.
        order = None
        offsets = reading_order(textpage, text, lines, cells, page.get_width(), margin)
        if offsets is not None:
            order, chars, text, sizes, lines, cells, margin = _reread(textpage, chars, text, sizes, offsets,
                                                                      page.get_height())
        offsets = titles_first(chars, text, lines, margin, reads_as_heading)
        if offsets is not None:
            order, chars, text, sizes, lines, cells, margin = _reread(textpage, chars, text, sizes, offsets,
                                                                      page.get_height())
        if together:
            offsets = cells_together(together, text, _char_boxes(chars, len(text), page.get_height()))
            if offsets is not None:
                order, chars, text, sizes, lines, cells, margin = _reread(textpage, chars, text, sizes, offsets,
                                                                          page.get_height())
        read = _Page(text, lines, cells, margin, line_weights(textpage, text, lines, order), order=order)
        if marked:
            read.tops = [chars.get_charbox(start)[3] for start, _, _ in lines]
        if count > 0 and _drawn_grid(page):
            read.boxes = _char_boxes(chars, len(text) if order else count, page.get_height())
        return read
    finally:
        textpage.close()
        page.close()


# pdfium's mark for a hyphen at a line's end; its text call gives it as U+FFFE
_LINE_END_HYPHEN = 0x2
_FILLER = "\uffff"  # keeps a character's place: read as a space (_CONTROL)


def _page_text(textpage: pdfium.PdfTextPage, count: int) -> str:
    """The page's text, one character for each of pdfium's characters, so that an offset is a character index.
    pdfium's text call leaves some characters out (a symbol font's glyph it maps to a control code, "\x03") and
    gives a character beyond the basic plane ("𝐴" in a formula) as one where it counts two, and each such
    character moved every highlight and table cell after it on its page; there each character is read alone."""
    if count <= 0:
        return ""
    raw = textpage.get_text_range()
    if len(raw) == count:
        return raw
    codes = [pdfium_c.FPDFText_GetUnicode(textpage, i) for i in range(count)]
    out = []
    for i, code in enumerate(codes):
        if code == _LINE_END_HYPHEN:
            out.append("\ufffe")
        elif 0xD800 <= code < 0xDC00 and i + 1 < count and 0xDC00 <= codes[i + 1] < 0xE000:
            out.append(chr(0x10000 + ((code - 0xD800) << 10) + (codes[i + 1] - 0xDC00)))
        elif 0xD800 <= code < 0xE000 or code > 0x10FFFF:
            out.append(_FILLER)  # a surrogate's second half, whose character its first half holds
        else:
            out.append(chr(code))
    return "".join(out)


def _line_end_hyphens(raw: str) -> str:
    """Words broken at a line's end made whole where joined they are a word of the language or of the page
    ("dis\ufffetance" is "distance", "subcom\ufffemand" is "subcommand" where the page writes it whole,
    which search and the embedder read; as "dis tance" it was two unknown words). Any other mark is read as a
    space, as every mark was before. Same length: the mark's place goes to a space before the word, so offsets
    stay character indices."""
    from wordfreq import zipf_frequency

    def whole(m: re.Match[str]) -> str:
        first, rest = m.group(1), m.group(2)
        joined = f"{first}{rest}".lower()
        # a word of the language, or one the page writes whole elsewhere ("subcommand", "whippings")
        if zipf_frequency(joined, "en") >= JOINED_WORD_ZIPF or joined in on_page:
            return f" {first}{rest}"
        # a hyphenated word, or text of two columns read across ("whip-" / "untwisting"): the column logic
        # parts the two at the space, as before
        return m.group().replace("\ufffe", " ")

    if "\ufffe" not in raw:
        return raw
    on_page = set(re.findall(r"[a-z]+", raw.lower()))
    return _BROKEN_WORD.sub(whole, raw)


def _scanned(raw: str) -> bool:
    """A page whose text layer is empty: OCR reads it."""
    return not raw.strip()


def scanned_pages(data: bytes) -> tuple[int, list[int]]:
    """The page count and the pages (0-based) that OCR will read, without reading them: so that the
    pages of one scan can be read by several OCR processes at once (core/documents/process.py).
    Empty when the file is not a readable PDF (parsing it says why)."""
    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError:
        return 0, []
    try:
        pages = []
        for number in range(len(pdf)):
            try:
                textpage = pdf[number].get_textpage()
            except pdfium.PdfiumError:
                continue  # a damaged page: parsing refuses the file with the page named
            raw = _page_text(textpage, textpage.count_chars())
            if _scanned(raw):
                pages.append(number)
        return len(pdf), pages
    finally:
        pdf.close()


def read_scanned_pages(data: bytes, pages: list[int], ocr: PageReader) -> dict[int, OcrPage]:
    """OCR of these pages, as load_pdf reads them (the same rendering)."""
    pdf = pdfium.PdfDocument(data)
    try:
        return {number: ocr.read_page(number, len(pdf), partial(_render_for_ocr, pdf[number])) for number in pages}
    finally:
        pdf.close()


def load_pdf(path: Path, data: bytes, ocr: PageReader | None = None) -> Document:
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
        marks = outline(pdf)
        marked = {m.page for m in marks}
        read = [_read_page(pdf, number, ocr, number in marked) for number in range(len(pdf))]
        # A drawn table whose wrapped cells the text reads across (a cell's second line read after the next
        # cell's first) is read again with each cell as one run, so that its cells are runs of the text.
        grids = ruled_grids(data, [n for n, page in enumerate(read) if page.boxes is not None])
        for n, page_grids in grids.items():
            page_grids = grids[n] = headed(page_grids, read[n].text, read[n].boxes or [])
            mixed = [g for g in page_grids if interleaved(g, read[n].text, read[n].boxes or [])]
            if mixed:
                read[n] = _read_page(pdf, n, ocr, n in marked, together=mixed)
    finally:
        metadata = {k.lower(): v.strip() for k, v in pdf.get_metadata_dict().items() if k in ("Title", "Subject", "Keywords")
                    and isinstance(v, str) and v.strip()}
        pdf_title = metadata.get("title", "")
        pdf.close()
    ocr_pages = {n: page.ocr for n, page in enumerate(read) if page.ocr is not None}
    pages = [(page.text, page.lines, page.cells) for page in read]
    if not any(text.strip() for text, _, _ in pages):
        if ocr_pages:
            raise DocumentError(f"no text could be read: a scan with no text layer, and OCR found no text "
                                f"({unreadable_note(sorted(n + 1 for n in ocr_pages))})")
        raise DocumentError("no text layer, and OCR is not available here (a scanned PDF?)",
                            "run `operator-assistant models fetch` to install the OCR model")

    text_lines = [(text, lines) for text, lines, _ in pages]
    furniture = _furniture(text_lines, [page.margin for page in read])
    # The outline, where the PDF has one, says what the sections are; then a printed table of
    # contents; size and weight only guess: the rest of the tree where there is no outline, and
    # where there is one, the headings below the bookmark a page is in, when set in bold body type
    # ("Spur-Gear Chain Hoist" under "Types of Chain Hoists"; larger type there is the bookmarks'
    # own titles again).
    typeset = [squashed(page.text, page.lines, page.bold) for page in read]
    repeated = _repeated(text_lines)
    if not marks:
        for n, k in _chapter_starts(text_lines, furniture):
            furniture.discard((n, k))
            repeated[n].discard(k)
    not_headings = [again | {k for group in _tables_on_page(text, lines, cells) for k in group}  # a table row: no heading
                    for again, (text, lines, cells) in zip(repeated, pages)]
    levels = heading_levels(typeset, not_headings)
    if not marks:  # a printed table of contents comes next in trust
        for page_levels, listed in zip(levels, contents_levels(typeset)):
            page_levels.update(listed)
    body = body_type(typeset)

    titled: dict[int, list[set[str]]] = {}  # per page: the words of each bookmark title there
    for mark in marks:
        titled.setdefault(mark.page, []).append(set(words(mark.title)))

    def below_bookmark(n: int, k: int, wraps: bool) -> bool:
        """Bold in body type is also emphasis ("Check the drain MONTHLY." wrapped so that "MONTHLY."
        stands alone), so a heading here must stand between paragraphs: after a line that ends one
        (or the heading's own first line: `wraps`), not ending like a sentence itself, and no
        "Label: value" line of a form."""
        line = typeset[n][k]
        said = set(words(line.text))
        before = typeset[n][k - 1].text if k else "."
        return (body is not None and not body[1] and line.bold and line.size < body[0] * 1.1
                and sum(c.isalpha() for c in line.text) >= MIN_SUBHEADING_LETTERS
                and (before.endswith((".", ":", "!", "?")) or wraps)
                and not line.text.endswith((".", ",", ";", ")"))
                and ": " not in line.text
                # a side head in capitals that repeats part of a bookmark's title ("TYPES OF" / "FIBERS")
                and not any(said <= title for title in titled.get(n, []) + [set(words(mark_title))]))

    starts = [sum(len(t) + len(PAGE_SEPARATOR) for t, _, _ in pages[:n]) for n in range(len(pages))]
    drawn = {n: ruled_tables(grids[n], page.text, page.boxes, starts[n]) for n, page in enumerate(read)
             if page.boxes is not None and n in grids}

    parts, blocks, page_starts, tables, offset = [], [], [], [], 0
    mark_level, mark_title = 0, ""  # the bookmark the text is in (level 0: before the first)
    for n, (text, lines, cells) in enumerate(pages):
        if n:
            parts.append(PAGE_SEPARATOR)
            offset += len(PAGE_SEPARATOR)
        page_starts.append(offset)
        parts.append(text)
        # A PDF gives lines, not paragraphs: each line is a block, so a table row
        # (one line) is never split; the chunker packs lines back together.
        # Drawn tables first (pdfplumber reads their grid), then rows found by their column gaps.
        in_table: set[int] = set()
        for table in drawn.get(n, []):
            tables.append(table)
            in_table.update(k for k, (s, e, _) in enumerate(lines) if table.start < offset + e and offset + s < table.end)
        for group in _tables_on_page(text, lines, cells):
            if in_table.intersection(group):
                continue
            in_table.update(group)
            found_table = make_table([[Cell(text[s:e], offset + s, offset + e) for s, e in cells[k]] for k in group])
            if found_table is not None:
                tables.append(found_table)
        bookmarks = _bookmarks(marks, n, text, lines, read[n].tops or [], furniture)
        for k, (start, end, _) in enumerate(lines):
            line = squash(text[start:end])
            for mark, found in bookmarks.get(k, []):
                if not found:  # the title is not on the page: the section starts where the bookmark points
                    mark_level, mark_title = mark.level, mark.title
                    blocks.append(Block(HEADING, offset + start, offset + start, mark.level, mark.title))
            on_line = next((mark for mark, hit in bookmarks.get(k, []) if hit), None)
            previous = blocks[-1] if blocks else None
            if on_line is not None:
                mark_level, mark_title = on_line.level, on_line.title
                label = _PAGE_OF.sub("", line) if on_line.from_file_name else numbered_label(on_line.title, line)
                blocks.append(Block(HEADING, offset + start, offset + end, on_line.level, label))
            elif (previous is not None and previous.kind == HEADING and previous.end == offset + _line_before(lines, k)
                  and marks and len(words(previous.label)) > len(words(text[previous.start - offset:previous.end - offset]))
                  and reads_as(previous.label, text[previous.start - offset:end])):
                blocks[-1] = Block(HEADING, previous.start, offset + end, previous.level, previous.label)  # a title on two lines
            elif k in in_table:
                blocks.append(Block(ROW, offset + start, offset + end))
            elif (n, k) in furniture:
                blocks.append(Block(FURNITURE, offset + start, offset + end))
            elif k in levels[n] and (not marks or (mark_level and below_bookmark(n, k, wraps=(
                    previous is not None and previous.kind == HEADING and previous.end == offset + _line_before(lines, k))))):
                level = mark_level + 1 if marks else levels[n][k]
                previous = blocks[-1] if blocks else None
                if (previous and previous.kind == HEADING and previous.level == level and not numbering_depth(line)
                        and "\n" not in full_text_between(text, previous.end - offset, start)):
                    # a heading wrapped onto two lines is one heading
                    blocks[-1] = Block(HEADING, previous.start, offset + end, previous.level, f"{previous.label} {line}")
                else:
                    blocks.append(Block(HEADING, offset + start, offset + end, level, line))
            else:
                blocks.append(Block(TEXT, offset + start, offset + end))
        offset += len(text)
    full = "".join(parts)
    tables = continued_tables(tables, blocks, page_starts)
    title = _title(pdf_title, pages, blocks, path)
    return Document(path, "pdf", title, full, blocks, page_starts, tables, ocr_pages=ocr_pages, properties=metadata,
                    reordered_pages={n: page.order for n, page in enumerate(read) if page.order is not None})


def _title(pdf_title: str, pages: list[tuple[str, list[tuple[int, int, float]], list]], blocks: list[Block],
           path: Path) -> str:
    """The metadata title where it names the document, else the cover's, else the first heading that
    reads as a title, else the file name. Metadata that is a file name ("CONFIND1.PDF", "Microsoft Word -
    x.doc"), a new file's ("Untitled-1") or shares no word with the first page (the template's: "RTM Front
    Matter Template") names nothing; nor does one the cover says more than ("UNIVERSITY OF KENTUCKY"
    over "UNIVERSITY OF KENTUCKY / CONTROL OF HAZARDOUS ENERGY / LOCKOUT - TAGOUT PROGRAM")."""
    first_page = next((text for text, _, _ in pages if text.strip()), "")
    if not (reads_as_title(pdf_title) and named_on_page(pdf_title, first_page)):
        pdf_title = ""
    cover = _cover_title(pages, f"{pdf_title} {path.stem.replace('_', ' ')}")
    if pdf_title and cover and title_words(pdf_title) < title_words(cover):
        pdf_title = ""
    headings = [b.label for level in (1, 2, 3) for b in blocks if b.kind == HEADING and b.level == level]
    return pick_title([pdf_title, cover, *headings], path)


def _reread(textpage: pdfium.PdfTextPage, chars: PageChars, text: str, sizes: list[float], offsets: list[int],
            height: float) -> tuple[list[int], PageChars, str, list[float], list[tuple[int, int, float]],
                                    list[list[tuple[int, int]]], set[int]]:
    """The page with its text put in a new order of its offsets (-1: a line break added): pdfium's
    index of each character, and the characters, text, sizes, lines, cells and margin lines again."""
    order = [chars.index(i) if i >= 0 else -1 for i in offsets]
    chars = PageChars(textpage, order)
    text = "".join(text[i] if i >= 0 else "\n" for i in offsets)
    sizes = [sizes[i] if i >= 0 else 0.0 for i in offsets]
    lines = _page_lines(text, sizes)
    return order, chars, text, sizes, lines, _page_cells(chars, text, lines), _margin_lines(chars, lines, height)


def _render_for_ocr(page: pdfium.PdfPage) -> tuple[Image.Image, float]:
    scale = PDF_OCR_DPI / 72
    return page.render(scale=scale, grayscale=True).to_pil(), scale


def continued_tables(tables: list[Table], blocks: list[Block], page_starts: list[int]) -> list[Table]:
    """Tables carried on over a page break joined into one: a table that opens the next page with nothing
    but page furniture since the last one is its continuation when its first line is the same column
    names repeated, or a row like the last one's (its columns' values written the same way). Its first
    line is then a row, not column names; and where it holds only the last columns (cells spanning down
    the left ones are not drawn again on the new page), the last row's left cells stand in them."""
    joined: list[Table] = []
    starts = [b.start for b in blocks]  # in document order
    for table in tables:
        before = joined[-1] if joined else None
        if before is not None and (carried := _carried_on(before, table, blocks, starts, page_starts)) is not None:
            joined[-1] = carried
        else:
            joined.append(table)
    return joined


def _written_as(word: str) -> str:
    """How a code is written, "" for a word that is no code: 0121H and 0AH alike, not 2; PD131 and PD132."""
    word = word.upper()
    if re.fullmatch(r"[0-9A-F]*\d[0-9A-F]*H", word):
        return "hex-h"
    if re.fullmatch(r"0X[0-9A-F]+", word):
        return "hex-0x"
    if m := re.fullmatch(r"([A-Z]{0,6})[-_]?\d+[A-Z]?", word):
        return f"{m.group(1)}#"
    return ""


def _first_word(cell: Cell) -> str:
    return cell.text.split()[0] if cell.text.split() else ""


def _carried_on(before: Table, table: Table, blocks: list[Block], starts: list[int], page_starts: list[int]
                ) -> Table | None:
    page = bisect_right(page_starts, before.end)
    if page >= len(page_starts) or not page_starts[page] <= table.start or (
            page + 1 < len(page_starts) and table.start >= page_starts[page + 1]):
        return None  # not on the page right after
    between = [b for b in blocks[bisect_left(starts, before.end):bisect_left(starts, table.start)]
               if b.end <= table.start]
    if any(b.kind in (TEXT, HEADING) for b in between) or not before.rows:
        return None
    width, last = len(table.header), before.rows[-1]
    left = len(before.header) - width
    if left < 0:
        return None
    if left == 0 and [c.text for c in table.header] == [c.text for c in before.header]:
        return Table(before.header, before.rows + table.rows, before.header_lines)
    first, like = _first_word(table.header[0]), _first_word(last[left]) if left < len(last) else ""
    if not _written_as(first) or _written_as(first) != _written_as(like):
        return None
    lines = (table.header, *table.header_lines, *table.rows)
    return Table(before.header, before.rows + tuple(tuple(last[:left]) + tuple(line) for line in lines),
                 before.header_lines)

