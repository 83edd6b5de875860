"""Read-only mode: only tools annotated read-only are listed or run."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.tool_table import ToolEntry

READ_ONLY_ENV = "GODOT_MCP_READ_ONLY"
_TRUE = {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class ReadOnlyPolicy:
    """The tool's ``read_only`` annotation is the single source of truth."""

    enabled: bool = False

    @classmethod
    def from_settings(cls, flag: bool, env: Mapping[str, str] | None = None) -> ReadOnlyPolicy:
        """On with ``--read-only`` or ``GODOT_MCP_READ_ONLY=1``."""
        value = (os.environ if env is None else env).get(READ_ONLY_ENV, "")
        return cls(enabled=flag or value.strip().lower() in _TRUE)

    def lists(self, entry: ToolEntry) -> bool:
        return not self.enabled or entry.read_only

    def check(self, entry: ToolEntry) -> None:
        """Raise ``READ_ONLY_MODE`` for a tool that would change the project."""
        if not self.lists(entry):
            raise ToolError(
                ErrorCode.READ_ONLY_MODE,
                f"{entry.name} can change the project, and this server runs read-only.",
            )
