"""Build the application folder from this checkout and run it the way a plant would: with no
network, no Python and no checkout present, from a read-only location."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import REPO

pytestmark = [pytest.mark.slow, pytest.mark.integration]

GGUF = Path("_internal/models/SmolLM2-135M-Instruct/SmolLM2-135M-Instruct.Q4_1.gguf")


def _can_isolate() -> bool:
    if sys.platform != "linux" or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-n", "-m", "true"], capture_output=True)
    return probe.returncode == 0


needs_namespaces = pytest.mark.skipif(not _can_isolate(), reason="needs `unshare -n -m` (Linux, run as root)")


def _build(out: Path, role: str, folder: str) -> Path:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "packaging/build.py", "--role", role, "--dist", str(out / "dist"),
                           "--work", str(out / "work")], cwd=REPO, capture_output=True, text=True, timeout=3600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    print(f"\n{role} bundle built in {time.perf_counter() - started:.0f} s: {done.stdout.strip().splitlines()[-2]}")
    shutil.rmtree(out / "work")
    app = out / "dist" / folder
    assert (app / "operator-assistant").is_file()
    return app


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("bundle"), "full", "operator-assistant")


@pytest.fixture(scope="module")
def console_bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """packaging/build.py --role console: about 2-3 minutes on two cores (no torch, no weights)."""
    return _build(tmp_path_factory.mktemp("console-bundle"), "console", "operator-assistant-console")


def _user_env(home: Path) -> dict[str, str]:
    """A plain user's environment: no Python paths, no Hugging Face settings, nothing from this checkout."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
           "XDG_DATA_HOME": str(home / "data"), "XDG_CACHE_HOME": str(home / "cache"),
           "XDG_CONFIG_HOME": str(home / "config"), "TMPDIR": str(home / "tmp")}
    (home / "tmp").mkdir(parents=True, exist_ok=True)
    return env


def _isolated(script: str, bundle: Path, home: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    """Run `script` in new network and mount namespaces: no network interface but loopback (down),
    the bundle mounted read-only, and the checkout and the Python installation hidden."""
    python_home = Path(sys.base_prefix)
    setup = (f"set -e; mount --bind '{bundle}' '{bundle}'; mount -o remount,bind,ro '{bundle}'; "
             f"mount -t tmpfs none '{REPO}'; mount -t tmpfs none '{python_home}'; ")
    return subprocess.run(["unshare", "-n", "-m", "--", "sh", "-c", setup + script], cwd=home,
                          env=_user_env(home), capture_output=True, text=True, timeout=timeout)


@needs_namespaces
def test_self_test_passes_offline_read_only_without_python(bundle: Path, tmp_path: Path) -> None:
    started = time.perf_counter()
    run = _isolated(f"if touch '{bundle}/probe' 2>/dev/null; then echo 'bundle is writable'; exit 9; fi; "
                    f"test ! -e '{REPO / 'operator_assistant'}'; test ! -e '{sys.base_prefix}/bin'; "
                    "test \"$(tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ')\" = lo || exit 8; "
                    f"'{bundle}/operator-assistant' --self-test", bundle, tmp_path, timeout=900)
    print(f"\nself-test in {time.perf_counter() - started:.0f} s:\n{run.stdout}")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "PASS  weights" in run.stdout
    assert "PASS  ingest sample corpus" in run.stdout
    assert "PASS  answerable question" in run.stdout
    assert "PASS  question not in the documents" in run.stdout
    assert "PASS  OCR" in run.stdout
    assert "self-test passed: 5/5" in run.stdout
    # the self-test's data dir was a temporary one, and it is gone
    assert "operator-assistant-self-test-" in run.stdout
    assert not list((tmp_path / "tmp").glob("operator-assistant-self-test-*"))


def test_the_full_bundle_leaves_torch_out_and_stays_under_a_gibibyte(bundle: Path) -> None:
    internal = bundle / "_internal"
    for left_out in ("torch", "sentence_transformers", "transformers", "huggingface_hub"):
        assert not (internal / left_out).exists(), left_out
    # the embedder runs from its float32 export; its torch weights are not needed without torch
    assert (internal / "models" / "all-MiniLM-L6-v2" / "onnx-fp32" / "model.onnx").is_file()
    assert not (internal / "models" / "all-MiniLM-L6-v2" / "model.safetensors").exists()
    size = sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file() and not f.is_symlink())
    assert size < 2**30, f"{size / 2**20:.0f} MiB"  # issue 29: an installer under 1 GiB with every shipped model


@needs_namespaces
def test_tampered_weight_is_refused_with_a_clear_message(bundle: Path, tmp_path: Path) -> None:
    truncated = tmp_path / "truncated.gguf"
    with open(bundle / GGUF, "rb") as original:
        truncated.write_bytes(original.read(1 << 20))
    # Lay the truncated copy over the bundled weight inside the namespace only.
    run = _isolated(f"mount --bind '{truncated}' '{bundle / GGUF}'; '{bundle}/operator-assistant' --self-test",
                    bundle, tmp_path / "home", timeout=300)
    assert run.returncode != 0
    assert "FAIL  weights" in run.stdout
    assert "SmolLM2-135M-Instruct.Q4_1.gguf: sha256 does not match" in run.stdout
    assert "Traceback" not in run.stdout + run.stderr


@needs_namespaces
def test_window_starts_offline_and_becomes_ready(bundle: Path, tmp_path: Path) -> None:
    """The window program: launch to a ready question box, offline, user data in the user's data dir."""
    home = tmp_path / "home"
    log = home / "data" / "operator-assistant" / "logs" / "operator-assistant.log"
    started = time.perf_counter()
    script = (f"QT_QPA_PLATFORM=offscreen '{bundle}/operator-assistant' & pid=$!; "
              f"for i in $(seq 1 600); do grep -q 'ready: models loaded' '{log}' 2>/dev/null && break; sleep 0.2; done; "
              f"kill $pid; grep -q 'ready: models loaded' '{log}'")
    run = _isolated(script, bundle, home, timeout=300)
    seconds = time.perf_counter() - started
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:] + (log.read_text() if log.exists() else "no log")
    print(f"\nlaunch to ready question box: {seconds:.1f} s (polling every 0.2 s)")
    assert (home / "data" / "operator-assistant" / "history.sqlite3").is_file()


@needs_namespaces
def test_console_bundle_has_no_engine_passes_its_self_test_and_refuses_embedded_use(console_bundle: Path,
                                                                                    tmp_path: Path) -> None:
    internal = console_bundle / "_internal"
    assert not (internal / "models").exists() and not (internal / "corpus").exists()
    for left_out in ("torch", "llama_cpp", "chromadb", "sentence_transformers", "onnxruntime", "scipy", "uvicorn"):
        assert not (internal / left_out).exists(), left_out
    assert (internal / "install-role").read_text(encoding="utf-8").strip() == "console"
    # (the isolation script runs under `set -e`: each exit status is caught with && or ||)
    run = _isolated(f"'{console_bundle}/operator-assistant' --self-test && echo 'self-test exit 0'; "
                    f"'{console_bundle}/operator-assistant' status || echo \"status exit $?\"",
                    console_bundle, tmp_path, timeout=300)
    assert "self-test passed: 2/2" in run.stdout and "PASS  console parts" in run.stdout, run.stdout + run.stderr
    assert "self-test exit 0" in run.stdout and "status exit 2" in run.stdout
    assert "this is a console installation: `status` works only through a plant server" in run.stderr
    assert "--server https://HOST:8750" in run.stderr and "Settings > Plant server" in run.stderr
    assert "Traceback" not in run.stdout + run.stderr
