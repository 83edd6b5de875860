"""godot-live-mcp: an MCP server and Godot 4 editor addon for AI assistants."""

__version__ = "0.1.0"

__all__ = ["__version__"]
