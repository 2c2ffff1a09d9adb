"""llama.cpp is built for one portable CPU level, the same for the library and the model server."""

from __future__ import annotations

import re
import sys

from tests.conftest import REPO

sys.path.insert(0, str(REPO / "packaging"))
import llama_server  # noqa: E402


def test_the_library_and_the_server_are_built_for_the_same_instructions_never_native() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    options = re.search(r"^LLAMA_CPU_OPTIONS := (.*)$", makefile, re.MULTILINE)
    assert options is not None
    assert options.group(1).split() == llama_server.CPU_OPTIONS
    assert "-DGGML_NATIVE=OFF" in llama_server.CPU_OPTIONS and "-DGGML_AMX_TILE=OFF" in llama_server.CPU_OPTIONS
    assert "CMAKE_ARGS='$(LLAMA_CPU_OPTIONS)'" in makefile
