"""Reading scanned pages and images: OCR with the bundled PP-OCRv4 weights (rapidocr-onnxruntime).

An OCR page keeps its text with one box per word, in page units from the page's top left
(PDF points for a PDF page, pixels for an image), so a citation can be highlighted on the
page image. The weights are loaded only from the models folder, by explicit path.
It must never download weights.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from operator_assistant.errors import Cancelled, DocumentError, UserError
from operator_assistant.folder.records import Box, OcrPage, OcrWord

if TYPE_CHECKING:
    from PIL.Image import Image

    from operator_assistant.core.models import ResolvedModel

log = logging.getLogger("ingest")

# PDF pages are rendered at 200 dpi for OCR: at 150 dpi small print (8 pt footnotes, table
# figures) loses characters, above 200 the detector gets slower with no gain (BENCHMARKS.md, OCR).
PDF_OCR_DPI = 200
# A line read with less confidence than this is left out (RapidOCR's own default).
MIN_LINE_CONFIDENCE = 0.5
DETECTOR, RECOGNIZER = "ch_PP-OCRv4_det_infer.onnx", "ch_PP-OCRv4_rec_infer.onnx"
CLASSIFIER = "ch_ppocr_mobile_v2.0_cls_infer.onnx"
_WORD = re.compile(r"\S+")

UNREADABLE = OcrPage("")


class PageReader(Protocol):
    """Gives the OCR text of one page; `render` draws the page as (image, pixels per page unit)."""

    def read_page(self, index: int, count: int, render: Callable[[], tuple[Image, float]]) -> OcrPage: ...


class OcrEngine:
    """PP-OCRv4 detection, direction and recognition models run by onnxruntime."""

    def __init__(self, model: ResolvedModel, threads: int = 0) -> None:
        try:
            from rapidocr_onnxruntime import RapidOCR
        except ImportError as exc:  # pragma: no cover - a broken install
            raise DocumentError("OCR is not installed: install the rapidocr-onnxruntime package") from exc
        folder = model.path
        # Every model path is given, so nothing is looked up beside the package or fetched.
        self._ocr = RapidOCR(det_model_path=str(folder / DETECTOR), rec_model_path=str(folder / RECOGNIZER),
                             cls_model_path=str(folder / CLASSIFIER), intra_op_num_threads=threads or -1,
                             text_score=MIN_LINE_CONFIDENCE)
        self._lock = threading.Lock()  # one onnxruntime session set, used by one page at a time
        self.model_id = model.model_id

    def read(self, image: Image, unit: float = 1.0) -> OcrPage:
        """The text of one page image; boxes are divided by `unit` (pixels per page unit)."""
        import numpy as np

        with self._lock:
            found, _ = self._ocr(np.asarray(image.convert("RGB")), return_word_box=True)
        return page_from_lines(found or [], unit)


def _rows(lines: list[tuple[str, Box, list, float]]) -> list[list[tuple[str, Box, list, float]]]:
    """Lines of text grouped into rows (boxes that share most of their height), each row left to right."""
    rows: list[list[tuple[str, Box, list, float]]] = []
    for line in sorted(lines, key=lambda item: (item[1][1] + item[1][3]) / 2):
        _, (_, top, _, bottom), _, _ = line
        if rows:
            last = rows[-1][-1][1]
            overlap = min(bottom, last[3]) - max(top, last[1])
            if overlap > 0.5 * min(bottom - top, last[3] - last[1]):
                rows[-1].append(line)
                continue
        rows.append([line])
    return [sorted(row, key=lambda item: item[1][0]) for row in rows]


def _char_boxes(text: str, box: Box, boxes: list) -> list[Box]:
    """One box per character: the recognizer's own where it gave one per character, else the
    line's box shared out evenly (a monospaced guess, close enough to mark a word)."""
    if len(boxes) == len(text):
        return [(min(p[0] for p in quad), min(p[1] for p in quad), max(p[0] for p in quad), max(p[1] for p in quad))
                for quad in boxes]
    left, top, right, bottom = box
    step = (right - left) / max(len(text), 1)
    return [(left + i * step, top, left + (i + 1) * step, bottom) for i in range(len(text))]


def page_from_lines(found: list, unit: float = 1.0) -> OcrPage:
    """RapidOCR's lines ([quad, text, score, char boxes, ...]) as page text with a box per word."""
    lines = []
    for item in found:
        quad, text, score = item[0], str(item[1]).strip(), float(item[2])
        if not text:
            continue
        box = (min(p[0] for p in quad), min(p[1] for p in quad), max(p[0] for p in quad), max(p[1] for p in quad))
        chars = item[3] if len(item) > 3 and item[3] and len(item[3]) == len(str(item[1])) else []
        if chars and str(item[1]) != text:  # keep boxes and characters in step after strip()
            lead = len(str(item[1])) - len(str(item[1]).lstrip())
            chars = chars[lead:lead + len(text)]
        lines.append((text, box, chars, score))
    parts: list[str] = []
    words: list[OcrWord] = []
    offset = 0
    for n, row in enumerate(_rows(lines)):
        if n:
            parts.append("\n")
            offset += 1
        for k, (text, box, chars, score) in enumerate(row):
            if k:
                parts.append(" ")
                offset += 1
            char_boxes = _char_boxes(text, box, chars)
            for match in _WORD.finditer(text):
                span = char_boxes[match.start():match.end()]
                words.append(OcrWord(offset + match.start(), offset + match.end(),
                                     (min(b[0] for b in span) / unit, min(b[1] for b in span) / unit,
                                      max(b[2] for b in span) / unit, max(b[3] for b in span) / unit), score))
            parts.append(text)
            offset += len(text)
    text = "".join(parts)
    if not words:
        return UNREADABLE
    return OcrPage(text, tuple(words), sum(w.confidence for w in words) / len(words))


class OcrReader:
    """Runs the engine on each page, reporting progress and stopping between pages when cancelled."""

    def __init__(self, engine: Callable[[], OcrEngine], progress: Callable[[int, int], None] | None = None,
                 cancel: Callable[[], bool] | None = None) -> None:
        self.engine = engine  # loaded on the first page that needs it
        self.progress = progress
        self.cancel = cancel

    def read_page(self, index: int, count: int, render: Callable[[], tuple[Image, float]]) -> OcrPage:
        if self.cancel is not None and self.cancel():
            raise Cancelled()
        if self.progress is not None:
            self.progress(index, count)
        try:
            engine = self.engine()
        except UserError as exc:
            raise DocumentError(f"page {index + 1} is a scan and needs OCR, which cannot load: {exc.message}",
                                exc.hint) from exc
        image, unit = render()
        try:
            return engine.read(image, unit)
        except Exception as exc:  # the engine failing on one page must not lose the others
            log.warning("OCR failed on page %d: %s: %s", index + 1, type(exc).__name__, exc)
            return UNREADABLE


class StoredPages:
    """OCR pages kept in the index: the viewer rebuilds a scanned document without running OCR again."""

    def __init__(self, pages: dict[int, OcrPage]) -> None:
        self.pages = pages

    def read_page(self, index: int, count: int, render: Callable[[], tuple[Image, float]]) -> OcrPage:
        return self.pages.get(index, UNREADABLE)


def words_to_json(page: OcrPage) -> list[list[float]]:
    return [[w.start, w.end, *(round(v, 1) for v in w.box), round(w.confidence, 3)] for w in page.words]


def words_from_json(rows: list[list[float]]) -> tuple[OcrWord, ...]:
    return tuple(OcrWord(int(r[0]), int(r[1]), (r[2], r[3], r[4], r[5]), r[6]) for r in rows)
