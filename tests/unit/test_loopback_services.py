"""Chroma and the model server are reached on loopback only, and the plant server's ports must not clash."""

from __future__ import annotations

from pathlib import Path

import pytest

from operator_assistant.config import load_settings
from operator_assistant.core.loopback import loopback_url
from operator_assistant.errors import UserError
from operator_assistant.server.model import ModelServer
from operator_assistant.server.run import Listen, ModelServing, serve


@pytest.mark.parametrize("url", ["http://127.0.0.1:8752", "http://localhost:8752/", "http://[::1]:8752"])
def test_loopback_urls_are_taken(url):
    assert loopback_url(url, "llm_server", "a model server") == url.rstrip("/")


@pytest.mark.parametrize("url", ["http://10.0.0.5:8752", "https://127.0.0.1:8752", "http://127.0.0.1",
                                 "http://127.0.0.1:notaport", "plant-server:8752", ""])
def test_anything_else_is_refused_with_the_setting_named(url):
    with pytest.raises(UserError, match="llm_server .* is not a model server on this machine's loopback"):
        loopback_url(url, "llm_server", "a model server")


def test_the_model_server_engines_and_slots_are_checked(tmp_path):
    gguf = tmp_path / "m.gguf"
    with pytest.raises(UserError, match="not a model server engine"):
        ModelServer(gguf, engine="ollama")
    with pytest.raises(UserError, match="one answer at a time"):
        ModelServer(gguf, engine="llama-cpp-python", slots=4)
    with pytest.raises(UserError, match="1 or more"):
        ModelServer(gguf, engine="llama-cpp-python", slots=0)
    with pytest.raises(UserError, match="no llama-server program at"):
        ModelServer(gguf, engine="llama-server", program=tmp_path / "missing")


def test_llama_server_gets_a_context_per_slot_and_stays_offline(tmp_path):
    program = tmp_path / "llama-server"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    server = ModelServer(tmp_path / "m.gguf", 8799, "llama-server", slots=3, context=2048, threads=2, program=program)
    command = server.command()
    assert command[0] == str(program)
    assert command[command.index("--ctx-size") + 1] == str(3 * 2048)
    assert command[command.index("--parallel") + 1] == "3"
    assert command[command.index("--host") + 1] == "127.0.0.1"
    assert "--offline" in command and "--no-webui" in command


def test_the_plant_server_refuses_two_services_on_one_port(tmp_path):
    settings = load_settings(data_dir=tmp_path / "data", models_dir=Path("models"))
    with pytest.raises(UserError, match="cannot both use port 8750"):
        serve(settings, Listen("127.0.0.1", 8750), model=ModelServing(8750, "llama-cpp-python", 1))
    with pytest.raises(UserError, match="the Chroma server and the model server cannot both use port 8760"):
        serve(settings, Listen("127.0.0.1", 8750), chroma_port=8760, model=ModelServing(8760, "llama-cpp-python", 1))
