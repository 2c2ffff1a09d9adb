"""Images (PNG, JPEG, TIFF, multi-page TIFF too) as documents: each frame is a page read by OCR.

It must not read an image without the bundled OCR model (no fallback that fetches one).
"""

from __future__ import annotations

import io
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from operator_assistant.core.documents.base import TEXT, Block, Document
from operator_assistant.core.documents.ocr import OcrPage, PageReader
from operator_assistant.core.documents.pdf import PAGE_SEPARATOR
from operator_assistant.errors import DocumentError
from operator_assistant.folder.records import unreadable_note

if TYPE_CHECKING:
    from PIL.Image import Image

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")
MAX_PIXELS = 60_000_000  # about a 600 dpi A3 scan; larger is a decompression bomb, not a page


def open_frames(data: bytes) -> list[Image]:
    """The image's frames (pages) as Pillow images, or DocumentError with the reason."""
    from PIL import Image, ImageSequence, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        image = Image.open(io.BytesIO(data))
        frames = [frame.copy() for frame in ImageSequence.Iterator(image)]
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, SyntaxError) as exc:
        raise DocumentError(f"damaged or unreadable image ({exc})") from exc
    return frames


def _unscaled(frame: Image) -> tuple[Image, float]:
    return frame, 1.0


def load_image(path: Path, data: bytes, ocr: PageReader | None = None) -> Document:
    if ocr is None:
        raise DocumentError("an image needs OCR, which is not available here",
                            "run `operator-assistant models fetch` to install the OCR model")
    frames = open_frames(data)
    pages: dict[int, OcrPage] = {}
    parts, blocks, page_starts, offset = [], [], [], 0
    for number, frame in enumerate(frames):
        pages[number] = ocr.read_page(number, len(frames), partial(_unscaled, frame))
        if number:
            parts.append(PAGE_SEPARATOR)
            offset += len(PAGE_SEPARATOR)
        page_starts.append(offset)
        text = pages[number].text
        parts.append(text)
        position = 0
        for line in text.split("\n"):  # a line is a block, as on a PDF page; the chunker joins them
            if line.strip():
                blocks.append(Block(TEXT, offset + position, offset + position + len(line)))
            position += len(line) + 1
        offset += len(text)
    if not blocks:
        raise DocumentError(f"no text could be read in this image ({unreadable_note(list(range(1, len(frames) + 1)))})")
    return Document(path, "image", path.stem, "".join(parts), blocks, page_starts, [], ocr_pages=pages)
