"""The embedders' ONNX exports: built from the weights, verified on load, float32's vectors torch's own,
and the default way every embedder runs, so torch is not imported."""

import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from operator_assistant.core import models as models_module
from operator_assistant.core.chunking import ChunkParams, chunk_document
from operator_assistant.core.documents import load_document
from operator_assistant.core.embedding import OnnxEmbedder, SplitEmbedder, load_embedder
from operator_assistant.core.embedding_export import FP32, INT8, RECORD_FILE, export_dir, prepare_export, read_record
from operator_assistant.core.models import export_state, load_manifest, prepare_models, resolve_model, sha256_file
from operator_assistant.errors import ModelError
from tests.conftest import REPO, SAMPLE_DOCS
from tests.support.engines import MODELS, assert_switching_embedders_re_embeds, copy_sample, make_engine

NAME = "all-MiniLM-L6-v2"


def link_weights(models: Path, folder: str) -> Path:
    """The bundled weights in another models folder, as links (no copy of 90 MB)."""
    spec = next(s for s in load_manifest(MODELS) if s.name == NAME)
    for rel in spec.files:
        target = models / folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to((MODELS / spec.folder / rel).resolve())
    return models / folder


def new_models(tmp_path: Path) -> Path:
    models = tmp_path / "models"
    models.mkdir()
    shutil.copy(MODELS / "manifest.toml", models / "manifest.toml")
    return models


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A models folder with the manifest, the bundled embedder and both exports built here."""
    models = new_models(tmp_path_factory.mktemp("built"))
    link_weights(models, NAME)
    messages: list[str] = []
    prepare_models(models, messages.append)
    assert any(m.startswith(f"{NAME}: fp32 export built") for m in messages), messages
    assert any(m.startswith(f"{NAME}: int8 export built") for m in messages), messages
    return models


@pytest.fixture(scope="module")
def sample_chunks() -> list[str]:
    params = ChunkParams(1000, 1200, 0.15)
    names = ["alarm-response-procedures.md", "confined-space-entry.txt", "valve-exercising-program.html",
             "booster-station-b-om-manual.pdf"]
    return [c.indexed_text for n in names for c in chunk_document(load_document(SAMPLE_DOCS / n), params)]


@pytest.fixture(scope="module")
def torch_embedder(built: Path):
    return load_embedder(resolve_model(built, NAME, "embedder"), backend="torch")


@pytest.fixture(scope="module")
def onnx_embedder(built: Path):
    return load_embedder(resolve_model(built, NAME, "embedder"), backend="onnx")


def test_the_exports_are_made_from_the_bundled_weights_and_recorded(built: Path, onnx_embedder):
    model = resolve_model(built, NAME, "embedder")
    for kind in (FP32, INT8):
        record = read_record(model, kind)
        assert record is not None and record.source_model_id == model.model_id and record.recipe == kind.recipe
        assert sha256_file(built / NAME / kind.folder / record.file) == record.sha256
    assert export_state(model) == "fp32 export verified, int8 export verified"
    # float32: the model's own vectors, so the model's own id (an index built on torch is read as it is)
    assert isinstance(onnx_embedder, OnnxEmbedder) and onnx_embedder.backend == "onnx-fp32"
    assert onnx_embedder.model_id == model.model_id
    fast = load_embedder(model, backend="int8")
    assert fast.backend == "onnx-int8 passages, onnx-fp32 questions"
    # int8 vectors differ: the index records another id, so switching re-embeds
    assert fast.model_id.startswith(model.model_id + "+int8@")
    assert load_embedder(model, backend="auto").model_id == fast.model_id  # the earlier name of the option
    # nothing is rebuilt when the exports are intact
    messages: list[str] = []
    prepare_models(built, messages.append)
    assert messages == [f"{NAME}: fp32 export present and verified", f"{NAME}: int8 export present and verified"]


def test_float32_vectors_are_torchs(onnx_embedder, torch_embedder, sample_chunks: list[str]):
    a, b = onnx_embedder.embed(sample_chunks), torch_embedder.embed(sample_chunks)
    assert a.shape == b.shape and len(sample_chunks) >= 20
    assert np.allclose(np.linalg.norm(a, axis=1), 1, atol=1e-5)
    # the bound; measured 0.9999999 lowest on the sample corpus (BENCHMARKS.md, issue 29)
    assert (a * b).sum(axis=1).min() > 0.9999
    question = "What is the discharge pressure alarm threshold on the B-series boosters?"
    assert float(onnx_embedder.embed_query(question) @ torch_embedder.embed_query(question)) > 0.9999
    sentences = sample_chunks[0].split(". ")[:12]
    assert (onnx_embedder.embed_like_query(sentences) * torch_embedder.embed_like_query(sentences)).sum(axis=1).min() > 0.9999
    assert onnx_embedder.embed_like_query([]).shape == (0, onnx_embedder.dimension)
    # the same ranking of passages for questions
    queries = np.stack([onnx_embedder.embed_query(t[:150]) for t in sample_chunks[::5]])
    assert ((queries @ a.T).argmax(axis=1) == (queries @ b.T).argmax(axis=1)).all()


def test_int8_passages_are_close_and_questions_are_float32(built: Path, onnx_embedder, torch_embedder,
                                                           sample_chunks: list[str]):
    split = load_embedder(resolve_model(built, NAME, "embedder"), backend="int8")
    assert isinstance(split, SplitEmbedder)
    a, b = split.embed(sample_chunks), torch_embedder.embed(sample_chunks)
    cosine = (a * b).sum(axis=1)
    # measured 0.993 mean, 0.985 lowest on the sample corpus (BENCHMARKS.md, issue 29)
    assert cosine.mean() > 0.99 and cosine.min() > 0.98
    texts = sample_chunks[:8]
    question = "What is the discharge pressure alarm threshold on the B-series boosters?"
    # questions, and the sentences compared with them for the refusal evidence: the float32 model's
    assert np.array_equal(split.embed_query(question), onnx_embedder.embed_query(question))
    assert np.array_equal(split.embed_like_query(texts), onnx_embedder.embed_like_query(texts))
    # a full-precision question scores the int8 passages near the float32 ones (0.031 seen)
    queries = np.stack([onnx_embedder.embed_query(t[:200]) for t in texts] + [split.embed_query(question)])
    assert np.abs(split.embed(texts) @ queries.T - torch_embedder.embed(texts) @ queries.T).max() < 0.05


def test_order_is_kept_after_sorting_by_length(built: Path, onnx_embedder, sample_chunks: list[str]):
    texts = sample_chunks[::-1][:40] + ["Short one.", "P-101A"]
    for embedder in (load_embedder(resolve_model(built, NAME, "embedder"), backend="int8"), onnx_embedder):
        batch = embedder.embed(texts)
        alone = np.stack([embedder.embed_query(t) for t in texts])
        similarity = batch @ alone.T
        assert (similarity.argmax(axis=1) == np.arange(len(texts))).all()
        assert similarity.diagonal().min() > 0.98


@pytest.mark.parametrize("kind", [FP32, INT8], ids=["fp32", "int8"])
def test_a_damaged_export_is_refused_not_rebuilt_behind_the_admins_back(built: Path, tmp_path: Path, kind):
    models = new_models(tmp_path)
    folder = link_weights(models, NAME)
    for each in (FP32, INT8):
        shutil.copytree(built / NAME / each.folder, folder / each.folder)
    onnx_file = folder / kind.folder / "model.onnx"
    data = bytearray(onnx_file.read_bytes())
    data[len(data) // 2] ^= 0xFF
    onnx_file.write_bytes(bytes(data))
    model = resolve_model(models, NAME, "embedder")
    backend = "onnx" if kind is FP32 else "int8"
    with pytest.raises(ModelError, match="sha256 does not match") as refused:
        load_embedder(model, backend=backend)
    assert "models fetch" in refused.value.hint
    assert f"{kind.name} export not usable" in export_state(model)
    assert onnx_file.read_bytes() == bytes(data)  # left as found
    messages: list[str] = []
    assert prepare_export(model, messages.append, kind) is not None  # `models prepare`
    assert messages[0].startswith(f"{NAME}: rebuilding the {kind.name} export")
    assert load_embedder(model, backend=backend).dimension == 384
    # a record copied from other weights is refused too
    record = folder / kind.folder / RECORD_FILE
    record.write_text(record.read_text().replace(model.model_id, f"{NAME}@000000000000"))
    with pytest.raises(ModelError, match="made from other weights"):
        load_embedder(model, backend=backend)


def test_an_admin_model_is_exported_on_first_use_and_recorded(built: Path, tmp_path: Path, caplog, monkeypatch):
    models = new_models(tmp_path)
    folder = link_weights(models, "plant-embedder")
    before = resolve_model(models, "plant-embedder", "embedder")
    assert not before.in_manifest
    with caplog.at_level(logging.INFO, logger="retrieval"):
        embedder = load_embedder(before, backend="onnx")
    assert "making its fp32 ONNX export (first use)" in caplog.text
    assert embedder.backend == "onnx-fp32" and embedder.model_id == before.model_id
    record = json.loads((folder / FP32.folder / RECORD_FILE).read_text(encoding="utf-8"))
    assert record["source_model_id"] == before.model_id
    assert record["sha256"] == sha256_file(folder / FP32.folder / "model.onnx")
    # the export is not part of the weights: the model's id (and so the index's) is unchanged by it
    assert resolve_model(models, "plant-embedder", "embedder").model_id == before.model_id
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="retrieval"):
        again = load_embedder(resolve_model(models, "plant-embedder", "embedder"), backend="onnx")
    assert "first use" not in caplog.text
    text = "Close the discharge valve before starting pump P-101A."
    assert np.array_equal(again.embed_query(text), embedder.embed_query(text))
    # other weights in the same folder: a new id, and the export beside them is not used: the new
    # weights get their own, in the user's cache, and the old one is left as it is
    (folder / "config_sentence_transformers.json").unlink()
    (folder / "config_sentence_transformers.json").write_text("{}", encoding="utf-8")
    changed = resolve_model(models, "plant-embedder", "embedder")
    assert changed.model_id != before.model_id
    old_export = (folder / FP32.folder / "model.onnx").stat().st_mtime_ns
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert export_dir(changed, FP32).is_relative_to(tmp_path / "cache")
    assert load_embedder(changed, backend="onnx").model_id == changed.model_id
    assert json.loads((export_dir(changed, FP32) / RECORD_FILE).read_text())["source_model_id"] == changed.model_id
    assert (folder / FP32.folder / "model.onnx").stat().st_mtime_ns == old_export


def test_a_copy_of_the_shipped_models_folder_gets_an_export_of_its_own(built: Path, tmp_path: Path, monkeypatch):
    """An admin's folder that is the shipped model's, linked or copied with its exports: those were
    recorded for the shipped model, so the admin's model gets its own, and the shipped one keeps its."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    models = new_models(tmp_path)
    (models / NAME).symlink_to(built / NAME)
    (models / "plant-embedder").symlink_to(built / NAME)
    shipped = resolve_model(models, NAME, "embedder")
    admins = resolve_model(models, "plant-embedder", "embedder")
    assert admins.model_id != shipped.model_id
    assert load_embedder(admins, backend="onnx").model_id == admins.model_id
    assert export_dir(admins, FP32).is_relative_to(tmp_path / "cache")
    assert load_embedder(shipped, backend="onnx").model_id == shipped.model_id  # its export untouched


def test_without_torch_an_exported_model_runs_and_one_without_an_export_is_refused_plainly(
        built: Path, tmp_path: Path, monkeypatch):
    monkeypatch.setattr(models_module, "torch_installed", lambda: False)
    assert load_embedder(resolve_model(built, NAME, "embedder"), backend="onnx").backend == "onnx-fp32"
    models = new_models(tmp_path)
    link_weights(models, "plant-embedder")
    model = resolve_model(models, "plant-embedder", "embedder")
    with pytest.raises(ModelError, match="making one needs torch, which this installation leaves out") as refused:
        load_embedder(model, backend="onnx")
    assert "models prepare" in refused.value.hint and "--with-torch" in refused.value.hint
    assert not export_dir(model, FP32).exists()


def test_a_new_index_is_built_without_importing_torch(tmp_path: Path):
    """The default path, in a process of its own: ingest, search and a card, and torch never imported."""
    script = f"""
import sys
from pathlib import Path
from tests.support.engines import make_engine
engine = make_engine(Path({str(tmp_path / 'data')!r}))
docs = Path({str(SAMPLE_DOCS)!r})
assert not engine.ingest([docs / "alarm-response-procedures.md", docs / "confined-space-entry.txt"]).failed
assert engine.search("gas testing before confined space entry").hits
print(engine.embedder.backend, sorted(m for m in ("torch", "sentence_transformers", "transformers") if m in sys.modules))
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "onnx-fp32 []"


def test_the_index_knows_when_the_embedder_changes(built: Path, torch_embedder, onnx_embedder, tmp_path: Path,
                                                   docs: Path):
    copy_sample(["confined-space-entry.txt", "alarm-response-procedures.md"], docs)
    fast = load_embedder(resolve_model(built, NAME, "embedder"), backend="int8")
    assert_switching_embedders_re_embeds(tmp_path / "data", docs, onnx_embedder, fast, models_dir=built)
    # torch and the float32 export share an id: an index built by one is searched by the other as it is
    first = make_engine(tmp_path / "torch-built", torch_embedder, models_dir=built)
    assert not first.ingest([docs]).failed
    first.close()
    second = make_engine(tmp_path / "torch-built", onnx_embedder, models_dir=built)
    assert second.search("gas testing before entry").hits[0].document.source.endswith("confined-space-entry.txt")
    assert second.ingest([docs]).chunks_embedded == 0
    second.close()
