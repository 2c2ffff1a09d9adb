"""Append-only, hash-chained audit log: who asked what, and who changed the corpus.

One JSON object per line in data_dir/audit/audit.jsonl. Each line's `prev` is the sha256
of the previous line's bytes (the line before it, or the last line of the file rotated
before it; the very first line chains from GENESIS), and `seq` counts lines, so an edited,
removed, inserted or reordered line breaks the chain. audit.head holds the last line's seq
and hash, so a changed or removed last line is caught too. Someone who can rewrite every
file can forge a whole new chain; the log makes tampering detectable, not impossible.

Retention removes the oldest closed files beyond `keep_files`, but never one an admin has not
archived (`archive`: a copy of each closed file with its chain head, listed in audit.archived.json)
nor one whose last record is younger than `keep_days`: a console that floods the log grows it,
it cannot wash out what it did. `verify` says how many records and which time span are gone,
and fails unless they were archived.

Never stored: retrieved passages or answers. A question is kept to its first 80 characters.
"""

from __future__ import annotations

import dataclasses
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
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from filelock import FileLock

from operator_assistant.core.os_account import os_user
from operator_assistant.errors import UserError
from operator_assistant.files import fsync_folder, write_atomically, write_binary_atomically
from operator_assistant.folder.wire import Json

if TYPE_CHECKING:
    from operator_assistant.config import Settings

log = logging.getLogger("audit")

GENESIS = "0" * 64
QUESTION_CHARS = 80
ACTIVE = "audit.jsonl"
HEAD = "audit.head"
LOCK = "audit.lock"
ARCHIVED = "audit.archived.json"  # the closed files an admin archived: where to, and the records each holds
LOCK_TIMEOUT = 30.0  # seconds; a write holds the lock for milliseconds
_ROTATED = re.compile(r"^audit\.(\d+)\.jsonl$")

# Fields every record written in this context carries: the plant server names the console a
# request came from, so a question or change made through it is recorded against that console.
_context_fields: ContextVar[Json | None] = ContextVar("audit_context_fields", default=None)

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


def utc_now() -> str:
    """Now, as audit records write their time (UTC, milliseconds, "Z")."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _encode(record: Json) -> bytes:
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


@dataclass(frozen=True)
class FileSpan:
    """What one closed audit file holds: its records, their times, its bytes' hash and its chain ends."""

    file: str
    sha256: str
    lines: int
    first_seq: int
    last_seq: int
    first_time: str
    last_time: str
    first_prev: str  # the hash of the line before this file: the last line of the file before it
    last_hash: str  # the hash the first line of the next file must store

    @classmethod
    def of(cls, name: str, data: bytes) -> FileSpan | None:
        """The span of a file's bytes; None when it is empty or its first or last line is not a record."""
        rows = data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n")
        if not rows or not rows[0]:
            return None
        try:
            first, last = json.loads(rows[0]), json.loads(rows[-1])
            return cls(name, hashlib.sha256(data).hexdigest(), len(rows), int(first["seq"]), int(last["seq"]),
                       str(first.get("time", "")), str(last.get("time", "")), str(first["prev"]), line_hash(rows[-1]))
        except (ValueError, KeyError, TypeError):
            return None


@dataclass(frozen=True)
class Gone:
    """Records before the first one kept: removed by retention, or by hand."""

    first_seq: int
    last_seq: int
    archived: bool  # every one of them is in an archive, and the archive links to the first record kept
    since: str  # time of the first gone record ("" when not known: a head written before it was kept)
    until: str  # time of the last archived one ("" when none was archived)
    kept_from: str  # time of the first record kept: the gone records not archived were written before it
    archived_to: tuple[str, ...] = ()
    unarchived_from: int = 0  # the first gone record not in any archive (0: all archived)

    @property
    def records(self) -> int:
        return self.last_seq - self.first_seq + 1

    def describe(self) -> str:
        if self.archived:
            return (f"records {self.first_seq}-{self.last_seq} ({self.records}, {self.since} to {self.until}) were "
                    f"removed by retention after they were archived to {', '.join(self.archived_to)}")
        missing = self.last_seq - self.unarchived_from + 1
        after = self.until or (self.since if self.unarchived_from == 1 else "")
        kept = self.kept_from or "the first record kept"
        return (f"{missing} record(s) are gone and were never archived: records {self.unarchived_from}-{self.last_seq}, "
                + (f"written between {after} and {kept}" if after else f"written before {kept}"))

    def to_json(self) -> Json:
        return {"first_seq": self.first_seq, "last_seq": self.last_seq, "records": self.records,
                "archived": self.archived, "since": self.since, "until": self.until, "kept_from": self.kept_from,
                "archived_to": list(self.archived_to), "unarchived_from": self.unarchived_from}


@dataclass
class VerifyResult:
    ok: bool
    lines: int  # lines checked before the first problem (all of them when ok)
    files: list[str] = field(default_factory=list)
    problem: Problem | None = None
    notes: list[str] = field(default_factory=list)
    gone: Gone | None = None  # records before the first one kept, when there are any

    @property
    def incomplete(self) -> bool:
        """Not ok only because records are gone that were never archived: what is left is intact."""
        return (self.gone is not None and not self.gone.archived and self.problem is not None
                and self.problem.reason == self.gone.describe())

    def to_json(self) -> Json:
        return {"ok": self.ok, "lines": self.lines, "files": list(self.files), "notes": list(self.notes),
                "incomplete": self.incomplete,
                "problem": None if self.problem is None else {"file": self.problem.file, "line": self.problem.line,
                                                              "reason": self.problem.reason},
                "gone": None if self.gone is None else self.gone.to_json()}


class AuditLog:
    """The audit files in one folder; safe for many writers in this and other processes."""

    def __init__(self, folder: Path, max_bytes: int = 5_000_000, keep_files: int = 10, keep_days: float = 90.0) -> None:
        self.folder = Path(folder)
        self.max_bytes = max_bytes
        self.keep_files = keep_files
        self.keep_days = keep_days
        self._file_lock = FileLock(self.folder / LOCK, timeout=LOCK_TIMEOUT)
        key = str(self.folder.resolve() / ACTIVE)
        with _process_locks_guard:
            self._thread_lock = _process_locks.setdefault(key, threading.Lock())

    @classmethod
    def for_settings(cls, settings: Settings) -> AuditLog:
        return cls(Path(settings.data_dir) / "audit", settings.audit_max_bytes, settings.audit_keep_files,
                   settings.audit_keep_days)

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

    def append(self, event: str, **fields: Any) -> Json:
        """Write one record, flushed and fsynced; returns it. Raises OSError when it cannot be written."""
        body = {"time": utc_now(), "user": os_user(), **(_context_fields.get() or {}), "event": event, **fields}
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
            self._write_head(seq + 1, line_hash(line), record["time"] if seq == 0 else self._started())
        return record

    def _started(self) -> str:
        """When the chain's first record was written: kept in the head, so it is known after retention."""
        started = (self._read_head() or {}).get("started")
        if isinstance(started, str) and started:
            return started
        for path in self.files()[:1]:  # a head written before it was kept: the first record, if still here
            with path.open("rb") as fh:
                try:
                    first = json.loads(fh.readline())
                    return str(first["time"]) if first.get("seq") == 1 else ""
                except (ValueError, KeyError, TypeError, AttributeError):
                    return ""
        return ""

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
        archived = self._read_archived()
        for old in rotated[:max(0, len(rotated) - self.keep_files)]:
            # oldest first, and never past a file that must stay: retention leaves no gap in the middle
            why = self._must_keep(old, archived)
            if why:
                log.info("audit file %s kept beyond audit_keep_files (%d): %s", old.name, self.keep_files, why)
                break
            old.unlink()
            log.info("audit file %s removed (archived, and older than %g days)", old.name, self.keep_days)
        fsync_folder(self.folder)
        return True

    def _must_keep(self, path: Path, archived: dict[str, Json]) -> str:
        """Why retention must not remove this closed file yet; "" when it may."""
        entry = archived.get(path.name)
        if entry is None:
            return "not archived yet (`operator-assistant audit archive DIR`)"
        span = FileSpan.of(path.name, path.read_bytes())
        if span is None or span.sha256 != entry.get("sha256"):
            return "it changed since it was archived"
        try:
            written = datetime.fromisoformat(span.last_time)
        except ValueError:
            return "its last record has no readable time"
        if datetime.now(UTC) - written < timedelta(days=self.keep_days):
            return f"its last record is younger than audit_keep_days ({self.keep_days:g})"
        return ""

    def _read_archived(self) -> dict[str, Json]:
        try:
            record = json.loads((self.folder / ARCHIVED).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            log.warning("the audit archive list %s is unreadable (%s): no audit file is removed", ARCHIVED, exc)
            return {}
        files = record.get("files") if isinstance(record, dict) else None
        return {str(e["file"]): e for e in files if isinstance(e, dict) and "file" in e} if isinstance(files, list) else {}

    def archive(self, dest: Path) -> list[FileSpan]:
        """Copy each closed file not archived yet into `dest`, with its chain head (FILE.head); returns them.

        Retention may remove a file only after this (and once it is older than keep_days)."""
        dest = Path(dest)
        if dest.resolve() == self.folder.resolve():
            raise UserError("the archive cannot be the audit folder itself", "give a folder on another disk or share")
        try:
            dest.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"cannot make the archive folder {dest}: {exc}") from exc
        copied: list[FileSpan] = []
        with self._locked():
            archived = self._read_archived()
            for path in self.rotated():
                data = path.read_bytes()
                span = FileSpan.of(path.name, data)
                if span is None or archived.get(path.name, {}).get("sha256") == span.sha256:
                    continue
                try:
                    write_binary_atomically(dest / path.name, partial(_write_all, data))
                    write_atomically(dest / f"{path.name}.head", json.dumps(dataclasses.asdict(span), indent=2) + "\n")
                    if hashlib.sha256((dest / path.name).read_bytes()).hexdigest() != span.sha256:
                        raise OSError("the copy differs from the file")
                except OSError as exc:
                    raise UserError(f"cannot archive {path.name} to {dest}: {exc}",
                                    "nothing is removed until it is archived; free space or give another folder") from exc
                archived[path.name] = {**dataclasses.asdict(span), "archived_to": str(dest.resolve()),
                                       "archived_at": utc_now()}
                copied.append(span)
            if copied:
                write_atomically(self.folder / ARCHIVED, json.dumps(
                    {"version": 1, "files": sorted(archived.values(), key=lambda e: int(e["first_seq"]))}, indent=2) + "\n")
        if copied:
            self.append("audit archived", folder=str(dest.resolve()), files=[c.file for c in copied],
                        first_seq=copied[0].first_seq, last_seq=copied[-1].last_seq)
        return copied

    def _read_head(self) -> Json | None:
        try:
            head = json.loads((self.folder / HEAD).read_text(encoding="utf-8"))
            return head if isinstance(head, dict) and {"seq", "hash"} <= head.keys() else None
        except (OSError, ValueError):
            return None

    def _write_head(self, seq: int, digest: str, started: str) -> None:
        write_atomically(self.folder / HEAD, json.dumps({"seq": seq, "hash": digest, "started": started}))

    # reading

    def tail(self, count: int) -> list[Json]:
        """The last `count` records (unparsable lines are skipped)."""
        if count <= 0 or not self.folder.is_dir():
            return []
        with self._locked():  # no rotation while the files are read
            contents = [path.read_bytes() for path in self.files()]
        out: list[Json] = []
        for data in reversed(contents):
            for raw in reversed(data.splitlines()):
                try:
                    out.append(json.loads(raw))
                except ValueError:
                    continue
                if len(out) >= count:
                    return out[::-1]
        return out[::-1]

    def verify(self, archive: Path | None = None) -> VerifyResult:
        """Check the chain across every file; the first broken line is named by file and line.

        `archive`: an archive folder (`archive`); its copies of the files retention removed are checked
        first, so the chain is checked whole from its first record."""
        if not self.folder.is_dir():
            return VerifyResult(True, 0)
        with self._locked():
            files = [(p.name, p.read_bytes()) for p in self.files()]
            head = self._read_head()
            head_present = (self.folder / HEAD).exists()
            archived = self._read_archived()
        if archive is not None:
            here = {name for name, _ in files}
            copies = sorted((int(m.group(1)), p) for p in Path(archive).glob("audit.*.jsonl")
                            if (m := _ROTATED.match(p.name)) and p.name not in here)
            files = [(p.name, p.read_bytes()) for _, p in copies] + files
        return _check_chain(files, head, head_present, archived)


def _write_all(data: bytes, out: BinaryIO) -> None:
    out.write(data)


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


def _gone(first_kept: Json, archived: dict[str, Json], started: str) -> Gone:
    """What is known of the records before `first_kept`: which of them an archive holds, and when."""
    last = int(first_kept["seq"]) - 1
    spans = sorted(archived.values(), key=lambda e: int(e.get("first_seq", 0)))
    covered, link, since, until, folders = 0, GENESIS, "", "", []
    for entry in spans:
        # an archived file counts only where it continues the chain from the one before it
        if covered >= last or int(entry.get("first_seq", 0)) != covered + 1 or entry.get("first_prev") != link:
            break
        covered, link = int(entry["last_seq"]), str(entry.get("last_hash", ""))
        since, until = since or str(entry.get("first_time", "")), str(entry.get("last_time", ""))
        if entry.get("archived_to") not in folders:
            folders.append(str(entry.get("archived_to")))
    archived_all = covered == last and link == first_kept["prev"]
    return Gone(1, last, archived_all, since if covered else started, until if covered else "",
                str(first_kept.get("time", "")), tuple(folders), 0 if archived_all else covered + 1)


def _check_chain(files: list[tuple[str, bytes]], head: Json | None, head_present: bool,
                 archived: dict[str, Json] | None = None) -> VerifyResult:
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
                    result.gone = _gone(record, archived or {}, str((head or {}).get("started") or ""))
                    if result.gone.archived:
                        result.notes.append(f"verification starts at {name} (record {seq}): {result.gone.describe()}")
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
    if result.gone is not None and not result.gone.archived:
        # the chain that is left is whole, but what it began with is lost: that is not an intact log
        return broken(names[0], 1, result.gone.describe())
    return result
