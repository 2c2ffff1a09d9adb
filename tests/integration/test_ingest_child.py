"""Ingest with documents parsed in a child process (as the window and the command line run it):
the same index as parsing here, and the next file read while this one is embedded."""

from __future__ import annotations

from operator_assistant.core.documents.process import DocumentProcess
from tests.conftest import SAMPLE_DOCS
from tests.support.engines import make_engine


def _index(engine) -> dict[str, tuple[str, str]]:
    manifest = engine.store.manifest
    out = {}
    for doc in manifest.documents():
        for chunk_id, content_hash in manifest.chunk_hashes(doc.doc_id).items():
            out[chunk_id] = (doc.source, content_hash)
    return out


class RecordingProcess(DocumentProcess):
    """Notes when each file is started and waited for."""

    def __init__(self, workers: int = 1) -> None:
        super().__init__(workers=workers)
        self.events: list[str] = []

    def start(self, path, data=None, *, stored=None):
        self.events.append(f"start {path.name}")
        return super().start(path, data, stored=stored)

    def wait(self, started, progress=None, cancel=None):
        document = super().wait(started, progress, cancel)
        self.events.append(f"got {document.path.name}")
        return document


def test_the_child_builds_the_index_parsing_here_builds(tmp_path, embedder, sample_engine):
    reader = RecordingProcess()
    engine = make_engine(tmp_path / "data", embedder)
    engine.reader = reader
    try:
        report = engine.ingest([SAMPLE_DOCS])
        assert not report.failed and report.count("added") == 14
        assert _index(engine) == _index(sample_engine)
        # each file after the first was started before the one before it had been embedded and written
        names = sorted(p.name for p in SAMPLE_DOCS.iterdir())
        for earlier, later in zip(names, names[1:]):
            assert reader.events.index(f"start {later}") < reader.events.index(f"got {later}")
            assert reader.events.index(f"start {later}") == reader.events.index(f"got {earlier}") + 1
        # a second run reads nothing: every file is unchanged
        reader.events.clear()
        assert engine.ingest([SAMPLE_DOCS]).count("unchanged") == 14 and reader.events == []
    finally:
        engine.close()
        reader.close()


def test_a_file_changed_after_it_was_read_ahead_is_read_again(tmp_path, embedder):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Pumps\n\nPump P-1 trips at 120 psi.\n", encoding="utf-8")
    (docs / "b.md").write_text("# Valves\n\nValve V-9 is exercised yearly.\n", encoding="utf-8")
    reader = RecordingProcess()
    engine = make_engine(tmp_path / "data", embedder)
    engine.reader = reader

    def change_b(state) -> None:  # at b.md's turn (read ahead while a.md was used), it changes on disk
        if state.current.endswith("b.md") and "V-10" not in (docs / "b.md").read_text(encoding="utf-8"):
            (docs / "b.md").write_text("# Valves\n\nValve V-10 is exercised monthly.\n", encoding="utf-8")

    try:
        report = engine.ingest([docs], progress=change_b)
        assert report.count("added") == 2
        assert reader.events.count("start b.md") == 2  # the copy read ahead was dropped
        [hit, *_] = engine.search("valve exercised").hits
        assert "V-10 is exercised monthly" in hit.chunk.text
    finally:
        engine.close()
        reader.close()


def test_two_readers_build_the_same_index_reading_files_side_by_side(tmp_path, embedder, sample_engine):
    import multiprocessing

    reader = RecordingProcess(workers=2)
    engine = make_engine(tmp_path / "data", embedder)
    engine.reader = reader
    try:
        report = engine.ingest([SAMPLE_DOCS])
        assert not report.failed and report.count("added") == 14
        assert _index(engine) == _index(sample_engine)
        assert len(multiprocessing.active_children()) >= 2  # a child per reader
        # two files were being read while the first was used: the third was started before the first came back
        names = sorted(p.name for p in SAMPLE_DOCS.iterdir())
        assert reader.events.index(f"start {names[2]}") < reader.events.index(f"got {names[1]}")
        assert [e for e in reader.events if e.startswith("got")] == [f"got {n}" for n in names]  # written in order
    finally:
        engine.close()
        reader.close()
