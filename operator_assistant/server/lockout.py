"""How many admin passphrases the plant server checks: a few per console, and a few for all consoles together.

A console's guess is counted before its passphrase is checked, under one lock, so guesses sent in
parallel cannot all slip in before the first wrong one is counted: at most PER_CONSOLE are checked
per window from one console, however they are sent. It must not check a passphrase itself (the
app does, core/roles.py) nor write the audit log.

Why a console in lockout cannot shut the admin out elsewhere: the lock is keyed by the console's
token name, so it refuses that console only, for its own window. The budget for all consoles
together (ALL_CONSOLES wrong guesses per window) takes at least three consoles to spend, since one
may spend only PER_CONSOLE; and even when it is spent, a console with no wrong guess of its own in
the window still has its passphrase checked, one at a time. The admin at a clean console always
gets in; a guesser gains at most one guess per window for each other token it holds (tokens are
issued by an admin, and revoked the same way).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from operator_assistant.core.roles import LOCKOUT_SECONDS, MAX_FAILURES

PER_CONSOLE = MAX_FAILURES  # wrong passphrases one console may have checked before its lockout (core/roles.py)
# wrong passphrases from all consoles together per window: two consoles' worth, so one console alone never spends it
ALL_CONSOLES = 2 * MAX_FAILURES
WINDOW_SECONDS = LOCKOUT_SECONDS
BUSY_SECONDS = 1.0  # what a console is told to wait while its earlier guesses are still being checked


@dataclass
class _Console:
    failures: int = 0  # wrong in a row, since its last success or lockout
    checking: int = 0  # its passphrases being checked right now
    locked_until: float = 0.0


class AdminLockout:
    """Admin passphrase checks, per console and for all consoles; `clock` is injectable for tests."""

    def __init__(self, per_console: int = PER_CONSOLE, all_consoles: int = ALL_CONSOLES,
                 window: float = WINDOW_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_console, self.all_consoles, self.window, self.clock = per_console, all_consoles, window, clock
        self._lock = threading.Lock()
        self._consoles: dict[str, _Console] = {}
        self._recent: deque[float] = deque()  # when each wrong passphrase of the window was checked
        self._checking = 0

    def reserve(self, console: str) -> float:
        """0.0: check this console's passphrase now (and call `settle` after); else seconds it must wait."""
        now = self.clock()
        with self._lock:
            state = self._consoles.setdefault(console, _Console())
            if state.locked_until:
                if now < state.locked_until:
                    return state.locked_until - now
                state.failures, state.locked_until = 0, 0.0  # its lockout is over: a fresh count
            if state.failures + state.checking >= self.per_console:
                return BUSY_SECONDS  # the guesses in flight will lock it or clear it
            while self._recent and now - self._recent[0] >= self.window:
                self._recent.popleft()
            if len(self._recent) + self._checking >= self.all_consoles:
                clean = state.failures == 0 and state.checking == 0
                if not clean:
                    return max(BUSY_SECONDS, self.window - (now - self._recent[0])) if self._recent else BUSY_SECONDS
            state.checking += 1
            self._checking += 1
            return 0.0

    def settle(self, console: str, right: bool) -> None:
        """The outcome of a check `reserve` allowed."""
        now = self.clock()
        with self._lock:
            state = self._consoles.setdefault(console, _Console())
            state.checking = max(0, state.checking - 1)
            self._checking = max(0, self._checking - 1)
            if right:
                state.failures = 0
                return
            state.failures += 1
            self._recent.append(now)
            if state.failures >= self.per_console:
                state.locked_until = now + self.window
