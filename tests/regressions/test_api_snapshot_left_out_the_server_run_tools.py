"""The committed API snapshot (api/godot-live-mcp.mcp) left out the 14 server-run tools (instances,
lsp, test, export), so a change to them was never version-checked. The snapshot holds every built-in
tool now (``builtin_tools``); tests/engine/plugins/test_builtin_snapshot.py compares it with the live
surface."""

from __future__ import annotations

import re
from pathlib import Path

from godot_live_mcp.server.served_tools import server_run_tools

SNAPSHOT = Path(__file__).resolve().parents[2] / "api" / "godot-live-mcp.mcp"


def committed_tools() -> set[str]:
    return set(re.findall(r"^tool (\S+)", SNAPSHOT.read_text("utf-8"), re.MULTILINE))


def test_every_server_run_tool_is_in_the_committed_snapshot() -> None:
    assert {tool.name for tool in server_run_tools()} - committed_tools() == set()
