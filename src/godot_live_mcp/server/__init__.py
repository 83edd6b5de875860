"""The MCP surface: the tool table, projection of editor commands, argument checks, results, composition."""

from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.composition import ServeOptions, serve
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner, ToolTable

__all__ = [
    "GodotMcpApp",
    "ServeOptions",
    "ToolBackend",
    "ToolEntry",
    "ToolOwner",
    "ToolPolicy",
    "ToolTable",
    "serve",
]
