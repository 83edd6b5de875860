"""An editor source that hands out one fixed instance (or none), for link and server tests."""

from __future__ import annotations

from godot_live_mcp.bridge.editor_link import EditorSource
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance


class FixedSource(EditorSource):
    def __init__(self, instance: EditorInstance | None) -> None:
        self.instance = instance
        self.finds = 0

    async def find(self) -> EditorInstance:
        self.finds += 1
        if self.instance is None:
            raise ToolError(ErrorCode.EDITOR_DISCONNECTED, "no editor in this test")
        return self.instance
