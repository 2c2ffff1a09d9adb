"""Operator and admin roles: the admin passphrase and the admin session that unlocks changes.

Operators ask; changing the corpus or the settings needs admin mode. The passphrase is
stored only as a salted scrypt hash, with its parameters, in the data dir's admin.json.
This keeps operators from changing things by mistake or on a whim; it does not protect
the data dir from someone with the OS account's file access (they can delete admin.json).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from operator_assistant.errors import UserError
from operator_assistant.files import write_atomically
from operator_assistant.folder.admin import IdleUnlock

log = logging.getLogger("roles")

ADMIN_FILE = "admin.json"
ENV_ADMIN_PASSPHRASE = "OPERATOR_ASSISTANT_ADMIN_PASSPHRASE"
MIN_LENGTH = 8
# After this many wrong passphrases in a row, a session refuses to try for LOCKOUT_SECONDS.
MAX_FAILURES = 5
LOCKOUT_SECONDS = 60.0


@dataclass(frozen=True)
class ScryptParams:
    n: int = 2**15
    r: int = 8
    p: int = 1
    dklen: int = 32

    @property
    def maxmem(self) -> int:
        # scrypt needs 128 * r * n bytes; hashlib's default limit (32 MiB) is just too small for n=2**15
        return 128 * self.r * self.n * 2 + 1024 * 1024

    def is_weaker_than(self, other: ScryptParams) -> bool:
        return self.n * self.r * self.p < other.n * other.r * other.p or self.dklen < other.dklen


DEFAULT_PARAMS = ScryptParams()


def admin_file(data_dir: Path) -> Path:
    return Path(data_dir) / ADMIN_FILE


def _encode(passphrase: str) -> bytes:
    # The same passphrase typed through different input methods must give the same bytes.
    return unicodedata.normalize("NFC", passphrase).encode("utf-8")


def _derive(passphrase: str, salt: bytes, params: ScryptParams) -> bytes:
    return hashlib.scrypt(_encode(passphrase), salt=salt, n=params.n, r=params.r, p=params.p,
                          dklen=params.dklen, maxmem=params.maxmem)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _check_length(passphrase: str) -> None:
    if len(passphrase) < MIN_LENGTH:
        raise UserError(f"the admin passphrase must be at least {MIN_LENGTH} characters long",
                        "a few unrelated words make a passphrase that is long and easy to remember")


def _store(data_dir: Path, passphrase: str, params: ScryptParams) -> None:
    salt = secrets.token_bytes(16)
    record = {"version": 1, "kdf": "scrypt", **asdict(params), "salt": _b64(salt),
              "hash": _b64(_derive(passphrase, salt, params)), "set_at": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
    write_atomically(admin_file(data_dir), json.dumps(record, indent=2) + "\n", private=True)


def _load(data_dir: Path) -> tuple[ScryptParams, bytes, bytes]:
    path = admin_file(data_dir)
    recovery = f"an admin with access to the data folder can delete {path} and set a new passphrase"
    try:
        record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError("no admin passphrase is set yet",
                        "set one with `operator-assistant admin set-passphrase` or Unlock admin in the window") from None
    except (OSError, ValueError) as exc:
        raise UserError(f"cannot read the admin passphrase file {path}: {exc}", recovery) from exc
    try:
        if record.get("kdf") != "scrypt":
            raise ValueError(f"unknown key derivation {record.get('kdf')!r}")
        params = ScryptParams(n=int(record["n"]), r=int(record["r"]), p=int(record["p"]), dklen=int(record["dklen"]))
        salt, digest = base64.b64decode(record["salt"], validate=True), base64.b64decode(record["hash"], validate=True)
        if len(salt) < 16 or len(digest) != params.dklen:
            raise ValueError("salt or hash has the wrong length")
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"the admin passphrase file {path} is damaged: {exc}", recovery) from exc
    return params, salt, digest


def is_passphrase_set(data_dir: Path) -> bool:
    return admin_file(data_dir).is_file()


def set_passphrase(data_dir: Path, passphrase: str, params: ScryptParams = DEFAULT_PARAMS) -> None:
    """Set the admin passphrase on first use; refuses when one is set already."""
    _check_length(passphrase)
    if is_passphrase_set(data_dir):
        raise UserError("an admin passphrase is already set",
                        "change it with `operator-assistant admin change-passphrase` (needs the current one)")
    _store(data_dir, passphrase, params)
    log.info("admin passphrase set in %s", data_dir)


def check_passphrase(data_dir: Path, passphrase: str) -> bool:
    """True when `passphrase` is the admin passphrase. A hash made with weaker parameters
    than today's defaults is replaced by a stronger one on the first successful check."""
    params, salt, digest = _load(data_dir)
    ok = hmac.compare_digest(_derive(passphrase, salt, params), digest)
    if ok and params.is_weaker_than(DEFAULT_PARAMS):
        _store(data_dir, passphrase, DEFAULT_PARAMS)
        log.info("admin passphrase hash upgraded to scrypt n=%d r=%d p=%d",
                 DEFAULT_PARAMS.n, DEFAULT_PARAMS.r, DEFAULT_PARAMS.p)
    return ok


def change_passphrase(data_dir: Path, old: str, new: str, params: ScryptParams = DEFAULT_PARAMS) -> None:
    _check_length(new)
    if not check_passphrase(data_dir, old):
        raise UserError("the current admin passphrase is wrong", "the passphrase was not changed")
    _store(data_dir, new, params)
    log.info("admin passphrase changed in %s", data_dir)


class AdminSession(IdleUnlock):
    """Admin mode for one window or command on this data folder: unlocked by the passphrase stored
    here, locked again after `idle_minutes` without admin activity (folder/admin.py's timer).

    Guessing is slowed by scrypt itself (about 0.1 s a try) and by a lockout: after
    MAX_FAILURES wrong passphrases in a row, unlock refuses to try for LOCKOUT_SECONDS.
    """

    def __init__(self, data_dir: Path, idle_minutes: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(idle_minutes, clock)
        self.data_dir = Path(data_dir)
        self._failures = 0
        self._locked_out_until = 0.0

    def passphrase_is_set(self) -> bool:
        return is_passphrase_set(self.data_dir)

    def set_passphrase(self, passphrase: str) -> None:
        set_passphrase(self.data_dir, passphrase)

    def unlock(self, passphrase: str) -> bool:
        now = self.clock()
        if now < self._locked_out_until:
            raise UserError(f"too many wrong passphrases: try again in {self._locked_out_until - now:.0f} s")
        if not check_passphrase(self.data_dir, passphrase):
            self._failures += 1
            if self._failures >= MAX_FAILURES:
                self._failures = 0
                self._locked_out_until = now + LOCKOUT_SECONDS
            log.info("wrong admin passphrase")
            return False
        self._failures = 0
        self.unlocked()
        return True
