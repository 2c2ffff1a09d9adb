"""What an ingest run reports: each file's outcome and the run's totals.

Kept apart from core/ingest.py so that a console (remote/) can read a plant server's report in
the same shape the window reads a local one, without importing the index layer. It must not
import anything that reads or writes an index.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ADDED, UPDATED, UNCHANGED, DUPLICATE, FAILED_FILE, REMOVED = "added", "updated", "unchanged", "duplicate", "failed", "removed"


@dataclass
class FileResult:
    source: str
    status: str
    message: str = ""
    chunks_added: int = 0
    chunks_removed: int = 0
    chunks_total: int = 0


@dataclass
class IngestReport:
    results: list[FileResult] = field(default_factory=list)
    # files in folders an older plant server skipped without naming them; this version names each one
    # (a "skipped" result with its reason), so it is 0 from it
    skipped: int = 0
    seconds: float = 0.0
    chunks_embedded: int = 0
    cancelled: bool = False
    notes: list[str] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def failed(self) -> list[FileResult]:
        return [r for r in self.results if r.status == FAILED_FILE]
