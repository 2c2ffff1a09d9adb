"""Markdown via markdown-it-py (CommonMark + tables).

The extracted text is the source itself, so offsets point straight into the file (front matter
blanked, tabs between words as spaces: each one character for one).
It must not render HTML or follow links in the Markdown.
"""

from __future__ import annotations

from pathlib import Path

from markdown_it import MarkdownIt

from operator_assistant.core.documents.base import HEADING, ROW, TEXT, Block, Document, decode_text, line_spans
from operator_assistant.core.documents.tables import Cell, Table, cells_of_row, make_table
from operator_assistant.core.documents.titles import blank, front_matter, pick_title, untab

_PARSER = MarkdownIt("commonmark").enable("table")
# Token types whose line map makes one block. Paragraphs inside list items and
# quotes come through as paragraph_open, with the list marker on their line.
_BLOCK_TYPES = {"paragraph_open": TEXT, "tr_open": ROW, "fence": TEXT, "code_block": TEXT, "html_block": TEXT}


def load_markdown(path: Path, data: bytes) -> Document:
    # Front matter is blanked, not cut, and tabs between words read as spaces one for one: offsets
    # still point into the file.
    text = decode_text(data, path)
    end, fields = front_matter(text)
    text = untab(blank(text, end))
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

