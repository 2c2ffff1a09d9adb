"""The corpus manager and the source viewer show each document's revision and whether it is in force."""

from datetime import date

import pytest

from operator_assistant.core.answer.records import Source
from operator_assistant.gui.corpus import COLUMNS, CorpusManager, IdentityDialog
from operator_assistant.gui.viewer import SourceViewer
from tests.support.engines import make_engine

# A real engine with the bundled models: slow tier, `make test`. The fast tier drives the window
# on a FakeFolder instead (test_window_fast.py).
pytestmark = pytest.mark.integration


def test_corpus_table_and_viewer_show_the_revision(qtbot, tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for revision, effective, setpoint in (("B", "2025-01-10", "1.2"), ("C", "2026-05-01", "1.6")):
        (docs / f"dosing-{revision}.md").write_text(
            f"# Chlorine Dosing\n\nSOP-114 Rev {revision}, effective {effective}\n\n## Setpoint\n\n"
            f"The residual setpoint is {setpoint} mg/L.\n")
    engine = make_engine(tmp_path / "data")
    engine.today = lambda: date(2026, 6, 1)
    assert not engine.ingest([docs]).failed
    statuses = {doc_id: status.info() for doc_id, status in engine.revisions().items()}

    corpus = CorpusManager()
    qtbot.addWidget(corpus)
    docs_shown = engine.store.manifest.documents()
    corpus.model.set_documents(docs_shown, statuses)
    model = corpus.model
    shown = {model.rows[r].source.rsplit("/", 1)[-1]: [model.data(model.index(r, c)) for c in range(len(COLUMNS))]
             for r in range(model.rowCount())}
    column = {name: n for n, name in enumerate(COLUMNS)}
    assert shown["dosing-C.md"][column["Number"]] == "SOP-114" and shown["dosing-C.md"][column["In force"]] == "current"
    assert shown["dosing-B.md"][column["Revision"]] == "B"
    assert shown["dosing-B.md"][column["In force"]] == "superseded by Rev C"

    viewer = SourceViewer()
    qtbot.addWidget(viewer)
    hit = engine.search("residual setpoint", k=1).hits[0]
    c = hit.chunk
    with qtbot.waitSignal(viewer.passage_shown, timeout=60_000):
        viewer.show_passage(Source(1, c.chunk_id, hit.document.title, hit.document.source, c.section, c.pages,
                                   c.start, c.end, c.text, hit.score), statuses[hit.document.doc_id].label)
    assert "Rev C, effective 2026-05-01, supersedes Rev B" in viewer.title.text()

    # the admin's dialog: an untouched field is not a correction; a typed one is
    rev_b = next(d for d in docs_shown if d.source.endswith("dosing-B.md"))
    dialog = IdentityDialog(rev_b, statuses[rev_b.doc_id])
    qtbot.addWidget(dialog)
    assert dialog.values() == (None, None, None)
    dialog.effective.setText("2026-07-01")
    assert dialog.values() == (None, None, "2026-07-01")
    engine.close()
