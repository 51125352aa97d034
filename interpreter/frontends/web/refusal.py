"""A request the server refuses: its HTTP status and a message for the user (and any extra fields
of the answer, such as a rule file's problems). Every module of the web app raises it; app.py
answers it (its `handled` wrapper), never with a traceback."""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """A request the server refuses: an HTTP status and a message for the user."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra
