"""`serve --chroma`: the plant server with its vectors in a real `chroma run` on loopback, over real HTTP."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx

from operator_assistant.config import load_settings
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.remote.client import PlantClient
from operator_assistant.server.tokens import ConsoleTokens
from tests.conftest import REPO, SAMPLE_DOCS
from tests.support.engines import MODELS
from tests.support.server import free_port


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1.0).status_code == 200
    except httpx.HTTPError:
        return False


def test_serve_keeps_the_vectors_in_a_chroma_server_filled_from_the_manifest(tmp_path, embedder):
    import chromadb

    data_dir = tmp_path / "data"
    settings = load_settings(data_dir=data_dir, models_dir=MODELS)
    with LocalFolder(settings, embedder=embedder) as workspace:  # indexed in embedded mode first
        report = workspace.ingest([SAMPLE_DOCS / "booster-station-b-om-manual.pdf",
                                   SAMPLE_DOCS / "filter-backwash-procedure.md"])
        assert not report.failed
        chunks = workspace.chunk_count()
    token = ConsoleTokens(data_dir).add("console-1")
    port, chroma_port = free_port(), free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO), "OPERATOR_ASSISTANT_MODELS_DIR": str(MODELS)}
    server = subprocess.Popen([sys.executable, "-m", "operator_assistant", "--data-dir", str(data_dir), "serve",
                               "--port", str(port), "--chroma-port", str(chroma_port)],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while not _answers(f"{url}/v1/version"):
            assert server.poll() is None, server.stdout.read() if server.stdout else ""
            assert time.monotonic() < deadline, "the plant server did not start"
            time.sleep(0.3)
        with PlantClient(url, token) as console:
            found = console.search("B-series booster discharge pressure alarm")
            health = console.status()["index"]
        assert found["results"][0]["source"].endswith("booster-station-b-om-manual.pdf")
        assert health["consistent"] and health["dense_vectors"] == chunks
        chroma = chromadb.HttpClient(host="127.0.0.1", port=chroma_port)
        collections = [c if isinstance(c, str) else c.name for c in chroma.list_collections()]
        assert len(collections) == 1 and chroma.get_collection(collections[0]).count() == chunks
        assert (data_dir / "index" / "chroma-server").is_dir()
    finally:
        server.send_signal(signal.SIGTERM)
        output = server.communicate(timeout=60)[0]
    assert server.returncode == 0, output
    assert "vectors in the Chroma server" in output
    assert not _answers(f"http://127.0.0.1:{chroma_port}/api/v2/heartbeat")  # stopped with the plant server
