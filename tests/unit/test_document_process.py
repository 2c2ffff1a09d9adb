"""Documents parsed in a child process: the same Document as here, errors with their hints, a crashed child contained."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from operator_assistant.core.documents import parse_document
from operator_assistant.core.documents.process import CHILD_STOPPED, DocumentProcess
from operator_assistant.errors import DocumentError
from tests.conftest import make_pdf

SAMPLE = Path(__file__).resolve().parents[2] / "corpus" / "documents"


@pytest.fixture(scope="module")
def process():
    reader = DocumentProcess()
    yield reader
    reader.close()


@pytest.mark.parametrize("name", ["booster-station-b-om-manual.pdf", "lockout-tagout-procedure.docx",
                                  "valve-exercising-program.html", "filter-backwash-procedure.md"])
def test_the_child_gives_the_document_this_process_would(process, name):
    path = SAMPLE / name
    data = path.read_bytes()
    here, there = parse_document(path, data), process.parse(path, data)
    assert there.text == here.text and there.blocks == here.blocks and there.tables == here.tables
    assert there.page_count == here.page_count and there.title == here.title
    assert process.parse(path).text == here.text  # read from the file by the child when no bytes are given


def test_a_short_file_comes_back_as_soon_as_it_is_read(process):
    # Each file used to wait out the 0.1 s poll of the page-progress queue: 20 files took >= 2 s
    # whatever their size. Read now, 20 short SOPs take a few milliseconds each.
    path = SAMPLE / "confined-space-entry.txt"
    data = path.read_bytes()
    process.parse(path, data)  # the child is up and has imported its parsers
    started = time.perf_counter()
    for _ in range(20):
        process.parse(path, data)
    assert time.perf_counter() - started < 1.5


def test_a_document_error_comes_back_with_its_hint(process, tmp_path):
    with pytest.raises(DocumentError) as caught:
        process.parse(tmp_path / "limits.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500))
    assert caught.value.message == "an Excel 97-2003 workbook (.xls) is not read"
    assert caught.value.hint.startswith("open it in Excel and save it as .xlsx")
    with pytest.raises(DocumentError, match="empty file"):
        process.parse(tmp_path / "empty.txt", b"")


def test_a_child_that_dies_fails_that_file_only(tmp_path):
    pages = [[(f"Section {n}. Check pump P-{n} discharge pressure each shift and log it.", 11)] * 30
             for n in range(120)]
    big = make_pdf(tmp_path / "big.pdf", pages).read_bytes()
    reader = DocumentProcess()
    try:
        reader.parse(SAMPLE / "confined-space-entry.txt")  # the child is running

        def kill_the_child() -> bool:  # polled while the child parses the big file
            for child in multiprocessing.active_children():
                with contextlib.suppress(ProcessLookupError):  # killed on an earlier poll, and reaped since
                    os.kill(child.pid, signal.SIGKILL)
            return False

        with pytest.raises(DocumentError) as caught:
            reader.parse(tmp_path / "big.pdf", big, cancel=kill_the_child)
        assert caught.value.message == CHILD_STOPPED
        assert "CONFINED SPACE ENTRY" in reader.parse(SAMPLE / "confined-space-entry.txt").text  # a new child reads the next file
    finally:
        reader.close()


def test_prestart_starts_the_child_before_the_first_document():
    reader = DocumentProcess()
    try:
        before = {child.pid for child in multiprocessing.active_children()}
        reader.prestart()
        assert {child.pid for child in multiprocessing.active_children()} - before  # running, nothing asked yet
        assert "CONFINED SPACE ENTRY" in reader.parse(SAMPLE / "confined-space-entry.txt").text
    finally:
        reader.close()


def test_the_child_ends_when_its_parent_is_killed_outright(tmp_path):
    """A parent that dies by SIGKILL never shuts the pool down; its child must not live on as an orphan."""
    parent = subprocess.Popen(
        [sys.executable, "-c", "from pathlib import Path\nfrom operator_assistant.core.documents.process import DocumentProcess\n"
                               f"reader = DocumentProcess()\nreader.parse(Path({str(SAMPLE / 'confined-space-entry.txt')!r}))\n"
                               "print('ready', flush=True)\nimport time\ntime.sleep(600)\n"],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(SAMPLE.parents[1])})
    try:
        assert parent.stdout is not None and parent.stdout.readline().strip() == "ready"
        children = [int(pid) for task in Path(f"/proc/{parent.pid}/task").iterdir()
                    for pid in (task / "children").read_text().split()]
        assert children  # the reader child, and the resource tracker multiprocessing starts for it
    finally:
        parent.kill()
        parent.wait(30)

    def alive(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in children if alive(pid)], "the reader process outlived its parent"
