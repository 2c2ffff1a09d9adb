"""Plant servers in the tests: uvicorn in a thread on a free loopback port over an indexed data folder."""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from operator_assistant.config import load_settings
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.core.roles import set_passphrase
from operator_assistant.remote.client import PlantClient
from operator_assistant.remote.protocol import API_HEADER, API_VERSION
from operator_assistant.server.http import uvicorn_options
from operator_assistant.server.run import build
from operator_assistant.server.tokens import ConsoleTokens
from tests.conftest import SAMPLE_DOCS, TEST_ADMIN_PASSPHRASE
from tests.support.engines import MODELS

QUESTION = "What is the discharge pressure alarm threshold on the B-series boosters?"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RunningServer:
    """`build` + uvicorn.Server in a thread, as `serve` runs it, on a loopback port."""

    def __init__(self, settings: Any, embedder: Any, port: int, certfile: Path | None = None,
                 keyfile: Path | None = None) -> None:
        self.app, self.service = build(settings, embedder)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=port, log_level="warning",
                                ssl_certfile=str(certfile) if certfile else None,
                                ssl_keyfile=str(keyfile) if keyfile else None, **uvicorn_options())
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "the plant server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.service.workspace.close()


@dataclass
class Plant:
    url: str
    port: int
    token: str
    data_dir: Path
    settings: Any
    embedder: Any
    running: RunningServer

    def client(self, **kwargs: Any) -> PlantClient:
        kwargs.setdefault("admin_passphrase", TEST_ADMIN_PASSPHRASE)
        return PlantClient(self.url, self.token, **kwargs)

    def http(self, token: str | None = None, **headers: str) -> httpx.Client:
        base = {API_HEADER: str(API_VERSION)}
        if token is not None:
            base["Authorization"] = f"Bearer {token}"
        return httpx.Client(base_url=self.url + "/v1", headers={**base, **headers}, timeout=60)


def start_plant(data_dir: Path, embedder: Any) -> Plant:
    """A plant server on a free loopback port, the sample corpus indexed, one console token issued."""
    settings = load_settings(data_dir=data_dir, models_dir=MODELS)
    set_passphrase(data_dir, TEST_ADMIN_PASSPHRASE)
    with LocalFolder(settings, embedder=embedder) as workspace:
        report = workspace.ingest([SAMPLE_DOCS])
        assert not report.failed, report.failed
    token = ConsoleTokens(data_dir).add("console-1")
    port = free_port()
    running = RunningServer(settings, embedder, port)
    return Plant(f"http://127.0.0.1:{port}", port, token, data_dir, settings, embedder, running)


DOCUMENT = "filter-backwash-procedure.md"  # the one document start_small_plant indexes


def start_small_plant(data_dir: Path, embedder: Any) -> Plant:
    """A plant server over one indexed document, with small audit files; console-1 to console-5 hold tokens."""
    # small audit files, few kept: what a flood would rotate away if retention counted files only
    (data_dir / "config.toml").write_text("audit_max_bytes = 4096\naudit_keep_files = 2\n", encoding="utf-8")
    settings = load_settings(data_dir=data_dir, models_dir=MODELS)
    set_passphrase(data_dir, TEST_ADMIN_PASSPHRASE)
    with LocalFolder(settings, embedder=embedder) as workspace:
        assert not workspace.ingest([SAMPLE_DOCS / DOCUMENT]).failed
    tokens = ConsoleTokens(data_dir)
    token = tokens.add("console-1")
    port = free_port()
    plant = Plant(f"http://127.0.0.1:{port}", port, token, data_dir, settings, embedder,
                  RunningServer(settings, embedder, port))
    plant.others = {name: tokens.add(name) for name in ("console-2", "console-3", "console-4", "console-5")}
    return plant
