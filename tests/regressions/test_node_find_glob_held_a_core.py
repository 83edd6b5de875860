"""Regression (issue 21): `node_find` with a name pattern of 5,000 `*` held a core for over 4.5 minutes.
Patterns are at most 256 characters (in the schema, checked in the engine too), and every tool matches
them with one matcher that runs in linear time."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from godot_live_mcp.bridge.peer_connection import connect_peer
from tests.engine.authoring._helpers import call, call_fails, scratch_for
from tests.engine.authoring._scenes import close_quietly
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
async def crowd(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> AsyncIterator[str]:
    path = scratch_for(request, engine_editor.project).path("crowd.tscn")
    await call(tools, "scene_create", {"path": path, "root_class": "Node2D", "if_exists": "replace"})
    for name in ("Coin", "CoinBig", "Bat"):
        await call(tools, "node_create", {"scene": path, "class_name": "Node2D", "name": name})
    yield path
    await close_quietly(tools, path)


async def test_a_pattern_of_5000_stars_is_refused_quickly(tools: Client, crowd: str) -> None:
    started = time.monotonic()
    refused = await call_fails(tools, "node_find", {"scene": crowd, "name": "*" * 5000}, "INVALID_PARAMS")
    assert time.monotonic() - started < 10
    assert "256" in refused["hint"]
    found = await call(tools, "node_find", {"scene": crowd, "name": "c*n*"})
    assert sorted(node["path"] for node in found["nodes"]) == ["Coin", "CoinBig"]


async def test_the_engine_refuses_a_long_pattern_from_a_direct_caller(
    engine_editor: EngineEditor, crowd: str
) -> None:
    async with connect_peer(engine_editor.instance.endpoint) as peer:
        started = time.monotonic()
        refused = await peer.request("node.find", {"scene": crowd, "name": "*" * 5000}, timeout_s=20)
        assert time.monotonic() - started < 10
        assert isinstance(refused, dict)
        assert refused["code"] == "INVALID_PARAMS", refused
        assert "256" in str(refused["hint"])


async def test_a_long_pattern_of_stars_within_the_bound_matches_at_once(tools: Client, crowd: str) -> None:
    pattern = "*?" * 100 + "x"
    started = time.monotonic()
    found = await call(tools, "node_find", {"scene": crowd, "name": pattern})
    assert time.monotonic() - started < 10
    assert found["nodes"] == []
    assert (await call(tools, "node_find", {"scene": crowd, "name": "*" * 200 + "Bat"}))["returned"] == 1
