"""Engines and card assistants on a data folder with the bundled models, and the checks tests make of them."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from operator_assistant.config import load_settings
from operator_assistant.core.assistant import Answered, Assistant
from operator_assistant.core.documents import load_document
from operator_assistant.core.engine import Engine
from operator_assistant.core.retrieval.rerank import NoReranker
from operator_assistant.errors import ModelError
from tests.conftest import REPO, SAMPLE_DOCS

MODELS = REPO / "models"


def make_engine(data_dir: Path, loaded_embedder=None, models_dir: Path = MODELS, **overrides) -> Engine:
    """An engine on a data dir; pass the session's embedder to skip loading it again."""
    return Engine(load_settings(data_dir=data_dir, models_dir=models_dir, **overrides), loaded_embedder)


def card_assistant(folder: Path, data_dir: Path, loaded_embedder) -> Iterator[Assistant]:
    """An assistant over `folder` (indexed into `data_dir`) with no language model: for tests of the card.
    A generator, for a fixture to `yield from`."""
    engine = make_engine(data_dir, loaded_embedder)
    report = engine.ingest([folder])
    assert not report.failed, report.failed

    def no_model():
        raise ModelError("no language model in this test")

    yield Assistant(engine, NoReranker(), no_model)
    engine.close()


def ask(assistant, question: str):
    events = list(assistant.ask(question, mode="card"))
    return next(e.answer for e in events if isinstance(e, Answered))


def assert_cells_in_place(answer) -> None:
    """Every cell of the card is the document's text at the cell's offsets (so the viewer highlights it)."""
    assert answer.card is not None and any(cell.text for cell in answer.card.cells), "no card cell to check"
    for cell in answer.card.cells:
        if not cell.text:
            continue
        source = answer.citations[cell.source - 1]
        document = load_document(Path(source.source))
        assert " ".join(document.text[cell.start:cell.end].split()) == " ".join(cell.text.split()), cell


def copy_sample(names: list[str], target: Path) -> None:
    for name in names:
        shutil.copy(SAMPLE_DOCS / name, target / name)


def consistent(engine) -> int:
    store = engine.store
    ids = {cid for cid, *_ in store.manifest.lexical_rows()}
    assert store.vectors(engine.embedder.model_id).ids() == ids
    assert set(store.lexical().index.ids) == ids
    assert store.health().consistent
    return len(ids)


def assert_switching_embedders_re_embeds(data_dir: Path, docs: Path, before, after, models_dir: Path = MODELS) -> None:
    """An index built with `before` is refused by `after` until ingest re-embeds every chunk."""
    from operator_assistant.errors import IndexMismatch

    first = make_engine(data_dir, before, models_dir=models_dir)
    assert not first.ingest([docs]).failed
    first.close()
    engine = make_engine(data_dir, after, models_dir=models_dir)
    try:
        with pytest.raises(IndexMismatch):
            engine.search("gas testing before entry")
        report = engine.ingest([docs])
        assert any("re-embedding every chunk" in note for note in report.notes)
        assert engine.store.embedder_id == after.model_id
        assert engine.search("gas testing before entry").hits
    finally:
        engine.close()


def assert_split_by_document(questions, names: set[str], least: int = 40) -> None:
    """A real-document question set as issue 25 asks: unique ids, real documents, each document in one
    half only (a follow-up in the half of the question it follows), both halves with not-in-corpus rows.
    `least` questions at least: a set written over both corpora is kept as a file for each."""
    from collections import defaultdict

    by_id = {q.id: q for q in questions}
    assert len(by_id) == len(questions) >= least
    halves: dict[str, set[str]] = defaultdict(set)
    for q in questions:
        assert q.split in ("tune", "confirm"), q.id
        assert (q.source_file is None) == (q.kind in ("not-listed", "not-in-corpus")), q.id
        assert q.source_file is None or q.source_file in names, q.id
        assert q.follows is None or by_id[q.follows].split == q.split, q.id
        if q.source_file:
            halves[q.source_file].add(q.split)
    assert all(len(h) == 1 for h in halves.values()), halves
    for half in ("tune", "confirm"):
        assert any(q.kind == "not-in-corpus" and q.split == half for q in questions), half


def assert_floors(result, tune: float, confirm: float) -> None:
    """Never a value shown that the cited text does not hold; answer_correct at or above each half's floor."""
    assert result.overall.shown_unsupported_values == 0, [r.unsupported for r in result.rows if r.unsupported]
    for half, floor in (("tune", tune), ("confirm", confirm)):
        metrics = result.by_split[half]
        assert metrics.answer_correct is not None and metrics.answer_correct >= floor, (half, metrics)
