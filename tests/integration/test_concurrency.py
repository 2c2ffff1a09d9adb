"""Questions during ingestion, and two Operator Assistants on one data dir."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from operator_assistant.core.assistant import Answered, SourcesFound, open_assistant
from tests.conftest import TEST_ADMIN_PASSPHRASE
from tests.support.engines import MODELS, consistent, copy_sample, make_engine
from tests.support.processes import HOLD

QUERIES = [
    "oxygen range acceptable confined space entry",
    "VLV-3042-B exercising interval",
    "sodium hypochlorite delivery unloading",
    "confined space entry permit gas test",
    "filter backwash sequence",
    "emergency generator transfer switch",
]
ASK = "What oxygen range is acceptable before entering a confined space?"
# Small enough that a round of writes takes seconds on two shared cores; one of each format.
SMALL = ["valve-exercising-program.html", "sodium-hypochlorite-chlorination-sop.docx",
         "confined-space-entry.txt", "filter-backwash-procedure.md", "emergency-generator-operation.docx",
         "shift-handover-checklist.txt", "scada-system-overview.md"]


def _edit(folder: Path, round_no: int) -> None:
    """A new version of two documents, so the writer adds and removes chunks."""
    for name in ("shift-handover-checklist.txt", "scada-system-overview.md"):
        with open(folder / name, "a", encoding="utf-8") as f:
            f.write(f"\n\nRevision {round_no}: the night operator checks tank TK-{700 + round_no} level each hour.\n")


def test_questions_during_ingestion_see_a_consistent_index(tmp_path, docs, embedder):
    copy_sample(SMALL, docs)
    sample_copy = docs
    data = tmp_path / "data"
    writer = make_engine(data, embedder, ingest_batch_chunks=16)
    assert not writer.ingest([sample_copy]).failed
    reader = make_engine(data, embedder, llm_max_tokens=64)  # as in the window: its own connections, same embedder
    assistant = open_assistant(reader)
    errors: list[BaseException] = []
    done = threading.Event()
    runs = {"ingests": 0, "removals": 0, "searches": 0, "during_writes": 0, "checked": 0, "asks": 0}

    def write() -> None:
        try:
            round_no = 0
            # Keep writing until the reader has searched plenty while writes were under way.
            while round_no < 3 or (runs["during_writes"] < 20 and round_no < 8):
                _edit(sample_copy, round_no)
                assert not writer.ingest([sample_copy]).failed
                # Any document but the one the asks need: its answer must stay answerable.
                others = [d for d in writer.store.manifest.documents() if "confined" not in d.source]
                doc = others[round_no % len(others)]
                writer.store.remove_documents([doc.doc_id], embedder.model_id)
                runs["removals"] += 1
                assert not writer.ingest([sample_copy]).failed  # the removed file is still there: added back
                assert not writer.ingest([sample_copy], force=True).failed
                runs["ingests"] += 3
                round_no += 1
        except BaseException as exc:  # noqa: BLE001 - reported by the test thread
            errors.append(exc)
        finally:
            done.set()

    def read() -> None:
        manifest = reader.store.manifest
        try:
            while not done.is_set() or runs["asks"] < 2:
                if runs["searches"] in (5, 20) and runs["asks"] < 2:
                    events = list(assistant.ask(ASK, temperature=0.0))
                    sources = next(e.sources for e in events if isinstance(e, SourcesFound))
                    answer = next(e.answer for e in events if isinstance(e, Answered))
                    # The tiny model's wording varies as the index changes; what must hold is
                    # that the right passage was found and an answer came back.
                    assert Path(sources[0].source).name == "confined-space-entry.txt"
                    assert answer.text.strip()
                    runs["asks"] += 1
                query = QUERIES[runs["searches"] % len(QUERIES)]
                before = manifest.generation()
                result = reader.search(query, k=5)
                after_ids = {cid for cid, *_ in manifest.lexical_rows()}
                runs["searches"] += 1
                runs["during_writes"] += not done.is_set()
                assert result.hits, query
                for hit in result.hits:
                    assert hit.chunk.doc_id == hit.document.doc_id and hit.chunk.text
                if manifest.generation() == before:
                    # No write committed during this search: every hit and every BM25
                    # candidate is in the manifest as it stands.
                    assert {h.chunk.chunk_id for h in result.hits} <= after_ids
                    assert set(result.lexical_ids) <= after_ids
                    runs["checked"] += 1
        except BaseException as exc:  # noqa: BLE001 - reported by the test thread
            errors.append(exc)

    threads = [threading.Thread(target=write), threading.Thread(target=read)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    print(f"\nconcurrency runs: {runs}")
    assert not errors, errors  # includes any sqlite3.OperationalError "database is locked"
    assert runs["ingests"] >= 9 and runs["removals"] >= 3 and runs["asks"] == 2
    assert runs["during_writes"] >= 20 and runs["checked"] >= 1
    total = consistent(writer)
    assert consistent(reader) == total
    assert reader.search(QUERIES[0], k=1).hits


def _cli(data: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, OPERATOR_ASSISTANT_ADMIN_PASSPHRASE=TEST_ADMIN_PASSPHRASE)  # ingest needs admin
    return subprocess.run([sys.executable, "-m", "operator_assistant", "--data-dir", str(data), "--models-dir",
                           str(MODELS), *args], capture_output=True, text=True, timeout=300, env=env, check=False)


def _index_one_then_hold(data: Path, sample_copy: Path, embedder, script: str) -> subprocess.Popen:
    """Index one document, then start another process running `script` on the index; returns once it holds."""
    engine = make_engine(data, embedder)
    assert not engine.ingest([sample_copy / "alarm-response-procedures.md"]).failed
    engine.close()
    holder = subprocess.Popen([sys.executable, "-c", script, str(data / "index")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() in ("holding", "open")
    return holder


def test_second_instance_is_told_the_index_is_in_use_and_can_still_ask(tmp_path, sample_copy, embedder):
    data = tmp_path / "data"
    holder = _index_one_then_hold(data, sample_copy, embedder, HOLD)
    try:
        refused = _cli(data, "ingest", str(sample_copy))
        assert refused.returncode == 2, refused.stderr
        assert (f"error: the index is being changed by another Operator Assistant (pid {holder.pid}, user "
                in refused.stderr)
        assert "try again when it finishes" in refused.stderr
        searched = _cli(data, "search", "alarm acknowledge", "--k", "1")
        assert searched.returncode == 0, searched.stderr
        assert "alarm-response-procedures.md" in searched.stdout
        # A holder that dies (power cut) leaves no stale lock behind.
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
        again = make_engine(data, embedder)
        report = again.ingest([sample_copy / "confined-space-entry.txt"])
        assert not report.failed and report.count("added") == 1
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()


HOLD_WINDOW = """
import sys
from pathlib import Path
from operator_assistant.core.index.lock import claim_data_folder
claim = claim_data_folder(Path(sys.argv[1]), "window")
print("open", flush=True)
sys.stdin.readline()
"""


def test_index_changes_from_the_command_line_wait_for_an_open_window(tmp_path, sample_copy, embedder):
    """A window's vector search would not see another process's new documents, so while a window
    has the data folder open, command-line changes are refused by name; reading goes on."""
    data = tmp_path / "data"
    window = _index_one_then_hold(data, sample_copy, embedder, HOLD_WINDOW)
    try:
        for command in (["ingest", str(sample_copy)], ["remove", "alarm-response-procedures.md"], ["reindex"]):
            refused = _cli(data, *command)
            assert refused.returncode == 2, refused.stderr
            assert (f"error: this data folder is in use by an Operator Assistant window, pid {window.pid}, user "
                    in refused.stderr), refused.stderr
        searched = _cli(data, "search", "alarm acknowledge", "--k", "1")
        assert searched.returncode == 0 and "alarm-response-procedures.md" in searched.stdout
        window.stdin.write("\n")
        window.stdin.flush()
        window.wait(timeout=30)
        added = _cli(data, "ingest", str(sample_copy / "confined-space-entry.txt"))
        assert added.returncode == 0, added.stderr
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()
