"""Command line for the plant server: `serve` (and its console tokens), and `--server URL` for a console.

It parses and prints; the server is operator_assistant/server/, the console's connection
operator_assistant/remote/client.py. It must not open an index itself, nor import the web
framework before `serve` actually runs.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path
from typing import Any

from operator_assistant.config import Settings
from operator_assistant.core.roles import ENV_ADMIN_PASSPHRASE
from operator_assistant.errors import UserError
from operator_assistant.folder.wire import Json
from operator_assistant.remote.protocol import DEFAULT_PORT, ENV_SERVER, ENV_SERVER_CA, ENV_TOKEN

# what a console may do through a plant server today; every other command runs on the server itself
REMOTE_COMMANDS = ("ask", "search", "status", "ingest", "remove", "reindex", "calibrate", "audit", "revisions diff",
                   "conflicts")


def add_console_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", metavar="URL", default=os.environ.get(ENV_SERVER) or None,
                        help=f"ask, search and read through a plant server (https://HOST:{DEFAULT_PORT}; "
                             f"default ${ENV_SERVER})")
    parser.add_argument("--token", help=f"this console's token for --server (default ${ENV_TOKEN}, "
                                        "else the console-token file in the user config folder)")
    parser.add_argument("--server-ca", type=Path, metavar="FILE", default=os.environ.get(ENV_SERVER_CA) or None,
                        help=f"the plant server's certificate, when the plant made its own (default ${ENV_SERVER_CA})")


def add_serve_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser("serve", help="run the plant server on this data folder (consoles connect with --server)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; any other needs --certfile and --keyfile)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    serve.add_argument("--certfile", type=Path, help="TLS certificate (PEM) the consoles trust")
    serve.add_argument("--keyfile", type=Path, help="the certificate's private key (PEM)")
    serve.add_argument("--chroma", action="store_true",
                       help="keep the vectors in a Chroma server (`chroma run`) on loopback, started with this one")
    serve.add_argument("--chroma-port", type=int, default=None, metavar="PORT",
                       help="the Chroma server's loopback port (default 8751; implies --chroma)")
    serve.add_argument("--model-server", action="store_true",
                       help="word answers in a llama.cpp model server on loopback, started with this one")
    serve.add_argument("--model-engine", choices=("llama-server", "llama-cpp-python"), default=None,
                       help="llama.cpp's C++ llama-server (default; parallel slots) or llama-cpp-python's server "
                            "(one answer at a time); implies --model-server")
    serve.add_argument("--model-port", type=int, default=None, metavar="PORT",
                       help="the model server's loopback port (default 8752; implies --model-server)")
    serve.add_argument("--model-slots", type=int, default=None, metavar="N",
                       help="answers the model server words at once (default 4 with llama-server)")
    serve.add_argument("--llama-server", type=Path, default=None, metavar="PATH",
                       help="the llama-server program (default: the one `make llama-server` installs)")
    actions = serve.add_subparsers(dest="serve_action", metavar="ACTION")
    token = actions.add_parser("token", help="console tokens: add, list, revoke (admin)")
    token_actions = token.add_subparsers(dest="token_action", metavar="ACTION", required=True)
    add = token_actions.add_parser("add", help="issue a token for a new console (shown once)")
    add.add_argument("name", metavar="NAME", help="the console's name, as the audit log will show it")
    token_actions.add_parser("list", help="consoles with a token, and revoked ones")
    revoke = token_actions.add_parser("revoke", help="revoke a console's token (its next request is refused)")
    revoke.add_argument("name", metavar="NAME")


def cmd_serve(args: argparse.Namespace, settings: Settings) -> int:
    if args.serve_action == "token":
        return _cmd_token(args, settings)
    from operator_assistant.server.chroma import DEFAULT_CHROMA_PORT
    from operator_assistant.server.model import DEFAULT_MODEL_PORT
    from operator_assistant.server.run import Listen, ModelServing, serve

    chroma_port = args.chroma_port or (DEFAULT_CHROMA_PORT if args.chroma else None)
    model = None
    if args.model_server or args.model_engine or args.model_port or args.model_slots or args.llama_server:
        engine = args.model_engine or "llama-server"
        slots = args.model_slots or (4 if engine == "llama-server" else 1)
        model = ModelServing(args.model_port or DEFAULT_MODEL_PORT, engine, slots, args.llama_server)
    serve(settings, Listen(args.host, args.port, args.certfile, args.keyfile), "info" if args.verbose else "warning",
          chroma_port, model)
    return 0


def _cmd_token(args: argparse.Namespace, settings: Settings) -> int:
    import time

    from operator_assistant.cli_admin import require_admin
    from operator_assistant.server.tokens import ConsoleTokens

    tokens = ConsoleTokens(settings.data_dir)
    change = {"add": "issuing a console token", "revoke": "revoking a console token"}.get(args.token_action,
                                                                                       "listing console tokens")
    require_admin(settings, change)
    if args.token_action == "list":
        consoles = tokens.consoles()
        if not consoles:
            print("no console tokens yet: add one with `operator-assistant serve token add NAME`")
        for c in consoles:
            made = time.strftime("%Y-%m-%d %H:%M", time.localtime(c.created))
            state = "active" if c.active else f"revoked {time.strftime('%Y-%m-%d %H:%M', time.localtime(c.revoked or 0))}"
            print(f"{c.name:<24} issued {made}  {state}")
        return 0
    if args.token_action == "add":
        token = tokens.add(args.name)
        # only the token on stdout, so a script can take it; what to do with it goes to stderr
        print(f"token for console {args.name!r} (shown only now; the server keeps only its hash):", file=sys.stderr)
        print(token)
        print("on the console: put it in the console-token file of the user's config folder, or pass it with "
              f"--token or ${ENV_TOKEN}", file=sys.stderr)
        return 0
    tokens.revoke(args.name)
    print(f"token of console {args.name!r} revoked")
    return 0


def client(args: argparse.Namespace, admin: str | None = None) -> Any:
    """The connection to --server; `admin`: the change that needs the admin passphrase (asked for here)."""
    from operator_assistant.remote.client import PlantClient, find_token

    def retrying(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    passphrase = None
    if admin is not None:
        passphrase = os.environ.get(ENV_ADMIN_PASSPHRASE)
        if not passphrase:
            if not (sys.stdin is not None and sys.stdin.isatty()):
                raise UserError(f"{admin} needs admin mode on the plant server, and no passphrase can be asked here",
                                f"run it in a terminal, or set ${ENV_ADMIN_PASSPHRASE} for a scripted admin job")
            passphrase = getpass.getpass(f"Plant server admin passphrase ({admin} needs admin mode): ")
    return PlantClient(args.server, find_token(args.token), admin_passphrase=passphrase, ca_file=args.server_ca,
                       on_retry=retrying)


def refuse_embedded(args: argparse.Namespace) -> None:
    """A console installation has no index or models of its own: everything needs a plant server."""
    if args.command == "serve":
        raise UserError("this is a console installation: it cannot run the plant server (no models, no index engine)",
                        "install the full bundle on the server (packaging/build.py --role full) and run `serve` there")
    what = f"`{args.command}`" if args.command else "the window"
    raise UserError(f"this is a console installation: {what} works only through a plant server "
                    "(it has no index or models of its own)",
                    f"give the server with --server https://HOST:{DEFAULT_PORT} (or ${ENV_SERVER}) and this console's "
                    f"token with --token (or ${ENV_TOKEN}); once connected, Settings > Plant server keeps the "
                    f"address for the next start. Through a server: {', '.join(REMOTE_COMMANDS)}")


def refuse_unless_remote(args: argparse.Namespace) -> None:
    if args.command is None:
        return  # the window, as a console of the plant server
    command = f"{args.command} {getattr(args, 'action', None)}" if args.command == "revisions" else args.command
    if command not in REMOTE_COMMANDS:
        raise UserError(f"`{args.command}` does not go through a plant server",
                        f"run it on the server itself; through --server: {', '.join(REMOTE_COMMANDS)}")


class _ServerProgress:
    """A job's progress as the server reports it, in the shape the progress line reads."""

    def __init__(self, state: Json) -> None:
        self.current = state.get("current", "")
        self._text = state.get("text", "")

    def describe(self) -> str:
        return self._text


def remote_ingest(args: argparse.Namespace, progress_line: Any) -> int:
    import signal
    import threading

    from operator_assistant.errors import Cancelled

    plant = client(args, admin="adding documents")
    bar = None if args.json else progress_line()
    stop = threading.Event()

    def line(result: Json) -> None:
        if bar is not None:
            detail = result.get("message") or (f"{result['chunks_total']} chunks, {result['chunks_added']} embedded"
                                               if result["status"] in ("added", "updated") else "")
            bar.print(f"{result['status']:<9} {result['source']}" + (f"  ({detail})" if detail else ""))

    def progress(state: Json) -> None:
        if bar is not None:
            bar.update(_ServerProgress(state))

    def interrupted(signum: int, frame: Any) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = signal.signal(signal.SIGINT, interrupted) if threading.current_thread() is threading.main_thread() else None
    try:
        job = plant.ingest(args.paths, progress, stop.is_set, line)
    except Cancelled:
        job = {"state": "cancelled", "result": None}
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        if bar is not None:
            bar.clear()
        plant.close()
    result = job.get("result") or {}
    if args.json:
        import json

        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        counts: dict[str, int] = {}
        for r in result.get("results", []):
            counts[r["status"]] = counts.get(r["status"], 0) + 1
        print(f"{'cancelled' if job['state'] == 'cancelled' else 'done'} on the plant server: "
              + (", ".join(f"{n} {s}" for s, n in counts.items()) or "nothing to do"))
    if job["state"] == "cancelled":
        return 130
    return 1 if any(r["status"] == "failed" for r in result.get("results", [])) else 0


def remote_remove(args: argparse.Namespace) -> int:
    plant = client(args, admin="removing documents")
    try:
        docs = plant.documents()
        chosen: dict[str, Json] = {}
        for name in args.names:
            match = [d for d in docs if name in (d["source"], d["name"], d["title"], d["doc_id"])]
            if not match:
                raise UserError(f"no document on the plant server matches {name!r}",
                                "see `operator-assistant --server URL status` for the list")
            chosen.update({d["doc_id"]: d for d in match})
        job = plant.remove(sorted(chosen))
    finally:
        plant.close()
    for source in job["result"]["removed"]:
        print(f"removed   {source}")
    print(f"{len(chosen)} document(s), {job['result']['chunks']} chunk(s) removed on the plant server")
    return 0


def remote_job(args: argparse.Namespace, change: str, start: Any) -> Json | None:
    """Run an admin job (`start(client)` returns it running) on the plant server and wait for its result;
    None when the person stopped waiting (Ctrl-C), which does not stop the job on the server."""
    with client(args, admin=change) as plant:
        job = start(plant)
        print(f"{change} on the plant server (job {job['id']})...", file=sys.stderr, flush=True)
        try:
            return plant.wait(job).get("result") or {}
        except KeyboardInterrupt:
            print(f"stopped waiting: job {job['id']} goes on on the plant server; "
                  f"`operator-assistant --server {args.server} status` shows when it has finished", file=sys.stderr)
            return None
