"""Build llama.cpp's `llama-server` for the plant server: `python packaging/llama_server.py [--out PATH]`.

The sources are the llama.cpp that llama-cpp-python's source distribution carries, for the version
this environment runs, so the server and the in-process model read GGUF files the same way. The
archive comes from the package index by pip's ordinary client and is checked against the sha256
recorded below before anything is built. No web UI, no downloads at run time (`--offline`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# llama-cpp-python version -> sha256 of its source archive on PyPI
SOURCES = {"0.3.36": "832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e"}
CMAKE_OPTIONS = ["-DCMAKE_BUILD_TYPE=Release", "-DBUILD_SHARED_LIBS=OFF", "-DLLAMA_BUILD_SERVER=ON",
                 "-DLLAMA_BUILD_TESTS=OFF", "-DLLAMA_BUILD_EXAMPLES=OFF", "-DLLAMA_BUILD_UI=OFF",
                 "-DLLAMA_USE_PREBUILT_UI=OFF", "-DLLAMA_OPENSSL=OFF", "-DLLAMA_CURL=OFF"]
# The CPU instructions llama.cpp is built for: AVX2, FMA, F16C, BMI2 (x86-64-v3, every x86 PC since 2013),
# never the build machine's own (-march=native). A native build carries whatever the builder has into the
# bundle: on a machine with AMX it compiled AMX tile code that died with SIGILL here (tileloadd in
# libggml-cpu), and AVX-512 would die on an older control-room PC. The Makefile builds llama-cpp-python
# with the same options (LLAMA_CPU_OPTIONS; tests/unit/test_llama_build.py checks they agree).
CPU_OPTIONS = ["-DGGML_NATIVE=OFF", "-DGGML_AVX=ON", "-DGGML_AVX2=ON", "-DGGML_FMA=ON", "-DGGML_F16C=ON",
               "-DGGML_BMI2=ON", "-DGGML_AVX512=OFF", "-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF",
               "-DGGML_AMX_BF16=OFF"]


sys.path.insert(0, str(ROOT))  # run as a script from the checkout
from operator_assistant.core.models import sha256_file as sha256  # noqa: E402


def installed_version() -> str:
    from importlib.metadata import version

    return version("llama-cpp-python")


def fetch_sources(version: str, work: Path) -> Path:
    """The llama.cpp folder inside the checked source archive of llama-cpp-python `version`."""
    expected = SOURCES.get(version)
    if expected is None:
        raise SystemExit(f"error: no recorded sha256 for llama-cpp-python {version}'s sources\n"
                         f"  add it to SOURCES in {Path(__file__).name} after checking the archive")
    archive = work / f"llama_cpp_python-{version}.tar.gz"
    if not archive.is_file() or sha256(archive) != expected:
        work.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                        f"llama-cpp-python=={version}", "-d", str(work)], check=True)
    actual = sha256(archive)
    if actual != expected:
        raise SystemExit(f"error: {archive.name} has sha256 {actual}, not the recorded {expected}")
    tree = work / f"llama_cpp_python-{version}"
    if not (tree / "vendor" / "llama.cpp" / "tools" / "server").is_dir():
        with tarfile.open(archive) as tar:
            tar.extractall(work, filter="data")
    return tree / "vendor" / "llama.cpp"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(sys.executable).parent / "llama-server",
                        help="where the program goes (default: beside this Python, where `serve` looks)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "llama-server", help="sources and objects")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    version = installed_version()
    source = fetch_sources(version, args.work)
    build = args.work / "build"
    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    subprocess.run(["cmake", "-S", str(source), "-B", str(build), *generator, *CMAKE_OPTIONS, *CPU_OPTIONS], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", str(build), "--target", "llama-server", "-j", str(args.jobs)], check=True)
    built = build / "bin" / "llama-server"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(built, args.out)
    print(f"llama-server from llama-cpp-python {version}'s llama.cpp: {args.out} "
          f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
