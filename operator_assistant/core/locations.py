"""How a citation names where its passage is, the same in the CLI, the chat and the history.

Formatting only: it must not look anything up in the index.
"""

from __future__ import annotations

from collections.abc import Sequence


def pages_label(pages: Sequence[int]) -> str:
    """"p. 16", "pp. 16-17", or "" when the format has no pages (HTML, Markdown, text)."""
    if not pages:
        return ""
    first, last = min(pages), max(pages)
    return f"p. {first}" if first == last else f"pp. {first}-{last}"


SECTION_CHARS = 120  # a section path shown longer than this is shortened in the middle


def section_label(section: Sequence[str], document: str = "", limit: int = SECTION_CHARS) -> str:
    """The heading path a citation shows, "Chapter 15 > Article 20 > §64481. Content", without the
    document's own title. A path longer than `limit` keeps its first and last headings and drops
    the middle ones ("TITLE 22 > … > §64481. Content"): the last names the passage, the first the
    part of the document. The stored path stays whole; search and the indexes use all of it."""
    parts = [s for s in section if s and s != document]
    if len(" > ".join(parts)) <= limit:
        return " > ".join(parts)
    first, last = parts[0], parts[-1]
    for keep in range(len(parts) - 3, -1, -1):  # as many headings just above the last as fit
        shown = " > ".join([first, "…", *parts[len(parts) - 1 - keep:-1], last])
        if len(shown) <= limit:
            return shown
    if len(parts) > 1:
        shown = " > ".join([_cut(first, 40), *(["…"] if len(parts) > 2 else []), last])
        if len(shown) <= limit:
            return shown
    return _cut(last, limit)


def _cut(text: str, limit: int) -> str:
    """At most `limit` characters, cut at a space, with "…" where words were left off."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit - 1)
    return text[:cut if cut > limit // 2 else limit - 1].rstrip(" ,;:>") + "…"
