"""godot-live-mcp: an MCP server and Godot 4 editor addon for AI assistants."""

from godot_live_mcp._version import plugin_cfg_version

__version__ = plugin_cfg_version()

__all__ = ["__version__"]
