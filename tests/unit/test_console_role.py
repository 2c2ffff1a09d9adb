"""A console installation (packaging/build.py --role console) leaves out torch, llama.cpp, Chroma and
the rest of the plant server's libraries: what it runs must not import them, and what it cannot do
it must refuse plainly. Checked here in the source checkout, with those libraries made unimportable."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence

from operator_assistant.resources import CONSOLE, CONSOLE_LEAVES_OUT, ENV_ROLE, FULL, install_role
from tests.conftest import REPO

# Runs before the program: any import of a left-out library fails as it would in a console bundle.
BLOCKER = f"""
import importlib.abc, sys
LEFT_OUT = {tuple(CONSOLE_LEAVES_OUT)!r}
class LeftOut(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in LEFT_OUT:
            raise ImportError(f"{{name}} is not in a console installation")
sys.meta_path.insert(0, LeftOut())
from operator_assistant.cli import main
code = main(sys.argv[1:])
sys.stdout.flush()
print("loaded:", sorted({{n.split(".")[0] for n in sys.modules}} & set(LEFT_OUT)))
sys.exit(code)
"""


def run_as_console(args: Sequence[str], timeout: float = 120, **env: str) -> subprocess.CompletedProcess[str]:
    """`operator-assistant ARGS` as a console installation runs it (the left-out libraries unimportable)."""
    environment = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen", ENV_ROLE: CONSOLE, **env}
    return subprocess.run([sys.executable, "-c", BLOCKER, *args], capture_output=True, text=True, env=environment,
                          stdin=subprocess.DEVNULL, timeout=timeout, cwd=REPO)


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
