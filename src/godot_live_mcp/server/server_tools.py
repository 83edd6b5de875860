"""The server's own two tools, listed in every surface: ``discover_tools`` finds and loads tool groups,
``run_tool`` calls any catalogued tool by name, listed or not."""

from __future__ import annotations

import mcp_types as types

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.tool_policy import ToolPolicy

DISCOVER_TOOLS = "discover_tools"
RUN_TOOL = "run_tool"

DISCOVER_SCHEMA: JsonObject = {
    "type": "object",
    "properties": {
        "request": {
            "type": ["string", "array"],
            "items": {"type": "string"},
            "description": "A group or tool name, a list of names, or a task in words ('paint a tile map').",
        },
        "unload": {
            "type": ["string", "array"],
            "items": {"type": "string"},
            "description": "Groups to unlist.",
        },
        "include_schemas": {
            "type": "boolean",
            "default": False,
            "description": "Return the tools' full input schemas, not one signature line each.",
        },
    },
    "additionalProperties": False,
}
RUN_SCHEMA: JsonObject = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "The tool's name, e.g. 'node_delete'."},
        "arguments": {"type": "object", "description": "The tool's arguments.", "additionalProperties": True},
    },
    "required": ["name"],
    "additionalProperties": False,
}
DISCOVER_ARGUMENTS = ArgumentValidator(DISCOVER_SCHEMA)
RUN_ARGUMENTS = ArgumentValidator(RUN_SCHEMA)


def server_tools(policy: ToolPolicy) -> list[types.Tool]:
    """``discover_tools`` and ``run_tool`` as listed (read-only mode: run_tool runs read-only tools only)."""
    return [
        types.Tool(
            name=DISCOVER_TOOLS,
            title="Discover tools",
            description=(
                "More tools, in groups. No arguments: every group and its tools. request (names or a task "
                "in words): load the groups that match."
            ),
            input_schema=DISCOVER_SCHEMA,
            annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False),
        ),
        types.Tool(
            name=RUN_TOOL,
            title="Run tool",
            description="Call any tool by name, listed or not, with the same argument checks.",
            input_schema=RUN_SCHEMA,
            annotations=types.ToolAnnotations(
                read_only_hint=policy.read_only, destructive_hint=not policy.read_only, open_world_hint=False
            ),
        ),
    ]


def unwrap_run_tool(params: types.CallToolRequestParams) -> types.CallToolRequestParams:
    """A ``run_tool`` call as the call of the tool it names (hooks, checks and audit then see that
    tool); any other call as it is. Raises ``INVALID_PARAMS`` for bad run_tool arguments."""
    if params.name != RUN_TOOL:
        return params
    values = RUN_ARGUMENTS.validate(RUN_TOOL, params.arguments)
    name = str(values["name"])
    if name == RUN_TOOL:
        raise ToolError(
            ErrorCode.INVALID_PARAMS, "run_tool cannot run itself.", "Pass the name of the tool to run."
        )
    inner = values.get("arguments", {})
    return params.model_copy(update={"name": name, "arguments": inner if isinstance(inner, dict) else {}})
