"""Records that leave the answer stage: sources, the answer card, the answer, and the
events `Assistant.ask` streams (sources found, card ready, model text, answered).
Records only: they must not search, call the model or render (the GUI and CLI do that).
"""

from __future__ import annotations

from dataclasses import KW_ONLY, asdict, dataclass, field
from enum import StrEnum

from operator_assistant.core.answer.claims import Claim

REFUSAL = "I don't have that information in the provided documents."

class CardKind(StrEnum):
    """What an answer card shows; the value is what history and eval JSON store."""

    TABLE = "table"
    PROCEDURE = "procedure"
    SENTENCES = "sentences"


TABLE, PROCEDURE, SENTENCES = CardKind.TABLE, CardKind.PROCEDURE, CardKind.SENTENCES


@dataclass(frozen=True)
class Source:
    """A passage found for a question or cited in an answer, with where it is."""

    number: int
    chunk_id: str
    document: str
    source: str
    section: tuple[str, ...]
    pages: tuple[int, ...]
    start: int
    end: int
    text: str
    score: float

    @property
    def doc_id(self) -> str:
        return self.chunk_id.split(":", 1)[0]

    def to_json(self) -> dict:
        return {"number": self.number, "document": self.document, "source": self.source,
                "section": " > ".join(self.section), "sections": list(self.section),
                "page": self.pages[0] if self.pages else None, "pages": list(self.pages), "start": self.start,
                "end": self.end, "text": self.text, "chunk_id": self.chunk_id, "score": self.score}

    @classmethod
    def from_json(cls, data: dict) -> Source:
        return cls(data["number"], data.get("chunk_id", ""), data["document"], data["source"],
                   tuple(data.get("sections") or data["section"].split(" > ")), tuple(data.get("pages") or ()),
                   data["start"], data["end"], data["text"], data.get("score", 0.0))


@dataclass(frozen=True)
class CardCell:
    """One verbatim piece of a card: a table cell, a procedure step or a sentence."""

    text: str
    source: int  # the citation number of the source it is taken from
    start: int  # offsets in that source's document text, to highlight it
    end: int
    page: int | None = None
    ref: str = ""  # a spreadsheet cell's place, "Setpoints!C12" ("C12" in a CSV); "" elsewhere


@dataclass(frozen=True)
class CardNote:
    """Another current document gives a different value for what the card states: its own words, cited."""

    cell: CardCell  # the other document's sentence or row, verbatim
    document: str  # that document as named to the operator: its number, else its title
    value: str  # its value ("4.0 mg/L")
    own: str  # the card's value it differs from ("3.5 mg/L")

    @property
    def text(self) -> str:
        """"SOP-114 says 4.0 mg/L (this card: 3.5 mg/L)"."""
        return f"{self.document} says {self.value} (this card: {self.own})"

    def to_json(self) -> dict:
        return {"cell": _cell_json(self.cell), "document": self.document, "value": self.value, "own": self.own}

    @classmethod
    def from_json(cls, data: dict) -> CardNote:
        return cls(CardCell(**data["cell"]), data["document"], data["value"], data["own"])


@dataclass(frozen=True)
class Card:
    """What an operator reads first: the documents' own words that answer the question."""

    kind: CardKind
    title: str  # the section (or table) the evidence comes from
    rows: tuple[tuple[CardCell, ...], ...]  # table rows; one cell per step or sentence otherwise
    columns: tuple[str, ...] = ()  # table column names
    units: tuple[tuple[str, ...], ...] = ()  # table: the unit of each cell, "" where none applies
    part: str = ""  # which part of a longer list is shown ("steps 2\u20134 of 9"); "" when it is whole
    notes: tuple[CardNote, ...] = ()  # values other current documents state differently
    title_source: int = 0  # the source of words the title adds to its heading (a table's caption); 0: none

    @property
    def cells(self) -> list[CardCell]:
        return [c for row in self.rows for c in row]

    @property
    def sources(self) -> list[int]:
        return list(dict.fromkeys(self.table_sources + [n.cell.source for n in self.notes]))

    @property
    def table_sources(self) -> list[int]:
        """What a table's heading cites: its rows' sources, then its caption's."""
        return list(dict.fromkeys([c.source for c in self.cells] + ([self.title_source] if self.title_source else [])))

    def as_text(self) -> str:
        """The card as plain text, each line with its citation: for the terminal, exports and the eval."""
        title = f"{self.title} ({self.part})" if self.part else self.title
        head = title if not title or title.endswith(":") else f"{title}:"  # "Objectives:" is not "Objectives::"
        if self.kind == TABLE:
            named = [" | ".join(self.columns)] if any(c.strip() for c in self.columns) else []
            lines = named + [" | ".join(c.text for c in row) for row in self.rows]
            cite = "".join(f"[{n}]" for n in self.table_sources)
            return "\n".join(([f"{head} {cite}".strip()] if head or cite else []) + lines) + self._notes_text()
        lines = [f"{c.text} [{c.source}]" for row in self.rows for c in row]
        return "\n".join(([head] if head else []) + lines) + self._notes_text()

    def _notes_text(self) -> str:
        return "".join(f"\nDiffers: {n.text}: {n.cell.text} [{n.cell.source}]" for n in self.notes)

    def to_json(self) -> dict:
        data: dict = {"kind": str(self.kind), "title": self.title, "columns": list(self.columns),
                "units": [list(u) for u in self.units],
                "rows": [[_cell_json(c) for c in row] for row in self.rows]}
        if self.part:  # only where set, as a cell's "ref": older readers read every other card
            data["part"] = self.part
        if self.notes:
            data["notes"] = [n.to_json() for n in self.notes]
        if self.title_source:
            data["title_source"] = self.title_source
        return data

    @classmethod
    def from_json(cls, data: dict) -> Card:
        return cls(CardKind(data["kind"]), data.get("title", ""),
                   tuple(tuple(CardCell(**c) for c in row) for row in data.get("rows", [])),
                   tuple(data.get("columns", [])), tuple(tuple(u) for u in data.get("units", [])),
                   data.get("part", ""), tuple(CardNote.from_json(n) for n in data.get("notes", [])),
                   data.get("title_source", 0))


def _cell_json(cell: CardCell) -> dict:
    # "ref" only where a cell has one: a console or history reader from before refs reads every other card
    data = asdict(cell)
    if not cell.ref:
        del data["ref"]
    return data


@dataclass
class Turn:
    question: str
    answer: str


@dataclass
class Answer:
    question: str
    search_query: str
    text: str  # what the operator reads before the source list, as plain text (card and any model wording)
    refused: bool
    citations: list[Source]
    _: KW_ONLY  # the rest by name: sixteen fields built by position were easy to shift
    unverified: list[Claim] = field(default_factory=list)  # kept for stored answers; checked wording has none
    closest: list[Source] = field(default_factory=list)
    evidence: float = 0.0
    threshold: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)
    cancelled: bool = False
    claims: int = 0  # numbers and identifiers the model wrote, each checked against the card
    unfamiliar: list[str] = field(default_factory=list)  # question words no indexed document contains
    card: Card | None = None
    wording: str = ""  # the model's checked wording, shown; "" when none or left out
    wording_note: str = ""  # why the model's wording was left out, for the operator
    mode: str = ""  # which led: the card or the model (see answer.policy)
    refusal_reason: str = ""  # why a refusal was made, beyond low evidence, for the operator
    audit_warning: str = ""  # set when the audit line for this answer could not be written

    def to_json(self) -> dict:
        return {"question": self.question, "answer": self.text, "refused": self.refused,
                "citations": [c.to_json() for c in self.citations],
                "unverified": [asdict(c) for c in self.unverified],
                "closest": [c.to_json() for c in self.closest],
                "evidence": round(self.evidence, 4), "threshold": round(self.threshold, 4),
                "cancelled": self.cancelled, "timings": {k: round(v, 1) for k, v in self.timings.items()},
                "search_query": self.search_query, "claims": self.claims, "unfamiliar": self.unfamiliar,
                "card": self.card.to_json() if self.card else None, "wording": self.wording,
                "wording_note": self.wording_note, "mode": self.mode, "refusal_reason": self.refusal_reason}

    @classmethod
    def from_json(cls, data: dict) -> Answer:
        return cls(data["question"], data.get("search_query", data["question"]), data["answer"], data["refused"],
                   [Source.from_json(c) for c in data["citations"]],
                   unverified=[Claim(c["text"], c["start"], c["end"]) for c in data.get("unverified", [])],
                   closest=[Source.from_json(c) for c in data.get("closest", [])], evidence=data.get("evidence", 0.0),
                   threshold=data.get("threshold", 0.0), timings=data.get("timings", {}),
                   cancelled=data.get("cancelled", False), claims=data.get("claims", 0),
                   unfamiliar=data.get("unfamiliar", []), card=Card.from_json(data["card"]) if data.get("card") else None,
                   wording=data.get("wording", ""), wording_note=data.get("wording_note", ""), mode=data.get("mode", ""),
                   refusal_reason=data.get("refusal_reason", ""))


@dataclass(frozen=True)
class SourcesFound:
    sources: list[Source]


@dataclass(frozen=True)
class CardReady:
    """The card, as soon as retrieval is done and before the model is asked."""

    card: Card
    sources: list[Source]  # the card's sources, numbered as the card cites them


@dataclass(frozen=True)
class TextGenerated:
    text: str


@dataclass(frozen=True)
class Answered:
    answer: Answer


Event = SourcesFound | CardReady | TextGenerated | Answered


def is_refusal(text: str) -> bool:
    norm = text.replace("\u2019", "'").casefold()
    return "don't have that information in the provided documents" in norm or "do not have that information" in norm
