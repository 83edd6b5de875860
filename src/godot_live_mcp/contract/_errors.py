"""Error codes and the one error hierarchy of the Python side: code, message, hint."""

from __future__ import annotations

from typing import ClassVar

from godot_live_mcp.contract._data import CONTRACT


class ErrorCode:
    """Names of the codes Python raises itself; every one must exist in ``contract.json``."""

    INVALID_PARAMS = "INVALID_PARAMS"
    NOT_FOUND = "NOT_FOUND"
    TIMEOUT = "TIMEOUT"
    CANCELLED = "CANCELLED"
    INTERNAL = "INTERNAL"
    EDITOR_DISCONNECTED = "EDITOR_DISCONNECTED"
    EDITOR_NOT_RUNNING = "EDITOR_NOT_RUNNING"
    INSTANCE_AMBIGUOUS = "INSTANCE_AMBIGUOUS"
    INVALID_OPERATION = "INVALID_OPERATION"
    RUNTIME_DISCONNECTED = "RUNTIME_DISCONNECTED"
    GAME_NOT_RUNNING = "GAME_NOT_RUNNING"
    GAME_PAUSED_IN_DEBUGGER = "GAME_PAUSED_IN_DEBUGGER"
    HEADLESS_UNSUPPORTED = "HEADLESS_UNSUPPORTED"
    READ_ONLY_MODE = "READ_ONLY_MODE"
    UNKNOWN_TOOL = "UNKNOWN_TOOL"
    PROTOCOL_ERROR = "PROTOCOL_ERROR"
    AUTH_FAILED = "AUTH_FAILED"
    NAME_INVALID = "NAME_INVALID"
    RESPONSE_TOO_LARGE = "RESPONSE_TOO_LARGE"
    VERSION_UNSUPPORTED = "VERSION_UNSUPPORTED"
    SETUP_FAILED = "SETUP_FAILED"
    RATE_LIMITED = "RATE_LIMITED"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    LIMIT_EXCEEDED = "LIMIT_EXCEEDED"
    EXTENSION_ERROR = "EXTENSION_ERROR"
    NAMESPACE_RESERVED = "NAMESPACE_RESERVED"
    DUPLICATE_COMMAND = "DUPLICATE_COMMAND"
    PATH_DENIED = "PATH_DENIED"
    SCENE_NOT_OPEN = "SCENE_NOT_OPEN"
    PARSE_ERROR = "PARSE_ERROR"
    EXECUTION_ERROR = "EXECUTION_ERROR"
    ALREADY_EXISTS = "ALREADY_EXISTS"
    EXPORT_FAILED = "EXPORT_FAILED"
    WRITE_FAILED = "WRITE_FAILED"
    READ_FAILED = "READ_FAILED"
    LSP_UNAVAILABLE = "LSP_UNAVAILABLE"


def is_known_code(code: str) -> bool:
    return code in CONTRACT.error_codes


def default_hint(code: str) -> str:
    """The recovery hint the contract attaches to ``code``, or ``""``."""
    return CONTRACT.error_codes.get(code, {}).get("hint", "")


class ActionableError(Exception):
    """The base of every error reported to a person or a client: a contract ``code``, a ``message`` a
    person can act on, and a ``hint`` naming the next command or fix (the code's default hint if none).

    A subclass names its usual code in ``default_code``; ``str()`` is the message, then the hint.
    """

    default_code: ClassVar[str] = ErrorCode.INTERNAL

    def __init__(self, message: str, hint: str = "", *, code: str | None = None) -> None:
        code = code or self.default_code
        if not is_known_code(code):
            raise ValueError(f"unknown error code {code!r}: add it to contract.json first")
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint or default_hint(code)

    def __str__(self) -> str:
        return f"{self.message}\nhint: {self.hint}" if self.hint else self.message


class ToolError(ActionableError):
    """A failure on the way of a tool call; the code comes first because every raise site names one."""

    def __init__(self, code: str, message: str, hint: str = "") -> None:
        super().__init__(message, hint, code=code)


class SetupError(ActionableError):
    """A failure setting up this machine or a project: finding or installing Godot, installing the addon,
    starting a display."""

    default_code: ClassVar[str] = ErrorCode.SETUP_FAILED
