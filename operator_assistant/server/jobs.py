"""The plant server's one index job at a time (ingest, re-index, calibrate): progress, result, cancel.

A job runs on its own thread so questions keep being answered meanwhile; a console polls its
state by id. Jobs are kept in a file, so a console polling through a crash of the server finds
its job again, marked interrupted, and never another job that reused its id. Plain Python: no
web framework here, and it must not open the index itself (the job's work is a callable the
app gives it, built on the LocalFolder).
"""

from __future__ import annotations

import itertools
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from operator_assistant.errors import Cancelled, IndexBusy, UserError
from operator_assistant.files import write_atomically
from operator_assistant.folder.wire import Json

log = logging.getLogger("server")

RUNNING, DONE, FAILED, CANCELLED = "running", "done", "failed", "cancelled"
KEEP_FINISHED = 20  # finished jobs kept for consoles to read their result


@dataclass
class Job:
    id: int
    kind: str  # "ingest", "reindex", "calibrate"
    console: str
    started: float
    state: str = RUNNING
    progress: Json = field(default_factory=dict)
    files: list[Json] = field(default_factory=list)  # one entry per file settled (ingest)
    result: Json | None = None
    error: dict[str, str] | None = None
    finished: float | None = None
    cancel_requested: bool = False
    interrupted: bool = False  # the server stopped (crashed) while it ran

    def to_json(self) -> Json:
        return {"id": self.id, "kind": self.kind, "console": self.console, "state": self.state,
                "started": self.started, "finished": self.finished, "progress": self.progress,
                "files": list(self.files), "result": self.result, "error": self.error,
                "cancel_requested": self.cancel_requested, "interrupted": self.interrupted}

    @classmethod
    def from_json(cls, data: Json) -> Job:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


# what a job's work is given: report progress (a dict), report a settled file, and the cancel check
JobWork = Callable[[Callable[[Json], None], Callable[[Json], None], Callable[[], bool]],
                   Json]


class JobRunner:
    """Runs one job at a time; a second is refused with who holds the index.

    `state_file`: where jobs are kept across restarts (written when a job starts, settles a
    file and ends). A job found running there was cut off by a crash: it is marked so."""

    def __init__(self, state_file: Path | None = None) -> None:
        self._lock = threading.Lock()
        self._state_file = state_file
        self._jobs: dict[int, Job] = {job.id: job for job in self._load()}
        self._ids = itertools.count(max(self._jobs, default=0) + 1)
        self._running: Job | None = None
        self._cancel: dict[int, threading.Event] = {}
        self._threads: list[threading.Thread] = []
        stale = [job for job in self._jobs.values() if job.state == RUNNING]  # cut off by a crash
        for job in stale:
            job.state, job.finished, job.interrupted = FAILED, time.time(), True
            job.error = {"message": f"the plant server stopped during this {job.kind} (job {job.id}); "
                                    "what it finished before is kept",
                         "hint": "run it again: files already indexed are skipped"}
        if stale:
            with self._lock:
                self._save()

    def _load(self) -> list[Job]:
        if self._state_file is None or not self._state_file.exists():
            return []
        try:
            jobs = [Job.from_json(entry) for entry in json.loads(self._state_file.read_text(encoding="utf-8"))]
        except (OSError, ValueError, TypeError) as exc:  # written atomically, so only a hand edit gets here
            log.warning("the jobs file %s is unreadable (%s); starting without the old jobs", self._state_file, exc)
            return []
        return jobs

    def _save(self) -> None:
        """Write every kept job; the caller holds the lock."""
        if self._state_file is None:
            return
        try:
            write_atomically(self._state_file, json.dumps([j.to_json() for j in self._jobs.values()],
                                                          ensure_ascii=False, default=str))
        except OSError as exc:  # the job itself goes on; only a console polling through a crash loses track
            log.warning("could not write the jobs file %s: %s", self._state_file, exc)

    def start(self, kind: str, console: str, work: JobWork, wrap: Callable[[Callable[[], None]], None]
              ) -> Job:
        """Start `work` on a thread; `wrap` runs it (the app adds the console's audit fields there)."""
        with self._lock:
            if self._running is not None:
                busy = self._running
                raise IndexBusy(f"the plant server is already running a {busy.kind} (job {busy.id}, started by "
                                f"console {busy.console!r})", "wait until it finishes, or cancel it, then try again")
            job = Job(next(self._ids), kind, console, time.time())
            self._jobs[job.id] = job
            self._running = job
            self._cancel[job.id] = stop = threading.Event()
            self._forget_old()
            self._save()
        thread = threading.Thread(target=wrap, args=(lambda: self._run(job, work, stop),),
                                  name=f"job-{job.id}-{kind}", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()
        return job

    def _run(self, job: Job, work: JobWork, stop: threading.Event) -> None:
        def progress(state: Json) -> None:
            job.progress = state

        def settled(entry: Json) -> None:
            with self._lock:
                job.files.append(entry)
                self._save()

        try:
            result = work(progress, settled, stop.is_set)
            job.result = result
            job.state = CANCELLED if result.get("cancelled") else DONE
        except Cancelled:
            job.state = CANCELLED
        except UserError as exc:
            job.state, job.error = FAILED, {"message": exc.message, "hint": exc.hint}
        except Exception as exc:  # broad on purpose: a bug fails the job, the server keeps answering
            log.exception("%s job %d failed", job.kind, job.id)
            job.state, job.error = FAILED, {"message": f"{type(exc).__name__}: {exc}",
                                            "hint": "see the plant server's log for the traceback"}
        finally:
            job.finished = time.time()
            with self._lock:
                self._running = None
                self._cancel.pop(job.id, None)
                self._save()
            log.info("%s job %d %s", job.kind, job.id, job.state)

    def _forget_old(self) -> None:
        finished = sorted((j for j in self._jobs.values() if j.finished is not None), key=lambda j: j.id)
        for old in finished[:max(0, len(finished) - KEEP_FINISHED)]:
            del self._jobs[old.id]

    def get(self, job_id: int) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    @property
    def running(self) -> Job | None:
        return self._running

    def cancel(self, job_id: int) -> Job | None:
        with self._lock:
            job = self._jobs.get(job_id)
            stop = self._cancel.get(job_id)
            if job is not None and stop is not None:
                job.cancel_requested = True
                stop.set()
            return job

    def shutdown(self, timeout: float = 30.0) -> None:
        """Cancel the running job and wait for it (its finished files stay indexed)."""
        with self._lock:
            for stop in self._cancel.values():
                stop.set()
        for thread in self._threads:
            thread.join(timeout)
