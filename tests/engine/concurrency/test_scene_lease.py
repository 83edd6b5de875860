"""The scene lease on the real editor, between two clients: a client's scene-dependent commands wait
while another client works on another scene, take the tab over once it has been idle for the TTL,
and scene-independent commands never wait. A dedicated editor runs with a 1.5 s TTL."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.concurrency.calls import error_code, fresh_key
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client, start_editor
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

TTL_S = 1.5
LEVEL = "res://scenes/level.tscn"
COIN = "res://scenes/coin.tscn"


@pytest.fixture(scope="module")
def lease_editor(tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]) -> Iterator[EngineEditor]:
    workspace = tmp_path_factory.mktemp("scene_lease")
    project = copy_demo_project(workspace / "project")
    with (project / "project.godot").open("a", encoding="utf-8") as settings:
        settings.write(f"\n[godot_live_mcp]\n\nconcurrency/scene_lease_ttl_ms={int(TTL_S * 1000)}\n")
    env = {REGISTRY_DIR_ENV: str(workspace / "registry")}
    process = start_editor(project, env, workspace / "editor.log", editor_logs)
    try:
        instance = anyio.run(process.wait_ready, 120.0)
        registry = workspace / "registry"
        yield EngineEditor(project, registry, process.log_path, env, process, instance, workspace)
    finally:
        process.stop()


@pytest.fixture
async def two(lease_editor: EngineEditor) -> AsyncIterator[tuple[Client, Client]]:
    """Two fresh clients (peers) per test, so no lease outlives its test."""
    async with mcp_client(lease_editor) as first, mcp_client(lease_editor) as second:
        yield first, second


async def active_scene(client: Client) -> str:
    return str(structured(await client.call_tool("harness_scene_read", {}))["scene"])


async def open_scene(client: Client, path: str) -> float:
    """Open ``path``; how long the call took."""
    began = time.monotonic()
    structured(await client.call_tool("scene_open", {"path": path}))
    return time.monotonic() - began


async def test_a_scene_of_another_client_waits_until_the_holder_idles_then_takes_the_tab(
    two: tuple[Client, Client],
) -> None:
    first, second = two
    await open_scene(first, LEVEL)
    waited: list[float] = []
    with anyio.fail_after(30):
        async with anyio.create_task_group() as tasks:

            async def open_coin() -> None:
                waited.append(await open_scene(second, COIN))

            tasks.start_soon(open_coin)
            assert await active_scene(first) == LEVEL  # the holder keeps working meanwhile
            last_use = time.monotonic()
        coin_opened = time.monotonic()
        assert await active_scene(second) == COIN
        began = time.monotonic()
        # scene_get_tree may wait 30 s: it waits out the second client's TTL, then switches back.
        tree = structured(await first.call_tool("scene_get_tree", {"max_depth": 0}))
        taken_back_s = time.monotonic() - began
    assert coin_opened - last_use >= TTL_S - 0.2
    assert waited[0] >= TTL_S - 0.2
    assert (tree["scene"], tree["root_type"]) == (LEVEL, "Node2D")
    assert taken_back_s >= TTL_S - 0.3


async def test_scene_independent_commands_never_wait_and_a_long_wait_is_lease_timeout(
    two: tuple[Client, Client],
) -> None:
    first, second = two
    key = fresh_key("lease")
    with anyio.fail_after(30):
        await open_scene(first, COIN)
        await open_scene(second, LEVEL)  # takes over once the first client has idled
        async with anyio.create_task_group() as tasks:
            arguments = {"key": key, "items": ["held"], "hold_ms": 3000}
            tasks.start_soon(
                first.call_tool, "harness_append", arguments
            )  # waits, switches to coin, runs 3 s
            await wait_for_active_scene(second, COIN)
            began = time.monotonic()
            info = structured(await second.call_tool("editor_get_info", {}))
            independent_s = time.monotonic() - began
            refused = await second.call_tool("harness_scene_read", {})
    assert info["current_scene"] == COIN
    assert independent_s < 1.5  # the mutation holding the lease runs 3 s, and still held it after
    assert error_code(refused) == "SCENE_LEASE_TIMEOUT"
    await first.call_tool("harness_append_read", {"key": key, "clear": True})


async def wait_for_active_scene(client: Client, path: str) -> None:
    """Until the editor's active tab is ``path``, asked without the lease; the caller bounds the wait."""
    while True:
        if structured(await client.call_tool("editor_get_info", {}))["current_scene"] == path:
            return
        await anyio.sleep(0.02)  # pacing only: the editor's own answer decides
