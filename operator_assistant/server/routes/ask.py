"""Asking: the card, then the model's tokens, then the answer, as server-sent events, with a keepalive
comment while a question waits its turn. It carries the assistant's events as they come: it must not
decide answer policy, reach into the index or the models, nor import Qt.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

from operator_assistant.config import ANSWER_MODES
from operator_assistant.core.answer.records import Answered, CardReady, SourcesFound, TextGenerated, Turn
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.errors import UserError
from operator_assistant.remote.protocol import PREFIX
from operator_assistant.server.deps import QUESTION_MAX_CHARS, Id, Text, console, not_empty, own_conversation
from operator_assistant.server.service import ApiError, ConsoleId, PlantService

log = logging.getLogger("server")

KEEPALIVE_SECONDS = 15.0  # an SSE comment while an answer waits its turn, so idle proxies keep the stream


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


def _sse(event: str, data: Any) -> str:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False, default=str)}\n\n"


def _answer(workspace: LocalFolder, body: AskRequest, stop: threading.Event, put: Callable[[str | None], None]) -> None:
    """The answer to `body` as server-sent events, each given to `put` (then None); the model stops once `stop` is set."""
    try:
        not_empty(workspace)
        history: list[Turn] = []
        if body.conversation is not None:  # this console's own: checked before the stream began
            history = [Turn(a.question, a.text) for a in workspace.history.answers(body.conversation)]
        if body.history is not None:
            history = [Turn(t.question, t.answer) for t in body.history]
        reranker = workspace.assistant.reranker
        reranker_name = reranker.name if reranker.is_model else "none installed"
        for event in workspace.ask(body.question, history, cancel=stop.is_set, temperature=body.temperature,
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
                                    "reranker": reranker_name, "conversation": body.conversation}))
    except UserError as exc:
        put(_sse("error", {"error": type(exc).__name__, "message": exc.message, "hint": exc.hint}))
    except Exception as exc:  # broad on purpose: the console is told, the traceback goes to the log
        log.exception("answering failed")
        put(_sse("error", {"error": type(exc).__name__, "message": f"the plant server failed to answer: {exc}",
                           "hint": "see the plant server's log"}))
    finally:
        put(None)


async def _events(service: PlantService, who: ConsoleId, work: Callable[[], None], queue: asyncio.Queue[str | None],
                  stop: threading.Event) -> AsyncIterator[str]:
    """What `work`, run on the answer lane, puts on `queue`, with a comment while it waits its turn."""
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


def router(service: PlantService) -> APIRouter:
    """The asking route over `service`."""
    api = APIRouter()
    workspace = service.workspace

    # asking: the card, then the model's tokens, then the answer, as server-sent events

    @api.post(f"{PREFIX}/ask", response_class=StreamingResponse, responses={200: {
        "description": "server-sent events: `sources`, `card`, then `token` events from the model, then `answer` "
                       "(the same JSON as `ask --json`); `error` if it fails; `: waiting` comments while it queues",
        "content": {"text/event-stream": {"schema": {"type": "string"}}}}})
    async def ask(body: AskRequest, who: ConsoleId = Depends(console)) -> StreamingResponse:
        if body.mode is not None and body.mode not in ANSWER_MODES:
            raise ApiError(422, "bad_mode", f"{body.mode!r} is not an answer mode", f"use one of {', '.join(ANSWER_MODES)}")
        conversation_id = body.conversation
        if conversation_id is not None:
            await service.run("read", who, lambda: own_conversation(workspace, conversation_id, who))
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        stop = threading.Event()

        def put(item: str | None) -> None:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, item)
            except RuntimeError:  # the server is shutting down: nobody reads any more
                stop.set()

        work = lambda: _answer(workspace, body, stop, put)
        return StreamingResponse(_events(service, who, work, queue, stop), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    return api
