"""Command line: models, ingest, search, status, eval.

Commands parse arguments and print; they must not build the application themselves (core/local_folder.py does)
or decide policy (core/answer/).
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import signal
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from operator_assistant import __version__
from operator_assistant.config import ANSWER_MODES, ENV_DATA_DIR, Settings, load_settings
from operator_assistant.core.locations import pages_label, section_label
from operator_assistant.errors import Cancelled, UserError
from operator_assistant.folder.wire import Json
from operator_assistant.resources import CONSOLE, golden_questions, install_role

if TYPE_CHECKING:  # imported lazily at run time: the models' runtimes take seconds
    from operator_assistant.core.answer.records import Card
    from operator_assistant.core.local_folder import LocalFolder
    from operator_assistant.evaluation.golden import GoldenQuestion
    from operator_assistant.folder.contract import DataFolder
    from operator_assistant.folder.records import FolderStatus

EXIT_OK, EXIT_FAILED_FILES, EXIT_USER_ERROR, EXIT_CANCELLED = 0, 1, 2, 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="operator-assistant",
        description="Offline answers from the plant's own SOPs and manuals.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--data-dir", type=Path, help=f"where the index lives (default: ${ENV_DATA_DIR} or the user data dir)")
    parser.add_argument("--models-dir", type=Path, help="folder with manifest.toml and the model weights")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress details to stderr")
    parser.add_argument("--self-test", action="store_true",
                        help="check the weights, index the sample corpus in a temporary folder and answer two "
                             "questions; no window (exit 0 only if every check held)")
    from operator_assistant.cli_server import add_console_options, add_serve_parser

    add_console_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    models = sub.add_parser("models", help="fetch or verify the bundled model weights")
    models_sub = models.add_subparsers(dest="action", metavar="ACTION", required=True)
    models_sub.add_parser("fetch", help="download the weights listed in models/manifest.toml, verify them,"
                                        " build the embedders' ONNX exports from them")
    models_sub.add_parser("prepare", help="(re)build only the embedders' ONNX exports (float32 and int8) from their weights")
    models_sub.add_parser("verify", help="check every weight file against its sha256")

    ingest = sub.add_parser("ingest", help="index files and folders (PDF, DOCX, Markdown, HTML, text)")
    ingest.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    ingest.add_argument("--json", action="store_true", help="print one JSON report instead of lines")

    remove = sub.add_parser("remove", help="remove documents from the index")
    remove.add_argument("names", nargs="+", metavar="NAME", help="file path, file name or title")

    sub.add_parser("reindex", help="re-embed every chunk with the configured embedder")

    from operator_assistant.cli_admin import add_admin_parser

    add_admin_parser(sub)

    search = sub.add_parser("search", help="hybrid search over the indexed documents")
    search.add_argument("query")
    search.add_argument("--k", type=int, default=None, help="number of results (default from settings: 5)")
    search.add_argument("--document", action="append", metavar="NAME", help="only this document (repeatable)")
    search.add_argument("--section", metavar="TEXT", help="only sections whose heading path contains TEXT")
    search.add_argument("--all-revisions", action="store_true",
                        help="also search superseded and upcoming revisions (default: revisions in force only)")
    search.add_argument("--json", action="store_true")

    ask = sub.add_parser("ask", help="answer a question from the indexed documents, with citations")
    ask.add_argument("question")
    ask.add_argument("--temperature", type=float, help="0 for repeatable answers (default from settings: 0.3)")
    ask.add_argument("--json", action="store_true", help="print one JSON object when the answer is complete")
    ask.add_argument("--all-revisions", action="store_true",
                     help="answer from superseded and upcoming revisions too (default: revisions in force only)")
    ask.add_argument("--mode", choices=ANSWER_MODES,
                     help="what leads: the card only, the card then the model's checked wording, or the model first"
                          " (default from settings: answer_mode)")

    calibrate = sub.add_parser("calibrate", help="set the refusal threshold from a golden question file")
    calibrate.add_argument("file", type=Path, nargs="?", metavar="FILE",
                           help="JSONL questions with source_file (null when not in the corpus)")

    audit = sub.add_parser("audit", help="check or show the audit log of questions and corpus changes")
    audit_sub = audit.add_subparsers(dest="action", metavar="ACTION", required=True)
    verify = audit_sub.add_parser("verify", help="check the hash chain of every audit file (exit 1 if broken, or if "
                                                 "records are gone that were never archived)")
    verify.add_argument("--archive", type=Path, metavar="DIR",
                        help="check the archived copies in DIR too: the chain whole from its first record")
    show = audit_sub.add_parser("show", help="print the last records")
    show.add_argument("--tail", type=int, default=20, metavar="N", help="how many records (default 20)")
    show.add_argument("--json", action="store_true", help="print the records as JSON lines")
    archive = audit_sub.add_parser("archive", help="copy the closed audit files, with their chain heads, to DIR "
                                                   "(admin; retention removes only archived files)")
    archive.add_argument("folder", type=Path, metavar="DIR", help="the archive folder (another disk or a share)")

    revisions = sub.add_parser("revisions", help="document numbers, revisions and effective dates; correct them")
    rev_sub = revisions.add_subparsers(dest="action", metavar="ACTION")
    rev_list = rev_sub.add_parser("list", help="each document's number, revision, effective date and status (default)")
    rev_list.add_argument("--json", action="store_true")
    rev_set = rev_sub.add_parser("set", help="set or correct a document's identity (admin); kept across re-ingest")
    rev_set.add_argument("name", metavar="NAME", help="file path, file name or title")
    rev_set.add_argument("--number", help='document number, e.g. SOP-114 ("" for none)')
    rev_set.add_argument("--revision", help='revision, e.g. C or 3 ("" for none)')
    rev_set.add_argument("--effective", metavar="DATE", help='effective date, e.g. 2026-05-01 ("" for none)')
    rev_clear = rev_sub.add_parser("clear", help="drop an admin's corrections: back to what the document says (admin)")
    rev_clear.add_argument("name", metavar="NAME", help="file path, file name or title")
    rev_diff = rev_sub.add_parser("diff", help="what changed between two revisions of a numbered document: values, "
                                               "steps, table rows and sections (upcoming revisions too)")
    rev_diff.add_argument("number", metavar="NUMBER", help="document number, e.g. SOP-114")
    rev_diff.add_argument("--from", dest="older", metavar="REV",
                          help="the older revision (default: the one before --to)")
    rev_diff.add_argument("--to", dest="newer", metavar="REV",
                          help="the newer revision (default: the one in force; name an upcoming one to see it early)")
    rev_diff.add_argument("--json", action="store_true")

    conflicts = sub.add_parser("conflicts", help="values that current documents state differently; settle them")
    conflicts.add_argument("--json", action="store_true")
    conflicts_sub = conflicts.add_subparsers(dest="action", metavar="ACTION")
    conflicts_sub.add_parser("list", help="every conflict, settled ones marked (default)")
    for action, text in (("settle", "mark a conflict settled: no longer marked on answers (admin; audited)"),
                         ("reopen", "take the settled mark off again (admin; audited)")):
        settle = conflicts_sub.add_parser(action, help=text)
        settle.add_argument("key", metavar="KEY", help="the conflict's key, as `conflicts` lists it")
        settle.add_argument("--note", default="", help="why (kept with the mark and in the audit log)")

    status = sub.add_parser("status", help="documents, chunks, models and index health")
    status.add_argument("--json", action="store_true")

    add_serve_parser(sub)

    evaluate = sub.add_parser("eval", help="measure retrieval quality")
    eval_sub = evaluate.add_subparsers(dest="action", metavar="ACTION", required=True)
    retrieval = eval_sub.add_parser("retrieval", help="nDCG@10, Recall@10/100, MRR@10 on a BEIR-format folder")
    retrieval.add_argument("--beir", type=Path, required=True, metavar="DIR",
                           help="folder with corpus.jsonl, queries.jsonl, qrels/test.tsv")
    retrieval.add_argument("--work-dir", type=Path, help="where to keep the evaluation index (reused next time)")
    retrieval.add_argument("--json", action="store_true")
    golden = eval_sub.add_parser("golden", help="retrieval on the project's golden question set")
    golden.add_argument("file", type=Path, metavar="FILE")
    golden.add_argument("--corpus", type=Path, help="documents folder (default: FILE's folder/documents)")
    golden.add_argument("--work-dir", type=Path, help="where to keep the evaluation index (reused next time)")
    golden.add_argument("--json", action="store_true")
    answers = eval_sub.add_parser("answers", help="ask every golden question and score answers and citations")
    answers.add_argument("file", type=Path, metavar="FILE")
    answers.add_argument("--corpus", type=Path, help="documents folder (default: FILE's folder/documents)")
    answers.add_argument("--work-dir", type=Path, help="where to keep the evaluation index (reused next time)")
    answers.add_argument("--mode", choices=ANSWER_MODES, help="what leads (default from settings: answer_mode)")
    answers.add_argument("--rows", action="store_true", help="print each question's answer and scores")
    answers.add_argument("--json", action="store_true")
    return parser


def _settings(args: argparse.Namespace, data_dir: Path | None = None) -> Settings:
    return load_settings(data_dir=data_dir or args.data_dir, models_dir=args.models_dir)


_opened: list[Any] = []  # workspaces (and the data-folder claims they hold) closed when the command ends


def _workspace(args: argparse.Namespace, data_dir: Path | None = None, audit: bool = True) -> LocalFolder:
    """The data folder this command works on, opened (imported lazily: the models' runtimes take seconds)."""
    from operator_assistant.core.local_folder import LocalFolder

    # parsing in a child process: a parser crash on a damaged file fails that file, not the run,
    # and the next file is read while this one is embedded
    workspace = LocalFolder(_settings(args, data_dir), audit=audit, parse_in_child=True)
    _opened.append(workspace)
    return workspace


def _require_admin(workspace: Any, change: str = "changing the corpus") -> None:
    """Admin mode, and the data folder not open in a window (whose search would not see the change)."""
    from operator_assistant.cli_admin import require_admin

    workspace.claim(change)
    require_admin(workspace.settings, change)


def cmd_admin(args: argparse.Namespace) -> int:
    from operator_assistant.cli_admin import cmd_admin as run_admin

    return run_admin(args, _settings(args))


def _print_json(value: Any) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False))


PROGRESS_EVERY_SECONDS = 30.0  # a plain progress line this often when stderr is not a terminal


class _ProgressLine:
    """An ingest's overall progress on stderr: on a terminal one line rewritten in place,
    otherwise (a log file, a scheduled job) a plain line every PROGRESS_EVERY_SECONDS."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.last = time.monotonic()
        self.text = ""

    def update(self, state: Any) -> None:  # an IngestProgress
        self.text = state.describe() + (f" · {Path(state.current).name}" if state.current else "")
        if self.tty:
            self._draw()
        elif state.current and time.monotonic() - self.last >= PROGRESS_EVERY_SECONDS:
            self.last = time.monotonic()
            print(self.text, file=self.stream, flush=True)

    def print(self, text: str, file: Any = None) -> None:
        """A line of its own (stdout unless `file`), the progress line drawn again below it."""
        self.clear()
        print(text, file=file or sys.stdout, flush=True)
        if self.tty and self.text:
            self._draw()

    def clear(self) -> None:
        if self.tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

    def _draw(self) -> None:
        import shutil

        width = max(20, shutil.get_terminal_size().columns - 1)
        self.stream.write("\r\x1b[K" + self.text[:width])
        self.stream.flush()


def cmd_models(args: argparse.Namespace) -> int:
    from operator_assistant.core.models import (
        export_state,
        fetch_models,
        load_manifest,
        prepare_models,
        resolve_model,
        verify_model,
    )

    settings = _settings(args)
    if args.action == "fetch":
        fetch_models(settings.models_dir)
        return EXIT_OK
    if args.action == "prepare":
        prepare_models(settings.models_dir)
        return EXIT_OK
    bad = 0
    for spec in load_manifest(settings.models_dir):
        problems = verify_model(spec, settings.models_dir)
        bad += bool(problems)
        print(f"{spec.name} ({spec.role}): {'ok' if not problems else 'NOT OK'}")
        for problem in problems:
            print(f"  {problem}")
        if not problems and spec.role == "embedder":
            state = export_state(resolve_model(settings.models_dir, spec.name, spec.role))
            bad += "not usable" in state
            print(f"  {state}")
    if bad:
        print("run `operator-assistant models fetch` to restore the weights", file=sys.stderr)
    return EXIT_USER_ERROR if bad else EXIT_OK


def cmd_ingest(args: argparse.Namespace) -> int:
    from operator_assistant.folder.records import FAILED_FILE

    if args.server:
        from operator_assistant.cli_server import remote_ingest

        return remote_ingest(args, _ProgressLine)
    workspace = _workspace(args)
    _require_admin(workspace)
    bar = None if args.json else _ProgressLine()
    stop = threading.Event()

    def line(result: Any) -> None:
        if bar is None:
            return
        detail = result.message or (f"{result.chunks_total} chunks, {result.chunks_added} embedded"
                                    + (f", {result.chunks_removed} removed" if result.chunks_removed else "")
                                    if result.status in ("added", "updated") else "")
        bar.print(f"{result.status:<9} {result.source}" + (f"  ({detail})" if detail else ""))

    def interrupted(signum: int, frame: Any) -> None:
        if stop.is_set():
            raise KeyboardInterrupt  # a second Ctrl-C: stop at once
        stop.set()
        if bar is not None:
            bar.print("stopping: the files finished so far are kept (Ctrl-C again to stop at once)", file=sys.stderr)

    # Ctrl-C cancels cleanly: the file being read is dropped, every file written before it stays indexed.
    previous = signal.signal(signal.SIGINT, interrupted) if threading.current_thread() is threading.main_thread() else None
    try:
        report = workspace.ingest(args.paths, progress=bar.update if bar else None, cancel=stop.is_set, report=line)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        if bar is not None:
            bar.clear()
    kept = report.count("added") + report.count("updated") + report.count("unchanged")
    if args.json:
        _print_json({
            "results": [vars(r) for r in report.results], "skipped_unsupported": report.skipped,
            "seconds": round(report.seconds, 2), "chunks_embedded": report.chunks_embedded, "notes": report.notes,
            "cancelled": report.cancelled,
        })
    else:
        for note in report.notes:
            print(f"note: {note}")
        counts = ", ".join(f"{report.count(s)} {s}"
                           for s in ("added", "updated", "unchanged", "duplicate", "removed", "skipped", "failed")
                           if report.count(s))
        rate = report.chunks_embedded / report.seconds if report.seconds else 0.0
        print(f"{'cancelled after' if report.cancelled else 'done in'} {report.seconds:.1f} s: {counts or 'nothing to do'}"
              + (f"; {report.skipped} file(s) of unsupported type skipped" if report.skipped else "")
              + (f"; {report.chunks_embedded} chunks embedded ({rate:.0f}/s)" if report.chunks_embedded else ""))
    if report.cancelled:
        print(f"cancelled: {kept} finished file(s) are indexed and kept. To continue, run the same command again: "
              "finished files are skipped.", file=sys.stderr)
        return EXIT_CANCELLED
    return EXIT_FAILED_FILES if any(r.status == FAILED_FILE for r in report.results) else EXIT_OK


def cmd_remove(args: argparse.Namespace) -> int:
    if args.server:
        from operator_assistant.cli_server import remote_remove

        return remote_remove(args)
    workspace = _workspace(args)
    _require_admin(workspace)
    docs = workspace.documents()
    chosen = []
    for name in args.names:
        chosen += _find_documents(docs, name)
    removed = workspace.remove(sorted({d.doc_id for d in chosen}))
    for doc in chosen:
        print(f"removed   {doc.source}")
    print(f"{len(chosen)} document(s), {removed} chunk(s) removed")
    return EXIT_OK


def cmd_reindex(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    if args.server:
        from operator_assistant.cli_server import remote_job

        result = remote_job(args, "re-indexing", lambda plant: plant.start_reindex())
        if result is None:
            return EXIT_CANCELLED
        count, embedder, where = result["chunks"], result["embedder"], " on the plant server"
    else:
        workspace = _workspace(args)
        _require_admin(workspace)
        count, embedder, where = workspace.reindex(), workspace.embedder_id, ""
    print(f"re-embedded {count} chunks with {embedder}{where} in {time.perf_counter() - started:.1f} s")
    return EXIT_OK


def _folder(args: argparse.Namespace) -> DataFolder:
    """The data folder a reading command works on: this machine's, or with --server the plant server's."""
    if not args.server:
        return _workspace(args)
    from operator_assistant.cli_server import client
    from operator_assistant.remote.folder import RemoteFolder

    folder = RemoteFolder(_settings(args), client(args))
    _opened.append(folder)
    return folder


def cmd_search(args: argparse.Namespace) -> int:
    from operator_assistant.folder.wire import passages_to_json

    folder = _folder(args)
    if not args.server and folder.chunk_count() == 0:
        raise UserError("the index is empty", "add documents with `operator-assistant ingest PATH`")
    found = folder.search(args.query, k=args.k, documents=args.document, section=args.section,
                          all_revisions=args.all_revisions)
    if args.json:
        out = passages_to_json(found)
        _print_json({**out, "results": [{k: v for k, v in r.items() if k != "doc_id"} for r in out["results"]]})
        return EXIT_OK
    if not found.passages:
        print("no matching passages")
    for n, hit in enumerate(found.passages, start=1):
        where = section_label(list(hit.section), hit.document) or "(top)"
        pages = f", {pages_label(list(hit.pages))}" if hit.pages else ""
        print(f"{n}. {hit.document}: {where}{pages}")
        print(f"   {Path(hit.source).name}, characters {hit.start}-{hit.end}, score {hit.score:.4f}")
        if hit.revision:
            print(f"   {hit.revision}")
        snippet = " ".join(hit.text.split())
        print(f"   {snippet[:300]}{'...' if len(snippet) > 300 else ''}")
    print(f"({found.timings_ms['total_ms']:.0f} ms)")
    return EXIT_OK


def _location(source: Any) -> str:
    where = section_label(source.section, source.document) or "(top)"
    page = f", {pages_label(source.pages)}" if source.pages else ""
    return f"{source.document}: {where}{page} ({Path(source.source).name}, characters {source.start}-{source.end})"


def cmd_ask(args: argparse.Namespace) -> int:
    from operator_assistant.core.answer.records import Answered, CardReady, TextGenerated

    if args.server:
        from operator_assistant.cli_server import client

        plant = client(args)
        _opened.append(plant)
        events = plant.ask(args.question, temperature=args.temperature, mode=args.mode, all_revisions=args.all_revisions)
        reranker = lambda: plant.reranker or "none installed"
    else:
        workspace = _workspace(args)
        if workspace.chunk_count() == 0:
            raise UserError("the index is empty", "add documents with `operator-assistant ingest PATH`")
        assistant = workspace.assistant
        events = assistant.ask(args.question, temperature=args.temperature, mode=args.mode,
                               all_revisions=args.all_revisions)
        reranker = lambda: assistant.reranker.name if assistant.reranker.is_model else "none installed"
    answer, streamed = None, False
    for event in events:
        if args.json:
            answer = event.answer if isinstance(event, Answered) else answer
        elif isinstance(event, CardReady):
            # the documents' own words first, at once; the model's wording (if any) follows
            print(event.card.as_text(), flush=True)
            if refs := _cell_refs(event.card):
                print(f"Cells: {refs}", flush=True)
        elif isinstance(event, TextGenerated):
            if not streamed:
                print("\nModel's wording (checking...): ", end="")
                streamed = True
            print(event.text, end="", flush=True)
        elif isinstance(event, Answered):
            answer = event.answer
    assert answer is not None
    if answer.audit_warning:
        print(f"warning: {answer.audit_warning}", file=sys.stderr)
    if args.json:
        _print_json(answer.to_json())
        return EXIT_OK
    if streamed:
        print()
        print(f"Model's wording: {answer.wording}" if answer.wording else answer.wording_note or
              "The model's wording was left out.")
    elif answer.wording_note:
        print(answer.wording_note)
    if answer.refused:
        print(answer.text)
        if answer.unfamiliar:
            print(f"\nNo indexed document mentions: {', '.join(answer.unfamiliar)}")
        if answer.refusal_reason:
            print(f"\n{answer.refusal_reason}")
        if answer.closest:
            print("\nClosest sections in the documents:")
            for source in answer.closest:
                print(f"  - {_location(source)}")
    else:
        print("\nSources:")
        for source in answer.citations:
            print(f"  [{source.number}] {_location(source)}")
    t = answer.timings
    print(f"\n(retrieval {t.get('retrieve_ms', 0):.0f} ms, card {t.get('card_ms', 0):.0f} ms, "
          f"first token {t.get('first_token_ms', 0):.0f} ms, total {t.get('total_ms', 0):.0f} ms; "
          f"reranker: {reranker()})")
    return EXIT_OK


def _cell_refs(card: Card, most: int = 24) -> str:
    """Where a spreadsheet card's cells are in their sheets ("Setpoints!B5, Setpoints!C5"); "" for other cards."""
    refs = list(dict.fromkeys(c.ref for c in card.cells if c.ref))
    return ", ".join(refs[:most]) + (f", ... ({len(refs) - most} more)" if len(refs) > most else "")


def cmd_calibrate(args: argparse.Namespace) -> int:
    from operator_assistant.evaluation.golden import load_golden

    if args.file is not None and not args.file.is_file():
        raise UserError(f"no question file at {args.file}", "give the path of a golden JSONL file")
    change = "changing the refusal threshold"
    if args.server:
        from operator_assistant.cli_server import remote_job

        # the questions travel as text; without FILE the server uses its own bundled golden questions
        golden = args.file.read_text(encoding="utf-8") if args.file is not None else None
        found = remote_job(args, change, lambda plant: plant.start_calibrate(golden))
        if found is None:
            return EXIT_CANCELLED
        result, where = found, f"on the plant server {args.server}"
    else:
        import dataclasses

        workspace = _workspace(args)
        _require_admin(workspace, change)
        result = dataclasses.asdict(workspace.calibrate(load_golden(args.file or golden_questions())))
        where = f"in {workspace.settings.data_dir}"
    embedder = f" with embedder {result['embedder']}" if result.get("embedder") else ""
    print(f"refusal threshold {result['threshold']:.4f} on {result['signal']}{embedder}, stored with the index {where}")
    print(f"  not-in-corpus refused: {result['not_in_corpus_refused']}/{result['not_in_corpus']} "
          f"(leave-one-out {result['loo_not_in_corpus_refused']}/{result['not_in_corpus']})")
    print(f"  answerable refused:    {result['answerable_refused']}/{result['answerable']} "
          f"(leave-one-out {result['loo_answerable_refused']}/{result['answerable']})")
    return EXIT_OK


def _find_documents(docs: list[Any], name: str) -> list[Any]:
    wanted = str(Path(name).expanduser().resolve()) if Path(name).exists() else None
    match = [d for d in docs if d.source == wanted or Path(d.source).name == name or d.title == name]
    if not match:
        raise UserError(f"no indexed document matches {name!r}", "see `operator-assistant status` for the list")
    return match


def cmd_conflicts(args: argparse.Namespace) -> int:
    from operator_assistant.folder.wire import conflict_to_json

    if args.action in ("settle", "reopen"):
        if args.server:
            from operator_assistant.cli_server import client
            from operator_assistant.remote.folder import RemoteFolder

            folder: DataFolder = RemoteFolder(_settings(args), client(args, admin="settling a conflict"))
            _opened.append(folder)
        else:
            folder = _workspace(args)
            _require_admin(folder, "settling a conflict")
        done = folder.settle_conflict(args.key, args.action == "settle", args.note)
        print(f"{done.key}: {'settled' if done.settled else 'open again'}")
        return EXIT_OK
    found = _folder(args).conflicts()
    if args.json:
        _print_json([conflict_to_json(c) for c in found])
        return EXIT_OK
    if not found:
        print("No conflicts found between current documents.")
        return EXIT_OK
    open_count = sum(1 for c in found if not c.settled)
    print(f"{len(found)} conflict{'s' if len(found) != 1 else ''} ({open_count} open)")
    for c in found:
        mark = f"  [settled by {c.settled_by}{': ' + c.note if c.note else ''}]" if c.settled else ""
        print(f"\n{c.key}  {c.first.subject}{mark}")
        for fact in (c.first, c.second):
            name = fact.number or Path(fact.source).name
            page = f", p. {fact.pages[0]}" if len(fact.pages) == 1 else ""
            print(f"  {fact.value:<14} {name}{page}: {fact.text}")
    return EXIT_OK


def cmd_revision_diff(args: argparse.Namespace) -> int:
    from operator_assistant.folder.records import SECTION_RENAMED
    from operator_assistant.folder.wire import diff_to_json

    diff = _folder(args).revision_diff(args.number, args.older, args.newer)
    if args.json:
        _print_json(diff_to_json(diff))
        return EXIT_OK
    print(diff.heading)
    print(f"  from {Path(diff.old_source).name}, to {Path(diff.new_source).name}")
    if not diff.changes:
        print("No changes found.")
        return EXIT_OK
    print(f"{len(diff.changes)} change{'s' if len(diff.changes) != 1 else ''}")
    section = None
    for change in diff.changes:
        if change.section != section:
            section = change.section
            print(f"\n{section}")
        print(f"  {change.summary}")
        for mark, place in (("-", change.old), ("+", change.new)):
            if place is not None and change.kind != SECTION_RENAMED:
                page = f"  (p. {place.pages[0]})" if len(place.pages) == 1 else ""
                print(f"    {mark} {place.text}{page}")
    return EXIT_OK


def cmd_revisions(args: argparse.Namespace) -> int:
    if args.action == "diff":
        return cmd_revision_diff(args)
    workspace = _workspace(args)
    if args.action in ("set", "clear"):
        _require_admin(workspace, "correcting a document's identity")
        docs = [d for d in _find_documents(workspace.documents(), args.name) if d.status == "indexed"]
        if len(docs) != 1:
            raise UserError(f"{args.name!r} matches {len(docs)} indexed documents", "give its file path")
        if args.action == "clear":
            status = workspace.correct_identity(docs[0].doc_id, clear=True)
        else:
            if args.number is None and args.revision is None and args.effective is None:
                raise UserError("nothing to set", "give --number, --revision or --effective")
            status = workspace.correct_identity(docs[0].doc_id, args.number, args.revision, args.effective)
        print(f"{Path(docs[0].source).name}: {status.label or 'no number, revision or effective date'}")
        return EXIT_OK
    statuses = workspace.revisions()
    by_id = {d.doc_id: d for d in workspace.documents()}
    rows: list[Json] = []
    for doc_id, s in sorted(statuses.items(), key=lambda item: (item[1].number or "~", str(item[1].in_force_from))):
        rows.append({"source": by_id[doc_id].source, "title": by_id[doc_id].title, "number": s.number,
                     "revision": s.revision, "effective": s.effective.isoformat() if s.effective else None,
                     "status": s.status_text, "read_from": s.found_in, "corrected": s.corrected, "label": s.label})
    if getattr(args, "json", False):
        _print_json(rows)
        return EXIT_OK
    for listed in rows:
        print(f"{listed['number'] or '-':<16} {('Rev ' + listed['revision']) if listed['revision'] else '-':<8} "
              f"{listed['effective'] or '-':<10}  {listed['status'] or '-':<26} {Path(listed['source']).name}"
              + ("  (corrected by admin)" if listed["corrected"] else ""))
    return EXIT_OK


def cmd_status(args: argparse.Namespace) -> int:
    from operator_assistant.folder.wire import status_from_json, status_to_json

    server: Json | None = None
    if args.server:
        from operator_assistant.cli_server import client

        with client(args) as plant:
            data = plant.status()  # as sent: with the server's version and running job
        info, server = status_from_json(data), data.get("server")
    else:
        info = _workspace(args, audit=False).status()  # reads only
        data = status_to_json(info)
    if args.json:
        _print_json(data)
        return EXIT_OK
    _print_status(info, server, args.server)
    return EXIT_OK


def _print_status(info: FolderStatus, server: Json | None, url: str | None) -> None:
    health, docs = info.index, info.documents
    indexed = [d for d in docs if d.status == "indexed"]
    if server is not None:
        job = server["job"]
        print(f"plant server: {url} (Operator Assistant {server['version']}, API {server['api']})"
              + (f"; running: {job['kind']} job {job['id']}" if job else ""))
    if info.data_dir is not None:  # a plant server tells a console where it keeps them only in admin mode
        print(f"data dir:   {info.data_dir}")
        print(f"models dir: {info.models_dir}")
    print(f"documents:  {len(indexed)} indexed, {len(docs) - len(indexed)} failed; chunks: {health.chunks}")
    for d in docs:
        state = f"{d.chunks:>4} chunks" if d.status == "indexed" else "FAILED"
        print(f"  {state}  {d.format:<8} {Path(d.source).name}" + (f"  -- {d.error}" if d.error else "")
              + (f"  ({d.ocr_note})" if d.ocr_note else ""))
    print(f"index:      {'consistent' if health.consistent else 'NEEDS ATTENTION'} "
          f"(manifest {health.chunks}, dense {health.dense_vectors}, BM25 {health.lexical_chunks}); "
          f"built with {health.embedder or '-'}")
    for problem in health.problems:
        print(f"  {problem}")
    print("models:")
    for row in info.models:
        print(f"  {row.role:<9} {row.name}: {row.state}")
    print(f"  embedder in use: {info.embedder_configured}; language model: {info.llm_configured}")
    reranker = info.reranker != "no reranker installed"
    print(f"  reranker: {info.reranker}" + ("" if reranker else " (answers use the hybrid search order)"))
    refusal = info.refusal
    if refusal.calibrated:
        print(f"refusal:    threshold {float(refusal.threshold or 'nan'):.4f} on {refusal.signal}"
              f" with embedder {refusal.embedder} (calibrated)")
    elif refusal.stale:  # a server of an older version does not send it
        print(f"refusal:    default threshold; {refusal.stale}")
    else:
        print("refusal:    default threshold (run `operator-assistant calibrate`)")


CONSOLE_FIELDS = ("console", "claimed_host", "claimed_user", "console_host", "console_user")
# shown escaped by `audit show`: a console's claimed name or a question may carry a right-to-left override or
# a control character that would make a record read as something else on the admin's terminal
_HIDDEN = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def escape_hidden(text: str) -> str:
    """`text` with control characters and bidirectional overrides written as \\uXXXX (valid in JSON too)."""
    return _HIDDEN.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _audit_who(record: Json) -> str:
    """Who a record is against: the OS user here, or the console (its token's name) a plant server's request came
    from, with the user and host it claimed (older records: console_user, console_host)."""
    if "console" in record:
        user = record.get("claimed_user", record.get("console_user", "?"))
        host = record.get("claimed_host", record.get("console_host", "?"))
        return f"{record['console']} (claims {user}@{host})"
    return str(record.get("user", "?"))


def cmd_audit(args: argparse.Namespace) -> int:
    if args.action == "archive":
        return _audit_archive(args)
    if args.server:
        from operator_assistant.cli_server import client

        if args.action == "verify" and args.archive:
            raise UserError("`audit verify --archive` runs on the plant server itself, where the archive is",
                            "run `operator-assistant --data-dir DIR audit verify --archive ARCHIVE` on the server")
        with client(args, admin="reading the plant server's audit log") as plant:
            if args.action == "show":
                records = plant.audit_records(max(args.tail, 0))
            else:
                checked = plant.verify_audit()
    else:
        audit = _workspace(args, audit=False).audit
        if args.action == "show":
            records = audit.tail(max(args.tail, 0))
        else:
            last = audit.tail(1)
            checked = {**audit.verify(args.archive).to_json(), "folder": str(audit.folder),
                       "last": last[0] if last else None}
    if args.action == "show":
        for record in records:
            if args.json:
                print(escape_hidden(json.dumps(record, ensure_ascii=False)))
                continue
            detail = {k: v for k, v in record.items()
                      if k not in ("seq", "time", "user", "event", "prev", "file_start", *CONSOLE_FIELDS)}
            print(escape_hidden(f"{record.get('seq', '?'):>6} {record.get('time', '?')} {_audit_who(record):<12} "
                                f"{record.get('event', '?'):<12} {json.dumps(detail, ensure_ascii=False)}"))
        return EXIT_OK
    server = f" on the plant server {args.server}" if args.server else ""
    for note in checked["notes"]:
        print(f"note: {note}")
    if checked["ok"]:
        print(f"audit log intact: {checked['lines']} record(s) in {len(checked['files'])} file(s) in {checked['folder']}{server}")
        last = checked["last"]
        if last:
            print(escape_hidden(f"  last record: {last.get('seq', '?')} at {last.get('time', '?')}, "
                                f"{last.get('event', '?')} by {_audit_who(last)}"))
        return EXIT_OK
    problem = checked["problem"]
    assert problem is not None  # a log that is not intact names where it broke
    gone = checked.get("gone")
    if checked.get("incomplete") and gone:  # the chain left is whole; what it began with is gone
        print(f"audit log INCOMPLETE in {checked['folder']}{server}: {problem['reason']}", file=sys.stderr)
        print(f"  ({checked['lines']} record(s) kept, from {gone['kept_from'] or '?'}, are intact)", file=sys.stderr)
        return EXIT_FAILED_FILES
    print(f"audit log BROKEN at {Path(checked['folder']) / problem['file']}{server}, line {problem['line']}: "
          f"{problem['reason']}", file=sys.stderr)
    print(f"  ({checked['lines']} record(s) read before the check stopped)", file=sys.stderr)
    return EXIT_FAILED_FILES


def _audit_archive(args: argparse.Namespace) -> int:
    if args.server:
        raise UserError("`audit archive` runs on the plant server itself: it copies the server's audit files",
                        "run `operator-assistant --data-dir DIR audit archive ARCHIVE` on the server")
    from operator_assistant.cli_admin import require_admin
    from operator_assistant.core.audit import AuditLog

    settings = _settings(args)
    require_admin(settings, "archiving the audit log")
    audit = AuditLog.for_settings(settings)
    copied = audit.archive(args.folder)
    if not copied:
        print(f"nothing to archive: every closed audit file in {audit.folder} is archived already")
        return EXIT_OK
    print(f"archived {len(copied)} closed audit file(s), records {copied[0].first_seq}-{copied[-1].last_seq} "
          f"({copied[0].first_time} to {copied[-1].last_time}), to {args.folder}")
    print(f"  retention may now remove them once they are older than audit_keep_days ({settings.audit_keep_days:g})")
    return EXIT_OK


def _work_dir(args: argparse.Namespace, name: str) -> Path:
    if args.work_dir:
        return args.work_dir
    import platformdirs

    return Path(platformdirs.user_cache_dir("operator-assistant", appauthor=False)) / "eval" / name


@dataclass(frozen=True)
class ScoredIndex:
    """Which index an evaluation scored: its folder, the documents folder it holds, its size."""

    data_dir: str
    corpus: str | None  # None for a BEIR set, which is not a folder of documents
    documents: int
    chunks: int
    embedder: str

    @classmethod
    def of(cls, workspace: LocalFolder, corpus: Path | None = None) -> ScoredIndex:
        docs = [d for d in workspace.documents() if d.status == "indexed"]
        return cls(str(workspace.settings.data_dir), str(corpus) if corpus else None, len(docs),
                   workspace.chunk_count(), workspace.settings.embedder)

    def to_json(self) -> dict[str, object]:
        return {"data_dir": self.data_dir, **({"corpus": self.corpus} if self.corpus else {}),
                "documents": self.documents, "chunks": self.chunks, "embedder": self.embedder}

    def line(self) -> str:
        held = f"{self.documents} documents" + (f" from {self.corpus}" if self.corpus else "")
        return f"index scored: {self.data_dir} ({held}, {self.chunks} chunks)"


def cmd_eval(args: argparse.Namespace) -> int:
    from operator_assistant.evaluation.beir import index_beir, load_beir, run_beir
    from operator_assistant.evaluation.golden import load_golden, run_golden

    if args.data_dir is not None:
        # an evaluation scores a scratch index of its own; the data folder named would not be the one scored
        where = "--beir DIR" if args.action == "retrieval" else "--corpus DIR (default: FILE's folder/documents)"
        raise UserError(f"`eval {args.action}` does not use --data-dir: it indexes {where} into a scratch folder",
                        "leave --data-dir out; --work-dir DIR says where that index is kept")
    if args.action == "retrieval":
        beir = load_beir(args.beir)
        workspace = _workspace(args, _work_dir(args, f"beir-{args.beir.resolve().name}-{beir.fingerprint[:12]}"),
                               audit=False)
        engine = workspace.engine
        started = time.perf_counter()
        built = index_beir(engine, beir, progress=None)
        index_seconds = time.perf_counter() - started

        reranker = workspace.assistant.reranker  # the app's own, as configured
        result = run_beir(engine, beir, reranker=reranker)
        index = ScoredIndex.of(workspace)
        if args.json:
            _print_json({**result.metrics["hybrid"], "systems": result.metrics, "latency": result.latency_ms.to_json(),
                         "queries": result.queries, "documents": result.documents, "chunks": result.chunks,
                         "index_seconds": round(index_seconds, 1) if built else None, "index_reused": not built,
                         "data_dir": str(engine.settings.data_dir), "index": index.to_json()})
        else:
            print(index.line())
            print(f"{result.queries} queries, {result.documents} documents, {result.chunks} chunks"
                  + (f" (indexed in {index_seconds:.0f} s)" if built else " (index reused)"))
            print(f"{'system':<14} {'nDCG@10':>8} {'R@10':>7} {'R@100':>7} {'MRR@10':>7}")
            for system, m in result.metrics.items():
                print(f"{system:<14} {m['ndcg@10']:>8.4f} {m['recall@10']:>7.4f} {m['recall@100']:>7.4f} {m['mrr@10']:>7.4f}")
            print(f"rerank stage: {reranker.name if reranker.is_model else 'no reranker installed (hybrid order kept)'}")
            print(f"latency per query: p50 {result.latency_ms.p50_ms} ms, p95 {result.latency_ms.p95_ms} ms")
        return EXIT_OK
    if not args.file.is_file():
        raise UserError(f"no question file at {args.file}", "give the path of a golden JSONL file")
    questions = load_golden(args.file)
    corpus = (args.corpus or args.file.parent / "documents").resolve()
    if not corpus.is_dir():
        raise UserError(f"no documents folder at {corpus}",
                        "give the documents the questions are about with --corpus DIR "
                        "(default: the folder `documents` beside FILE)")
    # Evaluation is not operator use: its questions come from a file, hundreds per run, in a scratch index.
    import hashlib

    # one scratch index per documents folder: two corpora never mix in one evaluation
    corpus_key = hashlib.sha256(str(corpus).encode()).hexdigest()[:12]
    workspace = _workspace(args, _work_dir(args, f"golden-{corpus_key}"), audit=False)
    workspace.ingest([corpus])
    others = [d.source for d in workspace.documents() if not Path(d.source).is_relative_to(corpus)]
    if others:
        raise UserError(f"the index in {workspace.settings.data_dir} also holds {len(others)} document(s) from "
                        f"outside {corpus} (e.g. {others[0]}); scoring it would mix two corpora",
                        "give another --work-dir, or none for a scratch folder per corpus")
    index = ScoredIndex.of(workspace, corpus)
    if args.action == "answers":
        return _eval_answers(args, workspace, questions, index)
    out = run_golden(workspace.engine, questions)
    if args.json:
        _print_json({**out.to_json(rows=False), "index": index.to_json()})
        return EXIT_OK
    print(index.line())
    print(f"{out.questions} questions ({out.answerable} answerable, {out.not_in_corpus} not in corpus)")
    print(f"Recall@5 {out.recall:.4f}  Recall@1 {out.recall_at_1:.4f}  MRR@10 {out.mrr_at_10:.4f}  "
          f"section Recall@5 {out.section_recall:.4f}  keywords in top 5 {out.keywords_in_top:.4f}")
    for kind, found in out.by_kind.items():
        print(f"  {kind:<11} {found.questions:>3} questions  Recall@5 {found.recall:.4f}")
    for miss in out.misses:
        print(f"  miss: {miss.id} ({miss.kind}) rank {miss.rank}, top file {miss.top_file}")
    print(f"latency: p50 {out.latency.p50_ms} ms, p95 {out.latency.p95_ms} ms")
    return EXIT_OK


def _eval_answers(args: argparse.Namespace, workspace: LocalFolder, questions: list[GoldenQuestion],
                  index: ScoredIndex) -> int:
    from operator_assistant.evaluation.answers import run_answers

    assistant = workspace.assistant
    out = run_answers(assistant, questions, temperature=0.0, mode=args.mode,
                                 progress=None if args.json else lambda n, total: print(f"\r{n}/{total}", end="", flush=True))
    reranker = assistant.reranker.name if assistant.reranker.is_model else "none installed"
    threshold, calibrated = assistant.threshold()
    mode = args.mode or workspace.settings.answer_mode
    if args.json:
        _print_json({**out.to_json(), "reranker": reranker, "threshold": {"value": threshold, "calibrated": calibrated},
                     "mode": mode, "index": index.to_json()})
        return EXIT_OK
    if args.rows:
        for r in out.rows:
            mark = "ok " if r.answer_correct else ("REF" if r.refused else "-- ")
            print(f"\n{mark} {r.id} ({r.kind}, card {r.card}, evidence {r.evidence:.3f}, cited {list(r.cited)})")
            print("    " + r.answer.replace("\n", "\n    "))
            if r.wording_note:
                print(f"    note: {r.wording_note}")
            if r.unsupported:
                print(f"    UNSUPPORTED: {list(r.unsupported)}")
            if r.refusal_reason:
                print(f"    reason: {r.refusal_reason}")
    lat = out.latency
    total = out.overall
    print(f"\r{index.line()}")
    print(f"{total.questions} questions ({out.answerable} answerable, {out.not_in_corpus} not in corpus); "
          f"mode {mode}; reranker: {reranker}; threshold {threshold or 0:.3f}"
          f" ({'calibrated' if calibrated else 'default'})")
    _print_kinds([("all", total), *out.by_kind.items()])
    for split, metrics in out.by_split.items():
        print(f"split {split}:")
        _print_kinds([("all", metrics), *out.by_split_kind[split].items()])
    if out.not_listed:
        print(f"not-listed codes answered 'not listed': {out.not_listed_said}/{out.not_listed}")
    print(f"answer correct, number+identifier {out.answer_correct_number_identifier}")
    print(f"refused: not in corpus {total.refused_not_in_corpus or 0:.3f}, answerable {total.refused_answerable or 0:.3f}")
    print(f"words shown, non-procedure mean {out.words_shown_non_procedure_mean:.1f}; cards {out.cards}; "
          f"model wording shown {out.wording_shown}, left out {out.wording_left_out}")
    print(f"card p50/p95                 {lat.card.p50_ms:.0f} / {lat.card.p95_ms:.0f} ms")
    print(f"first token p50/p95          {lat.first_token.p50_ms:.0f} / {lat.first_token.p95_ms:.0f} ms")
    print(f"total p50/p95                {lat.total.p50_ms:.0f} / {lat.total.p95_ms:.0f} ms")
    return EXIT_OK


def _print_kinds(metrics: Sequence[tuple[str, Any]]) -> None:
    print(f"{'kind':<14} {'n':>3} {'correct':>8} {'cited':>6} {'refused':>8} {'unsupported':>11} {'words':>6} {'p95':>5}")
    nan = float("nan")
    for kind, m in metrics:
        refused = next((v for v in (m.refused_answerable, m.refused_not_in_corpus) if v is not None), 0.0)
        words = m.words_shown
        print(f"{kind:<14} {m.questions:>3} {nan if m.answer_correct is None else m.answer_correct:>8.3f} "
              f"{nan if m.citation_accuracy is None else m.citation_accuracy:>6.3f} {refused:>8.3f} "
              f"{m.shown_unsupported_values:>11} {words.mean if words else 0:>6.1f} {words.p95 if words else 0:>5}")


def cmd_serve(args: argparse.Namespace) -> int:
    from operator_assistant.cli_server import cmd_serve as run_serve

    return run_serve(args, _settings(args))


COMMANDS = {"serve": cmd_serve, "models": cmd_models, "ingest": cmd_ingest, "remove": cmd_remove, "reindex": cmd_reindex,
            "search": cmd_search, "ask": cmd_ask, "calibrate": cmd_calibrate, "status": cmd_status,
            "eval": cmd_eval, "admin": cmd_admin, "audit": cmd_audit, "revisions": cmd_revisions,
            "conflicts": cmd_conflicts}


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    console_only = install_role() == CONSOLE
    try:
        if args.self_test:
            if console_only or args.server:
                from operator_assistant.selftest import run_console_self_test

                passed = run_console_self_test(args.server, args.token, args.server_ca)
                return EXIT_OK if passed else EXIT_FAILED_FILES
            from operator_assistant.selftest import run_self_test

            return EXIT_OK if run_self_test(args.models_dir) else EXIT_FAILED_FILES
        if args.server:
            from operator_assistant.cli_server import refuse_unless_remote

            refuse_unless_remote(args)
        if args.command is None:
            from operator_assistant.config import remembered_server

            server = args.server or remembered_server()  # --server, else the one chosen in Settings
            if server is None and console_only:
                from operator_assistant.cli_server import refuse_embedded

                refuse_embedded(args)
            from operator_assistant.gui.app import run_gui

            return run_gui(_settings(args), (server, args.token, args.server_ca) if server else None)
        if console_only and not args.server:
            from operator_assistant.cli_server import refuse_embedded

            refuse_embedded(args)
        return COMMANDS[args.command](args)
    except UserError as exc:
        if sys.stderr is None:  # the window program on Windows has no console to print to
            from operator_assistant.gui.errors import show_startup_error

            show_startup_error(exc)
            return EXIT_USER_ERROR
        print(f"error: {exc.message}", file=sys.stderr)
        if exc.hint:
            print(f"  {exc.hint}", file=sys.stderr)
        return EXIT_USER_ERROR
    except (Cancelled, KeyboardInterrupt):
        print("cancelled", file=sys.stderr)
        return EXIT_CANCELLED
    finally:
        while _opened:
            _opened.pop().close()
