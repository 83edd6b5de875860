"""The MCP surface: the tool table, projection of editor commands, argument checks, results, composition.

Import the modules themselves (``server.app``, ``server.composition``): this package runs nothing on
import, so ``godot_live_mcp.server_tools`` can build on its parts without an import cycle."""
