"""input_map.* on the real editor: actions and their events, saved to project.godot, undone and redone."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from godot_live_mcp.contract._data import addon_source_dir
from tests.engine.authoring._helpers import call, call_fails, redo, undo
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SHIFT = {"type": "key", "key": "Shift", "physical": True}
RIGHT_CLICK = {"type": "mouse_button", "button": "right", "ctrl": True}
PAD_B = {"type": "joypad_button", "button": "b"}
STICK_LEFT = {"type": "joypad_motion", "axis": "left_x", "direction": -1}
CTRL_K = {"type": "key", "key": "K", "physical": False, "ctrl": True}
CONTRACT_JSON = addon_source_dir() / "contract" / "contract.json"
CAPS: dict[str, int] = json.loads(CONTRACT_JSON.read_text("utf-8"))["detail"]["caps"]


@pytest.fixture
async def action(tools: Client, request: pytest.FixtureRequest) -> AsyncIterator[str]:
    """A name for the test's own input action, removed from the project afterwards."""
    name = "mcp_" + re.sub(r"[^a-z0-9_]", "_", request.node.name.lower())[:40]
    yield name
    await tools.call_tool("input_map_remove_action", {"action": name})


async def events_of(client: Client, action: str) -> list[dict[str, Any]] | None:
    """The action's events, or None when the project has no such action."""
    listed = await call(client, "input_map_list", {"limit": 500, "detail": "full"})
    found = [entry for entry in listed["actions"] if entry["action"] == action]
    return list(found[0]["events"]) if found else None


def saved_block(engine_editor: EngineEditor, action: str) -> str:
    """The action's entry in project.godot on disk ('' when absent)."""
    text = (engine_editor.project / "project.godot").read_text("utf-8")
    match = re.search(rf"^{re.escape(action)}=\{{.*?^\}}", text, re.MULTILINE | re.DOTALL)
    return match.group(0) if match else ""


async def test_list_gives_the_demo_actions_with_their_keys(tools: Client) -> None:
    listed = await call(tools, "input_map_list", {"detail": "full"})
    actions = {entry["action"]: entry for entry in listed["actions"]}
    assert actions["move_left"]["events"] == [
        {"type": "key", "key": "Left", "physical": True},
        {"type": "key", "key": "A", "physical": True},
    ]
    assert actions["jump"]["deadzone"] == pytest.approx(0.2)
    assert not any(name.startswith("ui_") for name in actions)
    builtin = await call(tools, "input_map_list", {"include_builtin": True, "limit": 500, "detail": "full"})
    assert any(entry["action"] == "ui_accept" and entry["builtin"] for entry in builtin["actions"])


async def test_list_gives_names_at_brief_and_one_line_an_event_by_default(tools: Client) -> None:
    brief = await call(tools, "input_map_list", {"detail": "brief"})
    assert brief["action_names"][:3] == ["move_left", "move_right", "jump"]
    assert "actions" not in brief
    normal = await call(tools, "input_map_list", {})
    move_left = next(entry for entry in normal["actions"] if entry["action"] == "move_left")
    assert move_left == {
        "action": "move_left",
        "deadzone": pytest.approx(0.2),
        "bindings": ["key Left", "key A"],
    }
    builtin = await call(tools, "input_map_list", {"include_builtin": True, "limit": 500})
    accept = next(entry for entry in builtin["actions"] if entry["action"] == "ui_accept")
    assert accept["builtin"] is True
    assert {"key Enter", "key Space"} <= set(accept["bindings"])


async def test_every_kind_of_event_reads_as_one_line(tools: Client, action: str) -> None:
    events = [SHIFT, RIGHT_CLICK, PAD_B, STICK_LEFT, CTRL_K, {"type": "key", "key": "Q", "device": 2}]
    await call(tools, "input_map_add_action", {"action": action, "events": events})
    listed = await call(tools, "input_map_list", {"limit": 500})
    added = next(entry for entry in listed["actions"] if entry["action"] == action)
    assert added["bindings"] == [
        "key Shift",
        "mouse_button Ctrl+right",
        "joypad_button b",
        "joypad_motion left_x-",
        "key Ctrl+K",
        "key Q device 2",
    ]


async def test_each_detail_level_is_smaller_than_the_next_and_within_its_cap(tools: Client) -> None:
    sizes: dict[str, int] = {}
    for detail in ("brief", "normal", "full"):
        listed = await call(
            tools, "input_map_list", {"include_builtin": True, "limit": 500, "detail": detail}
        )
        sizes[detail] = len(json.dumps(listed, separators=(",", ":")))
        assert sizes[detail] <= CAPS[detail], (detail, sizes[detail])
    assert sizes["brief"] < sizes["normal"] < sizes["full"], sizes


async def test_add_action_saves_every_kind_of_event_and_is_undoable(
    tools: Client, action: str, engine_editor: EngineEditor
) -> None:
    events = [SHIFT, RIGHT_CLICK, PAD_B, STICK_LEFT, CTRL_K]
    added = await call(tools, "input_map_add_action", {"action": action, "deadzone": 0.5, "events": events})
    assert (added["status"], added["deadzone"], added["events"]) == ("created", 0.5, events)
    block = saved_block(engine_editor, action)
    assert '"deadzone": 0.5' in block
    for kind in (
        "InputEventKey",
        "InputEventMouseButton",
        "InputEventJoypadButton",
        "InputEventJoypadMotion",
    ):
        assert f"Object({kind}," in block
    assert await undo(tools) == f"MCP: Add input action '{action}'"
    assert await events_of(tools, action) is None
    assert saved_block(engine_editor, action) == ""
    assert await redo(tools) == f"MCP: Add input action '{action}'"
    assert await events_of(tools, action) == events
    assert saved_block(engine_editor, action) != ""


async def test_add_action_follows_if_exists(tools: Client, action: str) -> None:
    await call(tools, "input_map_add_action", {"action": action, "events": [SHIFT]})
    kept = await call(tools, "input_map_add_action", {"action": action, "events": [PAD_B]})
    await call_fails(tools, "input_map_add_action", {"action": action, "if_exists": "fail"}, "ALREADY_EXISTS")
    replaced = await call(
        tools, "input_map_add_action", {"action": action, "events": [PAD_B], "if_exists": "replace"}
    )
    assert (kept["status"], kept["events"]) == ("returned", [SHIFT])
    assert (replaced["status"], replaced["events"]) == ("replaced", [PAD_B])


@pytest.mark.parametrize(
    ("arguments", "in_message"),
    [
        ({"action": "bad/name"}, "may not contain"),
        ({"action": "   "}, "empty"),
        ({"action": "ok_name", "events": [{"type": "key", "key": "NoSuchKey"}]}, "Unknown key"),
        ({"action": "ok_name", "events": [{"type": "joypad_button", "button": "z"}]}, "not a known button"),
        (
            {"action": "ok_name", "events": [{"type": "joypad_motion", "axis": "left_x", "direction": 0}]},
            "direction",
        ),
    ],
)
async def test_add_action_refuses_bad_names_and_events(
    tools: Client, arguments: dict[str, Any], in_message: str
) -> None:
    refused = await call_fails(tools, "input_map_add_action", arguments, "INVALID_PARAMS")
    assert in_message in refused["message"]
    assert await events_of(tools, "ok_name") is None


async def test_add_and_remove_event_change_one_binding_each_undoably(tools: Client, action: str) -> None:
    await call(tools, "input_map_add_action", {"action": action, "events": [SHIFT]})
    added = await call(tools, "input_map_add_event", {"action": action, "event": RIGHT_CLICK})
    assert (added["status"], added["events"]) == ("created", [SHIFT, RIGHT_CLICK])
    assert await undo(tools) == f"MCP: Add event to input action '{action}'"
    assert await events_of(tools, action) == [SHIFT]
    await redo(tools)
    await call_fails(
        tools,
        "input_map_add_event",
        {"action": action, "event": SHIFT, "if_exists": "fail"},
        "ALREADY_EXISTS",
    )
    by_shape = await call(tools, "input_map_remove_event", {"action": action, "event": SHIFT})
    assert (by_shape["removed_event"], by_shape["events"]) == (SHIFT, [RIGHT_CLICK])
    assert await undo(tools) == f"MCP: Remove event from input action '{action}'"
    assert await events_of(tools, action) == [SHIFT, RIGHT_CLICK]
    await redo(tools)
    by_index = await call(tools, "input_map_remove_event", {"action": action, "index": 0})
    assert (by_index["removed_event"], by_index["events"]) == (RIGHT_CLICK, [])


async def test_event_changes_name_the_missing_action_or_event(tools: Client, action: str) -> None:
    await call(tools, "input_map_add_action", {"action": action, "events": [SHIFT]})
    missing = await call_fails(
        tools, "input_map_add_event", {"action": "mcp_no_such", "event": SHIFT}, "NOT_FOUND"
    )
    assert "input_map_list" in missing["hint"]
    await call_fails(tools, "input_map_remove_event", {"action": action, "event": PAD_B}, "NOT_FOUND")
    await call_fails(tools, "input_map_remove_event", {"action": action, "index": 3}, "NOT_FOUND")
    assert await events_of(tools, action) == [SHIFT]


async def test_remove_action_takes_its_events_and_undo_brings_them_back(
    tools: Client, action: str, engine_editor: EngineEditor
) -> None:
    await call(tools, "input_map_add_action", {"action": action, "events": [SHIFT, PAD_B]})
    removed = await call(tools, "input_map_remove_action", {"action": action})
    assert (removed["removed"], removed["events"]) == (True, [SHIFT, PAD_B])
    assert saved_block(engine_editor, action) == ""
    assert await undo(tools) == f"MCP: Remove input action '{action}'"
    assert await events_of(tools, action) == [SHIFT, PAD_B]
    assert await redo(tools) == f"MCP: Remove input action '{action}'"
    assert await events_of(tools, action) is None


async def test_remove_action_refuses_builtin_and_unknown_actions(tools: Client) -> None:
    builtin = await call_fails(tools, "input_map_remove_action", {"action": "ui_accept"}, "INVALID_OPERATION")
    assert "input_map_remove_event" in builtin["hint"]
    await call_fails(tools, "input_map_remove_action", {"action": "mcp_no_such"}, "NOT_FOUND")


async def test_the_event_schema_names_exactly_the_codecs_buttons_and_axes(tools: Client) -> None:
    listed = {tool.name: tool for tool in (await tools.list_tools()).tools}
    event = listed["input_map_add_event"].input_schema["properties"]["event"]["properties"]
    code = (
        'var codec = load("res://addons/godot_live_mcp/contract/input_event_codec.gd")\n'
        "return [codec.MOUSE_BUTTONS.keys(), codec.JOY_BUTTONS.keys(), codec.JOY_AXES.keys()]"
    )
    mouse, pad, axes = (await call(tools, "editor_execute", {"code": code, "mode": "body"}))["value"]
    button = event["button"]["description"]
    assert f"type mouse_button: {', '.join(mouse)}. type joypad_button: {', '.join(pad)}. " in button
    assert f"type joypad_motion: {', '.join(axes)}. " in event["axis"]["description"]
