"""A controlled document's identity: its number ("SOP-114"), revision ("C") and effective date.

Read conservatively, field by field, from (in order of trust) the title block, the
document's properties, then the file name. A number is taken only where a document
names itself: in its title, on a line that also gives a revision or an effective date,
after a label ("SOP No.: 114"), or at the start of a title-block line; never from a
reference in the body ("see SOP-200"). Where the title block names two different values
for a field and none sits beside the number, the field is left unread (an admin sets it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import PurePath

# Number prefixes that mean a controlled procedure or manual on their own. Any other code
# ("WTP-OPS-012") counts only on a line that also gives a revision or an effective date.
_PREFIXES = r"SOP|SOG|SWP|EOP|SSOP|WI|OM|O&M|MAN|QP|PROC"
_CODED = re.compile(rf"(?<![\w&-])(?P<code>(?:{_PREFIXES})[- ]?\d{{1,5}}(?:[.-]\d{{1,4}})?[A-Z]?)(?![\w-])")
_GENERIC = re.compile(r"(?<![\w&-])(?P<code>[A-Z]{2,6}(?:-[A-Z]{2,6})*[- ]?\d{1,5}(?:[.-]\d{1,4})?[A-Z]?)(?![\w-])")
_LABELLED = re.compile(
    r"\b(?:SOP|Procedure|Document|Doc\.?|Manual)\s*(?:No\.?|Number|Nr\.?|#|ID)\s*[:.|]?\s*"
    r"(?P<code>[A-Za-z0-9][A-Za-z0-9&/._-]{0,24})", re.IGNORECASE)
_REVISION = re.compile(
    r"(?<![A-Za-z])(?:[Rr]ev|REV)(?:ision|ISION)?\.?(?:[ \t:#|]|\s*No\.?\s*)*"
    r"(?P<rev>[A-Z]{1,2}|\d{1,3}(?:\.\d{1,2})?)(?![\w/]|\.\d)")
_MONTHS = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_DATE = (rf"(?P<date>\d{{4}}[-/.]\d{{1,2}}[-/.]\d{{1,2}}|\d{{1,2}}[-/.]\d{{1,2}}[-/.]\d{{4}}"
         rf"|\d{{1,2}}[ -]{_MONTHS}[ -,]*\d{{4}}|{_MONTHS} \d{{1,2}},? \d{{4}})")
_EFFECTIVE = re.compile(rf"\b(?:effective|eff\.|in force)(?:\s+(?:date|from|on|as of))?\s*[:|=-]?\s*{_DATE}",
                        re.IGNORECASE)
_ISO_DATE = re.compile(r"(?<!\d)(?P<date>\d{4}-\d{2}-\d{2})(?!\d)")

TITLE_BLOCK_LINES = 25  # the first non-empty lines of the first page: where a title block sits
TITLE_BLOCK_CHARS = 3000
SHORT_LINE = 80  # a title-block cell or label line; prose lines run longer

TITLE_BLOCK, PROPERTIES, FILE_NAME, ADMIN = "title block", "properties", "file name", "admin"

# Property names (lowercase, letters and digits only) that hold each field.
_NUMBER_KEYS = {"identifier", "documentnumber", "docnumber", "documentno", "docno", "documentid", "docid",
                "sopnumber", "sopno", "procedurenumber", "dcidentifier", "dctermsidentifier"}
_REVISION_KEYS = {"revision", "rev", "version", "documentrevision", "docrevision", "sdrevision"}
_EFFECTIVE_KEYS = {"effectivedate", "effective", "dateeffective", "effectivefrom", "dctermsvalid", "dcdatevalid"}
_TEXT_KEYS = ("title", "subject", "keywords", "dctitle", "description")


@dataclass(frozen=True)
class Identity:
    number: str | None = None  # normalised: "SOP-114"
    revision: str | None = None  # "C", "3", "1.2"
    effective: date | None = None
    found_in: str = ""  # where each field came from, e.g. "number: title block; revision: file name"

    def __bool__(self) -> bool:
        return bool(self.number or self.revision or self.effective)


def normalise_number(code: str) -> str:
    """"sop 114", "SOP_114", "SOP114" -> "SOP-114": one spelling per document number."""
    code = re.sub(r"[\s_]+", "-", code.strip().upper())
    code = re.sub(r"-{2,}", "-", code)
    return re.sub(r"^([A-Z&]+)(?=\d)", r"\1-", code)


def normalise_revision(value: str) -> str:
    value = value.strip().upper()
    value = re.sub(r"^REV(?:ISION)?\.?\s*", "", value)
    return value


def is_revision(value: str) -> bool:
    return bool(re.fullmatch(r"[A-Z]{1,2}|\d{1,3}(?:\.\d{1,2})?", normalise_revision(value)))


def parse_date(text: str) -> date | None:
    """A date written in full: ISO, "1 May 2026", "May 1, 2026"; day/month orders only when unambiguous."""
    text = " ".join(text.replace(",", " ").split()).rstrip(".")
    for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d"):
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            pass
    numeric = re.fullmatch(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})", text)
    if numeric:
        first, second, year = (int(g) for g in numeric.groups())
        if first > 12 >= second:
            day, month = first, second
        elif second > 12 >= first:
            day, month = second, first
        elif first == second:
            day = month = first
        else:
            return None  # 05/01/2026: May 1 or 5 January; not guessed
        try:
            return date(year, month, day)
        except ValueError:
            return None
    cleaned = re.sub(r"(?<=[A-Za-z])\.", "", text).replace("-", " ")
    for fmt in ("%d %B %Y", "%d %b %Y", "%B %d %Y", "%b %d %Y"):
        try:
            return datetime.strptime(cleaned, fmt).date()
        except ValueError:
            pass
    if cleaned[:4].lower() == "sept":
        return parse_date("Sep" + cleaned[4:])
    return None


def _one(values: list[str]) -> str | None:
    """The value when all candidates agree, else None (two different values: not guessed)."""
    distinct = list(dict.fromkeys(values))
    return distinct[0] if len(distinct) == 1 else None


def _code_in(line: str, generic: bool) -> list[str]:
    found = [m.group("code") for m in _CODED.finditer(line)]
    if not found and generic:
        found = [m.group("code") for m in _GENERIC.finditer(line) if not _REVISION.fullmatch(m.group("code"))]
    return [normalise_number(c) for c in found]


def _labelled_code(line: str) -> list[str]:
    codes = []
    for m in _LABELLED.finditer(line):
        code = m.group("code").rstrip("._-/")
        if not any(ch.isdigit() for ch in code):
            continue
        label = m.group(0).split()[0].upper().rstrip(".")
        if code.isdigit() and label == "SOP":
            code = f"SOP-{code}"
        codes.append(normalise_number(code))
    return codes


def read_text_identity(title: str, head: str) -> Identity:
    """Number, revision and effective date from a title and the first page's text."""
    lines = [" ".join(line.split()) for line in head[:TITLE_BLOCK_CHARS].splitlines()]
    lines = [line for line in lines if line][:TITLE_BLOCK_LINES]
    title = " ".join(title.split())
    # The number: by trust, the first kind of place that names exactly one.
    marked = [line for line in lines if _REVISION.search(line) or _EFFECTIVE.search(line)]
    kinds = [
        _code_in(title, generic=bool(_REVISION.search(title))),
        [c for line in marked for c in _code_in(line, generic=True)],
        [c for line in lines for c in _labelled_code(line)],
        [normalise_number(m.group("code")) for line in lines if (m := _CODED.match(line))],
    ]
    number = None
    home: list[str] = []  # the lines that name the number: a revision or date there wins over others
    for codes in kinds:
        if codes:
            number = _one(codes)
            break
    if number:
        home = [line for line in [title, *lines] if number in _code_in(line, generic=True) + _labelled_code(line)]
    revision = _field(home, [title, *lines], lambda line: [normalise_revision(m.group("rev"))
                                                           for m in _REVISION.finditer(line)], at_start=True)
    effective_text = _field(home, [title, *lines], lambda line: [m.group("date") for m in _EFFECTIVE.finditer(line)])
    effective = parse_date(effective_text) if effective_text else None
    return Identity(number, revision, effective)


def _field(home: list[str], lines: list[str], find: Callable[[str], list[str]], at_start: bool = False) -> str | None:
    """A field's value: from the number's own lines if they give one, else from the block when it agrees."""
    near = [v for line in home for v in find(line)]
    if near:
        return _one(near)
    # Elsewhere only a title-block cell counts: a short line ("Effective date: 2026-05-01"), a revision
    # at its start ("Revision: C"); never a sentence ("... rules, effective July 1, 2021, ...").
    values = [v for line in lines if len(line) <= SHORT_LINE for v in find(line[:12] if at_start else line)]
    return _one(values)


def read_property_identity(properties: dict[str, str]) -> Identity:
    """The fields from document properties (DOCX core and custom, PDF info, HTML meta)."""
    props = {re.sub(r"[^a-z0-9]", "", k.lower()): " ".join(v.split()) for k, v in properties.items() if v and v.strip()}
    number = revision = None
    effective = None
    for key in _NUMBER_KEYS & props.keys():
        value = props[key]
        if len(value) <= 30 and any(ch.isdigit() for ch in value) and re.fullmatch(r"[A-Za-z0-9&/._ -]+", value):
            number = number or normalise_number(value)
    for key in sorted(_REVISION_KEYS & props.keys()):
        if is_revision(props[key]):
            revision = revision or normalise_revision(props[key])
    for key in _EFFECTIVE_KEYS & props.keys():
        effective = effective or parse_date(props[key])
    text = "\n".join(props[k] for k in _TEXT_KEYS if k in props)
    if text:
        found = read_text_identity("", text)
        number, revision, effective = number or found.number, revision or found.revision, effective or found.effective
    return Identity(number, revision, effective)


def read_name_identity(file_name: str) -> Identity:
    """The fields from a file name: "SOP-114 Rev C.pdf", "SOP-114_RevB_2025-01-10.docx"."""
    stem = PurePath(file_name).stem.replace("_", " ")
    revision_match = _REVISION.search(stem)
    codes = _code_in(stem, generic=bool(revision_match))
    number = codes[0] if len(set(codes)) == 1 else None
    if number is None:
        return Identity()
    revision = normalise_revision(revision_match.group("rev")) if revision_match else None
    dates = [parse_date(m.group("date")) for m in _ISO_DATE.finditer(stem)]
    effective = dates[0] if len(dates) == 1 else None
    return Identity(number, revision, effective)


def combine(*found: tuple[str, Identity]) -> Identity:
    """Field by field, the first place (most trusted first) that gives a value."""
    values: dict[str, object] = {}
    origin: dict[str, str] = {}
    for place, identity in found:
        for name in ("number", "revision", "effective"):
            value = getattr(identity, name)
            if value and name not in values:
                values[name], origin[name] = value, place
    number, revision, effective = values.get("number"), values.get("revision"), values.get("effective")
    return Identity(number if isinstance(number, str) else None, revision if isinstance(revision, str) else None,
                    effective if isinstance(effective, date) else None,
                    "; ".join(f"{name}: {place}" for name, place in origin.items()))


def read_identity(title: str, head: str, properties: dict[str, str], file_name: str) -> Identity:
    """Everything a document says about its identity; empty when it names none."""
    # A revision or date without a number is kept (shown), but supersedes nothing.
    return combine((TITLE_BLOCK, read_text_identity(title, head)), (PROPERTIES, read_property_identity(properties)),
                   (FILE_NAME, read_name_identity(file_name)))
