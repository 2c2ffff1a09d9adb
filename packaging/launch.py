"""Entry point of the bundled application (the same `main` as the `operator-assistant` command)."""

import multiprocessing
import sys

from operator_assistant.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen program must not re-run itself when a library forks
    sys.exit(main())
