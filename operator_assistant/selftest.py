"""`operator-assistant --self-test`: prove an installation works end to end, with no window and no network.

It uses a throw-away data dir, so the user's index, history and settings are never touched.
"""

from __future__ import annotations

import logging
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from operator_assistant.config import load_settings
from operator_assistant.errors import UserError
from operator_assistant.resources import golden_questions, sample_documents

if TYPE_CHECKING:  # imported lazily at run time: the models' runtimes take seconds
    from operator_assistant.core.assistant import Answer, Assistant
    from operator_assistant.core.local_folder import LocalFolder

log = logging.getLogger("self-test")

# One question the sample corpus answers, one it cannot; both from corpus/golden.jsonl.
ANSWERABLE_ID = "g001"
NOT_IN_CORPUS_ID = "g060"


@dataclass
class Check:
    name: str
    ok: bool
    detail: str
    seconds: float


def _checker(checks: list[Check], report: Callable[[str], None]) -> Callable[[str, Callable[[], str]], bool]:
    """`check(name, step)`: run one step, print its PASS or FAIL line, keep its result in `checks`."""
    def check(name: str, step: Callable[[], str]) -> bool:
        started = time.perf_counter()
        try:
            detail, ok = step(), True
        except (UserError, AssertionError) as exc:
            detail, ok = str(exc).replace("\n", " "), False
        except Exception as exc:  # broad on purpose: a bug is a failed check too; the report must still finish
            log.exception("self-test check %r failed", name)
            detail, ok = f"{type(exc).__name__}: {exc}", False
        checks.append(Check(name, ok, detail, time.perf_counter() - started))
        report(f"{'PASS' if ok else 'FAIL'}  {name}: {detail} ({checks[-1].seconds:.1f} s)")
        return ok

    return check


def _summary(checks: list[Check], report: Callable[[str], None]) -> bool:
    passed = all(c.ok for c in checks)
    report(f"{'self-test passed' if passed else 'self-test FAILED'}: {sum(c.ok for c in checks)}/{len(checks)} checks "
           f"in {sum(c.seconds for c in checks):.1f} s")
    return passed


def run_self_test(models_dir: Path | None = None, report: Callable[[str], None] = print) -> bool:
    """Run every check, printing one line each; True only if all of them held."""
    checks: list[Check] = []
    check = _checker(checks, report)
    report("Operator Assistant self-test")
    with tempfile.TemporaryDirectory(prefix="operator-assistant-self-test-") as tmp:
        settings = load_settings(data_dir=tmp, models_dir=models_dir, temperature=0.0)
        report(f"  models: {settings.models_dir}")
        report(f"  data:   {tmp} (temporary)")
        if not check("weights", lambda: _verify_weights(settings.models_dir)):
            return False
        from operator_assistant.core.local_folder import LocalFolder
        from operator_assistant.evaluation.golden import load_golden

        with LocalFolder(settings) as workspace:
            if not check("ingest sample corpus", lambda: _ingest(workspace)):
                return False
            golden = {q.id: q for q in load_golden(golden_questions())}
            assistant = workspace.assistant

            def answerable() -> str:
                q = golden[ANSWERABLE_ID]
                answer = _ask(assistant, q.question)
                cited = [Path(c.source).name for c in answer.citations]
                assert not answer.refused, f"refused an answerable question: {q.question!r}"
                assert q.source_file in cited, f"expected a citation of {q.source_file}, got {cited or 'none'}"
                return f"{q.question!r} cited {q.source_file} (card in {answer.timings.get('card_ms', 0):.0f} ms)"

            def not_in_corpus() -> str:
                q = golden[NOT_IN_CORPUS_ID]
                answer = _ask(assistant, q.question)
                assert answer.refused, f"answered a question the documents do not cover: {answer.text[:80]!r}"
                return f"{q.question!r} refused"

            check("answerable question", answerable)
            check("question not in the documents", not_in_corpus)
            check("OCR", lambda: _ocr(settings.models_dir, settings.ocr_model))
    return _summary(checks, report)


OCR_LINE = "PUMP P-101A TRIP 42 PSI"
SERVER_HANDSHAKE_SECONDS = 10.0  # a self-test waits this long for a plant server that does not answer


def run_console_self_test(server: str | None, token: str | None = None, ca_file: Path | None = None,
                          report: Callable[[str], None] = print) -> bool:
    """What a console needs: its window and viewer load without the model libraries, it can keep its
    history, and (given `server`) that plant server answers its handshake and takes this console's token."""
    checks: list[Check] = []
    check = _checker(checks, report)
    report("Operator Assistant console self-test")
    check("console parts", _console_parts)
    with tempfile.TemporaryDirectory(prefix="operator-assistant-self-test-") as tmp:
        report(f"  data:   {tmp} (temporary)")
        check("console history", lambda: _console_history(Path(tmp)))
    if server:
        check("plant server", lambda: _handshake(server, token, ca_file))
    else:
        report("  plant server: not checked (give --server URL and --token TOKEN to check its handshake)")
    return _summary(checks, report)


def _console_parts() -> str:
    import importlib
    import sys

    for module in ("operator_assistant.gui.main_window", "operator_assistant.gui.settings_dialog",
                   "operator_assistant.remote.folder", "operator_assistant.core.documents.process",
                   "pypdfium2", "ssl"):
        importlib.import_module(module)  # an ImportError names what the installation lacks
    from operator_assistant.resources import CONSOLE_LEAVES_OUT

    loaded = sorted({name.split(".")[0] for name in sys.modules} & set(CONSOLE_LEAVES_OUT))
    assert not loaded, f"a console loaded what only the plant server needs: {', '.join(loaded)}"
    return ("window, viewer and plant-server client load; none of the server's libraries loaded "
            "(torch, llama_cpp, chromadb, ...)")


def _console_history(folder: Path) -> str:
    from operator_assistant.core.history import ConversationLog

    log_file = folder / "console-history.sqlite3"
    history = ConversationLog(log_file)
    try:
        started = history.start("self-test")
        assert started in {c.id for c in history.conversations()}, "a conversation started was not kept"
    finally:
        history.close()
    return f"conversations kept in {log_file.name}"


def _handshake(server: str, token: str | None, ca_file: Path | None) -> str:
    from operator_assistant.remote.client import Backoff, PlantClient, find_token

    backoff = Backoff(first=0.5, most=2.0, give_up_after=SERVER_HANDSHAKE_SECONDS)
    with PlantClient(server, find_token(token), ca_file=ca_file, backoff=backoff, on_retry=log.info) as plant:
        info = plant.handshake()
        status = plant.status()  # the first request that needs the token
    documents = sum(d["status"] == "indexed" for d in status["documents"])
    return (f"{server}: Operator Assistant {info['version']}, API {info['api']}; token accepted; "
            f"{documents} documents, {status['index']['chunks']} chunks")


def _verify_weights(models_dir: Path) -> str:
    from operator_assistant.core.models import load_manifest, verify_model

    specs = load_manifest(models_dir)
    problems = [p for spec in specs for p in verify_model(spec, models_dir, use_cache=False)]
    assert not problems, "; ".join(problems)
    # an installation without torch has no torch weights to check (core/models.py, TORCH_WEIGHTS)
    present = sum((models_dir / s.folder / rel).is_file() for s in specs for rel in s.files)
    return f"{present} files of {len(specs)} models match their sha256"


def _ocr(models_dir: Path, name: str) -> str:
    """A line drawn here read back: the OCR models and the libraries under them load and work."""
    from PIL import Image, ImageDraw, ImageFont

    from operator_assistant.core.documents.ocr import OcrEngine
    from operator_assistant.core.models import resolve_model

    image = Image.new("RGB", (900, 120), "white")
    ImageDraw.Draw(image).text((20, 30), OCR_LINE, fill="black", font=ImageFont.load_default(size=48))
    text = OcrEngine(resolve_model(models_dir, name, "ocr")).read(image).text
    missing = [word for word in ("P-101A", "42", "PSI") if word not in text]
    assert not missing, f"read {text!r} from a drawn {OCR_LINE!r}"
    return f"read {text!r} from a drawn line"


def _ingest(workspace: LocalFolder) -> str:
    folder = sample_documents()
    assert folder.is_dir(), f"no sample corpus at {folder}"
    result = workspace.ingest([folder])
    failed = [f"{Path(r.source).name}: {r.message}" for r in result.failed]
    assert not failed, f"files failed: {'; '.join(failed)}"
    chunks = workspace.chunk_count()
    assert chunks > 0, "no chunks indexed"
    return f"{len(result.results)} files, {chunks} chunks"


def _ask(assistant: Assistant, question: str) -> Answer:
    from operator_assistant.core.assistant import Answered

    for event in assistant.ask(question, temperature=0.0):
        if isinstance(event, Answered):
            return event.answer
    raise AssertionError("no answer came back")
