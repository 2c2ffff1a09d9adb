"""Embedder alone, int8 export against torch, in chunks per CPU-second with one thread.

    .venv/bin/python scripts/bench_embed.py corpus/documents [--every 10] [--rounds 2]
CPU time with one thread is what stays comparable on a machine shared with other work
(wall time is printed too). Chunks come from the product's own loaders and chunker.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from operator_assistant.config import load_settings
from operator_assistant.core.chunking import chunk_document
from operator_assistant.core.documents import load_document
from operator_assistant.core.documents.ocr import OcrReader
from operator_assistant.core.embedding import load_embedder
from operator_assistant.core.engine import Engine
from operator_assistant.core.ingest import collect_files
from operator_assistant.core.models import resolve_model


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--every", type=int, default=1, help="keep every Nth chunk")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    import torch

    torch.set_num_threads(1)
    with tempfile.TemporaryDirectory() as tmp:
        engine = Engine(load_settings(data_dir=tmp))
        reader = OcrReader(engine.ocr)
        files = collect_files([args.folder])[0]
        texts = [c.indexed_text for f in files for c in chunk_document(load_document(f, reader), engine.chunk_params)]
        texts = texts[::args.every]
        model = resolve_model(engine.settings.models_dir, engine.settings.embedder, "embedder")
        engine.close()
    print(f"{len(texts)} chunks, mean {sum(map(len, texts)) / len(texts):.0f} characters")
    for _ in range(args.rounds):
        for backend in ("auto", "torch"):
            embedder = load_embedder(model, backend=backend, threads=1)
            cpu, wall = time.process_time(), time.perf_counter()
            embedder.embed(texts)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            print(f"{getattr(embedder, 'backend', backend):10s} {len(texts) / cpu:6.1f} chunks per CPU-second"
                  f" ({cpu:.1f} s CPU, {wall:.1f} s wall)", flush=True)


if __name__ == "__main__":
    main()
