"""classdb.* on the real editor: the engine's classes and the project's class_name scripts."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def class_names(client: Client, **arguments: Any) -> list[str]:
    listed = await call(client, "classdb_list_classes", arguments | {"limit": 2000})
    return [entry["name"] for entry in listed["classes"]]


async def test_list_classes_filters_by_name_and_base_class(tools: Client) -> None:
    bodies = ["AnimatableBody2D", "CharacterBody2D", "PhysicsBody2D", "RigidBody2D", "StaticBody2D"]
    assert await class_names(tools, base="Node2D", filter="body") == bodies
    assert await class_names(tools, base="Node2D", filter="*body2d", instantiable_only=True) == [
        name for name in bodies if name != "PhysicsBody2D"
    ]


async def test_list_classes_includes_project_class_names_under_their_base(tools: Client) -> None:
    listed = await call(tools, "classdb_list_classes", {"base": "Area2D"})
    assert {entry["name"]: entry["source"] for entry in listed["classes"]} == {
        "Area2D": "engine",
        "Coin": "script",
    }
    coin = next(entry for entry in listed["classes"] if entry["name"] == "Coin")
    assert (coin["path"], coin["base"]) == ("res://scripts/coin.gd", "Area2D")
    assert "Player" in await class_names(tools, base="PhysicsBody2D")


async def test_editor_classes_are_listed_only_on_request(tools: Client) -> None:
    assert await class_names(tools, filter="EditorPlugin") == []
    assert "EditorPlugin" in await class_names(tools, filter="EditorPlugin", include_editor_classes=True)


async def test_list_classes_pages_through_the_catalogue(tools: Client) -> None:
    page = await call(tools, "classdb_list_classes", {"limit": 5})
    assert (page["returned"], page["has_more"], page["next_offset"]) == (5, True, 5)
    assert page["total_classes"] > 500


async def test_list_classes_under_an_unknown_base_is_not_found(tools: Client) -> None:
    refused = await call_fails(tools, "classdb_list_classes", {"base": "Node2Dee"}, "NOT_FOUND")
    assert "classdb_list_classes" in refused["hint"]


async def test_get_method_gives_argument_types_and_defaults(tools: Client) -> None:
    method = await call(tools, "classdb_get_method", {"class_name": "CharacterBody2D", "method": "add_child"})
    assert method["args"] == [
        {"name": "node", "type": "Node"},
        {"name": "force_readable_name", "type": "bool", "default": "false"},
        {"name": "internal", "type": "int", "default": "0"},
    ]
    assert (method["returns"], method["defined_in"], method["is_virtual"]) == ("void", "Node", False)
    ready = await call(tools, "classdb_get_method", {"class_name": "Node", "method": "_ready"})
    assert ready["is_virtual"] is True


async def test_get_method_reads_a_project_script_class(tools: Client) -> None:
    method = await call(tools, "classdb_get_method", {"class_name": "Coin", "method": "_on_body_entered"})
    assert (method["args"], method["returns"], method["defined_in"]) == (
        [{"name": "body", "type": "Node2D"}],
        "void",
        "Coin",
    )
    inherited = await call(
        tools, "classdb_get_method", {"class_name": "Coin", "method": "get_overlapping_bodies"}
    )
    assert inherited["returns"] == "Array[Node2D]"


async def test_get_method_of_an_unknown_method_or_class_is_not_found(tools: Client) -> None:
    method = await call_fails(
        tools, "classdb_get_method", {"class_name": "Node", "method": "add_chld"}, "NOT_FOUND"
    )
    assert "add_child" in method["hint"]
    cls = await call_fails(
        tools, "classdb_get_method", {"class_name": "Nod", "method": "add_child"}, "NOT_FOUND"
    )
    assert "classdb_list_classes" in cls["hint"]


async def test_get_class_of_an_unknown_class_is_not_found(tools: Client) -> None:
    refused = await call_fails(tools, "classdb_get_class", {"class_name": "CharacterBody9D"}, "NOT_FOUND")
    assert "classdb_list_classes" in refused["hint"]


async def test_get_class_brief_gives_member_names_only(tools: Client) -> None:
    brief = await call(tools, "classdb_get_class", {"class_name": "CharacterBody3D", "detail": "brief"})
    assert brief["inherits"][:2] == ["PhysicsBody3D", "CollisionObject3D"]
    assert "move_and_slide" in brief["method_names"]
    assert "velocity" in brief["property_names"]
    assert not {"methods", "properties", "signals"} & brief.keys()
    assert (brief["has_more"], brief["returned"]) == (False, brief["total_members"])


async def class_rows(client: Client, kind: str, **arguments: Any) -> dict[str, dict[str, Any]]:
    """Every row of one kind of member that classdb_get_class pages through, by name."""
    rows: dict[str, dict[str, Any]] = {}
    offset: int | None = 0
    while offset is not None:
        page = await call(client, "classdb_get_class", arguments | {"offset": offset})
        rows |= {row["name"]: row for row in page[kind]}
        offset = page.get("next_offset")
    return rows


async def test_get_class_full_adds_defaults_virtual_methods_and_declaring_classes(tools: Client) -> None:
    asked = {"class_name": "CharacterBody3D", "include_inherited": True, "detail": "full"}
    methods = await class_rows(tools, "methods", **asked)
    assert methods["_physics_process"]["class"] == "Node"
    assert "virtual" in methods["_physics_process"]["qualifiers"]
    assert methods["move_and_slide"] == {
        "name": "move_and_slide",
        "args": [],
        "returns": "bool",
        "class": "CharacterBody3D",
    }
    assert {"name": "internal", "type": "int", "default": "0"} in methods["add_child"]["args"]
    properties = await class_rows(tools, "properties", **asked)
    assert properties["velocity"] == {
        "name": "velocity",
        "type": "Vector3",
        "default": "Vector3(0, 0, 0)",
        "class": "CharacterBody3D",
    }


async def test_get_class_normal_gives_public_methods_with_signatures(tools: Client) -> None:
    methods = await class_rows(tools, "methods", class_name="Node")
    assert "_ready" not in methods
    assert methods["add_child"]["args"][1] == {"name": "force_readable_name", "type": "bool"}
    assert methods["get_child_count"].keys() == {"name", "args", "returns"}


async def test_get_class_past_the_last_member_is_an_empty_last_page(tools: Client) -> None:
    page = await call(tools, "classdb_get_class", {"class_name": "Node3D", "offset": 100_000})
    assert (page["has_more"], page["returned"], page["methods"], page["properties"]) == (False, 0, [], [])
