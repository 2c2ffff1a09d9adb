"""`python -m operator_assistant`: the same entry point as the `operator-assistant` command; nothing else here."""

import sys

from operator_assistant.cli import main

sys.exit(main())
