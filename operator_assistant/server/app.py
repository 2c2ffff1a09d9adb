"""The plant server's HTTP API (FastAPI): consoles ask, search and read; admins change the corpus.

Everything goes through one LocalFolder opened on the server's data folder. Work runs on lanes
like the window's (one worker each for answers, reads and the index job), so questions are
answered while an ingest runs. It must not reach into the index or the models itself, nor
decide answer policy: it only carries the LocalFolder's results over HTTP, and it must not
import Qt. This module builds the app: its refusals, body limits and API-version check; the routes
are in routes/ (read, ask, admin, jobs), what they share in deps.py and service.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from operator_assistant.errors import IndexBusy, UserError
from operator_assistant.folder.wire import Json
from operator_assistant.remote.protocol import (
    API_HEADER,
    API_VERSION,
    APP_VERSION,
    PREFIX,
    VERSION_HINT,
    VERSION_MISMATCH_STATUS,
    version_refusal,
)
from operator_assistant.server.deps import ErrorOut
from operator_assistant.server.http import HEADER_BYTES
from operator_assistant.server.routes import admin, ask, jobs, read
from operator_assistant.server.service import ApiError, PlantService

REFUSALS_FLUSH_SECONDS = 5.0  # how often ended windows of refused requests are written to the audit log
# JSON bodies are read whole before the route sees them, so each route's is capped before it is read (RequestLimits);
# an upload is streamed to disk and capped by max_file_mb
JSON_BODY_MAX = 64 * 1024
ASK_BODY_MAX = 2 * 2**20  # a question with the turns a console has shown (a follow-up's context)
CALIBRATE_BODY_MAX = 8 * 2**20  # a golden question file
BODY_IDLE_SECONDS = 30.0  # a body that stops coming for this long is refused (408), so a slow client holds nothing


def _error(status: int, code: str, message: str, hint: str = "") -> JSONResponse:
    return JSONResponse({"error": code, "message": message, "hint": hint}, status_code=status)


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
    refusals: dict[int | str, Json] = {
        status: {"model": ErrorOut, "description": what} for status, what in (
            (400, "bad input"), (401, "no console token, or one the server does not know"),
            (404, "not found"), (408, "the request body stopped coming"), (409, "busy, in conflict, or no index yet"),
            (413, "body too large"), (422, "the request is not valid"), (426, "another API version"),
            (431, "the request's line and headers are too large"), (500, "the server failed"))}
    app = FastAPI(title="Operator Assistant plant server", version=APP_VERSION, docs_url=None, redoc_url=None,
                  openapi_url=None, lifespan=lifespan, responses=refusals)
    app.state.service = service

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

    for routes in (read, ask, admin, jobs):
        app.include_router(routes.router(service))
    return app
