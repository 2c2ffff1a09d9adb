"""Time to first token and generation speed of the bundled GGUF model.

    .venv/bin/python scripts/bench_llm.py [--prompt-tokens 400] [--runs 5]
Each run gives the model the fixed wording rules and a different passage of the sample
corpus cut to about --prompt-tokens, so only the rules are shared between runs (as
between real questions: llama.cpp reuses their cached state).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from operator_assistant.config import load_settings
from operator_assistant.core.answer.wording import RULES
from operator_assistant.core.documents import load_document
from operator_assistant.core.llm.llama import load_llm
from operator_assistant.core.models import resolve_model

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompt-tokens", type=int, default=400)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--max-tokens", type=int, default=64)
    args = parser.parse_args()
    settings = load_settings(data_dir=ROOT / ".data" / "bench")
    started = time.perf_counter()
    llm = load_llm(resolve_model(settings.models_dir, settings.llm, "llm"), max(2048, args.prompt_tokens + 300),
                   settings.llm_threads)
    load_s = time.perf_counter() - started
    docs = sorted((ROOT / "corpus" / "documents").iterdir())
    ttft, rates, sizes = [], [], []
    for run in range(args.runs):
        words = load_document(docs[run % len(docs)]).text.split()
        budget = args.prompt_tokens - llm.count_tokens(RULES) - 16
        while len(words) > 10 and llm.count_tokens(" ".join(words)) > budget:
            words = words[:int(len(words) * 0.9)]
        text = " ".join(words) + "\n\nQuestion: What are the main setpoints?"
        messages = [{"role": "system", "content": RULES}, {"role": "user", "content": text}]
        sizes.append(llm.count_tokens(RULES) + llm.count_tokens(text))
        t0 = time.perf_counter()
        first, count = None, 0
        for _ in llm.stream(messages, args.max_tokens, 0.0):
            first = first or time.perf_counter()
            count += 1
        end = time.perf_counter()
        ttft.append((first - t0) * 1e3)
        if count > 1:
            rates.append((count - 1) / (end - first))
    print(json.dumps({"model": llm.model_id, "load_s": round(load_s, 2), "prompt_tokens": sizes,
                      "first_token_ms_p50": round(statistics.median(ttft)), "first_token_ms": [round(t) for t in ttft],
                      "generation_pieces_per_s": round(statistics.median(rates), 1) if rates else None}, indent=1))


if __name__ == "__main__":
    main()
