"""Both holders of a data folder (and the tests' FakeFolder) keep to folder/contract.py, and its records
survive the wire.

mypy checks the types (each implementation module assigns itself to DataFolder); this checks at run
time what mypy does not see: the same parameter names, so a keyword call works on either.
"""

import dataclasses
import inspect
from datetime import date

from operator_assistant.config import load_settings
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.folder import wire
from operator_assistant.folder.contract import AdminGate, DataFolder
from operator_assistant.folder.records import (
    DocumentInfo,
    FileResult,
    FolderStatus,
    IndexHealth,
    IngestReport,
    JobProgress,
    ModelInfo,
    OcrPage,
    OcrWord,
    Passage,
    Passages,
    RefusalInfo,
    RevisionInfo,
)
from operator_assistant.remote.client import PlantClient
from operator_assistant.remote.folder import RemoteFolder
from tests.support.fake_folder import FakeFolder


def _members(protocol: type) -> list[str]:
    return [name for name in vars(protocol) if not name.startswith("_")]


def _check(protocol: type, instance: object) -> None:
    members = _members(protocol)
    assert len(members) >= 6, "the contract lost its members"
    name_of = type(instance).__name__
    for name in members:
        wanted = getattr(protocol, name)
        assert hasattr(instance, name), f"{name_of} lacks {name}"
        found = getattr(type(instance), name, None)
        if isinstance(wanted, property):  # a property or an attribute set by __init__
            assert found is None or isinstance(found, property), f"{name_of}.{name} is not a value"
            continue
        assert callable(found), f"{name_of}.{name} is not a method"
        assert list(inspect.signature(found).parameters) == list(inspect.signature(wanted).parameters), \
            f"{name_of}.{name} takes other parameters than the contract's"


def test_every_folder_has_every_member_of_the_contract_with_the_same_parameters(tmp_path):
    settings = load_settings(data_dir=tmp_path / "data", models_dir=tmp_path / "models")
    local = LocalFolder(settings, audit=False)  # opens nothing until asked
    remote = RemoteFolder(settings, PlantClient("http://127.0.0.1:9", "unused-token"))  # connects only when asked
    fake = FakeFolder(tmp_path / "fake")  # the window's fast tests stand on it: it must not drift either
    try:
        for folder in (local, remote, fake):
            _check(DataFolder, folder)
            _check(AdminGate, folder.admin_session())
    finally:
        for folder in (local, remote, fake):
            folder.close()


DOC = DocumentInfo("d1", "/srv/library/sop-114.pdf", "SOP-114 Chlorination", "pdf", "ab" * 32, 2048, 12,
                   "structure", 1_764_700_000.0, "indexed", None, 40, ocr_pages=3, ocr_confidence=0.91,
                   unreadable_pages=(7,))
REVISION = RevisionInfo("d1", "SOP-114 Rev C, effective 2026-05-01", "current", "current", True, "SOP-114", "C",
                        date(2026, 5, 1), "number: title block", date(2026, 5, 1))


def test_documents_and_revisions_come_back_as_they_went():
    data = wire.document_to_json(DOC, REVISION)
    assert data["name"] == "sop-114.pdf" and data["revision"] == REVISION.label
    assert data["ocr_note"].startswith("read by OCR on 3 pages, mean confidence 0.91; page 7")
    assert wire.document_from_json(data) == DOC
    assert wire.document_revision(data) == REVISION
    # a server before revision_info sent the label alone
    old = {k: v for k, v in data.items() if k != "revision_info"}
    assert wire.document_revision(old) == RevisionInfo("d1", REVISION.label)
    assert wire.document_revision({**old, "revision": None}) is None


def test_status_keeps_its_json_and_hides_nothing_it_was_given():
    health = IndexHealth(40, 40, 40, "all-MiniLM-L6-v2@abc", True)
    status = FolderStatus("ms-marco-MiniLM", RefusalInfo("rerank", "0.25", "e", True, ""),
                          (wire.status_document(DOC),), health, "all-MiniLM-L6-v2", "SmolLM2",
                          (ModelInfo("SmolLM2", "llm", "ok"),), "/data", "/models")
    data = wire.status_to_json(status)
    assert list(data) == ["reranker", "refusal", "data_dir", "models_dir", "documents", "chunks", "index",
                          "embedder_configured", "llm_configured", "models"]
    assert data["documents"][0]["ocr"] == {"pages": 3, "mean_confidence": 0.91, "unreadable_pages": [7]}
    assert data["documents"][0]["hash"] == "ab" * 6 and data["chunks"] == 40
    assert wire.status_from_json(data) == status
    hidden = wire.status_to_json(dataclasses.replace(status, data_dir=None, models_dir=None))
    assert "data_dir" not in hidden and "models_dir" not in hidden
    assert wire.status_from_json({**data, "a_later_field": 1, "index": {**data["index"], "later": 2}}) == status


def test_ingest_records_and_passages_come_back_as_they_went():
    report = IngestReport([FileResult("a.pdf", "added", "", 4, 0, 4), FileResult("b.txt", "failed", "empty")],
                          0, 1.25, 4, False, ["a note"])
    assert wire.report_from_json(wire.report_to_json(report)) == report
    assert wire.report_from_json(wire.report_to_json(report), cancelled=True).cancelled
    progress = JobProgress(1, 2, "/srv/library/a.pdf", 4, "OCR page 1 of 3", 10, 20, "files 1/2")
    sent = wire.progress_from_json(wire.progress_to_json(progress))
    assert sent.current == "a.pdf" and sent.describe() == "files 1/2" and sent.files_total == 2
    found = Passages("chlorine alarm", (Passage("c1", "d1", "SOP-114", "/srv/sop.pdf", ("4", "4.2"), (3,), 10, 90,
                                                0.5, 1, None, "The alarm is set at 4.0 mg/L.", "Rev C"),),
                     {"total_ms": 12.3})
    assert wire.passages_from_json(wire.passages_to_json(found)) == found


def test_ocr_pages_come_back_as_they_went():
    pages = {0: OcrPage("Pump P-1", (OcrWord(0, 4, (10.0, 20.0, 60.0, 32.5), 0.97), OcrWord(5, 8, (65.0, 20.0, 90.0, 32.5), 0.9)),
                        0.935),
             6: OcrPage("")}
    data = wire.ocr_pages_to_json(pages)
    assert list(data) == ["0", "6"] and data["0"]["words"][0] == {"start": 0, "end": 4, "box": (10.0, 20.0, 60.0, 32.5),
                                                                  "confidence": 0.97}
    import json

    assert wire.ocr_pages_from_json(json.loads(json.dumps(data))) == pages
