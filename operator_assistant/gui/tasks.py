"""Background work for the GUI: `op` runs on a worker thread, `on_success` / `on_failure`
run back on the GUI thread. Stateful resources get their own single-worker executor."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

log = logging.getLogger("gui")


class _Bridge(QObject):
    """Carries a callable from a worker thread to the GUI thread (queued signal)."""

    call = Signal(object)

    @Slot(object)
    def run(self, fn: Callable[[], None]) -> None:
        fn()


class TaskRunner(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = _Bridge()
        self._bridge.call.connect(self._bridge.run)
        # The index writer and the language model each hold state: one worker each.
        self._executors = {name: ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
                           for name in ("index", "answer", "load")}

    def post(self, fn: Callable[[], None]) -> None:
        """Run `fn` on the GUI thread soon (safe to call from any thread)."""
        self._bridge.call.emit(fn)

    def run(self, lane: str, op: Callable[[], Any], on_success: Callable[[Any], None] | None = None,
            on_failure: Callable[[BaseException], None] | None = None) -> Future:
        def work() -> None:
            try:
                result = op()
            except BaseException as exc:  # noqa: BLE001 - handed to on_failure or the crash log
                log.debug("task failed: %s", "".join(traceback.format_exception(exc)))
                # bind now: the name `exc` is gone when the except block ends
                handler = on_failure if on_failure is not None else _report_bug
                self.post(lambda error=exc: handler(error))
                return
            if on_success is not None:
                self.post(lambda: on_success(result))

        return self._executors[lane].submit(work)

    def shutdown(self) -> None:
        for executor in self._executors.values():
            executor.shutdown(wait=True, cancel_futures=True)


def _report_bug(exc: BaseException) -> None:
    from operator_assistant.gui.errors import show_crash

    show_crash(exc)
