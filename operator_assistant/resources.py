"""Where the read-only files that ship with the program live: a source checkout or the installed bundle.

It must not write to these locations: they may be read-only.
"""

from __future__ import annotations

import sys
from pathlib import Path


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
