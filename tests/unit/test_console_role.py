"""A console installation (packaging/build.py --role console) leaves out torch, llama.cpp, Chroma and
the rest of the plant server's libraries: what it runs must not import them, and what it cannot do
it must refuse plainly. Checked here in the source checkout, with those libraries made unimportable."""

from __future__ import annotations

from operator_assistant.resources import CONSOLE, ENV_ROLE, FULL, install_role
from tests.conftest import REPO
from tests.support.processes import run_as_console


def test_the_role_is_full_unless_the_installation_says_console(monkeypatch):
    monkeypatch.delenv(ENV_ROLE, raising=False)
    assert install_role() == FULL
    monkeypatch.setenv(ENV_ROLE, CONSOLE)
    assert install_role() == CONSOLE
    monkeypatch.setenv(ENV_ROLE, "server-and-more")
    assert install_role() == FULL


def test_the_console_self_test_passes_without_the_servers_libraries(tmp_path):
    run = run_as_console(["--self-test"], XDG_CONFIG_HOME=str(tmp_path))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Operator Assistant console self-test" in run.stdout
    assert "PASS  console parts: window, viewer and plant-server client load" in run.stdout
    assert "PASS  console history" in run.stdout
    assert "plant server: not checked (give --server URL and --token TOKEN" in run.stdout
    assert "self-test passed: 2/2" in run.stdout
    assert "weights" not in run.stdout  # a console has none to check
    assert "loaded: []" in run.stdout


def test_a_console_refuses_to_work_without_a_plant_server(tmp_path):
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    for args, what in ((["status"], "`status`"), (["ingest", str(REPO / "corpus" / "documents")], "`ingest`"),
                       ([], "the window")):
        run = run_as_console(args, **env)
        assert run.returncode == 2, (args, run.stdout, run.stderr)
        assert f"this is a console installation: {what} works only through a plant server" in run.stderr
        assert "--server https://HOST:8750" in run.stderr and "Settings > Plant server" in run.stderr
        assert "loaded: []" in run.stdout
    assert not (tmp_path / "data").exists()  # no data folder of its own was made
    serve = run_as_console(["serve"], **env)
    assert serve.returncode == 2 and "cannot run the plant server" in serve.stderr and "--role full" in serve.stderr


def test_a_console_self_test_names_a_plant_server_that_does_not_answer(tmp_path):
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    run = run_as_console(["--self-test", "--server", f"http://127.0.0.1:{port}", "--token", "oa1_unknown"],
                         XDG_CONFIG_HOME=str(tmp_path))
    assert run.returncode == 1, run.stdout + run.stderr
    assert f"FAIL  plant server: the plant server at http://127.0.0.1:{port} is not answering" in run.stdout
    assert "self-test FAILED: 2/3" in run.stdout
