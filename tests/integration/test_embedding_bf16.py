"""Passages embedded in bfloat16: close to float32's, questions unchanged, recorded in the index's id."""

import logging
from pathlib import Path

import numpy as np
import pytest

from operator_assistant.core import embedding
from operator_assistant.core.chunking import ChunkParams, chunk_document
from operator_assistant.core.documents import load_document
from operator_assistant.core.embedding import Bf16PassageEmbedder, bf16_unsupported_reason, load_embedder
from operator_assistant.core.models import resolve_model
from tests.conftest import SAMPLE_DOCS
from tests.support.engines import MODELS, assert_switching_embedders_re_embeds, copy_sample

NAME = "all-MiniLM-L6-v2"
needs_bf16 = pytest.mark.skipif(bf16_unsupported_reason() is not None,
                                reason=f"bfloat16 is not used here: {bf16_unsupported_reason()}")


@pytest.fixture(scope="module")
def sample_chunks() -> list[str]:
    params = ChunkParams(1000, 1200, 0.15)
    names = ["alarm-response-procedures.md", "confined-space-entry.txt", "booster-station-b-om-manual.pdf"]
    return [c.indexed_text for n in names for c in chunk_document(load_document(SAMPLE_DOCS / n), params)]


@pytest.fixture(scope="module")
def bf16_embedder():
    return load_embedder(resolve_model(MODELS, NAME, "embedder"), backend="bf16")


@pytest.fixture(scope="module")
def torch_embedder():
    """Float32 on torch: what bf16's questions are embedded with."""
    return load_embedder(resolve_model(MODELS, NAME, "embedder"), backend="torch")


@needs_bf16
def test_passages_close_to_float32_questions_identical(bf16_embedder, torch_embedder, sample_chunks: list[str]):
    embedder = torch_embedder
    assert isinstance(bf16_embedder, Bf16PassageEmbedder)
    assert bf16_embedder.model_id == embedder.model_id + "+bf16"
    fast, full = bf16_embedder.embed(sample_chunks), embedder.embed(sample_chunks)
    assert fast.dtype == np.float32 and fast.shape == full.shape
    assert np.allclose(np.linalg.norm(fast, axis=1), 1.0, atol=1e-5)
    # measured lowest 0.99997 on the sample corpus (BENCHMARKS.md "bfloat16 passages"); int8 gives 0.989
    assert (fast * full).sum(axis=1).min() > 0.9995
    # differs at all: the passages really ran in bfloat16
    assert not np.array_equal(fast, full)
    question = "What gas readings are required before entering a confined space?"
    assert np.array_equal(bf16_embedder.embed_query(question), embedder.embed_query(question))
    sentences = ["Test the atmosphere for oxygen.", "Ventilate the space."]
    assert np.array_equal(bf16_embedder.embed_like_query(sentences), embedder.embed_like_query(sentences))


def test_a_cpu_without_bfloat16_falls_back_to_float32_and_says_why(monkeypatch, caplog):
    monkeypatch.setattr(embedding, "bf16_unsupported_reason",
                        lambda: "this CPU has no bfloat16 instructions (AVX512-BF16 or AMX)")
    model = resolve_model(MODELS, NAME, "embedder")
    with caplog.at_level(logging.WARNING, logger="retrieval"):
        loaded = load_embedder(model, backend="bf16")
    assert loaded.model_id == model.model_id  # float32 vectors, float32's id
    assert "no bfloat16 instructions" in caplog.text and "float32" in caplog.text


def test_cpu_check_reads_torchs_flags(monkeypatch):
    import torch

    monkeypatch.setattr(torch.cpu, "_is_avx512_bf16_supported", lambda: False)
    monkeypatch.setattr(torch.cpu, "_is_amx_tile_supported", lambda: False)
    assert "no bfloat16 instructions" in (bf16_unsupported_reason() or "")
    monkeypatch.setattr(torch.cpu, "_is_amx_tile_supported", lambda: True)
    assert bf16_unsupported_reason() is None
    monkeypatch.delattr(torch.cpu, "_is_avx512_bf16_supported")
    monkeypatch.delattr(torch.cpu, "_is_amx_tile_supported")
    assert "cannot tell" in (bf16_unsupported_reason() or "")


@needs_bf16
def test_an_index_built_in_float32_is_re_embedded_for_bf16(bf16_embedder, embedder, tmp_path: Path, docs: Path):
    copy_sample(["confined-space-entry.txt"], docs)
    assert_switching_embedders_re_embeds(tmp_path / "data", docs, embedder, bf16_embedder)


@needs_bf16
def test_without_a_setting_a_bf16_index_keeps_bf16_and_a_new_one_is_built_on_onnx(
        bf16_embedder, embedder, tmp_path: Path, docs: Path):
    from tests.support.engines import make_engine

    copy_sample(["confined-space-entry.txt"], docs)
    model_id = embedder.model_id
    fresh = make_engine(tmp_path / "new")  # nothing in config.toml: the app's own choice
    assert not fresh.ingest([docs]).failed
    assert fresh.store.embedder_id == fresh.embedder.model_id == model_id
    assert fresh.embedder.backend == "onnx-fp32"
    fresh.close()

    # a plant's index built in bfloat16 before this default: searched as it is, nothing re-embedded
    old = make_engine(tmp_path / "old", bf16_embedder)
    assert not old.ingest([docs]).failed
    old.close()
    upgraded = make_engine(tmp_path / "old")
    assert upgraded.embedder.model_id == bf16_embedder.model_id
    hit = upgraded.search("What gas readings are required before entering a confined space?").hits[0]
    assert hit.document.source.endswith("confined-space-entry.txt")
    (docs / "note.txt").write_text("Confined space permits are kept for one year.\n", encoding="utf-8")
    report = upgraded.ingest([docs])
    assert not report.notes and report.chunks_embedded == 1  # only the new file, in bfloat16
    upgraded.close()

    # an admin's explicit choice wins over the index's (and re-embeds it, as before)
    assert make_engine(tmp_path / "old", embed_backend="onnx").embedder.model_id == model_id


def test_the_default_follows_the_index_id_suffix(monkeypatch):
    from operator_assistant.core import models

    monkeypatch.setattr(models, "torch_installed", lambda: True)
    m = "all-MiniLM-L6-v2@6f1d5c9f7e99"
    assert embedding.default_backend(m, None) == "onnx"
    assert embedding.default_backend(m, m) == "onnx"  # built on torch in float32: the same vectors and id
    assert embedding.default_backend(m, m + "+bf16") == "bf16"
    assert embedding.default_backend(m, m + "+int8@07d80ef88cb1") == "int8"
    assert embedding.default_backend(m, "bge-small@0123456789ab") == "onnx"  # another model: re-embedded anyway
    # a bundle without torch cannot run bfloat16: the index is re-embedded in float32 by its next ingest
    monkeypatch.setattr(models, "torch_installed", lambda: False)
    assert embedding.default_backend(m, m + "+bf16") == "onnx"
