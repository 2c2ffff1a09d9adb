"""One writer at a time per index, across processes; readers never wait.

The lock is an OS file lock (filelock: flock on Unix, msvcrt on Windows), so a holder
that crashes or loses power releases it with its process: a lock is never stale.
Who holds it is written next to it, so a refused writer can say whom it waits for.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from operator_assistant.core.os_account import os_user
from operator_assistant.errors import IndexBusy
from operator_assistant.files import write_atomically

log = logging.getLogger("ingest")

LOCK_FILE = "writer.lock"
HOLDER_FILE = "writer.json"


class WriterLock:
    """Reentrant within one object (any thread); exclusive against every other object and process."""

    lock_file, holder_file = LOCK_FILE, HOLDER_FILE

    def __init__(self, index_dir: Path, purpose: str = "") -> None:
        index_dir.mkdir(parents=True, exist_ok=True)
        self.purpose = purpose  # recorded for whoever is refused: "window", "ingest", ...
        self.holder_path = index_dir / self.holder_file
        # thread_local=False: the GUI takes it on a worker thread and the same store may
        # re-enter it (ingest -> apply -> reconcile) on another.
        self._lock = FileLock(index_dir / self.lock_file, thread_local=False)

    @property
    def held(self) -> bool:
        return self._lock.is_locked

    def try_acquire(self) -> bool:
        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            return False
        if self._lock.lock_counter == 1:
            self._write_holder()
        return True

    def release(self) -> None:
        if self._lock.lock_counter == 1:
            try:
                self.holder_path.unlink(missing_ok=True)
            except OSError:
                pass
        self._lock.release()

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Hold the lock for a write, or raise IndexBusy naming who has it."""
        if not self.try_acquire():
            raise self.busy_error()
        try:
            yield
        finally:
            self.release()

    def holder(self) -> dict[str, object] | None:
        """Who holds the lock, as they wrote it (None when unknown)."""
        try:
            return json.loads(self.holder_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def busy_error(self) -> IndexBusy:
        who = self.holder() or {}
        parts = [f"pid {who['pid']}" if "pid" in who else "", f"user {who['user']}" if "user" in who else ""]
        detail = ", ".join(p for p in parts if p)
        return IndexBusy(
            "the index is being changed by another Operator Assistant"
            + (f" ({detail})" if detail else "") + "; try again when it finishes",
            "questions can still be asked meanwhile",
        )

    def _write_holder(self) -> None:
        info = {"pid": os.getpid(), "user": os_user(), "host": socket.gethostname(), "since": time.time(),
                "purpose": self.purpose}
        try:
            write_atomically(self.holder_path, json.dumps(info))
        except OSError as exc:  # only the message loses detail
            log.debug("could not record the writer: %s", exc)


class DataFolderLock(WriterLock):
    """Held for its whole life by a window, and by a command that changes the index.

    A long-running reader must not share the index with another process that changes it:
    Chroma keeps its vector index in memory per process, so the window would go on
    searching by meaning without another process's new documents. One such user per
    data folder; short read-only commands (ask, search, status) never take it.
    """

    lock_file, holder_file = "in-use.lock", "in-use.json"

    def busy_error(self) -> IndexBusy:
        who = self.holder() or {}
        what = {"window": "an Operator Assistant window"}.get(str(who.get("purpose")), "another Operator Assistant")
        parts = [f"pid {who['pid']}" if "pid" in who else "", f"user {who['user']}" if "user" in who else ""]
        detail = ", ".join(p for p in parts if p)
        command = f" ({who['purpose']})" if who.get("purpose") not in (None, "", "window") else ""
        return IndexBusy(
            f"this data folder is in use by {what}{command}" + (f", {detail}" if detail else ""),
            "use that window, or wait until the command finishes; asking and searching from the command line "
            "still work",
        )


def claim_data_folder(index_dir: Path, purpose: str) -> DataFolderLock:
    """Take the data folder for a window or an index-changing command, or raise IndexBusy naming who has it.
    Keep the returned lock for as long as the folder is in use; the OS releases it if the process dies."""
    lock = DataFolderLock(index_dir, purpose)
    if not lock.try_acquire():
        raise lock.busy_error()
    return lock
