"""Time to first token and generation speed of the bundled GGUF model.

    .venv/bin/python scripts/bench_llm.py [--prompt-tokens 1500] [--runs 5]
Each run asks about a different passage of the sample corpus, so only the system
rules are shared between runs (as between real questions).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from operator_assistant.config import load_settings
from operator_assistant.core.documents import load_document
from operator_assistant.core.llm.llama import load_llm
from operator_assistant.core.llm.prompts import PromptSource, build_prompt
from operator_assistant.core.models import resolve_model

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompt-tokens", type=int, default=1500)
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
        text = load_document(docs[run % len(docs)]).text
        source = PromptSource(1, docs[run % len(docs)].stem, (), (), text)
        prompt = build_prompt("Summarize the main setpoints.", [source], llm.count_tokens,
                              args.prompt_tokens + args.max_tokens + 64, args.max_tokens)
        sizes.append(prompt.tokens)
        t0 = time.perf_counter()
        first, count = None, 0
        for _ in llm.stream(prompt.messages, args.max_tokens, 0.0):
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
