"""The plant server's HTTP connections: what a client may send before the app sees a request, and how slowly.

uvicorn on h11 with its header limit (HEADER_BYTES, the request line and headers together: answered
400 and closed once that much has come and they are not complete; a request that came whole in one
read and is over it is refused by the app, server/app.py RequestLimits), and a deadline for each
request's headers: a client that opens a connection and sends its headers slowly, or nothing at
all, is cut off after HEADER_SECONDS (uvicorn closes only idle keep-alive connections, and only
between requests). Body sizes and slow bodies are the app's (RequestLimits), per route. It must
not know the routes or the workspace.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from operator_assistant.folder.wire import Json

HEADER_BYTES = 16 * 1024  # a console sends about 400 bytes of headers; the request line counts too
HEADER_SECONDS = 10.0  # from a connection's first byte (or its last response) to its next request's last header


class PlantHttp(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's headers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self._arm()

    def data_received(self, data: bytes) -> None:
        cycle = self.cycle
        super().data_received(data)
        if self.cycle is not cycle:  # a request's headers are all in: the app has it
            self._disarm()
        elif self.cycle is None or self.cycle.response_complete:  # the next request's headers are coming
            self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm()  # idle between requests: uvicorn's keep-alive timeout closes it

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._header_deadline is None:
            self._header_deadline = self.loop.call_later(HEADER_SECONDS, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _headers_too_slow(self) -> None:
        self._header_deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def uvicorn_options() -> Json:
    """The uvicorn.Config options every plant server runs with (`serve`, and the tests' servers)."""
    return {"http": PlantHttp, "h11_max_incomplete_event_size": HEADER_BYTES}
