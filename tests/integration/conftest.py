"""Integration fixtures: the sample corpus indexed once, a folder for documents (the real bundled embedder is
a fixture in tests/conftest.py, shared with the window tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SAMPLE_DOCS
from tests.support.engines import make_engine


@pytest.fixture(scope="session")
def sample_engine(tmp_path_factory, embedder):
    """The sample corpus indexed once for the whole session (read-only tests)."""
    engine = make_engine(tmp_path_factory.mktemp("sample-index"), embedder)
    report = engine.ingest([SAMPLE_DOCS])
    assert not report.failed, report.failed
    yield engine
    engine.close()


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    return folder
