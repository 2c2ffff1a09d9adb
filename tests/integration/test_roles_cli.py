"""Admin mode on the command line: refusal without a terminal, scripted admin jobs, prompts on a terminal."""

import json
import os
import pty
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from operator_assistant.cli import main
from operator_assistant.core.roles import ENV_ADMIN_PASSPHRASE, check_passphrase, is_passphrase_set, set_passphrase
from tests.conftest import REPO, SAMPLE_DOCS
from tests.support.engines import MODELS

DOC = "filter-backwash-procedure.md"


def cli(data: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """The CLI in a subprocess with no terminal: stdin is /dev/null, as in a cron job or a pipe."""
    return subprocess.run([sys.executable, "-m", "operator_assistant", "--data-dir", str(data), "--models-dir",
                           str(MODELS), *args], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=300)


def without_passphrase() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != ENV_ADMIN_PASSPHRASE}


def indexed_documents(data: Path) -> list:
    out = cli(data, "status", "--json")  # read-only: open to operators
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)["documents"]


@pytest.fixture
def one_doc(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    shutil.copy(SAMPLE_DOCS / DOC, folder)
    return folder


def test_ingest_without_a_terminal_or_passphrase_is_refused_and_indexes_nothing(tmp_path, one_doc):
    data = tmp_path / "data"
    for command in (["ingest", str(one_doc)], ["remove", DOC], ["reindex"]):
        out = cli(data, *command, env=without_passphrase())
        assert out.returncode == 2, out.stderr
        assert "error: changing the corpus needs admin mode" in out.stderr
        assert "no terminal" in out.stderr and ENV_ADMIN_PASSPHRASE in out.stderr
    out = cli(data, "calibrate", env=without_passphrase())
    assert out.returncode == 2 and "changing the refusal threshold needs admin mode" in out.stderr
    assert indexed_documents(data) == []
    assert not is_passphrase_set(data)


def test_scripted_admin_job_sets_the_passphrase_on_first_use_then_must_match(tmp_path, one_doc, capsys, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv(ENV_ADMIN_PASSPHRASE, "scripted passphrase")
    assert main(["--data-dir", str(data), "--models-dir", str(MODELS), "ingest", str(one_doc)]) == 0
    assert "1 added" in capsys.readouterr().out
    assert check_passphrase(data, "scripted passphrase")

    (one_doc / "more.md").write_text("# Clearwell\n\nThe clearwell level LIT-700 alarms at 12.5 ft.\n", encoding="utf-8")
    started = time.perf_counter()
    out = cli(data, "ingest", str(one_doc), env={**without_passphrase(), ENV_ADMIN_PASSPHRASE: "a wrong passphrase"})
    assert out.returncode == 2
    assert "changing the corpus needs admin mode, and the passphrase in" in out.stderr and "is wrong" in out.stderr
    assert time.perf_counter() - started >= 1.0  # a wrong try is slowed down
    assert [Path(d["source"]).name for d in indexed_documents(data)] == [DOC]  # more.md was not added


def _readable(fd: int, seconds: float) -> bool:
    """poll, not select: select fails on a descriptor numbered over 1023, as one can be late in a long run."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(seconds * 1000))


def _run_in_terminal(data: Path, args: list[str], answers: list[str]) -> tuple[int, str]:
    """Run the CLI on a pseudo-terminal (its controlling terminal), typing `answers` at its prompts."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: become the CLI
        os.chdir(REPO)
        os.execve(sys.executable, [sys.executable, "-m", "operator_assistant", "--data-dir", str(data),
                                   "--models-dir", str(MODELS), *args], without_passphrase())
    output, pending, answered_at = b"", list(answers), 0
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            if not _readable(fd, 1.0):
                continue
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            output += chunk
            if pending and output.endswith(b": ") and len(output) > answered_at:  # a new prompt waits
                os.write(fd, pending.pop(0).encode() + b"\n")
                answered_at = len(output)
    finally:
        os.close(fd)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), output.decode(errors="replace")


def test_admin_commands_prompt_on_a_terminal(tmp_path):
    data = tmp_path / "data"
    code, out = _run_in_terminal(data, ["admin", "set-passphrase"], ["first passphrase", "a typo here"])
    assert code == 2 and "the two passphrases differ" in out and not is_passphrase_set(data)
    code, out = _run_in_terminal(data, ["admin", "set-passphrase"], ["short", "short"])
    assert code == 2 and "at least 8 characters" in out and not is_passphrase_set(data)
    code, out = _run_in_terminal(data, ["admin", "set-passphrase"], ["first passphrase", "first passphrase"])
    assert code == 0 and "admin passphrase set" in out
    assert "first passphrase" not in out  # not echoed
    code, out = _run_in_terminal(data, ["admin", "change-passphrase"], ["not it at all"])
    assert code == 2 and "current admin passphrase is wrong" in out
    code, out = _run_in_terminal(data, ["admin", "change-passphrase"],
                                 ["first passphrase", "second passphrase", "second passphrase"])
    assert code == 0 and "admin passphrase changed" in out
    assert check_passphrase(data, "second passphrase") and not check_passphrase(data, "first passphrase")


def test_remove_on_a_terminal_asks_and_refuses_after_three_wrong_passphrases(tmp_path):
    data = tmp_path / "data"
    set_passphrase(data, "the admin passphrase")
    code, out = _run_in_terminal(data, ["remove", DOC], ["guess one", "guess two", "guess three"])
    assert out.count("Admin passphrase (changing the corpus needs admin mode):") == 3
    assert out.count("\nwrong passphrase\r\n") == 3
    assert code == 2 and "3 wrong passphrases" in out and "nothing was changed" in out
