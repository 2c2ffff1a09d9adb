"""Errors a person can act on, kept apart from bugs.

It must not import anything from the rest of the program: every layer raises these.
"""

from __future__ import annotations


class UserError(Exception):
    """Something a user or admin can fix; `hint` says how."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}\n  {self.hint}" if self.hint else self.message

    def __reduce__(self) -> tuple[type[UserError], tuple[str, str]]:
        # keeps the hint when the error comes back from a child process (pickled)
        return type(self), (self.message, self.hint)


class ModelError(UserError):
    """A model file is missing, corrupt or unusable."""


class DocumentError(UserError):
    """A document could not be read; the message is the reason shown per file."""


class IndexMismatch(UserError):
    """The index was built with another embedder than the configured one."""


class IndexBusy(UserError):
    """Another process is changing the index; reading it is still fine."""


class Cancelled(Exception):
    """The user cancelled a running job."""
