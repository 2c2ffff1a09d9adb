"""Which revision of each controlled document is in force today.

Documents with the same number are revisions of one document. Decided when asked, from
today's date, so a revision dated in the future takes effect on its date without re-ingest.

Order (newest last): effective date, then revision. A revision with no effective date is
taken as effective from the day it was first indexed. Revisions compare within their kind:
numbers as numbers (2 < 10, 1.2 < 1.10), letters by length then alphabet (C < AA); where
both kinds meet on one date, a letter ranks above a number; no revision ranks lowest.
- upcoming: effective date after today; not used until that day.
- current: the newest of the rest. Two files with the same date and revision (a PDF and
  a DOCX of one issue) are both current.
- superseded: every other one; left out of answers and search unless asked for by name.
It must not change the index: it decides from the identities the manifest holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from operator_assistant.core.documents.identity import Identity, normalise_number, normalise_revision
from operator_assistant.errors import UserError
from operator_assistant.folder.records import RevisionInfo

if TYPE_CHECKING:
    from operator_assistant.core.index.manifest import IdentityRecord


class RevisionState(StrEnum):
    """Where a document stands among the revisions of its number ("" when it has no number)."""

    NONE = ""
    CURRENT = "current"
    SUPERSEDED = "superseded"
    UPCOMING = "upcoming"


CURRENT, SUPERSEDED, UPCOMING = RevisionState.CURRENT, RevisionState.SUPERSEDED, RevisionState.UPCOMING

_QUERY_REVISION = re.compile(r"\brev(?:ision)?\.?\s*(?P<rev>[a-z]{1,2}|\d{1,3}(?:\.\d{1,2})?)\b", re.IGNORECASE)


def revision_rank(revision: str | None) -> tuple:
    if not revision:
        return (0,)
    if revision[0].isdigit():
        return (1, tuple(int(p) for p in revision.split(".")))
    return (2, len(revision), revision)


def revision_name(revision: str | None, effective: date | None) -> str:
    if revision:
        return f"Rev {revision}"
    return f"the issue effective {effective.isoformat()}" if effective else "the issue without a revision"


@dataclass(frozen=True)
class RevisionStatus:
    """One document's place among the revisions of its number ('' status: it has no number)."""

    doc_id: str
    identity: Identity
    effective: date  # the effective date, or the day it was first indexed when it has none
    dated: bool  # False when `effective` is the first-indexed day
    status: RevisionState = RevisionState.NONE
    current: tuple[str, ...] = ()  # doc ids of the current revision(s) of this number
    current_name: str = ""  # "Rev C"
    previous_name: str = ""  # for a current one: the revision it supersedes
    corrected: bool = False

    @property
    def name(self) -> str:
        return revision_name(self.identity.revision, self.identity.effective)

    @property
    def label(self) -> str:
        """"Rev C, effective 2026-05-01, supersedes Rev B", as the viewer and corpus manager show it."""
        if not self.identity:
            return ""
        parts = [f"{self.identity.number}" if self.identity.number else "", self.name if self.identity.revision else ""]
        head = " ".join(p for p in parts if p)
        when = (f"effective {self.identity.effective.isoformat()}" if self.identity.effective
                else f"no effective date (taken as {self.effective.isoformat()}, when first indexed)")
        text = f"{head}, {when}" if head else when
        if self.status == CURRENT and self.previous_name:
            text += f", supersedes {self.previous_name}"
        elif self.status == SUPERSEDED:
            text += f"; SUPERSEDED by {self.current_name}" if self.current_name else "; SUPERSEDED"
        elif self.status == UPCOMING:
            text += "; UPCOMING: not in force yet" + (f", {self.current_name} applies until then"
                                                      if self.current_name else "")
        return text

    def info(self) -> RevisionInfo:
        """What the window, the command line and a console are shown of it."""
        i = self.identity
        return RevisionInfo(self.doc_id, self.label, str(self.status), self.status_text, self.corrected,
                            i.number, i.revision, i.effective, i.found_in, self.effective)

    @property
    def status_text(self) -> str:
        """For a table column: "current", "superseded by Rev C", "upcoming (2099-01-01)"."""
        if self.status == SUPERSEDED:
            return f"superseded by {self.current_name}" if self.current_name else SUPERSEDED
        if self.status == UPCOMING:
            return f"upcoming ({self.effective.isoformat()})"
        return self.status


def _key(status: RevisionStatus) -> tuple:
    return (status.effective, revision_rank(status.identity.revision))


def resolve(identities: Mapping[str, IdentityRecord], today: date) -> dict[str, RevisionStatus]:
    """Every indexed document's revision status on `today`."""
    out: dict[str, RevisionStatus] = {}
    groups: dict[str, list[RevisionStatus]] = {}
    for doc_id, record in identities.items():
        identity = record.identity
        dated = identity.effective is not None
        effective = identity.effective or datetime.fromtimestamp(record.first_indexed).date()
        status = RevisionStatus(doc_id, identity, effective, dated, corrected=record.corrected)
        out[doc_id] = status
        if identity.number:
            groups.setdefault(identity.number, []).append(status)
    for members in groups.values():
        # only a stated date can be in the future: a first-indexed day never makes a revision upcoming
        in_force = [m for m in members if not (m.dated and m.effective > today)]
        newest = max((_key(m) for m in in_force), default=None)
        current = [m for m in in_force if _key(m) == newest]
        older = sorted((m for m in in_force if _key(m) != newest), key=_key)
        current_ids = tuple(sorted(m.doc_id for m in current))
        current_name = current[0].name if current else ""
        for m in members:
            if m.doc_id in current_ids:
                state, previous = CURRENT, older[-1].name if older else ""
            elif m.dated and m.effective > today:
                state, previous = UPCOMING, ""
            else:
                state, previous = SUPERSEDED, ""
            out[m.doc_id] = RevisionStatus(m.doc_id, m.identity, m.effective, m.dated, state, current_ids,
                                           current_name, previous, m.corrected)
    return out


def named_revisions(query: str, statuses: Iterable[RevisionStatus]) -> set[str]:
    """Doc ids of revisions the query names with their number: "SOP-114 Rev B" (any case, any separator)."""
    revisions = {normalise_revision(m.group("rev")) for m in _QUERY_REVISION.finditer(query)}
    if not revisions:
        return set()
    named = set()
    for status in statuses:
        number, revision = status.identity.number, status.identity.revision
        if number and revision in revisions and _number_pattern(number).search(query):
            named.add(status.doc_id)
    return named


def names_number(number: str, text: str) -> bool:
    """The text names the document number, in any case and with any separator ("sop 114" for SOP-114)."""
    return bool(_number_pattern(number).search(text))


def _number_pattern(number: str) -> re.Pattern[str]:
    parts = [re.escape(p) for p in re.split(r"[-\s]+", number) if p]
    return re.compile(r"(?<![A-Za-z0-9])" + r"[\s_-]*".join(parts) + r"(?![A-Za-z0-9])", re.IGNORECASE)


@dataclass(frozen=True)
class Scope:
    """What a search leaves out: superseded and upcoming revisions, unless the query names them."""

    left_out: frozenset[str] = frozenset()
    named: frozenset[str] = frozenset()
    notes: tuple[str, ...] = field(default=())


def search_scope(query: str, statuses: Mapping[str, RevisionStatus]) -> Scope:
    named = named_revisions(query, statuses.values())
    left_out = {d for d, s in statuses.items() if s.status in (SUPERSEDED, UPCOMING)}
    if named:
        # a named revision replaces the others of its number for this question
        numbers = {statuses[d].identity.number for d in named}
        left_out |= {d for d, s in statuses.items() if s.identity.number in numbers}
        left_out -= named
    return Scope(frozenset(left_out), frozenset(named))


def compared_pair(statuses: Mapping[str, RevisionStatus], number: str, older: str | None = None,
                  newer: str | None = None) -> tuple[RevisionStatus, RevisionStatus]:
    """The two revisions of `number` a comparison reads: `newer` (default: the one in force, else the
    newest) and `older` (default: the revision just before it). Two files of one revision (a PDF and a
    DOCX of one issue) count once. A UserError names what is missing."""
    wanted = normalise_number(number)
    members = [s for s in statuses.values() if s.identity.number and normalise_number(s.identity.number) == wanted]
    if not members:
        known = sorted({s.identity.number for s in statuses.values() if s.identity.number})
        raise UserError(f"no indexed document is numbered {number!r}",
                        f"numbers indexed: {', '.join(known)}" if known else "no indexed document has a number")
    issues: dict[tuple, RevisionStatus] = {}
    for status in sorted(members, key=lambda s: (s.status != CURRENT, s.doc_id)):
        issues.setdefault(_key(status), status)
    ordered = [issues[k] for k in sorted(issues)]

    def named(revision: str) -> RevisionStatus:
        found = [s for s in ordered if (s.identity.revision or "") == normalise_revision(revision)]
        if not found:
            have = ", ".join(s.name for s in ordered)
            raise UserError(f"{members[0].identity.number} has no revision {revision!r} indexed", f"indexed: {have}")
        return found[-1]

    new = named(newer) if newer else next((s for s in reversed(ordered) if s.status == CURRENT), ordered[-1])
    if older:
        old = named(older)
    else:
        before = [s for s in ordered if _key(s) < _key(new)]
        if not before:
            raise UserError(f"{members[0].identity.number} {new.name} has no earlier revision indexed",
                            "index the earlier revision's file, or name two revisions with --from and --to")
        old = before[-1]
    if _key(old) == _key(new):
        raise UserError(f"{old.name} and {new.name} are one revision", "name two different revisions")
    return old, new
