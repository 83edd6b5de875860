"""project.get_setting, set_setting and list_settings on the real editor: typed, saved, undone and redone."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails, call_with_text, redo, undo
from tests.engine.harness import EngineEditor
from tests.mcp_results import envelope_body

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

WIDTH = "display/window/size/viewport_width"
SPLASH = "application/boot_splash/bg_color"


@pytest.fixture
async def custom(tools: Client, request: pytest.FixtureRequest) -> AsyncIterator[str]:
    """A prefix of the test's own for new settings, all removed again afterwards."""
    prefix = "mcp_tests/" + re.sub(r"[^a-z0-9_]", "_", request.node.name.lower())[:40] + "/"
    yield prefix
    for entry in (await call(tools, "project_list_settings", {"prefix": prefix}))["settings"]:
        await tools.call_tool("project_set_setting", {"name": entry["name"], "value": None})


@pytest.fixture
async def engine_setting(tools: Client) -> AsyncIterator[None]:
    """Puts the engine settings a test changes back to their defaults afterwards."""
    yield
    for name in (WIDTH, SPLASH):
        await tools.call_tool("project_set_setting", {"name": name, "value": None})


def saved(engine_editor: EngineEditor) -> str:
    return (engine_editor.project / "project.godot").read_text("utf-8")


async def value_of(client: Client, name: str) -> Any:
    return (await call(client, "project_get_setting", {"name": name}))["value"]


async def test_get_setting_gives_the_value_its_type_and_default(tools: Client) -> None:
    name, text = await call_with_text(tools, "project_get_setting", {"name": "application/config/name"})
    width = await call(tools, "project_get_setting", {"name": WIDTH})
    assert (name["value"], name["type"], name["is_default"]) == ("Demo Platformer", "String", False)
    # Values come from the project: a text that holds more than plain words is marked untrusted (issue 14).
    assert "value: Demo Platformer" in envelope_body(text).splitlines()
    assert (width["type"], width["value"], width["default"], width["is_default"]) == ("int", 1152, 1152, True)


async def test_get_setting_of_an_unknown_name_points_to_the_list(tools: Client) -> None:
    refused = await call_fails(tools, "project_get_setting", {"name": "mcp_tests/no_such/thing"}, "NOT_FOUND")
    assert "project_list_settings" in refused["hint"]


@pytest.mark.usefixtures("engine_setting")
async def test_set_setting_coerces_saves_and_is_undoable(tools: Client, engine_editor: EngineEditor) -> None:
    changed = await call(tools, "project_set_setting", {"name": WIDTH, "value": 640})
    assert (changed["value"], changed["previous"], changed["created"], changed["is_default"]) == (
        640,
        1152,
        False,
        False,
    )
    assert "window/size/viewport_width=640" in saved(engine_editor)
    assert await undo(tools) == f"MCP: Set project setting '{WIDTH}'"
    assert await value_of(tools, WIDTH) == 1152
    assert "viewport_width" not in saved(engine_editor)
    assert await redo(tools) == f"MCP: Set project setting '{WIDTH}'"
    assert await value_of(tools, WIDTH) == 640


@pytest.mark.usefixtures("engine_setting")
async def test_set_setting_reads_tagged_and_plain_values_by_the_setting_type(
    tools: Client, engine_editor: EngineEditor
) -> None:
    tagged = await call(
        tools, "project_set_setting", {"name": SPLASH, "value": {"type": "Color", "r": 1, "g": 0, "b": 0}}
    )
    plain = await call(tools, "project_set_setting", {"name": SPLASH, "value": "#00ff00"})
    assert tagged["value"] == {"type": "Color", "r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0}
    assert plain["value"] == {"type": "Color", "r": 0.0, "g": 1.0, "b": 0.0, "a": 1.0}
    assert "boot_splash/bg_color=Color(0, 1, 0, 1)" in saved(engine_editor)


@pytest.mark.usefixtures("engine_setting")
async def test_null_resets_an_engine_setting_to_its_default(
    tools: Client, engine_editor: EngineEditor
) -> None:
    await call(tools, "project_set_setting", {"name": WIDTH, "value": 800})
    reset = await call(tools, "project_set_setting", {"name": WIDTH, "value": None})
    assert (reset["value"], reset["previous"], reset["is_default"], reset["removed"]) == (
        1152,
        800,
        True,
        False,
    )
    assert "viewport_width" not in saved(engine_editor)


async def test_a_new_setting_keeps_its_json_type_and_null_removes_it(
    tools: Client, custom: str, engine_editor: EngineEditor
) -> None:
    count = await call(tools, "project_set_setting", {"name": custom + "lives", "value": 3})
    offset = await call(
        tools,
        "project_set_setting",
        {"name": custom + "offset", "value": {"type": "Vector2", "x": 1.5, "y": 2}},
    )
    assert (count["type"], count["value"], count["created"]) == ("int", 3, True)
    assert (offset["type"], offset["value"]) == ("Vector2", {"type": "Vector2", "x": 1.5, "y": 2.0})
    assert f"{custom.split('/')[1]}/offset=Vector2(1.5, 2)" in saved(engine_editor)
    removed = await call(tools, "project_set_setting", {"name": custom + "lives", "value": None})
    assert (removed["removed"], removed["previous"]) == (True, 3)
    await call_fails(tools, "project_get_setting", {"name": custom + "lives"}, "NOT_FOUND")
    assert await undo(tools) == f"MCP: Set project setting '{custom}lives'"
    assert await value_of(tools, custom + "lives") == 3


@pytest.mark.parametrize(
    ("name", "value", "code", "in_hint"),
    [
        (WIDTH, "wide", "TYPE_MISMATCH", "project_get_setting"),
        ("input/jump", 1, "INVALID_OPERATION", "input_map_add_action"),
        ("autoload/Thing", "res://thing.gd", "INVALID_OPERATION", "autoload_add"),
        ("no_section", 1, "INVALID_PARAMS", "project_list_settings"),
        (SPLASH, {"type": "Colour", "r": 1}, "INVALID_PARAMS", "project_get_setting"),
    ],
)
async def test_set_setting_refuses_wrong_types_names_and_managed_settings(
    tools: Client, name: str, value: Any, code: str, in_hint: str
) -> None:
    before = await tools.call_tool("project_get_setting", {"name": name})
    refused = await call_fails(tools, "project_set_setting", {"name": name, "value": value}, code)
    assert in_hint in refused["hint"]
    assert (
        await tools.call_tool("project_get_setting", {"name": name})
    ).structured_content == before.structured_content


async def test_list_settings_filters_by_prefix_and_change_and_pages(tools: Client) -> None:
    window = await call(tools, "project_list_settings", {"prefix": "display/window/size/", "limit": 3})
    changed = await call(tools, "project_list_settings", {"changed_only": True, "limit": 500})
    assert all(entry["name"].startswith("display/window/size/") for entry in window["settings"])
    assert (window["returned"], window["has_more"], window["next_offset"]) == (3, True, 3)
    names = {entry["name"]: entry for entry in changed["settings"]}
    assert names["application/config/name"]["value"] == "Demo Platformer"
    assert names["input/move_left"]["type"] == "Dictionary"
    assert not any(entry["is_default"] for entry in changed["settings"])
