"""Ideas written once (issue 13): the OS user, units, the embedded text, defaults, the TOML writer, sentences."""

import dataclasses
import getpass
import inspect
import tomllib
from pathlib import Path

import pytest

from operator_assistant.config import Settings, load_settings, location_file, remember_data_dir, save_settings
from operator_assistant.core import ingest
from operator_assistant.core.answer.claims import claims_in, sentences
from operator_assistant.core.answer.sentences import passage_sentences
from operator_assistant.core.audit import AuditLog
from operator_assistant.core.chunking import Chunk, ChunkParams, indexed_text
from operator_assistant.core.index.lock import WriterLock
from operator_assistant.core.index.manifest import ChunkRecord
from operator_assistant.core.os_account import os_user
from operator_assistant.core.retrieval.retriever import RetrievalParams
from operator_assistant.core.units import MEASUREMENT


@pytest.mark.parametrize("error", [KeyError("no passwd entry"), OSError("no login"), ImportError("no pwd")])
def test_a_missing_login_name_reads_as_the_uid_in_the_audit_log_and_the_lock(tmp_path: Path, monkeypatch, error):
    def fail() -> str:
        raise error

    monkeypatch.setattr(getpass, "getuser", fail)
    expected = os_user()
    assert expected.startswith("uid:") or expected == "unknown"
    assert AuditLog(tmp_path / "audit").append("test_event")["user"] == expected
    lock = WriterLock(tmp_path / "index")
    with lock.hold():
        holder = lock.holder()
        assert holder is not None and holder["user"] == expected


def test_the_chat_bolds_exactly_the_figures_the_check_reads_with_a_unit():
    text = "Alarm at 118 psi, dose 4 mg/L, 82 deg C for 30 minutes; 50% open; pump B-2; step 3 of 7."
    bolded = [m.group() for m in MEASUREMENT.finditer(text)]
    assert bolded == ["118 psi", "4 mg/L", "82 deg C", "30 minutes", "50%"]
    with_unit = [text[s:e] for kind, value, s, e in claims_in(text) if kind == "num" and not value.endswith("|")]
    assert with_unit == bolded


def test_chunk_record_and_reranker_read_the_same_text_the_chunker_indexed():
    chunk = Chunk(0, 0, 5, "Alarm", ("2.1",), (1,), "Manual > 2.1")
    record = ChunkRecord("d:0", "d", 0, 0, 5, ("2.1",), (1,), chunk.context, chunk.text, chunk.content_hash, "e")
    assert chunk.indexed_text == record.indexed_text == indexed_text("Manual > 2.1", "Alarm") == "Manual > 2.1\nAlarm"
    assert indexed_text("", "Alarm") == "Alarm"


def test_chunk_retrieval_and_batch_defaults_are_the_settings_defaults():
    settings = Settings(data_dir=Path(), models_dir=Path())
    assert ChunkParams() == ChunkParams(settings.chunk_target, settings.chunk_max, settings.chunk_overlap)
    assert dataclasses.asdict(RetrievalParams()) == {f: getattr(settings, f) for f in
                                                     ("candidates", "rrf_k", "dense_weight", "lexical_weight",
                                                      "identifier_weight", "reference_weight")}
    batches = {inspect.signature(ingest.Indexer).parameters["batch_chunks"].default,
               ingest.IngestRequest(()).batch_chunks}
    assert batches == {settings.ingest_batch_chunks}


def test_saved_settings_and_the_data_folder_choice_are_valid_toml(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    odd = 'C:\\Plant "North"\\models'
    save_settings(tmp_path, {"embedder": odd, "temperature": 0.25, "top_k": 4})
    written = (tmp_path / "config.toml").read_text(encoding="utf-8")
    assert written.startswith("# Operator Assistant settings")
    assert tomllib.loads(written) == {"embedder": odd, "temperature": 0.25, "top_k": 4}
    assert load_settings(data_dir=tmp_path).embedder == odd
    chosen = remember_data_dir(tmp_path / "data")
    assert tomllib.loads(location_file().read_text(encoding="utf-8")) == {"data_dir": str(chosen)}


def test_passage_sentences_are_the_one_splitters_sentences():
    text = "1. Close V-1 slowly. Then open V-2.\nThe pump stops at 125 psi! It restarts at 90 psi [1]. Ok."
    cut = sentences(text)
    # each piece is one of the splitter's sentences, or a run of them (a short one joins the one before it)
    assert {s for s, _ in passage_sentences(text)} <= {s for s, _ in cut}
    assert {e for _, e in passage_sentences(text)} <= {e for _, e in cut}
    assert [text[s:e] for s, e in sentences(text)] == [
        "1. Close V-1 slowly.", "Then open V-2.", "The pump stops at 125 psi!", "It restarts at 90 psi [1].", "Ok."]


def test_every_module_opens_with_a_docstring():
    import ast

    package = Path(__file__).resolve().parents[2] / "operator_assistant"
    missing = [str(p.relative_to(package)) for p in sorted(package.rglob("*.py"))
               if not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))]
    assert missing == []
