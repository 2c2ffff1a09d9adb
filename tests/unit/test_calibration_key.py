"""A stored refusal threshold applies only to the signal and the index embedder it was calibrated on."""

from pathlib import Path

from operator_assistant.core.answer.evidence import HYBRID_SIGNAL, stored_calibration
from operator_assistant.core.index.manifest import Manifest

TORCH = "all-MiniLM-L6-v2@6f1d5c9f7e99"
BF16 = TORCH + "+bf16"


def store(manifest: Manifest, signal: str, embedder: str | None, threshold: float = 0.5) -> None:
    manifest.set_meta("refusal_signal", signal)
    manifest.set_meta("refusal_threshold", repr(threshold))
    if embedder is not None:
        manifest.set_meta("refusal_embedder", embedder)


def test_nothing_stored_is_plainly_uncalibrated(tmp_path: Path):
    state = stored_calibration(Manifest(tmp_path / "m.sqlite"), HYBRID_SIGNAL, TORCH)
    assert (state.threshold, state.calibrated, state.stale) == (None, False, "")


def test_same_signal_and_embedder_applies(tmp_path: Path):
    manifest = Manifest(tmp_path / "m.sqlite")
    store(manifest, HYBRID_SIGNAL, TORCH, 0.4625)
    state = stored_calibration(manifest, HYBRID_SIGNAL, TORCH)
    assert state.calibrated and state.threshold == 0.4625 and state.embedder == TORCH and state.stale == ""


def test_another_embedder_is_stale_and_says_so(tmp_path: Path):
    manifest = Manifest(tmp_path / "m.sqlite")
    store(manifest, HYBRID_SIGNAL, TORCH)
    state = stored_calibration(manifest, HYBRID_SIGNAL, BF16)
    assert state.threshold is None and not state.calibrated
    assert TORCH in state.stale and BF16 in state.stale and "operator-assistant calibrate" in state.stale


def test_another_signal_is_stale(tmp_path: Path):
    manifest = Manifest(tmp_path / "m.sqlite")
    store(manifest, "cross-encoder:ms-marco@abc", TORCH)
    state = stored_calibration(manifest, HYBRID_SIGNAL, TORCH)
    assert state.threshold is None and "cross-encoder:ms-marco@abc" in state.stale


def test_a_threshold_without_its_embedder_is_stale(tmp_path: Path):
    # stored by a version that keyed by signal only: the index may have been re-embedded since
    manifest = Manifest(tmp_path / "m.sqlite")
    store(manifest, HYBRID_SIGNAL, None)
    state = stored_calibration(manifest, HYBRID_SIGNAL, TORCH)
    assert state.threshold is None and "older version" in state.stale and "calibrate" in state.stale
