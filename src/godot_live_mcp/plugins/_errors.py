"""The one error a plugin meets: a contract code, a message naming the plugin, and a hint."""

from __future__ import annotations

from typing import ClassVar

from godot_live_mcp.contract import ActionableError, ErrorCode

__all__ = ["PluginError"]


class PluginError(ActionableError):
    """A plugin did something the host refuses (a missing permission, a reserved namespace, a bad name)
    or failed (its ``install`` raised, its manifest is malformed). ``plugin`` is its id; the message
    starts with it so a person reading a log line knows whose it is."""

    default_code: ClassVar[str] = ErrorCode.EXTENSION_ERROR

    def __init__(self, plugin: str, message: str, hint: str = "", *, code: str | None = None) -> None:
        super().__init__(f"Plugin {plugin!r}: {message}", hint, code=code)
        self.plugin = plugin
