"""What every request of the plant server uses: PlantService (the workspace, its lanes, the console
tokens, the index job, the admin passphrase check) and the refusal (ApiError) and caller (ConsoleId)
every route speaks of. It must not reach into the index or the models itself, nor import Qt.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from operator_assistant.core.audit import audit_context, record_event
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.core.roles import check_passphrase, is_passphrase_set
from operator_assistant.folder.wire import Json
from operator_assistant.remote.protocol import ADMIN_HEADER, decode_passphrase
from operator_assistant.server.jobs import Job, JobRunner
from operator_assistant.server.lockout import AdminLockout
from operator_assistant.server.refusals import RefusalTally
from operator_assistant.server.tokens import ConsoleTokens

log = logging.getLogger("server")

T = TypeVar("T")

LIBRARY = "library"  # files consoles uploaded, in the data folder: the indexed copy the viewer reads
JOBS_FILE = Path("server") / "jobs.json"  # in the data folder: index jobs, kept across a crash
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


class PlantService:
    """The workspace, its lanes, the console tokens and the index job: what every request uses."""

    def __init__(self, workspace: LocalFolder, tokens: ConsoleTokens | None = None, answer_workers: int = 1) -> None:
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

    def _write_refusals(self, records: list[tuple[dict[str, str], Json]]) -> None:
        for console, fields in records:
            with audit_context(**console):
                record_event(self.workspace.audit, "admin refused", **fields)


def _header_text(value: str | None, fallback: str) -> str:
    """A console-reported name as it goes into the audit log: printable, short."""
    cleaned = _HEADER_TEXT.sub("?", (value or "").strip())[:128]
    return cleaned or fallback
