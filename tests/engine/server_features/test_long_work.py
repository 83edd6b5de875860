"""Long work against a real editor: the scene file reader behind godot://scene/{path} (binary and
unopened text scenes), progress from a scan wait and from 120 stepped frames, and the long_running
mark offering tasks for exactly the long tools."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from mcp.client import Client

from godot_live_mcp.server._meta import LONG_RUNNING_META_KEY
from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import envelope_body, failure, structured, text_of
from tests.unit.test_demo_project_files import LEVEL_NODE_PATHS

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "tests_tmp/long_work"
LEVEL = Path(__file__).resolve().parents[3] / "examples" / "demo_project" / "scenes" / "level.tscn"
LEVEL_PATHS = [".", *LEVEL_NODE_PATHS]
LONG_TOOLS = {
    "editor_wait_for_idle",
    "game_start",
    "runtime_step",
    "runtime_step_until",
    "input_replay",
    "runtime_playtest",
    "scene_render",
    "navigation_bake",
    "asset_import",
    "test_run",
    "playtest_sweep",
    "export_run",
}

Report = tuple[float, float | None, str | None]


@pytest.fixture
def folder(engine_editor: EngineEditor) -> Iterator[Path]:
    path = engine_editor.project / FOLDER
    path.mkdir(parents=True, exist_ok=True)
    yield path
    shutil.rmtree(path, ignore_errors=True)


async def read_json(client: Client, uri: str) -> Any:
    content = (await client.read_resource(uri)).contents[0]
    assert isinstance(content, types.TextResourceContents)
    return json.loads(envelope_body(content.text))


def recorder() -> tuple[list[Report], Any]:
    seen: list[Report] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    return seen, on_progress


async def test_a_binary_scene_saved_by_the_engine_reads_as_its_tree(tools: Client, folder: Path) -> None:
    target = f"res://{FOLDER}/level.scn"
    code = f'return ResourceSaver.save(load("res://scenes/level.tscn"), "{target}")'
    saved = structured(await tools.call_tool("editor_execute", {"code": code, "mode": "body"}))
    tree = await read_json(tools, f"godot://scene/{FOLDER}/level.scn")
    assert saved["value"] == 0  # OK
    assert not (folder / "level.scn").read_bytes().startswith(b"[gd_scene")  # binary, not text
    assert tree["scene"] == target
    assert tree["root_type"] == "Node2D"
    assert tree["open"] is False
    assert [node["path"] for node in tree["nodes"]] == LEVEL_PATHS
    nodes = {node["path"]: node for node in tree["nodes"]}
    assert nodes["."]["script"] == "res://scripts/level.gd"
    assert nodes["Player"]["groups"] == ["player"]
    assert nodes["Coin1"] == {
        "path": "Coin1",
        "type": "Area2D",
        "instance": "res://scenes/coin.tscn",
        "name": "Coin1",
        "depth": 1,
    }


async def test_scene_read_file_lists_an_unopened_text_scene_at_each_detail(
    tools: Client, folder: Path
) -> None:
    shutil.copy(LEVEL, folder / "closed.tscn")
    path = f"res://{FOLDER}/closed.tscn"
    brief = structured(await tools.call_tool("scene_read_file", {"path": path, "detail": "brief"}))
    full = structured(await tools.call_tool("scene_read_file", {"path": path, "detail": "full"}))
    open_scenes = json.dumps(structured(await tools.call_tool("scene_list_open", {})))
    assert path not in open_scenes
    assert brief["open"] is False
    assert brief["nodes"][:2] == [
        {"path": ".", "type": "Node2D"},
        {"path": "Player", "type": "CharacterBody2D"},
    ]
    assert brief["total_nodes"] == len(LEVEL_PATHS)
    player = next(node for node in full["nodes"] if node["path"] == "Player")
    assert {"name": "position", "value": {"type": "Vector2", "x": 160.0, "y": 564.0}} in player["properties"]


async def test_scene_read_file_refuses_paths_outside_the_project_and_other_files(tools: Client) -> None:
    outside = failure(await tools.call_tool("scene_read_file", {"path": "res://../etc/level.tscn"}))
    not_scene = failure(await tools.call_tool("scene_read_file", {"path": "res://scripts/player.gd"}))
    assert outside["code"] == "PATH_DENIED"
    assert not_scene["code"] == "INVALID_PARAMS"


async def test_a_scan_wait_reports_growing_progress_up_to_idle(tools: Client, folder: Path) -> None:
    (folder / "new_notes.txt").write_text("changed outside the editor", "utf-8")
    seen, on_progress = recorder()
    result = await tools.call_tool(
        "editor_wait_for_idle", {"scan": True, "timeout_ms": 30000}, progress_callback=on_progress
    )
    assert structured(result)["idle"] is True
    values = [progress for progress, _, _ in seen]
    assert len(values) >= 2
    assert values == sorted(set(values))  # strictly growing
    assert seen[-1][:2] == (100, 100)
    assert all(total == 100 for _, total, _ in seen)


async def test_stepping_reports_each_tenth_of_its_frames(engine_editor: EngineEditor) -> None:
    seen, on_progress = recorder()
    seen_until, on_progress_until = recorder()
    never = {"condition": "false", "max_frames": 30}
    async with mcp_client(engine_editor) as client:
        started = await client.call_tool("game_start", {})
        assert not started.is_error, text_of(started)
        try:
            stepped = await client.call_tool("runtime_step", {"frames": 120}, progress_callback=on_progress)
            until = await client.call_tool("runtime_step_until", never, progress_callback=on_progress_until)
        finally:
            await client.call_tool("game_stop", {})
    assert structured(stepped)["frames_stepped"] == 120
    assert [(progress, total) for progress, total, _ in seen] == [(12.0 * n, 120) for n in range(1, 11)]
    assert seen[-1][2] == "120 of at most 120 frames stepped."
    assert structured(until)["frames_stepped"] == 30
    assert [progress for progress, _, _ in seen_until] == [3.0 * n for n in range(1, 11)]


async def raw_tools(client: Client) -> list[dict[str, Any]]:
    listed: dict[str, Any] = await client.session._dispatcher.send_raw_request("tools/list", {}, None)
    return list(listed["tools"])


async def test_exactly_the_long_running_tools_are_offered_as_tasks(tools: Client) -> None:
    listed = await raw_tools(tools)  # the shared client speaks 2025-11-25, the protocol with tasks
    marked = {tool["name"] for tool in listed if (tool.get("_meta") or {}).get(LONG_RUNNING_META_KEY)}
    tasked = {tool["name"] for tool in listed if tool.get("execution") == {"taskSupport": "optional"}}
    assert marked == tasked == LONG_TOOLS
