"""Refused admin requests as audit records: at most about one per console per minute, so no console can flood the log.

The first refusal of a console that has been quiet is recorded at once, as it comes; the ones after
it within the window are counted and recorded together when the window ends (the count, the first
request, the reasons, the first and last time). A console that keeps being refused gets one record
per window. It decides nothing about who is refused (the app and server/lockout.py do) and writes
nothing itself: it hands back the records for the app to write, each with its console's audit fields.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from operator_assistant.core.audit import utc_now
from operator_assistant.folder.wire import Json

WINDOW_SECONDS = 60.0
REQUEST_CHARS = 200  # of a refused request's method and path, as the record keeps it (a path can be 64 KB)

Record = tuple[dict[str, str], Json]  # (the console's audit fields, the record's own fields)


def short_request(method: str, path: str) -> str:
    request = f"{method} {path}"
    return request if len(request) <= REQUEST_CHARS else f"{request[:REQUEST_CHARS]}... ({len(request)} characters)"


@dataclass
class _Window:
    started: float
    console: dict[str, str]  # audit fields of the window's first refusal
    count: int = 0  # refusals tallied, not yet recorded
    request: str = ""
    since: str = ""
    until: str = ""
    reasons: Counter[str] = field(default_factory=Counter)

    def record(self) -> Record:
        return self.console, {"reason": self.reasons.most_common(1)[0][0], "request": self.request,
                              "count": self.count, "reasons": dict(self.reasons), "since": self.since,
                              "until": self.until}


class RefusalTally:
    """Refusals per console name; `clock` is injectable for tests."""

    def __init__(self, window: float = WINDOW_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self.window, self.clock = window, clock
        self._lock = threading.Lock()
        self._windows: dict[str, _Window] = {}

    def refused(self, name: str, console: dict[str, str], reason: str, request: str) -> list[Record]:
        """The records to write now for this refusal (none while its console's window tallies)."""
        now, at = self.clock(), utc_now()
        out: list[Record] = []
        with self._lock:
            window = self._windows.get(name)
            if window is not None and now - window.started >= self.window:
                if window.count:
                    out.append(window.record())
                    window = self._windows[name] = _Window(now, console)  # still busy: tally from here
                else:
                    window = None
            if window is None:  # quiet until now: this one is recorded as it comes
                self._windows[name] = _Window(now, console)
                return [*out, (console, {"reason": reason, "request": request, "count": 1})]
            if not window.count:
                window.request, window.since = request, at
            window.count += 1
            window.until = at
            window.reasons[reason] += 1
        return out

    def due(self, flush: bool = False) -> list[Record]:
        """Records of windows that ended; with `flush`, of every window, all forgotten (the server stops)."""
        now = self.clock()
        out: list[Record] = []
        with self._lock:
            for name, window in list(self._windows.items()):
                if not flush and now - window.started < self.window:
                    continue
                if window.count:
                    out.append(window.record())
                if window.count and not flush:
                    # a console refused all through the last window is tallied from the start of this one
                    self._windows[name] = _Window(now, window.console)
                else:
                    del self._windows[name]
        return out
