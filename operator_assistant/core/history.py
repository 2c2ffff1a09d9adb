"""Conversation history in the data dir (SQLite), and export to Markdown for a shift handover.

It must not keep anything beyond the data dir, and must not import Qt.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from operator_assistant.core.answer.records import Answer, Source
from operator_assistant.core.locations import pages_label, section_label

_SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (id INTEGER PRIMARY KEY, title TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS turns (
    id INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    created REAL NOT NULL,
    answer TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class Conversation:
    id: int
    title: str
    created: float
    turns: int
    owner: str | None = None  # the plant server: the console token that started it; None for this computer's own


MAX_ID = 2**63 - 1  # SQLite's largest integer key: a larger id names no conversation


class ConversationLog:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), timeout=30.0, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(conversations)")}
        if "owner" not in columns:  # a history from before consoles owned their conversations
            self.db.execute("ALTER TABLE conversations ADD COLUMN owner TEXT")
        self.db.execute("CREATE INDEX IF NOT EXISTS conversations_owner ON conversations(owner, created)")

    def close(self) -> None:
        self.db.close()

    def start(self, title: str, owner: str | None = None) -> int:
        cursor = self.db.execute("INSERT INTO conversations(title, created, owner) VALUES (?, ?, ?)",
                                 (title[:120], time.time(), owner))
        assert cursor.lastrowid is not None  # an INSERT always sets it
        return cursor.lastrowid

    def keep_newest(self, owner: str, count: int) -> int:
        """Delete `owner`'s conversations beyond its newest `count`, with their turns; returns how many went."""
        cursor = self.db.execute("DELETE FROM conversations WHERE owner = ? AND id NOT IN (SELECT id FROM conversations"
                                 " WHERE owner = ? ORDER BY created DESC, id DESC LIMIT ?)", (owner, owner, count))
        return cursor.rowcount

    def add(self, conversation_id: int, answer: Answer) -> None:
        self.db.execute("INSERT INTO turns(conversation_id, created, answer) VALUES (?, ?, ?)",
                        (conversation_id, time.time(), json.dumps(answer.to_json())))

    def conversations(self, owner: str | None = None) -> list[Conversation]:
        """Every conversation, newest first; only `owner`'s when given."""
        where = "" if owner is None else " WHERE c.owner = ?"
        rows = self.db.execute("SELECT c.id, c.title, c.created, COUNT(t.id), c.owner FROM conversations c"
                               f" LEFT JOIN turns t ON t.conversation_id = c.id{where} GROUP BY c.id"
                               " ORDER BY c.created DESC", () if owner is None else (owner,))
        return [Conversation(*row) for row in rows]

    def conversation(self, conversation_id: int) -> Conversation | None:
        if not 0 < conversation_id <= MAX_ID:
            return None
        row = self.db.execute("SELECT c.id, c.title, c.created, COUNT(t.id), c.owner FROM conversations c"
                              " LEFT JOIN turns t ON t.conversation_id = c.id WHERE c.id = ? GROUP BY c.id",
                              (conversation_id,)).fetchone()
        return None if row is None else Conversation(*row)

    def answers(self, conversation_id: int) -> list[Answer]:
        rows = self.db.execute("SELECT answer FROM turns WHERE conversation_id = ? ORDER BY id", (conversation_id,))
        return [Answer.from_json(json.loads(row[0])) for row in rows]

    def clear(self) -> None:
        self.db.execute("DELETE FROM turns")
        self.db.execute("DELETE FROM conversations")


def _location(c: Source) -> str:
    section = section_label(c.section, c.document)
    page = f", {pages_label(c.pages)}" if c.pages else ""
    return f"{c.document}{' - ' + section if section else ''}{page} ({Path(c.source).name})"


def answer_markdown(answer: Answer) -> str:
    """One answer with its sources, as Markdown (also what "copy answer" puts on the clipboard)."""
    lines = [f"**Q:** {answer.question}", ""]
    text = answer.text
    for claim in sorted(answer.unverified, key=lambda c: c.start, reverse=True):
        text = f"{text[:claim.end]} *(unverified)*{text[claim.end:]}"
    lines += [text, ""]
    if answer.refused and answer.closest:
        lines.append("Closest sections:")
        lines += [f"- {_location(s)}" for s in answer.closest]
    elif answer.citations:
        lines.append("Sources:")
        lines += [f"[{s.number}] {_location(s)}, characters {s.start}-{s.end}" for s in answer.citations]
    return "\n".join(lines).rstrip() + "\n"


def export_markdown(title: str, answers: list[Answer]) -> str:
    stamp = time.strftime("%Y-%m-%d %H:%M")
    body = "\n---\n\n".join(answer_markdown(a) for a in answers)
    return f"# {title}\n\nExported from Operator Assistant on {stamp}.\n\n{body}"
