"""How a citation names where its passage is, the same in the CLI, the chat and the history."""

from __future__ import annotations

from collections.abc import Sequence


def pages_label(pages: Sequence[int]) -> str:
    """"p. 16", "pp. 16-17", or "" when the format has no pages (HTML, Markdown, text)."""
    if not pages:
        return ""
    first, last = min(pages), max(pages)
    return f"p. {first}" if first == last else f"pp. {first}-{last}"
