"""Search latency on an existing index: every golden question, several rounds.

    .venv/bin/python scripts/bench_search.py --data-dir DIR [--rounds 5]
Prints p50/p95 of the total and of each stage (query embedding, dense, lexical, fusion).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from operator_assistant.config import load_settings
from operator_assistant.core.engine import Engine
from operator_assistant.core.evaluation import load_golden, percentile

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--questions", type=Path, default=ROOT / "corpus" / "golden.jsonl")
    args = parser.parse_args()
    engine = Engine(load_settings(data_dir=args.data_dir))
    questions = [q.question for q in load_golden(args.questions)]
    started = time.perf_counter()
    engine.search("warm-up")  # loads the embedder and opens both indexes
    startup = time.perf_counter() - started
    stages: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for question in questions:
            for stage, ms in engine.search(question).timings_ms.items():
                stages.setdefault(stage, []).append(ms)
    print(json.dumps({
        "chunks": engine.store.manifest.chunk_count(), "searches": len(stages["total_ms"]),
        "startup_s": round(startup, 2),
        **{stage: {"p50": round(percentile(v, 50), 1), "p95": round(percentile(v, 95), 1)} for stage, v in stages.items()},
    }, indent=1))


if __name__ == "__main__":
    main()
