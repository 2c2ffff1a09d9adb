"""A flag a command does not use is refused, and an evaluation never scores a folder it was not given."""

from __future__ import annotations

import json

import pytest

from operator_assistant.cli import EXIT_USER_ERROR, main


@pytest.fixture
def golden(tmp_path):
    path = tmp_path / "questions" / "golden.jsonl"
    path.parent.mkdir()
    path.write_text(json.dumps({"id": "a", "question": "What colour are contractor locks?", "kind": "fact",
                                "source_file": "lockout.md", "answer_keywords": ["yellow"]}) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("action", ["answers", "golden"])
def test_eval_refuses_the_data_dir_it_would_not_score(tmp_path, golden, capsys, action):
    (golden.parent / "documents").mkdir()
    code = main(["--data-dir", str(tmp_path / "data"), "eval", action, str(golden)])
    err = capsys.readouterr().err
    assert code == EXIT_USER_ERROR
    assert f"`eval {action}` does not use --data-dir" in err and "--work-dir" in err
    assert not (tmp_path / "data").exists(), "nothing was opened or indexed"


def test_eval_retrieval_refuses_the_data_dir_too(tmp_path, capsys):
    code = main(["--data-dir", str(tmp_path / "data"), "eval", "retrieval", "--beir", str(tmp_path)])
    assert code == EXIT_USER_ERROR and "does not use --data-dir" in capsys.readouterr().err


@pytest.mark.parametrize("action", ["answers", "golden"])
def test_a_missing_corpus_folder_is_an_error_not_an_old_index(tmp_path, golden, capsys, action):
    work = tmp_path / "work"
    code = main(["eval", action, str(golden), "--work-dir", str(work)])
    err = capsys.readouterr().err
    assert code == EXIT_USER_ERROR
    assert f"no documents folder at {(golden.parent / 'documents').resolve()}" in err and "--corpus" in err
    assert not work.exists()


def test_a_missing_question_file_is_an_error(tmp_path, capsys):
    code = main(["eval", "golden", str(tmp_path / "nowhere.jsonl"), "--corpus", str(tmp_path)])
    assert code == EXIT_USER_ERROR and "no question file at" in capsys.readouterr().err


def test_server_with_no_command_opens_the_window_as_a_console(tmp_path, monkeypatch):
    from operator_assistant.config import remember_server
    from operator_assistant.gui import app

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # the server chosen in Settings: not the user's
    opened = []
    monkeypatch.setattr(app, "run_gui", lambda settings, server=None: opened.append((settings, server)) or 0)
    assert main(["--data-dir", str(tmp_path / "console"), "--server", "https://plant:8750", "--token", "t0k"]) == 0
    assert opened and opened[0][1] == ("https://plant:8750", "t0k", None)
    opened.clear()
    assert main(["--data-dir", str(tmp_path / "alone")]) == 0  # no --server: the window on this computer's data
    assert opened and opened[0][1] is None
    remember_server("https://plant-server:8750/")  # as the Settings dialog keeps it
    opened.clear()
    assert main(["--data-dir", str(tmp_path / "alone")]) == 0
    assert opened[0][1] == ("https://plant-server:8750", None, None)
    remember_server("")
    opened.clear()
    assert main(["--data-dir", str(tmp_path / "alone")]) == 0
    assert opened[0][1] is None
