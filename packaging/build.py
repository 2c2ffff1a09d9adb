"""Build the self-contained application folder: `python packaging/build.py [--role full|console] [--with-torch] [--dist DIR]`.

--role full (the default), DIST/operator-assistant/: the window with its own index and models, the
command line, and `serve` (the plant server); embedders run on ONNX Runtime and torch is left out.
--with-torch puts torch in too (about 630 MB more), for an admin's cross-encoder, an admin's embedder
that has no ONNX export yet, or the "bf16" and "torch" embed backends. --role console,
DIST/operator-assistant-console/: the window and command line of a plant server's console only (no
torch, weights, index engine or server).
Either runs without Python or this checkout:
  DIST/FOLDER/operator-assistant               opens the window
  DIST/FOLDER/operator-assistant --self-test   checks the installation, no window
The spec refuses to build a full bundle when a weight is missing or does not match models/manifest.toml.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "operator-assistant.spec"
ROLES = ("full", "console")
FOLDERS = {"full": "operator-assistant", "console": "operator-assistant-console"}
ROLE_VARIABLE = "OPERATOR_ASSISTANT_BUILD_ROLE"  # read by the spec
TORCH_VARIABLE = "OPERATOR_ASSISTANT_BUILD_TORCH"


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the application folder goes")
    parser.add_argument("--work", type=Path, default=None, help="PyInstaller's work folder (default build/pyinstaller-ROLE)")
    parser.add_argument("--role", choices=ROLES, default="full",
                        help="full: own index and models, and `serve`; console: only talks to a plant server")
    parser.add_argument("--with-torch", action="store_true",
                        help="full role: include torch, for models that need it (an admin's cross-encoder)")
    args = parser.parse_args(argv)
    work = args.work or ROOT / "build" / f"pyinstaller-{args.role}{'-torch' if args.with_torch else ''}"
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print("error: PyInstaller is not installed\n  pip install -e '.[dev]' (or: pip install pyinstaller)", file=sys.stderr)
        return 2
    started = time.perf_counter()
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(args.dist), "--workpath", str(work), str(SPEC)]
    env = {**os.environ, "PYTHONHASHSEED": "0", ROLE_VARIABLE: args.role, TORCH_VARIABLE: "1" if args.with_torch else "0"}
    done = subprocess.run(command, cwd=ROOT, env=env)
    if done.returncode != 0:
        print(f"error: the build failed (PyInstaller exit {done.returncode}); see the messages above", file=sys.stderr)
        return done.returncode
    bundle = args.dist / FOLDERS[args.role]
    models = bundle / "_internal" / "models"
    weights = f"of which model weights {folder_size(models) / 2**20:.0f} MiB" if models.is_dir() else "no model weights"
    print(f"built {bundle} ({args.role}) in {time.perf_counter() - started:.0f} s: "
          f"{folder_size(bundle) / 2**20:.0f} MiB, {weights}")
    check = "--self-test" if args.role == "full" else "--self-test [--server URL --token TOKEN]"
    print(f"check it: {bundle / 'operator-assistant'} {check}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
