"""Questions that ask what changed in a numbered document, and the card that answers them from a
revision comparison (core/revision_diff.py): one row per change, the older and the newer words side
by side, each cited to its own revision."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from operator_assistant.core.answer.records import TABLE, Card, CardCell, Source
from operator_assistant.folder.records import DiffPlace, RevisionDiff

# "what changed in", "what's new in", "changes to/in/between", "differences between", "how does ... differ"
_ASKS_CHANGES = re.compile(
    r"\b(?:what(?:'s|\s+is|\s+has|\s+have|\s+was|\s+were)?\s+(?:changed|new|different|revised|updated)"
    r"|(?:changes?|differences?|revisions?\s+made|updates?)\s+(?:in|to|between|from|made|since)\b"
    r"|how\s+(?:does|do|did|has|have)\b.{0,60}\b(?:differ|changed?)"
    r"|compare[ds]?\b.{0,60}\b(?:with|to|against)\b)",
    re.IGNORECASE)
_REVISION = re.compile(r"\brev(?:ision)?\.?\s*([a-z]{1,2}|\d{1,3}(?:\.\d{1,2})?)\b", re.IGNORECASE)

# A card shows this many changes at most; the rest are in `revisions diff` and the viewer's comparison.
CARD_CHANGES = 12


@dataclass(frozen=True)
class ChangesAsked:
    number: str
    older: str | None
    newer: str | None


def asked_changes(question: str, numbers: Callable[[], Iterable[str]],
                  matches: Callable[[str, str], bool]) -> ChangesAsked | None:
    """What a question asks to compare: the document number it names (one the index has) and any
    revisions it names ("from Rev B to Rev C": both; "in Rev C": the newer); None when it does not
    ask what changed in a named document."""
    if not _ASKS_CHANGES.search(question):
        return None
    named = sorted((n for n in set(numbers()) if matches(n, question)), key=len, reverse=True)
    if not named:
        return None
    revisions = [m.group(1).upper() for m in _REVISION.finditer(question)]
    if len(revisions) >= 2:
        return ChangesAsked(named[0], revisions[0], revisions[1])
    return ChangesAsked(named[0], None, revisions[0] if revisions else None)


def changes_card(diff: RevisionDiff, chunks: Callable[[Sequence[str]], dict[str, Source]]) -> tuple[Card, list[Source]]:
    """The card for a comparison and the sources it cites, numbered in the order they are cited.
    `chunks` gives a Source (number 0) for each chunk id it can find."""
    shown = diff.changes[:CARD_CHANGES]
    # numbered as the rows cite them: the newer words first (the change's own cell points there)
    wanted = list(dict.fromkeys(p.chunk_id for c in shown for p in (c.new, c.old) if p is not None and p.chunk_id))
    found = chunks(wanted)
    numbers: dict[str, int] = {}
    sources: list[Source] = []
    for chunk_id in wanted:
        if chunk_id in found:
            numbers[chunk_id] = len(sources) + 1
            source = found[chunk_id]
            sources.append(Source(len(sources) + 1, source.chunk_id, source.document, source.source, source.section,
                                  source.pages, source.start, source.end, source.text, source.score))

    def cell(place: DiffPlace | None, other: DiffPlace | None, text: str | None = None) -> CardCell:
        at = place or other
        if at is None or at.chunk_id not in numbers:
            return CardCell(text or "", 0, 0, 0)
        return CardCell(text if text is not None else (place.text if place else ""), numbers[at.chunk_id],
                        at.start, at.start if place is None else at.end,
                        at.pages[0] if len(at.pages) == 1 else None)

    rows = tuple((cell(c.new, c.old, c.summary), cell(c.old, c.new), cell(c.new, c.old)) for c in shown)
    rows = tuple(r for r in rows if r[0].source)  # a change whose passages are gone is not shown uncited
    old_name, new_name = _name(diff.old.revision, "older"), _name(diff.new.revision, "newer")
    part = f"{len(rows)} of {len(diff.changes)} changes" if len(diff.changes) > len(rows) else ""
    title = diff.heading if diff.changes else f"{diff.heading}: no changes found"
    return Card(TABLE, title, rows, ("Change", old_name, new_name), part=part), sources


def _name(revision: str | None, side: str) -> str:
    return f"Rev {revision}" if revision else side.capitalize()
