"""The OS account this process runs as, for the audit log and the writer lock's holder note.

It only names the account; it must not decide anything about rights (roles.py does that).
"""

from __future__ import annotations

import getpass
import os


def os_user() -> str:
    """The OS login name, or "uid:N" (or "unknown") where none is set (some services, containers).

    getpass raises KeyError (no passwd entry), OSError (Python 3.13+) or ImportError (no pwd module).
    """
    try:
        return getpass.getuser()
    except (KeyError, OSError, ImportError):
        return f"uid:{os.getuid()}" if hasattr(os, "getuid") else "unknown"
