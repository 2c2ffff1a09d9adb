"""The int8 export's record: a file that does not match it, or weights it was not made from, are refused."""

import hashlib
import json
from dataclasses import asdict
from pathlib import Path

import pytest

from operator_assistant.core.embedding_export import (
    INT8,
    RECORD_FILE,
    ExportRecord,
    export_problems,
    prepare_export,
    verified_record,
)
from operator_assistant.core.models import ResolvedModel
from operator_assistant.errors import ModelError

DATA = b"not really onnx, but hashed like it" * 100


def make_export(tmp_path: Path, **changes) -> ResolvedModel:
    model = ResolvedModel("mini", "embedder", tmp_path / "mini", "mini@abc", True)
    folder = model.path / INT8.folder
    folder.mkdir(parents=True)
    (folder / "model.onnx").write_bytes(DATA)
    record = ExportRecord(recipe=INT8.recipe, source_model_id="mini@abc", file="model.onnx",
                          sha256=hashlib.sha256(DATA).hexdigest(), inputs=["input_ids", "attention_mask"],
                          dimension=4, max_seq_length=16, versions={})
    (folder / RECORD_FILE).write_text(json.dumps(asdict(record) | changes), encoding="utf-8")
    return model


def test_a_matching_export_is_accepted(tmp_path: Path):
    model = make_export(tmp_path)
    record = verified_record(model, INT8)
    assert record is not None and record.source_model_id == model.model_id


def test_no_export_means_the_torch_path(tmp_path: Path):
    model = ResolvedModel("mini", "embedder", tmp_path / "mini", "mini@abc", True)
    assert verified_record(model, INT8) is None


def test_a_damaged_export_is_refused(tmp_path: Path):
    model = make_export(tmp_path)
    (model.path / INT8.folder / "model.onnx").write_bytes(DATA[:-1] + b"!")
    with pytest.raises(ModelError, match="sha256 does not match"):
        verified_record(model, INT8)


@pytest.mark.parametrize(("changes", "reason"), [
    ({"source_model_id": "mini@other"}, "made from other weights"),
    ({"recipe": "old/0"}, "older recipe"),
    ({"file": "gone.onnx"}, "missing"),
])
def test_a_stale_export_is_refused(tmp_path: Path, changes: dict, reason: str):
    model = make_export(tmp_path, **changes)
    problems = export_problems(model, ExportRecord(**json.loads((model.path / INT8.folder / RECORD_FILE).read_text())), INT8)
    assert any(reason in p for p in problems)
    with pytest.raises(ModelError):
        verified_record(model, INT8)


def test_an_unreadable_record_is_refused(tmp_path: Path):
    model = make_export(tmp_path)
    (model.path / INT8.folder / RECORD_FILE).write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelError, match="unreadable"):
        verified_record(model, INT8)


def test_a_folder_that_is_not_a_sentence_transformer_gets_no_export(tmp_path: Path):
    model = ResolvedModel("tiny", "embedder", tmp_path / "tiny", "tiny@abc", True)
    model.path.mkdir()
    (model.path / "config.json").write_text("{}", encoding="utf-8")
    messages: list[str] = []
    assert prepare_export(model, messages.append, INT8) is None
    assert not (model.path / INT8.folder).exists()


def test_an_export_for_a_folder_that_cannot_be_written_goes_to_the_users_cache(tmp_path: Path, monkeypatch):
    from operator_assistant.core import embedding_export
    from operator_assistant.core.embedding_export import FP32, export_dir

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    model = make_export(tmp_path)  # its int8 export is there: it is used where it is
    monkeypatch.setattr(embedding_export.os, "access", lambda path, mode: False)  # a read-only bundle
    assert export_dir(model, INT8) == model.path / INT8.folder
    fp32 = export_dir(model, FP32)  # not made yet: made in the cache, under the weights' id
    assert fp32.parent.name == "mini-abc" and fp32.is_relative_to(tmp_path / "cache")
