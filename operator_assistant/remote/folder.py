"""RemoteFolder: a data folder a plant server holds, as a console sees it through a PlantClient.

It implements folder/contract.py's DataFolder, as the local LocalFolder does, so the window opens
either and need not know which. Answers, documents, revision labels, ingest jobs and the admin check
come from the plant server (decoded by folder/wire.py); the console keeps its own conversation history
(so it survives the server being down) and a cache of downloaded documents for the viewer. It must not
import Qt, the server, or anything that opens an index or loads a model.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from operator_assistant.config import Settings
from operator_assistant.core.answer.records import Event, Turn
from operator_assistant.errors import UserError
from operator_assistant.folder.admin import IdleUnlock
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
    Passages,
    RevisionDiff,
    RevisionInfo,
)
from operator_assistant.folder.wire import (
    Json,
    conflict_from_json,
    diff_from_json,
    document_from_json,
    document_revision,
    file_result_from_json,
    passages_from_json,
    progress_from_json,
    report_from_json,
    status_from_json,
)
from operator_assistant.remote.client import PlantClient, ServerRefused, ServerUnavailable

if TYPE_CHECKING:
    from operator_assistant.core.documents.ocr import OcrPage
    from operator_assistant.core.history import ConversationLog

log = logging.getLogger("remote")

T = TypeVar("T")
CACHE_FOLDER = "server-documents"  # in the console's data folder: files downloaded for the viewer
HISTORY_FILE = "console-history.sqlite3"
START_RETRY_SECONDS = 5.0  # between the client's own rounds of retries while a console starts without its server


class RemoteAdminSession(IdleUnlock):
    """Admin mode on a console: the passphrase goes to the server, which checks it (and every admin request)."""

    def __init__(self, client: PlantClient, idle_minutes: float, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(idle_minutes, clock)
        self.client = client

    def passphrase_is_set(self) -> bool:
        return True  # set on the server; a console never sets it

    def set_passphrase(self, passphrase: str) -> None:
        raise UserError("the admin passphrase is set on the plant server, not on a console",
                        "an admin sets it there with `operator-assistant admin set-passphrase`")

    def unlock(self, passphrase: str) -> bool:
        if not self.client.check_admin(passphrase):
            return False
        self.unlocked()
        return True

    def lock(self) -> None:
        super().lock()
        self.client.admin_passphrase = None  # no later request carries it


class RemoteAssistant:
    """Asks the server; follow-up questions continue the server's conversation begun with the first one."""

    def __init__(self, workspace: RemoteFolder) -> None:
        self._workspace = workspace
        self._conversations: dict[tuple[str, str], int] = {}  # first turn -> the server's conversation

    def ask(self, question: str, history: Sequence[Turn] = (), cancel: Callable[[], bool] | None = None,
            **options: Any) -> Iterator[Event]:
        client = self._workspace.client
        history = list(history)

        # a follow-up goes on in the server's conversation of its first question, which gives the context
        conversation_id = self._conversations.get((history[0].question, history[0].answer)) if history else None
        if conversation_id is None:
            conversation_id = self._workspace.call(lambda: client.start_conversation(question[:200]))
        # the context is what this console showed: after a crash the server's conversation may hold an
        # answer the console never saw
        for again in (False, True):
            events = self._workspace.call(partial(client.ask, question, conversation=conversation_id, cancel=cancel,
                                                  history=history, **options))
            try:
                for event in events:
                    answer = getattr(event, "answer", None)
                    if answer is not None and not history:
                        self._conversations[(answer.question, answer.text)] = conversation_id
                    yield event
                break
            except ServerUnavailable as exc:
                self._workspace.went_down(exc)
                raise
            except ServerRefused as exc:
                # the server keeps a console's newest conversations only (refused before any event): the
                # follow-up goes on in a new one, with the same context (the turns this console showed)
                if again or exc.code != "no_conversation":
                    raise
                conversation_id = self._workspace.call(lambda: client.start_conversation(question[:200]))
                if history:
                    self._conversations[(history[0].question, history[0].answer)] = conversation_id
        self._workspace.reached()


class RemoteFolder:
    """The plant server's data folder, through the contract the window and the command line use."""

    def __init__(self, settings: Settings, client: PlantClient) -> None:
        self._settings = settings  # the console's own: its data folder holds history and cached documents
        self.client = client
        self._on_connection: Callable[[str], None] | None = None  # what the window shows about the server
        self._down = False
        self._closed = threading.Event()
        self._lock = threading.Lock()
        self._hashes: dict[str, str] = {}  # doc id -> content hash, from the last document list
        self._history: ConversationLog | None = None
        self._assistant = RemoteAssistant(self)
        client.on_retry = self._retrying
        self.cache_dir = Path(settings.data_dir) / CACHE_FOLDER

    # the connection's state, told to the window

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def separate_writer(self) -> bool:
        return True  # the window's check: it reads while it writes (the server does both)

    @property
    def server_url(self) -> str:
        return self.client.url

    def listen(self, on_connection: Callable[[str], None]) -> None:
        self._on_connection = on_connection

    def _say(self, message: str) -> None:
        log.info("%s", message)
        if self._on_connection is not None:
            self._on_connection(message)

    def _retrying(self, message: str) -> None:
        self._down = True
        self._say(f"Plant server not answering: {message.removeprefix('the plant server at ')}. "
                  "Your history is kept here.")

    def went_down(self, exc: ServerUnavailable) -> None:
        self._down = True
        self._say(f"Plant server {self.server_url} is down or unreachable ({exc.message}). Your history is kept "
                  "here; it reconnects by itself.")

    def call(self, fn: Callable[[], T]) -> T:
        """`fn` against the server, the window told when the server goes away and when it is back."""
        try:
            result = fn()
        except ServerUnavailable as exc:
            self.went_down(exc)
            raise
        self.reached()
        return result

    def reached(self) -> None:
        """A request went through: say so when the server had been away."""
        if self._down:
            self._down = False
            self._say(f"Plant server {self.server_url} is back.")

    # what the window calls at start and close

    def claim(self, purpose: str) -> None:
        """Nothing to hold: the server owns the data folder, and several consoles share it."""

    def warm_up(self) -> None:
        """Reach the server; a console started while the server is away waits for it (until the window closes)."""
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        while True:
            try:
                self.call(self.client.handshake)
                return
            except ServerUnavailable:
                if self._closed.wait(START_RETRY_SECONDS):
                    raise UserError("the window closed before the plant server answered") from None

    def close(self) -> None:
        self._closed.set()
        with self._lock:
            if self._history is not None:
                self._history.close()
                self._history = None
        self.client.close()

    def describe_models(self) -> tuple[str, str]:
        info = self.status()
        refusal = ("refusal threshold calibrated" if info.refusal.calibrated
                   else f"refusal threshold: default ({info.refusal.stale or 'not calibrated'})")
        return (f"On the plant server: embedder {info.embedder_configured}; language model "
                f"{info.llm_configured}; {info.reranker}; {refusal}", info.reranker)

    def model_choices(self, role: str) -> list[str]:
        """The models installed on this console (its own settings); none on a console-only installation."""
        from operator_assistant.core.models import available_models  # reads the manifest only: no model library

        return available_models(self._settings.models_dir, role)

    def admin_session(self) -> RemoteAdminSession:
        return RemoteAdminSession(self.client, self._settings.admin_idle_minutes)

    # asking and history

    def ask(self, question: str, history: Sequence[Turn] = (), cancel: Callable[[], bool] | None = None,
            temperature: float | None = None, mode: str | None = None, all_revisions: bool = False) -> Iterator[Event]:
        return self._assistant.ask(question, history, cancel, temperature=temperature, mode=mode,
                                   all_revisions=all_revisions)

    @property
    def history(self) -> ConversationLog:
        """This console's conversations, kept here so they stay while the server is away."""
        from operator_assistant.core.history import ConversationLog

        with self._lock:
            if self._history is None:
                self._history = ConversationLog(Path(self._settings.data_dir) / HISTORY_FILE)
            return self._history

    # reading

    def _document_list(self) -> list[Json]:
        found = self.call(self.client.documents)
        self._hashes = {d["doc_id"]: d.get("content_hash", "") for d in found}
        return found

    def documents(self, doc_ids: list[str] | None = None) -> list[DocumentInfo]:
        docs = [document_from_json(d) for d in self._document_list()]
        return docs if doc_ids is None else [d for d in docs if d.doc_id in doc_ids]

    def chunk_count(self) -> int:
        return self.health().chunks

    def revisions(self) -> dict[str, RevisionInfo]:
        found = (document_revision(d) for d in self._document_list())
        return {r.doc_id: r for r in found if r is not None}

    def conflicts(self) -> list[ConflictInfo]:
        return [conflict_from_json(c) for c in self.call(self.client.conflicts)]

    def settle_conflict(self, key: str, settled: bool = True, note: str = "") -> ConflictInfo:
        return conflict_from_json(self.call(lambda: self.client.settle_conflict(key, settled, note)))

    def revision_diff(self, number: str, older: str | None = None, newer: str | None = None) -> RevisionDiff:
        return diff_from_json(self.call(lambda: self.client.revision_diff(number, older, newer)))

    def health(self) -> IndexHealth:
        return self.status().index

    def status(self) -> FolderStatus:
        return status_from_json(self.call(self.client.status))

    def ocr_pages(self, doc_id: str) -> dict[int, OcrPage]:
        return self.call(lambda: self.client.ocr_pages(doc_id))

    def local_copy(self, doc_id: str, source: str) -> Path:
        """The document's file for the viewer: downloaded once per content hash into the console's cache."""
        content_hash = self._hashes.get(doc_id) or ""
        if not content_hash:
            self._document_list()
            content_hash = self._hashes.get(doc_id, "")
            if not content_hash:
                raise UserError(f"{Path(source).name} is no longer indexed on the plant server",
                                "ask again: the answer may cite a document an admin removed")
        folder = self.cache_dir / f"{doc_id}-{content_hash[:16]}"
        name = Path(source.replace("\\", "/")).name or "document"
        target = folder / name
        if target.is_file():
            return target
        data = self.call(lambda: self.client.document_file(doc_id))
        if hashlib.sha256(data).hexdigest()[:len(content_hash)] != content_hash:
            log.info("%s changed on the server since the list was read; showing what it holds now", name)
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f".{name}.part"
        partial.write_bytes(data)
        partial.replace(target)  # never half a file under the real name
        return target

    def search(self, query: str, k: int | None = None, documents: list[str] | None = None,
               section: str | None = None, all_revisions: bool = False) -> Passages:
        return passages_from_json(self.call(lambda: self.client.search(query, k, documents, section, all_revisions)))

    # changing the index (admin: the server checks the passphrase with each request)

    def ingest(self, paths: Iterable[Path], progress: Callable[[JobProgress], None] | None = None,
               cancel: Callable[[], bool] | None = None, report: Callable[[FileResult], None] | None = None,
               force: bool = False) -> IngestReport:
        from operator_assistant.errors import Cancelled

        def on_progress(state: Json) -> None:
            if progress is not None:
                progress(progress_from_json(state))

        def on_report(entry: Json) -> None:
            if report is not None:
                report(file_result_from_json(entry))

        started = time.monotonic()
        try:
            job = self.call(lambda: self.client.ingest(list(paths), on_progress, cancel, on_report, force))
        except Cancelled:  # stopped while uploading: nothing was indexed
            return IngestReport(cancelled=True, seconds=time.monotonic() - started)
        return report_from_json(job.get("result") or {}, cancelled=job["state"] == "cancelled")

    def remove(self, doc_ids: list[str]) -> int:
        return int(self.call(lambda: self.client.remove(doc_ids))["result"]["chunks"])

    def correct_identity(self, doc_id: str, number: str | None = None, revision: str | None = None,
                         effective: str | None = None, clear: bool = False) -> RevisionInfo:
        raise UserError("correcting a document's number or revision is not done from a console yet",
                        "run `operator-assistant revisions` on the plant server")

    def calibrate(self, questions: Sequence[CalibrationQuestion]) -> Calibration:
        """Calibrated on the plant server (an admin job): the questions travel as golden JSONL lines."""
        lines = [json.dumps({"id": q.id, "question": q.question, "follows": q.follows, "source_file": q.source_file,
                             # calibration reads only whether a question has a source; the file format needs a kind
                             "kind": "fact" if q.source_file else "not-in-corpus"}) for q in questions]
        job = self.call(lambda: self.client.calibrate("".join(line + "\n" for line in lines)))
        return Calibration(**{k: v for k, v in (job.get("result") or {}).items()
                              if k in Calibration.__dataclass_fields__})


def open_console(settings: Settings, url: str, token: str | None = None, ca_file: Path | None = None) -> RemoteFolder:
    """The window's workspace for `--server URL`: the client made here, the server reached at warm-up."""
    from operator_assistant.remote.client import find_token

    return RemoteFolder(settings, PlantClient(url, find_token(token), ca_file=ca_file))


__all__ = ["RemoteFolder", "RemoteAdminSession", "ServerRefused", "ServerUnavailable", "open_console"]


if TYPE_CHECKING:
    from operator_assistant.folder.contract import DataFolder

    def _implements(folder: RemoteFolder) -> DataFolder:  # mypy checks RemoteFolder against the contract here
        return folder
