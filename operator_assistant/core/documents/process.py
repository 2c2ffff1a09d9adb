"""Documents read in a child process, so that parsing a long file does not hold this one.

Reading a long PDF makes hundreds of thousands of short-lived objects. In a process that also
runs a window, the garbage collector's passes over them stop every thread, the GUI's too, for
a tenth of a second or more (BENCHMARKS.md, GUI-thread stalls); a thread does not help. A parser
that crashes the interpreter on a damaged file (pdfium is C) takes only the child with it: the
file is reported as unreadable and the next one gets a new child.

The children are started on first use (spawn: none of this process's threads or models) and
kept; with `workers` > 1 several files are read at once, each in a child of its own. OCR runs
in the child, with the weights from the models folder loaded there when a page first needs them;
page progress comes back over a queue and a cancel goes over an event, checked between pages as
it is in this process. This module only turns a file into a Document: it must
not touch the index or any of the caller's models.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import queue
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from operator_assistant.core.documents import load_document, parse_document
from operator_assistant.core.documents.ocr import OcrEngine, OcrPage, OcrReader, PageReader, StoredPages
from operator_assistant.errors import DocumentError

if TYPE_CHECKING:
    from operator_assistant.core.documents.base import Document

log = logging.getLogger("ingest")

CHILD_STOPPED = ("the document reader stopped while reading this file (a damaged file can crash the parser); "
                 "nothing else was affected")


@dataclass(frozen=True)
class OcrSettings:
    """Where the child finds the OCR weights, and how many threads it gives them."""

    models_dir: Path
    model: str
    threads: int = 0


# The child's side: set once by _start when the child process begins.
_progress: Any = None  # multiprocessing queue of (path, page index, page count)
_cancel: Any = None  # multiprocessing event
_ocr_settings: OcrSettings | None = None
_ocr_engine: OcrEngine | None = None
_reading = ""  # the path this child is reading, so its page progress names its document


def _wake(progress: Any) -> None:
    with contextlib.suppress(OSError, ValueError):  # closed with the reader
        progress.put(None)


def _start(progress: Any, cancel: Any, ocr: OcrSettings | None) -> None:
    global _progress, _cancel, _ocr_settings
    # Ctrl-C in a terminal reaches the whole process group; the parent decides what it cancels,
    # and a child killed by it would fail the file it was reading.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _progress, _cancel, _ocr_settings = progress, cancel, ocr
    # A parent killed outright (SIGKILL, a crash) never shuts the pool down, and this child
    # would wait for work for ever, keeping its memory and the resource tracker alive.
    threading.Thread(target=_exit_with_parent, name="parent-watch", daemon=True).start()


def _exit_with_parent() -> None:
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()  # returns when the parent process has ended
        os._exit(1)


def _engine() -> OcrEngine:
    global _ocr_engine
    if _ocr_engine is None:
        from operator_assistant.core.models import resolve_model

        assert _ocr_settings is not None
        model = resolve_model(_ocr_settings.models_dir, _ocr_settings.model, "ocr")  # hash-checked here too
        _ocr_engine = OcrEngine(model, _ocr_settings.threads)
    return _ocr_engine


def _page_read(page: int, pages: int) -> None:
    _progress.put((_reading, page, pages))


def _ready() -> None:
    """Submitted to have the child started; it also imports the one parser loaded on first use
    (pdfplumber, for ruled tables), so the first PDF does not wait for it."""
    import pdfplumber  # noqa: F401


def _scanned_pages(path: str, data: bytes | None) -> tuple[int, list[int]]:
    from operator_assistant.core.documents.pdf import scanned_pages

    return scanned_pages(Path(path).read_bytes() if data is None else data)


def _ocr_pages(path: str, data: bytes | None, pages: list[int]) -> dict[int, OcrPage]:
    global _reading
    from operator_assistant.core.documents.pdf import read_scanned_pages

    _reading = path
    return read_scanned_pages(Path(path).read_bytes() if data is None else data, pages,
                              OcrReader(_engine, _page_read, _cancel.is_set))


def _read(path: str, data: bytes | None, stored: dict[int, OcrPage] | None) -> Document:
    global _reading
    _reading = path
    reader: PageReader | None = None
    if stored is not None:
        reader = StoredPages(stored)
    elif _ocr_settings is not None:
        reader = OcrReader(_engine, _page_read, _cancel.is_set)
    file = Path(path)
    return load_document(file, reader) if data is None else parse_document(file, data, reader)


class DocumentProcess:
    """Parses documents in child processes, `workers` at a time; `parse` waits for one like a
    call, `start` and `wait` let the caller do other work (embed the last file) while they read.
    One caller at a time: the page progress shown is that of the document waited for, and a
    cancel stops every document being read.

    `ocr`: the children read scanned pages with these weights; without it a scan is unreadable,
    as `parse_document` without a page reader.
    """

    def __init__(self, ocr: OcrSettings | None = None, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError(f"workers must be 1 or more, not {workers}")
        self.workers = workers
        if ocr is not None and workers > 1 and ocr.threads == 0:
            # OCR's threads shared among the children reading at once, not all cores each
            ocr = OcrSettings(ocr.models_dir, ocr.model, max(1, (os.cpu_count() or 1) // workers))
        self.ocr = ocr
        self._pool: ProcessPoolExecutor | None = None
        self._progress: Any = None
        self._cancel: Any = None
        self._lock = threading.Lock()  # guards starting and stopping the child

    def parse(self, path: Path, data: bytes | None = None, *, stored: dict[int, OcrPage] | None = None,
              progress: Callable[[int, int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> Document:
        """The document in `data` (read from `path` when None); `stored`: OCR pages kept in the
        index, used instead of running OCR. DocumentError as `parse_document`, Cancelled between
        OCR pages once `cancel` says so."""
        return self.wait(self.start(path, data, stored=stored), progress, cancel)

    def prestart(self) -> None:
        """Start the child now (a second or two: a new interpreter importing the parsers), so that
        it is ready by the time the first document comes, for example while models load."""
        with self._lock:
            self._started().submit(_ready)

    def start(self, path: Path, data: bytes | None = None, *,
              stored: dict[int, OcrPage] | None = None) -> Future[Document]:
        """Begin reading a document; documents are taken up in the order started, `workers` at a time."""
        with self._lock:
            try:
                pool = self._started()
                self._cancel.clear()  # a cancel was for the documents before this one
                future = pool.submit(_read, str(path), data, stored)
            except BrokenProcessPool:  # a child died between documents: this one gets new children
                self._stop()
                pool = self._started()
                future = pool.submit(_read, str(path), data, stored)
            future.path = str(path)  # type: ignore[attr-defined]  # whose page progress wait() shows
            return future

    def start_spread(self, path: Path, data: bytes | None = None) -> Future[Document]:
        """As `start`, but a PDF's scanned pages are read by every child at once (OCR is most of a
        scan's time), then the document is put together from them in one. With one child, or no
        OCR, the same as `start`."""
        if self.workers == 1 or self.ocr is None or path.suffix.lower() != ".pdf":
            return self.start(path, data)
        done: Future[Document] = Future()
        done.path = str(path)  # type: ignore[attr-defined]
        done.set_running_or_notify_cancel()  # being read: abandon() leaves it to finish, as a child's
        with self._lock:  # started here, so that wait() finds the progress queue
            pool = self._started()
            self._cancel.clear()
        threading.Thread(target=self._spread, args=(pool, path, data, done), name="ocr-spread", daemon=True).start()
        return done

    def _spread(self, pool: ProcessPoolExecutor, path: Path, data: bytes | None, done: Future[Document]) -> None:
        try:
            _, scanned = pool.submit(_scanned_pages, str(path), data).result()
            stored = None
            if len(scanned) > 1:
                # every child a share of the pages, in turn, so each reports pages as the scan goes
                parts = [scanned[k::self.workers] for k in range(self.workers) if scanned[k::self.workers]]
                stored = {}
                for part in [pool.submit(_ocr_pages, str(path), data, part) for part in parts]:
                    stored.update(part.result())
            done.set_result(pool.submit(_read, str(path), data, stored).result())
        except RuntimeError as exc:  # the pool was shut down (a crash, or closed) between the steps
            done.set_exception(exc if isinstance(exc, BrokenProcessPool) else BrokenProcessPool(str(exc)))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller, as a child's error is
            done.set_exception(exc)

    def wait(self, started: Future[Document], progress: Callable[[int, int], None] | None = None,
             cancel: Callable[[], bool] | None = None) -> Document:
        """The document `start` began reading, with its OCR pages reported as they are read."""
        # Wakes the loop below as soon as the document is read: a small file takes a few
        # milliseconds, and waiting out the queue's timeout cost 0.1 s a file (half the parse
        # time of a folder of short SOPs).
        progress_queue = self._progress
        started.add_done_callback(lambda _: _wake(progress_queue))
        path = getattr(started, "path", None)
        while not started.done():
            try:
                item = progress_queue.get(timeout=0.1)
            except queue.Empty:
                pass
            except (OSError, ValueError):  # closed: the reader is closing; the result says how it ended
                break
            else:
                # pages of documents read alongside this one are not this one's progress
                if item is not None and progress is not None and item[0] == path:
                    progress(*item[1:])
            if cancel is not None and cancel():
                self._cancel.set()
        try:
            return started.result()
        except BrokenProcessPool:
            log.warning("the document reader process stopped while reading a document")
            with self._lock:
                self._stop()
            raise DocumentError(CHILD_STOPPED) from None
        finally:
            self._drain()

    def abandon(self, started: Future[Document]) -> None:
        """Not wanted any more. Not begun: dropped. Being read: left to finish, unless it is the only
        document being read (its OCR then stops at the next page), as a cancel reaches every child."""
        if not started.cancel() and self.workers == 1:
            self._cancel.set()

    def abandon_all(self, started: list[Future[Document]]) -> None:
        """The run is over or cancelled: none of these is wanted; OCR stops at the next page."""
        if [future for future in started if not future.cancel()]:
            self._cancel.set()

    def close(self) -> None:
        """Stop the children, waiting for them: a child still starting when this process exits finds its
        queue gone and prints a traceback ("ingest" with nothing new to read ends before its child is up).
        A document being read stops at its next OCR page."""
        with self._lock:
            if self._cancel is not None:
                self._cancel.set()
            self._stop(wait=True)
            if self._progress is not None:
                self._progress.close()  # its pipe, else open until the process exits

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._progress, self._cancel = context.Queue(), context.Event()
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=_start,
                                             initargs=(self._progress, self._cancel, self.ocr))
        return self._pool

    def _drain(self) -> None:
        try:
            while True:
                self._progress.get_nowait()
        except (queue.Empty, OSError, ValueError):
            pass

    def _stop(self, wait: bool = False) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)
