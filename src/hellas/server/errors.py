"""The error a server request is refused with, and how much of an input an error may repeat.

``ServerError`` carries an HTTP-like status and a short code.  Every error message a client is
sent goes through ``clip`` (``sockets.error_body``): it repeats at most ``ECHO`` (80)
characters of any input in a row, whatever the message was built from.
"""

from __future__ import annotations

from hellas.core.errors import ECHO, HellasError, clip

__all__ = ["ECHO", "ServerError", "clip"]


class ServerError(HellasError):
    """A request the server refuses, with an HTTP-like status and a short code."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
