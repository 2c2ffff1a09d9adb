"""Entry point of the bundled application (the same `main` as the `operator-assistant` command)."""

import multiprocessing
import sys

from operator_assistant.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen program must not re-run itself when a library forks
    if len(sys.argv) > 2 and sys.argv[1] == "--run-module":
        # the plant server's children (Chroma's and llama-cpp-python's servers): `python -m` for a bundle
        import runpy

        sys.argv = [sys.argv[2], *sys.argv[3:]]
        runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
        sys.exit(0)
    sys.exit(main())
