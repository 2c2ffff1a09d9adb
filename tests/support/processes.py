"""What tests run in another process: a holder of the index's write lock, the command line as a console runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence

from operator_assistant.resources import CONSOLE, CONSOLE_LEAVES_OUT, ENV_ROLE
from tests.conftest import REPO

HOLD = """
import sys
from pathlib import Path
from operator_assistant.core.index.store import IndexStore
store = IndexStore(Path(sys.argv[1]))
with store.writing():
    print("holding", flush=True)
    sys.stdin.readline()
"""


# Runs before the program: any import of a left-out library fails as it would in a console bundle.
BLOCKER = f"""
import importlib.abc, sys
LEFT_OUT = {tuple(CONSOLE_LEAVES_OUT)!r}
class LeftOut(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in LEFT_OUT:
            raise ImportError(f"{{name}} is not in a console installation")
sys.meta_path.insert(0, LeftOut())
from operator_assistant.cli import main
code = main(sys.argv[1:])
sys.stdout.flush()
print("loaded:", sorted({{n.split(".")[0] for n in sys.modules}} & set(LEFT_OUT)))
sys.exit(code)
"""


def run_as_console(args: Sequence[str], timeout: float = 120, **env: str) -> subprocess.CompletedProcess[str]:
    """`operator-assistant ARGS` as a console installation runs it (the left-out libraries unimportable)."""
    environment = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen", ENV_ROLE: CONSOLE, **env}
    return subprocess.run([sys.executable, "-c", BLOCKER, *args], capture_output=True, text=True, env=environment,
                          stdin=subprocess.DEVNULL, timeout=timeout, cwd=REPO)
