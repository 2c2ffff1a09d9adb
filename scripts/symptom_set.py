"""Write one of the made-up troubleshooting sets and its questions, for `eval answers`.

    PYTHONPATH=. .venv/bin/python scripts/symptom_set.py tests.support.symptom_docs_set1 SET1
    .venv/bin/operator-assistant eval answers SET1/questions.jsonl --corpus SET1/docs --mode card --work-dir SET1/data

Set 1 is the set rules are fitted to, set 2 is held out (tests/integration/test_symptom_sets.py).
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path


def main(module_name: str, folder: Path) -> None:
    module = importlib.import_module(module_name)
    docs = folder / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    module.write_all(docs)
    questions = folder / "questions.jsonl"
    questions.write_text("".join(json.dumps(q) + "\n" for q in module.QUESTIONS), encoding="utf-8")
    print(f"{len(list(docs.iterdir()))} documents in {docs}, {len(module.QUESTIONS)} questions in {questions}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], Path(sys.argv[2]))
