"""Two games of one project told apart (issue 22 §3): two editors on one project each run their game; each
game is keyed by the editor that launched it and its run, so each editor's runtime tools reach its own
game, projects.json overlays each editor with its own and lists both, a game is found by its id, and the
runtime tools take that id as ``game`` while several games run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.peer_connection import PeerConnection, connect_peer
from godot_live_mcp.bridge.reply import CommandSuccess, read_reply
from godot_live_mcp.instances.instance import Endpoint
from godot_live_mcp.instances.runtime_entry import find_runtime, live_games
from tests.engine.harness import EngineEditor, copy_demo_project, start_editor, two_editors_of_one_project
from tests.engine.instances._serving import WatchedServer, watched_server
from tests.mcp_results import failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def command(connection: PeerConnection, method: str, params: JsonObject) -> JsonObject:
    reply = read_reply(await connection.request(method, params, timeout_s=60), method, "a test peer")
    assert isinstance(reply, CommandSuccess), reply
    return reply.data


async def start_game(connection: PeerConnection) -> dict[str, Any]:
    game = (await command(connection, "game.start", {}))["game"]
    assert isinstance(game, dict)
    return game


async def game_pid(endpoint: Endpoint | None) -> int:
    """The pid the game at ``endpoint`` answers with, after one runtime command."""
    assert endpoint is not None
    async with connect_peer(endpoint) as game:
        await command(game, "runtime.get_tree", {"max_depth": 1})
        return game.identity.pid


async def test_two_editors_of_one_project_each_reach_their_own_game(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    async with two_editors_of_one_project(engine_editor, tmp_path, editor_logs) as pair:
        first, second, registry, editors = pair.first, pair.second, pair.registry, pair.live
        with anyio.fail_after(120):
            async with (
                connect_peer(editors[first.pid].endpoint) as one,
                connect_peer(editors[second.pid].endpoint) as two,
            ):
                games = {first.pid: await start_game(one), second.pid: await start_game(two)}
                try:
                    listed = live_games(editors[first.pid], registry)
                    reached = {pid: await game_pid(find_runtime(e, registry)) for pid, e in editors.items()}
                    by_id = {
                        g.game_id: await game_pid(find_runtime(editors[first.pid], registry, g.game_id))
                        for g in listed
                    }
                    projection = json.loads((registry / "projects.json").read_text("utf-8"))
                finally:
                    await one.request("game.stop", {}, timeout_s=30)
                    await two.request("game.stop", {}, timeout_s=30)

    ids = {pid: str(game["game_id"]) for pid, game in games.items()}
    pids = {pid: int(str(game["pid"])) for pid, game in games.items()}
    assert ids == {editor: f"{editor}-{pids[editor]}" for editor in (first.pid, second.pid)}
    assert {(g.game_id, g.launcher_pid) for g in listed} == {(ids[e], e) for e in (first.pid, second.pid)}
    assert reached == pids  # each editor's runtime link finds its own game, not the other one's
    assert by_id == {ids[e]: pids[e] for e in (first.pid, second.pid)}  # and any game by its id
    overlays = {entry["pid"]: entry["runtime"]["pid"] for entry in projection["projects"].values()}
    assert overlays == pids
    assert sorted(game["game_id"] for game in projection["games"].values()) == sorted(ids.values())


async def game_schema_listed(server: WatchedServer) -> bool:
    tools = (await server.client.list_tools(cache_mode="refresh")).tools
    schema = next(tool.input_schema for tool in tools if tool.name == "execute_code")
    return "game" in schema.get("properties", {})


async def test_runtime_tools_aim_at_a_game_by_its_id(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project")
    serving = ("--project", str(project), "--no-launch", "--allow-execute")
    async with watched_server(engine_editor, tmp_path, *serving) as server:
        with start_editor(project, server.env, tmp_path / "main.log", editor_logs) as main:
            await main.wait_ready(120)
            await server.until(lambda names: "game_start" in names)
            with start_editor(project, server.env, tmp_path / "twin.log", editor_logs) as twin:
                twin_instance = (await twin.wait_ready(120)).endpoint
                with anyio.fail_after(120):
                    ours = structured(await server.client.call_tool("game_start", {}))["game"]
                    async with connect_peer(twin_instance) as peer:
                        theirs = await start_game(peer)
                        try:
                            while not await game_schema_listed(server):
                                await server.changes.receive()  # the second game adds the argument
                            code = {"code": "OS.get_process_id()"}
                            default = structured(await server.client.call_tool("execute_code", code))
                            aimed = await server.client.call_tool(
                                "execute_code", {**code, "game": theirs["game_id"]}
                            )
                            unknown = await server.client.call_tool("execute_code", {**code, "game": "1-2"})
                        finally:
                            await peer.request("game.stop", {}, timeout_s=30)
                            await server.client.call_tool("game_stop", {})

    assert default["value"] == ours["pid"]  # without game: the game of the server's editor
    assert structured(aimed)["value"] == theirs["pid"]  # the twin editor's game, by its id
    assert failure(unknown)["code"] == "GAME_NOT_RUNNING"
