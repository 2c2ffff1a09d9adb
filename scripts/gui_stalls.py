"""Responsiveness probe: the longest GUI-thread stall while the window indexes and while it opens
a citation into a long PDF, zooms and finds.

A QTimer ticks every 10 ms on the GUI thread; the longest gap between two ticks, less the 10 ms
interval, is the longest time the window could not repaint or take a key. Real window, real
bundled models, a temporary data folder; the long PDF is indexed where it lies (never copied).

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/gui_stalls.py \
        [--pdf ../shared/benchmarks/plant-docs/docs/uky-environmental-protection-handbook-2013.pdf] [--json]

Target: every phase under 100 ms (BENCHMARKS.md, "GUI-thread stalls").
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from operator_assistant.config import load_settings  # noqa: E402
from operator_assistant.core.answer.records import Source  # noqa: E402
from operator_assistant.core.roles import set_passphrase  # noqa: E402
from operator_assistant.gui.main_window import MainWindow  # noqa: E402

DEFAULT_PDF = ROOT.parent / "shared" / "benchmarks" / "plant-docs" / "docs" / "uky-environmental-protection-handbook-2013.pdf"
TICK_MS = 10
SETTLE_MS = 300  # the loop keeps running this long after each step, so a stall at its end is seen


class Probe:
    """Gaps between ticks of a 10 ms timer on the GUI thread."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.last = time.perf_counter()
        self.worst = 0.0

    def _tick(self) -> None:
        now = time.perf_counter()
        self.worst = max(self.worst, now - self.last)
        self.last = now

    def start(self) -> None:
        self.last, self.worst = time.perf_counter(), 0.0
        self.timer.start()

    def stop(self) -> float:
        """The longest stall since `start`, in ms (the tick interval itself not counted)."""
        self.timer.stop()
        return max(0.0, self.worst * 1000 - TICK_MS)


def run_loop(until: Callable[[], bool], timeout_s: float = 900) -> None:
    """Run the event loop until `until()` holds (checked every 5 ms), then SETTLE_MS more."""
    loop = QEventLoop()
    deadline = time.perf_counter() + timeout_s

    def check() -> None:
        if until() or time.perf_counter() > deadline:
            poll.stop()
            QTimer.singleShot(SETTLE_MS, loop.quit)

    poll = QTimer()
    poll.setInterval(5)
    poll.timeout.connect(check)
    poll.start()
    loop.exec()


def open_window(data_dir: Path) -> MainWindow:
    settings = load_settings(data_dir=data_dir)
    try:
        from operator_assistant.core.local_folder import LocalFolder
    except ImportError:  # before the LocalFolder: the window took the settings
        return MainWindow(settings, offer_sample=False)  # type: ignore[arg-type]
    if not hasattr(LocalFolder, "for_window"):  # before ingest parsed in a child process
        return MainWindow(LocalFolder(settings, separate_writer=True), offer_sample=False)
    return MainWindow(LocalFolder.for_window(settings), offer_sample=False)


def search(window: MainWindow, query: str, document: str):  # noqa: ANN201
    target = getattr(window, "workspace", None) or window.reader  # type: ignore[attr-defined]
    return target.search(query, k=20, documents=[document]).hits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdf", type=Path, default=DEFAULT_PDF, help="a long PDF (default: a 46-page handbook)")
    parser.add_argument("--query", default="floor drains inspection checklist", help="finds the passage to open")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.pdf.is_file():
        parser.error(f"no PDF at {args.pdf}")
    app = QApplication.instance() or QApplication(sys.argv)
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="gui-stalls-") as tmp:
        for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(fmt, QSettings.Scope.UserScope, tmp)
        data = Path(tmp) / "data"
        window = open_window(data)
        set_passphrase(data, "probe-admin")
        window.admin.session.unlock("probe-admin")
        window.admin.check()
        window.resize(1280, 800)
        window.show()
        ready = []
        window.ready.connect(lambda: ready.append(True))
        run_loop(lambda: bool(ready))
        probe = Probe()
        viewer = window.viewer
        shown = []
        if hasattr(viewer, "passage_shown"):
            viewer.passage_shown.connect(lambda: shown.append(True))

        def phase(name: str, action: Callable[[], None], done: Callable[[], bool]) -> None:
            probe.start()
            started = time.perf_counter()
            QTimer.singleShot(0, action)  # from inside the event loop, as a click would be
            run_loop(done)
            results[name] = round(probe.stop(), 1)
            results[f"{name} (s)"] = round(max(0.0, time.perf_counter() - started - SETTLE_MS / 1000), 2)

        def ingest(paths: list[Path]) -> Callable[[], bool]:
            finished: list[object] = []
            window.ingested.connect(lambda report: finished.append(report))
            window.ingest(paths)
            return lambda: bool(finished)

        pending: list[Callable[[], bool]] = []
        phase("indexing the sample corpus", lambda: pending.append(ingest([ROOT / "corpus" / "documents"])),
              lambda: bool(pending) and pending[-1]())
        phase(f"indexing {args.pdf.name}", lambda: pending.append(ingest([args.pdf])),
              lambda: len(pending) == 2 and pending[-1]())
        hits = [h for h in search(window, args.query, args.pdf.name) if h.chunk.pages]
        hit = max(hits[:10], key=lambda h: h.chunk.pages[0])  # a passage deep in the document
        source = Source(1, hit.chunk.chunk_id, hit.document.title, hit.document.source, hit.chunk.section,
                        hit.chunk.pages, hit.chunk.start, hit.chunk.end, hit.chunk.text, hit.score)
        word = max(hit.chunk.text.split(), key=len)

        def step(name: str, action: Callable[[], None], expect_shown: bool = True) -> None:
            before = len(shown)
            wait = expect_shown and hasattr(viewer, "passage_shown")
            phase(name, action, lambda: len(shown) > before if wait else True)

        step(f"opening a citation on page {hit.chunk.pages[0]} of {args.pdf.name}",
             lambda: window.open_source(source))
        step("zoom in", lambda: viewer.set_zoom(viewer.zoom * 1.25))
        step("zoom in again", lambda: viewer.set_zoom(viewer.zoom * 1.25))
        step("zoom out", lambda: viewer.set_zoom(viewer.zoom / 1.25))
        viewer.find_box.setText(word)
        step(f"find {word!r}", viewer.find_next, expect_shown=False)
        step("find again", viewer.find_next, expect_shown=False)
        step("opening the citation again", lambda: window.open_source(source))
        window.close()
    worst = max(v for k, v in results.items() if not k.endswith("(s)"))
    if args.json:
        print(json.dumps({"longest_stall_ms": worst, "phases": results}, indent=2))
    else:
        for name, value in results.items():
            if not name.endswith("(s)"):
                print(f"{name:<58} longest stall {value:>7.1f} ms  ({results[name + ' (s)']:.2f} s)")
        print(f"{'worst':<58} {worst:>21.1f} ms  (target < 100 ms)")
    del app
    return 0 if worst < 100 else 1


if __name__ == "__main__":
    sys.exit(main())
