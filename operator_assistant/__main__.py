import sys

from operator_assistant.cli import main

sys.exit(main())
