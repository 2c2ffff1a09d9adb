"""A Chroma server (`chroma run`) on this machine's loopback for the plant server, started and stopped with it.

It runs the `chroma` of this installation (so client and server versions are the same) on the
data folder's own Chroma directory. It must listen on loopback only, since Chroma 1.x has no
authentication of its own, and it never embeds anything: vectors come from our embedder.
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

DEFAULT_CHROMA_PORT = 8751
START_SECONDS = 60.0
# the chromadb wheel's command line, run with this interpreter so no other install is picked up
_CHROMA_CLI = "import sys; from chromadb.cli.cli import app; sys.argv[0] = 'chroma'; app()"


class ChromaServer:
    """`chroma run --path DIR --host 127.0.0.1 --port N` as a child process."""

    def __init__(self, path: Path, port: int = DEFAULT_CHROMA_PORT, log_file: Path | None = None) -> None:
        self.path = Path(path)
        self.port = port
        self.log_file = log_file
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> str:
        """Start it and wait until it answers; returns its URL (for the `chroma_server` setting)."""
        if _answers(self.url):
            raise UserError(f"something already listens on {self.url}",
                            "stop it, or give another --chroma-port")
        self.path.mkdir(parents=True, exist_ok=True)
        out = open(self.log_file, "ab") if self.log_file else subprocess.DEVNULL  # noqa: SIM115 - kept by the child
        env = {**os.environ, "ANONYMIZED_TELEMETRY": "False"}
        self._process = subprocess.Popen(
            [sys.executable, "-c", _CHROMA_CLI, "run", "--path", str(self.path), "--host", "127.0.0.1",
             "--port", str(self.port)], stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + START_SECONDS
        while not _answers(self.url):
            if self._process.poll() is not None:
                raise UserError(f"the Chroma server stopped at start (exit {self._process.returncode})",
                                f"see {self.log_file}" if self.log_file else "run `chroma run` by hand to see why")
            if time.monotonic() > deadline:
                self.stop()
                raise UserError(f"the Chroma server did not answer on {self.url} within {START_SECONDS:.0f} s")
            time.sleep(0.2)
        log.info("Chroma server on %s (%s)", self.url, self.path)
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


def _answers(url: str) -> bool:
    try:
        return httpx.get(f"{url}/api/v2/heartbeat", timeout=1.0).status_code == 200
    except httpx.HTTPError:
        return False
