"""Reading: the handshake and status, search, the documents and their files and OCR text, and a
console's own conversations. It must not reach into the index or the models, nor import Qt.
"""

from __future__ import annotations

import dataclasses
import mimetypes
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from fastapi import Path as PathParam
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from operator_assistant.core.history import MAX_ID
from operator_assistant.folder.wire import (
    API_VERSION,
    Json,
    conflict_to_json,
    diff_to_json,
    document_to_json,
    ocr_pages_to_json,
    passages_to_json,
    status_to_json,
)
from operator_assistant.remote.protocol import APP_VERSION, PREFIX
from operator_assistant.server.deps import (
    QUESTION_MAX_CHARS,
    Text,
    admin_refusals,
    console,
    maybe_admin,
    not_empty,
    own_conversation,
)
from operator_assistant.server.service import ApiError, ConsoleId, PlantService

# A console keeps its own history; the server's conversations only give follow-ups their context, and a
# console starts one per first question: its oldest beyond this are dropped, so no console fills the disk
CONVERSATIONS_PER_CONSOLE = 500


class ConversationRequest(BaseModel):
    title: Text = Field(default="Conversation", max_length=200)


def router(service: PlantService) -> APIRouter:
    """The reading routes over `service`."""
    api = APIRouter()
    workspace = service.workspace

    # handshake and status

    @api.get(f"{PREFIX}/version")
    async def version() -> Json:
        return {"app": "operator-assistant", "version": APP_VERSION, "api": API_VERSION}

    @api.get(f"{PREFIX}/status", responses=admin_refusals)
    async def status(who: ConsoleId = Depends(console), is_admin: bool = Depends(maybe_admin)) -> Json:
        found = await service.run("read", who, workspace.status)
        if not is_admin:
            # where the server keeps its data, models and documents is the server's business, not a console's
            found = dataclasses.replace(found, data_dir=None, models_dir=None, documents=tuple(
                dataclasses.replace(d, source=Path(d.source).name) for d in found.documents))
        info = status_to_json(found)
        running = service.jobs.running
        info["server"] = {"version": APP_VERSION, "api": API_VERSION, "job": running.to_json() if running else None}
        return info

    # reading

    @api.get(f"{PREFIX}/search")
    async def search(q: str = Query(min_length=1, max_length=QUESTION_MAX_CHARS), k: int | None = Query(None, ge=1, le=100),
                     document: list[str] | None = Query(None), section: str | None = None, all_revisions: bool = False,
                     who: ConsoleId = Depends(console)) -> Json:
        def work() -> Json:
            not_empty(workspace)
            return passages_to_json(workspace.search(q, k=k, documents=document, section=section,
                                                     all_revisions=all_revisions))

        return await service.run("read", who, work)

    @api.get(f"{PREFIX}/documents")
    async def documents(who: ConsoleId = Depends(console)) -> Json:
        def work() -> Json:
            revisions = workspace.revisions()
            return {"documents": [document_to_json(d, revisions.get(d.doc_id)) for d in workspace.documents()]}

        return await service.run("read", who, work)

    @api.get(f"{PREFIX}/conflicts")
    async def conflicts(who: ConsoleId = Depends(console)) -> Json:
        return await service.run("read", who, lambda: {"conflicts": [conflict_to_json(c)
                                                                      for c in workspace.conflicts()]})

    @api.get(f"{PREFIX}/revisions/diff")
    async def revision_diff(number: str = Query(min_length=1, max_length=100),
                            older: str | None = Query(None, max_length=20), newer: str | None = Query(None, max_length=20),
                            who: ConsoleId = Depends(console)) -> Json:
        return await service.run("read", who, lambda: diff_to_json(workspace.revision_diff(number, older, newer)))

    async def _document(doc_id: str, who: ConsoleId) -> Any:
        found = await service.run("read", who, lambda: workspace.documents([doc_id]))
        if not found:
            raise ApiError(404, "no_document", f"no document with id {doc_id!r} is indexed on the plant server",
                           "list the documents again: it may have been removed")
        return found[0]

    @api.get(f"{PREFIX}/documents/{{doc_id}}/file")
    async def document_file(doc_id: str, who: ConsoleId = Depends(console)) -> FileResponse:
        doc = await _document(doc_id, who)
        path = Path(doc.source)
        if not path.is_file():
            raise ApiError(404, "file_gone", f"{path.name} is indexed but its file is no longer on the plant server",
                           f"an admin adds it again (it was at {doc.source})")
        media = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return FileResponse(path, media_type=media, filename=path.name)

    @api.get(f"{PREFIX}/documents/{{doc_id}}/ocr")
    async def document_ocr(doc_id: str, who: ConsoleId = Depends(console)) -> Json:
        await _document(doc_id, who)
        pages = await service.run("read", who, lambda: workspace.ocr_pages(doc_id))
        return {"doc_id": doc_id, "pages": ocr_pages_to_json(pages)}

    # conversations: kept on the server, so a console that restarts finds them again; each belongs to the
    # console token that started it, and no other console sees it (an admin may list them all)

    @api.get(f"{PREFIX}/conversations")
    async def conversations(who: ConsoleId = Depends(console)) -> Json:
        found = await service.run("read", who, lambda: workspace.history.conversations(owner=who.name))
        return {"conversations": [dataclasses.asdict(c) for c in found]}

    @api.post(f"{PREFIX}/conversations")
    async def new_conversation(body: ConversationRequest, who: ConsoleId = Depends(console)) -> Json:
        def work() -> int:
            started = workspace.history.start(body.title, owner=who.name)
            workspace.history.keep_newest(who.name, CONVERSATIONS_PER_CONSOLE)
            return started

        return {"id": await service.run("read", who, work), "title": body.title}

    @api.get(f"{PREFIX}/conversations/{{conversation_id}}")
    async def conversation(conversation_id: Annotated[int, PathParam(ge=1, le=MAX_ID)],
                           who: ConsoleId = Depends(console)) -> Json:
        def work() -> list[Any]:
            own_conversation(workspace, conversation_id, who)
            return workspace.history.answers(conversation_id)

        answers = await service.run("read", who, work)
        return {"id": conversation_id, "answers": [a.to_json() for a in answers]}

    return api
