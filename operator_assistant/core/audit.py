"""Append-only, hash-chained audit log: who asked what, and who changed the corpus.

One JSON object per line in data_dir/audit/audit.jsonl. Each line's `prev` is the sha256
of the previous line's bytes (the line before it, or the last line of the file rotated
before it; the very first line chains from GENESIS), and `seq` counts lines, so an edited,
removed, inserted or reordered line breaks the chain. audit.head holds the last line's seq
and hash, so a changed or removed last line is caught too. Someone who can rewrite every
file can forge a whole new chain; the log makes tampering detectable, not impossible.

Never stored: retrieved passages or answers. A question is kept to its first 80 characters.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from filelock import FileLock

from operator_assistant.core.os_account import os_user
from operator_assistant.files import fsync_folder, write_atomically

if TYPE_CHECKING:
    from operator_assistant.config import Settings

log = logging.getLogger("audit")

GENESIS = "0" * 64
QUESTION_CHARS = 80
ACTIVE = "audit.jsonl"
HEAD = "audit.head"
LOCK = "audit.lock"
LOCK_TIMEOUT = 30.0  # seconds; a write holds the lock for milliseconds
_ROTATED = re.compile(r"^audit\.(\d+)\.jsonl$")

# Fields every record written in this context carries: the plant server names the console a
# request came from, so a question or change made through it is recorded against that console.
_context_fields: ContextVar[dict[str, Any] | None] = ContextVar("audit_context_fields", default=None)

# One lock per log file in this process (threads), beside the OS file lock (processes).
_process_locks: dict[str, threading.Lock] = {}
_process_locks_guard = threading.Lock()


@contextmanager
def audit_context(**fields: Any) -> Iterator[None]:
    """Add `fields` to every record appended in this thread or task until the block ends."""
    token = _context_fields.set({**(_context_fields.get() or {}), **fields})
    try:
        yield
    finally:
        _context_fields.reset(token)


def line_hash(line: bytes) -> str:
    """The hash the next line stores in `prev`: sha256 of the line's bytes without its newline."""
    return hashlib.sha256(line).hexdigest()


def truncate_question(question: str) -> str:
    return question[:QUESTION_CHARS]


def _utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _encode(record: dict[str, Any]) -> bytes:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"), default=str).encode("utf-8")


def _last_line(path: Path) -> tuple[bytes | None, bool]:
    """(last line without its newline or None when empty, whether the file ends with a newline)."""
    with path.open("rb") as fh:
        end = fh.seek(0, os.SEEK_END)
        if end == 0:
            return None, True
        fh.seek(end - 1)
        complete = fh.read(1) == b"\n"
        stop = end - 1 if complete else end
        data, pos = b"", stop
        while pos > 0:
            step = min(8192, pos)
            pos -= step
            fh.seek(pos)
            data = fh.read(step) + data
            cut = data.rfind(b"\n")
            if cut >= 0:
                return data[cut + 1:], complete
        return data, complete


@dataclass(frozen=True)
class Problem:
    file: str
    line: int  # 1-based line in `file`
    reason: str

    def __str__(self) -> str:
        return f"{self.file}, line {self.line}: {self.reason}"


@dataclass
class VerifyResult:
    ok: bool
    lines: int  # lines checked before the first problem (all of them when ok)
    files: list[str] = field(default_factory=list)
    problem: Problem | None = None
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "lines": self.lines, "files": list(self.files), "notes": list(self.notes),
                "problem": None if self.problem is None else {"file": self.problem.file, "line": self.problem.line,
                                                              "reason": self.problem.reason}}


class AuditLog:
    """The audit files in one folder; safe for many writers in this and other processes."""

    def __init__(self, folder: Path, max_bytes: int = 5_000_000, keep_files: int = 10) -> None:
        self.folder = Path(folder)
        self.max_bytes = max_bytes
        self.keep_files = keep_files
        self._file_lock = FileLock(self.folder / LOCK, timeout=LOCK_TIMEOUT)
        key = str(self.folder.resolve() / ACTIVE)
        with _process_locks_guard:
            self._thread_lock = _process_locks.setdefault(key, threading.Lock())

    @classmethod
    def for_settings(cls, settings: Settings) -> AuditLog:
        return cls(Path(settings.data_dir) / "audit", settings.audit_max_bytes, settings.audit_keep_files)

    @property
    def path(self) -> Path:
        return self.folder / ACTIVE

    def rotated(self) -> list[Path]:
        """Rotated files, oldest first."""
        if not self.folder.is_dir():
            return []
        found = [(int(m.group(1)), p) for p in self.folder.iterdir() if (m := _ROTATED.match(p.name))]
        return [p for _, p in sorted(found)]

    def files(self) -> list[Path]:
        """Every audit file in chain order: rotated ones oldest first, then the active one."""
        return self.rotated() + ([self.path] if self.path.is_file() else [])

    @contextmanager
    def _locked(self) -> Iterator[None]:
        self.folder.mkdir(parents=True, exist_ok=True)
        with self._thread_lock, self._file_lock:
            yield

    # writing

    def append(self, event: str, **fields: Any) -> dict[str, Any]:
        """Write one record, flushed and fsynced; returns it. Raises OSError when it cannot be written."""
        body = {"time": _utc_now(), "user": os_user(), **(_context_fields.get() or {}), "event": event, **fields}
        with self._locked():
            prev, seq, ends_clean = self._tail()
            record = {"seq": seq + 1, **body, "prev": prev}
            line = _encode(record)
            if self._rotate_if_full(len(line) + 20):
                ends_clean = True
            if not self.path.is_file() or self.path.stat().st_size == 0:
                record = {"seq": seq + 1, **body, "file_start": True, "prev": prev}
                line = _encode(record)
            # A line cut short by a crash stays as it is (verify reports it); ours starts on a fresh line.
            data = (b"" if ends_clean else b"\n") + line + b"\n"
            with self.path.open("ab") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            self._write_head(seq + 1, line_hash(line))
        return record

    def _tail(self) -> tuple[str, int, bool]:
        """(hash of the last line, its seq, whether the active file ends cleanly)."""
        head = self._read_head()
        clean = True
        for path in reversed(self.files()):
            last, complete = _last_line(path)
            if path == self.path:
                clean = complete
            if last is None:
                continue
            try:
                seq = int(json.loads(last)["seq"])
            except (ValueError, KeyError, TypeError):
                seq = int(head["seq"]) if head else 0
            return line_hash(last), seq, clean
        if head:  # every file is gone (deleted by hand): keep counting from what the head remembers
            return str(head["hash"]), int(head["seq"]), clean
        return GENESIS, 0, clean

    def _rotate_if_full(self, incoming: int) -> bool:
        if not self.path.is_file():
            return False
        size = self.path.stat().st_size
        if size == 0 or size + incoming <= self.max_bytes:
            return False
        rotated = self.rotated()
        last = _ROTATED.match(rotated[-1].name) if rotated else None  # rotated() lists only names that match
        number = int(last.group(1)) + 1 if last else 1
        os.replace(self.path, self.folder / f"audit.{number:08d}.jsonl")
        rotated = self.rotated()
        for old in rotated[:max(0, len(rotated) - self.keep_files)]:
            old.unlink()
            log.info("audit file %s removed (keeping %d rotated files)", old.name, self.keep_files)
        fsync_folder(self.folder)
        return True

    def _read_head(self) -> dict[str, Any] | None:
        try:
            head = json.loads((self.folder / HEAD).read_text(encoding="utf-8"))
            return head if isinstance(head, dict) and {"seq", "hash"} <= head.keys() else None
        except (OSError, ValueError):
            return None

    def _write_head(self, seq: int, digest: str) -> None:
        write_atomically(self.folder / HEAD, json.dumps({"seq": seq, "hash": digest}))

    # reading

    def tail(self, count: int) -> list[dict[str, Any]]:
        """The last `count` records (unparsable lines are skipped)."""
        if count <= 0 or not self.folder.is_dir():
            return []
        with self._locked():  # no rotation while the files are read
            contents = [path.read_bytes() for path in self.files()]
        out: list[dict[str, Any]] = []
        for data in reversed(contents):
            for raw in reversed(data.splitlines()):
                try:
                    out.append(json.loads(raw))
                except ValueError:
                    continue
                if len(out) >= count:
                    return out[::-1]
        return out[::-1]

    def verify(self) -> VerifyResult:
        """Check the chain across every file; the first broken line is named by file and line."""
        if not self.folder.is_dir():
            return VerifyResult(True, 0)
        with self._locked():
            files = [(p.name, p.read_bytes()) for p in self.files()]
            head = self._read_head()
            head_present = (self.folder / HEAD).exists()
        return _check_chain(files, head, head_present)


def record_event(audit: AuditLog | None, event: str, **fields: Any) -> str:
    """Append a record; returns "" or, when it could not be written, a warning to show the person.

    A failed audit write never undoes or hides the work it describes (an answer, an index
    change): the work is kept and the person is told that its audit line is missing."""
    if audit is None:
        return ""
    try:
        audit.append(event, **fields)
        return ""
    except Exception as exc:  # broad on purpose: disk full, permissions, lock timeout or a bug: never lose the work
        warning = f"audit log not written ({audit.folder}): {exc}"
        log.warning(warning)
        return warning


def settings_changes(old: Settings, new: Settings) -> dict[str, list[Any]]:
    """{setting: [old, new]} for every setting that differs."""
    import dataclasses

    return {f.name: [getattr(old, f.name), getattr(new, f.name)] for f in dataclasses.fields(new)
            if f.name not in ("data_dir", "models_dir") and getattr(old, f.name) != getattr(new, f.name)}


def _check_chain(files: list[tuple[str, bytes]], head: dict[str, Any] | None, head_present: bool) -> VerifyResult:
    names = [name for name, _ in files]
    result = VerifyResult(True, 0, names)
    hashes: dict[int, str] = {}
    prev_hash: str | None = None
    before_prev: str | None = None
    prev_seq = 0
    prev_at = ("", 0)

    def broken(name: str, line: int, reason: str) -> VerifyResult:
        result.ok, result.problem = False, Problem(name, line, reason)
        return result

    for index, (name, data) in enumerate(files):
        if not data:
            if index < len(files) - 1:
                return broken(name, 1, "a rotated file is empty (its lines were removed)")
            continue
        lines = data.split(b"\n")
        if lines[-1] != b"":
            return broken(name, len(lines), "incomplete last line: the file was cut short")
        for number, line in enumerate(lines[:-1], start=1):
            try:
                record = json.loads(line)
                seq, prev = record["seq"], record["prev"]
                if not isinstance(seq, int) or not isinstance(prev, str):
                    raise TypeError
            except (ValueError, KeyError, TypeError):
                return broken(name, number, "not an audit record (not JSON, or without seq and prev)")
            if bool(record.get("file_start")) != (number == 1):
                return broken(name, number, "the first lines of this file are missing" if number == 1
                              else "a file's first line appears in the middle of another file")
            if prev_hash is None:
                if seq == 1 and prev != GENESIS:
                    return broken(name, number, "the first record does not start from the genesis value")
                if seq > 1:
                    result.notes.append(f"verification starts at {name} (record {seq}): the {seq - 1} earlier "
                                        "record(s) were in files removed by retention (audit_keep_files)")
            elif prev != prev_hash:
                if prev == before_prev:
                    return broken(*prev_at, "this line was inserted (the next line chains from the line before it)")
                if seq == prev_seq + 1:
                    return broken(*prev_at, "this line was changed after it was written "
                                            "(the next line records another hash for it)")
                if seq <= prev_seq:
                    return broken(name, number, f"line out of order or repeated (record {seq} after record {prev_seq})")
                return broken(name, number, f"{seq - prev_seq - 1} line(s) missing or moved before this line")
            elif seq != prev_seq + 1:
                return broken(name, number, f"wrong sequence number {seq} (expected {prev_seq + 1})")
            digest = line_hash(line)
            before_prev, prev_hash, prev_seq, prev_at = prev_hash, digest, seq, (name, number)
            hashes[seq] = digest
            result.lines += 1
    if head_present and head is None:
        return broken(HEAD, 1, "the head record is unreadable")
    if head is None:
        if result.lines:
            return broken(HEAD, 1, "the head record is missing, so the last line cannot be confirmed")
        return result
    head_seq = int(head["seq"])
    if not result.lines:
        return broken(HEAD, 1, f"the head records {head_seq} line(s) but every audit file is gone")
    if head_seq > prev_seq:
        return broken(*prev_at, f"{head_seq - prev_seq} line(s) missing after this line (the head records {head_seq})")
    # The head may lag one line behind after a crash between the two writes; it must still match.
    if head_seq in hashes and hashes[head_seq] != head["hash"]:
        return broken(*prev_at, "this line was changed after it was written (the head records another hash)")
    return result
