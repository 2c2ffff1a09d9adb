"""`operator-assistant serve`: checks where the plant server may listen, then runs it on uvicorn.

Without a certificate it listens on loopback only: console tokens and the admin passphrase
must never cross a network in clear text. It must not decide anything about answers or the
index; it opens the LocalFolder, claims its data folder and hands both to the app.
"""

from __future__ import annotations

import logging
import signal
import ssl
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from operator_assistant.config import Settings
from operator_assistant.core.loopback import is_loopback
from operator_assistant.errors import UserError
from operator_assistant.remote.protocol import API_VERSION, APP_VERSION, DEFAULT_PORT, PREFIX

log = logging.getLogger("server")

OPENSSL_HINT = ("make a certificate for the server's name, e.g. `openssl req -x509 -newkey rsa:3072 -sha256 -days 825 "
                "-nodes -keyout server.key -out server.crt -subj /CN=plant-server -addext "
                "subjectAltName=DNS:plant-server`, then pass --certfile server.crt --keyfile server.key (README, Plant server)")


@dataclass(frozen=True)
class Listen:
    host: str
    port: int = DEFAULT_PORT
    certfile: Path | None = None
    keyfile: Path | None = None

    @property
    def tls(self) -> bool:
        return self.certfile is not None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'https' if self.tls else 'http'}://{host}:{self.port}"


def check_listen(listen: Listen) -> None:
    """Refuse, with what to do, what would expose tokens or let the server fail later."""
    if not 0 < listen.port < 65536:
        raise UserError(f"{listen.port} is not a port number", "give --port between 1 and 65535")
    if (listen.certfile is None) != (listen.keyfile is None):
        raise UserError("TLS needs both --certfile and --keyfile", OPENSSL_HINT)
    if listen.certfile is None:
        if not is_loopback(listen.host):
            raise UserError(f"without TLS the plant server listens on this machine's loopback only, not on "
                            f"{listen.host!r}: console tokens and the admin passphrase would cross the network "
                            "in clear text", OPENSSL_HINT)
        return
    assert listen.keyfile is not None
    for what, path in (("certificate", listen.certfile), ("key", listen.keyfile)):
        if not path.is_file():
            raise UserError(f"no {what} file at {path}", OPENSSL_HINT)
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(str(listen.certfile), str(listen.keyfile))
    except (ssl.SSLError, OSError) as exc:
        raise UserError(f"the certificate {listen.certfile} and key {listen.keyfile} cannot be used together: {exc}",
                        OPENSSL_HINT) from exc


# With a model server, questions do not wait for each other's wording: cards are still built one at a
# time (Assistant's prepare lock) and the wording queues at the model server for a free slot. With the
# workers tied to 4 slots, 8 consoles waited 6.5 s (p95) for a card; BENCHMARKS.md "the model server".
SERVED_ANSWER_WORKERS = 16


def build(settings: Settings, embedder: Any = None) -> tuple[Any, Any]:
    """(app, service) on the data folder, the folder claimed for the server; loading starts in the background."""
    from operator_assistant.core.local_folder import LocalFolder
    from operator_assistant.server.app import create_app
    from operator_assistant.server.service import PlantService

    # like a window: reads while it writes, and a parser crash fails one file, not the service
    workspace = LocalFolder(settings, separate_writer=True, parse_in_child=True, embedder=embedder)
    workspace.claim("plant server")  # a window on the same folder would not see the server's changes
    service = PlantService(workspace, answer_workers=SERVED_ANSWER_WORKERS if settings.llm_server else 1)
    service.lanes["read"].submit(_warm_up, workspace)
    return create_app(service), service


def _warm_up(workspace: Any) -> None:
    try:
        workspace.warm_up()
    except UserError as exc:
        log.error("loading failed: %s (%s)", exc.message, exc.hint)
    except Exception:  # broad on purpose: the server keeps running and the requests report it
        log.exception("loading failed")


CHROMA_SERVER_DIR = "chroma-server"  # in the index folder, beside the embedded Chroma's own


@dataclass(frozen=True)
class ModelServing:
    """`serve --model-server`: the language model in a llama.cpp server on loopback (server/model.py)."""
    port: int
    engine: str = "llama-server"
    slots: int = 4
    program: Path | None = None


def serve(settings: Settings, listen: Listen, log_level: str = "info", chroma_port: int | None = None,
          model: ModelServing | None = None) -> None:
    """Run until stopped (Ctrl-C or SIGTERM): the running index job is cancelled and its finished files kept.

    `chroma_port`: keep the vectors in a `chroma run` on that loopback port, started and stopped here. It has
    a folder of its own, filled from the manifest (which holds every vector) when it is behind, so the
    embedded Chroma of a command line reading the same data folder never shares files with it.
    `model`: word answers in a llama.cpp model server on loopback, started and stopped here."""
    import dataclasses

    from operator_assistant.server.children import LoopbackChild

    check_listen(listen)
    ports = {"the plant server": listen.port, "the Chroma server": chroma_port,
             "the model server": model.port if model else None}
    taken: dict[int, str] = {}
    for what, port in ports.items():
        if port is not None and port in taken:
            raise UserError(f"{taken[port]} and {what} cannot both use port {port}",
                            "give another --chroma-port or --model-port")
        if port is not None:
            taken[port] = what
    logs = settings.data_dir / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    children: list[LoopbackChild] = []
    try:
        if chroma_port is not None:
            from operator_assistant.server.chroma import ChromaServer

            chroma = ChromaServer(settings.index_dir / CHROMA_SERVER_DIR, chroma_port, logs / "chroma.log")
            children.append(chroma)
            settings = dataclasses.replace(settings, chroma_server=chroma.start())
        if model is not None:
            from operator_assistant.core.local_folder import language_model_file
            from operator_assistant.server.model import ModelServer

            served = ModelServer(language_model_file(settings), model.port, model.engine, model.slots, settings.llm_context,
                                 settings.llm_threads, logs / "model-server.log", model.program)
            children.append(served)
            settings = dataclasses.replace(settings, llm_server=served.start())
        _serve(settings, listen, log_level, model.slots if model else 1)
    finally:
        for child in reversed(children):
            child.stop()


def _serve(settings: Settings, listen: Listen, log_level: str, model_slots: int = 1) -> None:
    import uvicorn

    app, service = build(settings)
    consoles = [c for c in service.tokens.consoles() if c.active]
    print(f"Operator Assistant {APP_VERSION} plant server (API {API_VERSION}) on {listen.url}{PREFIX}", flush=True)
    print(f"  data folder {settings.data_dir}; {len(consoles)} console token(s)"
          + ("" if consoles else ": add one with `operator-assistant serve token add NAME`"), flush=True)
    if not listen.tls:
        print("  no TLS: listening on this machine's loopback only", flush=True)
    if settings.chroma_server:
        print(f"  vectors in the Chroma server at {settings.chroma_server} (loopback only)", flush=True)
    if settings.llm_server:
        print(f"  answers worded by the model server at {settings.llm_server} (loopback only), "
              f"{model_slots} at once", flush=True)
    from operator_assistant.server.http import uvicorn_options

    config = uvicorn.Config(app, host=listen.host, port=listen.port, log_level=log_level,
                            ssl_certfile=str(listen.certfile) if listen.certfile else None,
                            ssl_keyfile=str(listen.keyfile) if listen.keyfile else None,
                            timeout_graceful_shutdown=10, **uvicorn_options())
    # uvicorn shuts down gracefully on SIGTERM, then raises the signal again: as SystemExit here, so the
    # workspace (and a Chroma server started for it) is closed before the process ends
    previous = signal.signal(signal.SIGTERM, _exit_quietly) if threading.current_thread() is threading.main_thread() \
        else None
    try:
        uvicorn.Server(config).run()
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        service.workspace.close()


def _exit_quietly(signum: int, frame: Any) -> None:
    raise SystemExit(0)
