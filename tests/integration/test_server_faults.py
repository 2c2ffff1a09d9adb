"""The plant server's fault requirement, one trial of each kind: real processes, SIGKILL, nothing lost.

Each trial kills once the operation is seen under way (the benchmark, scripts/bench_server_faults.py,
kills at random moments instead); the checks are in tests/support/server_faults.py.
"""

from __future__ import annotations

import hashlib
import threading
import time

import httpx
import pytest

from operator_assistant.remote.client import PlantClient
from tests.support.server_faults import PASSPHRASE, PATIENT, PlantProcess, Trials, free_port, fresh_copy


@pytest.fixture(scope="module")
def trials(tmp_path_factory):
    found = Trials(tmp_path_factory.mktemp("server-faults"), sure=True)
    yield found
    found.close()


@pytest.mark.slow
def test_a_server_killed_mid_ingest_recovers_whole_and_the_polling_console_with_it(trials):
    result = trials.ingest()
    assert result.landed


@pytest.mark.slow
def test_a_server_killed_mid_answer_gives_the_console_a_plain_error_and_keeps_its_history(trials):
    result = trials.answer()
    assert result.landed


@pytest.mark.slow
def test_a_console_killed_mid_upload_leaves_nothing_on_the_server(trials):
    result = trials.upload()
    assert result.landed


@pytest.mark.slow
def test_a_console_killed_mid_answer_leaves_the_server_answering_others_with_its_log_whole(trials):
    result = trials.question()
    assert result.landed


@pytest.mark.slow
def test_an_upload_the_server_was_killed_in_is_sent_whole_once_it_is_back(trials):
    """The console's retry after the crash sends the file from its start, and the partial file is cleared."""
    data_dir = fresh_copy(trials.base, trials.work / "upload-retry" / "data")
    plant = PlantProcess(data_dir, free_port(), trials.work / "upload-retry-server.log")
    plant.start()
    plant.wait_ready()
    big = trials.work / "retry-source.txt"
    big.write_bytes(b"Filter F-4 loss of head alarm at 8.5 ft; backwash at 9 ft.\n" * 400_000)
    library = data_dir / "library"
    outcome: dict = {}
    try:
        def kill_mid_upload() -> None:
            deadline = time.monotonic() + 120
            while sum(p.stat().st_size for p in library.glob(".retry.txt.*.upload")) < 2**20:
                assert time.monotonic() < deadline
                time.sleep(0.005)
            outcome["orphans"] = plant.kill()
            outcome["partials"] = list(library.glob(".retry.txt.*.upload"))
            plant.start()

        killer = threading.Thread(target=kill_mid_upload)
        killer.start()
        with PlantClient(plant.url, trials.token, admin_passphrase=PASSPHRASE, backoff=PATIENT,
                         on_retry=lambda message: None) as console:
            stored = console.upload(big, "retry.txt")
        killer.join()
        data = big.read_bytes()
        assert outcome["partials"] and not outcome["orphans"]  # the kill came mid-upload
        assert stored["bytes"] == len(data) and stored["sha256"] == hashlib.sha256(data).hexdigest()
        assert (library / "retry.txt").read_bytes() == data
        assert not list(library.glob("*.upload")) and not list(library.glob(".*.upload"))
        with httpx.Client() as http:
            assert http.get(f"{plant.url}/v1/version").status_code == 200
    finally:
        plant.stop()
