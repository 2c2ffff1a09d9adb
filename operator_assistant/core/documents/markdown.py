"""Markdown via markdown-it-py (CommonMark + tables).

The extracted text is the source itself, line for line, so offsets point into the file's lines (front
matter blanked, tabs between words as spaces: each one character for one; inline HTML tags taken out
of their line, which is filled with spaces at its end to keep its length).
It must not render HTML or follow links in the Markdown.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from markdown_it import MarkdownIt

from operator_assistant.core.documents.base import HEADING, ROW, TEXT, Block, Document, decode_text, line_spans
from operator_assistant.core.documents.tables import Cell, Table, cells_of_row, make_table
from operator_assistant.core.documents.titles import blank, front_matter, pick_title, untab

_PARSER = MarkdownIt("commonmark").enable("table")
# Token types whose line map makes one block. Paragraphs inside list items and
# quotes come through as paragraph_open, with the list marker on their line.
_BLOCK_TYPES = {"paragraph_open": TEXT, "tr_open": ROW, "fence": TEXT, "code_block": TEXT, "html_block": TEXT}


# An HTML tag written inline ("MnSO<sub>4</sub>", "<p style=...>"), not an autolink ("<https://...>")
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def without_tags(text: str) -> str:
    """The text with inline HTML tags taken out and entities read ("&rarr;" as an arrow), each line kept at
    its length (spaces at its end), so that every line starts where it did: a card and the viewer read
    "MnSO4", not "MnSO<sub>4</sub>".
    A <br> is a line break. Code (fenced blocks, lines with backticks) is left as written."""
    out, fenced = [], False
    for line in text.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
        if fenced or _FENCE.match(line) or "`" in line or ("<" not in line and "&" not in line):
            out.append(line)
            continue
        kept = html.unescape(_TAG.sub(lambda m: "\n" if _BREAK.fullmatch(m.group()) else "", line))
        out.append(kept + " " * (len(line) - len(kept)) if len(kept) <= len(line) else line)
    return "\n".join(out)


def load_markdown(path: Path, data: bytes) -> Document:
    # Front matter is blanked, not cut, and tabs between words read as spaces one for one: offsets
    # still point into the file.
    text = decode_text(data, path)
    end, fields = front_matter(text)
    text = without_tags(untab(blank(text, end)))
    lines = line_spans(text)
    tokens = _PARSER.parse(text)
    blocks: list[Block] = []
    tables: list[Table] = []
    grid: list[list[Cell]] = []
    title = ""
    for i, token in enumerate(tokens):
        if token.type == "table_close" and (found := make_table(grid)) is not None:
            tables.append(found)
        if token.type in ("table_open", "table_close"):
            grid = []
        if token.map is None:
            continue
        first, last = token.map[0], min(token.map[1], len(lines)) - 1
        if last < first:
            continue
        start, end = lines[first][0], lines[last][1]
        while end > start and text[end - 1].isspace():
            end -= 1
        if token.type == "heading_open":
            level = int(token.tag[1])
            label = tokens[i + 1].content.strip()
            blocks.append(Block(HEADING, start, end, level, label))
            if not title and level == 1:
                title = label
        elif token.type in _BLOCK_TYPES and end > start:
            blocks.append(Block(_BLOCK_TYPES[token.type], start, end))
            if token.type == "tr_open":
                grid.append(cells_of_row(text[start:end], start))
    return Document(path, "markdown", pick_title([fields.get("title", ""), title], path), text, blocks, tables=tables,
                    properties=fields)

