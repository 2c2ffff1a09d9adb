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
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import Depends, FastAPI, HTTPException, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
from pydantic import AfterValidator, BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from operator_assistant.config import ANSWER_MODES
from operator_assistant.core.answer.records import Answered, CardReady, SourcesFound, TextGenerated, Turn
from operator_assistant.core.audit import audit_context, record_event
from operator_assistant.core.history import MAX_ID
from operator_assistant.core.roles import check_passphrase, is_passphrase_set
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
    decode_passphrase,
    version_refusal,
)
from operator_assistant.server.http import HEADER_BYTES
from operator_assistant.server.jobs import Job, JobRunner
from operator_assistant.server.lockout import AdminLockout
from operator_assistant.server.refusals import RefusalTally, short_request
from operator_assistant.server.tokens import ConsoleTokens

log = logging.getLogger("server")

T = TypeVar("T")

LIBRARY = "library"  # files consoles uploaded, in the data folder: the indexed copy the viewer reads
JOBS_FILE = Path("server") / "jobs.json"  # in the data folder: index jobs, kept across a crash
WRONG_PASSPHRASE_DELAY = 1.0  # seconds, so a console cannot guess at scrypt speed
KEEPALIVE_SECONDS = 15.0  # an SSE comment while an answer waits its turn, so idle proxies keep the stream
QUESTION_MAX_CHARS = 4000
AUDIT_TAIL_MAX = 10_000  # records one `audit show` may ask for; the files themselves are on the server
# A console keeps its own history; the server's conversations only give follow-ups their context, and a
# console starts one per first question: its oldest beyond this are dropped, so no console fills the disk
CONVERSATIONS_PER_CONSOLE = 500
REFUSALS_FLUSH_SECONDS = 5.0  # how often ended windows of refused requests are written to the audit log
# JSON bodies are read whole before the route sees them, so each route's is capped before it is read (RequestLimits);
# an upload is streamed to disk and capped by max_file_mb
JSON_BODY_MAX = 64 * 1024
ASK_BODY_MAX = 2 * 2**20  # a question with the turns a console has shown (a follow-up's context)
CALIBRATE_BODY_MAX = 8 * 2**20  # a golden question file
BODY_IDLE_SECONDS = 30.0  # a body that stops coming for this long is refused (408), so a slow client holds nothing
_HEADER_TEXT = re.compile(r"[^\x20-\x7e]")


class ApiError(Exception):
    """A refusal with its HTTP status: what happened and what to do."""

    def __init__(self, status: int, code: str, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.hint = status, code, message, hint


@dataclass(frozen=True)
class ConsoleId:
    """Who sent a request: the token's name (the console, as far as the server knows), the address it came
    from, and the host and OS user the console claims (a compromised console may claim anything)."""

    name: str
    host: str
    user: str
    address: str

    def audit(self) -> dict[str, str]:
        return {"console": self.name, "claimed_host": self.host, "claimed_user": self.user,
                "console_address": self.address}


def _whole_text(text: str) -> str:
    # JSON may carry a lone surrogate ("\ud800"): no file, log or database can store it as UTF-8
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("not valid text (it holds a lone surrogate)") from None
    return text


Text = Annotated[str, AfterValidator(_whole_text)]
Id = Annotated[int, Field(ge=1, le=MAX_ID)]


class TurnIn(BaseModel):
    question: Text = Field(max_length=QUESTION_MAX_CHARS)
    answer: Text = Field(max_length=50_000)


class AskRequest(BaseModel):
    question: Text = Field(min_length=1, max_length=QUESTION_MAX_CHARS)
    conversation: Id | None = None
    # the turns the console has shown, which give a follow-up its context; without it, the server's
    # conversation. A question asked again after a crash must not follow the answer it never saw
    history: list[TurnIn] | None = Field(default=None, max_length=100)
    mode: Text | None = None
    temperature: float | None = Field(default=None, ge=0.0, le=2.0)
    all_revisions: bool = False


class IngestRequest(BaseModel):
    files: list[Text] = Field(min_length=1, max_length=10_000)
    force: bool = False


class RemoveRequest(BaseModel):
    documents: list[Text] = Field(min_length=1, max_length=10_000)


class CalibrateRequest(BaseModel):
    golden: Text | None = None  # JSONL text; the bundled golden questions when absent


class ConversationRequest(BaseModel):
    title: Text = Field(default="Conversation", max_length=200)


class ErrorOut(BaseModel):
    """What every refusal carries (documented in the schema; built by _error)."""

    error: str
    message: str
    hint: str


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
        self.lockout = AdminLockout()
        self.refusals = RefusalTally()
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

    def admin_refusal(self, console: ConsoleId, header: str | None) -> ApiError | None:
        """None when `header` (ADMIN_HEADER as sent) holds the admin passphrase; else why not, as the refusal."""
        data_dir = self.settings.data_dir
        if not header:
            return ApiError(403, "admin_required", "this needs admin mode: the request did not carry the admin "
                            "passphrase", "unlock admin mode on the console (the plant server's admin passphrase)")
        if not is_passphrase_set(data_dir):
            return ApiError(403, "admin_not_set", "no admin passphrase is set on the plant server",
                            "on the server, run `operator-assistant --data-dir DIR admin set-passphrase`")
        try:
            passphrase = decode_passphrase(header)
        except ValueError:
            return ApiError(400, "bad_passphrase_encoding", f"the {ADMIN_HEADER} header is not percent-encoded UTF-8",
                            "the console and server may be of different versions")
        # counted before it is checked: guesses sent in parallel are held to the same few as guesses in a row
        wait = self.lockout.reserve(console.name)
        if wait:
            return ApiError(429, "admin_locked", f"too many wrong admin passphrases from console {console.name!r}",
                            f"try again in {max(wait, 1.0):.0f} s")
        right = False
        try:
            right = check_passphrase(data_dir, passphrase)
        finally:
            self.lockout.settle(console.name, right)
        if right:
            return None
        log.warning("wrong admin passphrase from console %s (claims %s@%s)", console.name, console.user, console.host)
        return ApiError(403, "admin_wrong", "the admin passphrase is wrong", "nothing was changed")

    def refused(self, console: ConsoleId, reason: str, request: str) -> None:
        """Audit a refused admin request: at once when its console was quiet, else tallied (server/refusals.py)."""
        self._write_refusals(self.refusals.refused(console.name, console.audit(), reason, request))

    def write_ended_refusals(self, flush: bool = False) -> None:
        self._write_refusals(self.refusals.due(flush))

    def _write_refusals(self, records: list[tuple[dict[str, str], dict[str, Any]]]) -> None:
        for console, fields in records:
            with audit_context(**console):
                record_event(self.workspace.audit, "admin refused", **fields)


def _header_text(value: str | None, fallback: str) -> str:
    """A console-reported name as it goes into the audit log: printable, short."""
    cleaned = _HEADER_TEXT.sub("?", (value or "").strip())[:128]
    return cleaned or fallback


def _error(status: int, code: str, message: str, hint: str = "") -> JSONResponse:
    return JSONResponse({"error": code, "message": message, "hint": hint}, status_code=status)


def _sse(event: str, data: Any) -> str:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False, default=str)}\n\n"


def _library_path(library: Path, name: str) -> Path:
    """Where an uploaded file goes: `name` is a relative path with no '.' or '..' and no odd characters."""
    parts = name.split("/")  # as given: PurePosixPath would read '.' as no name at all, i.e. the library itself
    if not name or "\\" in name or any(p in ("", ".", "..") for p in parts) \
            or any(not p.isprintable() for p in parts) or len(name) > 400:
        raise ApiError(400, "bad_name", f"{name[:100]!r} is not a file name the server can keep",
                       "use a relative path of plain names, e.g. 'sops/SOP-114 Rev C.pdf'")
    return library.joinpath(*parts)


def _refuse_taken(library: Path, target: Path) -> None:
    """An upload may not replace a folder, nor go below a file: the library stays a tree of folders and files."""
    for above in [*reversed(target.relative_to(library).parents[:-1]), None]:
        path = target if above is None else library / above
        if path.is_dir() if above is None else path.exists() and not path.is_dir():
            raise ApiError(409, "name_taken", f"{path.relative_to(library).as_posix()!r} is "
                           f"{'a folder' if above is None else 'a file'} in the plant server's library already",
                           "upload it under another name")


class RequestLimits:
    """Refuses, before the app works on a request, headers over HEADER_BYTES (h11 refuses them only while
    they are still coming: a request that arrives in one piece is parsed whole) and a body larger than its
    route takes: at once by its Content-Length, and by counting what arrives without one (or past it)."""

    def __init__(self, app: ASGIApp, limit: Callable[[str, str], int]) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        size = len(scope.get("raw_path") or b"") + len(scope["query_string"]) + sum(
            len(name) + len(value) + 4 for name, value in scope["headers"])
        if size > HEADER_BYTES:
            response = _error(431, "headers_too_big", f"the request's line and headers are larger than {HEADER_BYTES} "
                              "bytes", "a console and a server of the same version never send this much")
            await response(scope, receive, send)
            return
        limit = self.limit(scope["method"], scope["path"])
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            status, code = (413, "too_big") if declared.isdigit() else (400, "bad_request")
            response = _error(status, code, f"the request body is larger than this request takes ({limit} bytes)"
                              if status == 413 else "the request's Content-Length is not a number",
                              "send less: a console and a server of the same version never send this much")
            await response(scope, receive, send)
            return
        seen, complete = 0, False

        async def counted() -> Message:
            nonlocal seen, complete
            if complete:  # after the body, receive() waits for the console to go away: no deadline then
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), BODY_IDLE_SECONDS)
            except TimeoutError:
                raise HTTPException(408, f"the request body stopped coming for {BODY_IDLE_SECONDS:.0f} s") from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                complete = not message.get("more_body", False)
                if seen > limit:
                    raise HTTPException(413, f"the request body is larger than this request takes ({limit} bytes)")
            return message

        await self.app(scope, counted, send)


def create_app(service: PlantService) -> FastAPI:
    """The API over one PlantService; `serve` runs it on uvicorn, tests on a loopback port."""
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async def write_refusals() -> None:
            while True:
                await asyncio.sleep(REFUSALS_FLUSH_SECONDS)
                await asyncio.to_thread(service.write_ended_refusals)

        writer = asyncio.ensure_future(write_refusals())
        yield
        writer.cancel()
        await asyncio.to_thread(service.write_ended_refusals, True)  # the tallies of the last minute too
        await asyncio.to_thread(service.close)  # the running job is cancelled; its finished files stay indexed

    # every refusal has the app's shape; the schema says so for every route (and is not served: openapi_url=None)
    refusals: dict[int | str, dict[str, Any]] = {
        status: {"model": ErrorOut, "description": what} for status, what in (
            (400, "bad input"), (401, "no console token, or one the server does not know"),
            (404, "not found"), (408, "the request body stopped coming"), (409, "busy, in conflict, or no index yet"),
            (413, "body too large"), (422, "the request is not valid"), (426, "another API version"),
            (431, "the request's line and headers are too large"), (500, "the server failed"))}
    app = FastAPI(title="Operator Assistant plant server", version=APP_VERSION, docs_url=None, redoc_url=None,
                  openapi_url=None, lifespan=lifespan, responses=refusals)
    app.state.service = service
    workspace = service.workspace
    admin_refusals: dict[int | str, dict[str, Any]] = {
        403: {"model": ErrorOut, "description": "needs the admin passphrase, or it is wrong"},
        429: {"model": ErrorOut, "description": "too many wrong admin passphrases from this console"}}

    def body_limit(method: str, path: str) -> int:
        if path.startswith(f"{PREFIX}/admin/files/"):
            return service.settings.max_file_mb * 2**20  # streamed to disk; refused here when it says it is more
        return {f"{PREFIX}/ask": ASK_BODY_MAX, f"{PREFIX}/admin/calibrate": CALIBRATE_BODY_MAX}.get(path, JSON_BODY_MAX)

    app.add_middleware(RequestLimits, limit=body_limit)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return _error(exc.status, exc.code, exc.message, exc.hint)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # the framework's own refusals (no such route, wrong method, a body too large) in the app's shape
        code = {404: "not_found", 405: "method_not_allowed", 408: "too_slow", 413: "too_big"}.get(exc.status_code,
                                                                                                   "bad_request")
        hint = f"this plant server's API is under {PREFIX}" if exc.status_code in (404, 405) else ""
        return _error(exc.status_code, code, str(exc.detail), hint)

    @app.exception_handler(Exception)
    async def failed(request: Request, exc: Exception) -> JSONResponse:
        # a bug: the console gets the app's shape, the traceback goes to the log (Starlette logs it after this)
        return _error(500, "server_failed", "the plant server failed on this request", "see the plant server's log")

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
        refusal = await asyncio.to_thread(service.admin_refusal, who, request.headers.get(ADMIN_HEADER))
        if refusal is not None:
            request_line = short_request(request.method, request.url.path)
            await service.run("read", None, lambda: service.refused(who, refusal.code, request_line))
            if refusal.code == "admin_wrong":
                await asyncio.sleep(WRONG_PASSPHRASE_DELAY)
            raise refusal
        return who

    async def maybe_admin(request: Request, who: ConsoleId = Depends(console)) -> bool:
        """Whether the request carries the admin passphrase; a wrong one is refused as on any admin request."""
        if request.headers.get(ADMIN_HEADER) is None:
            return False
        await admin(request, who)
        return True

    def not_empty() -> None:
        if workspace.chunk_count() == 0:
            raise ApiError(409, "empty_index", "the index on the plant server is empty",
                           "an admin adds documents first (upload them from a console)")

    # handshake and status

    @app.get(f"{PREFIX}/version")
    async def version() -> dict[str, Any]:
        return {"app": "operator-assistant", "version": APP_VERSION, "api": API_VERSION}

    @app.get(f"{PREFIX}/status", responses=admin_refusals)
    async def status(who: ConsoleId = Depends(console), is_admin: bool = Depends(maybe_admin)) -> dict[str, Any]:
        info = await service.run("read", who, workspace.status)
        if not is_admin:
            # where the server keeps its data, models and documents is the server's business, not a console's
            info.pop("data_dir", None)
            info.pop("models_dir", None)
            for doc in info.get("documents", []):
                doc["source"] = Path(doc["source"]).name
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

    # conversations: kept on the server, so a console that restarts finds them again; each belongs to the
    # console token that started it, and no other console sees it (an admin may list them all)

    def own_conversation(conversation_id: int, who: ConsoleId) -> None:
        found = workspace.history.conversation(conversation_id)
        if found is None or found.owner != who.name:  # another console's is as missing as one never made
            raise ApiError(404, "no_conversation", f"no conversation {conversation_id} of this console on the plant "
                           "server", "start one (POST /v1/conversations) or ask without it")

    @app.get(f"{PREFIX}/conversations")
    async def conversations(who: ConsoleId = Depends(console)) -> dict[str, Any]:
        found = await service.run("read", who, lambda: workspace.history.conversations(owner=who.name))
        return {"conversations": [dataclasses.asdict(c) for c in found]}

    @app.post(f"{PREFIX}/conversations")
    async def new_conversation(body: ConversationRequest, who: ConsoleId = Depends(console)) -> dict[str, Any]:
        def work() -> int:
            started = workspace.history.start(body.title, owner=who.name)
            workspace.history.keep_newest(who.name, CONVERSATIONS_PER_CONSOLE)
            return started

        return {"id": await service.run("read", who, work), "title": body.title}

    @app.get(f"{PREFIX}/conversations/{{conversation_id}}")
    async def conversation(conversation_id: Annotated[int, PathParam(ge=1, le=MAX_ID)],
                           who: ConsoleId = Depends(console)) -> dict[str, Any]:
        def work() -> list[Any]:
            own_conversation(conversation_id, who)
            return workspace.history.answers(conversation_id)

        answers = await service.run("read", who, work)
        return {"id": conversation_id, "answers": [a.to_json() for a in answers]}

    @app.get(f"{PREFIX}/admin/conversations", responses=admin_refusals)
    async def all_conversations(who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        found = await service.run("read", who, lambda: workspace.history.conversations())
        await service.run("read", who, lambda: record_event(workspace.audit, "conversations read", count=len(found)))
        return {"conversations": [dataclasses.asdict(c) for c in found]}

    # asking: the card, then the model's tokens, then the answer, as server-sent events

    @app.post(f"{PREFIX}/ask", response_class=StreamingResponse, responses={200: {
        "description": "server-sent events: `sources`, `card`, then `token` events from the model, then `answer` "
                       "(the same JSON as `ask --json`); `error` if it fails; `: waiting` comments while it queues",
        "content": {"text/event-stream": {"schema": {"type": "string"}}}}})
    async def ask(body: AskRequest, who: ConsoleId = Depends(console)) -> StreamingResponse:
        if body.mode is not None and body.mode not in ANSWER_MODES:
            raise ApiError(422, "bad_mode", f"{body.mode!r} is not an answer mode", f"use one of {', '.join(ANSWER_MODES)}")
        conversation_id = body.conversation
        if conversation_id is not None:
            await service.run("read", who, lambda: own_conversation(conversation_id, who))
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
                if body.conversation is not None:  # this console's own: checked before the stream began
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

    @app.get(f"{PREFIX}/admin/check", responses=admin_refusals)
    async def admin_check(who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        # a console's Unlock admin: the passphrase is checked here, never on the console
        return {"admin": True, "console": who.name}

    @app.put(f"{PREFIX}/admin/files/{{name:path}}", responses=admin_refusals)
    async def upload(name: str, request: Request, who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        target = _library_path(service.library, name)
        _refuse_taken(service.library, target)
        limit = service.settings.max_file_mb * 2**20
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a file of that name appeared on the way since the check
            raise ApiError(409, "name_taken", f"the plant server cannot make the folder for {name[:100]!r}: {exc}",
                           "upload it under another name") from exc
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
            try:
                partial.replace(target)
            except OSError as exc:  # a folder of that name appeared since the check
                raise ApiError(409, "name_taken", f"the plant server cannot keep {name[:100]!r}: {exc}",
                               "upload it under another name") from exc
        finally:
            partial.unlink(missing_ok=True)
        log.info("console %s uploaded %s (%d bytes)", who.name, name, size)
        return {"name": name, "bytes": size, "sha256": digest.hexdigest()}

    @app.post(f"{PREFIX}/admin/ingest", status_code=202, responses=admin_refusals)
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

    @app.post(f"{PREFIX}/admin/reindex", status_code=202, responses=admin_refusals)
    async def reindex(who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        def work(progress: Any, settled: Any, cancel: Callable[[], bool]) -> dict[str, Any]:
            return {"chunks": workspace.reindex(), "embedder": workspace.embedder_id}

        return service.start_job("reindex", who, work).to_json()

    @app.post(f"{PREFIX}/admin/calibrate", status_code=202, responses=admin_refusals)
    async def calibrate(body: CalibrateRequest, who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        from operator_assistant.evaluation.golden import load_golden
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

    @app.post(f"{PREFIX}/admin/remove", responses=admin_refusals)
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

    @app.get(f"{PREFIX}/admin/audit", responses=admin_refusals)
    async def audit_records(tail: int = Query(20, ge=0, le=AUDIT_TAIL_MAX),
                            who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        audit = workspace.audit
        records = await asyncio.to_thread(audit.tail, tail)
        await service.run("read", who, lambda: record_event(audit, "audit read", action="show", records=len(records)))
        return {"records": records, "folder": str(audit.folder)}

    @app.get(f"{PREFIX}/admin/audit/verify", responses=admin_refusals)
    async def audit_verify(who: ConsoleId = Depends(admin)) -> dict[str, Any]:
        audit = workspace.audit
        result = await asyncio.to_thread(audit.verify)
        last = await asyncio.to_thread(audit.tail, 1)  # the last record checked: this request's own comes after it
        await service.run("read", who, lambda: record_event(audit, "audit read", action="verify", intact=result.ok))
        return {**result.to_json(), "folder": str(audit.folder), "last": last[0] if last else None}

    @app.get(f"{PREFIX}/jobs/{{job_id}}")
    async def job(job_id: Annotated[int, PathParam(ge=1, le=MAX_ID)], who: ConsoleId = Depends(console)) -> dict[str, Any]:
        found = service.jobs.get(job_id)
        if found is None:
            raise ApiError(404, "no_job", f"no job {job_id} on the plant server", "it may have finished long ago")
        return found.to_json()

    @app.post(f"{PREFIX}/admin/jobs/{{job_id}}/cancel", responses=admin_refusals)
    async def cancel(job_id: Annotated[int, PathParam(ge=1, le=MAX_ID)], who: ConsoleId = Depends(admin)
                     ) -> dict[str, Any]:
        found = service.jobs.cancel(job_id)
        if found is None:
            raise ApiError(404, "no_job", f"no job {job_id} on the plant server", "")
        return found.to_json()

    return app
