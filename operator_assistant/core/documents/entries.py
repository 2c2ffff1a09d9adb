"""Lookup entries: key -> the rest of its row, found in a document at ingest.

Where a control room looks things up: fault, alarm and diagnostic tables (code -> name ->
cause -> remedy), troubleshooting tables (symptom -> causes -> remedies), "F1: Over Voltage"
runs and "01  ILLEGAL FUNCTION  ..." lines, and SNMP MIB definitions (`OBJECT-TYPE`,
`TRAP-TYPE`, `NOTIFICATION-TYPE`, `OBJECT-IDENTITY` with their clauses and `::= { parent N }`).
Every field is a verbatim span of the document text, so the viewer can highlight it.
It must not guess: a row whose key column does not read as codes or symptoms gives no entry.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from operator_assistant.core.documents.base import FURNITURE, HEADING, Document
from operator_assistant.core.documents.tables import Cell, Table
from operator_assistant.core.tokenize import fold_typeset

CODE, SYMPTOM, OBJECT = "code", "symptom", "object"

# A code as tables write them: F3, F03, E-47, 0x04, 04, 0121H, PD013, P1.02, AL-12, 2.1.3.
_CODE = re.compile(r"^(?:0x[0-9a-f]{1,8}|[0-9a-f]{1,6}h|[a-z]{0,4}[-_.]?\d{1,6}(?:[.-]\d{1,4})?[a-z]?|"
                   r"[0-9]{1,3}[a-f][0-9a-f]?)$", re.IGNORECASE)
# Column headers of a troubleshooting table: what is wrong, why, and what to do.
_SYMPTOM_HEADER = re.compile(r"\b(symptom|trouble|problem|fault|failure|condition|malfunction|phenomenon|"
                             r"indication|defect)", re.IGNORECASE)
_CAUSE_HEADER = re.compile(r"\b(cause|causes|reason|reasons)\b", re.IGNORECASE)
_REMEDY_HEADER = re.compile(r"\b(remed\w*|action|actions|corrective|correction|solution|solutions|check|repair|"
                            r"measure|measures|countermeasure\w*|what to do)\b", re.IGNORECASE)
# The marks of a troubleshooting matrix: a cause row marked under each symptom column it explains.
MARKS = frozenset("x X ● • ✓ ✔ ○ o O * ×".split())


@dataclass(frozen=True)
class Field:
    """One named piece of an entry: a cell with its column name, or a clause of a definition."""

    name: str
    text: str
    start: int
    end: int
    ref: str = ""  # a spreadsheet cell reference where the document has one
    row: int = 0  # the entry's row it is in (a symptom's second cause is row 1), for the card
    column: int = 0  # its column in the table, 0 outside tables


@dataclass(frozen=True)
class Entry:
    key: Field  # the key as written, where it is written
    kind: str  # CODE, SYMPTOM or OBJECT
    family: str  # words that say what the keys of its group are: key column name, section, macro
    group: str  # what the operator is told was looked in: "table 'Diagnostic messages'"
    fields: tuple[Field, ...]
    aliases: tuple[str, ...] = ()  # other ways the key is written: an OID "fooAlarms.17"
    table: int | None = None  # ordinal of the document table it comes from, with its rows
    rows: tuple[int, ...] = ()
    # the text that introduces its list ("With help of Modbus_Module's you define ..."): what the list is
    # about, though not the family its keys are of
    context: str = ""

    @property
    def start(self) -> int:
        return min([self.key.start] + [f.start for f in self.fields])

    @property
    def end(self) -> int:
        return max([self.key.end] + [f.end for f in self.fields])

    def to_json(self) -> dict:
        return {"key": _field_json(self.key), "kind": self.kind, "family": self.family, "group": self.group,
                "fields": [_field_json(f) for f in self.fields], "aliases": list(self.aliases),
                "table": self.table, "rows": list(self.rows), "context": self.context}

    @classmethod
    def from_json(cls, data: dict) -> Entry:
        return cls(Field(*data["key"]), data["kind"], data["family"], data["group"],
                   tuple(Field(*f) for f in data["fields"]), tuple(data.get("aliases", ())), data.get("table"),
                   tuple(data.get("rows", ())), data.get("context", ""))


def _field_json(f: Field) -> list:
    return [f.name, f.text, f.start, f.end, f.ref, f.row, f.column]


# how keys are written

_HEX = re.compile(r"^0x([0-9a-f]+)$|^([0-9a-f]+)h$")
_PREFIXED = re.compile(r"^([a-z]*)[-_ ]?0*(\d+)((?:[.-]\d+)*)([a-z]?)$")


def key_forms(text: str) -> set[str]:
    """Every form a key is matched by: F3 and F03 give "f3", E-47 and E47 "e47", 04, 0x04 and 4 give "4",
    0121H and 0x0121 "289" (their value, as a table that gives it in decimal writes it; 10H is not 10),
    "{ fooAlarms 17 }" and "fooAlarms.17" "fooalarms.17"; case never matters."""
    key = " ".join(fold_typeset(text).split()).casefold().strip(" .:;,")
    oid = re.fullmatch(r"\{\s*([a-z][\w-]*)\s+(\d+)\s*\}", key)
    if oid:
        return {f"{oid.group(1)}.{int(oid.group(2))}"}
    forms = {key.replace(" ", "")}
    hexa = _HEX.match(key)
    if hexa:
        forms.add(str(int(hexa.group(1) or hexa.group(2), 16)))
        if hexa.group(2) and not hexa.group(2).isdigit():  # "E010H" is asked for as "E010" too
            forms.add(hexa.group(2))
        return forms
    dotted = re.fullmatch(r"([a-z][\w-]*)\.(\d+)", key)
    if dotted and not dotted.group(1).isdigit():
        return {f"{dotted.group(1)}.{int(dotted.group(2))}"}
    m = _PREFIXED.match(key)
    if m:
        prefix, number, rest, suffix = m.groups()
        rest = re.sub(r"([.-])0*(\d)", r"\1\2", rest)
        forms.add(f"{prefix}{int(number)}{rest.replace('-', '.')}{suffix}")
    if re.fullmatch(r"\d[0-9a-f]*[a-f][0-9a-f]*", key) and len(key) <= 4:  # "0B", "1F": hex written without 0x
        forms.add(str(int(key, 16)))
    return forms


def number_form(text: str) -> str:
    """A prefixed code's number with its first letter, "#155@p" for PD155: "parameter 155" asks for
    PD155 where the parameters are written so ("" for a code without letters)."""
    m = _PREFIXED.match(" ".join(fold_typeset(text).split()).casefold())
    if not m or not m.group(1) or m.group(3) or m.group(4):
        return ""
    return f"#{int(m.group(2))}@{m.group(1)[0]}"


def key_shape(text: str) -> tuple[str, str]:
    """(letters it starts with, how its number is written): codes of one shape can be told apart by
    number, so a missing one is "not listed"; 04, 0x04 and 04H are all numbers, 0.5 and 2-3 are not codes."""
    key = " ".join(fold_typeset(text).split()).casefold()
    if re.fullmatch(r"0x[0-9a-f]+|[0-9a-f]*\d[0-9a-f]*h|\d+", key):
        return "", "number"
    m = _PREFIXED.match(key)
    if m and not m.group(3):
        return m.group(1), "number" + ("+" + m.group(4) if m.group(4) else "")
    return key_prefix(key), "other"


def key_prefix(text: str) -> str:
    """The letters a code starts with ("F" of F3, "PD" of PD013), "" for a number."""
    m = _PREFIXED.match(" ".join(fold_typeset(text).split()).casefold())
    return m.group(1) if m else ""


_ABBREVIATION = re.compile(r"^[A-Z][A-Z0-9&/]{0,5}$")


def is_abbreviation(text: str) -> bool:
    """Capital letters a list explains: BDV, PSE, BS&W, a P&ID's letter A."""
    return bool(_ABBREVIATION.match(text.strip())) and not text.strip().isdigit()


def is_code(text: str) -> bool:
    text = fold_typeset(text).strip()
    return 0 < len(text) <= 12 and bool(_CODE.match(text)) and any(c.isdigit() for c in text)


# the section a place is in


def _headings_before(document: Document) -> list[tuple[int, int, str]]:
    return [(b.start, b.level, b.label) for b in document.blocks if b.kind == HEADING and b.label]


def _section_at(headings: Sequence[tuple[int, int, str]], offset: int) -> tuple[str, ...]:
    path: list[tuple[int, str]] = []
    for start, level, label in headings:
        if start > offset:
            break
        path = [p for p in path if p[0] < level] + [(level, label)]
    return tuple(label for _, label in path)


def _group_name(kind: str, section: Sequence[str], fallback: str) -> str:
    title = section[-1] if section else fallback
    return f"{kind} '{title}'" if title else kind


# tables


def _codes_cell(text: str) -> bool:
    """A cell of codes: one code, or several stacked ("PD118 PD119 PD120") or as a range ("E015H ~ E01CH")."""
    parts = [p for p in re.split(r"[\s～~,]+", text) if p and p not in "-–"]
    return bool(parts) and all(is_code(p) for p in parts)


def _key_column(rows: Sequence[Sequence[Cell]], width: int) -> int | None:
    """The column of codes among the first three: most of its filled cells are codes, or (three rows
    or more) abbreviations."""
    for column in range(min(3, width - 1)):
        keys = [row[column].text for row in rows if column < len(row) and row[column].text]
        if len(keys) >= 2 and sum(_codes_cell(k) for k in keys) >= 0.6 * len(keys):
            return column
        if len(keys) >= 3 and sum(is_abbreviation(k) for k in keys) >= 0.6 * len(keys):
            return column
    return None


def _key_cell(text: str) -> bool:
    return _codes_cell(text) or is_abbreviation(text)


def _troubleshooting(table: Table) -> bool:
    names = table.names
    others = names[1:]
    remedy = any(_REMEDY_HEADER.search(n) for n in others)
    return remedy and (bool(_SYMPTOM_HEADER.search(names[0])) or any(_CAUSE_HEADER.search(n) for n in others))


def _row_groups(rows: Sequence[Sequence[Cell]], key: int) -> list[list[int]]:
    """Rows that make one entry: a key cell spanning down (the same Cell), or rows with an empty key under it."""
    groups: list[list[int]] = []
    for n, row in enumerate(rows):
        if key >= len(row):
            continue
        cell = row[key]
        if groups and (not cell.text or cell == rows[groups[-1][0]][key]):
            groups[-1].append(n)
        elif cell.text:
            groups.append([n])
    return groups


def _fields(rows: Sequence[Sequence[Cell]], group: Sequence[int], key: int, names: Sequence[str]) -> list[Field]:
    fields: list[Field] = []
    seen: set[Cell] = {rows[group[0]][key]}
    for line, r in enumerate(group):
        for c, cell in enumerate(rows[r]):
            if c != key and cell.text and cell not in seen:
                seen.add(cell)
                fields.append(Field(names[c] if c < len(names) else "", cell.text, cell.start, cell.end,
                                    getattr(cell, "ref", ""), line, c))
    return fields


def _aliases(text: str) -> tuple[str, ...]:
    """Each code of a cell that holds several: "PD118 PD119" is found by either."""
    parts = [p for p in re.split(r"[\s～~,]+", text) if is_code(p)]
    return tuple(sorted({form for p in parts for form in key_forms(p)})) if len(parts) > 1 else ()


# A code in a cell with its separator: "B24:battery high temperature", a bit of the row's register (a cell's
# lines may have been joined). Values ("04H: boost charging") are left out: their numbers would make the
# row a candidate for any bare number.
_SUB_KEY = re.compile(r"(?:^|(?<=\s))([A-Za-z]{1,4}\d{1,4})[ \t]*[:：=]")


def _sub_keys(fields: Sequence[Field]) -> tuple[str, ...]:
    """The codes a row lists inside its cells (a register's bits B31 ... B16), two or more of one shape:
    the row is found by each of them. A single mention ("see F3: above") is no list."""
    codes = [m.group(1) for f in fields for m in _SUB_KEY.finditer(f.text) if is_code(m.group(1))]
    shapes: dict[tuple[str, bool], list[str]] = {}
    for code in codes:
        shapes.setdefault(_shape(code), []).append(code)
    return tuple(sorted({form for same in shapes.values() if len(same) >= 2 for c in same for form in key_forms(c)}))


def _is_caption_row(row: Sequence[Cell]) -> bool:
    return len({c.text for c in row if c.text}) == 1 and len(row) > 2


def table_entries(table: Table, ordinal: int, section: Sequence[str],
                  names_before: Sequence[str] = ()) -> list[Entry]:
    """A code table's rows by their code, a troubleshooting table's rows by their symptom, a matrix's
    symptom columns by their header. `names_before`: the column names of the table before it, for a
    table continued over a page that repeats no header (its first line is then a row)."""
    width = len(table.header)
    rows: list[Sequence[Cell]] = list(table.rows)
    names = list(table.names)
    key = _key_column([table.header, *rows], width)
    if key is not None and _codes_cell(table.header[key].text):  # an abbreviation header ("TAG") is a name
        # the first row is data (a table continued over a page): so are the lines the reader set under it as
        # more of the header, the other lines of a cell that spans down ("0121H" over its bits B30 ... B16)
        rows = [table.header, *table.header_lines, *rows]
        names = list(names_before) if len(names_before) == width else [""] * width
    if key is None:
        # marks under symptom columns first: a matrix also has "Possible cause" and "Corrective action" columns
        matrix = _matrix_entries(table, ordinal, section)
        if matrix or not _troubleshooting(table):
            return matrix
        key, kind = 0, SYMPTOM
    else:
        kind = CODE
    family = " ".join([names[key], *section[-2:]])
    group = _group_name("table", section, names[key])
    out = []
    caption = ""
    for rows_of in _row_groups(rows, key):
        first = rows[rows_of[0]]
        if _is_caption_row(first):
            caption = first[key].text  # a title row inside the table names the rows under it
            continue
        cell = first[key]
        if (kind == CODE and not _key_cell(cell.text)) or (kind == SYMPTOM and cell.text in MARKS):
            continue  # a mark ("x") is no symptom's name
        fields = _fields(rows, rows_of, key, names)
        if fields:
            out.append(Entry(Field(names[key], cell.text, cell.start, cell.end, getattr(cell, "ref", ""), 0, key),
                             kind, f"{family} {caption}".strip(), group, tuple(fields),
                             _aliases(cell.text) + _sub_keys(fields),
                             ordinal, tuple(rows_of)))
    return out


def _mark_columns(table: Table) -> list[int]:
    """The columns of a matrix's symptoms: a name over marks ("x") and blanks only."""
    return [c for c in range(len(table.header)) if table.header[c].text and table.header[c].text not in MARKS
            and all(c >= len(r) or not r[c].text or r[c].text in MARKS for r in table.rows)
            and any(c < len(r) and r[c].text in MARKS for r in table.rows)]


def _matrix_carried_on(before: Table, entries: Sequence[Entry], table: Table) -> dict[int, Entry] | None:
    """A matrix carried on over a page with no names over its columns (its first line is marks, as are its
    other rows' first cells): the entries of `before` with the causes marked in it added, by id, or None when
    `table` is no such continuation. Its columns are matched from the left (the marks) and the right (the
    remedy); the cause columns between take the first cause column's name."""
    marks = _mark_columns(before)
    if marks != list(range(len(marks))):
        return None
    lines = [table.header, *table.header_lines, *table.rows]
    width = len(marks)
    if not all(len(line) > width and all(not c.text or c.text in MARKS for c in line[:width]) for line in lines):
        return None
    if not any(c.text in MARKS for line in lines for c in line[:width]):
        return None
    names = before.names
    cause, remedy = names[width] if width < len(names) else "", names[-1]
    by_column = {e.key.column: e for e in entries}
    carried: dict[int, Entry] = {}
    for k, column in enumerate(marks):
        entry = by_column.get(column)
        if entry is None:
            continue
        fields = list(entry.fields)
        seen = {(f.start, f.end) for f in fields}
        line = max((f.row for f in fields), default=-1)
        for row in lines:
            if row[k].text not in MARKS:
                continue
            line += 1
            for t in range(width, len(row)):
                cell = row[t]
                if cell.text and (cell.start, cell.end) not in seen:
                    seen.add((cell.start, cell.end))
                    last = t == len(row) - 1  # in the columns of `before`: the remedy is its last
                    fields.append(Field(remedy if last else cause, cell.text, cell.start, cell.end,
                                        getattr(cell, "ref", ""), line,
                                        len(names) - 1 if last else min(t, len(names) - 2)))
        carried[id(entry)] = replace(entry, fields=tuple(fields))
    return carried or None


def _matrix_entries(table: Table, ordinal: int, section: Sequence[str]) -> list[Entry]:
    """A troubleshooting matrix: symptom columns over cause rows, a mark where a cause explains a symptom."""
    marks = _mark_columns(table)
    text_columns = [c for c in range(len(table.header)) if c not in marks]
    if len(marks) < 2 or not text_columns:
        return []
    names = table.names
    group = _group_name("table", section, "troubleshooting")
    out = []
    for c in marks:
        fields: list[Field] = []
        seen: set[Cell] = set()
        marked = [r for r in table.rows if c < len(r) and r[c].text in MARKS]
        for line, row in enumerate(marked):
            for t in text_columns:
                if t < len(row) and row[t].text and row[t] not in seen:
                    seen.add(row[t])
                    fields.append(Field(names[t], row[t].text, row[t].start, row[t].end, getattr(row[t], "ref", ""),
                                        line, t))
        # the column's own name: under a name spanning several columns ("The kind of experience"), its line below
        head = next((line[c] for line in reversed(table.header_lines) if c < len(line) and line[c].text
                     and line[c] != table.header[c]), table.header[c])
        if fields:
            out.append(Entry(Field("Symptom", head.text, head.start, head.end, getattr(head, "ref", ""), 0, c), SYMPTOM,
                             " ".join([*section[-2:], names[c]]), group, tuple(fields), table=ordinal))
    return out


# "CODE: text" runs and "CODE  NAME  text" lines

# "F1: Over Voltage", "E-47 = Sensor fault", "B26:overcharge", "B30：induction probe"; several may share a line.
# Without a space after the colon only a word may follow ("B1:30" is no code and its text).
_INLINE = re.compile(r"(?<![\w.])([A-Za-z]{1,4}-?\d{1,4}|0x[0-9A-Fa-f]{1,4})\s*(?:[:=]\s+|：\s*|:(?=[A-Za-z(]))(?=\S)")
# A code of the same run opening a line with no separator ("B27 battery low temperature" between "B28:
# ..." and "B26: ..."): an item of that run, not more text of the item before it.
_BARE = re.compile(r"^[ \t]*([A-Za-z]{1,4}\d{1,4})[ \t]+(?=[A-Za-z(])", re.MULTILINE)
BARE_REACH = 300  # characters to the nearest item of the run: a wrapped item's lines, not another paragraph
# "01  ILLEGAL FUNCTION  The function code ...": a code, then columns two spaces or a tab apart.
_COLUMNS = re.compile(r"^[ \t]*(?P<code>\S{1,12})(?:\t+| {2,})(?P<rest>\S.*)$")
_SPLIT = re.compile(r"\t+| {2,}")


def _shape(code: str) -> tuple[str, bool]:
    return key_prefix(code), code.casefold().startswith("0x")


def _inline_runs(text: str, headings: Sequence[tuple[int, int, str]]) -> list[Entry]:
    """Codes of one family written one after another, each followed by its text: at least two in a row."""
    hits = _with_bare_items([_Hit.of(m) for m in _INLINE.finditer(text) if is_code(m.group(1))], text)
    out: list[Entry] = []
    run: list[_Hit] = []

    def close() -> None:
        if len(run) >= 2:
            section = _section_at(headings, run[0].start)
            family = " ".join([*section[-2:], _lead_in(text, run[0].start)])
            group = _group_name("list", section, "")
            for n, m in enumerate(run):
                end = run[n + 1].start if n + 1 < len(run) else _line_end(text, m.end)
                value = text[m.end:end].rstrip(" \t\n,;")
                start = m.end
                if value:
                    out.append(Entry(Field("Code", m.code, m.code_start, m.code_start + len(m.code)), CODE, family,
                                     group, (Field("Meaning", value, start, start + len(value)),)))
        run.clear()

    for m in hits:
        if run and (_shape(m.code) != _shape(run[-1].code) or m.start - run[-1].end > 400
                    or "\n\n" in text[run[-1].end:m.start]):
            close()
        run.append(m)
    close()
    return out


@dataclass(frozen=True)
class _Hit:
    """A code of an inline run: where the match starts, the code, and where its text starts."""

    start: int
    code: str
    code_start: int
    end: int

    @staticmethod
    def of(m: re.Match[str]) -> _Hit:
        return _Hit(m.start(), m.group(1), m.start(1), m.end())


def _with_bare_items(hits: list[_Hit], text: str) -> list[_Hit]:
    """The hits, with line-opening codes next to a hit of their own shape in one paragraph ("B31 load
    open-circuit" over "B30: ..."), unless what follows goes on as prose ("F3 is shown when ...")."""
    if len(hits) < 2:
        return hits
    starts = [h.start for h in hits]
    extra = []
    for m in _BARE.finditer(text):
        code = m.group(1)
        if not is_code(code) or _goes_on(text[m.end():m.end() + 40]):
            continue
        at = bisect.bisect_left(starts, m.start())
        near = [h for h in hits[max(0, at - 1):at + 1] if _shape(h.code) == _shape(code)
                and max(h.start - m.end(), m.start() - h.end) <= BARE_REACH
                and "\n\n" not in text[min(h.end, m.end()):max(h.start, m.start())]]
        if near:  # never an inline hit too: a bare code has no separator after it
            extra.append(_Hit(m.start(1), code, m.start(1), m.end()))
    return sorted(hits + extra, key=lambda h: h.start)


def _line_end(text: str, at: int) -> int:
    """Where the text after a code ends: at the paragraph's end, at most a few wrapped lines on."""
    end = text.find("\n\n", at)
    end = len(text) if end < 0 else end
    lines = text[at:end].split("\n")
    return at + len("\n".join(lines[:4]))


INTRO_CHARS = 600  # of a list's introduction: its section's opening paragraph, not the chapter before


def _intro(text: str, headings: Sequence[tuple[int, int, str]], at: int) -> str:
    """The text between the heading of the section at `at` and `at`, at most INTRO_CHARS of it."""
    heading = max((h for h, _, _ in headings if h <= at), default=None)
    start = 0 if heading is None else text.find("\n", heading, at) + 1  # past the heading's own line
    return " ".join(text[max(start, at - INTRO_CHARS):at].split())


def _lead_in(text: str, at: int) -> str:
    """The line before `at` (or the start of its own line before it): what a list of codes is said to be,
    "1) Exception code descriptions", "FUNC: Function code ...". At most 200 characters."""
    line_start = text.rfind("\n", 0, at) + 1
    own = text[line_start:at].strip()
    if len(own) > 3:
        return own[-200:]
    before = text[:line_start].rstrip("\n")
    return before[before.rfind("\n") + 1:].strip()[-200:]


# "01：FUNC READ ...", "a、02H -- PDU start address ...", "E-47 = Sensor fault": a code opening its line
# (after a list letter or bullet), a separator, its text.
_LINE_CODE = re.compile(r"^[ \t]*(?:[a-z][、.)][ \t]*|[-•*][ \t]+)?(?P<code>0x[0-9a-f]{1,4}|[0-9a-f]{1,4}h|[a-z]{0,4}-?\d{1,5})"
                        r"[ \t]*(?:[:：=]|--|–|—)[ \t]*(?P<text>\S.*?)[ \t]*$", re.IGNORECASE)


def _line_runs(text: str, headings: Sequence[tuple[int, int, str]]) -> list[Entry]:
    """Lines that each open with a code and a separator, two or more of one shape one under another."""
    return _runs(text, headings, _LINE_CODE, "Code", 2, "", lambda m: is_code(m.group("code")),
                 lambda a, b: _shape(a.group("code")) == _shape(b.group("code")), blank_ends=True, wraps=True)


# a line that carries on the item above it: that item stops mid-sentence and this one opens in lower case
# ("01: RUN Running. It can be combined with other terminals to compose multiple" / "control modes.")
_CARRIES_ON = re.compile(r"^[ \t]*[a-z(]")
_STOPS = re.compile(r"[.:;!?。：]$")


def _runs(text: str, headings: Sequence[tuple[int, int, str]], pattern: re.Pattern[str], key_name: str, minimum: int,
          fallback: str, takes: Callable[[re.Match[str]], bool],
          same_run: Callable[[re.Match[str], re.Match[str]], bool], blank_ends: bool,
          wraps: bool = False) -> list[Entry]:
    """Runs of lines that `pattern` reads as a key (group "code") and its meaning (group "text"): at
    least `minimum` in a row, a run ending where `same_run` says a line is of another list, at a line
    of other text and, if `blank_ends`, at a blank line. `wraps`: a meaning may go on over the lines
    under it (see _CARRIES_ON); its text is then those lines as written."""
    out: list[Entry] = []
    run: list[tuple[int, re.Match[str], int]] = []  # where its line starts, the match, where its meaning ends
    pos = 0

    def close() -> None:
        if len(run) >= minimum:
            section = _section_at(headings, run[0][0])
            family = " ".join([*section[-2:], _lead_in(text, run[0][0] + run[0][1].start("code"))])
            group = _group_name("list", section, fallback)
            for at, m, end in run:
                out.append(Entry(Field(key_name, m.group("code"), at + m.start("code"), at + m.end("code")), CODE,
                                 family, group, (Field("Meaning", text[at + m.start("text"):end], at + m.start("text"),
                                                       end),)))
        run.clear()

    for line in text.split("\n"):
        at, pos = pos, pos + len(line) + 1
        m = pattern.match(line)
        if m and takes(m):
            if run and not same_run(run[-1][1], m):
                close()
            run.append((at, m, at + m.end("text")))
        elif (wraps and run and line.strip() and _CARRIES_ON.match(line)
              and not _STOPS.search(text[run[-1][0]:run[-1][2]].rstrip())):
            run[-1] = (run[-1][0], run[-1][1], at + len(line.rstrip()))
        elif line.strip() or blank_ends:
            close()
    close()
    return out


def _column_runs(text: str, headings: Sequence[tuple[int, int, str]], taken: Iterable[tuple[int, int]]) -> list[Entry]:
    """Lines that start with a code and go on in columns; two or more of one shape in a row."""
    taken = sorted(taken)
    out: list[Entry] = []
    run: list[tuple[int, re.Match[str]]] = []
    pos = 0

    def close() -> None:
        if len(run) >= 2:
            section = _section_at(headings, run[0][0])
            family = " ".join([*section[-2:], _lead_in(text, run[0][0])])
            group = _group_name("list", section, "")
            for line_at, m in run:
                parts = [(p.start(), p.group()) for p in re.finditer(r"\S+(?: \S+)*", m.group("rest"))]
                base = line_at + m.start("rest")
                fields = []
                if len(parts) >= 2:
                    fields.append(Field("Name", parts[0][1], base + parts[0][0], base + parts[0][0] + len(parts[0][1])))
                    parts = parts[1:]
                first, last = parts[0][0], parts[-1][0] + len(parts[-1][1])
                fields.append(Field("Meaning", m.group("rest")[first:last], base + first, base + last))
                out.append(Entry(Field("Code", m.group("code"), line_at + m.start("code"), line_at + m.end("code")),
                                 CODE, family, group, tuple(fields)))
        run.clear()

    for line in text.split("\n"):
        at, pos = pos, pos + len(line) + 1
        m = _COLUMNS.match(line)
        inside = any(a <= at < b for a, b in taken)
        if m and is_code(m.group("code")) and not inside and not m.group("code").endswith((".", ")")):
            if run and _shape(run[-1][1].group("code")) != _shape(m.group("code")):
                close()
            run.append((at, m))
        elif line.strip() or not run:
            close()
    close()
    return out


# A code that opens its own paragraph, its explanation under it up to the next code:
# "0Dh Over-current Definable as: F/-/-" then causes and remedies. The code has letters (0Dh, E47, F3).
_BLOCK_HEAD = re.compile(r"^[ \t]*(?P<code>[0-9A-Fa-f]{1,4}[hH]|0x[0-9A-Fa-f]{1,4}|[A-Za-z]{1,3}-?\d{1,4}|[A-Za-z]{4}-\d{1,4})"
                         r"(?:\.(?=[ \t]))?(?:[ \t]+"
                         r"(?P<name>[^\s:：=][^\n]{0,100}?))?[ \t]*$", re.MULTILINE)
BLOCK_CHARS = 1500  # an explanation longer than this is not one entry's


# A line that opens with a code and goes on with one of these is prose that wrapped onto it ("PD030 is set
# to any non-zero value, ..."), not the head of that code's block.
_SENTENCE_GOES_ON = frozenset("is are was were be been must should shall can cannot could will would may might has have "
                              "had does do did and or of to in on at for with by from as than that which when if".split())


def _goes_on(name: str | None) -> bool:
    words = (name or "").split(maxsplit=1)
    return bool(words) and words[0].casefold().rstrip(",") in _SENTENCE_GOES_ON


# A name with its code after it in brackets, alone on its line: "ReadCoils (FC 1)", "Over-voltage (E-02)".
_NAMED_HEAD = re.compile(r"^[ \t]*(?P<name>[A-Za-z][^\n()]{0,60}?)[ \t]*\((?P<code>[A-Za-z]{1,4}[ -]?\d{1,4}|"
                         r"0x[0-9A-Fa-f]{1,4}|[0-9A-Fa-f]{1,4}[hH])\)[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class _Head:
    code: tuple[str, int, int]
    name: tuple[str, int, int] | None
    start: int  # the line's start and end
    end: int

    @classmethod
    def of(cls, m: re.Match[str]) -> _Head:
        name = (m.group("name"), m.start("name"), m.end("name")) if m.group("name") else None
        return cls((m.group("code"), m.start("code"), m.end("code")), name, m.start(), m.end())


def _block_heads(text: str) -> list[_Head]:
    heads = [_Head.of(m) for m in _BLOCK_HEAD.finditer(text) if is_code(m.group("code")) and not _goes_on(m.group("name"))]
    heads += [_Head.of(m) for m in _NAMED_HEAD.finditer(text) if is_code(m.group("code").replace(" ", ""))]
    return sorted(heads, key=lambda h: h.start)


def _code_blocks(document: Document, text: str, headings: Sequence[tuple[int, int, str]]) -> list[Entry]:
    """Codes of one shape, each at the start of a line with its name (or after its name, in brackets),
    at least three in a document."""
    by_shape: dict[tuple[str, bool, bool], list[_Head]] = {}
    for head in _block_heads(text):
        code = head.code[0].replace(" ", "")
        by_shape.setdefault((*_shape(code), code[-1:].casefold() == "h"), []).append(head)
    lists = [found for found in by_shape.values() if len({h.code[0].casefold() for h in found}) >= 3]
    # a block ends at the next code of any list: "TOX-1" .. "TOX-9" stop where "PRO-1" starts
    stops = sorted({b.start for b in document.blocks if b.kind in (HEADING, FURNITURE)}
                   | {h.start for found in lists for h in found})
    out = []
    written = document.text  # what is shown: the document's own text ("OPS\u201027"); `text` has its dashes folded
    for found in lists:
        lead_in, intro = _lead_in(text, found[0].start), _intro(text, headings, found[0].start)
        sections = [_section_at(headings, h.start) for h in found]
        counts = Counter(sections)
        for head, section in zip(found, sections, strict=True):
            if counts[section] < 2:
                continue  # a code alone in its section is a mention (a figure's "2Fh (Warning)"), not a list item
            after = bisect.bisect_right(stops, head.end)
            end = min([len(text), head.end + BLOCK_CHARS] + stops[after:after + 1])
            body = text[head.end:end]
            body_start = head.end + len(body) - len(body.lstrip())
            body = body.strip()
            fields = [Field("Name", written[head.name[1]:head.name[2]], *head.name[1:])] if head.name else []
            if body:
                fields.append(Field("Details", written[body_start:body_start + len(body)], body_start,
                                    body_start + len(body)))
            if fields:
                key = Field("Code", written[head.code[1]:head.code[2]], *head.code[1:])
                out.append(Entry(key, CODE, " ".join([*section[-2:], lead_in]),
                                 _group_name("list", section, ""), tuple(fields), context=intro))
    return out


# "BDV Blowdown Valve": an abbreviation opening its line, what it stands for after it.
_GLOSSARY_LINE = re.compile(r"^[ \t]*(?P<code>[A-Z][A-Z0-9&/]{1,5})[ \t]+(?P<text>[A-Z(\[][^\n]{1,100}?)[ \t]*$")
GLOSSARY_RUN = 5  # lines in a row: fewer are sentences that happen to open with a capitalised word


def _glossary_runs(text: str, headings: Sequence[tuple[int, int, str]]) -> list[Entry]:
    return _runs(text, headings, _GLOSSARY_LINE, "Abbreviation", GLOSSARY_RUN, "abbreviations",
                 lambda m: not m.group("code").isdigit(), lambda a, b: True, blank_ends=False)


# Abnormal-condition lists of SOPs: under a heading like "ABNORMAL CONDITIONS" or "Troubleshooting", each
# numbered condition ("3. High conductivity at one or both cells") followed by its lettered actions
# ("a. Check records for ...", "b. ...").
_CONDITIONS_HEADING = re.compile(r"\b(abnormal|off-normal|troubleshoot\w*|trouble|malfunctions?|faults?|problems?|symptoms?|"
                                 r"alarm response)\b", re.IGNORECASE)
_CONDITION = re.compile(r"^[ \t]*\d{1,2}[.)][ \t]+(?P<text>\S[^\n]*?)[ \t]*$")
_ACTION = re.compile(r"^[ \t]*[a-z][.)][ \t]+(?P<text>\S[^\n]*?)[ \t]*$")
CONDITION_WORDS = 20  # a numbered line longer than this is a step that says what to do, not a condition


def _condition_lists(text: str, headings: Sequence[tuple[int, int, str]]) -> list[Entry]:
    """Each numbered condition with lettered actions under it, in a section titled for abnormal conditions;
    two or more such conditions in the section make it such a list."""
    found: list[tuple[tuple[str, ...], Field, list[Field]]] = []
    current: tuple[tuple[str, ...], Field, list[Field]] | None = None
    heading_starts = {h for h, _, _ in headings}
    pos, gap = 0, False
    for line in text.split("\n"):
        at, pos = pos, pos + len(line) + 1
        if at in heading_starts:
            current, gap = None, False
            continue
        condition, action = _CONDITION.match(line), _ACTION.match(line)
        if condition and len(condition.group("text").split()) <= CONDITION_WORDS:
            section = _section_at(headings, at)
            current = None
            if any(_CONDITIONS_HEADING.search(s) for s in section):
                current = (section, Field("Condition", condition.group("text"), at + condition.start("text"),
                                          at + condition.end("text")), [])
                found.append(current)
        elif condition:
            current = None
        elif action and current is not None:
            current[2].append(Field("Action", action.group("text"), at + action.start("text"),
                                    at + action.end("text"), row=len(current[2]), column=1))
        elif line.strip() and current is not None and current[2] and not gap:
            last = current[2][-1]  # a wrapped action line goes on
            current[2][-1] = replace(last, text=text[last.start:at + len(line.rstrip())], end=at + len(line.rstrip()))
        elif line.strip() and current is not None and not current[2] and not gap:
            key = current[1]  # and so does a wrapped condition ("Pump over-feeds (residual high, ... with the" / "pump
            end = at + len(line.rstrip())  # stopped)"), while it stays as short as a condition
            if len(text[key.start:end].split()) <= CONDITION_WORDS:
                current = (current[0], replace(key, text=text[key.start:end], end=end), current[2])
                found[-1] = current
            else:
                current = None
        elif line.strip():
            current = None  # a paragraph after a blank line ends the list
        gap = not line.strip()
    with_actions = [f for f in found if f[2]]
    counts = Counter(section for section, _, _ in with_actions)
    return [Entry(key, SYMPTOM, " ".join(section[-2:]), _group_name("list", section, "abnormal conditions"),
                  tuple(actions))
            for section, key, actions in with_actions if counts[section] >= 2]


# Troubleshooting written as blocks: a line that names the symptom, then a labelled list of causes and a labelled
# list of what to do ("Blower surges at low flow" / "Possible causes:" / "a) ..." / "Corrective action:" / "1. ...").
_CAUSE_LABEL = re.compile(r"^[ \t]*(?P<label>(?:(?:possible|probable|likely)[ \t]+)?(?:causes?|reasons?))[ \t]*:[ \t]*$",
                          re.IGNORECASE)
_REMEDY_LABEL = re.compile(r"^[ \t]*(?P<label>(?:corrective[ \t]+)?actions?|remed(?:y|ies)|what[ \t]+to[ \t]+do|"
                           r"solutions?|checks?)[ \t]*:[ \t]*$", re.IGNORECASE)
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*\u2022]|\(?[a-z0-9]{1,2}[.)])[ \t]+")
SYMPTOM_WORDS = 15  # a symptom's line is short; a longer one is a paragraph


def _lines(text: str) -> list[tuple[int, str]]:
    """Each line of a text with the offset it starts at."""
    out, pos = [], 0
    for line in text.split("\n"):
        out.append((pos, line))
        pos += len(line) + 1
    return out


def _labelled_blocks(text: str, headings: Sequence[tuple[int, int, str]]) -> list[Entry]:
    """Each symptom line followed by a labelled list of causes and one of remedies; two or more such blocks
    in one section make it a troubleshooting section (a lone "Possible causes:" in prose is none)."""
    lines = _lines(text)
    heading_starts = {h for h, _, _ in headings}
    blocks: list[tuple[tuple[str, ...], Field, int, int]] = []  # section, symptom, cause and remedy label lines
    filled = [k for k, (_, line) in enumerate(lines) if line.strip()]
    for n, k in enumerate(filled):
        if not _CAUSE_LABEL.match(lines[k][1]):
            continue
        before = filled[n - 1] if n else None
        if before is None:
            continue
        at, line = lines[before]
        words = line.split()
        if (not words or len(words) > SYMPTOM_WORDS or _LIST_ITEM.match(line) or line.rstrip().endswith((".", ":"))
                or _REMEDY_LABEL.match(line)):
            continue
        remedy = next((j for j in filled[n + 1:] if _REMEDY_LABEL.match(lines[j][1]) or _CAUSE_LABEL.match(lines[j][1])
                       or lines[j][0] in heading_starts), None)
        if remedy is None or not _REMEDY_LABEL.match(lines[remedy][1]):
            continue
        start = at + len(line) - len(line.lstrip())
        key = Field("Symptom", line.strip(), start, start + len(line.strip()))
        blocks.append((_section_at(headings, at), key, k, remedy))
    # a block ends where the next one's symptom line starts, or at the next heading
    out = []
    for b, (section, key, cause, remedy) in enumerate(blocks):
        end = blocks[b + 1][1].start if b + 1 < len(blocks) else len(text)
        end = min([end, *(h for h in heading_starts if lines[remedy][0] < h < end)])
        fields: list[Field] = []
        for label, last in ((cause, lines[remedy][0]), (remedy, end)):
            m = (_CAUSE_LABEL if label == cause else _REMEDY_LABEL).match(lines[label][1])
            assert m is not None
            body_start = lines[label][0] + len(lines[label][1]) + 1
            body = text[body_start:last]
            stripped = body.strip()
            if not stripped:
                break
            offset = body_start + len(body) - len(body.lstrip())
            fields.append(Field(m.group("label").strip().capitalize(), stripped, offset, offset + len(stripped),
                                column=len(fields) + 1))
        if len(fields) == 2:
            out.append((section, key, fields))
    counts = Counter(section for section, _, _ in out)
    return [Entry(key, SYMPTOM, " ".join(section[-2:]), _group_name("list", section, "troubleshooting"),
                  tuple(fields))
            for section, key, fields in out if counts[section] >= 2]


# Troubleshooting written as labelled lines: "SYMPTOM: ENGINE TURNS OVER BUT WILL NOT START", then "Cause A: ..."
# and "Do: ..." (each may wrap onto lines under it), up to the next symptom. A symptom with no label of its own (a
# short line, a sub-heading) is not read: under real manuals' troubleshooting headings most such lines are
# categories ("B. Purification System") or steps, not symptoms.
_SYMPTOM_LABEL = re.compile(r"^[ \t]*(?:symptoms?|problems?|troubles?|complaints?)[ \t]*:[ \t]*"
                            r"(?P<text>\S.*?)[ \t]*$", re.IGNORECASE)
_INLINE_CAUSE = re.compile(r"^[ \t]*(?P<label>(?:(?:possible|probable|likely)[ \t]+)?(?:causes?|reasons?)"
                           r"(?:[ \t]+[A-Z0-9]{1,2})?)[ \t]*:[ \t]*(?P<text>\S.*)$", re.IGNORECASE)
_INLINE_REMEDY = re.compile(r"^[ \t]*(?P<label>do|check|action|remedy|fix|solution|what to do|corrective action)"
                            r"[ \t]*:[ \t]*(?P<text>\S.*)$", re.IGNORECASE)


def symptom_line(text: str) -> bool:
    """Whether a line is a symptom's labelled line ("SYMPTOM: ENGINE DOES NOT TURN OVER"), a heading or not."""
    return bool(_SYMPTOM_LABEL.match(text))


def _symptom_sections(text: str, headings: Sequence[tuple[int, int, str]]) -> list[Entry]:
    """Each labelled symptom line with the labelled causes and actions under it; two or more in a section."""
    lines = _lines(text)
    # a symptom's labelled line a text file sets in capitals reads as a heading: it is a symptom of the section
    # above it all the same, and so does the line it wraps onto ("... WORSE IN WET" / "WEATHER")
    wrapped = {at + len(after) - len(after.lstrip()) for k, (_, line) in enumerate(lines[:-1])
               if _SYMPTOM_LABEL.match(line) for at, after in lines[k + 1:k + 2]}
    headings = [h for h in headings if not _SYMPTOM_LABEL.match(h[2]) and h[0] not in wrapped]
    heading_at = {h for h, _, _ in headings}
    opens: list[tuple[tuple[str, ...], Field, int]] = []  # section, symptom, index of its line
    for k, (at, line) in enumerate(lines):
        labelled = _SYMPTOM_LABEL.match(line)
        if labelled:
            start = at + labelled.start("text")
            opens.append((_section_at(headings, at), Field("Symptom", labelled.group("text"), start,
                                                           at + labelled.end("text")), k))
    out = []
    for n, (section, key, k) in enumerate(opens):
        end_line = opens[n + 1][2] if n + 1 < len(opens) else len(lines)
        # and no further than the next heading that is not itself a symptom
        end_line = next((j for j in range(k + 1, end_line) if lines[j][0] in heading_at), end_line)
        body = [(at, line) for at, line in lines[k + 1:end_line]]
        fields: list[Field] = []
        for at, line in body:
            m = _INLINE_CAUSE.match(line) or _INLINE_REMEDY.match(line)
            if m:
                cause = bool(_INLINE_CAUSE.match(line))
                row = sum(f.column == 1 for f in fields) - (0 if cause else 1)
                fields.append(Field("Cause" if cause else "What to do", m.group("text").rstrip(), at + m.start("text"),
                                    at + m.start("text") + len(m.group("text").rstrip()), row=max(row, 0),
                                    column=1 if cause else 2))
            elif line.strip() and fields and fields[-1].end >= at - 1 - (len(line) - len(line.lstrip())) - 1:
                last = fields[-1]  # a wrapped line goes on
                end = at + len(line.rstrip())
                fields[-1] = replace(last, text=text[last.start:end], end=end)
        if fields:
            out.append((section, key, fields))
    counts = Counter(section for section, _, _ in out)
    return [Entry(key, SYMPTOM, " ".join(section[-2:]), _group_name("list", section, "troubleshooting"),
                  tuple(fields))
            for section, key, fields in out if counts[section] >= 2]


# SNMP MIB definitions (ASN.1 macros)

_MACRO = re.compile(r"^[ \t]*([a-z][\w-]*)\s+(OBJECT-TYPE|TRAP-TYPE|NOTIFICATION-TYPE|OBJECT-IDENTITY)\b", re.MULTILINE)
_ASSIGN = re.compile(r"::=\s*(\{[^{}]*\}|\d+)")
_CLAUSE = re.compile(r"^[ \t]*(SYNTAX|MAX-ACCESS|ACCESS|STATUS|DESCRIPTION|UNITS|ENTERPRISE|VARIABLES|OBJECTS|"
                     r"REFERENCE|DEFVAL|INDEX)\b[ \t]*", re.MULTILINE)
_TITLES = {"SYNTAX": "Syntax", "MAX-ACCESS": "Access", "ACCESS": "Access", "STATUS": "Status",
           "DESCRIPTION": "Description", "UNITS": "Units", "ENTERPRISE": "Enterprise", "VARIABLES": "Variables",
           "OBJECTS": "Objects", "REFERENCE": "Reference", "DEFVAL": "Default", "INDEX": "Index"}


def mib_entries(text: str) -> list[Entry]:
    module = re.search(r"^[ \t]*([A-Z][\w-]*)\s+DEFINITIONS\s*::=\s*BEGIN", text, re.MULTILINE)
    out = []
    for m in _MACRO.finditer(text):
        assign = _ASSIGN.search(text, m.end())
        if assign is None or _MACRO.search(text, m.end(), assign.start()):
            continue
        name, macro = m.group(1), m.group(2)
        body_end = assign.start()
        clauses = list(_CLAUSE.finditer(text, m.end(), body_end))
        fields = []
        enterprise = ""
        for n, c in enumerate(clauses):
            end = clauses[n + 1].start() if n + 1 < len(clauses) else body_end
            value = text[c.end():end].rstrip()
            start = c.end() + len(value) - len(value.lstrip())
            value = value.lstrip()
            if value.startswith('"') and '"' in value[1:]:  # a quoted text: the words inside the quotes
                start, value = start + 1, value[1:value.index('"', 1)]
                lead = len(value) - len(value.lstrip())
                start, value = start + lead, value.strip()
            if value:
                fields.append(Field(_TITLES[c.group(1)], value, start, start + len(value)))
                if c.group(1) == "ENTERPRISE":
                    enterprise = value.split()[0]
        oid = assign.group(1)
        fields.append(Field("OID" if oid.startswith("{") else "Trap number", oid, assign.start(1), assign.end(1)))
        aliases = key_forms(oid) if oid.startswith("{") else ({f"{enterprise.casefold()}.{int(oid)}"} if enterprise
                                                              else set())
        family = ("trap notification" if macro in ("TRAP-TYPE", "NOTIFICATION-TYPE") else "object") + " " + \
            (module.group(1) if module else "")
        group = f"MIB module '{module.group(1)}'" if module else "MIB definitions"
        out.append(Entry(Field("Name", name, m.start(1), m.end(1)), OBJECT, family.strip(), group, tuple(fields),
                         tuple(sorted(aliases))))
    return out


def find_entries(document: Document) -> list[Entry]:
    """Every lookup entry of a document, in document order."""
    headings = _headings_before(document)
    out: list[Entry] = []
    names_before: Sequence[str] = ()
    matrix: tuple[Table, list[Entry]] | None = None  # the last troubleshooting matrix and its entries
    for n, table in enumerate(document.tables):
        section = _section_at(headings, table.start)
        if matrix is not None and section == _section_at(headings, matrix[0].start) and (
                carried := _matrix_carried_on(matrix[0], matrix[1], table)) is not None:
            out = [carried.get(id(e), e) for e in out]
            matrix = (matrix[0], [carried.get(id(e), e) for e in matrix[1]])
            continue
        found = table_entries(table, n, section, names_before)
        out += found
        marks = _mark_columns(table) if found else []
        matrix = (table, found) if found and all(e.kind == SYMPTOM and e.table == n and e.key.column in marks
                                                 for e in found) else None
        if not any(_codes_cell(c.text) for c in table.header[:3]):
            names_before = table.names
    taken = [(t.start, t.end) for t in document.tables] + [(e.start, e.end) for e in out]
    objects = mib_entries(document.text) if "::=" in document.text else []
    taken += [(e.key.start, e.end) for e in objects]
    text = fold_typeset(document.text)  # same offsets: "OPS‐27" runs read as OPS-27 ones
    loose = [e for e in (_line_runs(text, headings) + _inline_runs(text, headings)
                         + _column_runs(text, headings, taken) + _code_blocks(document, text, headings)
                         + _glossary_runs(text, headings) + _condition_lists(document.text, headings)
                         + _labelled_blocks(document.text, headings) + _symptom_sections(document.text, headings))
             if not any(a <= e.key.start < b for a, b in taken)]
    return sorted(out + objects + _without_overlaps(loose), key=lambda e: e.key.start)


def _without_overlaps(entries: list[Entry]) -> list[Entry]:
    """Each code read once. A list of codes of another shape inside an entry's text stays: a drive
    parameter's block (PD049) holds its settings' list (00 to 32), each a code of its own."""
    kept: list[Entry] = []
    for e in sorted(entries, key=lambda e: e.key.start):
        if not any(k.key.start <= e.key.start < k.end and (k.key.start == e.key.start or _shape(k.key.text) ==
                                                          _shape(e.key.text)) for k in kept):
            kept.append(e)
    return kept
