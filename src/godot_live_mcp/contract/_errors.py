"""Error codes and the exception that carries one across the Python side."""

from __future__ import annotations

from godot_live_mcp.contract._data import CONTRACT


class ErrorCode:
    """Names of the codes Python raises itself; every one must exist in ``contract.json``."""

    INVALID_PARAMS = "INVALID_PARAMS"
    NOT_FOUND = "NOT_FOUND"
    TIMEOUT = "TIMEOUT"
    CANCELLED = "CANCELLED"
    INTERNAL = "INTERNAL"
    EDITOR_DISCONNECTED = "EDITOR_DISCONNECTED"
    RUNTIME_DISCONNECTED = "RUNTIME_DISCONNECTED"
    GAME_NOT_RUNNING = "GAME_NOT_RUNNING"
    READ_ONLY_MODE = "READ_ONLY_MODE"
    UNKNOWN_TOOL = "UNKNOWN_TOOL"
    PROTOCOL_ERROR = "PROTOCOL_ERROR"
    AUTH_FAILED = "AUTH_FAILED"
    NAME_INVALID = "NAME_INVALID"
    RESPONSE_TOO_LARGE = "RESPONSE_TOO_LARGE"
    VERSION_UNSUPPORTED = "VERSION_UNSUPPORTED"


def is_known_code(code: str) -> bool:
    return code in CONTRACT.error_codes


def default_hint(code: str) -> str:
    """The recovery hint the contract attaches to ``code``, or ``""``."""
    return CONTRACT.error_codes.get(code, {}).get("hint", "")


class ToolError(Exception):
    """A failure with a contract code, a message a person can act on, and a hint naming the fix."""

    def __init__(self, code: str, message: str, hint: str = "") -> None:
        if not is_known_code(code):
            raise ValueError(f"unknown error code {code!r}: add it to contract.json first")
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint or default_hint(code)

    def to_envelope(self) -> dict[str, object]:
        envelope: dict[str, object] = {"success": False, "error": self.message, "code": self.code}
        if self.hint:
            envelope["hint"] = self.hint
        return envelope
