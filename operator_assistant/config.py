"""Typed, frozen settings and where files live.

Precedence, lowest first: built-in defaults, `config.toml` in the data dir,
environment variables, explicit arguments (the command line).
It must not import Qt or the index, and must not do slow work at import: every entry point loads it first.
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w

from operator_assistant.errors import UserError
from operator_assistant.files import write_atomically
from operator_assistant.resources import install_folder, shipped_models

# What leads an answer (the `answer_mode` setting).
CARD_ONLY = "card"  # the document's own words only; the model is never called
CARD_THEN_MODEL = "card+model"  # the card at once, then the model's wording if it passes every check
MODEL_FIRST = "model-first"  # for a plant that installs a bigger GGUF: checked wording above the card
ANSWER_MODES = (CARD_ONLY, CARD_THEN_MODEL, MODEL_FIRST)

APP_NAME = "operator-assistant"
ENV_DATA_DIR = "OPERATOR_ASSISTANT_DATA_DIR"
ENV_MODELS_DIR = "OPERATOR_ASSISTANT_MODELS_DIR"
ENV_EMBEDDER = "OPERATOR_ASSISTANT_EMBEDDER"
CONFIG_FILE = "config.toml"
MAX_INGEST_READERS = 16
LOCATION_FILE = "location.toml"


@dataclass(frozen=True)
class Settings:
    """Every tunable with its default, written here once: ChunkParams, RetrievalParams and ingest's
    batch size take their defaults from these fields."""

    data_dir: Path
    models_dir: Path
    embedder: str = "all-MiniLM-L6-v2"
    ocr_model: str = "PP-OCRv4"  # reads scanned pages and images (models/manifest.toml)
    llm: str = "SmolLM2-135M-Instruct"
    # chunking, in characters
    chunk_target: int = 1000
    chunk_max: int = 1200
    chunk_overlap: float = 0.15
    # retrieval
    candidates: int = 50
    top_k: int = 5
    rrf_k: int = 60
    dense_weight: float = 1.0
    lexical_weight: float = 1.0
    identifier_weight: float = 0.5  # extra ranking of chunks that contain the identifiers a query names
    reference_weight: float = 1.0  # extra ranking of the chunks of a section the query names by number ("§7605")
    embed_batch_size: int = 32
    # "" (default): the backend the index was built with, so an upgrade never re-embeds a plant's
    # index; a new or empty index gets "onnx". "onnx": the model's float32 ONNX export on ONNX
    # Runtime, no torch; the same vectors and index id as "torch" (everything in float32 on torch).
    # "bf16" (needs torch): passages in bfloat16 where the CPU has bfloat16 instructions, questions
    # in float32 (BENCHMARKS.md "bfloat16 passages"). "int8" ("auto" in earlier releases): passages
    # by the int8 export, questions by the float32 one; it lost two real-document answers that
    # float32 gets right (BENCHMARKS.md "Ingest speed: embedder"), so never chosen by default.
    # Setting one whose id differs from the index's re-embeds the index on the next ingest or reindex.
    embed_backend: str = ""
    # answering
    reranker: str = ""  # a cross-encoder in models/; "" = the manifest's, if one is installed
    rerank_candidates: int = 40  # hybrid hits handed to the reranker
    llm_context: int = 2048  # tokens; the prompt budget is derived from it
    llm_max_tokens: int = 256
    temperature: float = 0.3
    # what leads an answer: "card" (the documents' words only), "card+model" (the card, then the
    # model's wording if it passes the checks) or "model-first" (for a bigger GGUF). "card": on both
    # question sets the model's wording added no right answer and ~10 words (BENCHMARKS.md)
    answer_mode: str = "card"
    llm_threads: int = 0  # 0 = all cores
    ingest_batch_chunks: int = 256  # chunks embedded and written together; smaller = finer-grained commits
    # documents read (parsed, OCR'd) at once, each in a child process, while this one embeds and
    # writes; 0 = from the core count (`ingest_readers_for`; BENCHMARKS.md "Issue 29")
    ingest_readers: int = 0
    max_file_mb: int = 200  # larger files are refused with a message (a guard against huge or runaway files)
    admin_idle_minutes: float = 10.0  # admin mode locks itself after this long without admin activity
    audit_max_bytes: int = 5_000_000  # the audit log starts a new file beyond this size
    audit_keep_files: int = 10  # rotated audit files kept; older ones are deleted once archived and old enough
    # retention never deletes a record younger than this, nor one an admin has not archived (`audit archive DIR`):
    # a console that floods the log cannot wash out what it did (issue 26)
    audit_keep_days: float = 90.0
    # "": Chroma embedded in this process (the default). "http://127.0.0.1:PORT": a `chroma run` on this
    # machine's loopback, which the plant server starts with `serve --chroma`; loopback only (no auth in Chroma)
    chroma_server: str = ""
    # "": the language model runs in this process. "http://127.0.0.1:PORT": a llama.cpp model server on this
    # machine's loopback (OpenAI-compatible), which the plant server starts with `serve --model-server`
    llm_server: str = ""

    @property
    def index_dir(self) -> Path:
        return self.data_dir / "index"


_TUNABLE = {f.name for f in dataclasses.fields(Settings)} - {"data_dir", "models_dir"}


def ingest_readers_for(setting: int, cores: int | None = None) -> int:
    """Documents read at once: the setting, or when it is 0 one per two cores (at least one), so the
    readers and the embedder, which runs on every core, share them (BENCHMARKS.md "Issue 29")."""
    if setting:
        return setting
    cores = cores or os.cpu_count() or 1
    return max(1, min(MAX_INGEST_READERS, cores // 2))


def location_file() -> Path:
    """Where the data folder chosen in the Settings dialog is remembered (it cannot live inside that folder)."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / LOCATION_FILE


def default_data_dir() -> Path:
    """The data folder an admin chose in the Settings dialog, else the per-user data dir."""
    path = location_file()
    if path.is_file():
        try:
            chosen = tomllib.loads(path.read_text(encoding="utf-8")).get("data_dir")
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError) as exc:
            raise UserError(f"cannot read {path}: {exc}", "fix or delete the file to use the default data folder") from exc
        if isinstance(chosen, str) and chosen:
            return Path(chosen)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def check_data_dir(folder: Path | str) -> Path:
    """A usable data folder: absolute, a folder (created if missing), writable, and outside the installed program."""
    path = Path(folder).expanduser()
    if not str(folder).strip() or not path.is_absolute():
        raise UserError(f"the data folder must be a full path, not {str(folder)!r}", "choose it with Browse...")
    path = path.resolve()
    if path.exists() and not path.is_dir():
        raise UserError(f"{path} is a file, not a folder", "choose a folder")
    installed = install_folder()
    if installed is not None and (path == installed or installed in path.parents):
        raise UserError(f"{path} is inside the installed program, which may be read-only or replaced by an update",
                        "choose a folder outside it, e.g. in the user's or the plant's data area")
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise UserError(f"cannot write in {path}: {exc.strerror or exc}", "choose a folder this user can write to") from exc
    return path


def remember_data_dir(folder: Path | str) -> Path:
    """Check `folder` and make it the data folder for the next start without --data-dir or the environment."""
    path = check_data_dir(folder)
    write_atomically(location_file(), "# the data folder chosen in Operator Assistant's Settings dialog\n"
                     + tomli_w.dumps({"data_dir": str(path)}))
    return path


SERVER_FILE = "console-server.toml"  # in the user's config folder: the plant server chosen in Settings


def server_file() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / SERVER_FILE


def remembered_server() -> str | None:
    """The plant server the window opens on when started without --server (chosen in Settings), or None."""
    path = server_file()
    if not path.is_file():
        return None
    try:
        chosen = tomllib.loads(path.read_text(encoding="utf-8")).get("server")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError) as exc:
        raise UserError(f"cannot read {path}: {exc}", "fix or delete the file to open this computer's data folder") from exc
    return chosen if isinstance(chosen, str) and chosen else None


def remember_server(url: str) -> str | None:
    """Make `url` the plant server for the next start of the window; "" forgets it (this computer's data folder)."""
    url = url.strip().rstrip("/")
    if not url:
        server_file().unlink(missing_ok=True)
        return None
    if not url.startswith(("http://", "https://")) or any(c.isspace() for c in url):
        raise UserError(f"{url!r} is not a plant server address", "give it as https://HOST:PORT, or leave it empty")
    write_atomically(server_file(), "# the plant server chosen in Operator Assistant's Settings dialog\n"
                     + tomli_w.dumps({"server": url}))
    return url


def default_models_dir(data_dir: Path) -> Path:
    # The weights ship beside manifest.toml: in the checkout's models/ folder or inside the bundle.
    shipped = shipped_models()
    if (shipped / "manifest.toml").is_file():
        return shipped
    return data_dir / "models"


def _read_config_file(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        values = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read settings file {path}: {exc}", "fix or delete the file") from exc
    unknown = sorted(set(values) - _TUNABLE)
    if unknown:
        raise UserError(
            f"unknown setting(s) in {path}: {', '.join(unknown)}",
            f"known settings: {', '.join(sorted(_TUNABLE))}",
        )
    return values


def _check_types(values: dict[str, Any], origin: str) -> dict[str, Any]:
    defaults = Settings(data_dir=Path(), models_dir=Path())
    checked: dict[str, Any] = {}
    for key, value in values.items():
        expected = type(getattr(defaults, key))
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, expected) or isinstance(value, bool) != (expected is bool):
            raise UserError(f"setting '{key}' in {origin} must be {expected.__name__}, not {value!r}")
        checked[key] = value
    ints_positive = ("chunk_target", "chunk_max", "candidates", "top_k", "rrf_k", "embed_batch_size",
                     "ingest_batch_chunks", "rerank_candidates", "llm_context", "llm_max_tokens", "max_file_mb")
    for key in ints_positive:
        if key in checked and checked[key] <= 0:
            raise UserError(f"setting '{key}' in {origin} must be positive, not {checked[key]}")
    if "temperature" in checked and not 0 <= checked["temperature"] <= 2:
        raise UserError(f"setting 'temperature' in {origin} must be between 0 and 2")
    if "ingest_readers" in checked and not 0 <= checked["ingest_readers"] <= MAX_INGEST_READERS:
        raise UserError(f"setting 'ingest_readers' in {origin} must be 0 (from the core count) to {MAX_INGEST_READERS}")
    if "llm_threads" in checked and checked["llm_threads"] < 0:
        raise UserError(f"setting 'llm_threads' in {origin} must be 0 (all cores) or more")
    if "audit_max_bytes" in checked and checked["audit_max_bytes"] < 1024:
        raise UserError(f"setting 'audit_max_bytes' in {origin} must be at least 1024")
    if "audit_keep_files" in checked and checked["audit_keep_files"] < 0:
        raise UserError(f"setting 'audit_keep_files' in {origin} must be 0 or more")
    if "audit_keep_days" in checked and checked["audit_keep_days"] < 0:
        raise UserError(f"setting 'audit_keep_days' in {origin} must be 0 or more")
    if "admin_idle_minutes" in checked and not 0 < checked["admin_idle_minutes"] <= 24 * 60:
        raise UserError(f"setting 'admin_idle_minutes' in {origin} must be more than 0 and at most a day (1440)")
    if "embed_backend" in checked and checked["embed_backend"] not in ("", "onnx", "int8", "auto", "torch", "bf16"):
        raise UserError(f"setting 'embed_backend' in {origin} must be '' (as the index), 'onnx', 'int8', 'torch' or 'bf16',"
                        f" not {checked['embed_backend']!r}")
    if "answer_mode" in checked and checked["answer_mode"] not in ANSWER_MODES:
        raise UserError(f"setting 'answer_mode' in {origin} must be one of {', '.join(ANSWER_MODES)},"
                        f" not {checked['answer_mode']!r}")
    if "chunk_overlap" in checked and not 0 <= checked["chunk_overlap"] < 0.5:
        raise UserError(f"setting 'chunk_overlap' in {origin} must be between 0 and 0.5")
    return checked


def load_settings(
    data_dir: Path | str | None = None,
    models_dir: Path | str | None = None,
    **overrides: Any,
) -> Settings:
    """Build settings from defaults, the data dir's config.toml, the environment and arguments."""
    env = os.environ
    data = Path(data_dir or env.get(ENV_DATA_DIR) or default_data_dir()).expanduser().resolve()
    models = Path(models_dir or env.get(ENV_MODELS_DIR) or default_models_dir(data)).expanduser().resolve()
    values = _check_types(_read_config_file(data / CONFIG_FILE), str(data / CONFIG_FILE))
    if env.get(ENV_EMBEDDER):
        values["embedder"] = env[ENV_EMBEDDER]
    values.update(_check_types({k: v for k, v in overrides.items() if v is not None}, "arguments"))
    settings = Settings(data_dir=data, models_dir=models, **values)
    if settings.chunk_max < settings.chunk_target:
        raise UserError("setting 'chunk_max' must not be smaller than 'chunk_target'")
    return settings


def save_settings(data_dir: Path, values: dict[str, Any]) -> Settings:
    """Merge `values` into the data dir's config.toml after checking them; returns the new settings."""
    path = data_dir / CONFIG_FILE
    merged = {**_read_config_file(path), **values}
    unknown = sorted(set(merged) - _TUNABLE)
    if unknown:
        raise UserError(f"unknown setting(s): {', '.join(unknown)}")
    checked = _check_types(merged, "the settings")
    candidate = Settings(data_dir=data_dir, models_dir=Path(), **checked)
    if candidate.chunk_max < candidate.chunk_target:
        raise UserError("setting 'chunk_max' must not be smaller than 'chunk_target'")
    data_dir.mkdir(parents=True, exist_ok=True)
    write_atomically(path, "# Operator Assistant settings (written by the Settings dialog; edit with care)\n"
                     + tomli_w.dumps(dict(sorted(checked.items()))))
    return load_settings(data_dir=data_dir)
