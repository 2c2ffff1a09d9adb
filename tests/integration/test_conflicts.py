"""Documents that disagree, on the real parsers and index: the planted set's precision and recall, the
note on a card, settling (audited, kept across re-ingest), revisions that never conflict, the CLI."""

from __future__ import annotations

import importlib
import json
from datetime import date
from pathlib import Path

import pytest

from operator_assistant.cli import main
from operator_assistant.core.assistant import open_assistant
from operator_assistant.core.documents import load_document
from operator_assistant.errors import UserError
from tests.conftest import TEST_ADMIN_PASSPHRASE
from tests.support.conflict_docs import PLANTED, figures, write_all
from tests.support.engines import MODELS, ask, make_engine

TODAY = date(2026, 6, 1)


@pytest.fixture(scope="module")
def plant(tmp_path_factory, embedder):
    docs = write_all(tmp_path_factory.mktemp("conflict-docs"))
    data = tmp_path_factory.mktemp("conflict-data")
    engine = make_engine(data, embedder)
    engine.today = lambda: TODAY
    report = engine.ingest([docs])
    assert not report.failed, report.failed
    yield engine, docs, data
    engine.close()


def pairs(found) -> list[frozenset[str]]:
    return [frozenset((c.first.value, c.second.value)) for c in found]


def test_the_planted_disagreements_are_found_and_the_near_misses_are_not(plant):
    engine, _, _ = plant
    found = pairs(engine.conflicts())
    true = [p for p in found if p in PLANTED]
    precision, recall = len(true) / max(len(found), 1), len(set(true)) / len(PLANTED)
    assert precision >= 0.95 and recall >= 0.8, (precision, recall, [p for p in found if p not in PLANTED])
    # the superseded Rev B's 3.8 mg/L is no one's conflict, and Rev C never conflicts with Rev B
    assert not any("3.8 mg/L" in p for p in found)


# (set, recall floor): the first was written with the rules; the confirm sets by helpers that never read
# them. Each confirm set was held out until its first run and then used to find what the rules missed
# (BENCHMARKS.md, "Issue 28"); sets 11, 13 and 14 find nothing planted, and there the point is precision.
# Precision must stay at 0.95 on every set.
MEASURED = [("tests.support.conflict_docs", 0.8), ("tests.support.conflict_docs_confirm", 0.95),
            ("tests.support.conflict_docs_confirm2", 0.85), ("tests.support.conflict_docs_confirm3", 0.85),
            ("tests.support.conflict_docs_confirm4", 0.45), ("tests.support.conflict_docs_confirm5", 0.7),
            ("tests.support.conflict_docs_confirm6", 0.45), ("tests.support.conflict_docs_confirm7", 0.5),
            ("tests.support.conflict_docs_confirm8", 0.3), ("tests.support.conflict_docs_confirm9", 0.25),
            ("tests.support.conflict_docs_confirm10", 0.18), ("tests.support.conflict_docs_confirm11", 0.0),
            ("tests.support.conflict_docs_confirm12", 0.18), ("tests.support.conflict_docs_confirm13", 0.0),
            ("tests.support.conflict_docs_confirm14", 0.0)]


@pytest.mark.parametrize(("module", "floor"), MEASURED)
def test_precision_and_recall_on_each_made_up_set(module, floor, tmp_path, embedder):
    docs = importlib.import_module(module)
    engine = make_engine(tmp_path / "data", embedder)
    engine.today = lambda: TODAY
    assert not engine.ingest([docs.write_all(tmp_path / "docs")]).failed
    found = [figures((c.first.value, c.second.value)) for c in engine.conflicts()]
    planted = {figures(pair) for pair in docs.PLANTED}
    engine.close()
    true = [p for p in found if p in planted]
    precision, recall = len(true) / len(found) if found else 1.0, len(set(true)) / len(planted)
    assert precision >= 0.95, [p for p in found if p not in planted]
    assert recall >= floor, sorted(tuple(sorted(p)) for p in planted - set(found))


def test_a_card_notes_a_value_another_document_states_differently(plant):
    engine, _, _ = plant
    assistant = open_assistant(engine)
    answer = ask(assistant, "What is the clearwell free chlorine high alarm?")
    assert not answer.refused and "3.5 mg/L" in answer.text
    (note,) = answer.card.notes
    assert (note.document, note.value, note.own) == ("SOP-114", "4.0 mg/L", "3.5 mg/L")
    cited = answer.citations[note.cell.source - 1]
    assert cited.source.endswith("sop-114-rev-c.docx")
    # the note's words are the other document's own, at their place (what the viewer highlights)
    text = load_document(Path(cited.source)).text
    assert " ".join(text[note.cell.start:note.cell.end].split()) == note.cell.text
    # a card about something else carries no note, though its passage holds a conflicting value
    other = ask(assistant, "What is the P-102 overcurrent trip delay?")
    assert not other.refused and other.card.notes == ()


def test_a_settled_conflict_is_not_noted_stays_settled_after_reingest_and_is_audited(plant):
    engine, docs, _ = plant
    key = next(c.key for c in engine.conflicts() if "fluoride" in c.first.subject.lower())
    settled = engine.settle_conflict(key, note="lab notes are a draft")
    assert settled.settled and settled.note == "lab notes are a draft"
    assert ask(open_assistant(engine), "What is the fluoride target dose?").card.notes == ()
    report = engine.ingest([docs], force=True)
    assert not report.failed
    again = next(c for c in engine.conflicts() if c.key == key)
    assert again.settled
    audited = [r for r in engine.audit.tail(50) if r["event"] == "conflict settled"]
    assert audited and audited[-1]["key"] == key and audited[-1]["note"] == "lab notes are a draft"
    engine.settle_conflict(key, settled=False)
    assert not next(c for c in engine.conflicts() if c.key == key).settled
    with pytest.raises(UserError, match="no conflict 'nope'"):
        engine.settle_conflict("nope")


def test_a_changed_value_is_a_new_conflict_and_a_removed_document_takes_its_conflicts(plant, tmp_path):
    engine, docs, _ = plant
    before = {c.key for c in engine.conflicts()}
    notes = docs / "lab-notes.txt"
    original = notes.read_text(encoding="utf-8")
    try:
        notes.write_text(original.replace("0.5 NTU", "0.6 NTU"), encoding="utf-8")
        assert not engine.ingest([notes]).failed
        now = engine.conflicts()
        assert frozenset(("0.3 NTU", "0.6 NTU")) in pairs(now) and frozenset(("0.3 NTU", "0.5 NTU")) not in pairs(now)
        doc_id = engine.store.manifest.document_by_source(str(notes.resolve())).doc_id
        engine.remove([doc_id])
        assert not any(doc_id in (c.first.doc_id, c.second.doc_id) for c in engine.conflicts())
    finally:
        notes.write_text(original, encoding="utf-8")
        assert not engine.ingest([notes]).failed
    assert {c.key for c in engine.conflicts()} == before


def test_the_command_line_lists_and_settles(plant, capsys, monkeypatch):
    _, _, data = plant
    common = ["--data-dir", str(data), "--models-dir", str(MODELS), "conflicts"]
    assert main(common) == 0
    out = capsys.readouterr().out
    assert "conflicts (" in out and "SOP-114: Free chlorine high alarm | 4.0 | mg/L" in out
    assert main([*common, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    key = listed[0]["key"]
    monkeypatch.delenv("OPERATOR_ASSISTANT_ADMIN_PASSPHRASE")
    assert main([*common, "settle", key]) == 2  # admin mode needed, no passphrase to ask for here
    assert "admin" in capsys.readouterr().err
    monkeypatch.setenv("OPERATOR_ASSISTANT_ADMIN_PASSPHRASE", TEST_ADMIN_PASSPHRASE)
    assert main([*common, "settle", key, "--note", "checked"]) == 0
    assert f"{key}: settled" in capsys.readouterr().out
    assert main([*common, "reopen", key]) == 0
