"""Bad files dropped on the corpus manager: each shows its reason in the table, the rest is indexed."""

import os

import pytest
from PySide6.QtCore import Qt

from operator_assistant.gui.corpus import COLUMNS
from tests.conftest import make_docx
from tests.support.files import SIZE_LIMIT_MB, encrypted_pdf, real_pdf_bytes, scanned_pdf, write_config
from tests.support.window import LONG, drop, open_window, sample_folder

# The real window (or engine) with the bundled models: slow tier, `make test`. The fast tier drives the window
# on a FakeFolder instead (test_window_fast.py).
pytestmark = pytest.mark.integration


def table_rows(corpus) -> dict[str, tuple[str, str]]:
    """File name -> (Status column as shown, tooltip) for every row of the documents table."""
    model = corpus.model
    shown = {}
    for row in range(model.rowCount()):
        name = os.path.basename(model.rows[row].source)
        status = model.data(model.index(row, COLUMNS.index("Status")), Qt.ItemDataRole.DisplayRole)
        tooltip = model.data(model.index(row, COLUMNS.index("Status")), Qt.ItemDataRole.ToolTipRole)
        shown[name] = (status, tooltip)
    return shown


def test_dropped_bad_files_show_their_reasons_and_the_good_one_is_indexed(qtbot, tmp_path):
    data = tmp_path / "data"
    write_config(data)  # max_file_mb = 1
    window = open_window(qtbot, data)  # in admin mode: drops change the corpus
    assert window.settings.max_file_mb == SIZE_LIMIT_MB
    first = sample_folder(tmp_path, "filter-backwash-procedure.md")
    with qtbot.waitSignal(window.ingested, timeout=LONG):
        drop(window.corpus, [first])

    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "empty.txt").write_bytes(b"")
    noise = bytes(range(256)) * 8 + os.urandom(1024)
    (bad / "photo.pdf").write_bytes(noise)
    (bad / "blob.md").write_bytes(noise)
    (bad / "report.docx").write_bytes(noise)
    pdf = real_pdf_bytes(bad)
    (bad / "truncated.pdf").write_bytes(pdf[:len(pdf) // 2])
    encrypted_pdf(bad / "locked.pdf")
    scanned_pdf(bad / "scan.pdf")
    make_docx(bad / "blank.docx", [])
    line = "All pumps normal, no alarms.\n"
    (bad / "huge.txt").write_text(line * (int(1.5 * 2**20) // len(line)), encoding="utf-8")
    good = bad / "Насос 泵 pump manual №3.md"  # spaces and non-Latin letters in the name
    good.write_text("Pump room sump pump SP-7313 starts at 60 percent level.\n", encoding="utf-8")
    reasons = {
        "empty.txt": "failed: empty file",
        "photo.pdf": "failed: not a PDF file",
        "blob.md": "failed: binary data",
        "report.docx": "failed: not a valid DOCX file",
        "truncated.pdf": "failed: damaged or unreadable PDF",
        "locked.pdf": "failed: encrypted PDF: it needs a password",
        "blank.docx": "failed: no text found",
        "huge.txt": f"failed: file too large: 1.5 MB, above the limit of {SIZE_LIMIT_MB} MB; raise max_file_mb",
    }

    with qtbot.waitSignal(window.ingested, timeout=LONG) as ingest:
        drop(window.corpus, sorted(bad.iterdir()))  # the files themselves, not their folder
    report = ingest.args[0]
    assert {os.path.basename(r.source): r.status for r in report.results if r.status != "failed"} == {
        good.name: "added", "scan.pdf": "added"}  # the scan is read by OCR

    shown = table_rows(window.corpus)
    for name, reason in reasons.items():
        status, tooltip = shown[name]
        assert status.startswith(reason), (name, status)
        assert tooltip == status.removeprefix("failed: ")  # the whole reason on hover
    assert shown[good.name][0] == "indexed" and shown["filter-backwash-procedure.md"][0] == "indexed"
    scan = next(row for row in range(window.corpus.model.rowCount())
                if window.corpus.model.rows[row].source.endswith("scan.pdf"))
    read_by = window.corpus.model.data(window.corpus.model.index(scan, COLUMNS.index("Read by")))
    assert read_by in ("OCR 0.95", "OCR 0.96", "OCR 0.97", "OCR 0.98", "OCR 0.99", "OCR 1.00"), read_by  # OCR, mean confidence
    assert len(report.failed) == len(reasons)
    # the log under the table names the last files of the batch with their reasons
    last = report.results[-1]
    assert f"{os.path.basename(last.source)}: {last.status}" in window.corpus.log.text()

    # the good file of the batch and the document indexed before are both found
    hit = window.workspace.search("SP-7313 sump pump", k=1).passages[0]
    assert hit.source == str(good) and hit.document == good.stem
    assert os.path.basename(window.workspace.search("filter backwash procedure", k=1).passages[0].source) == \
        "filter-backwash-procedure.md"
    window.close()
