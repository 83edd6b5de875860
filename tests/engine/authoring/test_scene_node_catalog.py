"""The scene.* and node.* tools as an MCP client sees them: names, annotations, schemas and groups."""

from __future__ import annotations

import pytest
from mcp.client import Client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

READ_ONLY = {
    "scene_get_tree",
    "scene_list_open",
    "scene_get_current",
    "node_get",
    "node_list_properties",
    "node_find",
    "node_get_selection",
}
DESTRUCTIVE = {"scene_create", "scene_reload", "scene_save_as", "scene_close", "node_delete"}
MUTATING = {
    "scene_open",
    "scene_save",
    "scene_instantiate",
    "node_create",
    "node_duplicate",
    "node_rename",
    "node_reparent",
    "node_move",
    "node_set_property",
    "node_add_to_group",
    "node_remove_from_group",
    "node_select",
}
PATH_TOOLS = {
    "scene_create": "path",
    "scene_open": "path",
    "scene_save_as": "path",
    "scene_instantiate": "path",
}


async def test_every_scene_and_node_tool_is_published_with_its_contract(tools: Client) -> None:
    listed = {tool.name: tool for tool in (await tools.list_tools()).tools}
    for name in READ_ONLY | DESTRUCTIVE | MUTATING:
        tool = listed[name]
        assert tool.annotations is not None, name
        assert tool.annotations.read_only_hint is (name in READ_ONLY), name
        assert tool.annotations.destructive_hint is (name in DESTRUCTIVE), name
        assert tool.output_schema is not None, name
        assert tool.output_schema["type"] == "object", name
        assert tool.output_schema["additionalProperties"] is True, name
        assert len(tool.description or "") > 30, name
        assert tool.meta is not None, name
        assert tool.meta["godot-live-mcp/group"] == name.split("_", 1)[0], name
    for name, parameter in PATH_TOOLS.items():
        assert parameter in listed[name].input_schema["properties"], name


async def test_the_client_checks_each_result_against_the_declared_schema(tools: Client) -> None:
    # Every test here relies on the official client validating structuredContent against outputSchema.
    current = await tools.call_tool("scene_get_current", {})
    await tools.session.validate_tool_result("scene_get_current", current)
    tampered = current.model_copy(update={"structured_content": {"open": True}})
    with pytest.raises(RuntimeError, match="Invalid structured content"):
        await tools.session.validate_tool_result("scene_get_current", tampered)
