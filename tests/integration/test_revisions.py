"""Two revisions of one SOP, and an upcoming third: answers and search use the one in force."""

from datetime import date
from pathlib import Path

import pytest

from operator_assistant.config import CARD_ONLY
from operator_assistant.core.assistant import Answered, open_assistant
from operator_assistant.core.revisions import CURRENT, SUPERSEDED, UPCOMING
from tests.conftest import make_docx
from tests.support.engines import copy_sample, make_engine

TODAY = date(2026, 6, 1)
QUESTION = "What is the free chlorine residual setpoint at the clearwell?"


def sop(folder: Path, revision: str, effective: str, setpoint: str) -> Path:
    """A small SOP in Word with a title block, as plants write them."""
    return make_docx(folder / f"chlorine-dosing-{revision.lower()}.docx", [
        ("Title", "Chlorine Dosing at the Clearwell"),
        ("", f"SOP-114 Rev {revision}, effective {effective}"),
        ("Heading 1", "1. Setpoint"),
        ("", f"The free chlorine residual setpoint at the clearwell is {setpoint} mg/L."),
        ("Heading 1", "2. Checks"),
        ("", "Check the chlorine analyser against a grab sample once per shift."),
    ])


@pytest.fixture
def revisions(tmp_path, docs, embedder):
    rev_b = sop(docs, "B", "2025-01-10", "1.2")
    rev_c = sop(docs, "C", "2026-05-01", "1.6")
    upcoming = docs / "SOP-114_RevD_2099-01-01.md"  # identity from the file name, date far ahead
    upcoming.write_text("# Chlorine Dosing at the Clearwell\n\n## 1. Setpoint\n\n"
                        "The free chlorine residual setpoint at the clearwell is 2.0 mg/L.\n")
    copy_sample(["sodium-hypochlorite-chlorination-sop.docx", "filter-backwash-procedure.md"], docs)
    engine = make_engine(tmp_path / "data", embedder)
    engine.today = lambda: TODAY
    report = engine.ingest([docs])
    assert not report.failed, report.failed
    ids = {p.name: engine.store.manifest.document_by_source(str(p.resolve())).doc_id for p in (rev_b, rev_c, upcoming)}
    yield engine, ids["chlorine-dosing-b.docx"], ids["chlorine-dosing-c.docx"], ids[upcoming.name]
    engine.close()


def answer(engine, question: str) -> object:
    assistant = open_assistant(engine)
    return next(e.answer for e in assistant.ask(question, temperature=0.0, mode=CARD_ONLY) if isinstance(e, Answered))


def test_answer_and_search_use_the_revision_in_force(revisions):
    engine, rev_b, rev_c, rev_d = revisions
    statuses = engine.revisions()
    assert (statuses[rev_b].status, statuses[rev_c].status, statuses[rev_d].status) == (SUPERSEDED, CURRENT, UPCOMING)
    assert statuses[rev_c].label == "SOP-114 Rev C, effective 2026-05-01, supersedes Rev B"

    result = engine.search(QUESTION, k=5)
    found = [h.document.doc_id for h in result.hits]
    assert len(found) == 5  # filtered inside both indexes: still k results
    assert found[0] == rev_c and rev_b not in found and rev_d not in found

    given = answer(engine, QUESTION)
    # the card gives Rev C's value, not Rev B's or Rev D's (a note may quote another document's range "1.2 to 1.6")
    shown = " ".join(cell.text for row in given.card.rows for cell in row)
    assert not given.refused and "1.6" in shown and "1.2" not in shown and "2.0" not in shown
    assert {c.doc_id for c in given.citations} & {rev_b, rev_d} == set()


def test_naming_a_superseded_revision_finds_it(revisions):
    engine, rev_b, rev_c, _ = revisions
    hits = engine.search("SOP-114 Rev B: free chlorine residual setpoint", k=3).hits
    assert hits[0].document.doc_id == rev_b and rev_c not in {h.document.doc_id for h in hits}
    given = answer(engine, "What was the clearwell residual setpoint in SOP-114 Rev B?")
    assert not given.refused and {c.doc_id for c in given.citations} == {rev_b}
    # its setpoint, not only its title block ("SOP-114 Rev B, effective 2025-01-10"), which names it by its number
    assert "1.2 mg/L" in given.text and "1.6" not in given.text
    every = {h.document.doc_id for h in engine.search(QUESTION, k=10, all_revisions=True).hits}
    assert {rev_b, rev_c} <= every


def test_an_upcoming_revision_takes_effect_on_its_date_without_reingest(revisions):
    engine, rev_b, rev_c, rev_d = revisions
    engine.today = lambda: date(2099, 1, 1)
    assert engine.revisions()[rev_d].status == CURRENT
    assert engine.search(QUESTION, k=1).hits[0].document.doc_id == rev_d
    events = [r for r in engine.audit.tail(20) if r["event"] == "supersession"]
    assert any(r["superseded"]["doc_id"] == rev_c and r["by"][0]["doc_id"] == rev_d for r in events)
    assert any(r["superseded"]["doc_id"] == rev_b for r in events)


def test_admin_correction_wins_survives_reingest_and_is_audited(revisions, docs):
    engine, rev_b, rev_c, _ = revisions
    status = engine.correct_identity(rev_c, effective="2030-01-01")
    assert status.status == UPCOMING and status.corrected
    assert engine.search(QUESTION, k=1).hits[0].document.doc_id == rev_b  # Rev B is in force again

    report = engine.ingest([docs], force=True)  # the same files read again
    assert not report.failed
    after = engine.revisions()
    assert after[rev_c].identity.effective == date(2030, 1, 1) and after[rev_b].status == CURRENT

    records = engine.audit.tail(30)
    correction = next(r for r in records if r["event"] == "identity correction")
    assert correction["before"]["effective"] == "2026-05-01" and correction["after"]["effective"] == "2030-01-01"
    assert any(r["event"] == "revision status" and r["document"]["doc_id"] == rev_b and r["status"] == CURRENT
               for r in records)

    engine.correct_identity(rev_c, clear=True)
    assert engine.revisions()[rev_c].status == CURRENT
    supersessions = [r for r in engine.audit.tail(30) if r["event"] == "supersession"]
    assert supersessions[-1]["superseded"]["doc_id"] == rev_b


def test_bad_corrections_are_refused_and_change_nothing(revisions):
    engine, _, rev_c, _ = revisions
    from operator_assistant.errors import UserError

    for bad in ({"effective": "05/01/2026"}, {"revision": "final"}, {"number": "chlorine"}):
        with pytest.raises(UserError):
            engine.correct_identity(rev_c, **bad)
    assert not engine.revisions()[rev_c].corrected


def test_cli_corrections_need_admin_mode(revisions, monkeypatch, capsys):
    from operator_assistant.cli import main
    from operator_assistant.core.roles import ENV_ADMIN_PASSPHRASE

    engine, _, rev_c, _ = revisions
    data = str(engine.settings.data_dir)
    monkeypatch.delenv(ENV_ADMIN_PASSPHRASE, raising=False)
    assert main(["--data-dir", data, "revisions", "set", "chlorine-dosing-c.docx", "--revision", "D"]) != 0
    assert "needs admin mode" in capsys.readouterr().err
    assert not engine.revisions()[rev_c].corrected

    monkeypatch.setenv(ENV_ADMIN_PASSPHRASE, "a passphrase for tests")
    assert main(["--data-dir", data, "revisions", "set", "chlorine-dosing-c.docx", "--effective", "2026-04-01"]) == 0
    assert "SOP-114 Rev C, effective 2026-04-01, supersedes Rev B" in capsys.readouterr().out
    assert engine.revisions()[rev_c].corrected
