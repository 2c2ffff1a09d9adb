"""Precision and recall of the conflict finder on made-up document sets with planted disagreements.

    PYTHONPATH=. .venv/bin/python scripts/conflict_precision.py tests.support.conflict_docs tests.support.conflict_docs_confirm

Each module gives PLANTED (each disagreement as the pair of values written) and write_all(folder). The
documents are indexed into a temporary data folder with the bundled embedder, as the app does, and
every conflict found is judged against PLANTED by its two figures: a found pair not planted is a false
conflict.
"""

from __future__ import annotations

import importlib
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from tests.support.conflict_docs import figures

from operator_assistant.config import load_settings
from operator_assistant.core.engine import Engine

MODELS = Path(__file__).resolve().parent.parent / "models"


def measure(module_name: str) -> tuple[int, int, int]:
    module = importlib.import_module(module_name)
    with tempfile.TemporaryDirectory() as tmp:
        docs = module.write_all(Path(tmp) / "docs")
        engine = Engine(load_settings(data_dir=Path(tmp) / "data", models_dir=MODELS), audit=False)
        engine.today = lambda: date(2026, 6, 1)
        report = engine.ingest([docs])
        if report.failed:
            raise SystemExit(f"{module_name}: {[(f.path, f.error) for f in report.failed]}")
        started = time.perf_counter()
        found = engine.conflicts()
        took = time.perf_counter() - started
        engine.close()
    planted = {figures(pair) for pair in module.PLANTED}
    pairs = [figures((c.first.value, c.second.value)) for c in found]
    true = [p for p in pairs if p in planted]
    print(f"{module_name}: {len(found)} found, {len(true)} planted among them, {len(planted)} planted "
          f"(conflicts() {took * 1e3:.0f} ms)")
    for c, pair in zip(found, pairs, strict=True):
        if pair not in planted:
            print(f"  FALSE: {c.first.value} ({Path(c.first.source).name}: {c.first.text!r}) <> "
                  f"{c.second.value} ({Path(c.second.source).name}: {c.second.text!r})")
    for pair in planted - set(pairs):
        print(f"  MISSED: {' <> '.join(sorted(pair))}")
    precision = len(true) / len(found) if found else 1.0
    recall = len(set(true)) / len(planted)
    print(f"  precision {precision:.2f}  recall {recall:.2f}")
    return len(found), len(true), len(planted)


if __name__ == "__main__":
    for name in sys.argv[1:] or ["tests.support.conflict_docs"]:
        measure(name)
