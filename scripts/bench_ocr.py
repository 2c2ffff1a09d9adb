"""OCR measurements for BENCHMARKS.md (issue 12, scanned pages).

    python scripts/bench_ocr.py accuracy   # character accuracy on two FM 5-125 pages, pages/s
    python scripts/bench_ocr.py ingest     # ingest of the image-only Eurotherm scan: s per 100 pages, confidence

Accuracy: the pages are rendered to images (their own text layer is ignored) and OCR'd; each
line of the transcription in tests/data/ocr/ is aligned to its best-matching stretch of the OCR
text (so two columns read across do not count as errors), and accuracy is
1 - (edit operations / transcribed characters), spaces collapsed. Set OMP/threads with --threads.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from operator_assistant.core.documents.ocr import PDF_OCR_DPI, OcrEngine  # noqa: E402
from operator_assistant.core.models import resolve_model  # noqa: E402

DOCS = REPO.parent / "shared" / "benchmarks" / "plant-docs" / "docs"
FM = DOCS / "army-fm5-125-rigging-techniques-procedures.pdf"
SCAN = DOCS / "eurotherm-tc3001-profibus-manual-scanned.pdf"
TRANSCRIBED = {15: REPO / "tests/data/ocr/fm5-125-page15.txt", 19: REPO / "tests/data/ocr/fm5-125-page19.txt"}


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def best_match_errors(line: str, text: str) -> int:
    """Fewest edits that turn `line` into some stretch of `text` (semi-global edit distance)."""
    previous = [0] * (len(text) + 1)  # a match may start anywhere in text
    for i, a in enumerate(line, 1):
        current = [i] + [0] * len(text)
        for j, b in enumerate(text, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b))
        previous = current
    return min(previous)  # and end anywhere


def accuracy(threads: int) -> None:
    import pypdfium2 as pdfium

    engine = OcrEngine(resolve_model(REPO / "models", "PP-OCRv4", "ocr"), threads)
    pdf = pdfium.PdfDocument(str(FM))
    total_chars = total_errors = 0
    seconds = 0.0
    for number, path in TRANSCRIBED.items():
        image = pdf[number - 1].render(scale=PDF_OCR_DPI / 72, grayscale=True).to_pil()
        started = time.perf_counter()
        page = engine.read(image, PDF_OCR_DPI / 72)
        seconds += time.perf_counter() - started
        text = squash(page.text)
        lines = [squash(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        errors = sum(best_match_errors(line, text) for line in lines)
        chars = sum(len(line) for line in lines)
        print(f"page {number}: {chars} characters transcribed, {errors} edits, accuracy {1 - errors / chars:.4f}, "
              f"mean confidence {page.confidence:.3f}")
        total_chars += chars
        total_errors += errors
    print(f"both pages: accuracy {1 - total_errors / total_chars:.4f}; "
          f"{len(TRANSCRIBED) / seconds:.2f} pages/s ({seconds / len(TRANSCRIBED):.1f} s/page) on {threads} threads")


def ingest(threads: int, keep: Path | None) -> None:
    from operator_assistant.config import load_settings
    from operator_assistant.core.engine import Engine

    with tempfile.TemporaryDirectory(prefix="oa-bench-ocr-") as temporary:
        data = keep or temporary
        engine = Engine(load_settings(data_dir=Path(data), models_dir=REPO / "models", llm_threads=threads), audit=False)
        engine.embedder  # noqa: B018 - loaded before the clock starts, as in the running application
        started = time.perf_counter()
        report = engine.ingest([SCAN])
        seconds = time.perf_counter() - started
        [doc] = engine.store.manifest.documents()
        print(f"{SCAN.name}: {report.results[0].status} {report.results[0].message}; {doc.pages} pages, "
              f"{doc.chunks} chunks in {seconds:.0f} s = {seconds / doc.pages * 100:.0f} s per 100 pages; "
              f"{doc.ocr_note}")
        engine.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["accuracy", "ingest"])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--data-dir", type=Path, help="ingest into this data dir and keep it (to open it in the window)")
    args = parser.parse_args()
    if not DOCS.is_dir():
        sys.exit(f"the plant-docs set is not at {DOCS}")
    accuracy(args.threads) if args.what == "accuracy" else ingest(args.threads, args.data_dir)
