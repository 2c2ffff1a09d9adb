"""The audit log as the real app writes it: questions through the CLI, corpus changes through the engine."""

import json
import shutil

from operator_assistant.cli import main
from operator_assistant.core.audit import AuditLog
from tests.conftest import SAMPLE_DOCS
from tests.support.engines import MODELS, make_engine

QUESTION = "What is the high discharge pressure alarm setpoint for booster pump B-2?"


def records(data_dir) -> list[dict]:
    return [json.loads(line) for line in (data_dir / "audit" / "audit.jsonl").read_text(encoding="utf-8").splitlines()]


def test_questions_and_corpus_changes_are_recorded_and_verified(tmp_path, embedder, capsys):
    docs, data = tmp_path / "docs", tmp_path / "data"
    docs.mkdir()
    for name in ("booster-station-b-om-manual.pdf", "filter-backwash-procedure.md"):
        shutil.copy(SAMPLE_DOCS / name, docs / name)
    engine = make_engine(data, embedder)
    engine.ingest([docs])
    manifest_hashes = {d.source: d.content_hash for d in engine.store.manifest.documents()}

    assert main(["--data-dir", str(data), "--models-dir", str(MODELS), "ask", QUESTION, "--temperature", "0",
                 "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert not answer["refused"] and answer["citations"]

    ingest, question = records(data)
    assert ingest["event"] == "ingest" and ingest["paths"] == [str(docs)]
    assert ingest["counts"] == {"added": 2}
    assert {d["source"]: d["sha256"] for d in ingest["documents"]} == manifest_hashes
    assert question["event"] == "question" and question["question"] == QUESTION[:80]
    assert question["refused"] is False
    cited = {c["source"]: c["sha256"] for c in question["cited"]}
    assert cited and cited == {c["source"]: manifest_hashes[c["source"]] for c in answer["citations"]}
    assert question["models"]["llm"].endswith(")") and ".gguf" in question["models"]["llm"]
    assert question["models"]["embedder"] == embedder.model_id and question["models"]["reranker"] == "none"
    assert question["index"]["chunks"] == engine.store.manifest.chunk_count()
    assert question["latency_ms"] > 0
    raw = (data / "audit" / "audit.jsonl").read_text(encoding="utf-8")
    assert answer["answer"] not in raw
    assert all(c["text"][:60] not in raw for c in answer["citations"])  # no retrieved passage either

    removed = next(d for d in engine.store.manifest.documents() if d.source.endswith(".md"))
    engine.remove([removed.doc_id])
    assert records(data)[-1]["event"] == "remove"
    assert records(data)[-1]["documents"][0]["sha256"] == removed.content_hash
    engine.close()

    assert main(["--data-dir", str(data), "audit", "verify"]) == 0
    assert "3 record(s)" in capsys.readouterr().out

    path = data / "audit" / "audit.jsonl"
    path.write_text(path.read_text(encoding="utf-8").replace('"refused":false', '"refused":true'), encoding="utf-8")
    assert AuditLog(data / "audit").verify().problem.line == 2
    assert main(["--data-dir", str(data), "audit", "verify"]) == 1
    err = capsys.readouterr().err
    assert "audit.jsonl, line 2" in err and "changed" in err
