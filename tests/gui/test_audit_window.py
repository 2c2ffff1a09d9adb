"""What the window does to the corpus and the settings lands in the audit log."""

import json

import pytest

from operator_assistant.config import load_settings
from operator_assistant.core.audit import AuditLog
from tests.support.engines import MODELS
from tests.support.window import LONG, open_window, sample_folder

real_models = pytest.mark.integration  # the real bundled models: slow tier (`make test`)


def events(data_dir) -> list[dict]:
    return AuditLog(data_dir / "audit").tail(100)


@real_models
def test_window_corpus_changes_are_audited(qtbot, tmp_path):
    data = tmp_path / "data"
    window = open_window(qtbot, data)
    docs = sample_folder(tmp_path, "valve-exercising-program.html")
    with qtbot.waitSignal(window.ingested, timeout=LONG):
        window.ingest([docs])
    with qtbot.waitSignal(window.ingested, timeout=LONG):
        window.corpus.reindex_button.click()
    doc = window.workspace.documents()[0]
    with qtbot.waitSignal(window.documents_shown, timeout=LONG):
        window.remove([doc.doc_id])
    window.close()
    added, reindexed, removed = events(data)
    assert (added["event"], reindexed["event"], removed["event"]) == ("ingest", "reindex", "remove")
    assert added["documents"] == [{"source": doc.source, "status": "added", "sha256": doc.content_hash}]
    assert reindexed["counts"] == {"updated": 1}
    assert removed["documents"][0]["sha256"] == doc.content_hash
    assert AuditLog(data / "audit").verify().ok


def test_settings_change_is_audited(qtbot, tmp_path):
    from operator_assistant.gui.settings_dialog import SettingsDialog

    data = tmp_path / "data"
    dialog = SettingsDialog(load_settings(data_dir=data, models_dir=MODELS))
    qtbot.addWidget(dialog)
    dialog.top_k.setValue(8)
    dialog.save()
    assert dialog.audit_warning == ""
    record = events(data)[-1]
    assert record["event"] == "settings" and record["changed"] == {"top_k": [5, 8]}
    assert json.loads((data / "audit" / "audit.jsonl").read_text().splitlines()[0])["user"]
