"""Services the application talks to on this machine only: a Chroma server and a llama.cpp model server.

Neither has authentication of its own, so a URL for either must name this machine's loopback.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from operator_assistant.errors import UserError

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


def is_loopback(host: str) -> bool:
    """Whether `host` is this machine's loopback (any 127.x address, ::1 or localhost); a name may resolve anywhere."""
    if host.casefold() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def loopback_url(value: str, setting: str, what: str) -> str:
    """`value` without a trailing slash, if it is http://LOOPBACK:PORT; else a UserError naming `setting`."""
    url = urlsplit(value)
    try:
        port = url.port
    except ValueError:
        port = None
    if url.scheme != "http" or url.hostname not in LOOPBACK_HOSTS or port is None:
        raise UserError(f"{setting} {value!r} is not {what} on this machine's loopback",
                        f"give it as http://127.0.0.1:PORT ({what} has no authentication: never expose it)")
    return value.rstrip("/")
