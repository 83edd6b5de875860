"""Write the full MCP tools/list of the built-in catalogue (a fresh demo project) as sorted JSON.

Used to review that a refactoring keeps every tool's name, schemas, description and annotations:
run it before and after, and diff the two files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.cli.tools import _fresh_demo_catalog
from godot_live_mcp.instances.editor_source import RegistrySource
from godot_live_mcp.server.editor_tools import editor_tool_entries


async def tools_list() -> list[dict[str, Any]]:
    catalog = await _fresh_demo_catalog(None)
    link = EditorLink(RegistrySource(None))
    tools = [entry.tool for entries in editor_tool_entries(catalog, link).values() for entry in entries]
    dumped = [tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in tools]
    return sorted(dumped, key=lambda tool: str(tool["name"]))


def main() -> None:
    out = Path(sys.argv[1])
    out.write_text(json.dumps(anyio.run(tools_list), indent=1, sort_keys=True) + "\n", "utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
