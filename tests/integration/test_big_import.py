"""Big imports: overall progress, cancel keeps the finished files, a re-run skips them."""

from __future__ import annotations

import signal
from pathlib import Path

from operator_assistant.cli import main
from operator_assistant.core.ingest import CANCELLED_BEFORE_WRITTEN, IngestProgress
from tests.support.engines import MODELS, make_engine
from tests.support.files import TOPICS, manuals


class CountingEmbedder:
    """The real embedder, counting what it is asked to embed; `before` runs before each batch."""

    def __init__(self, inner, before=None) -> None:
        self.inner, self.before = inner, before
        self.model_id, self.dimension = inner.model_id, inner.dimension
        self.batches: list[list[str]] = []

    def embed(self, texts, progress=None, cancel=None):
        if self.before is not None:
            self.before(len(self.batches))
        self.batches.append(list(texts))
        return self.inner.embed(texts, progress=progress, cancel=cancel)

    def embed_query(self, text):
        return self.inner.embed_query(text)

    def embed_like_query(self, texts):
        return self.inner.embed_like_query(texts)


def test_cancel_mid_file_keeps_finished_files_and_a_rerun_skips_them(tmp_path, embedder):
    files = manuals(tmp_path / "docs")
    stop = []
    # one file per batch (ingest_batch_chunks=1): the 4th file is cancelled while it is being embedded
    counting = CountingEmbedder(embedder, before=lambda n: stop.append(True) if n == 3 else None)
    engine = make_engine(tmp_path / "data", counting, ingest_batch_chunks=1)
    seen: list[IngestProgress] = []
    report = engine.ingest([tmp_path / "docs"], progress=seen.append, cancel=lambda: bool(stop))
    status = {Path(r.source).name: (r.status, r.message) for r in report.results}
    assert report.cancelled
    assert [status[f.name][0] for f in files[:3]] == ["added"] * 3
    assert status["manual-4.md"] == ("failed", CANCELLED_BEFORE_WRITTEN)
    assert "manual-5.md" not in status and "manual-6.md" not in status
    assert sorted(Path(d.source).name for d in engine.store.manifest.documents()) == [f.name for f in files[:3]]
    hit = engine.search("sludge thickener high alarm setpoint").hits[0]
    assert Path(hit.document.source).name == "manual-3.md"
    # progress: every record sees the whole run; files done only grows and counts written files only
    assert {p.files_total for p in seen} == {6}
    done = [p.files_done for p in seen]
    assert done == sorted(done) and done[-1] == 3 and seen[-1].current == ""
    assert seen[-1].chunks == report.chunks_embedded > 0
    assert seen[-1].bytes_total == sum(f.stat().st_size for f in files)
    assert seen[-1].bytes_done == sum(f.stat().st_size for f in files[:3])
    assert "estimating time left…" in seen[0].describe()  # nothing to go on yet
    engine.close()

    rerun = CountingEmbedder(embedder)
    engine = make_engine(tmp_path / "data", rerun, ingest_batch_chunks=1)
    again = engine.ingest([tmp_path / "docs"])
    status = {Path(r.source).name: r.status for r in again.results}
    assert [status[f.name] for f in files] == ["unchanged"] * 3 + ["added"] * 3
    embedded = " ".join(t for batch in rerun.batches for t in batch).lower()
    assert not any(topic in embedded for topic in TOPICS[:3])  # the finished files were not embedded again
    assert all(topic in embedded for topic in TOPICS[3:])
    assert len(engine.store.manifest.documents()) == 6
    engine.close()


def test_cli_ctrl_c_keeps_finished_files_and_says_how_to_resume(tmp_path, capsys, monkeypatch):
    import operator_assistant.cli as cli
    import operator_assistant.core.ingest as ingest

    manuals(tmp_path / "docs")
    data = tmp_path / "data"
    data.mkdir()
    (data / "config.toml").write_text("ingest_batch_chunks = 1\n", encoding="utf-8")
    monkeypatch.setattr(cli, "PROGRESS_EVERY_SECONDS", 0.0)  # stderr is not a terminal here: plain lines
    real = ingest._ingest_one
    read: list[Path] = []

    def press_ctrl_c_at_the_fourth(file, *args, **kwargs):
        read.append(file)
        if len(read) == 4:
            signal.raise_signal(signal.SIGINT)  # as a person pressing Ctrl-C while it is read
        return real(file, *args, **kwargs)

    monkeypatch.setattr(ingest, "_ingest_one", press_ctrl_c_at_the_fourth)
    inherited = signal.getsignal(signal.SIGINT)  # ignored when the suite runs as a background job
    args = ["--data-dir", str(data), "--models-dir", str(MODELS), "ingest", str(tmp_path / "docs")]
    assert main(args) == 130
    out, err = capsys.readouterr()
    assert out.count("added ") == 3 and "cancelled after" in out
    assert "files 3/6" in err and "chunks/s" in err
    assert "3 finished file(s) are indexed and kept" in err and "run the same command again" in err
    assert signal.getsignal(signal.SIGINT) is inherited  # Ctrl-C is itself again

    monkeypatch.setattr(ingest, "_ingest_one", real)
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert out.count("unchanged ") == 3 and out.count("added ") == 3
