"""Section paths, tables and load time per document of a folder, as ingest would chunk them.

    .venv/bin/python scripts/section_paths.py ../shared/benchmarks/plant-docs/docs [--samples 3]

For each document: chunks, chunks with no section, chunks whose stored section path is longer
than 120 characters and those whose path as a citation shows it (section_label) is, tables found,
load time, and the commonest paths (a path shared by many chunks that reads as body text, a table
of contents or a list of figures is a defect).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from pathlib import Path

from operator_assistant.core.chunking import chunk_document
from operator_assistant.core.documents import load_document
from operator_assistant.core.locations import section_label
from operator_assistant.errors import DocumentError

LONG = 120


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--samples", type=int, default=3, help="commonest paths shown per document")
    parser.add_argument("--judge", type=int, default=0, metavar="N",
                        help="also print N chunks drawn at random (seed 12) with the path a citation shows, to judge by eye")
    args = parser.parse_args()
    totals = Counter()
    drawn: list[tuple[str, str, str]] = []
    for path in sorted(p for p in args.folder.iterdir() if p.is_file() and not p.name.startswith(".")):
        started = time.perf_counter()
        try:
            document = load_document(path)
        except DocumentError as exc:
            print(f"{path.name}: not read ({exc})")
            continue
        chunks = chunk_document(document)
        seconds = time.perf_counter() - started
        paths = [" > ".join(c.section) for c in chunks]
        none, long = sum(not p for p in paths), sum(len(p) > LONG for p in paths)
        shown = sum(len(section_label(c.section, document.title)) > LONG for c in chunks)
        totals.update(chunks=len(chunks), none=none, long=long, shown=shown, tables=len(document.tables))
        print(f"{path.name}: {len(chunks)} chunks, {none} with no section, {long} with a path over {LONG} "
              f"characters ({shown} as shown), {len(document.tables)} tables, {seconds:.1f} s")
        drawn.extend((path.name, section_label(c.section, document.title), c.text) for c in chunks)
        for text, count in Counter(paths).most_common(args.samples):
            print(f"    {count:4d}  {text[:150] or '(no section)'}")
    print(f"total: {totals['chunks']} chunks, {totals['none']} with no section, {totals['long']} over {LONG} "
          f"characters ({totals['shown']} as shown), {totals['tables']} tables")
    for n, (name, shown, text) in enumerate(random.Random(12).sample(drawn, min(args.judge, len(drawn))), start=1):
        print(f"{n:3d}. {name[:28]} | {shown or '(no section)'}\n       {' '.join(text.split())[:110]}")


if __name__ == "__main__":
    main()
