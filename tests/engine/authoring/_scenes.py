"""Scenes for the scene.* and node.* tests: closing them, adding nodes, snapshots, undo and redo checks."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from mcp.client import Client

from tests.engine.authoring._helpers import call, redo, undo

T = TypeVar("T")


async def close_quietly(client: Client, path: str) -> None:
    """Close a scene's tab, dropping its changes; nothing happens when it is not open."""
    await client.call_tool("scene_close", {"scene": path, "discard_changes": True})


async def add(
    client: Client,
    scene: str,
    kind: str,
    name: str,
    parent: str = ".",
    properties: dict[str, Any] | None = None,
) -> str:
    """Create a node (with properties); its path."""
    arguments: dict[str, Any] = {"scene": scene, "class_name": kind, "name": name, "parent": parent}
    if properties:
        arguments["properties"] = properties
    created = await call(client, "node_create", arguments)
    return str(created["node_path"])


async def tree(client: Client, scene: str) -> list[tuple[str, str]]:
    """(path, class) of every node, in tree order."""
    listed = await call(client, "scene_get_tree", {"scene": scene})
    return [(node["path"], node["type"]) for node in listed["nodes"]]


async def value(client: Client, scene: str, node_path: str, name: str) -> Any:
    """The JSON value of one property."""
    read = await call(client, "node_get", {"scene": scene, "node_path": node_path, "names": [name]})
    assert read["unreadable"] == [], read["unreadable"]
    return read["properties"][0]["value"]


def plain(json: Any) -> Any:
    """json as it is: structured values are raw (scrubbed, never wrapped as untrusted)."""
    return json


def vector2(x: float, y: float) -> dict[str, Any]:
    return {"type": "Vector2", "x": x, "y": y}


async def assert_undo_redo(
    client: Client, scene: str, snapshot: Callable[[], Awaitable[T]], before: T, after: T
) -> str:
    """Undo the scene's newest action (an MCP one) and see before, redo it and see after; its name."""
    name = await undo(client, "scene", scene)
    assert await snapshot() == before
    assert await redo(client, "scene", scene) == name
    assert await snapshot() == after
    return name
