"""Consoles asking the golden questions at once through one plant server: served, errors, p50/p95.

    .venv/bin/python scripts/bench_server.py --data-dir DIR [--consoles 1 2 4 8] [--seconds 60] [--mode card]
        [--model-engine llama-server|llama-cpp-python --model-slots N] [--chroma] [--search]
Starts `operator-assistant serve` on a free loopback port over DIR (an indexed data folder), issues a
temporary console token, and for each number of consoles lets that many threads ask for --seconds.
Prints requests served, errors, p50/p95 of the time to the answer card, to the model's first token
(modes that word answers) and to the whole answer, and the memory of the server and its children.
--search: the consoles search (GET /v1/search) instead of asking; the times are the searches'.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from operator_assistant.core.answer.records import Answered, CardReady, TextGenerated
from operator_assistant.evaluation.golden import load_golden
from operator_assistant.evaluation.metrics import percentile
from operator_assistant.remote.client import PlantClient
from operator_assistant.server.tokens import ConsoleTokens

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--consoles", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--mode", default=None, help="answer mode (default: the server's setting)")
    parser.add_argument("--questions", type=Path, default=ROOT / "corpus" / "golden.jsonl")
    parser.add_argument("--model-engine", choices=("llama-server", "llama-cpp-python"), default=None,
                        help="word answers in this model server (default: the model in the server's process)")
    parser.add_argument("--model-slots", type=int, default=None)
    parser.add_argument("--chroma", action="store_true", help="vectors in a Chroma server")
    parser.add_argument("--search", action="store_true", help="search instead of asking")
    args = parser.parse_args()
    questions = [q.question for q in load_golden(args.questions) if not q.follows]
    tokens = ConsoleTokens(args.data_dir)
    name = f"bench-{os.getpid()}"
    token = tokens.add(name)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, "-m", "operator_assistant", "--data-dir", str(args.data_dir), "serve", "--port", str(port)]
    if args.model_engine:
        command += ["--model-engine", args.model_engine, "--model-port", str(_free_port())]
        command += ["--model-slots", str(args.model_slots)] if args.model_slots else []
    if args.chroma:
        command += ["--chroma-port", str(_free_port())]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        started = time.perf_counter()
        while True:
            try:
                if httpx.get(f"{url}/v1/version", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        up = time.perf_counter() - started
        with PlantClient(url, token, timeout=600.0) as warm:  # the first search waits for the models to load
            warm.search("warm up")
        print(f"server answering in {up:.1f} s, warm (first search done) in {time.perf_counter() - started:.1f} s, "
              f"{_tree_rss_mb(server.pid)} MB resident", flush=True)
        rows = []
        for n in args.consoles:
            rows.append(_level(url, token, n, questions, args.seconds, args.mode, args.search))
            rows[-1]["server_rss_mb"] = _tree_rss_mb(server.pid)
            print(json.dumps(rows[-1]), flush=True)
        print(f"{'consoles':>8} {'served':>7} {'errors':>6} {'per s':>6} {'card p50/p95 ms':>16} "
              f"{'1st token p50/p95 ms':>21} {'answer p50/p95 ms':>18} {'RSS MB':>7}")
        for r in rows:
            print(f"{r['consoles']:>8} {r['served']:>7} {r['errors']:>6} {r['per_second']:>6} "
                  f"{r['card_p50_ms']:>7} / {r['card_p95_ms']:<6} {r['token_p50_ms']:>9} / {r['token_p95_ms']:<9} "
                  f"{r['answer_p50_ms']:>8} / {r['answer_p95_ms']:<6} {r['server_rss_mb']:>7}")
    finally:
        server.terminate()
        server.wait(30)
        tokens.revoke(name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tree_rss_mb(pid: int) -> int:
    """Resident memory of the server and its children (Chroma, the model server, the document reader)."""
    def children(p: int) -> list[int]:
        found = []
        for task in Path(f"/proc/{p}/task").glob("*/children"):
            found += [int(c) for c in task.read_text().split()]
        return found

    def rss_kb(p: int) -> int:
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    pids, total = [pid], 0
    while pids:
        p = pids.pop()
        try:
            total += rss_kb(p)
            pids += children(p)
        except OSError:  # it ended meanwhile
            pass
    return round(total / 1024)


def _level(url: str, token: str, consoles: int, questions: list[str], seconds: float, mode: str | None,
           search: bool = False) -> dict:
    card: list[float] = []
    first_token: list[float] = []
    total: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def console(index: int) -> None:
        with PlantClient(url, token) as client:
            n = index
            while time.monotonic() < stop_at:
                question = questions[n % len(questions)]
                n += consoles
                asked = time.perf_counter()
                first = token_at = None
                try:
                    if search:
                        client.search(question)
                        first = time.perf_counter() - asked
                    for event in () if search else client.ask(question, mode=mode, temperature=0.0):
                        if first is None and isinstance(event, (CardReady, Answered)):
                            first = time.perf_counter() - asked
                        if token_at is None and isinstance(event, TextGenerated):
                            token_at = time.perf_counter() - asked
                except Exception as exc:  # broad on purpose: every failure is counted, none stops the run
                    with lock:
                        errors.append(f"{type(exc).__name__}: {exc}")
                    continue
                with lock:
                    card.append((first or 0.0) * 1e3)
                    if token_at is not None:
                        first_token.append(token_at * 1e3)
                    total.append((time.perf_counter() - asked) * 1e3)

    threads = [threading.Thread(target=console, args=(i,)) for i in range(consoles)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began

    def p(values: list[float], q: float) -> float:
        return round(percentile(values, q)) if values else 0

    return {"consoles": consoles, "served": len(total), "errors": len(errors), "first_errors": errors[:3],
            "per_second": round(len(total) / elapsed, 2), "card_p50_ms": p(card, 50), "card_p95_ms": p(card, 95),
            "token_p50_ms": p(first_token, 50), "token_p95_ms": p(first_token, 95),
            "answer_p50_ms": p(total, 50), "answer_p95_ms": p(total, 95)}


if __name__ == "__main__":
    main()
