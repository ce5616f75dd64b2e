"""The error a server request is refused with: an HTTP-like status and a short code."""

from __future__ import annotations

from hellas.core.errors import HellasError


class ServerError(HellasError):
    """A request the server refuses, with an HTTP-like status and a short code."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
