"""The base of every error this package reports to a person: what went wrong, and what to do next."""

from __future__ import annotations


class ActionableError(Exception):
    """A failure with a message a person can act on and a hint naming the next command or fix."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}\nhint: {self.hint}" if self.hint else self.message
