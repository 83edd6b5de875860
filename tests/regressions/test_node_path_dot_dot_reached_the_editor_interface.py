"""`node_path: ".."` reached the editor's own interface nodes (issue 14): node_get and signal_list read them,
signal_connect changed them, node_delete/node_rename/node_move answered INTERNAL with a SCRIPT ERROR.
Editor node paths are confined to the edited scene: a path that leaves it is refused with INVALID_PARAMS."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.harness import EngineEditor
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "tests_tmp/node_path_dot_dot"
SCENE = f"res://{FOLDER}/scene.tscn"
OUT = ["..", "../..", "Child/../..", "./../Child", "/root", "%Child/../../.."]


@pytest.fixture(scope="module")
async def scene(tools: Client, engine_editor: EngineEditor) -> AsyncIterator[str]:
    await call(tools, "scene_create", {"path": SCENE, "root_class": "Node2D", "if_exists": "replace"})
    await call(tools, "node_create", {"scene": SCENE, "class_name": "Node2D", "name": "Child"})
    yield SCENE
    await tools.call_tool("scene_close", {"scene": SCENE, "discard_changes": True})
    await call(tools, "folder_delete", {"path": f"res://{FOLDER}", "recursive": True})


def calls(path: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        ("node_get", {"node_path": path}),
        ("node_list_properties", {"node_path": path}),
        ("node_set_property", {"node_path": path, "property": "name", "value": "Hijacked"}),
        ("signal_list", {"node_path": path}),
        (
            "signal_connect",
            {"node_path": path, "signal": "tree_exited", "target": ".", "method": "queue_free"},
        ),
        ("signal_connect", {"node_path": "Child", "signal": "ready", "target": path, "method": "queue_free"}),
        ("node_delete", {"node_path": path}),
        ("node_rename", {"node_path": path, "new_name": "Hijacked"}),
        ("node_move", {"node_path": path, "index": 0}),
        ("node_reparent", {"node_path": path, "new_parent": "."}),
        ("node_reparent", {"node_path": "Child", "new_parent": path}),
        ("node_duplicate", {"node_path": path}),
        ("node_create", {"class_name": "Node", "parent": path}),
        ("node_add_to_group", {"node_path": path, "group": "hijacked"}),
    ]


CASES = [(tool, arguments) for path in OUT for tool, arguments in calls(path)]


@pytest.mark.parametrize(("tool", "arguments"), CASES, ids=[f"{t}-{a}" for t, a in CASES])
async def test_a_node_path_out_of_the_scene_is_refused(
    tools: Client, scene: str, tool: str, arguments: dict[str, Any]
) -> None:
    refused = failure(await tools.call_tool(tool, {"scene": scene, **arguments}))
    assert refused["code"] in ("INVALID_PARAMS", "NOT_FOUND"), refused
    if ".." in str(arguments):
        assert "leads out of the edited scene" in refused["message"], refused
    tree = await call(tools, "scene_get_tree", {"scene": scene, "detail": "full"})
    assert [node["name"] for node in tree["nodes"]] == ["Scene", "Child"]


async def test_dot_dot_is_named_as_leaving_the_scene(tools: Client, scene: str) -> None:
    refused = await call_fails(tools, "node_get", {"scene": scene, "node_path": ".."}, "INVALID_PARAMS")
    assert "leads out of the edited scene" in refused["message"]
    assert "scene_get_tree" in refused["hint"]
