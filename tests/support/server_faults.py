"""SIGKILL of the plant server mid-ingest and mid-answer, and of a console mid-upload or mid-answer: nothing lost.

Every trial runs real processes: `operator-assistant serve` on a loopback port over a copy of an
indexed data folder, a console's client in this process where the console is not what is
killed, and a console process of its own where it is. The kill comes at a seeded random moment;
each trial says whether it landed mid-operation and how long recovery took, and raises
AssertionError when something was lost. tests/integration/test_server_faults.py runs one trial
of each kind; scripts/bench_server_faults.py runs many and prints the table.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from operator_assistant.config import load_settings
from operator_assistant.core.answer.records import Answered, Event, TextGenerated, Turn
from operator_assistant.core.audit import AuditLog
from operator_assistant.core.chunking import ChunkParams
from operator_assistant.core.roles import ENV_ADMIN_PASSPHRASE, set_passphrase
from operator_assistant.errors import UserError
from operator_assistant.remote.client import Backoff, PlantClient, ServerRefused, ServerUnavailable
from operator_assistant.remote.folder import RemoteFolder
from operator_assistant.server.tokens import ConsoleTokens
from tests.support.index_check import Corpus, check_after_kill, check_complete

REPO = Path(__file__).resolve().parents[2]
MODELS = REPO / "models"
SAMPLE_DOCS = REPO / "corpus" / "documents"
PASSPHRASE = "fault-trials-passphrase"
QUESTION = "What is the discharge pressure alarm threshold on the B-series boosters?"
FOLLOW_UP = "Which pressure transmitter reads it, and what is the trip setpoint?"
CITED = "booster-station-b-om-manual.pdf"
# a console waits through a restart of the server (start-up with the models takes a while on a busy machine)
PATIENT = Backoff(first=0.2, most=1.0, give_up_after=180.0)
FILLER_FILES = 20
UPLOAD_MB = 48  # big enough that a console is still sending when it is killed


@dataclass
class TrialResult:
    kind: str
    landed: bool  # the kill came mid-operation (not before it began or after it ended)
    recovery_s: float
    notes: list[str] = field(default_factory=list)


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO), ENV_ADMIN_PASSPHRASE: PASSPHRASE}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build_base(folder: Path) -> str:
    """Index the sample corpus into `folder` (by the command line), set the admin passphrase; the console token."""
    set_passphrase(folder, PASSPHRASE)
    out = subprocess.run([sys.executable, "-m", "operator_assistant", "--data-dir", str(folder), "--models-dir",
                          str(MODELS), "ingest", str(SAMPLE_DOCS)], capture_output=True, text=True, env=_env(),
                         timeout=900)
    assert out.returncode == 0, out.stderr
    return ConsoleTokens(folder).add("fault-console")


def fresh_copy(base: Path, target: Path) -> Path:
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(base, target)
    return target


def _children(pid: int) -> set[int]:
    """Every process below `pid`, from /proc."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                kids = {int(k) for k in (task / "children").read_text().split()}
            except OSError:
                continue
            todo += list(kids - found)
            found |= kids
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


class PlantProcess:
    """`operator-assistant serve` over one data folder on one port; killed and started again in place."""

    def __init__(self, data_dir: Path, port: int, log: Path) -> None:
        self.data_dir, self.port, self.log = data_dir, port, log
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen([sys.executable, "-m", "operator_assistant", "--data-dir", str(self.data_dir),
                                          "--models-dir", str(MODELS), "serve", "--port", str(self.port)],
                                         stdout=out, stderr=subprocess.STDOUT, env=_env())

    def wait_ready(self, timeout: float = 180.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            assert self.proc is not None and self.proc.poll() is None, f"the plant server exited; see {self.log}"
            try:
                if httpx.get(f"{self.url}/v1/version", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, f"the plant server did not start; see {self.log}"
            time.sleep(0.1)

    def kill(self) -> list[int]:
        """SIGKILL the server; the pids of its own child processes still alive 10 s later (orphans)."""
        assert self.proc is not None
        children = _children(self.proc.pid)
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
        deadline = time.monotonic() + 10
        while any(_alive(c) for c in children) and time.monotonic() < deadline:
            time.sleep(0.1)
        return sorted(c for c in children if _alive(c))

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)
        self.proc = None


def index_report(index_dir: Path, out: Path) -> dict[str, Any]:
    """The shared checker, in a fresh process that opens the folder as the next user of it would."""
    done = subprocess.run([sys.executable, "-m", "tests.support.index_check", str(index_dir), str(out)],
                          capture_output=True, text=True, env=_env(), timeout=300, cwd=REPO)
    assert done.returncode == 0, done.stderr
    return json.loads(out.read_text(encoding="utf-8"))


def _leftovers(data_dir: Path) -> list[str]:
    """Partial files an interrupted write may leave anywhere in the data folder."""
    return sorted(str(p.relative_to(data_dir)) for pattern in ("*.upload", "*.partial") for p in data_dir.rglob(pattern))


def _cites(events: list[Event], name: str) -> bool:
    answer = next((e.answer for e in events if isinstance(e, Answered)), None)
    return answer is not None and not answer.refused and name in {Path(c.source).name for c in answer.citations}


def _what(events: list[Event]) -> str:
    """What an answer that did not cite as expected was, for the failure message."""
    answer = next((e.answer for e in events if isinstance(e, Answered)), None)
    if answer is None:
        return f"no answer; events {[type(e).__name__ for e in events]}"
    return (f"refused={answer.refused} ({answer.refusal_reason}), evidence {answer.evidence:.3f} / threshold "
            f"{answer.threshold:.3f}, cited {[Path(c.source).name for c in answer.citations]}")


def filler_documents(folder: Path, count: int = FILLER_FILES) -> list[Path]:
    """Distinct documents that take a while to embed: each a long list of its own setpoints."""
    folder.mkdir(parents=True, exist_ok=True)
    words = ("pump valve motor seal bearing impeller strainer flow level tank chlorine turbidity filter basin "
             "sludge clarifier pressure gauge relay breaker panel station intake reservoir meter sample").split()
    paths = []
    for n in range(count):
        paragraphs = []
        for p in range(12):
            rotated = words[(n + p) % len(words):] + words[:(n + p) % len(words)]
            paragraphs.append(f"Section {p + 1}. Unit U-{n:03d}-{p}: " + " ".join(rotated * 4) + ".")
        path = folder / f"filler-{n:03d}.txt"
        path.write_text("\n\n".join(paragraphs), encoding="utf-8")
        paths.append(path)
    return paths


class Trials:
    """The three kinds of trial over one indexed base folder; each trial gets its own copy of it."""

    def __init__(self, work: Path, seed: int = 20260615, sure: bool = False) -> None:
        """`sure`: kill once the operation is seen under way (tests), not at a random moment (the benchmark)."""
        self.work = work.resolve()  # the manifest names files by their resolved paths
        self.sure = sure
        self.rng = random.Random(seed)
        self.base = self.work / "base"
        self.token = build_base(self.base)
        self.base_report = index_report(self.base / "index", self.work / "base-report.json")
        self.old = {s: d["hash"] for s, d in self.base_report["documents"].items()}
        params = load_settings(data_dir=self.base, models_dir=MODELS)
        self.corpus = Corpus(SAMPLE_DOCS, ChunkParams(params.chunk_target, params.chunk_max, params.chunk_overlap))
        self.filler = filler_documents(self.work / "filler")
        # how long each operation takes here, so kills spread over it; shortened when one finishes first
        self.estimate = {"ingest": 30.0, "answer": 8.0, "upload": 1.5, "question": 4.0}
        self._upload_plant: PlantProcess | None = None
        self._question_plant: PlantProcess | None = None
        self.uploads = 0

    def _pause(self, kind: str, under_way: Callable[[], bool]) -> None:
        """Until the kill: a random time within what the operation takes, or (`sure`) until it is seen under way."""
        if not self.sure:
            time.sleep(self.rng.uniform(0.0, self.estimate[kind]))
            return
        deadline = time.monotonic() + 300
        while not under_way():
            assert time.monotonic() < deadline, f"the {kind} was never seen under way"
            time.sleep(0.01)

    def _plant(self, name: str) -> PlantProcess:
        data = fresh_copy(self.base, self.work / name / "data")
        # a port of its own: the upload and question plants outlive their trials, and a plant started on a
        # port one of them still holds failed to bind while the other answered in its place
        plant = PlantProcess(data, free_port(), self.work / f"{name}-server.log")
        plant.start()
        plant.wait_ready()
        return plant

    def _console(self, plant: PlantProcess) -> PlantClient:
        return PlantClient(plant.url, self.token, admin_passphrase=PASSPHRASE, backoff=PATIENT,
                           on_retry=lambda message: None)

    # a) the server killed while an admin's ingest job runs

    def ingest(self) -> TrialResult:
        plant = self._plant("ingest")
        notes: list[str] = []
        try:
            console = self._console(plant)
            names = [f"filler/{p.name}" for p in self.filler]
            for path, name in zip(self.filler, names):
                console.upload(path, name)
            library = plant.data_dir / "library" / "filler"
            new = dict(self.old)
            for path in sorted(library.iterdir()):
                self.corpus.seen(path)
                new[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
            job = console.start_ingest(names)
            outcome: dict[str, Any] = {}

            def poll() -> None:  # the console that started the job, waiting for it through the crash
                try:
                    outcome["job"] = console.wait(job)
                except UserError as exc:
                    outcome["error"] = exc
                outcome["at"] = time.monotonic()

            poller = threading.Thread(target=poll)
            started = time.monotonic()
            poller.start()
            self._pause("ingest", lambda: bool(console.job(job["id"])["files"]))
            killed_at = time.monotonic()
            orphans = plant.kill()
            assert not orphans, f"processes of the killed server still run: {orphans}"
            # judged below as the local crash trials judge an index (its manifest still names the real folder)
            left = fresh_copy(plant.data_dir, self.work / "ingest" / "as-killed")
            plant.start()
            plant.wait_ready()
            poller.join(PATIENT.give_up_after + 60)
            assert not poller.is_alive(), "the console never got past the crash"
            recovery = outcome["at"] - killed_at
            error = outcome.get("error")
            landed = error is not None
            if landed:
                assert isinstance(error, ServerRefused) and error.code == "job_interrupted", repr(error)
                assert "stopped during this ingest" in error.message and "Traceback" not in error.message
            else:
                self.estimate["ingest"] = (outcome["at"] - started) * 0.9
                assert outcome["job"]["state"] == "done"
            stored = console.job(job["id"])
            assert stored["id"] == job["id"] and stored["kind"] == "ingest"  # not another job that took its id
            finished = {Path(f["source"]).resolve() for f in stored["files"] if f["status"] == "added"}

            report = index_report(left / "index", self.work / "ingest-report.json")
            outcome_counts = check_after_kill(report, self.corpus, self.old, new)
            indexed = {Path(s).resolve() for s, d in report["documents"].items() if d["status"] == "indexed"}
            assert finished <= indexed, "a finished file was lost"
            notes.append(f"{len(finished)} file(s) settled before the kill; after it {outcome_counts}")

            answer = list(console.ask(QUESTION))
            assert _cites(answer, CITED), "the recovered server did not answer the golden question"
            again = console.wait(console.start_ingest(names))
            statuses = {Path(r["source"]).resolve(): r["status"] for r in again["result"]["results"]}
            assert not [s for s in statuses.values() if s == "failed"], statuses
            assert all(statuses.get(f) not in ("added", "updated") for f in finished), "finished files were redone"
            console.close()
            plant.stop()
            final = index_report(plant.data_dir / "index", self.work / "ingest-final.json")
            check_complete(final, self.corpus, new)
            assert _leftovers(plant.data_dir) == [], _leftovers(plant.data_dir)
            return TrialResult("server killed mid-ingest", landed, recovery, notes)
        finally:
            plant.stop()

    # b) the server killed while it streams an answer

    def answer(self) -> TrialResult:
        plant = self._plant("answer")
        console_dir = self.work / "answer" / "console"
        shutil.rmtree(console_dir, ignore_errors=True)
        workspace = RemoteFolder(load_settings(data_dir=console_dir, models_dir=MODELS), self._console(plant))
        try:
            workspace.warm_up()
            first = list(workspace.ask(QUESTION))
            answered = next(e.answer for e in first if isinstance(e, Answered))
            conversation = workspace.history.start(QUESTION[:60])  # as the window keeps it
            workspace.history.add(conversation, answered)
            kept = [a.to_json() for a in workspace.history.answers(conversation)]
            history = [Turn(answered.question, answered.text)]
            events: list[Event] = []
            failure: dict[str, Any] = {}
            arrived = threading.Event()

            def ask() -> None:
                try:
                    for event in workspace.ask(FOLLOW_UP, history, mode="card+model", temperature=0.0):
                        events.append(event)
                        arrived.set()
                except UserError as exc:
                    failure["error"] = exc
                except Exception as exc:  # noqa: BLE001 - a bug must fail the trial, not hang it
                    failure["bug"] = exc
                failure["at"] = time.monotonic()
                arrived.set()

            asker = threading.Thread(target=ask)
            asker.start()
            assert arrived.wait(180), "no answer began"
            began = time.monotonic()
            # a console process asks too: its answer is cut off (or waits for the restart) the same way
            other = subprocess.Popen([sys.executable, "-m", "operator_assistant", "--server", plant.url, "--token",
                                      self.token, "ask", QUESTION, "--mode", "card+model"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
            self._pause("answer", lambda: any(isinstance(e, TextGenerated) for e in events))
            landed = not any(isinstance(e, Answered) for e in events) and "at" not in failure
            killed_at = time.monotonic()
            orphans = plant.kill()
            assert not orphans, f"processes of the killed server still run: {orphans}"
            asker.join(60)
            assert not asker.is_alive(), "the console hung on the dead server"
            assert "bug" not in failure, repr(failure.get("bug"))
            if landed:
                error = failure.get("error")
                assert isinstance(error, ServerUnavailable), f"no plain error: {failure or events[-1]}"
                assert "plant server" in error.message and "Traceback" not in error.message
            else:
                self.estimate["answer"] = max(0.5, (failure.get("at", killed_at) - began) * 0.9)
            assert [a.to_json() for a in workspace.history.answers(conversation)] == kept, "console history changed"
            plant.start()
            plant.wait_ready()
            again = list(workspace.ask(FOLLOW_UP, history, mode="card+model", temperature=0.0))
            recovery = time.monotonic() - killed_at
            assert _cites(again, CITED), f"the same question was not answered after the restart: {_what(again)}"
            assert [a.to_json() for a in workspace.history.answers(conversation)] == kept
            out, err = other.communicate(timeout=300)
            assert "Traceback" not in err, err
            assert other.returncode == 0 and CITED in out or other.returncode == 2 and "plant server" in err, \
                (other.returncode, out[-500:], err[-500:])
            if other.returncode == 2:
                notes = ["the console process said: " + err.strip().splitlines()[0]]
            else:
                notes = ["the console process's question waited for the restart and was answered"]
            verified = AuditLog.for_settings(load_settings(data_dir=plant.data_dir, models_dir=MODELS)).verify()
            assert verified.ok, str(verified.problem)
            return TrialResult("server killed mid-answer", landed, recovery, notes)
        finally:
            workspace.close()
            plant.stop()

    # c) a console process killed while it uploads

    def upload(self) -> TrialResult:
        if self._upload_plant is None:  # one server for these: junk must not pile up over the trials either
            self._upload_plant = self._plant("upload")
        plant = self._upload_plant
        big = self.work / "upload-source.txt"
        if not big.exists():
            line = b"Clearwell level transmitter LT-301 reads 0 to 25 ft; high alarm at 22.5 ft.\n"
            big.write_bytes(line * (UPLOAD_MB * 2**20 // len(line)))
        self.uploads += 1
        name = f"big-{self.uploads:03d}.txt"
        library = plant.data_dir / "library"
        with self._console(plant) as console:
            docs_before = console.documents()
            chunks_before = console.status()["index"]["chunks"]
        uploader = ("import sys\nfrom pathlib import Path\nfrom operator_assistant.remote.client import PlantClient\n"
                    "with PlantClient(sys.argv[1], sys.argv[2], admin_passphrase=sys.argv[3]) as c:\n"
                    "    c.upload(Path(sys.argv[4]), sys.argv[5])\n")
        proc = subprocess.Popen([sys.executable, "-c", uploader, plant.url, self.token, PASSPHRASE, str(big), name],
                                env=_env(), stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while not list(library.glob(f".{name}.*.upload")) and proc.poll() is None:
            assert time.monotonic() < deadline, "the upload never began"
            time.sleep(0.005)
        began = time.monotonic()
        self._pause("upload", lambda: sum(p.stat().st_size for p in library.glob(f".{name}.*.upload")) > 2**20)
        landed = proc.poll() is None and not (library / name).exists()
        killed_at = time.monotonic()
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        if not landed:
            self.estimate["upload"] = max(0.05, (killed_at - began) * 0.9)
        deadline = time.monotonic() + 30
        while _leftovers(plant.data_dir) and time.monotonic() < deadline:
            time.sleep(0.01)  # the server finds the console gone when it next reads from it
        recovery = time.monotonic() - killed_at
        assert _leftovers(plant.data_dir) == [], f"left on the server: {_leftovers(plant.data_dir)}"
        if landed and (library / name).exists():
            # the last bytes had arrived before the kill: the server finished the upload, whole
            assert (library / name).read_bytes() == big.read_bytes(), "a partial upload was kept under its name"
            (library / name).unlink()
        with self._console(plant) as console:
            assert console.documents() == docs_before and console.status()["index"]["chunks"] == chunks_before, \
                "the index changed"
            stored = console.upload(big, name)
        data = big.read_bytes()
        assert stored["bytes"] == len(data) and stored["sha256"] == hashlib.sha256(data).hexdigest()
        assert (library / name).read_bytes() == data
        (library / name).unlink()  # the next trial starts from the same library
        return TrialResult("console killed mid-upload", landed, recovery)

    # d) a console process killed while its answer streams

    def question(self) -> TrialResult:
        """The server stops wording for a console that is gone, records what it answered, and serves the next."""
        if self._question_plant is None:
            self._question_plant = self._plant("question")
        plant = self._question_plant
        settings = load_settings(data_dir=plant.data_dir, models_dir=MODELS)
        asker = ("import sys\nfrom operator_assistant.remote.client import PlantClient\n"
                 "with PlantClient(sys.argv[1], sys.argv[2]) as c:\n"
                 "    for e in c.ask(sys.argv[3], mode='card+model', temperature=0.0):\n"
                 "        print(type(e).__name__, flush=True)\n")
        proc = subprocess.Popen([sys.executable, "-c", asker, plant.url, self.token, FOLLOW_UP], env=_env(),
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert proc.stdout is not None
        seen: list[str] = []
        reader = threading.Thread(target=lambda: seen.extend(line.strip() for line in proc.stdout or ()), daemon=True)
        reader.start()
        deadline = time.monotonic() + 180
        while "CardReady" not in seen and proc.poll() is None:
            assert time.monotonic() < deadline, "no answer card came"
            time.sleep(0.01)
        began = time.monotonic()
        self._pause("question", lambda: "TextGenerated" in seen)
        landed = proc.poll() is None and "Answered" not in seen
        killed_at = time.monotonic()
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        if not landed:
            self.estimate["question"] = max(0.2, (killed_at - began) * 0.9)
        # another console is answered at once: the server did not hang on the one that went away
        with self._console(plant) as console:
            again = list(console.ask(QUESTION))
        recovery = time.monotonic() - killed_at
        assert _cites(again, CITED), f"the next console's question was not answered: {_what(again)}"
        log = AuditLog.for_settings(settings)
        verified = log.verify()
        assert verified.ok, str(verified.problem)
        cut = [r for r in log.tail(20) if r.get("event") == "question" and r.get("question", "").startswith(FOLLOW_UP[:40])]
        assert cut, "the question of the console that went away is not in the audit log"
        if landed:
            assert cut[-1]["cancelled"], "a question whose console went away is not recorded as cancelled"
        assert not (plant.log.read_text(errors="replace").count("Traceback") if plant.log.exists() else 0), \
            "the server logged a traceback"
        return TrialResult("console killed mid-answer", landed, recovery)

    def close(self) -> None:
        if self._question_plant is not None:
            self._question_plant.stop()
            self._question_plant = None
        if self._upload_plant is not None:
            self._upload_plant.stop()
            self._upload_plant = None

