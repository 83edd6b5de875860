"""Regression (issue 24): ``node_get {scene: res://level2.tscn}`` for a file that does not exist
answered SCENE_NOT_OPEN ("open it"); the shared scene resolution now answers NOT_FOUND for every tool
that takes ``scene``. And ``scene_create {}`` got a hint about ``file_list``, where the fix is the
missing argument: a missing argument's hint now names what to pass."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

MISSING = "res://no_such_folder/level2.tscn"


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("node_get", {"node_path": "."}),
        ("scene_get_tree", {}),
        ("node_create", {"class_name": "Node"}),
        ("scene_save", {}),
    ],
)
async def test_a_scene_file_that_does_not_exist_is_not_found(
    tools: Client, tool: str, arguments: dict[str, str]
) -> None:
    refused = await call_fails(tools, tool, {**arguments, "scene": MISSING}, "NOT_FOUND")
    assert MISSING in refused["message"], refused
    assert "scene_create" in refused["hint"], refused


async def test_a_scene_file_there_but_not_open_is_still_scene_not_open(tools: Client) -> None:
    closed = "res://missing_scene_regression/closed.tscn"
    await call(
        tools,
        "file_write",
        {"path": closed, "content": '[gd_scene format=3]\n\n[node name="C" type="Node"]\n'},
    )
    refused = await call_fails(tools, "node_get", {"scene": closed, "node_path": "."}, "SCENE_NOT_OPEN")
    assert "scene_open" in refused["hint"], refused


async def test_a_missing_argument_gets_a_hint_naming_it(tools: Client) -> None:
    refused = await call_fails(tools, "scene_create", {}, "INVALID_PARAMS")
    assert "/path" in refused["message"], refused
    assert refused["hint"].startswith("Pass path"), refused
    assert "file_list" not in refused["hint"], refused
