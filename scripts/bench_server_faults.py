"""Fault trials against the plant server: SIGKILL mid-ingest, mid-answer, and of a console mid-upload or mid-answer.

    PYTHONPATH=. .venv/bin/python scripts/bench_server_faults.py [--trials 10] [--kinds ingest answer upload question]
        [--seed N] [--work DIR]
Each trial runs real processes (tests/support/server_faults.py says what each checks) and
kills at a seeded random moment. Prints one line per trial, then a table: kind, trials, kills
that landed mid-operation, failures (a failed check; must be 0), recovery time p50/max.
Recovery: mid-ingest, from the kill until the polling console has its job's outcome; mid-answer,
until the same question is answered again; mid-upload, until the server has removed the partial file;
a console killed mid-answer ("question"), until another console's question is answered.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

from tests.support.server_faults import TrialResult, Trials

from operator_assistant.evaluation.metrics import percentile

KINDS = ("ingest", "answer", "upload", "question")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=10, help="trials of each kind (default 10)")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--seed", type=int, default=20260615)
    parser.add_argument("--work", type=Path, help="work folder (default: a temporary one, removed at the end)")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="server-faults-"))
    started = time.monotonic()
    trials = Trials(work, args.seed)
    print(f"base folder indexed in {time.monotonic() - started:.0f} s; work folder {work}", flush=True)
    rows = []
    try:
        for kind in args.kinds:
            results: list[TrialResult] = []
            failures: list[str] = []
            for n in range(args.trials):
                try:
                    result = getattr(trials, kind)()
                except Exception as exc:  # broad on purpose: a failed check is counted and shown, the run goes on
                    failures.append(f"{type(exc).__name__}: {exc}")
                    print(f"{kind} {n + 1}: FAILED {type(exc).__name__}: {exc}", flush=True)
                    traceback.print_exc()
                    continue
                results.append(result)
                print(f"{kind} {n + 1}: {'landed' if result.landed else 'missed'}, recovered in "
                      f"{result.recovery_s:.2f} s {'; '.join(result.notes)}", flush=True)
            if kind in ("upload", "question"):
                trials.close()
            recovery = [r.recovery_s for r in results]
            rows.append((results[0].kind if results else kind, args.trials, sum(r.landed for r in results),
                         len(failures), percentile(recovery, 50) if recovery else 0.0, max(recovery, default=0.0)))
    finally:
        trials.close()
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)
    print("\n| kind | trials | kills mid-operation | failures | recovery p50 / max (s) |\n|---|---|---|---|---|")
    for kind, count, landed, failed, p50, most in rows:
        print(f"| {kind} | {count} | {landed} | {failed} | {p50:.2f} / {most:.2f} |")
    print(f"\n{time.monotonic() - started:.0f} s in all")
    return 1 if any(row[3] for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
