"""The language model in a llama.cpp model server on loopback: both engines, real processes, real weights.

The wording checks are the caller's, so what matters here is that a served model words exactly
as the in-process one does (same GGUF, greedy), follows the grammar, stops when asked, serves
several answers at once, and that the plant server uses it end to end.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from operator_assistant.config import load_settings
from operator_assistant.core.audit import AuditLog
from operator_assistant.core.llm.llama import LlamaCppModel, find_gguf
from operator_assistant.core.llm.remote import RemoteModel
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.core.models import resolve_model
from operator_assistant.core.roles import set_passphrase
from operator_assistant.errors import Cancelled, ModelError, UserError
from operator_assistant.remote.protocol import API_HEADER, API_VERSION
from operator_assistant.server.model import ModelServer
from operator_assistant.server.tokens import ConsoleTokens
from tests.conftest import REPO, SAMPLE_DOCS, TEST_ADMIN_PASSPHRASE
from tests.support.engines import MODELS
from tests.support.server import QUESTION, free_port

pytestmark = pytest.mark.slow

MESSAGES = [{"role": "system", "content": "Answer in one short sentence."},
            {"role": "user", "content": "Which pump starts first when the wet well level rises?"}]
# a grammar like the wording's: words, and digits only where a number may go
GRAMMAR = 'root ::= [A-Za-z ,.]+ " " [0-9]+ " psi."'


@pytest.fixture(scope="module")
def gguf() -> Path:
    return Path(find_gguf(resolve_model(MODELS, "SmolLM2-135M-Instruct", "llm")))


# llama-server counts the prompt's last tokens in its repeat penalty window, the in-process model only
# what it generated, so the two word alike with the penalty off (BENCHMARKS.md, the model server)
SAME = 1.0


@pytest.fixture(scope="module")
def local_model(gguf):
    return LlamaCppModel(resolve_model(MODELS, "SmolLM2-135M-Instruct", "llm"), 2048, threads=2, repeat_penalty=SAME)


@pytest.fixture(scope="module", params=["llama-server", "llama-cpp-python"])
def served(request, gguf, tmp_path_factory):
    slots = 2 if request.param == "llama-server" else 1
    server = ModelServer(gguf, free_port(), request.param, slots, 2048, threads=2,
                         log_file=tmp_path_factory.mktemp("logs") / "model-server.log")
    server.start()
    yield server
    server.stop()


def remote(server: ModelServer) -> RemoteModel:
    return RemoteModel(server.url, "smollm2", 2048, repeat_penalty=SAME)


def test_a_served_model_words_exactly_as_the_model_in_this_process(served, local_model):
    model = remote(served)
    text = "Close valve V-101 before opening the bypass; discharge pressure 116 psi."
    # llama_cpp.server's tokenizer adds the start token: one more, which the prompt budget tolerates
    assert model.count_tokens(text) - local_model.count_tokens(text) in (0, 1)
    here = "".join(local_model.stream(MESSAGES, 24, 0.0, grammar=GRAMMAR))
    there = "".join(model.stream(MESSAGES, 24, 0.0, grammar=GRAMMAR))
    assert there == here
    assert there and all(c.isalpha() or c in " ,." for c in there.split(" psi.")[0].rstrip("0123456789 "))


def test_a_cancelled_answer_stops_and_the_server_words_the_next(served):
    model = remote(served)
    pieces: list[str] = []
    with pytest.raises(Cancelled):
        for piece in model.stream(MESSAGES, 200, 0.0, cancel=lambda: len(pieces) >= 3):
            pieces.append(piece)
    assert len(pieces) == 3
    assert "".join(model.stream(MESSAGES, 8, 0.0))


def test_two_consoles_get_whole_answers_at_once_from_llama_server_and_in_turn_from_llama_cpp_python(served):
    model = remote(served)
    times: dict[int, list[float]] = {0: [], 1: []}

    def word(i: int) -> None:
        for _ in model.stream(MESSAGES, 40, 0.0):
            times[i].append(time.monotonic())

    threads = [threading.Thread(target=word, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    # whole answers: a second request must not cut the first short
    assert len(times[0]) > 20 and len(times[1]) > 20
    if served.engine == "llama-server":  # interleaved: each started before the other finished
        assert times[0][0] < times[1][-1] and times[1][0] < times[0][-1]
    else:  # one after the other
        assert times[0][-1] < times[1][0] or times[1][-1] < times[0][0]


def test_a_model_server_that_is_not_there_is_said_plainly():
    model = RemoteModel(f"http://127.0.0.1:{free_port()}", "smollm2")
    with pytest.raises(ModelError, match="model server .* is not answering"):
        model.count_tokens("hello")
    with pytest.raises(UserError, match="loopback"):
        RemoteModel("http://plant-server:8752", "smollm2")


def test_the_plant_server_words_answers_through_the_model_server(tmp_path, embedder):
    data_dir = tmp_path / "plant"
    settings = load_settings(data_dir=data_dir, models_dir=MODELS)
    set_passphrase(data_dir, TEST_ADMIN_PASSPHRASE)
    with LocalFolder(settings, embedder=embedder) as workspace:
        assert not workspace.ingest([SAMPLE_DOCS]).failed
    token = ConsoleTokens(data_dir).add("console-1")
    port, model_port = free_port(), free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    server = subprocess.Popen(
        [sys.executable, "-m", "operator_assistant", "--data-dir", str(data_dir), "--models-dir", str(MODELS),
         "serve", "--port", str(port), "--model-server", "--model-port", str(model_port), "--model-slots", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    try:
        url = f"http://127.0.0.1:{port}/v1"
        headers = {API_HEADER: str(API_VERSION), "Authorization": f"Bearer {token}"}
        deadline = time.monotonic() + 180
        while True:
            assert server.poll() is None, server.stdout.read() if server.stdout else ""
            try:
                if httpx.get(f"{url}/status", headers=headers, timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the plant server did not start"
            time.sleep(0.5)
        assert httpx.get(f"http://127.0.0.1:{model_port}/health", timeout=2).status_code == 200
        with httpx.Client(base_url=url, headers=headers, timeout=180) as http, \
                http.stream("POST", "/ask", json={"question": QUESTION, "mode": "card+model", "temperature": 0}) as r:
            assert r.status_code == 200
            events, name = [], ""
            for line in r.iter_lines():
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    events.append((name, json.loads(line[5:])))
        names = [n for n, _ in events]
        assert names[:2] == ["sources", "card"] and names[-1] == "answer" and "token" in names, names
        answer = events[-1][1]
        assert not answer["refused"]
        assert "booster-station-b-om-manual.pdf" in {Path(c["source"]).name for c in answer["citations"]}
    finally:
        server.terminate()
        server.wait(60)
    record = AuditLog.for_settings(settings).tail(1)[0]
    assert record["event"] == "question" and record["console"] == "console-1"
    assert f"on the model server http://127.0.0.1:{model_port}" in record["models"]["llm"]
    # the model server went with the plant server
    with pytest.raises(httpx.HTTPError):
        httpx.get(f"http://127.0.0.1:{model_port}/health", timeout=2)

