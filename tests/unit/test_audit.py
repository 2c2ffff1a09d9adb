"""The audit log: a hash chain that shows any edit, removal, insertion or reordering."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from datetime import datetime
from pathlib import Path

import pytest

from operator_assistant.config import load_settings
from operator_assistant.core.assistant import Answer, Source, record_answer
from operator_assistant.core.audit import (
    GENESIS,
    HEAD,
    AuditLog,
    audit_context,
    line_hash,
    record_event,
    settings_changes,
)
from operator_assistant.core.engine import Engine

REPO = Path(__file__).resolve().parents[2]


def filled(folder: Path, count: int, **kwargs) -> AuditLog:
    audit = AuditLog(folder, **kwargs)
    for n in range(count):
        audit.append("question", question=f"question number {n}")
    return audit


def lines(audit: AuditLog) -> list[bytes]:
    return audit.path.read_bytes().splitlines(keepends=True)


def rewrite(audit: AuditLog, new_lines: list[bytes]) -> None:
    audit.path.write_bytes(b"".join(new_lines))


def problem(audit: AuditLog) -> tuple[str, int]:
    result = audit.verify()
    assert not result.ok, "tampering went unnoticed"
    assert result.problem is not None
    return result.problem.file, result.problem.line


def test_intact_chain_verifies_and_each_line_links_to_the_one_before(tmp_path):
    audit = filled(tmp_path, 5)
    result = audit.verify()
    assert result.ok and result.lines == 5 and result.problem is None and not result.notes
    raw = lines(audit)
    records = [json.loads(r) for r in raw]
    assert records[0]["prev"] == GENESIS and records[0]["file_start"] is True
    for before, record in zip(raw, records[1:]):
        assert record["prev"] == line_hash(before.rstrip(b"\n"))
    assert [r["seq"] for r in records] == [1, 2, 3, 4, 5]
    first = records[0]
    assert first["event"] == "question" and first["user"]
    assert datetime.fromisoformat(first["time"]).utcoffset().total_seconds() == 0


def test_an_edited_line_is_named(tmp_path):
    audit = filled(tmp_path, 6)
    raw = lines(audit)
    raw[2] = raw[2].replace(b"question number 2", b"question number 9")
    rewrite(audit, raw)
    assert problem(audit) == ("audit.jsonl", 3)


def test_an_edited_last_line_is_caught_by_the_head(tmp_path):
    audit = filled(tmp_path, 4)
    raw = lines(audit)
    raw[-1] = raw[-1].replace(b"question number 3", b"question number 7")
    rewrite(audit, raw)
    assert problem(audit) == ("audit.jsonl", 4)


def test_a_deleted_line_is_named(tmp_path):
    audit = filled(tmp_path, 6)
    raw = lines(audit)
    del raw[3]
    rewrite(audit, raw)
    assert problem(audit) == ("audit.jsonl", 4)
    assert "missing" in audit.verify().problem.reason


def test_a_deleted_last_line_is_caught(tmp_path):
    audit = filled(tmp_path, 5)
    rewrite(audit, lines(audit)[:-1])
    assert problem(audit) == ("audit.jsonl", 4)
    assert "missing after" in audit.verify().problem.reason


def test_an_inserted_copy_is_named(tmp_path):
    audit = filled(tmp_path, 6)
    raw = lines(audit)
    raw.insert(4, raw[1])
    rewrite(audit, raw)
    assert problem(audit) == ("audit.jsonl", 5)


def test_an_inserted_line_with_a_forged_link_is_named(tmp_path):
    audit = filled(tmp_path, 6)
    raw = lines(audit)
    forged = json.dumps({"seq": 3, "time": "2020-01-01T00:00:00Z", "user": "x", "event": "question",
                         "question": "forged", "prev": line_hash(raw[1].rstrip(b"\n"))},
                        separators=(",", ":")).encode() + b"\n"
    raw.insert(2, forged)
    rewrite(audit, raw)
    assert problem(audit) == ("audit.jsonl", 3)
    assert "inserted" in audit.verify().problem.reason


def test_reordered_lines_are_named(tmp_path):
    audit = filled(tmp_path, 6)
    raw = lines(audit)
    raw[2], raw[3] = raw[3], raw[2]
    rewrite(audit, raw)
    assert problem(audit) == ("audit.jsonl", 3)


def test_a_truncated_last_line_is_named(tmp_path):
    audit = filled(tmp_path, 5)
    data = audit.path.read_bytes()
    audit.path.write_bytes(data[:-25])
    assert problem(audit) == ("audit.jsonl", 5)
    assert "cut short" in audit.verify().problem.reason


def test_a_deleted_head_or_log_is_reported(tmp_path):
    audit = filled(tmp_path, 3)
    (tmp_path / HEAD).unlink()
    assert problem(audit)[0] == HEAD
    audit = filled(tmp_path / "other", 3)
    audit.path.unlink()
    assert problem(audit)[0] == HEAD


def test_after_a_cut_short_line_writing_goes_on_and_the_break_stays_visible(tmp_path):
    audit = filled(tmp_path, 3)
    audit.path.write_bytes(audit.path.read_bytes()[:-10])  # as if the machine lost power mid-write
    audit.append("question", question="after the crash")
    assert problem(audit) == ("audit.jsonl", 3)
    assert json.loads(lines(audit)[-1])["seq"] == 4


def test_rotation_keeps_the_chain_across_files(tmp_path):
    audit = filled(tmp_path, 60, max_bytes=2048, keep_files=100)
    names = [p.name for p in audit.files()]
    assert len(names) > 3 and names[-1] == "audit.jsonl" and names[0] == "audit.00000001.jsonl"
    assert all(p.stat().st_size <= 2048 for p in audit.files())
    result = audit.verify()
    assert result.ok and result.lines == 60 and not result.notes
    first_of_second = json.loads(audit.files()[1].read_bytes().splitlines()[0])
    assert first_of_second["prev"] == line_hash(audit.files()[0].read_bytes().splitlines()[-1])


def test_tampering_in_a_rotated_file_names_that_file(tmp_path):
    audit = filled(tmp_path, 60, max_bytes=2048, keep_files=100)
    second = audit.files()[1]
    raw = second.read_bytes().splitlines(keepends=True)
    raw[1] = raw[1].replace(b"question number", b"question NUMBER")
    second.write_bytes(b"".join(raw))
    assert problem(audit) == (second.name, 2)


def test_a_missing_rotated_file_in_the_middle_is_reported(tmp_path):
    audit = filled(tmp_path, 60, max_bytes=2048, keep_files=100)
    files = audit.files()
    files[1].unlink()
    name, line = problem(audit)
    assert (name, line) == (files[2].name, 1)


def test_retention_never_removes_a_file_that_was_not_archived(tmp_path):
    audit = filled(tmp_path, 80, max_bytes=2048, keep_files=2, keep_days=0.0)
    assert len(audit.rotated()) > 2 and audit.files()[0].name == "audit.00000001.jsonl"
    result = audit.verify()
    assert result.ok and result.lines == 80 and not result.notes and result.gone is None


def test_retention_never_removes_records_younger_than_keep_days_even_archived(tmp_path):
    audit = filled(tmp_path / "audit", 80, max_bytes=2048, keep_files=2)  # keep_days: 90 by default
    assert audit.archive(tmp_path / "archive")
    filled_more = [audit.append("question", question=f"later {n}") for n in range(40)]
    assert filled_more and audit.files()[0].name == "audit.00000001.jsonl"
    assert audit.verify().ok and audit.verify().lines == 121  # 80, the archive record, 40


def _written_days_ago(monkeypatch, days: float) -> None:
    from datetime import UTC, datetime, timedelta

    import operator_assistant.core.audit as audit_module

    then = (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    monkeypatch.setattr(audit_module, "utc_now", lambda: then)


def test_archived_files_older_than_keep_days_are_removed_and_verify_says_what_went_where(tmp_path, monkeypatch):
    _written_days_ago(monkeypatch, 120)
    audit = filled(tmp_path / "audit", 60, max_bytes=2048, keep_files=2, keep_days=90.0)
    before = [p.name for p in audit.rotated()]
    contents = {p.name: p.read_bytes() for p in audit.rotated()}
    assert len(before) > 2
    archive = tmp_path / "archive"
    copied = audit.archive(archive)
    assert [c.file for c in copied] == before and copied[0].first_seq == 1
    for span in copied:  # each copy with its chain head: its last line's hash, the next file's `prev`
        head = json.loads((archive / f"{span.file}.head").read_text(encoding="utf-8"))
        assert head["last_hash"] == line_hash((archive / span.file).read_bytes().splitlines()[-1])
        assert (archive / span.file).read_bytes() == contents[span.file]
    assert audit.tail(1)[0]["event"] == "audit archived" and audit.tail(1)[0]["files"] == before
    assert not {c.file for c in audit.archive(archive)} & set(before)  # archived once only
    monkeypatch.undo()
    for n in range(30):  # written today: their files are not archived, and young
        audit.append("question", question=f"today {n}")
    remaining = [p.name for p in audit.rotated()]
    assert before[0] not in remaining and before[-1] not in remaining  # the old archived files went
    result = audit.verify()
    assert result.ok and result.gone is not None and result.gone.archived
    assert result.gone.first_seq == 1 and result.gone.last_seq >= copied[-1].last_seq
    assert result.notes and f"archived to {archive.resolve()}" in result.notes[0]
    assert result.gone.since == copied[0].first_time and result.gone.until
    # with the archive, the chain is checked whole from its first record
    whole = audit.verify(archive)
    assert whole.ok and whole.gone is None and whole.lines == audit.tail(1)[0]["seq"]
    copy = archive / before[1]
    copy.write_bytes(copy.read_bytes().replace(b"question number", b"question NUMBER", 1))
    assert (audit.verify(archive).problem.file, audit.verify(archive).problem.line) == (before[1], 1)


def test_files_removed_without_an_archive_fail_verify_with_how_many_records_and_when(tmp_path, capsys):
    from operator_assistant.cli import main

    audit = filled(tmp_path / "audit", 80, max_bytes=2048, keep_files=100)
    started = audit.tail(80)[0]["time"]
    removed = audit.rotated()[:2]
    gone = sum(len(p.read_bytes().splitlines()) for p in removed)
    for path in removed:  # as the retention of an older version did, or someone by hand
        path.unlink()
    result = audit.verify()
    assert not result.ok and result.incomplete and result.lines == 80 - gone
    assert result.gone is not None and (result.gone.first_seq, result.gone.last_seq) == (1, gone)
    assert f"{gone} record(s) are gone and were never archived: records 1-{gone}" in result.problem.reason
    assert f"written between {started} and " in result.problem.reason
    assert main(["--data-dir", str(tmp_path), "audit", "verify"]) == 1
    err = capsys.readouterr().err
    assert "audit log INCOMPLETE" in err and f"{gone} record(s) are gone" in err
    # the oldest remaining file must still begin where a file began
    oldest = audit.files()[0]
    oldest.write_bytes(b"".join(oldest.read_bytes().splitlines(keepends=True)[1:]))
    assert problem(audit) == (oldest.name, 1)
    assert not audit.verify().incomplete


def test_audit_archive_from_the_command_line_needs_admin_and_says_what_it_copied(tmp_path, capsys, monkeypatch):
    from operator_assistant.cli import main

    filled(tmp_path / "audit", 40, max_bytes=2048)
    assert main(["--data-dir", str(tmp_path), "audit", "archive", str(tmp_path / "archive")]) == 0  # scripted admin
    out = capsys.readouterr().out
    assert "archived " in out and "records 1-" in out and list((tmp_path / "archive").glob("*.jsonl.head"))
    assert main(["--data-dir", str(tmp_path), "audit", "verify", "--archive", str(tmp_path / "archive")]) == 0
    assert "audit log intact: 41 record(s)" in capsys.readouterr().out  # the 40 and the archive's own
    monkeypatch.delenv("OPERATOR_ASSISTANT_ADMIN_PASSPHRASE")
    assert main(["--data-dir", str(tmp_path), "audit", "archive", str(tmp_path / "archive")]) == 2
    assert "needs admin mode" in capsys.readouterr().err


def test_audit_show_escapes_control_characters_and_bidi_overrides(tmp_path, capsys):
    from operator_assistant.cli import main

    audit = AuditLog(tmp_path / "audit")
    with audit_context(console="console-1", claimed_user="op\u202eelif.exe", claimed_host="ws\x1b[2J"):
        audit.append("question", question="alarm\u2066 hidden\u2069 \x07bell")
    for extra in ([], ["--json"]):
        assert main(["--data-dir", str(tmp_path), "audit", "show", "--tail", "1", *extra]) == 0
        shown = capsys.readouterr().out
        assert not any(ch in shown for ch in "\u202e\u2066\u2069\x07\x1b")
        assert "\\u202e" in shown and "\\u001b" in shown and "\\u2066" in shown
        if not extra:
            assert "console-1 (claims op\\u202eelif.exe@ws\\u001b[2J)" in shown
        else:
            assert json.loads(shown)["claimed_user"] == "op\u202eelif.exe"  # the escapes are JSON's own


def test_concurrent_threads_lose_no_line(tmp_path):
    logs = [AuditLog(tmp_path, max_bytes=4096, keep_files=1000) for _ in range(2)]  # two handles, one file

    def write(n: int) -> None:
        for i in range(40):
            logs[n % 2].append("question", question=f"thread {n} line {i}")

    threads = [threading.Thread(target=write, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    result = logs[0].verify()
    assert result.ok, result.problem
    assert result.lines == 240
    records = logs[0].tail(1000)
    assert sorted(r["question"] for r in records) == sorted(f"thread {n} line {i}" for n in range(6) for i in range(40))


WRITER = """
import sys
from pathlib import Path
from operator_assistant.core.audit import AuditLog
audit = AuditLog(Path(sys.argv[1]), max_bytes=4096, keep_files=1000)
for i in range(int(sys.argv[3])):
    audit.append("question", question=f"process {sys.argv[2]} line {i}")
"""


def test_concurrent_processes_lose_no_line(tmp_path):
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(n), "60"], cwd=REPO)
             for n in range(3)]
    audit = AuditLog(tmp_path, max_bytes=4096, keep_files=1000)
    for i in range(30):  # and this process writes at the same time
        audit.append("question", question=f"main line {i}")
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0]
    result = audit.verify()
    assert result.ok, result.problem
    assert result.lines == 3 * 60 + 30
    assert len(audit.files()) > 2, "rotation happened while several processes wrote"


class _NamedEmbedder:
    """Only the id is read when an answer is recorded; no model is needed for that."""

    model_id = "test-embedder@0"


def test_a_question_record_keeps_80_characters_and_never_the_answer_or_passages(tmp_path):
    engine = Engine(load_settings(data_dir=tmp_path, models_dir=tmp_path), _NamedEmbedder())
    question = "What is the alarm setpoint " + "x" * 200
    passage = "SECRET PASSAGE TEXT the pump trips at 118 psi"
    source = Source(1, "abcd:1234", "Booster manual", "/docs/booster.pdf", ("Alarms",), (3,), 0, 40, passage, 0.9)
    answer = Answer(question, question, "SECRET ANSWER TEXT: 118 psi [1].", False, [source],
                    timings={"total_ms": 1234.5})
    assert record_answer(engine, answer, "model.gguf", "none") == ""
    raw = engine.audit.path.read_text(encoding="utf-8")
    record = json.loads(raw)
    assert record["question"] == question[:80] and record["question_chars"] == len(question)
    assert record["cited"] == [{"document": "Booster manual", "source": "/docs/booster.pdf", "doc_id": "abcd",
                                "sha256": None}]
    assert record["models"] == {"llm": "model.gguf", "embedder": "test-embedder@0", "reranker": "none"}
    assert record["latency_ms"] == 1234 and record["refused"] is False
    assert "SECRET" not in raw and "118" not in raw
    engine.close()


def test_an_unwritable_log_gives_a_warning_not_an_exception(tmp_path):
    blocker = tmp_path / "audit"
    blocker.write_text("a file where the audit folder should be")
    warning = record_event(AuditLog(blocker), "question", question="q")
    assert warning.startswith("audit log not written")


def test_settings_changes_lists_only_what_changed(tmp_path):
    old = load_settings(data_dir=tmp_path, models_dir=tmp_path)
    new = load_settings(data_dir=tmp_path, models_dir=tmp_path, top_k=8)
    assert settings_changes(old, new) == {"top_k": [5, 8]}


def test_rotation_settings_are_checked(tmp_path):
    (tmp_path / "config.toml").write_text("audit_max_bytes = 10000\naudit_keep_files = 3\n")
    settings = load_settings(data_dir=tmp_path, models_dir=tmp_path)
    audit = AuditLog.for_settings(settings)
    assert (audit.max_bytes, audit.keep_files, audit.folder) == (10000, 3, tmp_path / "audit")
    (tmp_path / "config.toml").write_text("audit_keep_files = -1\n")
    with pytest.raises(Exception, match="audit_keep_files"):
        load_settings(data_dir=tmp_path, models_dir=tmp_path)
    (tmp_path / "config.toml").write_text("audit_keep_days = 30\n")
    assert AuditLog.for_settings(load_settings(data_dir=tmp_path, models_dir=tmp_path)).keep_days == 30.0
    (tmp_path / "config.toml").write_text("audit_keep_days = -1\n")
    with pytest.raises(Exception, match="audit_keep_days"):
        load_settings(data_dir=tmp_path, models_dir=tmp_path)


def test_cli_verify_names_the_file_and_line_and_show_prints_the_tail(tmp_path, capsys):
    from operator_assistant.cli import main

    audit = filled(tmp_path / "audit", 4)
    assert main(["--data-dir", str(tmp_path), "audit", "show", "--tail", "2"]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert len(shown) == 2 and "question number 3" in shown[-1]
    assert audit.tail(0) == []
    assert main(["--data-dir", str(tmp_path), "audit", "verify"]) == 0
    assert "4 record(s) in 1 file(s)" in capsys.readouterr().out
    raw = lines(audit)
    del raw[1]
    rewrite(audit, raw)
    assert main(["--data-dir", str(tmp_path), "audit", "verify"]) == 1
    assert f"{audit.path}, line 2: 1 line(s) missing" in capsys.readouterr().err
