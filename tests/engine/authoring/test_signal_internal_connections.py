"""signal_list leaves out the editor's own connections to a scene's nodes unless asked for them."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call
from tests.engine.authoring._scenes import add

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_the_editors_own_connections_are_listed_only_when_asked(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "Plain")
    plain = await call(tools, "signal_list", {"scene": scene, "node_path": "Plain", "connected_only": True})
    assert plain["signals"] == []
    assert plain["incoming"] == []
    asked = {"scene": scene, "node_path": "Plain", "connected_only": True, "internal": True}
    internal = await call(tools, "signal_list", asked)
    targets = [link["target"] for entry in internal["signals"] for link in entry["connections"]]
    assert targets
    assert all(target.endswith("outside the scene)") for target in targets)
    assert not any(link["persistent"] for entry in internal["signals"] for link in entry["connections"])
