"""Writing files atomically: what a process killed mid-write leaves is cleared by the next write."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from operator_assistant.files import write_atomically


@pytest.mark.skipif(os.name != "posix", reason="the clean-up tests process ids with signal 0 (POSIX)")
def test_a_partial_file_left_by_a_killed_writer_goes_at_the_next_write(tmp_path: Path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    target = tmp_path / "jobs.json"
    left = tmp_path / f".jobs.json.{int(dead.stdout)}.partial"  # as a SIGKILL during write_atomically leaves it
    left.write_text("[{", encoding="utf-8")
    alive = tmp_path / f".jobs.json.{os.getppid()}.partial"  # a running process still writing its own
    alive.write_text("[", encoding="utf-8")
    write_atomically(target, "[]")
    assert target.read_text(encoding="utf-8") == "[]"
    assert not left.exists() and alive.exists()
