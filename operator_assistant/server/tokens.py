"""Console tokens: one per console, issued by an admin, kept on the server only as a sha256 hash.

A token is a random 32-byte secret shown once when it is made; the server keeps its name, its
hash and when it was made or revoked, in the data folder's server/consoles.json (readable by
the server's OS account only). It must not store or log a token itself, and it decides nothing
about admin rights (the admin passphrase does, core/roles.py).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from operator_assistant.errors import UserError
from operator_assistant.files import write_atomically
from operator_assistant.folder.wire import Json

CONSOLES_FILE = Path("server") / "consoles.json"
TOKEN_PREFIX = "oa1_"  # tells a console token apart from a passphrase pasted by mistake
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Console:
    name: str
    sha256: str
    created: float
    revoked: float | None = None

    @property
    def active(self) -> bool:
        return self.revoked is None


class ConsoleTokens:
    """The token file of one data folder. Re-read when it changes on disk, so a token added or
    revoked from the command line holds for a running server at its next request."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / CONSOLES_FILE
        self._lock = threading.Lock()
        self._seen: tuple[float, int] | None = None
        self._consoles: list[Console] = []

    def _load(self) -> list[Console]:
        with self._lock:
            try:
                stat = self.path.stat()
            except FileNotFoundError:
                self._seen, self._consoles = None, []
                return []
            if self._seen != (stat.st_mtime, stat.st_size):
                try:
                    record: Json = json.loads(self.path.read_text(encoding="utf-8"))
                    self._consoles = [Console(c["name"], c["sha256"], float(c["created"]),
                                              None if c.get("revoked") is None else float(c["revoked"]))
                                      for c in record.get("consoles", [])]
                except (OSError, ValueError, KeyError, TypeError) as exc:
                    raise UserError(f"the console token file {self.path} is damaged: {exc}",
                                    "restore it from a backup, or delete it and issue every console a new token") from exc
                self._seen = (stat.st_mtime, stat.st_size)
            return list(self._consoles)

    def _save(self, consoles: list[Console]) -> None:
        write_atomically(self.path, json.dumps({"version": 1, "consoles": [asdict(c) for c in consoles]}, indent=2)
                         + "\n", private=True)

    def consoles(self) -> list[Console]:
        return self._load()

    def add(self, name: str) -> str:
        """Issue a token for a new console; returns the token (shown once, never stored)."""
        name = name.strip()
        if not _NAME.match(name):
            raise UserError(f"{name!r} is not a console name",
                            "use up to 64 letters, digits, spaces, dots, dashes or underscores, e.g. 'console-3'")
        consoles = self._load()
        if any(c.name == name and c.active for c in consoles):
            raise UserError(f"console {name!r} has a token already",
                            f"revoke it first (`operator-assistant serve token revoke {name!r}`) to issue a new one")
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        self._save([*consoles, Console(name, token_hash(token), time.time())])
        return token

    def revoke(self, name: str) -> Console:
        consoles = self._load()
        if not any(c.name == name and c.active for c in consoles):
            known = ", ".join(sorted({c.name for c in consoles if c.active})) or "none"
            raise UserError(f"no console named {name!r} holds a token", f"consoles with a token: {known}")
        now = time.time()
        updated = [Console(c.name, c.sha256, c.created, now) if c.name == name and c.active else c for c in consoles]
        self._save(updated)
        return next(c for c in updated if c.name == name and c.revoked == now)

    def check(self, token: str) -> Console | None:
        """The console this token belongs to, or None (unknown or revoked)."""
        digest = token_hash(token)
        found = None
        for console in self._load():  # every entry is compared, so the time taken says nothing
            if hmac.compare_digest(console.sha256, digest) and console.active:
                found = console
        return found
