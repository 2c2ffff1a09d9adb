"""What changed between two revisions of one document, from what the index already holds of each
(its chunks' text and its tables' cells); nothing is read from the files again.

Each revision is cut into pieces under their section: numbered or lettered steps, sentences, and
table rows keyed by their first cell. Sections are matched by heading with its numbering left out,
so a renumbered section is not a change. Within a section, pieces are aligned in order (steps by
their text, never by their number), and what is left is paired by likeness: a pair that differs
only in figures is a value change, any other pair is reworded, a piece with no partner was added or
removed. Whitespace and line breaks do not count (a paragraph re-wrapped by another page width or
a new page break is the same text), nor do lines that hold only a page number, nor the title
block's own revision and date.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from operator_assistant.core.index.manifest import ChunkRecord, TableRecord
from operator_assistant.folder.records import (
    PIECE_ADDED,
    PIECE_MOVED,
    PIECE_REMOVED,
    REWORDED,
    SECTION_ADDED,
    SECTION_REMOVED,
    SECTION_RENAMED,
    VALUE_CHANGED,
    DiffPlace,
    RevisionChange,
)

# Two pieces with at least this share of their words in common, in order, are one piece changed;
# below it they are one removed and one added. A value change of a short step ("at 20 percent
# stroke" -> "at 25") keeps about 0.9; a step rewritten around the same action about 0.6-0.75.
SAME_PIECE = 0.55
# Lower for a piece rewritten in its own place (between the same unchanged pieces, one for one):
# "Check the pressure reads 2-4 bar" -> "Read the pressure on PI-201: it must stay between 2 and 4 bar" is 0.4.
SAME_SLOT = 0.3
# A section whose heading changed is the same section when this share of its pieces is unchanged.
SAME_SECTION = 0.5

# An added or removed section is shown by its first this many characters (the place covers it whole).
SECTION_SHOWN = 400

_STEP = re.compile(r"^\s*(?:step\s+)?(\d{1,3}(?:\.\d{1,2})*|[a-z]|[ivx]{1,5})[.)]\s+", re.IGNORECASE)
_BULLET = re.compile(r"^\s*[-*\u2022\u25aa\u25cf]\s+")
_PAGE_LINE = re.compile(r"^\s*(?:page\s+\d+(?:\s+of\s+\d+)?|-?\s*\d{1,4}\s*-?|\d+\s*/\s*\d+)\s*$", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]?\s+(?=[\"'(\[]?[A-Z0-9])")
_HEADING_NUMBER = re.compile(r"^\s*(?:section\s+|chapter\s+|part\s+)?(?:\d+(?:\.\d+)*|[a-z]|[ivx]+)[.)]?\s+",
                             re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z]+(?:['\u2019][a-z]+)?|\d+(?:[.,]\d+)*%?|[^\sA-Za-z\d]")
_NUMBER_WORDS = frozenset("zero one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty "
                          "forty fifty sixty hundred thousand half".split())


@dataclass(frozen=True)
class Piece:
    what: str  # "step", "sentence" or "row"
    key: str  # what is compared: the words without numbering, spacing or case
    place: DiffPlace
    cells: tuple[tuple[str, str], ...] = ()  # a row's (column, text) after its first cell


@dataclass(frozen=True)
class Section:
    heading: tuple[str, ...]  # as written, the document's title left out
    key: tuple[str, ...]
    pieces: tuple[Piece, ...]


def sections_of(title: str, chunks: Sequence[ChunkRecord], tables: Sequence[TableRecord],
                own_revision: str | None = None) -> list[Section]:
    """A revision's sections in order, each with its pieces (steps, sentences, table rows)."""
    spans = [(t.table.start, t.table.end) for t in tables]
    found: dict[tuple[str, ...], list[Piece]] = {}
    headings: dict[tuple[str, ...], tuple[str, ...]] = {}
    covered = 0
    for chunk in sorted(chunks, key=lambda c: (c.start, c.end)):
        if chunk.end <= covered:
            continue
        skip = max(0, covered - chunk.start)  # overlap with the chunk before: read once
        covered = chunk.end
        heading = _heading(title, chunk.section)
        key = tuple(_heading_key(h) for h in heading)
        headings.setdefault(key, heading)
        pieces = found.setdefault(key, [])
        pieces.extend(_text_pieces(chunk, skip, spans, heading, own_revision))
    for record in tables:
        heading = _heading(title, record.section)
        key = tuple(_heading_key(h) for h in heading)
        headings.setdefault(key, heading)
        found.setdefault(key, []).extend(_row_pieces(record, heading, chunks_holding(chunks, record)))
    return [Section(headings[k], k, tuple(sorted(p, key=lambda piece: piece.place.start))) for k, p in found.items()]


def chunks_holding(chunks: Sequence[ChunkRecord], record: TableRecord) -> ChunkRecord | None:
    start = record.table.start
    return next((c for c in chunks if c.start <= start < c.end), None)


def _heading(title: str, section: Sequence[str]) -> tuple[str, ...]:
    # a PDF's title is often the root of its outline, a Word file's never: compare below it
    heading = tuple(section)
    return heading[1:] if heading and _words(heading[0]) == _words(title) else heading


def _heading_key(heading: str) -> str:
    return _words(_HEADING_NUMBER.sub("", heading, count=1))


def _words(text: str) -> str:
    return " ".join(_WORD.findall(text.replace("\u2010", "-").replace("\u2013", "-"))).casefold()


def _text_pieces(chunk: ChunkRecord, skip: int, tables: Sequence[tuple[int, int]], heading: tuple[str, ...],
                 own_revision: str | None) -> list[Piece]:
    """Steps and sentences of the chunk's text from `skip` on, table text left to the table's rows."""
    blocks: list[list[tuple[int, str]]] = []  # lines (document offset, text) read as one block
    offset = chunk.start
    for raw in chunk.text.splitlines(keepends=True):
        line_start, line = offset, raw.rstrip("\r\n")
        offset += len(raw)
        if line_start - chunk.start < skip or not line.strip() or _PAGE_LINE.match(line):
            if not line.strip() and blocks and blocks[-1]:
                blocks.append([])  # a blank line ends a paragraph
            continue
        if any(a <= line_start < b for a, b in tables):
            continue
        starts_item = bool(_STEP.match(line) or _BULLET.match(line))
        if starts_item or not blocks or not blocks[-1]:
            blocks.append([(line_start, line)])
        else:
            blocks[-1].append((line_start, line))
    pieces: list[Piece] = []
    for block in blocks:
        if block:
            pieces.extend(_block_pieces(chunk, block, heading, own_revision))
    return pieces


def _block_pieces(chunk: ChunkRecord, block: list[tuple[int, str]], heading: tuple[str, ...],
                  own_revision: str | None) -> list[Piece]:
    start = block[0][0]
    end = block[-1][0] + len(block[-1][1].rstrip())
    text = chunk.text[start - chunk.start:end - chunk.start]
    step = _STEP.match(text)
    if step or _BULLET.match(text):
        body = text[step.end():] if step else _BULLET.sub("", text, count=1)
        label = step.group(1) if step else ""
        return [Piece("step", _words(body), _place(chunk, heading, start, end, text, label))]
    pieces = []
    for a, b in _sentences(text):
        sentence = text[a:b]
        if own_revision and _names_own_revision(sentence, own_revision):
            continue  # "SOP-114 Rev C, effective 2026-05-01": the title block, not the procedure
        pieces.append(Piece("sentence", _words(sentence), _place(chunk, heading, start + a, start + b, sentence)))
    return pieces


def _names_own_revision(text: str, revision: str) -> bool:
    return bool(re.search(rf"\brev(?:ision)?\.?\s*{re.escape(revision)}\b", text, re.IGNORECASE))


def _sentences(text: str) -> list[tuple[int, int]]:
    out, begin = [], 0
    for m in _SENTENCE_END.finditer(text):
        out.append((begin, m.start() + len(m.group().rstrip())))
        begin = m.end()
    out.append((begin, len(text.rstrip())))
    return [(a, b) for a, b in out if text[a:b].strip()]


def _place(chunk: ChunkRecord, heading: tuple[str, ...], start: int, end: int, text: str,
           label: str = "") -> DiffPlace:
    return DiffPlace(chunk.doc_id, chunk.chunk_id, heading, chunk.pages, start, end, " ".join(text.split()), label)


def _row_pieces(record: TableRecord, heading: tuple[str, ...], chunk: ChunkRecord | None) -> list[Piece]:
    table = record.table
    columns = [c.text for c in table.header]
    pieces = []
    for row in table.rows:
        cells = [c for c in row if c.text.strip()]
        if len(cells) < 2:
            continue
        first = row[0]
        start, end = row[0].start, row[-1].end
        # shown as the document has it (the viewer highlights that span), cells joined where it cannot be read
        text = (chunk.text[start - chunk.start:end - chunk.start] if chunk and chunk.start <= start and end <= chunk.end
                else " | ".join(c.text for c in row))
        named = tuple((columns[i] if i < len(columns) else "", c.text) for i, c in enumerate(row) if i > 0)
        place = DiffPlace(record.doc_id, chunk.chunk_id if chunk else "", heading,
                          chunk.pages if chunk else record.pages, start, end, " ".join(text.split()),
                          " ".join(first.text.split()))
        pieces.append(Piece("row", _words(first.text), place, named))
    return pieces


# comparing

def compare(old: Sequence[Section], new: Sequence[Section]) -> list[RevisionChange]:
    """Every change from `old` to `new`, in the newer revision's order; a removed section where it stood."""
    pairs, removed_sections, added_sections = _match_sections(old, new)
    partner = {id(b): a for a, b in pairs}
    old_index = {id(s): i for i, s in enumerate(old)}
    removed = sorted(removed_sections, key=lambda s: old_index[id(s)])
    changes: list[RevisionChange] = []
    for b in new:
        a = partner.get(id(b))
        # the removed sections that stood before this one's partner in the older revision come first
        while a is not None and removed and old_index[id(removed[0])] < old_index[id(a)]:
            changes.append(_section_change(SECTION_REMOVED, removed.pop(0)))
        if a is None:
            changes.append(_section_change(SECTION_ADDED, b))
            continue
        if a.key != b.key:
            changes.append(RevisionChange(SECTION_RENAMED, "section", _shown(b.heading), _section_place(a),
                                          _section_place(b)))
        changes.extend(_compare_pieces(a, b))
    changes += [_section_change(SECTION_REMOVED, s) for s in removed]
    return changes


def _section_change(kind: str, section: Section) -> RevisionChange:
    place = _section_place(section, content=True)
    return RevisionChange(kind, "section", _shown(section.heading), place if kind == SECTION_REMOVED else None,
                          place if kind == SECTION_ADDED else None)


def _shown(heading: tuple[str, ...]) -> str:
    return " > ".join(heading) if heading else "(before the first heading)"


def _section_place(section: Section, content: bool = False) -> DiffPlace | None:
    """The whole section; its text is its heading, or with `content` what it says (cut at SECTION_SHOWN)."""
    if not section.pieces:
        return None
    first, last = section.pieces[0].place, section.pieces[-1].place
    text = " ".join(p.place.text for p in section.pieces) if content else _shown(section.heading)
    if len(text) > SECTION_SHOWN:
        text = text[:SECTION_SHOWN].rsplit(" ", 1)[0] + " \u2026"
    return DiffPlace(first.doc_id, first.chunk_id, section.heading, first.pages, first.start, last.end, text)


def _match_sections(old: Sequence[Section], new: Sequence[Section]
                    ) -> tuple[list[tuple[Section, Section]], list[Section], list[Section]]:
    by_key = {s.key: s for s in old}
    pairs = [(by_key[s.key], s) for s in new if s.key in by_key]
    left_old = [s for s in old if s.key not in {b.key for _, b in pairs}]
    left_new = [s for s in new if s.key not in by_key]
    # a heading reworded over the same content is the same section renamed
    for b in list(left_new):
        best = max(left_old, key=lambda a: _shared_share(a, b), default=None)
        if best is not None and _shared_share(best, b) >= SAME_SECTION:
            pairs.append((best, b))
            left_old.remove(best)
            left_new.remove(b)
    return pairs, left_old, left_new


def _shared_share(a: Section, b: Section) -> float:
    keys_a, keys_b = {p.key for p in a.pieces}, {p.key for p in b.pieces}
    return len(keys_a & keys_b) / max(len(keys_a), len(keys_b), 1)


def _compare_pieces(a: Section, b: Section) -> list[RevisionChange]:
    shown = _shown(b.heading)
    changes = _compare_rows([p for p in a.pieces if p.what == "row"], [p for p in b.pieces if p.what == "row"], shown)
    old = [p for p in a.pieces if p.what != "row"]
    new = [p for p in b.pieces if p.what != "row"]
    matcher = SequenceMatcher(None, [p.key for p in old], [p.key for p in new], autojunk=False)
    anchors = [(blk.a + k, blk.b + k) for blk in matcher.get_matching_blocks() for k in range(blk.size)]
    left_old = [i for i in range(len(old)) if i not in {i for i, _ in anchors}]
    left_new = [j for j in range(len(new)) if j not in {j for _, j in anchors}]
    # a piece found unchanged elsewhere in the section moved; then the likeliest pairs changed
    for i in list(left_old):
        j = next((j for j in left_new if new[j].key == old[i].key), None)
        if j is not None:
            changes.append(RevisionChange(PIECE_MOVED, old[i].what, shown, old[i].place, new[j].place))
            left_old.remove(i)
            left_new.remove(j)
    likeness = sorted(((_likeness(old[i].key, new[j].key), i, j) for i in left_old for j in left_new), reverse=True)
    for score, i, j in likeness:
        if score < SAME_PIECE:
            break
        if i in left_old and j in left_new:
            moved = any((x < i) != (y < j) for x, y in anchors)
            changes.append(_changed(old[i], new[j], shown, moved))
            left_old.remove(i)
            left_new.remove(j)
    # what is left in the same place between unchanged pieces, as many on each side, was rewritten there
    for i, j in _same_slots(left_old, left_new, anchors):
        if _likeness(old[i].key, new[j].key) >= SAME_SLOT:
            changes.append(_changed(old[i], new[j], shown, False))
            left_old.remove(i)
            left_new.remove(j)
    changes += [RevisionChange(PIECE_REMOVED, old[i].what, shown, old[i].place, None) for i in left_old]
    changes += [RevisionChange(PIECE_ADDED, new[j].what, shown, None, new[j].place) for j in left_new]
    return sorted(changes, key=lambda c: _order(c, anchors, old, new))


def _same_slots(left_old: list[int], left_new: list[int], anchors: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs of leftover pieces that stand between the same two unchanged ones, where each side has as many."""
    def slot(index: int, side: int) -> int:
        return sum(1 for anchor in anchors if anchor[side] < index)

    olds: dict[int, list[int]] = {}
    news: dict[int, list[int]] = {}
    for i in left_old:
        olds.setdefault(slot(i, 0), []).append(i)
    for j in left_new:
        news.setdefault(slot(j, 1), []).append(j)
    return [pair for s, members in olds.items() if len(members) == len(news.get(s, []))
            for pair in zip(members, news[s], strict=True)]


def _order(change: RevisionChange, anchors: list[tuple[int, int]], old: list[Piece], new: list[Piece]) -> float:
    """Where a change stands in the newer revision; a removed piece just before the first piece kept after it."""
    if change.new is not None:
        return change.new.start
    i = next((k for k, p in enumerate(old) if p.place is change.old), -1)
    after = [y for x, y in anchors if x > i]
    return (new[min(after)].place.start if after and i >= 0 else float("inf")) - 0.5


def _compare_rows(old: list[Piece], new: list[Piece], shown: str) -> list[RevisionChange]:
    by_key = {p.key: p for p in old}
    changes = []
    for row in new:
        before = by_key.pop(row.key, None)
        if before is None:
            changes.append(RevisionChange(PIECE_ADDED, "row", shown, None, row.place))
            continue
        old_cells, new_cells = dict(before.cells), dict(row.cells)
        differ = [(column, old_cells.get(column, ""), text) for column, text in row.cells
                  if _words(old_cells.get(column, "")) != _words(text)]
        differ += [(column, text, "") for column, text in before.cells if column not in new_cells]
        if not differ:
            continue
        figures = all(_only_figures(_words(o), _words(n)) for _, o, n in differ)
        changes.append(RevisionChange(VALUE_CHANGED if figures else REWORDED, "row", shown, before.place, row.place,
                                      tuple(differ) if figures else ()))
    changes += [RevisionChange(PIECE_REMOVED, "row", shown, p.place, None) for p in by_key.values()]
    return changes


def _likeness(a: str, b: str) -> float:
    return SequenceMatcher(None, a.split(), b.split(), autojunk=False).ratio()


def _changed(old: Piece, new: Piece, shown: str, moved: bool) -> RevisionChange:
    values = _value_changes(old.key, new.key, old.place.text, new.place.text)
    if values:
        return RevisionChange(VALUE_CHANGED, old.what, shown, old.place, new.place, values, moved)
    return RevisionChange(REWORDED, old.what, shown, old.place, new.place, moved=moved)


def _is_figure(word: str) -> bool:
    return bool(re.fullmatch(r"\d+(?:[.,]\d+)*%?", word)) or word in _NUMBER_WORDS


def _only_figures(old: str, new: str) -> bool:
    a, b = old.split(), new.split()
    ops = [op for op in SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"]
    return bool(ops) and all(all(_is_figure(w) for w in a[i1:i2] + b[j1:j2]) for _, i1, i2, j1, j2 in ops)


def _value_changes(old_key: str, new_key: str, old_text: str, new_text: str) -> tuple[tuple[str, str, str], ...]:
    """(\"\", old, new) for each figure changed, with the word after it where both keep it ("20 percent")."""
    if not _only_figures(old_key, new_key):
        return ()
    a, b = _WORD.findall(_STEP.sub("", old_text, count=1)), _WORD.findall(_STEP.sub("", new_text, count=1))
    out = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, [w.casefold() for w in a], [w.casefold() for w in b],
                                               autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        unit = a[i2] if i2 < len(a) and j2 < len(b) and a[i2] == b[j2] and a[i2].isalpha() or (
            i2 < len(a) and j2 < len(b) and a[i2] == b[j2] and a[i2] in "%") else ""
        join = "" if unit == "%" else " "
        old_value, new_value = " ".join(a[i1:i2]), " ".join(b[j1:j2])
        out.append(("", f"{old_value}{join}{unit}".strip() if old_value else "(none)",
                    f"{new_value}{join}{unit}".strip() if new_value else "(none)"))
    return tuple(out)
