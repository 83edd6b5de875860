"""Regression: `godot-live-mcp doctor`, `godot path` and friends once paid ~1 s at start-up because a CLI
module imported the tool-reference renderer, and with it the whole MCP server and SDK, at load time."""

from __future__ import annotations

import subprocess
import sys

PROBE = (
    "import sys, godot_live_mcp.cli.main\n"
    "roots = {'mcp', 'mcp_types', 'jsonschema', 'uvicorn'}\n"
    "heavy = sorted(m for m in sys.modules\n"
    "    if m.split('.')[0] in roots or m.startswith('godot_live_mcp.server'))\n"
    "print('\\n'.join(heavy))\n"
)


def test_importing_the_cli_loads_neither_the_mcp_sdk_nor_the_server() -> None:
    loaded = subprocess.run([sys.executable, "-c", PROBE], check=True, capture_output=True, text=True).stdout
    assert loaded.strip() == "", f"loaded at CLI start-up:\n{loaded}"
