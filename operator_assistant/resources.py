"""Where the read-only files that ship with the program live: a source checkout or the installed bundle.

It must not write to these locations: they may be read-only.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# What an installation can do, written into the bundle by packaging/build.py --role:
# "full" has models and a data folder of its own (and can run `serve`); "console" only talks
# to a plant server, and has no torch, model weights, embedder, language model or Chroma.
FULL, CONSOLE = "full", "console"
ROLES = (FULL, CONSOLE)
ROLE_FILE = "install-role"
ENV_ROLE = "OPERATOR_ASSISTANT_ROLE"  # a source checkout run as a console (tests); a bundle's file wins
# What a console installation leaves out (packaging/operator-assistant.spec) and so must never import:
# the models and their runtimes, the vector store, BM25's scipy, OCR, and the plant server's web framework.
CONSOLE_LEAVES_OUT = ("torch", "sentence_transformers", "transformers", "tokenizers", "huggingface_hub", "safetensors",
                      "llama_cpp", "chromadb", "onnxruntime", "onnx", "rapidocr_onnxruntime", "cv2", "shapely",
                      "pyclipper", "scipy", "sklearn", "numpy", "sympy", "networkx", "wordfreq", "langcodes",
                      "fastapi", "starlette", "uvicorn", "pydantic", "pydantic_core", "kubernetes", "grpc",
                      "opentelemetry", "pyarrow", "pandas", "uvloop", "httptools", "watchfiles")

# What a full installation built without --with-torch leaves out: torch and what is there only to
# run models on it (embedders run on ONNX Runtime; core/embedding.py).
TORCH_LEAVES_OUT = ("torch", "sentence_transformers", "transformers", "safetensors", "sympy", "networkx",
                    "sklearn", "functorch", "torchgen", "huggingface_hub", "hf_xet")


def is_bundle() -> bool:
    """True inside the PyInstaller application folder built by packaging/build.py."""
    return bool(getattr(sys, "frozen", False))


def shipped_root() -> Path:
    """The checkout's top folder, or the bundle's data folder (never written to: it may be read-only)."""
    if is_bundle():
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).resolve().parent))
    return Path(__file__).resolve().parent.parent


def install_folder() -> Path | None:
    """The installed application folder (the bundle), None in a source checkout."""
    return Path(sys.executable).resolve().parent if is_bundle() else None


def shipped_models() -> Path:
    return shipped_root() / "models"


def sample_documents() -> Path:
    return shipped_root() / "corpus" / "documents"


def golden_questions() -> Path:
    return shipped_root() / "corpus" / "golden.jsonl"


def install_role() -> str:
    """FULL or CONSOLE: the bundle's role file, else $OPERATOR_ASSISTANT_ROLE, else FULL."""
    try:
        role = (shipped_root() / ROLE_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        role = os.environ.get(ENV_ROLE, "").strip() or FULL
    return role if role in ROLES else FULL
