"""What several routes of the plant server share: the FastAPI dependencies that say who sent a request
(`console`) and whether it carries the admin passphrase (`admin`, `maybe_admin`), each finding the
PlantService at `request.app.state.service`; the refusals an admin route documents; the text and id
types of request bodies; and the checks several routes make (an index that is not empty, a
conversation of the asking console's own). It must not reach into the index or the models, nor import Qt.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import Depends, Request
from pydantic import AfterValidator, BaseModel, Field

from operator_assistant.core.history import MAX_ID
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.folder.wire import Json
from operator_assistant.remote.protocol import ADMIN_HEADER, CONSOLE_HOST_HEADER, CONSOLE_USER_HEADER
from operator_assistant.server.refusals import short_request
from operator_assistant.server.service import ApiError, ConsoleId, PlantService, _header_text

WRONG_PASSPHRASE_DELAY = 1.0  # seconds, so a console cannot guess at scrypt speed
QUESTION_MAX_CHARS = 4000


def _whole_text(text: str) -> str:
    # JSON may carry a lone surrogate ("\ud800"): no file, log or database can store it as UTF-8
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("not valid text (it holds a lone surrogate)") from None
    return text


Text = Annotated[str, AfterValidator(_whole_text)]
Id = Annotated[int, Field(ge=1, le=MAX_ID)]


class ErrorOut(BaseModel):
    """What every refusal carries (documented in the schema; built by _error)."""

    error: str
    message: str
    hint: str


admin_refusals: dict[int | str, Json] = {
    403: {"model": ErrorOut, "description": "needs the admin passphrase, or it is wrong"},
    429: {"model": ErrorOut, "description": "too many wrong admin passphrases from this console"}}


def _service(request: Request) -> PlantService:
    service: PlantService = request.app.state.service
    return service


async def console(request: Request) -> ConsoleId:
    auth = request.headers.get("authorization", "")
    scheme, _, token = auth.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "no_token", "this console has no token for the plant server",
                       "an admin issues one on the server: `operator-assistant serve token add NAME`")
    found = _service(request).tokens.check(token.strip())
    if found is None:
        raise ApiError(401, "bad_token", "the plant server does not know this console's token, or it was revoked",
                       "ask an admin for a new one (`operator-assistant serve token add NAME` on the server)")
    address = request.client.host if request.client else "?"
    return ConsoleId(found.name, _header_text(request.headers.get(CONSOLE_HOST_HEADER), address),
                     _header_text(request.headers.get(CONSOLE_USER_HEADER), "?"), address)


async def admin(request: Request, who: ConsoleId = Depends(console)) -> ConsoleId:
    service = _service(request)
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


def not_empty(workspace: LocalFolder) -> None:
    if workspace.chunk_count() == 0:
        raise ApiError(409, "empty_index", "the index on the plant server is empty",
                       "an admin adds documents first (upload them from a console)")


def own_conversation(workspace: LocalFolder, conversation_id: int, who: ConsoleId) -> None:
    """A conversation belongs to the console token that started it: no other console sees it."""
    found = workspace.history.conversation(conversation_id)
    if found is None or found.owner != who.name:  # another console's is as missing as one never made
        raise ApiError(404, "no_conversation", f"no conversation {conversation_id} of this console on the plant "
                       "server", "start one (POST /v1/conversations) or ask without it")
