"""The plant server over real HTTP: uvicorn on a loopback port, the sample corpus indexed, a real console client.

One server for the module (restarted once, by the retry test at the end); nothing between the
console and the server is mocked.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from operator_assistant.config import load_settings
from operator_assistant.core.answer.records import Answered, CardReady, TextGenerated, Turn
from operator_assistant.core.audit import AuditLog
from operator_assistant.errors import UserError
from operator_assistant.remote import client as client_module
from operator_assistant.remote.client import Backoff, PlantClient, ServerRefused, ServerUnavailable, VersionMismatch
from operator_assistant.remote.protocol import ADMIN_HEADER, API_HEADER, API_VERSION
from operator_assistant.server.run import Listen, check_listen
from operator_assistant.server.tokens import ConsoleTokens
from tests.conftest import REPO, SAMPLE_DOCS, TEST_ADMIN_PASSPHRASE
from tests.support.engines import MODELS
from tests.support.server import QUESTION, RunningServer, free_port, start_plant


@pytest.fixture(scope="module")
def plant(tmp_path_factory, embedder):
    plant = start_plant(tmp_path_factory.mktemp("plant"), embedder)
    yield plant
    plant.running.stop()


def test_the_handshake_gives_the_app_and_api_versions(plant):
    with plant.http() as http:
        info = http.get("/version").json()
    assert info["api"] == API_VERSION and info["version"]
    with plant.client() as console:
        assert console.handshake()["api"] == API_VERSION


def test_a_console_and_a_server_of_different_api_versions_refuse_each_other(plant, monkeypatch):
    with plant.http(plant.token, **{API_HEADER: str(API_VERSION + 1)}) as http:
        refused = http.get("/documents")
    assert refused.status_code == 426
    assert f"speaks API {API_VERSION}" in refused.json()["message"]
    assert f"API {API_VERSION + 1}" in refused.json()["message"]
    # a console built for the next API version refuses this server at the handshake, before any question
    monkeypatch.setattr(client_module, "API_VERSION", API_VERSION + 1)
    with plant.client() as console, pytest.raises(VersionMismatch) as mismatch:
        console.search("alarm")
    assert f"plant server speaks API {API_VERSION}" in mismatch.value.message


def test_requests_without_a_valid_token_are_refused_and_a_revoked_token_stops_at_once(plant):
    with plant.http() as http:
        missing = http.get("/documents")
    assert missing.status_code == 401 and "no token" in missing.json()["message"]
    with plant.http("oa1_not-a-token") as http:
        assert http.get("/documents").status_code == 401
    tokens = ConsoleTokens(plant.data_dir)
    spare = tokens.add("console-spare")
    with plant.http(spare) as http:
        assert http.get("/documents").status_code == 200
        tokens.revoke("console-spare")  # from the command line, while the server runs
        revoked = http.get("/documents")
    assert revoked.status_code == 401 and "revoked" in revoked.json()["message"]
    stored = (plant.data_dir / "server" / "consoles.json").read_text(encoding="utf-8")
    assert spare not in stored and plant.token not in stored  # hashes only


def test_admin_actions_need_the_admin_passphrase_checked_on_the_server(plant):
    with plant.http(plant.token) as http:
        missing = http.put("/admin/files/note.txt", content=b"Pump P-9 trips at 80 psi.")
        wrong = http.post("/admin/remove", json={"documents": ["x"]}, headers={ADMIN_HEADER: "not-the-passphrase"})
    assert missing.status_code == 403 and "admin" in missing.json()["message"]
    assert wrong.status_code == 403 and "wrong" in wrong.json()["message"]
    assert not (plant.data_dir / "library" / "note.txt").exists()
    plant.running.service.write_ended_refusals(flush=True)  # the second was tallied, as a console's burst is
    refused = [r for r in AuditLog.for_settings(plant.settings).tail(5) if r["event"] == "admin refused"]
    assert [r["reason"] for r in refused[-2:]] == ["admin_required", "admin_wrong"]
    assert refused[-1]["console"] == "console-1" and refused[-1]["request"] == "POST /v1/admin/remove"
    with plant.client(admin_passphrase=None) as console, pytest.raises(UserError, match="admin"):
        console.reindex()


def test_search_over_http(plant):
    with plant.client() as console:
        found = console.search("B-series booster discharge pressure alarm", k=5)
        with pytest.raises(ServerRefused) as bad:
            console.search("alarm", k=0)
    assert "booster-station-b-om-manual.pdf" in {Path(hit["source"]).name for hit in found["results"]}
    assert bad.value.status == 422 and "k" in bad.value.message


def test_an_answer_streams_the_card_then_the_model_then_the_answer_with_citations(plant):
    with plant.http(plant.token, **{"X-Console-Host": "console-host-7", "X-Console-User": "op.jones"}) as http, \
            http.stream("POST", "/ask", json={"question": QUESTION, "mode": "card+model", "temperature": 0}) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        events, arrived = [], []
        name = ""
        for line in response.iter_lines():
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                events.append((name, json.loads(line[5:])))
                arrived.append(time.monotonic())
    names = [n for n, _ in events]
    assert names[0] == "sources" and names[1] == "card" and names[-1] == "answer", names
    assert set(names[2:-1]) <= {"token"} and "token" in names  # the model's tokens, between the card and the answer
    assert arrived[1] < arrived[-1]  # the card came before the answer was done, not with it
    answer = events[-1][1]
    assert not answer["refused"]
    assert "booster-station-b-om-manual.pdf" in {Path(c["source"]).name for c in answer["citations"]}
    record = AuditLog.for_settings(plant.settings).tail(1)[0]
    assert record["event"] == "question" and record["console"] == "console-1"
    assert (record["claimed_host"], record["claimed_user"]) == ("console-host-7", "op.jones")  # as it claims them
    assert AuditLog.for_settings(plant.settings).verify().ok


def test_a_follow_up_asked_again_after_a_crash_follows_what_the_console_showed(plant):
    follow_up = "Which pressure transmitter reads it, and what is the trip setpoint?"

    def answer(events: Any) -> Any:
        return next(e.answer for e in events if isinstance(e, Answered))

    with plant.client() as console:
        conversation = console.start_conversation("B-series alarms")
        first = answer(console.ask(QUESTION, conversation=conversation))
        shown = [Turn(QUESTION, first.text)]
        before = answer(console.ask(follow_up, conversation=conversation, history=shown))
        # the server stored that answer, but (as when it was killed before sending it) the console never
        # showed it, and asks again with what it showed: the context must be the first question again
        again = answer(console.ask(follow_up, conversation=conversation, history=shown))
        # the server's own conversation now ends with the follow-up itself
        stored = [a.question for a in console.conversation(conversation)]
    assert stored[-2:] == [follow_up, follow_up]
    cited = [Path(c.source).name for c in before.citations]
    assert "booster-station-b-om-manual.pdf" in cited
    assert [Path(c.source).name for c in again.citations] == cited and again.text == before.text


def test_the_client_gives_the_local_event_records(plant):
    with plant.client() as console:
        events = list(console.ask(QUESTION))
    assert isinstance(events[1], CardReady) and isinstance(events[-1], Answered)
    assert not any(isinstance(e, TextGenerated) for e in events)  # the default mode is the card alone
    assert events[-1].answer.citations[0].source.endswith("booster-station-b-om-manual.pdf")


def test_document_bytes_and_stored_ocr_pages_for_the_viewer(plant):
    with plant.client() as console:
        docs = {d["name"]: d for d in console.documents()}
        manual = docs["booster-station-b-om-manual.pdf"]
        data = console.document_file(manual["doc_id"])
        assert console.ocr_pages(manual["doc_id"]) == {}  # a text PDF: nothing was read by OCR
        with pytest.raises(ServerRefused) as missing:
            console.document_file("no-such-document")
    assert data == (SAMPLE_DOCS / "booster-station-b-om-manual.pdf").read_bytes()
    assert missing.value.status == 404


def test_an_upload_cut_off_midway_leaves_nothing_on_the_server(plant):
    def killed_midway():
        yield b"Pump P-7 trips at 90 psi.\n" * 4000
        raise ConnectionAbortedError("the console was killed")

    with plant.http(plant.token, **{ADMIN_HEADER: TEST_ADMIN_PASSPHRASE}) as http, pytest.raises(ConnectionAbortedError):
        http.put("/admin/files/cut-off.txt", content=killed_midway())
    library = plant.data_dir / "library"
    deadline = time.monotonic() + 10
    while list(library.glob(".cut-off.txt.*")) and time.monotonic() < deadline:
        time.sleep(0.1)  # the server notices the lost console when it next reads from it
    assert not (library / "cut-off.txt").exists() and not list(library.glob(".cut-off.txt.*"))


def _filler_documents(folder: Path, count: int) -> Path:
    """Distinct documents that take a while to embed (a shared word pool, shuffled per file)."""
    folder.mkdir()
    words = ("pump valve motor seal bearing impeller strainer flow level tank chlorine turbidity filter basin "
             "sludge clarifier pressure gauge relay breaker panel station intake reservoir meter sample").split()
    for n in range(count):
        paragraphs = []
        for p in range(12):
            rotated = words[(n + p) % len(words):] + words[:(n + p) % len(words)]
            paragraphs.append(f"Section {p + 1}. Unit U-{n:03d}-{p}: " + " ".join(rotated * 4) + ".")
        (folder / f"filler-{n:03d}.txt").write_text("\n\n".join(paragraphs), encoding="utf-8")
    return folder


def test_one_ingest_at_a_time_questions_answered_meanwhile_and_cancel(plant, tmp_path):
    folder = _filler_documents(tmp_path / "filler", 25)
    with plant.client() as console:
        names = [name for path, name in client_module.upload_names([folder]) if console.upload(path, name)]
        job = console.start_ingest(names)
        assert job["state"] == "running"
        with pytest.raises(ServerRefused) as busy:
            console.reindex()
        answer = list(console.ask(QUESTION))[-1]
        during = console.job(job["id"])["state"]
        console.cancel_job(job["id"])
        finished = console.wait(console.job(job["id"]))
    assert busy.value.status == 409 and "already running" in busy.value.message
    assert isinstance(answer, Answered) and not answer.answer.refused
    assert finished["state"] in ("cancelled", "done")
    if during == "running" and finished["state"] == "cancelled":
        assert len(finished["files"]) < len(names)  # stopped between files; the finished ones stay indexed


def test_an_admin_adds_a_document_from_a_console_and_it_is_answerable_at_once(plant, tmp_path):
    note = tmp_path / "tank-t9-note.txt"
    note.write_text("Tank T-9 overflow alarm\n\nThe tank T-9 overflow alarm is set at 42.5 ft. "
                    "Call the duty engineer when it sounds.\n", encoding="utf-8")
    with plant.client() as console:
        progress: list[dict] = []
        job = console.ingest([note], progress=progress.append)
        assert job["state"] == "done" and [r["status"] for r in job["result"]["results"]] == ["added"]
        answered = time.monotonic()
        answer = list(console.ask("What is the tank T-9 overflow alarm level?"))[-1].answer
        doc = next(d for d in console.documents() if d["name"] == note.name)
        assert console.document_file(doc["doc_id"]) == note.read_bytes()
    assert time.monotonic() - answered < 5
    assert not answer.refused and "42.5 ft" in answer.text
    assert Path(answer.citations[0].source).name == note.name
    ingest = [r for r in AuditLog.for_settings(plant.settings).tail(20) if r["event"] == "ingest"][-1]
    assert ingest["console"] == "console-1" and ingest["counts"] == {"added": 1}


def test_the_command_line_asks_through_the_server(plant):
    env = {**os.environ, "PYTHONPATH": str(REPO), "OPERATOR_ASSISTANT_TOKEN": plant.token}
    out = subprocess.run([sys.executable, "-m", "operator_assistant", "--server", plant.url, "ask", QUESTION],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "B-2 | PT-2102 | 66 | 118 | 127 | psi" in out.stdout and "booster-station-b-om-manual.pdf" in out.stdout
    refused = subprocess.run([sys.executable, "-m", "operator_assistant", "--server", plant.url, "revisions"],
                             capture_output=True, text=True, env=env, timeout=120)
    assert refused.returncode == 2 and "does not go through a plant server" in refused.stderr


def test_a_console_compares_revisions_through_the_server(plant, tmp_path):
    from operator_assistant.folder.wire import diff_from_json
    from operator_assistant.remote.folder import RemoteFolder
    from tests.support.sop_revisions import rev_b_docx, rev_c_pdf

    with plant.client() as console:
        job = console.ingest([rev_b_docx(tmp_path), rev_c_pdf(tmp_path)])
        assert job["state"] == "done", job
        diff = diff_from_json(console.revision_diff("sop 114"))
        assert (diff.old.revision, diff.new.revision) == ("B", "C")
        assert any(c.summary == "Step 3 -> 4: value changed: 20 percent -> 25 percent" for c in diff.changes)
        with pytest.raises(UserError, match="no indexed document is numbered 'SOP-999'"):
            RemoteFolder(plant.settings, console).revision_diff("SOP-999")
    env = {**os.environ, "PYTHONPATH": str(REPO), "OPERATOR_ASSISTANT_TOKEN": plant.token}
    out = subprocess.run([sys.executable, "-m", "operator_assistant", "--server", plant.url, "revisions", "diff",
                          "SOP-114", "--json"], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert diff_from_json(json.loads(out.stdout)) == diff


def test_a_console_lists_conflicts_and_only_an_admin_settles_one(plant, tmp_path):
    from operator_assistant.remote.folder import RemoteFolder
    from tests.support.conflict_docs import LAB_NOTES, OM_MANUAL

    (tmp_path / "om-manual.md").write_text(OM_MANUAL, encoding="utf-8")
    (tmp_path / "lab-notes.txt").write_text(LAB_NOTES, encoding="utf-8")
    with plant.client() as admin:
        assert admin.ingest([tmp_path / "om-manual.md", tmp_path / "lab-notes.txt"])["state"] == "done"
        folder = RemoteFolder(plant.settings, admin)
        found = [c for c in folder.conflicts() if "turbidity" in c.first.subject.lower()]
        assert [{c.first.value, c.second.value} for c in found] == [{"0.5 NTU", "0.3 NTU"}]
        key = found[0].key
        with plant.client(admin_passphrase=None) as console:
            assert any(c["key"] == key for c in console.conflicts())  # any console reads them
            with pytest.raises(UserError, match="needs admin mode"):
                console.settle_conflict(key)
        with plant.http(plant.token) as raw:  # the server refuses it too, whatever a client does
            refused = raw.post(f"/conflicts/{key}", json={"settled": True})
            assert refused.status_code == 403 and refused.json()["error"] == "admin_required"
        settled = folder.settle_conflict(key, note="lab notes superseded")
        assert settled.settled and settled.note == "lab notes superseded"
        assert next(c for c in folder.conflicts() if c.key == key).settled
    events = [r for r in AuditLog.for_settings(plant.settings).tail(20) if r["event"] == "conflict settled"]
    assert events and events[-1]["key"] == key and events[-1]["console"] == "console-1"


def test_without_tls_the_server_binds_to_loopback_only():
    with pytest.raises(UserError, match="loopback only"):
        check_listen(Listen("0.0.0.0", 8750))
    check_listen(Listen("127.0.0.1", 8750))
    out = subprocess.run([sys.executable, "-m", "operator_assistant", "serve", "--host", "0.0.0.0"],
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
    assert out.returncode == 2 and "loopback only" in out.stderr and "openssl req" in out.stderr


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_tls_with_a_certificate_the_plant_made(tmp_path, embedder):
    cert, key = tmp_path / "server.crt", tmp_path / "server.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-sha256", "-days", "30", "-nodes",
                    "-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], check=True, capture_output=True)
    check_listen(Listen("0.0.0.0", 8750, cert, key))  # with a certificate, any address
    settings = load_settings(data_dir=tmp_path / "data", models_dir=MODELS)
    token = ConsoleTokens(settings.data_dir).add("tls-console")
    port = free_port()
    running = RunningServer(settings, embedder, port, cert, key)
    try:
        with PlantClient(f"https://127.0.0.1:{port}", token, ca_file=cert) as console:
            assert console.handshake()["api"] == API_VERSION
            assert console.documents() == []
        untrusted = PlantClient(f"https://127.0.0.1:{port}", token, backoff=Backoff(give_up_after=0))
        with untrusted, pytest.raises(UserError, match="does not trust the certificate"):
            untrusted.handshake()  # a certificate the console does not trust is not talked to
    finally:
        running.stop()


def test_the_console_retries_while_the_server_is_down_and_recovers_when_it_returns(plant):
    """Last in the module: the server is stopped and started again on the same port."""
    plant.running.stop()
    messages: list[str] = []
    console = plant.client(backoff=Backoff(first=0.2, most=1.0, give_up_after=60), on_retry=messages.append)
    with plant.client(backoff=Backoff(first=0.1, most=0.2, give_up_after=0.5)) as impatient, \
            pytest.raises(ServerUnavailable, match="is not answering"):
        impatient.documents()

    def restart() -> None:
        time.sleep(1.5)
        plant.running = RunningServer(plant.settings, plant.embedder, plant.port)

    restarter = threading.Thread(target=restart)
    restarter.start()
    try:
        docs = console.documents()  # waits, retrying, until the server is back
    finally:
        restarter.join()
        console.close()
    assert any(d["name"] == "booster-station-b-om-manual.pdf" for d in docs)
    assert messages and all(f"the plant server at {plant.url} is not answering; retrying" in m for m in messages)
