"""SIGKILL at random moments of ingest, re-ingest and remove; the index must come back whole.

Loading the embedder takes far longer than a small ingest, so one helper process loads it
once and forks a fresh child per operation; the test kills that child with SIGKILL at a
seeded random moment, then a fresh child opens the index and reports what it finds.
Each child writes phase marks to a file (a write survives SIGKILL), so the report says
where each kill landed.
"""

from __future__ import annotations

import collections
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from operator_assistant.config import load_settings
from operator_assistant.core.chunking import ChunkParams
from tests.conftest import REPO, TEST_ADMIN_PASSPHRASE
from tests.support.engines import MODELS, copy_sample
from tests.support.index_check import Corpus, check_after_kill, check_complete

KILLS = 20  # trials go on until this many landed (a job may finish before its kill)
MAX_TRIALS = 40
CORPUS = ["alarm-response-procedures.md", "filter-backwash-procedure.md", "scada-system-overview.md",
          "confined-space-entry.txt", "shift-handover-checklist.txt", "valve-exercising-program.html"]

# Runs in the helper process. Commands come as JSON lines on stdin; for each it forks a
# child, says its pid, and says how it ended.
HELPER = r'''
import contextlib, json, os, sys, traceback
from pathlib import Path
from operator_assistant.config import load_settings
from operator_assistant.core.embedding import load_embedder
from operator_assistant.core.models import resolve_model

models = Path(sys.argv[1])
embedder = load_embedder(resolve_model(models, "all-MiniLM-L6-v2", "embedder"))

def child(cmd):
    from operator_assistant.core.engine import Engine
    from operator_assistant.core.index import manifest as manifest_mod
    from operator_assistant.core.index.vectors import VectorStore

    trace = os.open(cmd["trace"], os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    def mark(what):
        os.write(trace, (what + "\n").encode())

    def traced(fn, before, after):
        def run(*args, **kwargs):
            mark(before)
            out = fn(*args, **kwargs)
            mark(after)
            return out
        return run
    embedder.embed = traced(type(embedder).embed.__get__(embedder), "embedding", "embedded")
    VectorStore.upsert = traced(VectorStore.upsert, "chroma write", "chroma written")
    VectorStore.delete = traced(VectorStore.delete, "chroma write", "chroma written")
    plain = manifest_mod.Manifest.transaction
    @contextlib.contextmanager
    def transaction(self):
        mark("manifest write")
        with plain(self) as db:
            yield db
        mark("manifest committed")
    manifest_mod.Manifest.transaction = transaction

    mark("opening")
    settings = load_settings(data_dir=Path(cmd["data"]), models_dir=models, ingest_batch_chunks=cmd["batch"])
    engine = Engine(settings, embedder)
    mark("opened")
    if cmd["op"] == "ingest":
        engine.ingest([Path(p) for p in cmd["args"]])
    elif cmd["op"] == "remove":
        docs = [d.doc_id for d in engine.store.manifest.documents() if d.source in cmd["args"]]
        engine.store.remove_documents(docs, embedder.model_id)
    mark("done")
    if cmd.get("check"):
        from tests.support.index_check import index_report

        Path(cmd["check"]).write_text(json.dumps(index_report(engine.store, embedder.model_id)))

for line in sys.stdin:
    cmd = json.loads(line)
    pid = os.fork()
    if pid == 0:
        try:
            child(cmd)
            code = 0
        except BaseException:
            traceback.print_exc()
            code = 1
        os._exit(code)
    print(json.dumps({"pid": pid}), flush=True)
    _, status = os.waitpid(pid, 0)
    print(json.dumps({"status": status}), flush=True)
'''


class Helper:
    def __init__(self, tmp: Path) -> None:
        # admin roles; the repository on the path for the checker in tests/
        env = dict(os.environ, OPERATOR_ASSISTANT_ADMIN_PASSPHRASE=TEST_ADMIN_PASSPHRASE, PYTHONPATH=str(REPO))
        self.tmp = tmp
        self.proc = subprocess.Popen([sys.executable, "-c", HELPER, str(MODELS)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)
        self.runs = 0

    def run(self, op: str, data: Path, args: list[str], kill_after: float | None = None,
            check: bool = False) -> tuple[bool, float, list[str], dict | None]:
        """(killed, seconds, phase marks, check report) for one operation in a fresh child."""
        self.runs += 1
        trace, report = self.tmp / f"trace-{self.runs}", self.tmp / f"check-{self.runs}.json"
        cmd = {"op": op, "data": str(data), "args": args, "trace": str(trace), "batch": 4,
               "check": str(report) if check else None}
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        pid = json.loads(self.proc.stdout.readline())["pid"]
        started = time.monotonic()
        killed = False
        if kill_after is not None:
            time.sleep(kill_after)
            try:
                os.kill(pid, signal.SIGKILL)
                killed = True
            except ProcessLookupError:  # it had finished already
                pass
        status = json.loads(self.proc.stdout.readline())["status"]
        seconds = time.monotonic() - started
        killed = killed and os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        if not killed:
            assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, f"{op} failed in the child (see stderr)"
        marks = trace.read_text().split() if trace.exists() else []
        return killed, seconds, marks, json.loads(report.read_text()) if check else None

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


PHASES = {"opening": "opening the index", "opened": "reading and chunking files", "embedding": "embedding",
          "embedded": "after embedding, before the manifest write", "manifest write": "manifest transaction",
          "manifest committed": "after the manifest commit, before Chroma", "chroma write": "Chroma write",
          "chroma written": "after a Chroma write, before the pending flag is cleared", "done": "after the job"}


def _phase(marks: list[str]) -> str:
    """Where the kill landed, from the last mark the child wrote."""
    text = " ".join(marks)
    for mark in sorted(PHASES, key=len, reverse=True):
        if text.endswith(mark):
            return PHASES[mark]
    return "start-up"


@pytest.mark.slow
def test_sigkill_at_random_moments_never_loses_or_mixes_anything(tmp_path, docs):
    copy_sample(CORPUS, docs)
    params = load_settings(data_dir=tmp_path / "unused", models_dir=MODELS)
    corpus = Corpus(docs, ChunkParams(params.chunk_target, params.chunk_max, params.chunk_overlap))
    data = tmp_path / "data"
    rng = random.Random(20260606)
    helper = Helper(tmp_path)
    log: list[dict] = []
    try:
        # How long each kind of operation takes here, so kills spread over all of it.
        _, first, _, _ = helper.run("ingest", tmp_path / "timing", [str(docs)])
        took = {"first": first, "ingest": first / 3, "remove": first / 4}
        indexed: dict[str, str] = {}
        trial = 0
        while sum(e["killed"] for e in log) < KILLS and trial < MAX_TRIALS:
            kind = "first" if trial == 0 else None
            if trial == 0:
                op, args, what = "ingest", [str(docs)], "first ingest"
            elif indexed and rng.random() < 0.25:
                chosen = rng.sample(sorted(indexed), min(len(indexed), rng.randint(1, 2)))
                op, args, what = "remove", chosen, "remove " + ", ".join(Path(s).name for s in chosen)
            else:
                op, args = "ingest", [str(docs)]
                what = "re-ingest after changing " + ", ".join(corpus.edit(rng, trial))
            old = indexed
            new = {s: h for s, h in old.items() if s not in args} if op == "remove" else corpus.on_disk()
            kind = kind or op
            delay = rng.uniform(0.0, took[kind])
            killed, seconds, marks, report = helper.run(op, data, args, kill_after=delay)
            _, _, _, after = helper.run("check", data, [], check=True)
            outcome = check_after_kill(after, corpus, old, new)
            # Running the same job again finishes it.
            _, _, _, report = helper.run(op, data, args, check=True)
            check_complete(report, corpus, new)
            if not killed:  # the machine is faster than thought: kill sooner
                took[kind] = seconds * 0.9
            indexed = new
            log.append({"trial": trial, "op": what, "delay_s": round(delay, 2), "killed": killed,
                        "phase": _phase(marks) if killed else "finished before the kill",
                        "dense_repaired": after["pending"] == "1" or bool(after["extra_before"] or after["missing_before"]),
                        "after_kill": outcome})
            trial += 1
        # The end result is what a clean ingest of the same files gives. The last trial may have
        # removed documents whose files are still there, so first index the folder as it is.
        helper.run("ingest", data, [str(docs)], check=True)
        _, _, _, clean = helper.run("ingest", tmp_path / "clean", [str(docs)], check=True)
        _, _, _, final = helper.run("check", data, [], check=True)
        assert clean["documents"] == final["documents"] and clean["manifest"] == final["manifest"]
    finally:
        helper.close()
    phases = collections.Counter(entry["phase"] for entry in log)
    print(f"\ncrash trials: {len(log)}, killed {sum(e['killed'] for e in log)}; phases: {dict(phases)}")
    for entry in log:
        print(json.dumps(entry))
    assert sum(e["killed"] for e in log) >= KILLS
    assert len(phases) >= 4, "kills did not spread over the ingest"
