"""What changed between revisions of one SOP: Rev B in Word, Rev C as a PDF, an upcoming Rev D; the
comparison, the card for "what changed" questions and the command line, on the real parsers and index."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import pytest

from operator_assistant.cli import main
from operator_assistant.core.answer.records import TABLE
from operator_assistant.core.assistant import open_assistant
from operator_assistant.errors import UserError
from operator_assistant.folder.records import (
    PIECE_ADDED,
    PIECE_REMOVED,
    REWORDED,
    SECTION_ADDED,
    SECTION_REMOVED,
    VALUE_CHANGED,
)
from tests.conftest import make_docx
from tests.support.engines import MODELS, ask, assert_cells_in_place, make_engine
from tests.support.sop_revisions import STEPS_C, rev_b_docx, rev_c_pdf

TODAY = date(2026, 6, 1)

# every change planted in tests/support/sop_revisions.py, and nothing else
EXPECTED = [
    (VALUE_CHANGED, "2. Setpoints", 'Row "Free chlorine high alarm": value changed: Setpoint: 3.5 -> 4.0'),
    (PIECE_ADDED, "3. Start-up", "Step 3 added"),
    (VALUE_CHANGED, "3. Start-up", "Step 3 -> 4: value changed: 20 percent -> 25 percent"),
    (REWORDED, "3. Start-up", "Step 4 -> 6: reworded and moved"),
    (PIECE_REMOVED, "3. Start-up", "Step 6 removed"),
    (VALUE_CHANGED, "4. Alarm response", "Sentence: value changed: 15 minutes -> 10 minutes"),
    (VALUE_CHANGED, "6. Records", "Sentence: value changed: three years -> five years"),
    (SECTION_ADDED, "7. Training", "Section '7. Training' added"),
    (SECTION_REMOVED, "7. Spill kit", "Section '7. Spill kit' removed"),
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory, embedder):
    docs = tmp_path_factory.mktemp("sops")
    rev_b_docx(docs)
    rev_c_pdf(docs)
    # Rev D, not in force until 2099: one step reworded
    make_docx(docs / "sop-114-rev-d.docx", [
        ("Title", "Clearwell Chlorine Residual Control"), ("", "SOP-114 Rev D, effective 2099-01-01"),
        ("Heading 1", "3. Start-up"),
        *[("", f"{i}. {s}") for i, s in enumerate(STEPS_C[:5], 1)],
        ("", "6. Read the discharge pressure on PI-201: it must stay between 2 and 4 bar."),
    ])
    data = tmp_path_factory.mktemp("sops-data")
    engine = make_engine(data, embedder)
    engine.today = lambda: TODAY
    report = engine.ingest([docs])
    assert not report.failed, report.failed
    yield engine, data
    engine.close()


def test_each_planted_change_is_found_and_nothing_else(folder):
    engine, _ = folder
    diff = engine.revision_diff("SOP-114", newer="C")
    assert (diff.old.revision, diff.new.revision) == ("B", "C")
    assert diff.old_source.endswith("sop-114-rev-b.docx") and diff.new_source.endswith("sop-114-rev-c.pdf")
    assert [(c.kind, c.section, c.summary) for c in diff.changes] == EXPECTED
    # each side is its revision's own words at their place: what the viewer highlights
    manifest = engine.store.manifest
    for change in diff.changes:
        for place in (change.old, change.new):
            if place is None or change.what == "section":
                continue
            chunk = manifest.chunks([place.chunk_id])[place.chunk_id]
            assert chunk.doc_id == place.doc_id and chunk.start <= place.start < place.end <= chunk.end
            assert " ".join(chunk.text[place.start - chunk.start:place.end - chunk.start].split()) == place.text


def test_the_default_is_the_revision_in_force_and_an_upcoming_one_can_be_compared_early(folder):
    engine, _ = folder
    assert engine.revision_diff("sop 114").new.revision == "C"  # Rev D is upcoming: not the default
    upcoming = engine.revision_diff("SOP-114", newer="D")
    assert (upcoming.old.revision, upcoming.new.revision, upcoming.new.status) == ("C", "D", "upcoming")
    assert "upcoming" in upcoming.heading
    reworded = [c for c in upcoming.changes if c.kind == REWORDED]
    assert [c.new.text for c in reworded] == ["6. Read the discharge pressure on PI-201: it must stay between 2 and "
                                              "4 bar."]
    # Rev D has only its start-up section: the rest of Rev C is said to be gone from it, nothing else
    assert {c.kind for c in upcoming.changes} == {REWORDED, SECTION_REMOVED}


def test_numbers_and_revisions_that_are_not_indexed_are_named(folder):
    engine, _ = folder
    with pytest.raises(UserError, match="no indexed document is numbered 'SOP-999'") as missing:
        engine.revision_diff("SOP-999")
    assert "SOP-114" in missing.value.hint
    with pytest.raises(UserError, match="has no revision 'F' indexed"):
        engine.revision_diff("SOP-114", newer="F")
    with pytest.raises(UserError, match="Rev B has no earlier revision"):
        engine.revision_diff("SOP-114", newer="B")
    with pytest.raises(UserError, match="one revision"):
        engine.revision_diff("SOP-114", older="C", newer="C")


def test_a_what_changed_question_gets_the_comparison_as_its_card(folder):
    engine, _ = folder
    assistant = open_assistant(engine)
    answer = ask(assistant, "What changed in SOP-114 Rev C?")
    assert not answer.refused and answer.card is not None and answer.card.kind == TABLE
    assert answer.card.columns == ("Change", "Rev B", "Rev C")
    assert [row[0].text for row in answer.card.rows] == [summary for _, _, summary in EXPECTED]
    # the older and newer words are each revision's own text at its offsets (the first column is the change's name)
    words_only = replace(answer, card=replace(answer.card, rows=tuple(row[1:] for row in answer.card.rows)))
    assert_cells_in_place(words_only)
    value = answer.card.rows[2]
    cited = {answer.citations[c.source - 1].source.rsplit("/", 1)[-1] for c in value[1:]}
    assert cited == {"sop-114-rev-b.docx", "sop-114-rev-c.pdf"}

    earlier = ask(assistant, "What changed in SOP-114 Rev B?")
    assert earlier.refused and earlier.refusal_reason == ("SOP-114 Rev B has no earlier revision indexed.")
    between = ask(assistant, "what's different in sop 114 from Rev C to Rev D?")
    assert between.card is not None and between.card.columns == ("Change", "Rev C", "Rev D")
    # a question about the SOP that does not ask what changed is searched as before
    plain = ask(assistant, "What is the free chlorine high alarm setpoint?")
    assert plain.card is None or plain.card.columns != ("Change", "Rev B", "Rev C")
    assert "4.0" in plain.text and "3.5" not in plain.text


def test_the_command_line_prints_the_changes(folder, capsys):
    _, data = folder
    common = ["--data-dir", str(data), "--models-dir", str(MODELS), "revisions", "diff"]
    assert main([*common, "SOP-114"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("SOP-114: Rev B, superseded by Rev C -> Rev C\n")
    assert "    - Free chlorine high alarm | 3.5 | mg/L" in out and "    + Free chlorine high alarm 4.0 mg/L" in out
    assert "9 changes" in out
    assert main([*common, "SOP-114", "--to", "D", "--json"]) == 0
    data_json = json.loads(capsys.readouterr().out)
    assert data_json["new"]["revision"] == "D" and data_json["new"]["status"] == "upcoming"
    assert {c["kind"] for c in data_json["changes"]} == {REWORDED, SECTION_REMOVED}
    assert main([*common, "SOP-999"]) == 2
    assert "no indexed document is numbered 'SOP-999'" in capsys.readouterr().err
