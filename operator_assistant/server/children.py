"""Engines the plant server runs beside itself on this machine's loopback (Chroma, the model server).

Each is a child process started with this server and stopped with it; it is ready when its health
URL answers 200. They listen on loopback only: neither has authentication of its own.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from operator_assistant.errors import UserError

log = logging.getLogger("server")


def python_module(module: str, *args: str) -> list[str]:
    """The command that runs `module` as a program with this installation's Python: `python -m` from a
    checkout, the application itself with --run-module when bundled (packaging/launch.py)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "--run-module", module, *args]
    return [sys.executable, "-m", module, *args]


class LoopbackChild:
    name = "a child server"  # for messages: "the Chroma server", "the model server"
    health_path = "/"
    start_seconds = 60.0

    def __init__(self, port: int, log_file: Path | None = None) -> None:
        self.port = port
        self.log_file = log_file
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        raise NotImplementedError

    def answers(self) -> bool:
        try:
            return httpx.get(f"{self.url}{self.health_path}", timeout=1.0).status_code == 200
        except httpx.HTTPError:
            return False

    def start(self) -> str:
        """Start it and wait until it answers; returns its URL."""
        if self.answers():
            raise UserError(f"something already listens on {self.url}", "stop it, or give another port")
        out = open(self.log_file, "ab") if self.log_file else subprocess.DEVNULL  # noqa: SIM115 - kept by the child
        env = {**os.environ, "ANONYMIZED_TELEMETRY": "False", "HF_HUB_OFFLINE": "1"}
        self._process = subprocess.Popen(self.command(), stdout=out, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + self.start_seconds
        while not self.answers():
            if self._process.poll() is not None:
                raise UserError(f"{self.name} stopped at start (exit {self._process.returncode})",
                                f"see {self.log_file}" if self.log_file else "run it by hand to see why")
            if time.monotonic() > deadline:
                self.stop()
                raise UserError(f"{self.name} did not answer on {self.url} within {self.start_seconds:.0f} s",
                                f"see {self.log_file}" if self.log_file else "")
            time.sleep(0.2)
        log.info("%s on %s", self.name, self.url)
        return self.url

    def stop(self, timeout: float = 10.0) -> None:
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout)
