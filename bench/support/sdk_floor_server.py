"""The SDK's own floor: an MCP server of the official SDK with one trivial tool, over stdio.

bench/latency.py times it beside ``godot-live-mcp serve``: what a call costs with no editor and no
pipeline behind it. The tool answers the JSON object given on the command line (the editor's own
``editor_get_info`` answer, so both carry the same result).

    python bench/support/sdk_floor_server.py '{"godot_version": "4.6.3"}'
"""

from __future__ import annotations

import json
import sys
from typing import Any

from mcp.server.mcpserver import MCPServer

ANSWER: dict[str, Any] = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
server = MCPServer("sdk-floor")


@server.tool()
def editor_get_info() -> dict[str, Any]:
    """The fixed answer."""
    return ANSWER


if __name__ == "__main__":
    server.run()
