"""Embedder alone: backends against torch float32, in chunks per CPU-second, and how close their vectors are.

    .venv/bin/python scripts/bench_embed.py corpus/documents [--every 10] [--rounds 2]
    .venv/bin/python scripts/bench_embed.py corpus/documents --backends torch,bf16,bf16-weights \\
        --threads 2 --golden corpus/golden.jsonl
CPU time with one thread is what stays comparable on a machine shared with other work
(wall time is printed too). Chunks come from the product's own loaders and chunker. Backends
run interleaved, round after round, so a change in load hits them alike. "bf16-weights" is
not a product setting: the model's weights cast to bfloat16, the alternative to autocast.
With --golden, each backend's passage vectors are compared with float32's: cosine, and the
dense top 10 of each golden question (questions embedded in float32, as every backend does).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

from operator_assistant.config import load_settings
from operator_assistant.core.chunking import chunk_document
from operator_assistant.core.documents import load_document
from operator_assistant.core.documents.ocr import OcrReader
from operator_assistant.core.embedding import Embedder, SentenceTransformerEmbedder, load_embedder
from operator_assistant.core.engine import Engine
from operator_assistant.core.ingest import collect_files
from operator_assistant.core.models import ResolvedModel, resolve_model
from operator_assistant.evaluation.golden import load_golden


def make_embedder(model: ResolvedModel, backend: str, threads: int) -> Embedder:
    if backend == "bf16-weights":
        import torch

        embedder = SentenceTransformerEmbedder(model)
        embedder._model.to(torch.bfloat16)
        return embedder
    return load_embedder(model, backend=backend, threads=threads)


def top10(passages: np.ndarray, questions: np.ndarray) -> np.ndarray:
    return np.argsort(-(questions @ passages.T), axis=1, kind="stable")[:, :10]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--every", type=int, default=1, help="keep every Nth chunk")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--backends", default="onnx,torch", help="comma-separated: onnx, int8, torch, bf16, bf16-weights")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--golden", type=Path, help="golden questions: compare rankings with torch float32's")
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    with tempfile.TemporaryDirectory() as tmp:
        engine = Engine(load_settings(data_dir=tmp))
        reader = OcrReader(engine.ocr)
        files = collect_files([args.folder])[0]
        texts = [c.indexed_text for f in files for c in chunk_document(load_document(f, reader), engine.chunk_params)]
        texts = texts[::args.every]
        model = resolve_model(engine.settings.models_dir, engine.settings.embedder, "embedder")
        engine.close()
    print(f"{len(texts)} chunks, mean {sum(map(len, texts)) / len(texts):.0f} characters, {args.threads} thread(s)")
    backends = args.backends.split(",")
    embedders = {backend: make_embedder(model, backend, args.threads) for backend in backends}
    vectors: dict[str, np.ndarray] = {}
    for _ in range(args.rounds):
        for backend, embedder in embedders.items():
            cpu, wall = time.process_time(), time.perf_counter()
            vectors[backend] = embedder.embed(texts)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            print(f"{backend:12s} {len(texts) / cpu:6.1f} chunks per CPU-second, {len(texts) / wall:6.1f} per second"
                  f" ({cpu:.1f} s CPU, {wall:.1f} s wall)", flush=True)
    if "torch" not in vectors:
        return
    reference = vectors["torch"]
    questions = None
    if args.golden:
        asked = [q.question for q in load_golden(args.golden)]
        questions = np.stack([embedders["torch"].embed_query(q) for q in asked])
        expected = top10(reference, questions)
    for backend, got in vectors.items():
        if backend == "torch":
            continue
        got = got / np.linalg.norm(got, axis=1, keepdims=True)
        cosine = (got * reference).sum(axis=1)
        line = f"{backend:12s} cosine to torch float32: mean {cosine.mean():.6f}, lowest {cosine.min():.6f}"
        if questions is not None:
            ranked = top10(got, questions)
            line += (f"; of {len(questions)} golden questions, top 1 differs on {int((ranked[:, 0] != expected[:, 0]).sum())},"
                     f" top-10 order on {int((ranked != expected).any(axis=1).sum())},"
                     f" top-10 set on {sum(set(a) != set(b) for a, b in zip(ranked, expected, strict=True))}")
        print(line)


if __name__ == "__main__":
    main()
