"""The plant server's parts that need no HTTP: console tokens, the one index job, where it may listen, SSE parsing."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from operator_assistant.core.audit import AuditLog, audit_context
from operator_assistant.errors import IndexBusy, UserError
from operator_assistant.remote.client import Backoff, _server_sent_events, find_token, upload_names
from operator_assistant.server.jobs import CANCELLED, DONE, FAILED, JobRunner
from operator_assistant.server.run import Listen, check_listen, is_loopback
from operator_assistant.server.tokens import ConsoleTokens, token_hash


def test_a_token_is_shown_once_and_kept_only_as_its_hash(tmp_path: Path):
    tokens = ConsoleTokens(tmp_path)
    token = tokens.add("console-1")
    stored = (tmp_path / "server" / "consoles.json").read_text(encoding="utf-8")
    assert token not in stored and token_hash(token) in stored
    assert (tmp_path / "server" / "consoles.json").stat().st_mode & 0o077 == 0
    console = tokens.check(token)
    assert console is not None and console.name == "console-1"
    assert tokens.check(token + "x") is None


def test_a_revoked_token_is_refused_and_the_name_can_be_issued_again(tmp_path: Path):
    tokens = ConsoleTokens(tmp_path)
    old = tokens.add("console-1")
    with pytest.raises(UserError, match="has a token already"):
        tokens.add("console-1")
    ConsoleTokens(tmp_path).revoke("console-1")  # another process (the command line) revokes it
    assert tokens.check(old) is None
    new = tokens.add("console-1")
    assert tokens.check(new) is not None and [c.active for c in tokens.consoles()] == [False, True]
    with pytest.raises(UserError, match="no console named"):
        tokens.revoke("console-9")


@pytest.mark.parametrize("name", ["", "../x", "a" * 65, "tab\there", "-leading"])
def test_a_console_name_that_would_confuse_the_audit_log_is_refused(tmp_path: Path, name: str):
    with pytest.raises(UserError, match="not a console name"):
        ConsoleTokens(tmp_path).add(name)


def test_a_damaged_token_file_says_what_to_do(tmp_path: Path):
    (tmp_path / "server").mkdir()
    (tmp_path / "server" / "consoles.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(UserError, match="damaged") as damaged:
        ConsoleTokens(tmp_path).check("oa1_x")
    assert "new token" in damaged.value.hint


def _wait(runner: JobRunner, job_id: int) -> None:
    for thread in runner._threads:
        thread.join(10)


def test_one_job_at_a_time_and_its_outcomes():
    runner = JobRunner()
    release = threading.Event()

    def slow(progress, settled, cancel):
        progress({"files_done": 0})
        release.wait(10)
        settled({"source": "a.txt", "status": "added"})
        return {"cancelled": cancel()}

    first = runner.start("ingest", "console-1", slow, lambda run: run())
    with pytest.raises(IndexBusy, match="already running a ingest") as busy:
        runner.start("reindex", "console-2", slow, lambda run: run())
    assert "console-1" in busy.value.message
    runner.cancel(first.id)
    release.set()
    _wait(runner, first.id)
    assert first.state == CANCELLED and first.files == [{"source": "a.txt", "status": "added"}]

    def bad_input(progress, settled, cancel):
        raise UserError("no such file", "upload it first")

    def bug(progress, settled, cancel):
        raise ZeroDivisionError("boom")

    for work, state in ((bad_input, FAILED), (bug, FAILED), (lambda p, s, c: {"chunks": 3}, DONE)):
        job = runner.start("ingest", "console-1", work, lambda run: run())
        _wait(runner, job.id)
        assert job.state == state and runner.running is None
    assert runner.get(job.id).to_json()["result"] == {"chunks": 3}



def test_a_job_cut_off_by_a_crash_is_found_again_marked_interrupted_and_its_id_is_not_reused(tmp_path: Path):
    state = tmp_path / "server" / "jobs.json"
    crashed = JobRunner(state)
    release = threading.Event()

    def stuck(progress, settled, cancel):
        settled({"source": "a.txt", "status": "added"})
        release.wait(10)
        return {}

    done = crashed.start("ingest", "console-1", lambda p, s, c: {"chunks": 1}, lambda run: run())
    _wait(crashed, done.id)
    running = crashed.start("ingest", "console-2", stuck, lambda run: run())
    while "a.txt" not in state.read_text(encoding="utf-8"):  # written when the file settled
        release.wait(0.01)
    restarted = JobRunner(state)  # what the server finds on the file after a SIGKILL mid-job
    found = restarted.get(running.id)
    assert found is not None and found.state == FAILED and found.interrupted and restarted.running is None
    assert found.files == [{"source": "a.txt", "status": "added"}] and "stopped during this ingest" in found.error["message"]
    assert restarted.get(done.id).state == DONE
    later = restarted.start("reindex", "console-1", lambda p, s, c: {}, lambda run: run())
    assert later.id > running.id  # a console polling the old id never sees another job
    _wait(restarted, later.id)
    assert JobRunner(state).get(later.id).state == DONE
    release.set()  # only now: a killed server writes nothing more, and this one's last write would race the new one

def test_audit_context_names_the_console_in_every_record_of_its_block(tmp_path: Path):
    log = AuditLog(tmp_path / "audit")
    with audit_context(console="console-1", claimed_host="ws-3"):
        inside = log.append("question", question="q")
    outside = log.append("question", question="q")
    assert (inside["console"], inside["claimed_host"]) == ("console-1", "ws-3")
    assert "console" not in outside and log.verify().ok


def test_without_tls_only_loopback():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("plant-server")
    for host in ("0.0.0.0", "10.1.2.3", "plant-server"):
        with pytest.raises(UserError, match="loopback only") as refused:
            check_listen(Listen(host))
        assert "openssl req" in refused.value.hint
    with pytest.raises(UserError, match="both --certfile and --keyfile"):
        check_listen(Listen("0.0.0.0", certfile=Path("server.crt")))
    with pytest.raises(UserError, match="no certificate file"):
        check_listen(Listen("0.0.0.0", certfile=Path("/nonexistent.crt"), keyfile=Path("/nonexistent.key")))
    assert Listen("::1", 8750).url == "http://[::1]:8750"


def test_server_sent_events_are_read_in_order_and_comments_skipped():
    lines = ["event: card", 'data: {"n": 1}', "", ": waiting", "", "event: token", 'data: {"text": " psi"}', "",
             "event: answer", 'data: {"n": 3}']
    assert list(_server_sent_events(iter(lines))) == [("card", {"n": 1}), ("token", {"text": " psi"}),
                                                      ("answer", {"n": 3})]


def test_backoff_doubles_up_to_its_cap():
    delays = Backoff(first=0.5, most=3.0).delays()
    assert [next(delays) for _ in range(5)] == [0.5, 1.0, 2.0, 3.0, 3.0]


def test_upload_names_keep_a_folder_name_and_skip_hidden_files(tmp_path: Path):
    folder = tmp_path / "sops"
    (folder / "area-1").mkdir(parents=True)
    (folder / "area-1" / "SOP-1.txt").write_text("x")
    (folder / ".hidden.txt").write_text("x")
    single = tmp_path / "note.md"
    single.write_text("x")
    assert [name for _, name in upload_names([folder, single])] == ["sops/area-1/SOP-1.txt", "note.md"]
    with pytest.raises(UserError, match="no file or folder"):
        upload_names([tmp_path / "missing"])


def test_a_console_without_a_token_is_told_where_to_put_one(tmp_path: Path, monkeypatch):
    monkeypatch.delenv("OPERATOR_ASSISTANT_TOKEN", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    with pytest.raises(UserError, match="no token") as missing:
        find_token()
    assert "serve token add" in missing.value.hint
    (tmp_path / "operator-assistant").mkdir()
    (tmp_path / "operator-assistant" / "console-token").write_text("oa1_abc\n")
    assert find_token() == "oa1_abc" and find_token("oa1_given") == "oa1_given"


def test_token_commands_need_the_admin_passphrase_and_print_the_token_alone(tmp_path: Path, capsys, monkeypatch):
    from operator_assistant.cli import main

    assert main(["--data-dir", str(tmp_path), "serve", "token", "add", "console-1"]) == 0  # scripted admin (conftest)
    out = capsys.readouterr()
    token = out.out.strip()
    assert token.startswith("oa1_") and "\n" not in token and "shown only now" in out.err
    assert ConsoleTokens(tmp_path).check(token).name == "console-1"
    assert main(["--data-dir", str(tmp_path), "serve", "token", "list"]) == 0
    listed = capsys.readouterr().out
    assert "console-1" in listed and token not in listed
    monkeypatch.delenv("OPERATOR_ASSISTANT_ADMIN_PASSPHRASE")
    for action in (["list"], ["revoke", "console-1"], ["add", "console-2"]):
        assert main(["--data-dir", str(tmp_path), "serve", "token", *action]) == 2
        assert "needs admin mode" in capsys.readouterr().err
    assert ConsoleTokens(tmp_path).check(token) is not None


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_guesses_in_flight_count_before_they_are_checked_so_a_burst_gets_five():
    from operator_assistant.server.lockout import AdminLockout

    clock = _Clock()
    lockout = AdminLockout(clock=clock)
    allowed = [lockout.reserve("console-2") == 0.0 for _ in range(20)]  # 20 sent at once: none settled yet
    assert allowed.count(True) == 5
    for _ in range(5):
        lockout.settle("console-2", False)
    assert lockout.reserve("console-2") == pytest.approx(60.0)
    assert lockout.reserve("console-1") == 0.0  # another console is not locked out by it
    lockout.settle("console-1", True)
    clock.now += 61  # its window is over: five more, no more
    assert [lockout.reserve("console-2") == 0.0 for _ in range(60)].count(True) == 5


def test_parallel_wrong_guesses_from_threads_are_checked_five_at_most():
    from operator_assistant.server.lockout import AdminLockout

    lockout = AdminLockout()
    checked: list[int] = []
    start = threading.Barrier(20)

    def guess() -> None:
        start.wait()
        if lockout.reserve("console-2") == 0.0:
            checked.append(1)
            threading.Event().wait(0.05)  # the passphrase check
            lockout.settle("console-2", False)

    threads = [threading.Thread(target=guess) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(checked) == 5


def test_the_budget_of_all_consoles_never_shuts_out_a_console_with_no_wrong_guess():
    from operator_assistant.server.lockout import ALL_CONSOLES, AdminLockout

    clock = _Clock()
    lockout = AdminLockout(clock=clock)
    for console in ("a", "b"):  # two consoles spend the budget of all consoles (10)
        for _ in range(5):
            assert lockout.reserve(console) == 0.0
            lockout.settle(console, False)
    assert ALL_CONSOLES == 10
    assert lockout.reserve("c") == 0.0  # a clean console is still checked: the admin gets in there
    lockout.settle("c", False)
    assert lockout.reserve("c") > 0  # but once it guessed wrong, it waits for the window like the others
    assert lockout.reserve("admin-console") == 0.0
    lockout.settle("admin-console", True)
    clock.now += 61
    assert lockout.reserve("c") == 0.0


def test_refused_requests_are_recorded_once_then_tallied_per_console_per_minute():
    from operator_assistant.server.refusals import RefusalTally, short_request

    clock = _Clock()
    tally = RefusalTally(clock=clock)
    who = {"console": "console-2"}
    long_path = short_request("PUT", "/v1/admin/files/" + "x" * 65_000)
    assert len(long_path) < 260 and long_path.endswith("(65020 characters)")
    records = []
    for n in range(850):  # 850 refusals in 8.5 s
        records += tally.refused("console-2", who, "admin_required", long_path if n else "PUT /v1/admin/files/first")
        clock.now += 0.01
    assert [(r[1]["count"], r[1]["request"]) for r in records] == [(1, "PUT /v1/admin/files/first")]
    assert tally.due() == []  # the minute is not over
    records += tally.refused("console-1", {"console": "console-1"}, "admin_wrong", "GET /v1/admin/check")
    clock.now += 60
    ended = tally.due()
    assert [(r[0]["console"], r[1]["count"]) for r in ended] == [("console-2", 849)]
    assert ended[0][1]["request"] == long_path and ended[0][1]["reasons"] == {"admin_required": 849}
    # still refused through the next minute: one record for it, none at once
    assert tally.refused("console-2", who, "admin_locked", "GET /v1/admin/check") == []
    clock.now += 60
    assert [r[1]["count"] for r in tally.due()] == [1]
    clock.now += 60
    assert tally.due() == []  # quiet for a minute: its next refusal is recorded at once again
    assert [r[1]["count"] for r in tally.refused("console-2", who, "admin_required", "GET /v1/admin/audit")] == [1]
    assert tally.refused("console-2", who, "admin_required", "GET /v1/admin/audit") == []
    assert [r[1]["count"] for r in tally.due(flush=True)] == [1]  # the server stops: the tally is written


def test_the_console_refuses_plain_http_to_anything_but_loopback():
    from operator_assistant.remote.client import PlantClient

    for url in ("http://10.20.0.5:8750", "http://plant-server:8750", "http://0.0.0.0:8750"):
        with pytest.raises(UserError, match="not encrypted") as refused:
            PlantClient(url, "oa1_token")
        assert "https://" in refused.value.hint
    for url in ("http://127.0.0.1:8750", "http://localhost:8750", "http://[::1]:8750", "https://10.20.0.5:8750"):
        PlantClient(url, "oa1_token").close()


@pytest.mark.parametrize("passphrase", ["pässwörter-123", "correct horse battery staple", " spaces at the ends ",
                                        "100%-sure", "パスワード"])
def test_a_passphrase_of_any_characters_goes_through_a_header_and_back(passphrase: str):
    from operator_assistant.remote.protocol import decode_passphrase, encode_passphrase

    sent = encode_passphrase(passphrase)
    assert sent.isascii() and sent.isprintable() and sent == sent.strip()
    sent.encode("latin-1")  # what an HTTP header can carry
    assert decode_passphrase(sent) == passphrase
    with pytest.raises(ValueError):
        decode_passphrase("%ff%fe")


def test_a_conversation_belongs_to_its_console_and_the_oldest_beyond_the_cap_go(tmp_path: Path):
    import sqlite3

    from operator_assistant.core.history import ConversationLog

    path = tmp_path / "history.sqlite3"
    old = sqlite3.connect(path)  # a history from before consoles owned conversations
    old.executescript("CREATE TABLE conversations (id INTEGER PRIMARY KEY, title TEXT NOT NULL, created REAL NOT NULL);"
                      "INSERT INTO conversations(title, created) VALUES ('the window''s own', 1.0);")
    old.close()
    log = ConversationLog(path)
    a = [log.start(f"a{n}", owner="console-a") for n in range(4)]
    b = log.start("b", owner="console-b")
    assert [c.id for c in log.conversations(owner="console-b")] == [b]
    assert {c.title for c in log.conversations()} == {"the window's own", "a0", "a1", "a2", "a3", "b"}
    assert log.conversation(a[0]).owner == "console-a" and log.conversation(1).owner is None
    assert log.conversation(99999999999999999999999) is None and log.conversation(0) is None
    assert log.keep_newest("console-a", 2) == 2
    assert sorted(c.id for c in log.conversations(owner="console-a")) == a[2:]
    assert log.conversation(b) is not None and log.conversation(1) is not None
    log.close()
