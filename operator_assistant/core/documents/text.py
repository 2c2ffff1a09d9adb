"""Plain text. Headings are short UPPERCASE lines, optionally numbered ("2.1 ALARMS"),
or lines underlined with === / ---. The extracted text is the file's text.
It must not rewrite the text (tabs between words read as spaces, one for one): offsets point straight
into the file.
"""

from __future__ import annotations

import re
from pathlib import Path

from operator_assistant.core.documents.base import HEADING, TEXT, Block, Document, decode_text, line_spans
from operator_assistant.core.documents.titles import names_an_owner, pick_title, untab

SHORT_TITLE = 80  # a first line longer than this is the text's first sentence
_NUMBERED = re.compile(r"^(\d+(?:\.\d+)*)\.?\s+(\S.*)$")
_UNDERLINE = re.compile(r"^\s*(=+|-+)\s*$")


def _heading_level(line: str) -> int:
    """0 if the line is not a heading, else its level."""
    stripped = line.strip()
    if not stripped or len(stripped) > 80:
        return 0
    level, body = 1, stripped
    numbered = _NUMBERED.match(stripped)
    if numbered:
        level, body = numbered.group(1).count(".") + 1, numbered.group(2)
    letters = [c for c in body if c.isalpha()]
    if len(letters) < 3 or any(c.islower() for c in letters) or body.endswith((".", ",", ";")):
        return 0
    return level


def load_text(path: Path, data: bytes) -> Document:
    text = untab(decode_text(data, path))  # tabs between words as spaces, one for one: offsets hold
    spans = line_spans(text)
    blocks: list[Block] = []
    paragraph: list[tuple[int, int]] = []  # stripped extents of its lines

    def flush() -> None:
        if paragraph:
            blocks.append(Block(TEXT, paragraph[0][0], paragraph[-1][1]))
            paragraph.clear()

    i = 0
    while i < len(spans):
        start, end = spans[i]
        line = text[start:end]
        lstart, rend = start + len(line) - len(line.lstrip()), start + len(line.rstrip())
        nxt = text[spans[i + 1][0]:spans[i + 1][1]] if i + 1 < len(spans) else ""
        if not paragraph and line.strip() and len(line.strip()) <= 80 and _UNDERLINE.match(nxt):
            blocks.append(Block(HEADING, lstart, rend, 1 if "=" in nxt else 2, line.strip()))
            i += 2
            continue
        level = 0 if paragraph else _heading_level(line)
        if level:
            blocks.append(Block(HEADING, lstart, rend, level, line.strip()))
        elif line.strip():
            paragraph.append((lstart, rend))
        else:
            flush()
        i += 1
    flush()
    # the first line where it is short enough to be a title line, else the file name; a first line that names
    # the owner ("OXBOW VALLEY WATER AUTHORITY") stands over the title on the next
    lines = [line.strip() for line in text.split("\n")[:20] if line.strip()][:2]
    if len(lines) == 2 and names_an_owner(lines[0]):
        lines = lines[1:]
    first = lines[0] if lines else ""
    title = pick_title([first] if len(first) <= SHORT_TITLE and not first.endswith((".", ",", ";")) else [], path)
    return Document(path, "text", title, text, blocks)
