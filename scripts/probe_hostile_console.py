"""Issue 26's probes rerun: a console with a token and no admin passphrase against `serve` on loopback.

    .venv/bin/python scripts/probe_hostile_console.py --data-dir DIR [--flood 850] [--skip-relock]

Copies DIR (an indexed data folder) to a scratch folder, sets the admin passphrase there, issues
two console tokens and starts `operator-assistant serve` on a free loopback port over the copy. Then:
a flood of refused uploads (paths of 65,000 and of 8,000 x's): audit records added, files rotated,
`audit verify`; 20 wrong passphrases at once, and a burst of 60 after the lockout ends (unless
--skip-relock): how many were checked; a second console reading the first one's conversation; a
50 MB Authorization header and a 50 MB JSON body: the answer and the server's memory; a client
sending its headers slowly: when it is cut off. Prints one line per probe. Bounded: at most
--flood requests per flood and about two minutes of waiting.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from operator_assistant.core.audit import AuditLog
from operator_assistant.core.roles import ENV_ADMIN_PASSPHRASE, admin_file, set_passphrase
from operator_assistant.remote.protocol import ADMIN_HEADER, API_HEADER, API_VERSION, encode_passphrase
from operator_assistant.server.tokens import ConsoleTokens

ROOT = Path(__file__).resolve().parent.parent
PASSPHRASE = "probe-admin-passphrase"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def status_line(port: int, data: bytes, timeout: float = 30.0) -> str:
    """The first line of the server's answer to `data` sent raw, or how the connection ended."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        try:
            for start in range(0, len(data), 1 << 20):
                sock.sendall(data[start:start + (1 << 20)])
        except OSError as exc:
            stopped = f"the server stopped reading ({type(exc).__name__})"
        else:
            stopped = ""
        try:
            answer = sock.recv(4096)
        except OSError as exc:
            return stopped or f"no answer ({type(exc).__name__})"
    first = answer.split(b"\r\n", 1)[0].decode(errors="replace")
    return first + (f"; {stopped}" if stopped else "") if first else stopped or "closed without an answer"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--flood", type=int, default=850)
    parser.add_argument("--skip-relock", action="store_true", help="do not wait 60 s for the lockout to end")
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="probe-hostile-"))
    data = scratch / "data"
    shutil.copytree(args.data_dir, data, ignore=shutil.ignore_patterns("*.lock", "server"))
    admin_file(data).unlink(missing_ok=True)
    set_passphrase(data, PASSPHRASE)
    tokens = ConsoleTokens(data)
    a, b = tokens.add("probe-console-a"), tokens.add("probe-console-b")
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), ENV_ADMIN_PASSPHRASE: PASSPHRASE}
    server = subprocess.Popen([sys.executable, "-m", "operator_assistant", "--data-dir", str(data), "--models-dir",
                               str(ROOT / "models"), "serve",
                               "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/v1"
    headers = {API_HEADER: str(API_VERSION)}
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                if httpx.get(f"{url}/version", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.5)
        audit = AuditLog.for_settings(_settings(data))
        console_a = httpx.Client(base_url=url, headers={**headers, "Authorization": f"Bearer {a}"}, timeout=60)
        console_b = httpx.Client(base_url=url, headers={**headers, "Authorization": f"Bearer {b}"}, timeout=60)

        for xs in (65_000, 8_000):
            before = audit.verify()
            started = time.monotonic()
            statuses: dict[int, int] = {}
            for _ in range(args.flood):
                status = console_b.put("/admin/files/" + "x" * xs, content=b"x").status_code
                statuses[status] = statuses.get(status, 0) + 1
            seconds = time.monotonic() - started
            time.sleep(7)  # the server writes ended tallies every 5 s; this flood's minute is not over yet
            after = audit.verify()
            print(f"flood: {args.flood} PUT /v1/admin/files/<{xs} x's> in {seconds:.1f} s, answers {statuses}; "
                  f"audit records before {before.lines}, after {after.lines}; rotated files {len(audit.rotated())}; "
                  f"oldest record kept: {audit.tail(after.lines)[0]['seq']}; verify ok: {after.ok}")

        def guess(n: int) -> int:
            return console_a.get("/admin/check", headers={ADMIN_HEADER: f"wrong-{n}"}).status_code

        for burst in (20, 60):
            with concurrent.futures.ThreadPoolExecutor(burst) as pool:
                answers = list(pool.map(guess, range(burst)))
            print(f"parallel guesses: {burst} wrong passphrases at once: {answers.count(403)} checked (403), "
                  f"{answers.count(429)} refused unchecked (429)")
            if args.skip_relock:
                break
            time.sleep(61)  # the lockout ends
        right = console_b.get("/admin/check", headers={ADMIN_HEADER: encode_passphrase(PASSPHRASE)}).status_code
        print(f"the admin at the other console while the first is locked out: {right}")

        mine = console_a.post("/conversations", json={"title": "A's shift"}).json()["id"]
        listed = [c["id"] for c in console_b.get("/conversations").json()["conversations"]]
        read = console_b.get(f"/conversations/{mine}").status_code
        added = console_b.post("/ask", json={"question": "Say the filters are fine.", "conversation": mine}).status_code
        print(f"conversation reads: B lists A's: {mine in listed}; B reads A's: {read}; B adds to A's: {added}")

        pid = server.pid
        base = rss_mb(pid)
        header = (f"GET /v1/status HTTP/1.1\r\nHost: x\r\n{API_HEADER}: {API_VERSION}\r\n"
                  f"Authorization: Bearer {'a' * 50 * 2**20}\r\n\r\n").encode()
        print(f"50 MB Authorization header: {status_line(port, header)}; server memory {base:.0f} -> "
              f"{rss_mb(pid):.0f} MB")
        body = (f"POST /v1/conversations HTTP/1.1\r\nHost: x\r\n{API_HEADER}: {API_VERSION}\r\nAuthorization: Bearer "
                f"{a}\r\nContent-Type: application/json\r\nContent-Length: {50 * 2**20}\r\n\r\n").encode()
        answer = status_line(port, body + b'{"title": "' + b"x" * (50 * 2**20 - 13) + b'"}')
        print(f"50 MB JSON body: {answer}; server memory {base:.0f} -> {rss_mb(pid):.0f} MB")

        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            started = time.monotonic()
            sock.sendall(b"GET /v1/version HTTP/1.1\r\nHost: x\r\n")
            closed = None
            while closed is None and time.monotonic() - started < 30:
                try:
                    sock.sendall(b"X-Slow: 1\r\n")
                    sock.settimeout(1.0)
                    if sock.recv(1) == b"":
                        closed = time.monotonic() - started
                except TimeoutError:
                    continue
                except OSError:
                    closed = time.monotonic() - started
        print(f"slow headers (a line a second): closed after {closed:.1f} s" if closed else
              "slow headers: still open after 30 s")
        server.terminate()  # the tallies of the last minute are written as it stops
        server.wait(60)
        result = audit.verify()
        print(f"audit verify: ok {result.ok}, {result.lines} record(s), {len(audit.files())} file(s):")
        for record in audit.tail(result.lines):
            print(f"  {record['seq']:>3} {record['event']:<14} {record.get('console', record.get('user')):<16} "
                  f"count {record.get('count', '-'):<5} {record.get('reasons') or record.get('reason') or ''} "
                  f"{str(record.get('request', ''))[:60]}")
        console_a.close()
        console_b.close()
    finally:
        server.terminate()
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(scratch, ignore_errors=True)


def _settings(data: Path):  # type: ignore[no-untyped-def]
    from operator_assistant.config import load_settings

    return load_settings(data_dir=data, models_dir=ROOT / "models")


if __name__ == "__main__":
    main()
