"""Search latency on an existing index: every golden question, several rounds.

    .venv/bin/python scripts/bench_search.py --data-dir DIR [--rounds 5]
Prints p50/p95 of the total and of each stage (query embedding, dense, lexical, fusion).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from operator_assistant.config import load_settings
from operator_assistant.core.engine import Engine
from operator_assistant.evaluation.golden import load_golden
from operator_assistant.evaluation.metrics import percentile

ROOT = Path(__file__).resolve().parent.parent


def search_stages(search: Callable[[str], Any], questions: Sequence[str], rounds: int) -> dict[str, dict[str, float]]:
    """p50/p95 in ms of each stage of `search` (which returns a SearchResult with timings_ms) over every question."""
    stages: dict[str, list[float]] = {}
    for _ in range(rounds):
        for question in questions:
            for stage, ms in search(question).timings_ms.items():
                stages.setdefault(stage, []).append(ms)
    return {stage: {"p50": round(percentile(v, 50), 1), "p95": round(percentile(v, 95), 1), "n": len(v)}
            for stage, v in stages.items()}


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
    stages = search_stages(engine.search, questions, args.rounds)
    print(json.dumps({
        "chunks": engine.store.manifest.chunk_count(), "searches": stages["total_ms"]["n"],
        "startup_s": round(startup, 2), **stages,
    }, indent=1))


if __name__ == "__main__":
    main()
