"""Files read ahead by several readers: taken in order, and a reader crash blamed only on the file that causes it."""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

import pytest

from operator_assistant.core.chunking import ChunkParams
from operator_assistant.core.documents.base import Document
from operator_assistant.core.documents.process import CHILD_STOPPED
from operator_assistant.core.ingest import ReadAhead
from operator_assistant.errors import DocumentError


class FakeManifest:
    def document_by_source(self, source: str) -> None:
        return None


class FakeStore:
    manifest = FakeManifest()


class CrashingReaders:
    """Stands in for DocumentProcess: files "read" at once by `workers` readers; a file named crash*
    stops every reader, so every file being read with it fails as the real pool does."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.in_flight: list[Future] = []
        self.started: list[str] = []

    def start(self, path: Path, data: bytes | None = None, *, stored=None) -> Future:
        future: Future = Future()
        future.path = path.name  # type: ignore[attr-defined]
        self.in_flight.append(future)
        self.started.append(path.name)
        return future

    start_spread = start

    def wait(self, started: Future, progress=None, cancel=None) -> Document:
        crashed = any(f.path.startswith("crash") for f in self.in_flight)  # type: ignore[attr-defined]
        for future in self.in_flight:
            if crashed:
                future.set_exception(DocumentError(CHILD_STOPPED))
            else:
                future.set_result(Document(Path(future.path), "text", "", f"text of {future.path}", []))  # type: ignore[attr-defined]
        self.in_flight = []
        if started.exception() is not None:
            raise started.exception()  # type: ignore[misc]
        return started.result()

    def abandon(self, started: Future) -> None:
        started.cancel()

    def abandon_all(self, started: list[Future]) -> None:
        for future in started:
            future.cancel()
        self.in_flight = [f for f in self.in_flight if f not in started]


def run(tmp_path: Path, names: list[str], workers: int) -> tuple[dict[str, str], CrashingReaders]:
    files = []
    for name in names:
        (tmp_path / name).write_text(name, encoding="utf-8")
        files.append(tmp_path / name)
    readers = CrashingReaders(workers)
    ahead = ReadAhead(readers, FakeStore(), ChunkParams(1000, 1200, 0.15), force=False,  # type: ignore[arg-type]
                      max_file_bytes=1 << 20)
    results = {}
    for n, file in enumerate(files):
        try:
            document = ahead.parse(file, file.read_bytes(), upcoming=files[n + 1:n + 1 + 2 * workers],
                                   progress=lambda page, pages: None, cancel=None)
            results[file.name] = document.text
        except DocumentError as exc:
            results[file.name] = exc.message
    return results, readers


def test_files_read_together_come_back_in_order(tmp_path: Path):
    results, readers = run(tmp_path, ["a.txt", "b.txt", "c.txt", "d.txt"], workers=2)
    assert list(results) == ["a.txt", "b.txt", "c.txt", "d.txt"]
    assert all(results[name] == f"text of {name}" for name in results)
    assert readers.started == ["a.txt", "b.txt", "c.txt", "d.txt"]  # each read once


@pytest.mark.parametrize("workers", [2, 3])
def test_a_crash_fails_only_the_file_that_causes_it(tmp_path: Path, workers: int):
    results, readers = run(tmp_path, ["a.txt", "crash.txt", "b.txt", "c.txt"], workers=workers)
    assert results["crash.txt"] == CHILD_STOPPED
    assert {name: text for name, text in results.items() if name != "crash.txt"} == {
        "a.txt": "text of a.txt", "b.txt": "text of b.txt", "c.txt": "text of c.txt"}


def test_one_reader_blames_the_file_it_was_reading_without_reading_it_again(tmp_path: Path):
    results, readers = run(tmp_path, ["a.txt", "crash.txt", "b.txt"], workers=1)
    assert results["crash.txt"] == CHILD_STOPPED and results["b.txt"] == "text of b.txt"
    assert readers.started.count("crash.txt") == 1
