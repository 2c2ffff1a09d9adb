"""The window as a console of a real plant server: uvicorn on a loopback port, real models, real HTTP.

The window gets a RemoteFolder and is driven as an operator and an admin drive it: asking
with a streamed answer, opening a citation, listing documents, an admin's drop with progress,
and the server going away and coming back. Nothing between the window and the server is mocked.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from operator_assistant.config import load_settings
from operator_assistant.core.local_folder import LocalFolder
from operator_assistant.core.roles import set_passphrase
from operator_assistant.gui.main_window import MainWindow
from operator_assistant.remote.client import Backoff, PlantClient
from operator_assistant.remote.folder import RemoteFolder
from operator_assistant.server.tokens import ConsoleTokens
from tests.conftest import TEST_ADMIN_PASSPHRASE
from tests.support.engines import MODELS, copy_sample
from tests.support.server import RunningServer, free_port
from tests.support.window import click_link, drop

# a real plant server with the real models: the whole suite's tier, not the editing loop's
pytestmark = pytest.mark.slow

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
LONG = 180_000
QUESTION = "What is the discharge pressure alarm threshold on the B-series boosters?"
SAMPLES = ["booster-station-b-om-manual.pdf", "alarm-response-procedures.md"]


@dataclass
class Plant:
    url: str
    port: int
    token: str
    settings: Any
    embedder: Any
    running: RunningServer | None


@pytest.fixture(scope="module")
def plant(tmp_path_factory, embedder):
    data_dir = tmp_path_factory.mktemp("plant")
    # the model words the card, so the window's answer streams tokens
    (data_dir / "config.toml").write_text('answer_mode = "card+model"\n', encoding="utf-8")
    settings = load_settings(data_dir=data_dir, models_dir=MODELS)
    set_passphrase(data_dir, TEST_ADMIN_PASSPHRASE)
    docs = tmp_path_factory.mktemp("docs")
    copy_sample(SAMPLES, docs)
    with LocalFolder(settings, embedder=embedder) as workspace:
        assert not workspace.ingest([docs]).failed
    port = free_port()
    plant = Plant(f"http://127.0.0.1:{port}", port, ConsoleTokens(data_dir).add("console-gui"), settings, embedder,
                  RunningServer(settings, embedder, port))
    yield plant
    if plant.running is not None:
        plant.running.stop()


def console_window(qtbot, plant: Plant, folder: Path) -> MainWindow:
    settings = load_settings(data_dir=folder, models_dir=MODELS)
    client = PlantClient(plant.url, plant.token, backoff=Backoff(first=0.2, most=0.5, give_up_after=2.0))
    win = MainWindow(RemoteFolder(settings, client), offer_sample=False)
    qtbot.addWidget(win)
    return win


def open_console(qtbot, plant: Plant, tmp_path: Path) -> MainWindow:
    win = console_window(qtbot, plant, tmp_path / "console")
    with qtbot.waitSignals([win.ready, win.documents_shown], timeout=LONG):  # the server's list, shown
        win.show()
    return win


@pytest.fixture
def console(qtbot, plant, tmp_path):
    win = open_console(qtbot, plant, tmp_path)
    yield win
    win.close()


def ask(qtbot, win: MainWindow, question: str) -> Any:
    win.chat.question.setPlainText(question)
    with qtbot.waitSignal(win.answered, timeout=LONG) as asked:
        qtbot.keyClick(win.chat.question, Qt.Key.Key_Return)
    # the answer task's end is posted after the answer: let it run, or it lands on the next question
    qtbot.wait(300)
    return asked.args[0]


def test_the_console_streams_an_answer_and_opens_the_cited_passage(qtbot, console, monkeypatch):
    assert console.server_label.text().startswith("Plant server: http://127.0.0.1:")
    assert console.corpus.model.rowCount() == len(SAMPLES)  # the server's documents, listed
    pieces: list[str] = []
    original = console.chat.append_text
    monkeypatch.setattr(console.chat, "append_text", lambda piece: (pieces.append(piece), original(piece)))
    answer = ask(qtbot, console, QUESTION)
    assert pieces, "the model's words arrive as they are written"
    assert not answer.refused and answer.citations and answer.card is not None
    high = {row[0].text: row[answer.card.columns.index("High alarm")].text for row in answer.card.rows}
    assert high["B-2"] == "118"
    first = answer.citations[0]
    with qtbot.waitSignal(console.viewer.passage_shown, timeout=LONG):
        click_link(qtbot, console.chat.transcript, f"[{first.number}]")
    assert console.viewer.current == first
    assert console.viewer.highlighted_text.split() == first.text.split()
    assert console.viewer.highlighted_text_visible()
    # read from the console's own copy, downloaded once and kept by document and content hash
    copies = list((console.settings.data_dir / "server-documents").glob(f"{first.doc_id}-*/*"))
    assert [c.name for c in copies] == [Path(first.source).name]


def test_an_admin_drops_a_file_on_the_console_and_it_is_answerable(qtbot, console, tmp_path, monkeypatch):
    new = tmp_path / "drop" / "reservoir-z-overflow.md"
    new.parent.mkdir()
    new.write_text("# Reservoir Z overflow\n\nThe overflow alarm setpoint for Reservoir Z is 7.35 metres. "
                   "On the overflow alarm, close inlet valve Z-IV-3 and call the shift supervisor.\n", encoding="utf-8")
    drop(console.corpus, [new])
    assert "Admin mode is needed" in console.corpus.log.text()  # an operator cannot add documents
    assert not console.admin.session.unlock("not the passphrase")  # the server checked it and said no
    assert console.admin.session.unlock(TEST_ADMIN_PASSPHRASE)
    console.admin.check()
    shown: list[str] = []
    original = console.corpus.show_progress
    monkeypatch.setattr(console.corpus, "show_progress", lambda state: (shown.append(state.describe()), original(state)))
    with qtbot.waitSignal(console.ingested, timeout=LONG) as ingested:
        drop(console.corpus, [new])
    assert ingested.args[0].count("added") == 1 and shown
    assert console.corpus.model.rowCount() == len(SAMPLES) + 1
    answer = ask(qtbot, console, "What is the overflow alarm setpoint for Reservoir Z?")
    assert not answer.refused and "7.35" in answer.text
    assert any(Path(c.source).name == new.name for c in answer.citations)
    with qtbot.waitSignal(console.documents_shown, timeout=LONG):
        console.corpus.remove_requested.emit([d.doc_id for d in console.corpus.model.rows
                                              if Path(d.source).name == new.name])
    assert console.corpus.model.rowCount() == len(SAMPLES)


def test_the_console_says_when_the_server_is_down_keeps_its_history_and_recovers(qtbot, plant, tmp_path):
    win = open_console(qtbot, plant, tmp_path)
    try:
        ask(qtbot, win, QUESTION)
        assert win.conversations.count() == 1
        assert plant.running is not None
        plant.running.stop()
        plant.running = None
        win.chat.question.setPlainText("What is the low suction pressure alarm on the B-series boosters?")
        qtbot.keyClick(win.chat.question, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not win.chat.stop_button.isEnabled(), timeout=30_000)
        assert "plant server" in win.chat.transcript.toPlainText().lower(), win.chat.transcript.toPlainText()[-300:]
        qtbot.waitUntil(lambda: "history is kept" in win.statusBar().currentMessage(), timeout=5_000)
        assert "Plant server" in win.statusBar().currentMessage()
        assert win.conversations.count() == 1  # the history stays on the console
        # a console started while the server is away says so, and waits for it
        late = console_window(qtbot, plant, tmp_path / "late")
        late.show()
        qtbot.waitUntil(lambda: "not answering" in late.statusBar().currentMessage(), timeout=30_000)
        assert not late.loaded, late.statusBar().currentMessage()
        time.sleep(0.5)
        with qtbot.waitSignal(late.ready, timeout=LONG):
            plant.running = RunningServer(plant.settings, plant.embedder, plant.port)
        late.close()
        answer = ask(qtbot, win, QUESTION)
        assert not answer.refused
        qtbot.waitUntil(lambda: "is back" in win.statusBar().currentMessage(), timeout=5_000)
    finally:
        win.close()


def test_cancel_stops_an_upload_or_the_server_job_and_keeps_what_finished(plant, tmp_path):
    folder = tmp_path / "batch"
    folder.mkdir()
    for n in range(4):
        (folder / f"note-{n}.md").write_text(f"# Note {n}\n\nPump P-{n} runs on duty day {n}.\n", encoding="utf-8")
    workspace = RemoteFolder(load_settings(data_dir=tmp_path / "console", models_dir=MODELS),
                                PlantClient(plant.url, plant.token, admin_passphrase=TEST_ADMIN_PASSPHRASE))
    try:
        before = {d.doc_id for d in workspace.documents()}
        stopped = workspace.ingest([folder], cancel=lambda: True)  # Cancel before the first upload
        assert stopped.cancelled and not stopped.results
        assert {d.doc_id for d in workspace.documents()} == before
        asked = []

        def cancel_once_uploaded() -> bool:  # one check per upload, then the job's
            asked.append(1)
            return len(asked) > 4

        report = workspace.ingest([folder], cancel=cancel_once_uploaded)
        # the server stops between files: what finished is indexed, the rest is not
        added = {d.doc_id for d in workspace.documents()} - before
        assert report.cancelled or report.count("added") == 4
        assert len(added) == report.count("added")
        if added:
            workspace.remove(sorted(added))
    finally:
        workspace.close()


def test_the_settings_dialog_points_the_next_start_at_a_plant_server(qtbot, tmp_path, monkeypatch):
    from operator_assistant.config import remembered_server
    from operator_assistant.gui.settings_dialog import SettingsDialog

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # the remembered server: not the user's
    dialog = SettingsDialog(load_settings(data_dir=tmp_path / "data", models_dir=MODELS))
    qtbot.addWidget(dialog)
    assert dialog.server.text() == ""  # the default: this computer's data folder
    dialog.server.setText("plant-server:8750")
    dialog.save()
    assert dialog.saved is None and "not a plant server address" in dialog.message.text()
    dialog.server.setText("https://plant-server:8750")
    dialog.save()
    assert dialog.saved is not None and "console of the plant server https://plant-server:8750" in dialog.restart_note
    assert remembered_server() == "https://plant-server:8750"
    again = SettingsDialog(load_settings(data_dir=tmp_path / "data", models_dir=MODELS))
    qtbot.addWidget(again)
    assert again.server.text() == "https://plant-server:8750"
    again.server.setText("")
    again.save()
    assert remembered_server() is None and "this computer's data folder" in again.restart_note
