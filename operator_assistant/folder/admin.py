"""The idle timer of admin mode, shared by a window on its own data folder (core/roles.py) and a
console whose plant server checks the passphrase (remote/folder.py): unlocked by the passphrase,
locked again after `idle_minutes` without admin activity. `clock` is injectable for tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class IdleUnlock:
    """Unlocked from `unlocked()` until `lock()` or `idle_seconds` without `touch()`."""

    def __init__(self, idle_minutes: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.idle_seconds = idle_minutes * 60.0
        self.clock = clock
        self._last_activity: float | None = None

    def unlocked(self) -> None:
        """The passphrase was right: the idle countdown starts."""
        self._last_activity = self.clock()

    @property
    def is_unlocked(self) -> bool:
        if self._last_activity is None:
            return False
        if self.clock() - self._last_activity > self.idle_seconds:
            self.lock()  # timed out: locked until the passphrase is given again
            return False
        return True

    def seconds_left(self) -> float:
        """Seconds until admin mode locks itself; 0 when locked."""
        if not self.is_unlocked or self._last_activity is None:
            return 0.0
        return max(0.0, self.idle_seconds - (self.clock() - self._last_activity))

    def touch(self) -> None:
        """Admin activity: restart the idle countdown (only while unlocked)."""
        if self.is_unlocked:
            self._last_activity = self.clock()

    def lock(self) -> None:
        self._last_activity = None
