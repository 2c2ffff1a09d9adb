"""The embedder's int8 export: built from the bundled weights, verified on load, close to torch's vectors."""

import shutil
from pathlib import Path

import numpy as np
import pytest

from operator_assistant.core.chunking import ChunkParams, chunk_document
from operator_assistant.core.documents import load_document
from operator_assistant.core.embedding import SplitEmbedder, load_embedder
from operator_assistant.core.embedding_export import EXPORT_DIR, RECORD_FILE, prepare_export, read_record
from operator_assistant.core.models import export_state, load_manifest, resolve_model, sha256_file
from operator_assistant.errors import ModelError
from tests.conftest import SAMPLE_DOCS
from tests.support.engines import MODELS, assert_switching_embedders_re_embeds, copy_sample

NAME = "all-MiniLM-L6-v2"


def link_weights(models: Path, folder: str) -> Path:
    """The bundled weights in another models folder, as links (no copy of 90 MB)."""
    spec = next(s for s in load_manifest(MODELS) if s.name == NAME)
    for rel in spec.files:
        target = models / folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to((MODELS / spec.folder / rel).resolve())
    return models / folder


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A models folder with the manifest, the bundled embedder and an export built here."""
    models = tmp_path_factory.mktemp("models")
    shutil.copy(MODELS / "manifest.toml", models / "manifest.toml")
    link_weights(models, NAME)
    messages: list[str] = []
    assert prepare_export(resolve_model(models, NAME, "embedder"), messages.append) is not None, messages
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


def test_the_export_is_made_from_the_bundled_weights_and_recorded(built: Path):
    model = resolve_model(built, NAME, "embedder")
    record = read_record(model)
    assert record is not None and record.source_model_id == model.model_id
    assert sha256_file(built / NAME / EXPORT_DIR / record.file) == record.sha256
    assert export_state(model) == "int8 export verified"
    fast = load_embedder(model, backend="auto")
    assert fast.backend == "onnx-int8 passages, torch questions"
    # the index records a different id than torch's, so switching re-embeds
    assert fast.model_id.startswith(model.model_id + "+int8@") and fast.model_id != model.model_id
    # nothing is rebuilt when the export is intact
    messages: list[str] = []
    prepare_export(model, messages.append)
    assert messages == [f"{NAME}: int8 export present and verified"]


def test_fast_vectors_match_the_torch_path(built: Path, torch_embedder, sample_chunks: list[str]):
    fast = load_embedder(resolve_model(built, NAME, "embedder"), backend="auto")
    a, b = fast.embed(sample_chunks), torch_embedder.embed(sample_chunks)
    assert a.shape == b.shape and len(sample_chunks) >= 20
    assert np.allclose(np.linalg.norm(a, axis=1), 1, atol=1e-4)
    cosine = (a * b).sum(axis=1)
    # measured 0.994 mean, 0.989 lowest on the sample corpus (BENCHMARKS.md "Ingest speed: embedder")
    assert cosine.mean() > 0.99 and cosine.min() > 0.98


def test_passages_by_the_export_questions_by_torch(built: Path, torch_embedder, sample_chunks: list[str]):
    split = load_embedder(resolve_model(built, NAME, "embedder"), backend="auto")
    assert isinstance(split, SplitEmbedder)
    texts = sample_chunks[:8]
    question = "What is the discharge pressure alarm threshold on the B-series boosters?"
    # questions, and the sentences compared with them for the refusal evidence: exactly the full model's
    assert np.array_equal(split.embed_query(question), torch_embedder.embed_query(question))
    assert np.array_equal(split.embed_like_query(texts), torch_embedder.embed_like_query(texts))
    # in smaller batches than passages at ingest (less padding), the same vectors within float noise
    assert np.allclose(torch_embedder.embed_like_query(texts), torch_embedder.embed(texts), atol=1e-5)
    # passages: the export's, which the index records
    assert np.array_equal(split.embed(texts), split.passages.embed(texts))
    assert not np.array_equal(split.embed(texts), torch_embedder.embed(texts))
    # a full-precision question scores the int8 passages near the torch ones (the vectors are within
    # cosine 0.989 of each other, so a score moves by a few hundredths at most: 0.031 seen)
    queries = np.stack([torch_embedder.embed_query(t[:200]) for t in texts] + [split.embed_query(question)])
    assert np.abs(split.embed(texts) @ queries.T - torch_embedder.embed(texts) @ queries.T).max() < 0.05


def test_order_is_kept_after_sorting_by_length(built: Path, torch_embedder, sample_chunks: list[str]):
    texts = sample_chunks[::-1][:40] + ["Short one.", "P-101A"]
    for embedder in (load_embedder(resolve_model(built, NAME, "embedder"), backend="auto"), torch_embedder):
        batch = embedder.embed(texts)
        alone = np.stack([embedder.embed_query(t) for t in texts])
        similarity = batch @ alone.T
        assert (similarity.argmax(axis=1) == np.arange(len(texts))).all()
        assert similarity.diagonal().min() > 0.98


def test_a_damaged_export_is_refused_then_rebuilt(built: Path, tmp_path: Path):
    models = tmp_path / "models"
    models.mkdir()
    shutil.copy(built / "manifest.toml", models / "manifest.toml")
    folder = link_weights(models, NAME)
    shutil.copytree(built / NAME / EXPORT_DIR, folder / EXPORT_DIR)
    onnx_file = folder / EXPORT_DIR / "model.onnx"
    data = bytearray(onnx_file.read_bytes())
    data[len(data) // 2] ^= 0xFF
    onnx_file.write_bytes(bytes(data))
    model = resolve_model(models, NAME, "embedder")
    with pytest.raises(ModelError, match="sha256 does not match") as refused:
        load_embedder(model, backend="auto")
    assert "models fetch" in refused.value.hint
    assert export_state(model).startswith("int8 export not usable")
    messages: list[str] = []
    assert prepare_export(model, messages.append) is not None
    assert messages[0].startswith(f"{NAME}: rebuilding the int8 export")
    assert load_embedder(model, backend="auto").backend == "onnx-int8 passages, torch questions"
    # a record copied from other weights is refused too
    record = folder / EXPORT_DIR / RECORD_FILE
    record.write_text(record.read_text().replace(model.model_id, f"{NAME}@000000000000"))
    with pytest.raises(ModelError, match="made from other weights"):
        load_embedder(model, backend="auto")


def test_an_admin_model_uses_torch(built: Path, tmp_path: Path):
    models = tmp_path / "models"
    models.mkdir()
    shutil.copy(MODELS / "manifest.toml", models / "manifest.toml")
    folder = link_weights(models, "plant-embedder")
    # even with a copy of the shipped model's export: it was not made from (hash-checked) these files
    shutil.copytree(built / NAME / EXPORT_DIR, folder / EXPORT_DIR)
    model = resolve_model(models, "plant-embedder", "embedder")
    assert not model.in_manifest
    embedder = load_embedder(model, backend="auto")
    assert embedder.backend == "torch" and embedder.model_id == model.model_id
    assert embedder.embed(["Close the discharge valve."]).shape == (1, 384)


def test_the_index_knows_when_the_embedder_changes(built: Path, torch_embedder, tmp_path: Path, docs: Path):
    copy_sample(["confined-space-entry.txt", "alarm-response-procedures.md"], docs)
    fast = load_embedder(resolve_model(built, NAME, "embedder"), backend="auto")
    assert_switching_embedders_re_embeds(tmp_path / "data", docs, torch_embedder, fast, models_dir=built)
