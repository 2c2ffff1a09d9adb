"""Where ingestion time goes: parse+chunk, embed, index write, for a folder of documents.

    .venv/bin/python scripts/bench_ingest.py corpus/documents
Runs a full ingest into a fresh temporary data dir, then times each stage on its own.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from operator_assistant.config import load_settings
from operator_assistant.core.chunking import chunk_document
from operator_assistant.core.documents import load_document
from operator_assistant.core.engine import Engine
from operator_assistant.core.ingest import collect_files
from operator_assistant.core.tokenize import tokenize


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        engine = Engine(load_settings(data_dir=tmp))
        t0 = time.perf_counter()
        embedder = engine.embedder
        load_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        report = engine.ingest([args.folder])
        ingest_s = time.perf_counter() - t0
        files = collect_files([args.folder])[0]
        t0 = time.perf_counter()
        chunks = [c for f in files for c in chunk_document(load_document(f), engine.chunk_params)]
        parse_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        for c in chunks:
            tokenize(c.indexed_text)
        tokenize_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        embedder.embed([c.indexed_text for c in chunks])
        embed_s = time.perf_counter() - t0
    print(json.dumps({
        "files": len(files), "chunks": len(chunks), "model_load_s": round(load_s, 2),
        "ingest_s": round(ingest_s, 2), "chunks_per_s": round(report.chunks_embedded / ingest_s, 1),
        "parse_and_chunk_s": round(parse_s, 2), "tokenize_s": round(tokenize_s, 2), "embed_s": round(embed_s, 2),
        "write_and_other_s": round(ingest_s - parse_s - tokenize_s - embed_s, 2),
        "mean_chunk_chars": round(sum(len(c.indexed_text) for c in chunks) / len(chunks)),
    }, indent=1))


if __name__ == "__main__":
    main()
