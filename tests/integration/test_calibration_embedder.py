"""After the index is re-embedded by another embedder, the old refusal threshold is not used, and status says so."""

from pathlib import Path

from operator_assistant.cli import main
from operator_assistant.config import load_settings
from operator_assistant.core.answer.policy import DEFAULT_POLICY
from operator_assistant.core.embedding import Bf16PassageEmbedder
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.evaluation.golden import load_golden
from tests.conftest import REPO
from tests.support.engines import MODELS, copy_sample

NAMES = ["confined-space-entry.txt", "alarm-response-procedures.md", "booster-station-b-om-manual.pdf"]


def open_workspace(data: Path, embedder, backend: str) -> LocalFolder:
    return LocalFolder(load_settings(data_dir=data, models_dir=MODELS, embed_backend=backend), audit=False,
                     embedder=embedder)


def test_switching_embedders_drops_the_calibrated_threshold_until_calibrate(embedder, tmp_path: Path, docs: Path,
                                                                             capsys):
    copy_sample(NAMES, docs)
    questions = [q for q in load_golden(REPO / "corpus" / "golden.jsonl") if q.source_file in (None, *NAMES)]
    data = tmp_path / "data"
    torch_ws = open_workspace(data, embedder, "torch")
    assert not torch_ws.ingest([docs]).failed
    calibrated = torch_ws.calibrate(questions)
    assert calibrated.embedder == embedder.model_id
    assert torch_ws.assistant.threshold() == (calibrated.threshold, True)
    assert torch_ws.status().refusal.calibrated
    torch_ws.close()

    # Built here without asking the CPU: the id is the one `embed_backend = "bf16"` records
    bf16 = Bf16PassageEmbedder(embedder)
    bf16_ws = open_workspace(data, bf16, "bf16")
    assert any("re-embedding every chunk" in note for note in bf16_ws.ingest([docs]).notes)
    refusal = bf16_ws.status().refusal
    assert not refusal.calibrated and refusal.embedder == embedder.model_id
    assert embedder.model_id in refusal.stale and bf16.model_id in refusal.stale
    assert bf16_ws.assistant.threshold() == (DEFAULT_POLICY.default_threshold, False)
    line, _ = bf16_ws.describe_models()
    assert "refusal threshold: default" in line and "operator-assistant calibrate" in line
    bf16_ws.close()

    # what an admin sees (status loads no model, so the configured backend does not matter here)
    assert main(["--data-dir", str(data), "--models-dir", str(MODELS), "status"]) == 0
    out = capsys.readouterr().out
    assert "refusal:    default threshold; the stored threshold was calibrated with embedder" in out
    assert "operator-assistant calibrate" in out

    bf16_ws = open_workspace(data, bf16, "bf16")
    again = bf16_ws.calibrate(questions)
    assert again.embedder == bf16.model_id
    assert bf16_ws.assistant.threshold() == (again.threshold, True)
    refusal = bf16_ws.status().refusal
    assert refusal.calibrated and refusal.stale == "" and refusal.embedder == bf16.model_id
    bf16_ws.close()
