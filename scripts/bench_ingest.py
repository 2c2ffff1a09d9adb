"""Where ingestion time goes: embedding against everything else (parse, OCR, chunk, writes).

    .venv/bin/python scripts/bench_ingest.py corpus/documents [--backend onnx|int8|torch|bf16] [--readers N] [--stages]
Runs a full ingest into a fresh temporary data dir, timing the embedder's calls inside it.
--backend: as `embed_backend` ("" = what a new data folder gets: the float32 ONNX export);
--readers: files read at once in child processes (as `ingest_readers`); --stages afterwards
times parsing (with OCR) and tokenizing on their own.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from operator_assistant.config import ingest_readers_for, load_settings
from operator_assistant.core.chunking import chunk_document
from operator_assistant.core.documents import load_document
from operator_assistant.core.documents.ocr import OcrReader
from operator_assistant.core.documents.process import DocumentProcess, OcrSettings
from operator_assistant.core.embedding import BACKENDS, Embedder
from operator_assistant.core.engine import Engine
from operator_assistant.core.ingest import collect_files
from operator_assistant.core.tokenize import tokenize


class TimedEmbedder:
    """The engine's embedder, adding up the time spent in it."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.dimension = inner.dimension
        self.seconds = 0.0
        self.cpu_seconds = 0.0  # all threads: on a shared machine, the work done whatever the wait
        self.texts = 0

    def embed(self, texts: Sequence[str], progress: Callable[[int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> np.ndarray:
        started, cpu = time.perf_counter(), time.process_time()
        try:
            return self.inner.embed(texts, progress, cancel)
        finally:
            self.seconds += time.perf_counter() - started
            self.cpu_seconds += time.process_time() - cpu
            self.texts += len(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return self.inner.embed_query(text)

    def embed_like_query(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_like_query(texts)


def children_cpu_seconds() -> float:
    """CPU time of this process's live children (the document reader), from /proc (Linux)."""
    total = 0.0
    for child in multiprocessing.active_children():
        try:
            fields = Path(f"/proc/{child.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--backend", choices=("", *BACKENDS), default="",
                        help="as embed_backend; \"\" (default): what the app picks for a new data folder")
    parser.add_argument("--readers", type=int, default=0, help="as ingest_readers; 0: from the core count")
    parser.add_argument("--stages", action="store_true", help="also time parse+chunk and tokenize on their own")
    parser.add_argument("--parse", choices=("child", "here"), default="child",
                        help="parse in a child process, reading the next file ahead (as the app does), or in this one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(data_dir=tmp, embed_backend=args.backend)
        reader = DocumentProcess(OcrSettings(settings.models_dir, settings.ocr_model, settings.llm_threads),
                                 ingest_readers_for(args.readers)) if args.parse == "child" else None
        if reader is not None:
            reader.prestart()  # as LocalFolder.ingest does: the child starts while the embedder loads
        t0 = time.perf_counter()
        loaded = Engine(settings).embedder
        load_s = time.perf_counter() - t0
        embedder = TimedEmbedder(loaded)
        engine = Engine(settings, embedder, reader=reader)
        t0, cpu0 = time.perf_counter(), time.process_time()
        report = engine.ingest([args.folder])
        ingest_s, ingest_cpu_s = time.perf_counter() - t0, time.process_time() - cpu0
        child_cpu_s = children_cpu_seconds()
        if reader is not None:
            reader.close()
        result = {
            "backend": getattr(loaded, "backend", "?"), "embedder": loaded.model_id,
            "files": len(collect_files([args.folder])[0]), "failed": len(report.failed),
            "chunks": report.chunks_embedded, "model_load_s": round(load_s, 2),
            "parse": args.parse, "readers": reader.workers if reader is not None else 0,
            "ingest_s": round(ingest_s, 2), "ingest_cpu_s": round(ingest_cpu_s, 2),
            "child_cpu_s": round(child_cpu_s, 2),
            "chunks_per_s": round(report.chunks_embedded / ingest_s, 1),
            "embed_s": round(embedder.seconds, 2),
            "embed_chunks_per_s": round(embedder.texts / embedder.seconds, 1) if embedder.seconds else None,
            "embed_share": round(embedder.seconds / ingest_s, 3),
            "embed_cpu_s": round(embedder.cpu_seconds, 2),
            "other_s": round(ingest_s - embedder.seconds, 2),
        }
        if args.stages:
            files = collect_files([args.folder])[0]
            reader = OcrReader(engine.ocr)
            t0 = time.perf_counter()
            chunks = [c for f in files for c in chunk_document(load_document(f, reader), engine.chunk_params)]
            result["parse_and_chunk_s"] = round(time.perf_counter() - t0, 2)
            t0 = time.perf_counter()
            for c in chunks:
                tokenize(c.indexed_text)
            result["tokenize_s"] = round(time.perf_counter() - t0, 2)
            result["mean_chunk_chars"] = round(sum(len(c.indexed_text) for c in chunks) / len(chunks))
        engine.close()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
