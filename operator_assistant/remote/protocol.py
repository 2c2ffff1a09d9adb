"""The contract between a plant server and its consoles: header names, paths, the API version's refusal
(the version itself and the records' JSON are folder/wire.py's).

Both sides import it, so a name is spelled once. It must not import the server, the client
library or anything that opens an index.
"""

from __future__ import annotations

from urllib.parse import quote, unquote

from operator_assistant import __version__
from operator_assistant.folder.wire import API_VERSION

APP_VERSION = __version__
PREFIX = "/v1"
DEFAULT_PORT = 8750

API_HEADER = "X-Operator-Assistant-Api"
CONSOLE_HOST_HEADER = "X-Console-Host"
CONSOLE_USER_HEADER = "X-Console-User"
ADMIN_HEADER = "X-Admin-Passphrase"  # the passphrase's UTF-8, percent-encoded (encode_passphrase)

# HTTP status a server answers a console of another API version with (and a console reads as such).
VERSION_MISMATCH_STATUS = 426

ENV_TOKEN = "OPERATOR_ASSISTANT_TOKEN"
ENV_SERVER = "OPERATOR_ASSISTANT_SERVER"
ENV_SERVER_CA = "OPERATOR_ASSISTANT_SERVER_CA"


def version_refusal(theirs: object, their_app: object, ours_side: str) -> str:
    """The one sentence both sides say when the API versions differ."""
    other = "console" if ours_side == "server" else "plant server"
    return (f"this {ours_side} speaks API {API_VERSION} (Operator Assistant {APP_VERSION}); the {other} speaks "
            f"API {theirs} (Operator Assistant {their_app or 'unknown version'})")


VERSION_HINT = "install the same Operator Assistant version on the consoles and the plant server"


def encode_passphrase(passphrase: str) -> str:
    """The admin passphrase as ADMIN_HEADER carries it: HTTP headers are Latin-1 and trim spaces at the ends,
    so every byte of its UTF-8 but letters, digits and '-._~' is percent-encoded."""
    return quote(passphrase, safe="")


def decode_passphrase(value: str) -> str:
    """The passphrase from ADMIN_HEADER; ValueError when it is not percent-encoded UTF-8."""
    return unquote(value, errors="strict")
