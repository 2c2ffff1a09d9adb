"""Background work for the GUI: `op` runs on a worker thread, `on_success` / `on_failure`
run back on the GUI thread. Stateful resources get their own single-worker executor.

One rule for what goes wrong (and the only place that decides it): a UserError goes to the
task's `on_failure` (or a message box with its message and hint); anything else is a bug and
goes to the crash handler, traceback logged; SystemExit and KeyboardInterrupt stop the program.
`on_done` runs after either, so a view can leave its busy state without deciding which it was.
It must not touch widgets from a worker thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from operator_assistant.errors import UserError

log = logging.getLogger("gui")

LANES = ("index", "answer", "load", "view")


class _Bridge(QObject):
    """Carries a callable from a worker thread to the GUI thread (queued signal)."""

    call = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.open = True  # False once its runner is shut down or destroyed: late results go nowhere

    @Slot(object)
    def run(self, fn: Callable[[], None]) -> None:
        if self.open:
            fn()

    @Slot()
    def close(self) -> None:
        self.open = False


class TaskRunner(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = _Bridge()
        self._bridge.call.connect(self._bridge.run)
        # a view that owns a runner may be deleted while its work still runs: its results are dropped
        self.destroyed.connect(self._bridge.close)
        # The index writer, the language model and the viewer's PDF work each hold state: one worker each.
        self._executors = {name: ThreadPoolExecutor(max_workers=1, thread_name_prefix=name) for name in LANES}

    def post(self, fn: Callable[[], None]) -> None:
        """Run `fn` on the GUI thread soon (safe to call from any thread)."""
        self._bridge.call.emit(fn)

    def run(self, lane: str, op: Callable[[], Any], on_success: Callable[[Any], None] | None = None,
            on_failure: Callable[[UserError], None] | None = None,
            on_done: Callable[[], None] | None = None) -> Future:
        """Run `op` on `lane`'s worker. On the GUI thread afterwards: `on_done`, then `on_success(result)`,
        or for a UserError `on_failure(error)`; any other exception goes to the crash handler."""
        def work() -> Any:
            try:
                result = op()
            except Exception as exc:  # broad on purpose: routed by the one rule in `failed`
                self.post(partial(failed, exc, on_failure, on_done))
                return None
            except BaseException as exc:
                # SystemExit, KeyboardInterrupt: the program is asked to stop. Not an error to show:
                # the GUI thread stops the program, and the future keeps the exception.
                self.post(partial(stop_program, exc))
                raise
            self.post(lambda: succeeded(result, on_success, on_done))
            return result

        return self._executors[lane].submit(work)

    def shutdown(self) -> None:
        """Cancel queued work, wait for running work; results that arrive later are dropped (the view is closing)."""
        self._bridge.close()
        for executor in self._executors.values():
            executor.shutdown(wait=True, cancel_futures=True)


def succeeded(result: Any, on_success: Callable[[Any], None] | None, on_done: Callable[[], None] | None) -> None:
    if on_done is not None:
        on_done()
    if on_success is not None:
        on_success(result)


def failed(exc: Exception, on_failure: Callable[[UserError], None] | None,
           on_done: Callable[[], None] | None) -> None:
    """The rule: a UserError is the task's to show; anything else is a bug for the crash handler."""
    from operator_assistant.gui.errors import show_crash, show_user_error

    if on_done is not None:
        on_done()
    if isinstance(exc, UserError):
        log.info("background work stopped: %s", exc.message)
        (on_failure or show_user_error)(exc)
        return
    show_crash(exc)


def stop_program(exc: BaseException) -> None:
    """A worker was told to stop the program (SystemExit, KeyboardInterrupt): stop the event loop with its code."""
    code = exc.code if isinstance(exc, SystemExit) and isinstance(exc.code, int) else (
        130 if isinstance(exc, KeyboardInterrupt) else 1)
    log.warning("stopping: %s in background work", type(exc).__name__)
    exit_event_loop(code)


def exit_event_loop(code: int) -> None:
    from PySide6.QtCore import QCoreApplication

    QCoreApplication.exit(code)
