"""Regression (issue 24): ``completion/complete`` answered "Method not found". Prompt arguments and
resource-template parameters now complete from the live editor: scene and script paths, class names and
the node paths of a scene."""

from __future__ import annotations

import pytest
from mcp.client import Client
from mcp_types import PromptReference, ResourceTemplateReference

pytestmark = [pytest.mark.anyio, pytest.mark.engine]


async def test_a_scene_argument_completes_to_the_projects_scene_files(tools: Client) -> None:
    result = await tools.complete(
        PromptReference(name="debug-scene"), {"name": "scene", "value": "res://scenes/l"}
    )
    assert result.completion.values[0] == "res://scenes/level.tscn"
    assert tools.server_capabilities.completions is not None


async def test_a_node_path_completes_from_the_scene_named_before_it(tools: Client) -> None:
    result = await tools.complete(
        PromptReference(name="debug-scene"),
        {"name": "node_path", "value": "Pla"},
        context_arguments={"scene": "res://scenes/level.tscn"},
    )
    assert result.completion.values[:2] == ["Player", "Player/CollisionShape2D"]
    assert "Player/Sprite2D" in result.completion.values
    assert "Ground" not in result.completion.values


async def test_resource_templates_complete_paths_without_res_and_class_names(tools: Client) -> None:
    script = ResourceTemplateReference(uri="godot://script/{path}")
    scripts = await tools.complete(script, {"name": "path", "value": "scripts/co"})
    classes = await tools.complete(
        ResourceTemplateReference(uri="godot://classdb/{class}"), {"name": "class", "value": "sprite2"}
    )
    assert scripts.completion.values == ["scripts/coin.gd"]
    assert classes.completion.values[0] == "Sprite2D"


async def test_many_matches_are_capped_with_the_total_and_an_unknown_prompt_completes_nothing(
    tools: Client,
) -> None:
    every = await tools.complete(
        ResourceTemplateReference(uri="godot://classdb/{class}"), {"name": "class", "value": ""}
    )
    unknown = await tools.complete(PromptReference(name="no-such-prompt"), {"name": "x", "value": "a"})
    assert len(every.completion.values) == 100
    assert every.completion.has_more is True
    assert (every.completion.total or 0) > 100
    assert unknown.completion.values == []
