"""The plant server's API fuzzed from its own OpenAPI schema (schemathesis), as issue 26's probe did: bounded.

Every operation gets requests that fit the schema and requests that do not, with a valid console
token and the admin passphrase, so the requests reach the routes' own checks. Every answer must be
a status the schema documents for it, never a 5xx, and every refusal the app's own error shape.
Re-indexing and calibrating are left out: a request that fits starts a job that works for minutes.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.generation.modes import GenerationMode

from operator_assistant.remote.protocol import ADMIN_HEADER, API_HEADER, API_VERSION, encode_passphrase
from tests.conftest import TEST_ADMIN_PASSPHRASE
from tests.support.server import start_small_plant

EXAMPLES = 25  # per operation and mode: about 700 requests, about a minute here
BUDGET_SECONDS = 100.0
LEFT_OUT = {("POST", "/v1/admin/reindex"), ("POST", "/v1/admin/calibrate")}


@pytest.fixture(scope="module")
def plant(tmp_path_factory, embedder):
    plant = start_small_plant(tmp_path_factory.mktemp("plant-fuzz"), embedder)
    yield plant
    plant.running.stop()


@pytest.mark.slow
def test_every_fuzzed_request_gets_a_documented_status_and_refusals_the_apps_shape(plant):
    schema = schemathesis.openapi.from_dict(plant.running.app.openapi())
    session = requests.Session()
    session.headers.update({API_HEADER: str(API_VERSION), "Authorization": f"Bearer {plant.token}",
                            ADMIN_HEADER: encode_passphrase(TEST_ADMIN_PASSPHRASE)})
    problems: list[str] = []
    sent: dict[int, int] = {}
    started = time.monotonic()

    def check(operation: Any, case: Any) -> None:
        if time.monotonic() - started > BUDGET_SECONDS:
            return
        response = case.call(base_url=plant.url, session=session, timeout=60)
        sent[response.status_code] = sent.get(response.status_code, 0) + 1
        documented = {str(code) for code in operation.definition.raw["responses"]}
        where = f"{operation.label} {case.path_parameters} {case.query} {str(case.body)[:80]!r}"
        if response.status_code >= 500 or str(response.status_code) not in documented:
            problems.append(f"{response.status_code} for {where}: {response.text[:200]}")
        elif response.status_code >= 400:
            try:
                shape = set(response.json())
            except ValueError:
                shape = set()
            if shape != {"error", "message", "hint"}:
                problems.append(f"{response.status_code} not in the app's shape for {where}: {response.text[:200]}")

    for result in schema.get_all_operations():
        operation = result.ok()
        if (operation.method.upper(), operation.path) in LEFT_OUT:
            continue
        # nothing to make wrong in an operation without parameters or a body
        wrong = [GenerationMode.NEGATIVE] if list(operation.iter_parameters()) or len(operation.body) else []
        for mode in (GenerationMode.POSITIVE, *wrong):
            @settings(max_examples=EXAMPLES, deadline=None, database=None, phases=[Phase.generate],
                      suppress_health_check=list(HealthCheck))
            @given(case=operation.as_strategy(generation_mode=mode))
            def run(case: Any) -> None:
                check(operation, case)  # noqa: B023 (run is called at once, in this iteration)

            try:
                run()
            except Unsatisfiable:  # the schema leaves nothing to make wrong in it
                continue
    seconds = time.monotonic() - started
    print(f"\nfuzz: {sum(sent.values())} requests in {seconds:.0f} s, answers {dict(sorted(sent.items()))}")
    assert not problems, "\n".join(problems[:20])
    assert sum(sent.values()) > 200
