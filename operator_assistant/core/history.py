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


class ConversationLog:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), timeout=30.0, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    def start(self, title: str) -> int:
        cursor = self.db.execute("INSERT INTO conversations(title, created) VALUES (?, ?)", (title[:120], time.time()))
        assert cursor.lastrowid is not None  # an INSERT always sets it
        return cursor.lastrowid

    def add(self, conversation_id: int, answer: Answer) -> None:
        self.db.execute("INSERT INTO turns(conversation_id, created, answer) VALUES (?, ?, ?)",
                        (conversation_id, time.time(), json.dumps(answer.to_json())))

    def conversations(self) -> list[Conversation]:
        rows = self.db.execute("SELECT c.id, c.title, c.created, COUNT(t.id) FROM conversations c"
                               " LEFT JOIN turns t ON t.conversation_id = c.id GROUP BY c.id ORDER BY c.created DESC")
        return [Conversation(*row) for row in rows]

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
