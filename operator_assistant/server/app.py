"""The plant server's HTTP API (FastAPI): consoles ask, search and read; admins change the corpus.

Everything goes through one Workspace opened on the server's data folder. Work runs on lanes
like the window's (one worker each for answers, reads and the index job), so questions are
answered while an ingest runs. It must not reach into the index or the models itself, nor
decide answer policy: it only carries the Workspace's results over HTTP, and it must not
import Qt.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import logging
import mimetypes
import re
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, TypeVar

from fastapi import Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
from pydantic import BaseModel, Field

from operator_assistant.core.answer.policy import ANSWER_MODES
from operator_assistant.core.answer.records import Answered, CardReady, SourcesFound, TextGenerated, Turn
from operator_assistant.core.audit import audit_context, record_event
from operator_assistant.core.roles import MAX_FAILURES, check_passphrase, is_passphrase_set
from operator_assistant.core.workspace import Workspace
from operator_assistant.errors import IndexBusy, UserError
from operator_assistant.remote.protocol import (
    ADMIN_HEADER,
    API_HEADER,
    API_VERSION,
    APP_VERSION,
    CONSOLE_HOST_HEADER,
    CONSOLE_USER_HEADER,
    PREFIX,
    VERSION_HINT,
    VERSION_MISMATCH_STATUS,
    version_refusal,
)
from operator_assistant.server.jobs import Job, JobRunner
from operator_assistant.server.tokens import ConsoleTokens

log = logging.getLogger("server")

T = TypeVar("T")

LIBRARY = "library"  # files consoles uploaded, in the data folder: the indexed copy the viewer reads
JOBS_FILE = Path("server") / "jobs.json"  # in the data folder: index jobs, kept across a crash
ADMIN_LOCKOUT_SECONDS = 60.0  # after MAX_FAILURES wrong passphrases in a row from one console
WRONG_PASSPHRASE_DELAY = 1.0  # seconds, so a console cannot guess at scrypt speed
KEEPALIVE_SECONDS = 15.0  # an SSE comment while an answer waits its turn, so idle proxies keep the stream
QUESTION_MAX_CHARS = 4000
AUDIT_TAIL_MAX = 10_000  # records one `audit show` may ask for; the files themselves are on the server
_HEADER_TEXT = re.compile(r"[^\x20-\x7e]")


class ApiError(Exception):
    """A refusal with its HTTP status: what happened and what to do."""

    def __init__(self, status: int, code: str, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.hint = status, code, message, hint


@dataclass(frozen=True)
class ConsoleId:
    """Who sent a request: the token's name, and the host and OS user the console reports."""

    name: str
    host: str
    user: str
    address: str

    def audit(self) -> dict[str, str]:
        return {"console": self.name, "console_host": self.host, "console_user": self.user,
                "console_address": self.address}


class TurnIn(BaseModel):
    question: str = Field(max_length=QUESTION_MAX_CHARS)
    answer: str = Field(max_length=50_000)


class AskRequest(BaseModel):
    question: str = Field(min_length=1, max_length=QUESTION_MAX_CHARS)
    conversation: int | None = None
    # the turns the console has shown, which give a follow-up its context; without it, the server's
    # conversation. A question asked again after a crash must not follow the answer it never saw
    history: list[TurnIn] | None = Field(default=None, max_length=100)
    mode: str | None = None
    temperature: float | None = Field(default=None, ge=0.0, le=2.0)
    all_revisions: bool = False


class IngestRequest(BaseModel):
    files: list[str] = Field(min_length=1)
    force: bool = False


class RemoveRequest(BaseModel):
    documents: list[str] = Field(min_length=1)


class CalibrateRequest(BaseModel):
    golden: str | None = None  # JSONL text; the bundled golden questions when absent


class ConversationRequest(BaseModel):
    title: str = Field(default="Conversation", max_length=200)


class PlantService:
    """The workspace, its lanes, the console tokens and the index job: what every request uses."""

    def __init__(self, workspace: Workspace, tokens: ConsoleTokens | None = None, answer_workers: int = 1) -> None:
        self.workspace = workspace
        self.settings = workspace.settings
        self.tokens = tokens or ConsoleTokens(workspace.settings.data_dir)
        self.jobs = JobRunner(Path(workspace.settings.data_dir) / JOBS_FILE)
        self.library = (Path(workspace.settings.data_dir) / LIBRARY).resolve()
        # one worker per stateful resource, as in the window: the model, the reading engine. With a model
        # server, several answers at once (server/run.py SERVED_ANSWER_WORKERS)
        self.lanes = {"answer": ThreadPoolExecutor(max_workers=answer_workers, thread_name_prefix="answer"),
                      "read": ThreadPoolExecutor(max_workers=1, thread_name_prefix="read")}
        self._admin_failures: dict[str, tuple[int, float]] = {}
        self._admin_lock = threading.Lock()
        # an upload cut off by a crash of the server leaves its partial file: never indexed, removed here
        for stale in self.library.rglob(".*.upload") if self.library.is_dir() else ():
            stale.unlink(missing_ok=True)

    async def run(self, lane: str, console: ConsoleId | None, fn: Callable[[], T]) -> T:
        """`fn` on a lane's worker, its audit records naming `console`."""
        def work() -> T:
            if console is None:
                return fn()
            with audit_context(**console.audit()):
                return fn()

        return await asyncio.wrap_future(self.lanes[lane].submit(work))

    def start_job(self, kind: str, console: ConsoleId, work: Any) -> Job:
        def wrap(run: Callable[[], None]) -> None:
            with audit_context(**console.audit()):
                run()

        return self.jobs.start(kind, console.name, work, wrap)

    def close(self) -> None:
        self.jobs.shutdown()
        for executor in self.lanes.values():
            executor.shutdown(wait=True, cancel_futures=True)

    # admin passphrase, checked here for every admin request

    def admin_refusal(self, console: ConsoleId, passphrase: str | None) -> ApiError | None:
        data_dir = self.settings.data_dir
        with self._admin_lock:
            failures, until = self._admin_failures.get(console.name, (0, 0.0))
        if time.monotonic() < until:
            return ApiError(429, "admin_locked", f"too many wrong admin passphrases from console {console.name!r}",
                            f"try again in {until - time.monotonic():.0f} s")
        if not passphrase:
            return ApiError(403, "admin_required", "this needs admin mode: the request did not carry the admin "
                            "passphrase", "unlock admin mode on the console (the plant server's admin passphrase)")
        if not is_passphrase_set(data_dir):
            return ApiError(403, "admin_not_set", "no admin passphrase is set on the plant server",
                            "on the server, run `operator-assistant --data-dir DIR admin set-passphrase`")
        if check_passphrase(data_dir, passphrase):
            with self._admin_lock:
                self._admin_failures.pop(console.name, None)
            return None
        failures += 1
        with self._admin_lock:
            self._admin_failures[console.name] = ((0, time.monotonic() + ADMIN_LOCKOUT_SECONDS)
                                                  if failures >= MAX_FAILURES else (failures, 0.0))
        log.warning("wrong admin passphrase from console %s (%s, %s)", console.name, console.host, console.user)
        return ApiError(403, "admin_wrong", "the admin passphrase is wrong", "nothing was changed")


def _header_text(value: str | None, fallback: str) -> str:
    """A console-reported name as it goes into the audit log: printable, short."""
    cleaned = _HEADER_TEXT.sub("?", (value or "").strip())[:128]
    return cleaned or fallback


def _error(status: int, code: str, message: str, hint: str = "") -> JSONResponse:
    return JSONResponse({"error": code, "message": message, "hint": hint}, status_code=status)


def _sse(event: str, data: Any) -> str:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False, default=str)}\n\n"


def _library_path(library: Path, name: str) -> Path:
    """Where an uploaded file goes: `name` is a relative path with no '..' and no odd characters."""
    parts = PurePosixPath(name).parts
    if not name or name.startswith("/") or name.endswith("/") or "\\" in name or any(p in ("", ".", "..") for p in parts) \
            or any(not p.isprintable() for p in parts) or len(name) > 400:
        raise ApiError(400, "bad_name", f"{name!r} is not a file name the server can keep",
                       "use a relative path of plain names, e.g. 'sops/SOP-114 Rev C.pdf'")
    return library.joinpath(*parts)


def create_app(service: PlantService) -> FastAPI:
    """The API over one PlantService; `serve` runs it on uvicorn, tests on a loopback port."""
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await asyncio.to_thread(service.close)  # the running job is cancelled; its finished files stay indexed

    app = FastAPI(title="Operator Assistant plant server", version=APP_VERSION, docs_url=None, redoc_url=None,
                  openapi_url=None, lifespan=lifespan)
    app.state.service = service
    workspace = service.workspace

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return _error(exc.status, exc.code, exc.message, exc.hint)

    @app.exception_handler(UserError)
    async def user_error(request: Request, exc: UserError) -> JSONResponse:
        return _error(409 if isinstance(exc, IndexBusy) else 400, type(exc).__name__, exc.message, exc.hint)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'request'}: {e.get('msg')}"
                             for e in exc.errors())
        return _error(422, "bad_request", f"the request is not valid: {problems}",
                      "the console and server may be of different versions, or a value is out of range")

    @app.middleware("http")
    async def same_api(request: Request, call_next: Any) -> Any:
        if request.url.path != f"{PREFIX}/version":
            theirs = request.headers.get(API_HEADER)
            if theirs != str(API_VERSION):
                message = (version_refusal(theirs, request.headers.get("user-agent"), "server") if theirs
                           else f"the request did not say which API version it speaks (header {API_HEADER}); "
                                f"this plant server speaks API {API_VERSION}")
                return _error(VERSION_MISMATCH_STATUS, "api_version", message, VERSION_HINT)
        return await call_next(request)

    async def console(request: Request) -> ConsoleId:
        auth = request.headers.get("authorization", "")
        scheme, _, token = auth.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "no_token", "this console has no token for the plant server",
                           "an admin issues one on the server: `operator-assistant serve token add NAME`")
        found = service.tokens.check(token.strip())
        if found is None:
            raise ApiError(401, "bad_token", "the plant server does not know this console's token, or it was revoked",
                           "ask an admin for a new one (`operator-assistant serve token add NAME` on the server)")
        address = request.client.host if request.client else "?"
        return ConsoleId(found.name, _header_text(request.headers.get(CONSOLE_HOST_HEADER), address),
                         _header_text(request.headers.get(CONSOLE_USER_HEADER), "?"), address)

    async def admin(request: Request, who: ConsoleId = Depends(console)) -> ConsoleId:
        passphrase = request.headers.get(ADMIN_HEADER)
        refusal = await asyncio.to_thread(service.admin_refusal, who, passphrase)
        if refusal is not None:
            await service.run("read", who, lambda: record_event(workspace.audit, "admin refused", reason=refusal.code,
                                                                request=f"{request.method} {request.url.path}"))
            if refusal.code == "admin_wrong":
                await asyncio.sleep(WRONG_PASSPHRASE_DELAY)
            raise refusal
        return who

    def not_empty() -> None:
        if workspace.chunk_count() == 0:
            raise ApiError(409, "empty_index", "the index on the plant server is empty",
                           "an admin adds documents first (upload them from a console)")

    # handshake and status

    @app.get(f"{PREFIX}/version")
    async def version() -> dict[str, Any]:
        return {"app": "operator-assistant", "version": APP_VERSION, "api": API_VERSION}

    @app.get(f"{PREFIX}/status")
    async def status(who: ConsoleId = Depends(console)) -> dict[str, Any]:
        info = await service.run("read", who, workspace.status)
        running = service.jobs.running
        info["server"] = {"version": APP_VERSION, "api": API_VERSION, "job": running.to_json() if running else None}
        return info

    # reading

    @app.get(f"{PREFIX}/search")
    async def search(q: str = Query(min_length=1, max_length=QUESTION_MAX_CHARS), k: int | None = Query(None, ge=1, le=100),
                     document: list[str] | None = Query(None), section: str | None = None, all_revisions: bool = False,
                     who: ConsoleId = Depends(console)) -> dict[str, Any]:
        def work() -> dict[str, Any]:
            not_empty()
            result = workspace.search(q, k=k, documents=document, section=section, all_revisions=all_revisions)
            revision = {d: s.label for d, s in workspace.revisions().items() if s.label}
            return {"query": q, "results": [{**h.to_json(), "doc_id": h.document.doc_id,
                                             "revision": revision.get(h.document.doc_id)} for h in result.hits],
                    "timings_ms": {key: round(v, 1) for key, v in result.timings_ms.items()}}

        return await service.run("read", who, work)

    @app.get(f"{PREFIX}/documents")
    async def documents(who: ConsoleId = Depends(console)) -> dict[str, Any]:
        def work() -> dict[str, Any]:
            revision = {d: s.label for d, s in workspace.revisions().items() if s.label}
            return {"documents": [{**dataclasses.asdict(d), "name": Path(d.source).name, "ocr_note": d.ocr_note,
                                   "revision": revision.get(d.doc_id)} for d in workspace.documents()]}

        return await service.run("read", who, work)

    async def _document(doc_id: str, who: ConsoleId) -> Any:
        found = await service.run("read", who, lambda: workspace.documents([doc_id]))
        if not found:
            raise ApiError(404, "no_document", f"no document with id {doc_id!r} is indexed on the plant server",
                           "list the documents again: it may have been removed")
        return found[0]

    @app.get(f"{PREFIX}/documents/{{doc_id}}/file")
    async def document_file(doc_id: str, who: ConsoleId = Depends(console)) -> FileResponse:
        doc = await _document(doc_id, who)
        path = Path(doc.source)
        if not path.is_file():
            raise ApiError(404, "file_gone", f"{path.name} is indexed but its file is no longer on the plant server",
                           f"an admin adds it again (it was at {doc.source})")
        media = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return FileResponse(path, media_type=media, filename=path.name)

    @app.get(f"{PREFIX}/documents/{{doc_id}}/ocr")
    async def document_ocr(doc_id: str, who: ConsoleId = Depends(console)) -> dict[str, Any]:
        await _document(doc_id, who)
        pages = await service.run("read", who, lambda: workspace.ocr_pages(doc_id))
        return {"doc_id": doc_id, "pages": {str(index): {"text": p.text, "confidence": p.confidence,
                                                         "words": [dataclasses.asdict(w) for w in p.words]}
                                            for index, p in sorted(pages.items())}}

    # conversations: kept on the server, so a console that restarts finds them again

    @app.get(f"{PREFIX}/conversations")
    async def conversations(who: ConsoleId = Depends(console)) -> dict[str, Any]:
        found = await service.run("read", who, lambda: workspace.history.conversations())
        return {"conversations": [dataclasses.asdict(c) for c in found]}

    @app.post(f"{PREFIX}/conversations")
    async def new_conversation(body: ConversationRequest, who: ConsoleId = Depends(console)) -> dict[str, Any]:
        conversation_id = await service.run("read", who, lambda: workspace.history.start(body.title))
        return {"id": conversation_id, "title": body.title}

    @app.get(f"{PREFIX}/conversations/{{conversation_id}}")
    async def conversation(conversation_id: int, who: ConsoleId = Depends(console)) -> dict[str, Any]:
        answers = await service.run("read", who, lambda: workspace.history.answers(conversation_id))
        return {"id": conversation_id, "answers": [a.to_json() for a in answers]}

    # asking: the card, then the model's tokens, then the answer, as server-sent events

    @app.post(f"{PREFIX}/ask")
    async def ask(body: AskRequest, who: ConsoleId = Depends(console)) -> StreamingResponse:
        if body.mode is not None and body.mode not in ANSWER_MODES:
            raise ApiError(422, "bad_mode", f"{body.mode!r} is not an answer mode", f"use one of {', '.join(ANSWER_MODES)}")
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        stop = threading.Event()

        def put(item: str | None) -> None:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, item)
            except RuntimeError:  # the server is shutting down: nobody reads any more
                stop.set()

        def work() -> None:
            try:
                not_empty()
                history: list[Turn] = []
                if body.conversation is not None:
                    if body.conversation not in {c.id for c in workspace.history.conversations()}:
                        raise UserError(f"no conversation {body.conversation} on the plant server",
                                        "start one (POST /v1/conversations) or ask without it")
                    history = [Turn(a.question, a.text) for a in workspace.history.answers(body.conversation)]
                if body.history is not None:
                    history = [Turn(t.question, t.answer) for t in body.history]
                assistant = workspace.assistant
                reranker = assistant.reranker.name if assistant.reranker.is_model else "none installed"
                for event in assistant.ask(body.question, history, cancel=stop.is_set, temperature=body.temperature,
                                           mode=body.mode, all_revisions=body.all_revisions):
                    if isinstance(event, SourcesFound):
                        put(_sse("sources", {"sources": [s.to_json() for s in event.sources]}))
                    elif isinstance(event, CardReady):
                        put(_sse("card", {"card": event.card.to_json(), "sources": [s.to_json() for s in event.sources]}))
                    elif isinstance(event, TextGenerated):
                        put(_sse("token", {"text": event.text}))
                    elif isinstance(event, Answered):
                        answer = event.answer
                        if body.conversation is not None:
                            workspace.history.add(body.conversation, answer)
                        put(_sse("answer", {**answer.to_json(), "audit_warning": answer.audit_warning,
                                            "reranker": reranker, "conversation": body.conversation}))
            except UserError as exc:
                put(_sse("error", {"error": type(exc).__name__, "message": exc.message, "hint": exc.hint}))
            except Exception as exc:  # broad on purpose: the console is told, the traceback goes to the log
                log.exception("answering failed")
                put(_sse("error", {"error": type(exc).__name__, "message": f"the plant server failed to answer: {exc}",
                                   "hint": "see the plant server's log"}))
            finally:
                put(None)

        async def events() -> AsyncIterator[str]:
            task = asyncio.ensure_future(service.run("answer", who, work))
            # work() reports its own errors as events; this only keeps a failure at shutdown from going unread
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
            try:
                while True:
                    try:
                        item = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                    except TimeoutError:
                        if task.done() and queue.empty():  # the lane refused the work (the server is stopping)
                            yield _sse("error", {"error": "stopping", "message": "the plant server is stopping",
                                                 "hint": "ask again when it is back"})
                            break
                        yield ": waiting\n\n"
                        continue
                    if item is None:
                        break
                    yield item
            finally:
                stop.set()  # the console went away (or the answer is done): the model stops at its next token

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    # admin: uploads and the one index job at a time

    @app.get(f"{PREFIX}/admin/check")
    async def admin_check(who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        # a console's Unlock admin: the passphrase is checked here, never on the console
        return {"admin": True, "console": who.name}

    @app.put(f"{PREFIX}/admin/files/{{name:path}}")
    async def upload(name: str, request: Request, who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        target = _library_path(service.library, name)
        limit = service.settings.max_file_mb * 2**20
        target.parent.mkdir(parents=True, exist_ok=True)
        # its own name per request: every upload runs on the event loop's one thread, and two at once of the
        # same file (or a console's retry while its cut-off upload is still being read) must not share one
        partial = target.with_name(f".{target.name}.{secrets.token_hex(8)}.upload")
        digest, size = hashlib.sha256(), 0
        try:
            with partial.open("wb") as out:
                async for piece in request.stream():
                    size += len(piece)
                    if size > limit:
                        raise ApiError(413, "too_big", f"{name} is larger than max_file_mb ({service.settings.max_file_mb} MB)",
                                       "split the document, or raise max_file_mb in the server's config.toml")
                    digest.update(piece)
                    await asyncio.to_thread(out.write, piece)
                await asyncio.to_thread(out.flush)
            # a console cut off mid-upload leaves only the partial file, removed below: never half a document
            partial.replace(target)
        finally:
            partial.unlink(missing_ok=True)
        log.info("console %s uploaded %s (%d bytes)", who.name, name, size)
        return {"name": name, "bytes": size, "sha256": digest.hexdigest()}

    @app.post(f"{PREFIX}/admin/ingest", status_code=202)
    async def ingest(body: IngestRequest, who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        paths = [_library_path(service.library, name) for name in body.files]
        missing = [name for name, path in zip(body.files, paths) if not path.exists()]
        if missing:
            raise ApiError(404, "not_uploaded", f"not uploaded to the plant server: {', '.join(missing[:5])}",
                           "upload the files first (PUT /v1/admin/files/NAME)")

        def work(progress: Any, settled: Any, cancel: Callable[[], bool]) -> dict[str, Any]:
            def on_progress(state: Any) -> None:
                progress({"files_done": state.files_done, "files_total": state.files_total, "chunks": state.chunks,
                          "current": Path(state.current).name if state.current else "", "detail": state.detail,
                          "text": state.describe()})

            report = workspace.ingest(paths, on_progress, cancel, lambda r: settled(dataclasses.asdict(r)), body.force)
            return {"results": [dataclasses.asdict(r) for r in report.results], "skipped_unsupported": report.skipped,
                    "seconds": round(report.seconds, 2), "chunks_embedded": report.chunks_embedded,
                    "notes": report.notes, "cancelled": report.cancelled}

        return service.start_job("ingest", who, work).to_json()

    @app.post(f"{PREFIX}/admin/reindex", status_code=202)
    async def reindex(who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        def work(progress: Any, settled: Any, cancel: Callable[[], bool]) -> dict[str, Any]:
            return {"chunks": workspace.reindex(), "embedder": workspace.engine.embedder.model_id}

        return service.start_job("reindex", who, work).to_json()

    @app.post(f"{PREFIX}/admin/calibrate", status_code=202)
    async def calibrate(body: CalibrateRequest, who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        from operator_assistant.core.evaluation import load_golden
        from operator_assistant.resources import golden_questions

        if body.golden is not None:
            folder = Path(service.settings.data_dir) / "server"
            folder.mkdir(parents=True, exist_ok=True)
            file = folder / "calibration-questions.jsonl"
            file.write_text(body.golden, encoding="utf-8")
        else:
            file = golden_questions()
        questions = load_golden(file)

        def work(progress: Any, settled: Any, cancel: Callable[[], bool]) -> dict[str, Any]:
            return dataclasses.asdict(workspace.calibrate(questions))

        return service.start_job("calibrate", who, work).to_json()

    @app.post(f"{PREFIX}/admin/remove")
    async def remove(body: RemoveRequest, who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        docs = await service.run("read", who, lambda: workspace.documents(body.documents))
        unknown = sorted(set(body.documents) - {d.doc_id for d in docs})
        if unknown:
            raise ApiError(404, "no_document", f"not indexed on the plant server: {', '.join(unknown[:5])}",
                           "list the documents again: give their ids")
        done = threading.Event()

        def work(progress: Any, settled: Any, cancel: Callable[[], bool]) -> dict[str, Any]:
            try:
                chunks = workspace.remove([d.doc_id for d in docs])
                for doc in docs:  # the server's copy of an uploaded file goes with it
                    path = Path(doc.source)
                    if path.is_relative_to(service.library):
                        path.unlink(missing_ok=True)
                return {"removed": [d.source for d in docs], "chunks": chunks}
            finally:
                done.set()

        job = service.start_job("remove", who, work)
        await asyncio.to_thread(done.wait)
        while job.finished is None:  # the runner marks it a moment after the work returns
            await asyncio.sleep(0.01)
        if job.error:
            raise ApiError(409 if job.state == "failed" else 400, "remove_failed", job.error["message"], job.error["hint"])
        return job.to_json()

    # the audit log: the server's one log, read by an admin from any console; reading it is recorded too

    @app.get(f"{PREFIX}/admin/audit")
    async def audit_records(tail: int = Query(20, ge=0, le=AUDIT_TAIL_MAX),
                            who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        audit = workspace.audit
        records = await asyncio.to_thread(audit.tail, tail)
        await service.run("read", who, lambda: record_event(audit, "audit read", action="show", records=len(records)))
        return {"records": records, "folder": str(audit.folder)}

    @app.get(f"{PREFIX}/admin/audit/verify")
    async def audit_verify(who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        audit = workspace.audit
        result = await asyncio.to_thread(audit.verify)
        last = await asyncio.to_thread(audit.tail, 1)  # the last record checked: this request's own comes after it
        await service.run("read", who, lambda: record_event(audit, "audit read", action="verify", intact=result.ok))
        return {**result.to_json(), "folder": str(audit.folder), "last": last[0] if last else None}

    @app.get(f"{PREFIX}/jobs/{{job_id}}")
    async def job(job_id: int, who: ConsoleId = Depends(console)) -> dict[str, Any]:
        found = service.jobs.get(job_id)
        if found is None:
            raise ApiError(404, "no_job", f"no job {job_id} on the plant server", "it may have finished long ago")
        return found.to_json()

    @app.post(f"{PREFIX}/admin/jobs/{{job_id}}/cancel")
    async def cancel(job_id: int, who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        found = service.jobs.cancel(job_id)
        if found is None:
            raise ApiError(404, "no_job", f"no job {job_id} on the plant server", "")
        return found.to_json()

    return app
