"""`python -m operator_assistant.server.chroma_cli run ...`: the chromadb wheel's own `chroma` command.

A module of ours so the plant server can start it the same way from a checkout and from the
bundled application (packaging/launch.py runs modules given with --run-module).
"""

import sys

from chromadb.cli.cli import app

if __name__ == "__main__":
    sys.argv[0] = "chroma"
    app()
