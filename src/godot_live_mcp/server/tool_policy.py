"""Which catalogued tools a server lists and runs: read-only mode, and the opt-in for arbitrary code.

Both rules read the tool's own annotations, the single source of truth: ``read_only`` for read-only
mode, ``open_world`` (code that reaches past the project) for ``--allow-execute``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.tool_table import ToolEntry

__all__ = ["ALLOW_EXECUTE_FLAG", "EXECUTE_POWERS", "READ_ONLY_ENV", "ToolPolicy"]

READ_ONLY_ENV = "GODOT_MCP_READ_ONLY"
ALLOW_EXECUTE_FLAG = "--allow-execute"
EXECUTE_POWERS = (
    "it runs arbitrary GDScript, which can run operating-system commands, read and write any file your "
    "user can, and read the token of every Godot instance on this machine"
)
_TRUE = {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class ToolPolicy:
    """``read_only``: only tools annotated read-only. ``allow_execute``: tools annotated open-world
    (``editor_execute``, ``execute_code``) too; off unless the person opts in."""

    read_only: bool = False
    allow_execute: bool = False

    @classmethod
    def from_settings(
        cls, read_only: bool, allow_execute: bool = False, env: Mapping[str, str] | None = None
    ) -> ToolPolicy:
        """Read-only with ``--read-only`` or ``GODOT_MCP_READ_ONLY=1``; code execution only when asked."""
        value = (os.environ if env is None else env).get(READ_ONLY_ENV, "")
        return cls(read_only=read_only or value.strip().lower() in _TRUE, allow_execute=allow_execute)

    def lists(self, entry: ToolEntry) -> bool:
        if entry.open_world and not self.allow_execute:
            return False
        return not self.read_only or entry.read_only

    def check(self, entry: ToolEntry) -> None:
        """Raise ``PERMISSION_DENIED`` for code execution not opted into, ``READ_ONLY_MODE`` for a tool
        that would change the project."""
        if entry.open_world and not self.allow_execute:
            raise ToolError(
                ErrorCode.PERMISSION_DENIED,
                f"{entry.name} is off: {EXECUTE_POWERS}.",
                f"Restart the server with {ALLOW_EXECUTE_FLAG} (or allow_execute = true under [serve] in "
                "<project>/.godot-live-mcp/config.toml) only if you trust this client with that.",
            )
        if self.read_only and not entry.read_only:
            raise ToolError(
                ErrorCode.READ_ONLY_MODE,
                f"{entry.name} can change the project, and this server runs read-only.",
            )
