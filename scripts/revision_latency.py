"""Search latency with superseded revisions left out (filter inside Chroma and BM25) against no filter.

Indexes the sample corpus plus old revisions of each sample document (the same text under an older
revision and date, so every number has one superseded revision: half the index is left out), then
times Engine.search over the golden questions both ways.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from operator_assistant.config import load_settings
from operator_assistant.core.engine import Engine

REPO = Path(__file__).resolve().parent.parent


def main(rounds: int = 3) -> None:
    work = Path(tempfile.mkdtemp(prefix="revision-latency-"))
    docs = work / "docs"
    docs.mkdir()
    for path in sorted((REPO / "corpus" / "documents").iterdir()):
        if path.suffix in (".md", ".txt"):
            text = path.read_text(encoding="utf-8")
            (docs / path.name).write_text(text, encoding="utf-8")
            # an older issue: same number, revision "0", effective long ago (a different file, so not a duplicate)
            (docs / f"old-{path.name}").write_text(text.replace("Revision ", "Revision 0 (was ", 1)
                                                   .replace(", Revision", ", Revision 0, effective 2001-01-01. Was", 1),
                                                   encoding="utf-8")
    engine = Engine(load_settings(data_dir=work / "data", models_dir=REPO / "models"), today=date.today)
    engine.ingest([docs])
    statuses = engine.revisions()
    superseded = sum(s.status == "superseded" for s in statuses.values())
    questions = [json.loads(line)["question"] for line in (REPO / "corpus" / "golden.jsonl").open()]
    timings: dict[str, list[float]] = {"current only": [], "all revisions": []}
    revisions_ms: list[float] = []
    for _ in range(rounds):
        for q in questions:
            for label, every in (("current only", False), ("all revisions", True)):
                started = time.perf_counter()
                result = engine.search(q, k=5, all_revisions=every)
                timings[label].append((time.perf_counter() - started) * 1e3)
                if not every:
                    revisions_ms.append(result.timings_ms["revisions_ms"])
                    assert len(result.hits) == 5
    print(f"{len(statuses)} documents, {superseded} superseded, {engine.store.manifest.chunk_count()} chunks; "
          f"{len(questions)} questions x {rounds}")
    for label, values in timings.items():
        values.sort()
        print(f"{label:<14} p50 {statistics.median(values):6.1f} ms  p95 {values[int(len(values) * 0.95)]:6.1f} ms")
    print(f"status lookup (revisions_ms) p50 {statistics.median(revisions_ms):.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
