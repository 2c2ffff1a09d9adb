"""Admin work from a console's command line, through a real plant server: re-index, calibrate, the audit log.

The server is tests/support/server.py's `start_plant` (uvicorn on a loopback port, the real models),
one for this module; the console is the real command line in a subprocess.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from operator_assistant.core.audit import AuditLog
from operator_assistant.core.roles import ENV_ADMIN_PASSPHRASE
from operator_assistant.remote.protocol import ADMIN_HEADER, ENV_TOKEN
from tests.conftest import REPO, TEST_ADMIN_PASSPHRASE
from tests.support.server import start_plant

CONSOLE_HOST = "console-host-3"


@pytest.fixture(scope="module")
def plant(tmp_path_factory, embedder):
    plant = start_plant(tmp_path_factory.mktemp("plant-admin"), embedder)
    yield plant
    plant.running.stop()


def console(plant, *args: str, passphrase: str | None = TEST_ADMIN_PASSPHRASE) -> subprocess.CompletedProcess[str]:
    """`operator-assistant --server URL ARGS` as a console runs it: token in the environment, no terminal."""
    env = {**os.environ, "PYTHONPATH": str(REPO), ENV_TOKEN: plant.token}
    env.pop(ENV_ADMIN_PASSPHRASE, None)
    if passphrase is not None:
        env[ENV_ADMIN_PASSPHRASE] = passphrase
    return subprocess.run([sys.executable, "-m", "operator_assistant", "--server", plant.url, *args],
                          capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=300)


def server_records(plant, event: str) -> list[dict]:
    return [r for r in AuditLog.for_settings(plant.settings).tail(200) if r["event"] == event]


def test_admin_work_without_the_admin_passphrase_is_refused_by_the_server(plant):
    with plant.http(plant.token) as http:
        refused = {
            "reindex": http.post("/admin/reindex"),
            "calibrate": http.post("/admin/calibrate", json={"golden": None}),
            "audit": http.get("/admin/audit", params={"tail": 5}),
            "verify": http.get("/admin/audit/verify"),
        }
    assert {name: r.status_code for name, r in refused.items()} == dict.fromkeys(refused, 403)
    assert all(r.json()["error"] == "admin_required" for r in refused.values())
    # the first refusal is recorded as it comes; the three after it within the minute, together
    plant.running.service.write_ended_refusals(flush=True)
    first, rest = server_records(plant, "admin refused")[-2:]
    assert (first["request"], first["count"]) == ("POST /v1/admin/reindex", 1)
    assert (rest["request"], rest["count"], rest["reasons"]) == ("POST /v1/admin/calibrate", 3, {"admin_required": 3})

    # the command line: no passphrase and no terminal to ask for one, then a wrong one (refused by the server)
    missing = console(plant, "reindex", passphrase=None)
    assert missing.returncode == 2 and "needs admin mode on the plant server" in missing.stderr
    wrong = console(plant, "audit", "verify", passphrase="not-the-passphrase")
    assert wrong.returncode == 2 and "admin passphrase is wrong" in wrong.stderr
    plant.running.service.write_ended_refusals(flush=True)
    assert server_records(plant, "admin refused")[-1]["reason"] == "admin_wrong"
    assert not server_records(plant, "reindex") and not server_records(plant, "audit read")


def test_an_admin_reindexes_from_a_console_and_the_server_records_the_console(plant):
    chunks = plant.running.service.workspace.chunk_count()
    done = console(plant, "reindex")
    assert done.returncode == 0, done.stderr
    assert f"re-embedded {chunks} chunks with " in done.stdout and "on the plant server" in done.stdout
    assert "re-indexing on the plant server (job " in done.stderr
    record = server_records(plant, "reindex")[-1]
    assert record["chunks"] == chunks and record["console"] == "console-1"
    # the index still answers after it
    with plant.client() as client:
        found = client.search("B-series booster discharge pressure alarm", k=3)["results"]
    assert "booster-station-b-om-manual.pdf" in {Path(hit["source"]).name for hit in found}


def _small_golden(path: Path) -> Path:
    """Six answerable questions and three the corpus does not answer, from the bundled golden set."""
    rows = [json.loads(line) for line in (REPO / "corpus" / "golden.jsonl").read_text(encoding="utf-8").splitlines()
            if line.strip()]
    answerable = [r for r in rows if r["source_file"] and not r["follows"]][:6]
    not_in_corpus = [r for r in rows if not r["source_file"]][:3]
    assert len(answerable) == 6 and len(not_in_corpus) == 3
    path.write_text("".join(json.dumps(r) + "\n" for r in answerable + not_in_corpus), encoding="utf-8")
    return path


def test_an_admin_calibrates_from_a_console_with_a_question_file_of_the_console(plant, tmp_path):
    with plant.client() as client:
        assert not client.status()["refusal"]["calibrated"]
    done = console(plant, "calibrate", str(_small_golden(tmp_path / "golden.jsonl")))
    assert done.returncode == 0, done.stderr
    assert f"stored with the index on the plant server {plant.url}" in done.stdout
    assert "answerable refused:    " in done.stdout and "/6 (leave-one-out" in done.stdout
    assert "/3 (leave-one-out" in done.stdout
    with plant.client() as client:
        refusal = client.status()["refusal"]
    assert refusal["calibrated"]
    assert f"refusal threshold {float(refusal['threshold']):.4f} on {refusal['signal']}" in done.stdout
    record = server_records(plant, "calibration")[-1]
    assert record["console"] == "console-1" and (record["answerable"], record["not_in_corpus"]) == (6, 3)
    missing = console(plant, "calibrate", str(tmp_path / "no-such.jsonl"))
    assert missing.returncode == 2 and "no question file at" in missing.stderr


def test_a_console_window_calibrates_through_the_contract(plant, tmp_path):
    """RemoteFolder.calibrate (what a window on a console would call) runs the server's admin job."""
    from operator_assistant.config import load_settings
    from operator_assistant.evaluation.golden import load_golden
    from operator_assistant.remote.client import PlantClient
    from operator_assistant.remote.folder import RemoteFolder
    from tests.support.engines import MODELS

    questions = load_golden(_small_golden(tmp_path / "golden.jsonl"))
    folder = RemoteFolder(load_settings(data_dir=tmp_path / "console", models_dir=MODELS),
                          PlantClient(plant.url, plant.token, admin_passphrase=TEST_ADMIN_PASSPHRASE))
    try:
        result = folder.calibrate(questions)
        assert (result.answerable, result.not_in_corpus) == (6, 3) and result.signal and math.isfinite(result.threshold)
        assert folder.status().refusal.calibrated
    finally:
        folder.close()


def test_audit_show_and_verify_over_the_server_name_the_console(plant):
    with plant.http(plant.token, **{"X-Console-Host": CONSOLE_HOST, "X-Console-User": "op.smith"}) as http:
        asked = http.post("/ask", json={"question": "What is the chlorine residual target?"})
    assert asked.status_code == 200

    shown = console(plant, "audit", "show", "--tail", "3")
    assert shown.returncode == 0, shown.stderr
    question = next(line for line in shown.stdout.splitlines() if " question " in line)
    assert f"console-1 (claims op.smith@{CONSOLE_HOST})" in question

    verified = console(plant, "audit", "verify")
    assert verified.returncode == 0, verified.stderr
    assert "audit log intact: " in verified.stdout and f"on the plant server {plant.url}" in verified.stdout
    assert "last record: " in verified.stdout and "audit read by console-1 (" in verified.stdout
    reads = server_records(plant, "audit read")
    assert [r["action"] for r in reads[-2:]] == ["show", "verify"] and reads[-1]["console"] == "console-1"
    assert AuditLog.for_settings(plant.settings).verify().ok


def test_verify_over_the_server_reports_a_line_changed_on_the_server(plant):
    log = AuditLog.for_settings(plant.settings)
    original = log.path.read_bytes()
    lines = original.split(b"\n")
    changed = lines[1].replace(b'"event":"', b'"event":"x', 1)
    assert changed != lines[1]
    log.path.write_bytes(b"\n".join([lines[0], changed, *lines[2:]]))
    try:
        broken = console(plant, "audit", "verify")
    finally:
        # the server appended its own record meanwhile; put back only the line this test changed
        log.path.write_bytes(log.path.read_bytes().replace(changed, lines[1], 1))
    assert broken.returncode == 1
    assert f"audit log BROKEN at {log.folder / 'audit.jsonl'} on the plant server {plant.url}, line 2" in broken.stderr
    assert log.verify().ok


def test_commands_the_server_cannot_do_say_so(plant):
    for args in (["revisions", "list"], ["admin", "set-passphrase"], ["models", "verify"]):
        refused = console(plant, *args)
        assert refused.returncode == 2, args
        assert f"`{args[0]}` does not go through a plant server" in refused.stderr
        assert "reindex, calibrate, audit" in refused.stderr


def test_a_job_started_over_http_reports_its_result(plant):
    with plant.http(plant.token, **{ADMIN_HEADER: TEST_ADMIN_PASSPHRASE}) as http:
        started = http.post("/admin/reindex")
        assert started.status_code == 202 and started.json()["kind"] == "reindex"
        job = started.json()
        with plant.client() as client:
            finished = client.wait(job)
    assert finished["state"] == "done" and finished["console"] == "console-1"
    assert finished["result"]["chunks"] == plant.running.service.workspace.chunk_count()
    assert finished["result"]["embedder"]


def test_a_console_installation_checks_the_servers_handshake_and_works_through_it(plant, tmp_path):
    """As packaging/build.py --role console leaves it: none of the server's libraries can be imported."""
    from tests.support.processes import run_as_console

    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    checked = run_as_console(["--self-test", "--server", plant.url, "--token", plant.token], **env)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"PASS  plant server: {plant.url}: Operator Assistant " in checked.stdout
    assert "token accepted; 14 documents" in checked.stdout and "self-test passed: 3/3" in checked.stdout
    refused = run_as_console(["--self-test", "--server", plant.url, "--token", "oa1_revoked-or-never-issued"], **env)
    assert refused.returncode == 1 and "FAIL  plant server: the plant server does not know this console's token" \
        in refused.stdout

    for args, shown in ((["status"], "booster-station-b-om-manual.pdf"),
                        (["search", "B-series booster discharge pressure alarm"], "booster-station-b-om-manual.pdf"),
                        (["ask", "What is the discharge pressure alarm threshold on the B-series boosters?"],
                         "B-2 | PT-2102 | 66 | 118 | 127 | psi")):
        run = run_as_console(["--server", plant.url, "--token", plant.token, *args], **env)
        assert run.returncode == 0, (args, run.stderr)
        assert shown in run.stdout and "loaded: []" in run.stdout
