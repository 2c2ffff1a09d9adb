"""The overall progress of an ingest: what it says, and when it dares to estimate the time left."""

from __future__ import annotations

import io
from types import SimpleNamespace

from operator_assistant.core.ingest import IngestProgress, duration


def state(**fields) -> IngestProgress:
    base = dict(files_done=3, files_total=300, current="/plant/manuals/B-200 O&M.pdf", chunks=1200, elapsed=60.0,
                bytes_done=30_000_000, bytes_total=3_000_000_000, work_bytes=30_000_000, work_seconds=60.0)
    return IngestProgress(**{**base, **fields})


def test_time_left_is_estimated_from_the_bytes_of_files_read():
    # 30 MB read in 60 s of work; 2,970 MB to go at that rate
    assert state().seconds_left == 2970 / 30 * 60
    assert state().chunks_per_second == 20.0
    assert state().describe() == "files 3/300 · 1,200 chunks · 20 chunks/s · about 1 h 39 min left"


def test_skipped_files_do_not_make_the_rest_look_fast():
    # a resumed run: 100 files unchanged (1 GB) in 2 s, then 10 MB really read in 20 s
    resumed = state(files_done=101, bytes_done=1_010_000_000, work_bytes=10_000_000, work_seconds=20.0, elapsed=22.0)
    assert resumed.seconds_left == 1_990_000_000 * 20.0 / 10_000_000


def test_estimating_until_there_is_enough_to_go_on():
    assert state(work_bytes=0, work_seconds=30.0).seconds_left is None  # no file read yet
    assert state(work_seconds=2.0).seconds_left is None  # too little time to say
    assert state(work_seconds=2.0, chunks=0).describe() == "files 3/300 · 0 chunks · estimating time left…"
    done = state(files_done=300, bytes_done=3_000_000_000, current="")
    assert done.seconds_left == 0.0 and "left" not in done.describe()


def test_durations_read_as_a_person_says_them():
    assert [duration(s) for s in (4, 59.4, 61, 3569, 3599, 7830)] == ["4 s", "59 s", "1 min", "59 min", "1 h 0 min",
                                                                      "2 h 10 min"]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_cli_progress_is_one_line_rewritten_on_a_terminal(capsys, monkeypatch):
    from operator_assistant.cli import _ProgressLine

    monkeypatch.setenv("COLUMNS", "200")
    screen = Terminal()
    line = _ProgressLine(screen)
    line.update(state())
    line.print("added     /plant/manuals/A-100.pdf  (410 chunks, 410 embedded)")
    line.update(state(files_done=4, current="/plant/manuals/C-300.pdf"))
    line.clear()
    drawn = screen.getvalue().split("\r\x1b[K")
    assert "files 3/300 · 1,200 chunks · 20 chunks/s · about 1 h 39 min left · B-200 O&M.pdf" in drawn
    assert drawn[-2].startswith("files 4/300") and drawn[-1] == ""  # cleared at the end, nothing left behind
    assert "\n" not in screen.getvalue()
    assert capsys.readouterr().out == "added     /plant/manuals/A-100.pdf  (410 chunks, 410 embedded)\n"


def test_cli_progress_is_a_plain_line_now_and_then_otherwise(monkeypatch):
    import operator_assistant.cli as cli

    log = io.StringIO()
    line = cli._ProgressLine(log)
    line.update(state())  # too soon after the start
    monkeypatch.setattr(cli, "PROGRESS_EVERY_SECONDS", 0.0)
    line.update(state(files_done=4))
    line.update(SimpleNamespace(describe=lambda: "files 300/300", current=""))  # the summary says the end
    assert log.getvalue() == "files 4/300 · 1,200 chunks · 20 chunks/s · about 1 h 39 min left · B-200 O&M.pdf\n"
