"""Build the self-contained application folder: `python packaging/build.py [--dist DIR]`.

The result, DIST/operator-assistant/, runs without Python or this checkout:
  DIST/operator-assistant/operator-assistant               opens the window
  DIST/operator-assistant/operator-assistant --self-test   checks the installation, no window
The spec refuses to build when a weight is missing or does not match models/manifest.toml.
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


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the application folder goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's work folder")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print("error: PyInstaller is not installed\n  pip install -e '.[dev]' (or: pip install pyinstaller)", file=sys.stderr)
        return 2
    started = time.perf_counter()
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(args.dist), "--workpath", str(args.work), str(SPEC)]
    done = subprocess.run(command, cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode != 0:
        print(f"error: the build failed (PyInstaller exit {done.returncode}); see the messages above", file=sys.stderr)
        return done.returncode
    bundle = args.dist / "operator-assistant"
    models = bundle / "_internal" / "models"
    print(f"built {bundle} in {time.perf_counter() - started:.0f} s: {folder_size(bundle) / 2**20:.0f} MiB, "
          f"of which model weights {folder_size(models) / 2**20:.0f} MiB")
    print(f"check it: {bundle / 'operator-assistant'} --self-test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
