"""The MCP dock of an editor with its interface: status, calls, the copied configuration, and its exit.

The tests share one GUI editor on Xvfb and talk to it through their own connections; the last two
disable and re-enable the plugin, then quit the editor and read its whole log.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client
from websockets.asyncio.client import connect

from godot_live_mcp import __version__
from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.bridge.peer_connection import PeerConnection, connect_peer
from godot_live_mcp.cli._client_config import merged_config, serve_entry
from godot_live_mcp.cli._clients import client_named
from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.instances.addon_install import project_root
from godot_live_mcp.security.extension_consent import disable
from tests.engine.authoring._helpers import call
from tests.engine.harness import EngineEditor, mcp_client, warnings_and_errors
from tests.engine.rendering.conftest import KNOWN_DISPLAY_WARNINGS

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

CLIENT = f"godot-live-mcp/{__version__}"
SETTLED_WITHIN_S = 10.0

# What the dock shows, read inside the editor (null when there is no dock).
READ_DOCK = """
var base: Control = EditorInterface.get_base_control()
var dock: Control = base.find_child("MCP", true, false)
if dock == null:
	return null
var calls: ItemList = dock.get_node("Calls")
return {
	"status": (dock.get_node("Status") as Label).text,
	"read_only": (dock.get_node("ReadOnly") as CheckButton).button_pressed,
	"clients": (dock.get_node("Clients") as Label).text,
	"version_gap": (dock.get_node("VersionGap") as Label).text if dock.get_node("VersionGap").visible else "",
	"calls": range(calls.item_count).map(func(i: int) -> String: return calls.get_item_text(i)),
	"slot": str(dock.get_parent().get_parent().name),
	"visible": dock.is_visible_in_tree(),
	"docks": base.find_children("MCP", "", true, false).size(),
	"tabs": base.find_children("*", "TabContainer", true, false).filter(
		func(tabs: TabContainer) -> bool: return range(tabs.get_tab_count()).any(
			func(i: int) -> bool: return tabs.get_tab_title(i) == "MCP"
		)
	).size(),
}
"""
SHOW_DOCK = """
var dock: Control = EditorInterface.get_base_control().find_child("MCP", true, false)
dock.get_parent().make_visible()
return dock.is_visible_in_tree()
"""
# A real click: press and release over the button's centre, through the editor window's input.
CLICK_COPY = """
var button: Button = EditorInterface.get_base_control().find_child("CopyConfig", true, false)
var at: Vector2 = button.get_global_rect().get_center()
for pressed: bool in [true, false]:
	var click := InputEventMouseButton.new()
	click.button_index = MOUSE_BUTTON_LEFT
	click.pressed = pressed
	click.position = at
	click.global_position = at
	button.get_viewport().push_input(click)
var shown: bool = button.is_visible_in_tree()
return {"clipboard": DisplayServer.clipboard_get(), "button": button.text, "visible": shown}
"""
# Off and on again, after this request's answer: deferred calls of the editor itself, not of this code.
RESTART_PLUGIN = """
EditorInterface.set_plugin_enabled.call_deferred("godot_live_mcp", false)
EditorInterface.set_plugin_enabled.call_deferred("godot_live_mcp", true)
return true
"""


@asynccontextmanager
async def editor_peer(editor: EngineEditor, *, read_only: bool = False) -> AsyncIterator[PeerConnection]:
    """A connection of its own to the GUI editor, saying on auth whether it runs read-only."""
    async with connect_peer(editor.instance.endpoint, read_only=read_only) as connection:
        yield connection


async def run_in_editor(connection: PeerConnection, code: str) -> JsonValue:
    result = await connection.request("editor.execute", {"code": code, "mode": "body"}, timeout_s=30.0)
    assert isinstance(result, dict)
    assert result["success"] is True, result
    return result["value"]


async def dock_when(connection: PeerConnection, settled: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The dock's state once ``settled`` holds: a client that just left may take a frame or two to go."""
    with anyio.fail_after(SETTLED_WITHIN_S):
        while True:
            state = await run_in_editor(connection, READ_DOCK)
            assert isinstance(state, dict), "the GUI editor shows the MCP dock"
            if settled(state):
                return state
            await anyio.sleep(0.1)


def connected(count: int) -> Callable[[dict[str, Any]], bool]:
    return lambda state: state["status"].endswith(f"{count} client{'s' if count != 1 else ''} connected")


async def test_the_dock_is_a_tab_of_the_editor_docks_that_shows_the_port_and_the_connected_servers(
    gui_editor: EngineEditor,
) -> None:
    async with editor_peer(gui_editor, read_only=True) as peer:
        alone = await dock_when(peer, connected(1))
        await run_in_editor(peer, SHOW_DOCK)
        async with mcp_client(gui_editor, "--read-only") as client:
            await client.call_tool("editor_get_info", {})
            read_only = await dock_when(peer, connected(2))
        await dock_when(peer, connected(1))  # the server has gone before the next one comes
        async with editor_peer(gui_editor):
            mixed = await dock_when(peer, connected(2))
        visible = (await dock_when(peer, connected(1)))["visible"]

    assert alone["status"] == f"Listening on port {gui_editor.instance.editor_port}, 1 client connected"
    assert alone["slot"].startswith("DockSlot")
    assert (alone["docks"], alone["tabs"]) == (1, 1)
    assert (alone["clients"], alone["read_only"]) == (f"{CLIENT} (read-only)", True)
    assert read_only["clients"].splitlines() == [f"{CLIENT} (read-only)"] * 2, "serve --read-only says so"
    assert read_only["read_only"] is True
    assert mixed["clients"].splitlines() == [f"{CLIENT} (read-only)", CLIENT]
    assert mixed["read_only"] is False, "the switch is on only when every connected server is read-only"
    assert visible is True, "shown when its tab is chosen"


async def older_server_greets(editor: EngineEditor, version: str, protocol: int) -> None:
    """A server of another version authenticates as that server would, then leaves."""
    token = editor.instance.token_path.read_text().strip()
    greeting = {"token": token, "client": f"godot-live-mcp/{version}", "protocol_version": protocol}
    frame = {"jsonrpc": "2.0", "id": 1, "method": "auth", "params": {**greeting, "server_version": version}}
    async with connect(editor.instance.url) as socket:
        await socket.send(json.dumps(frame))
        assert json.loads(await socket.recv())["result"]["authed"] is True


async def test_a_server_of_another_version_is_named_in_the_dock_with_the_fix(
    gui_editor: EngineEditor,
) -> None:
    async with editor_peer(gui_editor) as peer:
        matching = await dock_when(peer, connected(1))
        await older_server_greets(gui_editor, "0.0.9", CONTRACT.protocol_version)
        older = await dock_when(peer, lambda state: state["version_gap"] != "")
        await older_server_greets(gui_editor, "9.0.0", CONTRACT.protocol_version + 1)
        newer = await dock_when(peer, lambda state: "protocol" in state["version_gap"])
        async with editor_peer(gui_editor):  # a matching server again: nothing to fix
            cleared = await dock_when(peer, lambda state: state["version_gap"] == "")

    install = f"`godot-live-mcp install-addon --force {gui_editor.project}`"
    assert matching["version_gap"] == ""
    assert older["version_gap"].startswith(f"Server godot-live-mcp 0.0.9, addon {__version__}. ")
    assert install in older["version_gap"]
    assert "`pipx upgrade godot-live-mcp`" in older["version_gap"]
    protocols = f"(protocol {CONTRACT.protocol_version + 1} there, {CONTRACT.protocol_version} here"
    assert newer["version_gap"].startswith(f"Server godot-live-mcp 9.0.0, addon {__version__} {protocols}")
    assert cleared["version_gap"] == ""


async def test_a_call_of_an_mcp_client_is_listed_newest_first_with_its_duration(
    gui_editor: EngineEditor,
) -> None:
    async with mcp_client(gui_editor) as client:
        await client.call_tool("editor_get_info", {})
        await client.call_tool("node_get", {"node_path": "NoSuchNode/Anywhere"})
        # The list takes in finished calls at its refresh, twice a second (each change costs a frame).
        with anyio.fail_after(SETTLED_WITHIN_S):
            while True:
                state = (await call(client, "editor_execute", {"code": READ_DOCK, "mode": "body"}))["value"]
                if any("node_get" in line for line in state["calls"]):
                    break
                await anyio.sleep(0.1)

    calls = [line for line in state["calls"] if "editor_execute" not in line]
    assert re.fullmatch(r"\d\d:\d\d:\d\d  node_get  \d+\.\d ms  failed", calls[0]), calls
    assert re.fullmatch(r"\d\d:\d\d:\d\d  editor_get_info  \d+\.\d ms", calls[1]), calls
    assert state["clients"] == CLIENT


async def test_the_copy_button_puts_on_the_clipboard_what_configure_writes_for_claude_code(
    gui_editor: EngineEditor, tmp_path: Path
) -> None:
    entry = serve_entry("godot", project_root(gui_editor.project).resolve())
    written = merged_config(
        client_named("claude-code"),
        tmp_path / ".mcp.json",
        dataclasses.replace(entry, command="godot-live-mcp"),
    ).after

    async with editor_peer(gui_editor) as peer:
        await run_in_editor(peer, SHOW_DOCK)
        clicked = await run_in_editor(peer, CLICK_COPY)

    assert isinstance(clicked, dict)
    assert clicked["visible"] is True
    assert clicked["clipboard"] == written
    assert clicked["button"] == "Copied"


WAITING = "DockWaiting"
WAITING_SOURCE = (
    f"@tool\nclass_name {WAITING}\nextends MCPToolkitExtension\n\n\n"
    "func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:\n"
    '\tvar options: MCPToolkitExtensionOptions = registry.create_extension_options("Hello.")\n'
    '\tregistry.add("dock_waiting.hello", _hello, options.mark_read_only())\n\n\n'
    "func _hello(_params: Dictionary) -> Dictionary:\n\treturn MCPToolkitSuccess.ok({})\n"
)
# The Enable button of the waiting extension, clicked for real once the dock shows it (null before).
CLICK_ENABLE = f"""
var button: Button = EditorInterface.get_base_control().find_child("Enable{WAITING}", true, false)
if button == null or not button.is_visible_in_tree():
	return null
var at: Vector2 = button.get_global_rect().get_center()
for pressed: bool in [true, false]:
	var click := InputEventMouseButton.new()
	click.button_index = MOUSE_BUTTON_LEFT
	click.pressed = pressed
	click.position = at
	click.global_position = at
	button.get_viewport().push_input(click)
return button.text
"""


async def answer(connection: PeerConnection, method: str) -> dict[str, Any]:
    result = await connection.request(method, {}, timeout_s=60.0)
    assert isinstance(result, dict)
    return result


async def click_enable(connection: PeerConnection) -> JsonValue:
    """Clicks the waiting extension's Enable button once the dock shows it (its panel refreshes twice a s)."""
    with anyio.fail_after(SETTLED_WITHIN_S):
        while True:
            clicked = await run_in_editor(connection, CLICK_ENABLE)
            if clicked is not None:
                return clicked
            await anyio.sleep(0.1)


async def test_an_extension_waiting_for_the_person_loads_when_they_press_enable_in_the_dock(
    gui_editor: EngineEditor,
) -> None:
    folder = gui_editor.project / "tests_tmp" / "dock_waiting"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "waiting.gd").write_text(WAITING_SOURCE, "utf-8")
    try:
        async with editor_peer(gui_editor) as peer:
            refreshed = await answer(peer, "extensions.refresh")
            await run_in_editor(peer, SHOW_DOCK)
            clicked = await click_enable(peer)
            listed = await answer(peer, "extensions.list")
    finally:
        shutil.rmtree(folder)
        disable(gui_editor.project, WAITING)

    assert WAITING in refreshed["waiting"]
    assert clicked == f"Enable {WAITING}"
    report = next(item for item in listed["extensions"] if item["class"] == WAITING)
    assert (report["status"], report["commands"]) == ("loaded", ["dock_waiting.hello"])


async def test_the_dock_goes_with_the_plugin_and_comes_back_once_with_it(gui_editor: EngineEditor) -> None:
    async with editor_peer(gui_editor) as peer:
        await peer.request("editor.get_info", {}, timeout_s=30.0)
        before = await dock_when(peer, connected(1))
        await run_in_editor(peer, RESTART_PLUGIN)
        with anyio.fail_after(SETTLED_WITHIN_S):
            await peer.wait_closed()
    gui_editor.instance = await gui_editor.process.wait_ready(SETTLED_WITHIN_S * 3)

    async with editor_peer(gui_editor) as peer:
        state = await dock_when(peer, connected(1))

    assert (state["docks"], state["tabs"]) == (1, 1)
    assert any("editor_get_info" in line for line in before["calls"])
    assert all("editor_execute" in line for line in state["calls"]), "a new dock lists only the calls since"


async def test_a_headless_editor_has_no_dock(tools: Client) -> None:
    dock = await call(tools, "editor_execute", {"code": READ_DOCK, "mode": "body"})
    info = await call(tools, "editor_get_info", {})

    assert info["headless"] is True
    assert dock["value"] is None


def test_the_editor_loaded_and_dropped_the_dock_without_warnings_errors_or_leaks(
    gui_editor: EngineEditor,
) -> None:
    gui_editor.process.stop()
    problems = warnings_and_errors(gui_editor.log_path, KNOWN_DISPLAY_WARNINGS)

    assert gui_editor.process.returncode == 0
    assert not problems, "\n".join(problems)
