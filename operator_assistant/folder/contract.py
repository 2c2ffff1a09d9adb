"""DataFolder: what the window, the command line and the plant server's routes ask of a data folder,
whether this process holds it (core/local_folder.py, LocalFolder) or a plant server does
(remote/folder.py, RemoteFolder). mypy checks both against it (tests/unit/test_folder_contract.py
checks it at run time too), so a method added to one and not the other is an error, not a surprise on
a console.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from operator_assistant.folder.records import (
    Calibration,
    CalibrationQuestion,
    ConflictInfo,
    DocumentInfo,
    FileResult,
    FolderStatus,
    IndexHealth,
    IngestReport,
    JobProgress,
    OcrPage,
    Passages,
    RevisionDiff,
    RevisionInfo,
)

if TYPE_CHECKING:  # names only: this package opens nothing
    from operator_assistant.config import Settings
    from operator_assistant.core.answer.records import Event, Turn
    from operator_assistant.core.history import ConversationLog


class AdminGate(Protocol):
    """Admin mode for one window or command: unlocked by the passphrase, locked again when idle."""

    @property
    def idle_seconds(self) -> float:
        """How long admin mode stays unlocked without admin activity."""
        ...

    def passphrase_is_set(self) -> bool: ...

    def set_passphrase(self, passphrase: str) -> None:
        """The first passphrase, where none is set yet (on a console it is set on the plant server)."""
        ...

    def unlock(self, passphrase: str) -> bool: ...

    @property
    def is_unlocked(self) -> bool: ...

    def seconds_left(self) -> float: ...

    def touch(self) -> None: ...

    def lock(self) -> None: ...


class DataFolder(Protocol):
    """One data folder opened: its documents and their revisions, search and answers, changes to the
    index (admin), the conversation history, and the connection to whoever holds it."""

    @property
    def settings(self) -> Settings:
        """This side's settings (a console's own: its history and cached documents live in its data folder)."""
        ...

    @property
    def separate_writer(self) -> bool:
        """True when it can read while it writes (what a window needs)."""
        ...

    @property
    def server_url(self) -> str | None:
        """The plant server it talks to; None when this process holds the folder."""
        ...

    def listen(self, on_connection: Callable[[str], None]) -> None:
        """`on_connection` hears, in a sentence, when the plant server goes away and comes back."""
        ...

    # opening and closing

    def claim(self, purpose: str) -> None: ...

    def warm_up(self) -> None: ...

    def close(self) -> None: ...

    def describe_models(self) -> tuple[str, str]:
        """(models line, reranker name) for a status bar."""
        ...

    def model_choices(self, role: str) -> list[str]: ...

    def admin_session(self) -> AdminGate: ...

    # reading

    def documents(self, doc_ids: list[str] | None = None) -> list[DocumentInfo]: ...

    def chunk_count(self) -> int: ...

    def revisions(self) -> dict[str, RevisionInfo]: ...

    def revision_diff(self, number: str, older: str | None = None, newer: str | None = None) -> RevisionDiff:
        """What changed between two revisions of a numbered document (default: the one in force and the
        one before it); a UserError names a number or revision that is not indexed."""
        ...

    def conflicts(self) -> list[ConflictInfo]:
        """Values current documents state differently, settled ones included (marked so)."""
        ...

    def health(self) -> IndexHealth: ...

    def status(self) -> FolderStatus: ...

    def ocr_pages(self, doc_id: str) -> dict[int, OcrPage]: ...

    def local_copy(self, doc_id: str, source: str) -> Path:
        """The document's file for the viewer, on this machine."""
        ...

    def search(self, query: str, k: int | None = None, documents: list[str] | None = None,
               section: str | None = None, all_revisions: bool = False) -> Passages: ...

    def ask(self, question: str, history: Sequence[Turn] = (), cancel: Callable[[], bool] | None = None,
            temperature: float | None = None, mode: str | None = None, all_revisions: bool = False) -> Iterator[Event]:
        """The answer as events: sources found, the card, the model's words, the answer (core/answer/records.py)."""
        ...

    @property
    def history(self) -> ConversationLog:
        """The conversations kept on this machine."""
        ...

    # changing the index (admin)

    def ingest(self, paths: Iterable[Path], progress: Callable[[JobProgress], None] | None = None,
               cancel: Callable[[], bool] | None = None, report: Callable[[FileResult], None] | None = None,
               force: bool = False) -> IngestReport: ...

    def remove(self, doc_ids: list[str]) -> int: ...

    def correct_identity(self, doc_id: str, number: str | None = None, revision: str | None = None,
                         effective: str | None = None, clear: bool = False) -> RevisionInfo: ...

    def settle_conflict(self, key: str, settled: bool = True, note: str = "") -> ConflictInfo:
        """An admin marks a conflict settled (no longer marked on cards) or reopens it; audited."""
        ...

    def calibrate(self, questions: Sequence[CalibrationQuestion]) -> Calibration: ...
