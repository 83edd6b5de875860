"""Regression (issue 9): autoload_add and autoload_list reported `"order": 66480`, the engine's internal
setting order, instead of the autoload's place among the autoloads."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "tests_tmp/autoload_order"
NAMES = ("McpOrderFirst", "McpOrderSecond")


@pytest.fixture
async def service(tools: Client, engine_editor: EngineEditor) -> AsyncIterator[str]:
    """A Node script to autoload; the autoloads and the folder go afterwards."""
    path = f"res://{FOLDER}/service.gd"
    await call(tools, "script_write", {"path": path, "content": "extends Node\n", "if_exists": "replace"})
    yield path
    for name in NAMES:
        await tools.call_tool("autoload_remove", {"name": name})
    if (engine_editor.project / FOLDER).is_dir():
        await call(tools, "folder_delete", {"path": f"res://{FOLDER}", "recursive": True})


async def test_order_is_the_position_among_the_autoloads(tools: Client, service: str) -> None:
    before = len((await call(tools, "autoload_list", {}))["autoloads"])
    first = await call(tools, "autoload_add", {"name": NAMES[0], "path": service})
    second = await call(tools, "autoload_add", {"name": NAMES[1], "path": service})
    assert (first["order"], second["order"]) == (before, before + 1)
    listed = (await call(tools, "autoload_list", {}))["autoloads"]
    assert [entry["order"] for entry in listed] == list(range(before + 2))
    assert [entry["name"] for entry in listed[-2:]] == list(NAMES)
    info = await call(tools, "project_get_info", {})
    assert [entry["order"] for entry in info["autoloads"]] == list(range(before + 2))
    removed = await call(tools, "autoload_remove", {"name": NAMES[0]})
    assert removed["order"] == before
    assert (await call(tools, "autoload_list", {}))["autoloads"][-1]["order"] == before
