"""FakeFolder: a data folder with no model and no index, for the window's fast tests.

It keeps to folder/contract.py (tests/unit/test_folder_contract.py checks it as it checks the real
two), so the window cannot tell it from LocalFolder by the calls it makes. Inside it is deliberately
plain: text and markdown files are read with the real document loader (so the viewer opens and
highlights the same characters), split into paragraphs, searched by shared words, and answered with
the best paragraph as a one-sentence card, noting the other side of each open conflict in `conflict_list` that
has a side in that paragraph (as the real assistant notes it). Anything else dropped on it is skipped.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from operator_assistant.config import Settings, load_settings
from operator_assistant.core.answer.records import (
    REFUSAL,
    SENTENCES,
    Answer,
    Answered,
    Card,
    CardCell,
    CardNote,
    CardReady,
    Event,
    Source,
    SourcesFound,
    TextGenerated,
    Turn,
)
from operator_assistant.core.history import ConversationLog
from operator_assistant.core.roles import AdminSession
from operator_assistant.errors import UserError
from operator_assistant.folder.records import (
    ADDED,
    FAILED_FILE,
    UNCHANGED,
    UPDATED,
    Calibration,
    CalibrationQuestion,
    ConflictInfo,
    DocumentInfo,
    FactInfo,
    FileResult,
    FolderStatus,
    IndexHealth,
    IngestReport,
    JobProgress,
    Passage,
    Passages,
    RefusalInfo,
    RevisionDiff,
    RevisionInfo,
)

if TYPE_CHECKING:
    from operator_assistant.core.documents.ocr import OcrPage
    from operator_assistant.folder.contract import DataFolder

TEXT_SUFFIXES = (".md", ".txt")
_WORD = re.compile(r"[a-z0-9][a-z0-9.-]*[a-z0-9]|[a-z0-9]")
# words too common to count as a match: "what is the ..." alone must not find a passage
_COMMON = frozenset("a an and are at be by do does for from how in is it of on or the this to what when where which "
                    "who why with".split())


def words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if w not in _COMMON}


@dataclass(frozen=True)
class _Paragraph:
    number: int
    section: tuple[str, ...]
    start: int
    end: int
    text: str


@dataclass
class _Document:
    info: DocumentInfo
    paragraphs: list[_Paragraph]


def read_paragraphs(path: Path) -> tuple[str, list[_Paragraph]]:
    """(title, paragraphs) with their offsets in the text the viewer shows (core/documents)."""
    from operator_assistant.core.documents import load_document

    document = load_document(path)
    paragraphs: list[_Paragraph] = []
    headings: list[tuple[int, str]] = []
    for block in document.blocks:
        if block.kind == "heading":
            headings = [h for h in headings if h[0] < block.level] + [(block.level, block.label)]
            continue
        text = document.text[block.start:block.end]
        if text.strip():
            paragraphs.append(_Paragraph(len(paragraphs), tuple(label for _, label in headings), block.start,
                                         block.end, text))
    return document.title, paragraphs


class FakeFolder:
    """An in-memory DataFolder on `data_dir` (its history and admin passphrase are real files there).

    `server_url` makes it look like a console's folder; `say` then plays the plant server's
    connection messages to whoever `listen`s."""

    def __init__(self, data_dir: Path, models_dir: Path | None = None, server_url: str | None = None) -> None:
        data_dir = Path(data_dir)
        self._settings = load_settings(data_dir=data_dir, models_dir=models_dir or data_dir / "models")
        self._server_url = server_url
        self._lock = threading.Lock()
        self._documents: dict[str, _Document] = {}
        self._identity: dict[str, RevisionInfo] = {}
        self._history: ConversationLog | None = None
        self._on_connection: Callable[[str], None] | None = None
        self.claims: list[str] = []
        self.conflict_list: list[ConflictInfo] = []  # what conflicts() lists
        self.diffs: dict[str, RevisionDiff] = {}  # by document number: what revision_diff answers
        self.diff_requests: list[tuple[str, str | None, str | None]] = []
        self.closed = False

    # the contract: connection and opening

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def separate_writer(self) -> bool:
        return True  # one lock, short critical sections: reads never wait for a whole ingest

    @property
    def server_url(self) -> str | None:
        return self._server_url

    def listen(self, on_connection: Callable[[str], None]) -> None:
        self._on_connection = on_connection

    def say(self, message: str) -> None:
        """What a RemoteFolder tells its listener when the server goes away or comes back."""
        if self._on_connection is not None:
            self._on_connection(message)

    def claim(self, purpose: str) -> None:
        self.claims.append(purpose)

    def warm_up(self) -> None:
        """Nothing to load."""

    def close(self) -> None:
        self.closed = True
        with self._lock:
            if self._history is not None:
                self._history.close()
                self._history = None

    def describe_models(self) -> tuple[str, str]:
        return "No models: a fake data folder for tests", "no reranker installed"

    def model_choices(self, role: str) -> list[str]:
        return []

    def admin_session(self) -> AdminSession:
        return AdminSession(self._settings.data_dir, self._settings.admin_idle_minutes)

    # reading

    def documents(self, doc_ids: list[str] | None = None) -> list[DocumentInfo]:
        with self._lock:
            return [d.info for d in self._documents.values() if doc_ids is None or d.info.doc_id in doc_ids]

    def chunk_count(self) -> int:
        with self._lock:
            return sum(len(d.paragraphs) for d in self._documents.values())

    def revisions(self) -> dict[str, RevisionInfo]:
        with self._lock:
            return {doc_id: self._identity.get(doc_id, RevisionInfo(doc_id, "")) for doc_id in self._documents}

    def conflicts(self) -> list[ConflictInfo]:
        with self._lock:
            return list(self.conflict_list)

    def settle_conflict(self, key: str, settled: bool = True, note: str = "") -> ConflictInfo:
        with self._lock:
            for i, c in enumerate(self.conflict_list):
                if c.key == key:
                    self.conflict_list[i] = replace(c, settled=settled, settled_by="fake" if settled else "",
                                                    note=note)
                    return self.conflict_list[i]
        raise UserError(f"no conflict {key!r} among the current documents")

    def revision_diff(self, number: str, older: str | None = None, newer: str | None = None) -> RevisionDiff:
        self.diff_requests.append((number, older, newer))
        if number not in self.diffs:
            raise UserError(f"no indexed document is numbered {number!r}")
        return self.diffs[number]

    def health(self) -> IndexHealth:
        chunks = self.chunk_count()
        return IndexHealth(chunks, None, chunks, None, True)

    def status(self) -> FolderStatus:
        from operator_assistant.folder.wire import status_document

        return FolderStatus("no reranker installed", RefusalInfo(), tuple(status_document(d) for d in self.documents()),
                            self.health(), self._settings.embedder, self._settings.llm, (),
                            str(self._settings.data_dir), str(self._settings.models_dir))

    def ocr_pages(self, doc_id: str) -> dict[int, OcrPage]:
        return {}  # text files only: nothing is read by OCR

    def local_copy(self, doc_id: str, source: str) -> Path:
        return Path(source)

    def search(self, query: str, k: int | None = None, documents: list[str] | None = None,
               section: str | None = None, all_revisions: bool = False) -> Passages:
        wanted = words(query)
        scored: list[tuple[float, _Document, _Paragraph]] = []
        with self._lock:
            for doc in self._documents.values():
                if documents is not None and doc.info.doc_id not in documents:
                    continue
                for paragraph in doc.paragraphs:
                    if section is not None and section not in paragraph.section:
                        continue
                    shared = len(wanted & words(paragraph.text + " " + " ".join(paragraph.section)))
                    if shared:
                        scored.append((shared / len(wanted), doc, paragraph))
        scored.sort(key=lambda s: -s[0])
        found = tuple(Passage(f"{doc.info.doc_id}:{p.number}", doc.info.doc_id, doc.info.title, doc.info.source,
                              p.section, (), p.start, p.end, score, None, rank + 1, p.text)
                      for rank, (score, doc, p) in enumerate(scored[:k or self._settings.top_k]))
        return Passages(query, found)

    def ask(self, question: str, history: Sequence[Turn] = (), cancel: Callable[[], bool] | None = None,
            temperature: float | None = None, mode: str | None = None, all_revisions: bool = False) -> Iterator[Event]:
        found = self.search(question).passages
        sources = [Source(n, p.chunk_id, p.document, p.source, p.section, p.pages, p.start, p.end, p.text, p.score)
                   for n, p in enumerate(found, 1)]
        yield SourcesFound(sources)
        if not sources:
            with self._lock:
                known = set().union(*(words(p.text) for d in self._documents.values() for p in d.paragraphs))
            yield Answered(Answer(question, question, REFUSAL, True, [],
                                  unfamiliar=sorted(words(question) - known), mode="card"))
            return
        best = sources[0]
        cited, notes = self._notes(best)
        card = Card(SENTENCES, best.section[-1] if best.section else best.document,
                    ((CardCell(best.text, 1, best.start, best.end),),), notes=notes)
        yield CardReady(card, cited)
        wording = f"{best.document} says this in {card.title} [1]."
        yield TextGenerated(wording)
        cancelled = cancel is not None and cancel()
        yield Answered(Answer(question, question, card.as_text(), False, cited, card=card,
                              wording="" if cancelled else wording, cancelled=cancelled, mode="card"))

    def _notes(self, best: Source) -> tuple[list[Source], tuple[CardNote, ...]]:
        """The card's citations and notes: for each open conflict with a side in `best`, the other side's words,
        cited to the paragraph that holds them."""
        cited, notes = [best], []
        for conflict in self.conflicts():
            for own, other in ((conflict.first, conflict.second), (conflict.second, conflict.first)):
                if conflict.settled or own.doc_id != best.doc_id or not (own.start < best.end and best.start < own.end):
                    continue
                cited.append(replace(self._holding(other), number=len(cited) + 1))
                notes.append(CardNote(CardCell(other.text, len(cited), other.start, other.end),
                                      other.number or other.document, other.value, own.value))
        return cited, tuple(notes)

    def _holding(self, fact: FactInfo) -> Source:
        """The paragraph that states `fact`, as a source (the fact's own words when none does)."""
        with self._lock:
            doc = self._documents.get(fact.doc_id)
            p = next((p for p in doc.paragraphs if p.start <= fact.start < p.end), None) if doc else None
        if doc is None or p is None:
            return Source(0, fact.chunk_id, fact.document, fact.source, fact.section, fact.pages, fact.start, fact.end,
                          fact.text, 0.0)
        return Source(0, f"{fact.doc_id}:{p.number}", doc.info.title, doc.info.source, p.section, (), p.start, p.end,
                      p.text, 0.0)

    @property
    def history(self) -> ConversationLog:
        with self._lock:
            if self._history is None:
                self._history = ConversationLog(self._settings.data_dir / "history.sqlite3")
            return self._history

    # changing the index

    def ingest(self, paths: Iterable[Path], progress: Callable[[JobProgress], None] | None = None,
               cancel: Callable[[], bool] | None = None, report: Callable[[FileResult], None] | None = None,
               force: bool = False) -> IngestReport:
        started = time.monotonic()
        files = [f for p in map(Path, paths) for f in (sorted(x for x in p.rglob("*") if x.is_file())
                                                         if p.is_dir() else [p])]
        out = IngestReport()
        for done, path in enumerate(files):
            if cancel is not None and cancel():
                out.cancelled = True
                break
            if progress is not None:
                progress(JobProgress(done, len(files), str(path), out.chunks_embedded,
                                     text=f"{done} of {len(files)} files"))
            result = self._read(path, force)
            out.results.append(result)
            out.chunks_embedded += result.chunks_added
            if report is not None:
                report(result)
        if progress is not None:
            finished = len(out.results)
            progress(JobProgress(finished, len(files), "", out.chunks_embedded, text=f"{finished} of {len(files)} files"))
        out.seconds = time.monotonic() - started
        return out

    def _read(self, path: Path, force: bool) -> FileResult:
        """One file into the folder: a text file is split into paragraphs, anything else is skipped."""
        source = str(path.resolve())
        if path.suffix.lower() not in TEXT_SUFFIXES:
            return FileResult(source, "skipped", "not a text file (the fake folder reads .md and .txt)")
        data = path.read_bytes()
        doc_id = hashlib.sha256(source.encode()).hexdigest()[:12]
        content_hash = hashlib.sha256(data).hexdigest()
        with self._lock:
            before = self._documents.get(doc_id)
        if before is not None and before.info.content_hash == content_hash and not force:
            return FileResult(source, UNCHANGED, chunks_total=len(before.paragraphs))
        try:
            title, paragraphs = read_paragraphs(path)
        except (UserError, UnicodeDecodeError) as exc:
            info = DocumentInfo(doc_id, source, path.name, path.suffix.lstrip("."), content_hash, len(data), None,
                                "paragraphs", time.time(), "failed", str(exc))
            with self._lock:
                self._documents[doc_id] = _Document(info, [])
            return FileResult(source, FAILED_FILE, str(exc))
        info = DocumentInfo(doc_id, source, title, path.suffix.lstrip("."), content_hash, len(data), None,
                            "paragraphs", time.time(), "indexed", chunks=len(paragraphs))
        with self._lock:
            self._documents[doc_id] = _Document(info, paragraphs)
        removed = len(before.paragraphs) if before is not None else 0
        return FileResult(source, UPDATED if before is not None else ADDED, "", len(paragraphs), removed,
                          len(paragraphs))

    def remove(self, doc_ids: list[str]) -> int:
        with self._lock:
            gone = [self._documents.pop(doc_id) for doc_id in doc_ids if doc_id in self._documents]
        return sum(len(d.paragraphs) for d in gone)

    def correct_identity(self, doc_id: str, number: str | None = None, revision: str | None = None,
                         effective: str | None = None, clear: bool = False) -> RevisionInfo:
        if clear:
            number = revision = effective = None
        when = date.fromisoformat(effective) if effective else None
        label = ", ".join(part for part in (" ".join(x for x in (number, f"Rev {revision}" if revision else "") if x),
                                            f"effective {effective}" if effective else "") if part)
        info = RevisionInfo(doc_id, label, corrected=not clear, number=number, revision=revision, effective=when)
        with self._lock:
            if doc_id not in self._documents:
                raise UserError(f"no document {doc_id} in this folder")
            self._identity[doc_id] = info
        return info

    def calibrate(self, questions: Sequence[CalibrationQuestion]) -> Calibration:
        raise UserError("the fake folder has no model to calibrate a refusal threshold with")



if TYPE_CHECKING:
    def _implements(folder: FakeFolder) -> DataFolder:  # mypy checks the fake against the contract here
        return folder
