"""A Chroma server (`chroma run`) on this machine's loopback for the plant server, started and stopped with it.

It runs the `chroma` of this installation (so client and server versions are the same) on the
data folder's own Chroma directory. It must listen on loopback only, since Chroma 1.x has no
authentication of its own, and it never embeds anything: vectors come from our embedder.
"""

from __future__ import annotations

from pathlib import Path

from operator_assistant.server.children import LoopbackChild, python_module

DEFAULT_CHROMA_PORT = 8751


class ChromaServer(LoopbackChild):
    """`chroma run --path DIR --host 127.0.0.1 --port N` as a child process."""

    name = "the Chroma server"
    health_path = "/api/v2/heartbeat"

    def __init__(self, path: Path, port: int = DEFAULT_CHROMA_PORT, log_file: Path | None = None) -> None:
        super().__init__(port, log_file)
        self.path = Path(path)

    def command(self) -> list[str]:
        self.path.mkdir(parents=True, exist_ok=True)
        # the chromadb wheel's command line, run by this installation so no other chromadb is picked up
        return python_module("operator_assistant.server.chroma_cli", "run", "--path", str(self.path),
                             "--host", "127.0.0.1", "--port", str(self.port))
