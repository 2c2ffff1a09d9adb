"""What crosses a data folder's contract: documents, revision labels, index health, status, ingest
progress and reports, search passages. Plain records: a local folder builds them from its index, a
console decodes them from the plant server's JSON (wire.py), and the window reads them the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Protocol

# what an ingest run says of each file
ADDED, UPDATED, UNCHANGED, DUPLICATE, FAILED_FILE, REMOVED = "added", "updated", "unchanged", "duplicate", "failed", "removed"


def page_list(numbers: list[int]) -> str:
    """1-based page numbers as "7, 12" or "3-5, 9"."""
    out: list[str] = []
    run: list[int] = []
    for number in sorted(numbers):
        if run and number == run[-1] + 1:
            run.append(number)
            continue
        if run:
            out.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
        run = [number]
    if run:
        out.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
    return ", ".join(out)


def unreadable_note(numbers: list[int]) -> str:
    if not numbers:
        return ""
    return f"page{'s' if len(numbers) > 1 else ''} {page_list(numbers)} could not be read (blank or illegible scan)"


Box = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True)
class OcrWord:
    start: int  # offsets within the page's text
    end: int
    box: Box
    confidence: float


@dataclass(frozen=True)
class OcrPage:
    """A page read by OCR: its text, each word's place on the page (the viewer highlights by it)."""

    text: str
    words: tuple[OcrWord, ...] = ()
    confidence: float | None = None  # mean over the words; None when nothing could be read

    @property
    def readable(self) -> bool:
        return bool(self.text.strip())


@dataclass(frozen=True)
class DocumentInfo:
    """One indexed (or failed) document, as the manifest keeps it and the corpus manager lists it."""

    doc_id: str
    source: str
    title: str
    format: str
    content_hash: str
    size: int
    pages: int | None
    chunker: str
    indexed_at: float
    status: str
    error: str | None = None
    chunks: int = 0
    ocr_pages: int = 0  # pages read by OCR, readable or not
    ocr_confidence: float | None = None  # mean over the readable OCR pages
    unreadable_pages: tuple[int, ...] = ()

    @property
    def ocr_note(self) -> str:
        """"read by OCR on 43 pages, mean confidence 0.93; page 7 could not be read", or "" for text documents."""
        if not self.ocr_pages:
            return ""
        confidence = f", mean confidence {self.ocr_confidence:.2f}" if self.ocr_confidence is not None else ""
        note = unreadable_note(list(self.unreadable_pages))
        pages = f"{self.ocr_pages} page{'s' if self.ocr_pages > 1 else ''}"
        return f"read by OCR on {pages}{confidence}" + (f"; {note}" if note else "")


@dataclass(frozen=True)
class RevisionInfo:
    """A document's number, revision and place among its revisions, as the folder decided it today
    (core/revisions.py decides; this is what the corpus manager, the viewer and a console show)."""

    doc_id: str
    label: str  # "SOP-114 Rev C, effective 2026-05-01, supersedes Rev B"; "" without number, revision or date
    status: str = ""  # "current", "superseded", "upcoming"; "" when it has no number
    status_text: str = ""  # "superseded by Rev C"
    corrected: bool = False  # an admin corrected what was read
    number: str | None = None
    revision: str | None = None
    effective: date | None = None
    found_in: str = ""  # where each field was read: "number: title block; revision: file name"
    in_force_from: date | None = None  # the effective date, or the day it was first indexed when it has none

    @property
    def has_identity(self) -> bool:
        """A number, a revision or an effective date was read or set."""
        return bool(self.number or self.revision or self.effective)


@dataclass(frozen=True)
class IndexHealth:
    """Counts from each store of the index and whether they agree."""

    chunks: int
    dense_vectors: int | None  # None: no embedder has built vectors yet
    lexical_chunks: int
    embedder: str | None
    consistent: bool
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class RefusalInfo:
    """The refusal threshold kept with the index, and whether it holds for the models in use."""

    signal: str | None = None
    threshold: str | None = None
    embedder: str | None = None
    calibrated: bool = False
    stale: str = ""  # why a stored threshold does not hold ("" when it does or none is stored)


@dataclass(frozen=True)
class ModelInfo:
    """An installed model as the models manifest and folder checks see it."""

    name: str
    role: str
    state: str  # "ok" (with what an embedder runs on), or why it is not usable


@dataclass(frozen=True)
class StatusDocument:
    """A document as the status summarises it (GET /documents gives the whole DocumentInfo)."""

    title: str
    source: str
    format: str
    status: str
    chunks: int
    pages: int | None
    error: str | None
    hash: str  # the first 12 characters of its sha256
    ocr_note: str = ""
    ocr_pages: int = 0
    ocr_confidence: float | None = None
    unreadable_pages: tuple[int, ...] = ()
    indexed_at: str = ""  # "2026-12-02 14:05", local time of the holder


@dataclass(frozen=True)
class FolderStatus:
    """Documents, chunks, models, refusal threshold and index health (no model loaded to tell)."""

    reranker: str  # the reranker's name, or "no reranker installed"
    refusal: RefusalInfo
    documents: tuple[StatusDocument, ...]
    index: IndexHealth
    embedder_configured: str
    llm_configured: str
    models: tuple[ModelInfo, ...]
    data_dir: str | None = None  # None where the holder keeps it to itself (a plant server, to a console)
    models_dir: str | None = None

    @property
    def chunks(self) -> int:
        return self.index.chunks


@dataclass(frozen=True)
class JobProgress:
    """Where an ingest stands, as the progress bar and the command line show it."""

    files_done: int = 0
    files_total: int = 0
    current: str = ""  # the file being read ("" when the run is over)
    chunks: int = 0  # embedded so far in this run
    detail: str = ""  # what happens inside the current file ("OCR page 3 of 40")
    bytes_done: int = 0
    bytes_total: int = 0
    text: str = ""  # one line for a person: files, chunks, rate, time left

    def describe(self) -> str:
        return self.text


@dataclass
class FileResult:
    source: str
    status: str
    message: str = ""
    chunks_added: int = 0
    chunks_removed: int = 0
    chunks_total: int = 0


@dataclass
class IngestReport:
    results: list[FileResult] = field(default_factory=list)
    # files in folders an older plant server skipped without naming them; this version names each one
    # (a "skipped" result with its reason), so it is 0 from it
    skipped: int = 0
    seconds: float = 0.0
    chunks_embedded: int = 0
    cancelled: bool = False
    notes: list[str] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def failed(self) -> list[FileResult]:
        return [r for r in self.results if r.status == FAILED_FILE]


@dataclass(frozen=True)
class Passage:
    """One passage a search found, with where it is and how it ranked."""

    chunk_id: str
    doc_id: str
    document: str  # the document's title
    source: str
    section: tuple[str, ...]
    pages: tuple[int, ...]
    start: int
    end: int
    score: float
    dense_rank: int | None
    lexical_rank: int | None
    text: str
    revision: str | None = None  # the document's revision label, when it has one


@dataclass(frozen=True)
class Passages:
    """What a search found, best first, and how long each stage took."""

    query: str
    passages: tuple[Passage, ...]
    timings_ms: dict[str, float] = field(default_factory=dict)


class CalibrationQuestion(Protocol):
    """What calibration reads of a golden question (evaluation's GoldenQuestion has it)."""

    @property
    def id(self) -> str: ...
    @property
    def question(self) -> str: ...
    @property
    def follows(self) -> str | None: ...
    @property
    def source_file(self) -> str | None: ...  # empty for a question the documents do not answer


@dataclass(frozen=True)
class Calibration:
    """A refusal threshold fitted on golden questions, with how it refuses them."""

    signal: str
    embedder: str  # the index's embedder id: the threshold holds only for vectors from it
    threshold: float
    answerable: int
    not_in_corpus: int
    answerable_refused: int  # with the chosen threshold, on the same questions
    not_in_corpus_refused: int
    loo_answerable_refused: int  # leave-one-out: each question judged by a threshold fitted without it
    loo_not_in_corpus_refused: int


# what changed between two revisions of one document (core/revision_diff.py decides)
VALUE_CHANGED, PIECE_ADDED, PIECE_REMOVED, PIECE_MOVED, REWORDED = "value", "added", "removed", "moved", "reworded"
SECTION_ADDED, SECTION_REMOVED, SECTION_RENAMED = "section added", "section removed", "section renamed"


@dataclass(frozen=True)
class DiffPlace:
    """One side of a change: the revision's own words and where they stand in its document."""

    doc_id: str
    chunk_id: str  # the indexed passage that holds it (cited on a card)
    section: tuple[str, ...]
    pages: tuple[int, ...]
    start: int
    end: int
    text: str
    label: str = ""  # "3" for step 3, the row's first cell for a table row; "" for a sentence


@dataclass(frozen=True)
class RevisionChange:
    kind: str  # VALUE_CHANGED, PIECE_ADDED, ... SECTION_RENAMED
    what: str  # "step", "sentence", "row" or "section"
    section: str  # the heading it is under, as the newer revision writes it (the older where removed)
    old: DiffPlace | None
    new: DiffPlace | None
    values: tuple[tuple[str, str, str], ...] = ()  # (column or "", old, new) of a value change
    moved: bool = False  # a reworded or changed piece that also changed its place among the others

    @property
    def summary(self) -> str:
        """"Step 3 -> 4: value changed: 20 percent -> 25 percent", "Step 3 added", "Row "Free chlorine high alarm"..."""
        name = _piece_name(self.what, self.old, self.new)
        if self.kind == VALUE_CHANGED:
            shown = "; ".join(f"{column + ': ' if column else ''}{old} -> {new}" for column, old, new in self.values)
            return f"{name}: value changed{' and moved' if self.moved else ''}: {shown}"
        if self.kind == REWORDED:
            return f"{name}: reworded{' and moved' if self.moved else ''}"
        if self.kind == SECTION_RENAMED:
            return f"Section renamed: {self.old.section[-1] if self.old and self.old.section else ''} -> {self.section}"
        if self.kind in (SECTION_ADDED, SECTION_REMOVED):
            return f"Section {self.section!r} {self.kind.split()[1]}"
        return f"{name} {self.kind}"


def _piece_name(what: str, old: DiffPlace | None, new: DiffPlace | None) -> str:
    labels = [p.label for p in (old, new) if p is not None and p.label]
    if what == "step" and labels:
        shown = " -> ".join(dict.fromkeys(labels))
        return f"Step {shown}"
    if what == "row" and labels:
        return f"Row \"{labels[-1]}\""
    return what.capitalize()


@dataclass(frozen=True)
class RevisionDiff:
    """What changed from one revision of a numbered document to another, in the newer one's order."""

    number: str
    old: RevisionInfo
    new: RevisionInfo
    old_document: str  # titles and sources, for citations and the viewer
    old_source: str
    new_document: str
    new_source: str
    changes: tuple[RevisionChange, ...]

    @property
    def heading(self) -> str:
        """"SOP-114: Rev B -> Rev C (upcoming, effective 2099-01-01)"."""
        def name(info: RevisionInfo) -> str:
            base = f"Rev {info.revision}" if info.revision else (
                f"the issue of {info.effective.isoformat()}" if info.effective else "the unrevised issue")
            return f"{base}, {info.status_text}" if info.status and info.status != "current" else base
        return f"{self.number}: {name(self.old)} -> {name(self.new)}"


@dataclass(frozen=True)
class FactInfo:
    """One document's statement of a value (core/conflicts.py reads them), where it says it."""

    doc_id: str
    chunk_id: str
    document: str  # the document's title
    source: str
    subject: str  # as written: "Free chlorine high alarm"
    value: str  # as written: "4.0 mg/L"
    text: str  # the sentence or table row that states it
    start: int
    end: int
    section: tuple[str, ...] = ()
    pages: tuple[int, ...] = ()
    number: str | None = None  # the document's number ("SOP-114"), when it has one


@dataclass(frozen=True)
class ConflictInfo:
    """Two current documents giving one quantity of one subject different values, and whether an
    admin has settled it (a settled conflict is listed, not marked on cards)."""

    key: str  # stable across re-ingest until a value changes
    first: FactInfo
    second: FactInfo
    settled: bool = False
    settled_by: str = ""
    settled_at: float | None = None
    note: str = ""
