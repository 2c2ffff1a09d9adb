"""Ingest, search and ask with every outbound connection made impossible: none may be attempted."""

import json
import os
import subprocess
import sys

from tests.conftest import REPO, SAMPLE_DOCS
from tests.support.engines import MODELS

GUARDED_RUN = r"""
import json, socket, sys
attempts = []

def refuse(kind):
    def guard(*args, **kwargs):
        attempts.append(f"{kind}: {args[1:] if kind.startswith('socket') else args[:1]}")
        raise OSError(f"network disabled by test ({kind})")
    return guard

socket.socket.connect = refuse("socket.connect")
socket.socket.connect_ex = refuse("socket.connect_ex")
socket.getaddrinfo = refuse("getaddrinfo")
socket.create_connection = refuse("create_connection")

from operator_assistant.cli import main
data, models, docs = sys.argv[1:4]
codes = [
    main(["--data-dir", data, "--models-dir", models, "ingest", docs]),
    main(["--data-dir", data, "--models-dir", models, "search", "--json", "B-series discharge pressure alarm"]),
    main(["--data-dir", data, "--models-dir", models, "status"]),
    main(["--data-dir", data, "--models-dir", models, "ask", "--json", "--mode", "card+model",
          "What is the discharge pressure alarm threshold on the B-series boosters?"]),
]
print("RESULT " + json.dumps({"codes": codes, "attempts": attempts}))
"""


def test_ingest_search_and_ask_never_touch_the_network(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "TRANSFORMERS_", "ANONYMIZED"))}
    out = subprocess.run([sys.executable, "-c", GUARDED_RUN, str(tmp_path / "data"), str(MODELS), str(SAMPLE_DOCS)],
                         capture_output=True, text=True, env=env, cwd=REPO, timeout=600)
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")), None)
    assert line, out.stderr[-3000:]
    result = json.loads(line[len("RESULT "):])
    assert result["attempts"] == []
    assert result["codes"] == [0, 0, 0, 0]
    assert "booster-station-b-om-manual.pdf" in out.stdout
    assert '"first_token_ms"' in out.stdout  # the language model ran


def test_chroma_is_never_asked_to_embed(tmp_path):
    import pytest

    from operator_assistant.core.index.vectors import VectorStore

    store = VectorStore(tmp_path / "chroma", "test-embedder@0")
    with pytest.raises(Exception, match="vectors must come from our embedder"):
        store.collection.add(ids=["a"], documents=["text Chroma would embed with its default model"])
    assert store.count() == 0
