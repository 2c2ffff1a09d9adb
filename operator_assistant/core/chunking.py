"""Structure-aware chunking: sections first, then paragraphs, lines and sentences.

Every chunk is a contiguous span of the document's extracted text, cut only at
whitespace, so identifiers are never split; a table row is never split at all.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from operator_assistant.config import Settings
from operator_assistant.core.documents.base import FURNITURE, HEADING, ROW, TEXT, Block, Document
from operator_assistant.core.documents.headings import contents_entry

# Bumped when the way chunks are cut changes, so documents get re-chunked.
# Versions: 3: PDF table rows are rows; tables kept as data. 4: table titles and unit lines. 5-6: ruled PDF tables. 7:
# HTML list numbers as shown. 8: PDF outline as sections. 9: running headers blanked. 10: scanned PDF pages read
# by OCR. 11: headings must read as headings; contents no parent. 12: two-column PDF pages read across the
# gutter put in column order. 13: printed numbers in outline labels; bold numbered DOCX sections. 14: a title
# the stream gives last read first; bold headings below a bookmark; printed contents lists. 15: Word's contents
# list its own section; command-named bookmarks kept. 16: symbol-font marks in PDF text read as bullets.
# 17: lookup entries (codes, symptoms, MIB objects) kept at ingest: the next ingest re-reads every file
# (unchanged chunks keep their vectors) so an older index gets them. 18: typeset hyphens in codes ("OPS‐27").
# 19: titles as a person sees them (the chunk context starts with the title); tabs as spaces; front matter blank.
# 20: inline HTML tags in Markdown taken out of their lines ("MnSO<sub>4</sub>" reads "MnSO4"). 21: and its entities read.
# 22: a line that opens with a code and goes on as prose ("PD030 is set to ...") does not end the block before it.
# 23: a table whose first row is data keeps the lines set under it as rows (a code's cell spanning its bits).
# 24: a row is found by the codes its cells list ("B24:battery high temperature" in register 0121H's row).
# 25: a name with its code after it in brackets heads a block ("ReadCoils (FC 1)").
# 26: a list of code blocks keeps the text that introduces it (what the list is about).
# 27: a list's introduction leaves out its section's heading line also when the heading opens the document.
# 28: the lexical tokens read typeset hyphens as hyphens ("TOX\u20101" is the tag TOX-1, not "tox" and "1").
# 29: a PDF table carried on over a page break is one table (its first line on the new page a row).
# 30: a code block ends at the next code of any list ("TOX-9" where "PRO-1" starts); "TOX-1." heads one.
# 31: a code alone in its section is no item of a list (a figure's "2Fh (Warning)").
# 32: a code block's fields are the document's own text ("OPS\u201027"), found in its dash-folded copy.
# 38: a numbered PDF heading wrapped onto a second line in its own type is a heading ("9.5 ... system of" / "generators").
# 39: a numbered running title of a PDF heads its chapter on the page it first appears ("Chapter 9 Troubleshooting").
# 40: a heading with nothing under it (a numbered list item set as a heading, a caption) is a line of the section
#     above it; its words had been in no chunk.
# 41: a word pdfium marks as broken at a line's end is read whole ("distance", not "dis tance").
# 42: ... only where joined it is a word or written whole on the page; a hyphenated word or two columns read
#     across keep the space.
# 43: a decimal point inside an identifier is kept in its stored token ("2.5Hz" is not "25Hz").
# 44: a ruled PDF table of long cells is a table where its first row names its columns ("Problem | Probable cause |
#     Remedy"), not only where its cells are short.
# 45: troubleshooting written as blocks (a symptom line, "Possible causes:", "Corrective action:") gives an entry
#     per symptom; a numbered list of conditions under a "Symptoms" heading does as one under "Troubleshooting".
# 46: a numbered condition wrapped onto a second line keeps its lettered actions.
# 47: ... only where a column name is one of a table looked up by its rows (symptom, cause, remedy, code,
#     description, ...): "Warning | Caution" over boxes of rules stays no table.
# 48: a drawn table's first row of prose with no figure is a row, not a second line of its column names.
# 49: troubleshooting as labelled lines ("SYMPTOM: ...", "Cause A: ...", "Do: ...") gives an entry per symptom.
# 50: a PDF page's text has one character for each of pdfium's (pdfium's text call left out a symbol font's
#     control codes and counted a formula's letters twice, so offsets after them, highlights and table cells, slid).
# 51: subscript digits, and superscript digits after a letter, are indexed as the digits typed ("I²t" is "I2t").
# 52: a drawn table's column names set on the line just above its ruled cells are its column names.
# 53: an HTML table with no cell marked as a column name, each row opening with a figure, names no columns.
# 54: British spellings are indexed as the American ones ("sulphate" is "sulfate", "metres" "meters").
CHUNKER_VERSION = 54

_CONTENTS = re.compile(r"^\s*((table of )?contents|list of (figures|tables|illustrations))\s*$", re.IGNORECASE)
# Not the answer side's sentence splitter (core/answer/claims.py `sentences`): where a long paragraph may be cut.
_SENTENCE_END = re.compile(r"(?<=[.!?;:])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")
_LIST_OR_ROW_LINE = re.compile(r"^\s*(?:\d+[.)]\s|[-*\u2022]\s|\S.*(?:\s{2,}|\t|\|)\S)")


def indexed_text(context: str, text: str) -> str:
    """The text that is embedded, indexed for BM25, hashed and reranked: the chunk's context line above its text."""
    return f"{context}\n{text}" if context else text


@dataclass(frozen=True)
class Chunk:
    ordinal: int
    start: int
    end: int
    text: str
    section: tuple[str, ...]
    pages: tuple[int, ...]
    context: str  # "Title > Section > Subsection", indexed with the text

    @property
    def indexed_text(self) -> str:
        return indexed_text(self.context, self.text)

    @property
    def content_hash(self) -> str:
        return hashlib.sha256(self.indexed_text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class ChunkParams:
    """In characters; the defaults are the Settings' (config.py), the one place they are written."""

    target: int = Settings.chunk_target
    max_size: int = Settings.chunk_max
    overlap: float = Settings.chunk_overlap

    @property
    def signature(self) -> str:
        return f"v{CHUNKER_VERSION}:{self.target}:{self.max_size}:{self.overlap}"


def _split_at(text: str, base: int, pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    spans, pos = [], 0
    for match in pattern.finditer(text):
        spans.append((base + pos, base + match.start()))
        pos = match.end()
    spans.append((base + pos, base + len(text.rstrip())))
    return [(s, e) for s, e in spans if e > s]


def _split_words(text: str, base: int, limit: int) -> list[tuple[int, int]]:
    """Last resort for a run-on sentence: cut at whitespace only, never inside a token."""
    spans, start = [], 0
    while len(text) - start > limit:
        cut = text.rfind(" ", start + 1, start + limit)
        if cut <= start:
            cut = text.find(" ", start + limit)
            if cut == -1:
                break
        spans.append((base + start, base + cut))
        start = cut + 1
        while start < len(text) and text[start].isspace():
            start += 1
    if start < len(text.rstrip()):
        spans.append((base + start, base + len(text.rstrip())))
    return spans


def _lines_that_stand_alone(text: str) -> list[tuple[int, int]]:
    """Split at line breaks that begin a list item or a table-like line."""
    spans, start, pos = [], 0, 0
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if i and (_LIST_OR_ROW_LINE.match(line) or _LIST_OR_ROW_LINE.match(lines[i - 1])):
            spans.append((start, pos - 1))
            start = pos
        pos += len(line) + 1
    spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _units(document: Document, start: int, end: int, kind: str, max_size: int) -> list[tuple[int, int]]:
    """Break one block into pieces no longer than max_size where the text allows."""
    if end - start <= max_size or kind == ROW:
        return [(start, end)]
    text = document.text[start:end]
    units = []
    for ls, le in _lines_that_stand_alone(text):
        if le - ls <= max_size:
            units.append((start + ls, start + le))
            continue
        for ss, se in _split_at(text[ls:le], start + ls, _SENTENCE_END):
            if se - ss <= max_size:
                units.append((ss, se))
            else:
                units.extend(_split_words(document.text[ss:se], ss, max_size))
    return units


def _pack(units: list[tuple[int, int]], params: ChunkParams) -> list[tuple[int, int]]:
    """Greedy packing of consecutive units up to the target size, with a short overlap."""
    spans, i = [], 0
    overlap = params.overlap * params.target
    while i < len(units):
        j = i
        while j + 1 < len(units) and units[j + 1][1] - units[i][0] <= params.target:
            j += 1
        spans.append((units[i][0], units[j][1]))
        if j + 1 >= len(units):
            break
        # Start the next chunk with the trailing units that fit in the overlap budget.
        k = j + 1
        while k - 1 > i and units[j][1] - units[k - 1][0] <= overlap:
            k -= 1
        i = k
    return spans


_Item = tuple[int, int, str, str]  # start, end, kind, header row of the table the block is in ("" if none)


def _sections(document: Document) -> list[tuple[tuple[str, ...], list[_Item]]]:
    sections: list[tuple[tuple[str, ...], list[_Item]]] = []
    path: list[tuple[int, str]] = []
    current: list[_Item] = []
    header = ""
    bare: Block | None = None  # the last heading, while nothing has come under it

    def keep_bare() -> None:
        """A heading with nothing under it, neither text nor a subsection (a numbered list item read as a
        heading, a caption over a picture), would head no chunk and its words would be in none: it is read
        as a line of the section above it."""
        assert bare is not None
        path.pop()
        parent = tuple(label for _, label in path)
        item = (bare.start, bare.end, TEXT, "")
        if sections and sections[-1][0] == parent and sections[-1][1][-1][1] <= bare.start:
            sections[-1][1].append(item)
        else:
            sections.append((parent, [item]))

    for block in document.blocks:
        if block.kind == HEADING:
            if current:
                sections.append((tuple(label for _, label in path), current))
                current = []
            elif bare is not None and block.level <= bare.level:
                keep_bare()
            while path and (path[-1][0] >= block.level or _CONTENTS.match(path[-1][1])):
                path.pop()  # a list of contents or figures is no parent of the section after it
            path.append((block.level, block.label or document.text[block.start:block.end].strip()))
            header = ""
            bare = block
            continue
        if block.kind != FURNITURE:
            bare = None
            if block.kind == ROW and not header:
                header = document.text[block.start:block.end]
            elif block.kind != ROW:
                header = ""
            current.append((block.start, block.end, block.kind, header if block.kind == ROW else ""))
    if current:
        sections.append((tuple(label for _, label in path), current))
    elif bare is not None:
        keep_bare()
    if sections and not sections[0][0] and _is_contents(document, sections[0][1]):
        sections[0] = (("Contents",), sections[0][1])  # a printed contents list before the first heading
    return [part for path, items in sections for part in _after_contents(document, path, items)]


def is_contents(section: tuple[str, ...]) -> bool:
    """Whether a chunk's section is a table of contents or a list of figures or tables."""
    return bool(section) and bool(_CONTENTS.match(section[-1]))


def _after_contents(document: Document, path: tuple[str, ...], items: list[_Item]
                    ) -> list[tuple[tuple[str, ...], list[_Item]]]:
    """A contents section ends with its last entry: the text after it (a template's first part, written
    with no heading of its own) is no part of the contents."""
    if not path or not _CONTENTS.match(path[-1]):
        return [(path, items)]
    entries = [n for n, (start, end, _, _) in enumerate(items)
               if any(contents_entry(line) is not None for line in document.text[start:end].split("\n"))]
    last = entries[-1] + 1 if entries else 0
    if last >= len(items) or not entries:
        return [(path, items)]
    return [(path, items[:last]), (path[:-1], items[last:])]


def _is_contents(document: Document, items: list[_Item]) -> bool:
    """Whether most lines of these blocks are entries of a printed table of contents ("Ports ....... 12")."""
    lines = [line for start, end, _, _ in items for line in document.text[start:end].split("\n") if line.strip()]
    return len(lines) >= 3 and sum(contents_entry(line) is not None for line in lines) * 2 > len(lines)


def _context(title: str, section: tuple[str, ...]) -> str:
    parts = [title] if title else []
    for label in section:
        if label and label.casefold() != (parts[-1].casefold() if parts else ""):
            parts.append(label)
    return " > ".join(parts)


def _blank_furniture(document: Document, start: int, end: int, furniture: list[tuple[int, int]]) -> str:
    """The text of a span with running headers, footers and page numbers blanked out. Spaces, not
    cuts: an offset into the chunk stays an offset into the document (the viewer highlights by it)."""
    text = document.text[start:end]
    for f_start, f_end in furniture:
        if f_start < end and start < f_end:
            a, b = max(f_start, start) - start, min(f_end, end) - start
            text = text[:a] + " " * (b - a) + text[b:]
    return text


def chunk_document(document: Document, params: ChunkParams = ChunkParams()) -> list[Chunk]:
    chunks: list[Chunk] = []
    furniture = [(b.start, b.end) for b in document.blocks if b.kind == FURNITURE]
    for section, blocks in _sections(document):
        units: list[tuple[int, int]] = []
        header_at: dict[int, str] = {}  # unit start -> header row of its table
        for start, end, kind, header in blocks:
            for unit in _units(document, start, end, kind, params.max_size):
                units.append(unit)
                if header and not document.text[unit[0]:unit[1]] == header:
                    header_at[unit[0]] = header
        for start, end in _pack(units, params):
            pages: tuple[int, ...] = ()
            if document.page_starts:
                first, last = document.page_at(start), document.page_at(max(start, end - 1))
                pages = tuple(range(first or 1, (last or 1) + 1))
            context = _context(document.title, section)
            if start in header_at:
                # rows cut off from their table's header keep it as context: "85" means nothing alone
                context = f"{context}\n{header_at[start]}" if context else header_at[start]
            chunks.append(Chunk(
                ordinal=len(chunks), start=start, end=end, text=_blank_furniture(document, start, end, furniture),
                section=section, pages=pages, context=context,
            ))
    return chunks
