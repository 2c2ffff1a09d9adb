"""Writing a file so that a crash or power cut leaves the old file or the new one, never half of one.

One rule for settings, the data folder choice, the admin secret, the audit log's head, the
writer lock and the saved lexical index: write a partial file beside the target, flush it to
disk, rename it over the target, then flush the folder so the rename itself survives a power cut.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


def write_atomically(path: Path, text: str, private: bool = False) -> None:
    """Replace `path` with `text` (UTF-8). `private`: readable by this user only, from the first byte on."""
    _replace(path, lambda fd: _write_text(fd, text), private)


def write_binary_atomically(path: Path, write: Callable[[BinaryIO], None], private: bool = False) -> None:
    """Replace `path` with what `write` writes to the binary file it is given (data too big to build in memory first)."""

    def written(fd: int) -> None:
        with os.fdopen(fd, "wb") as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())

    _replace(path, written, private)


def _write_text(fd: int, text: str) -> None:
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())


def _replace(path: Path, write: Callable[[int], None], private: bool) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
    fd = os.open(partial, flags, 0o600 if private else 0o666)
    try:
        write(fd)  # closes fd
        if private and os.name == "posix":
            os.chmod(partial, 0o600)  # in case a partial file was left with wider permissions
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)
    _remove_stale_partials(path)


def _remove_stale_partials(path: Path) -> None:
    """Partial files of `path` left by processes killed while they wrote it (SIGKILL never reaches the except)."""
    if os.name != "posix":
        return  # os.kill(pid, 0) would terminate the process on Windows, not test it
    for stale in path.parent.glob(f".{glob.escape(path.name)}.*.partial"):
        pid = stale.name[len(path.name) + 2:-len(".partial")]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            stale.unlink(missing_ok=True)
        except OSError:
            pass  # a running process of another user: still writing it


def fsync_folder(folder: Path) -> None:
    """Make the renames and new files in `folder` durable (POSIX only: Windows cannot open a folder)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
