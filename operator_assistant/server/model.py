"""The plant server's language model: a llama.cpp model server on loopback, started and stopped with it.

Two engines speak the same OpenAI-compatible chat API (core/llm/remote.py talks to either):
  "llama-server"      llama.cpp's own C++ server: parallel slots and continuous batching, so several
                      consoles' answers are worded at once. Built from the llama.cpp sources that
                      llama-cpp-python's source distribution carries (`make llama-server`).
  "llama-cpp-python"  llama-cpp-python's `llama_cpp.server`: no build step beyond the one the app already
                      needs, but one answer at a time; the others wait.
BENCHMARKS.md ("Issue 15: the model server") measures both on this machine. Either serves any GGUF the
plant puts in models/, a bigger one included, and only from there.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from operator_assistant.errors import UserError
from operator_assistant.server.children import LoopbackChild, python_module

DEFAULT_MODEL_PORT = 8752
ENGINES = ("llama-server", "llama-cpp-python")
BUILD_HINT = "build it with `make llama-server`, give its path with --llama-server, or use --model-engine llama-cpp-python"


def find_llama_server(given: Path | None = None) -> Path:
    """The llama-server program: the one given, else the one `make llama-server` put beside this Python."""
    if given is not None:
        if not (given.is_file() and os.access(given, os.X_OK)):
            raise UserError(f"no llama-server program at {given}", BUILD_HINT)
        return given
    # beside this Python (a venv), in the bundle's own folder (PyInstaller's _MEIPASS), else on PATH;
    # which() adds .exe on Windows
    folders = [str(Path(sys.executable).parent), getattr(sys, "_MEIPASS", "")]
    found = shutil.which("llama-server", path=os.pathsep.join(f for f in folders if f)) or shutil.which("llama-server")
    if found:
        return Path(found)
    raise UserError("llama.cpp's llama-server program is not installed", BUILD_HINT)


class ModelServer(LoopbackChild):
    name = "the model server"
    start_seconds = 120.0  # a bigger GGUF takes a while to load

    def __init__(self, gguf: Path, port: int = DEFAULT_MODEL_PORT, engine: str = "llama-server", slots: int = 4,
                 context: int = 2048, threads: int = 0, log_file: Path | None = None,
                 program: Path | None = None) -> None:
        super().__init__(port, log_file)
        if engine not in ENGINES:
            raise UserError(f"{engine!r} is not a model server engine", f"use one of {', '.join(ENGINES)}")
        if slots < 1:
            raise UserError(f"{slots} model server slots: give 1 or more")
        if engine == "llama-cpp-python" and slots != 1:
            raise UserError("llama-cpp-python's server words one answer at a time",
                            "give --model-slots 1 with it, or use --model-engine llama-server")
        self.gguf = Path(gguf)
        self.engine = engine
        self.slots = slots
        self.context = context  # per slot, as the app's prompt budget assumes
        self.threads = threads or os.cpu_count() or 1
        self.program = find_llama_server(program) if engine == "llama-server" else None
        self.health_path = "/health" if engine == "llama-server" else "/v1/models"

    def command(self) -> list[str]:
        if self.program is not None:
            return [str(self.program), "--model", str(self.gguf), "--host", "127.0.0.1", "--port", str(self.port),
                    "--ctx-size", str(self.context * self.slots), "--parallel", str(self.slots),
                    "--threads", str(self.threads), "--flash-attn", "on", "--no-webui", "--offline"]
        return python_module("llama_cpp.server", "--model", str(self.gguf), "--host", "127.0.0.1",
                             "--port", str(self.port), "--n_ctx", str(self.context), "--n_threads", str(self.threads),
                             "--flash_attn", "true",
                             # by default a new request cuts the answer being streamed short: one console's
                             # question would end another's answer
                             "--interrupt_requests", "false")
