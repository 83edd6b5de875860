"""The registration contract on the real editor: names, version gates, timeouts, namespaces, hints."""

from __future__ import annotations

import mcp_types as types
import pytest
from mcp.client import Client

from godot_live_mcp.contract import CONTRACT
from tests.engine.harness import expect_editor_error
from tests.mcp_results import failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

META_TIMEOUT = "godot-live-mcp/timeout_ms"


async def tools_by_name(client: Client) -> dict[str, types.Tool]:
    return {tool.name: tool for tool in (await client.list_tools()).tools}


async def test_unpublishable_names_are_refused_at_registration(tools: Client) -> None:
    report = structured(await tools.call_tool("probe_registration_report", {}))["registrations"]
    assert report["no_namespace"] is False
    assert report["space_in_name"] is False
    assert report["too_long"] is False
    published = await tools_by_name(tools)
    assert all(len(name) <= CONTRACT.limits["max_tool_name_length"] for name in published)
    assert not any(name.startswith("probe_xxx") for name in published)


async def test_commands_outside_their_godot_version_range_are_not_registered(tools: Client) -> None:
    report = structured(await tools.call_tool("probe_registration_report", {}))["registrations"]
    published = await tools_by_name(tools)
    assert report["min_version_99"] is False
    assert report["max_version_4_0"] is False
    assert report["within_versions"] is True
    assert "probe_future" not in published
    assert "probe_past" not in published
    assert "probe_now" in published


async def test_the_first_registration_of_a_name_wins(tools: Client) -> None:
    report = structured(await tools.call_tool("probe_registration_report", {}))["registrations"]
    assert report["duplicate"] is False
    assert "hint" not in structured(await tools.call_tool("probe_first", {}))


async def test_an_extension_cannot_take_a_reserved_namespace(tools: Client) -> None:
    published = await tools_by_name(tools)
    assert "scene_hijack" not in published
    assert "scene_get_tree" in published


@pytest.mark.parametrize(
    ("tool", "expected_ms"),
    [
        ("probe_timeout_floor", CONTRACT.timeouts_ms["floor"]),
        ("probe_timeout_default", CONTRACT.timeouts_ms["default"]),
        ("probe_timeout_cap", CONTRACT.timeouts_ms["cap"]),
    ],
)
async def test_timeouts_are_floored_defaulted_and_capped(tools: Client, tool: str, expected_ms: int) -> None:
    meta = (await tools_by_name(tools))[tool].meta
    assert meta is not None
    assert meta[META_TIMEOUT] == expected_ms


async def test_read_only_and_destructive_counts_as_mutating(tools: Client) -> None:
    annotations = (await tools_by_name(tools))["probe_read_only_destructive"].annotations
    assert annotations is not None
    assert annotations.read_only_hint is False
    assert annotations.destructive_hint is True


async def test_a_registered_success_hint_is_added_unless_the_handler_set_one(tools: Client) -> None:
    assert structured(await tools.call_tool("probe_success_hint", {}))["hint"] == "Registered hint."
    assert structured(await tools.call_tool("probe_own_hint", {}))["hint"] == "Handler hint."


async def test_a_code_with_a_default_hint_carries_it(tools: Client) -> None:
    result = await tools.call_tool("probe_fail_hint", {})
    assert failure(result)["code"] == "GAME_NOT_RUNNING"
    assert failure(result)["hint"] == CONTRACT.error_codes["GAME_NOT_RUNNING"]["hint"]


@pytest.mark.parametrize(
    ("arguments", "missing"),
    [({"file_path": "res://a.gd"}, "node_path"), ({"node_path": "Player"}, "file_path")],
)
async def test_require_names_the_missing_parameter_with_its_hint(
    tools: Client, arguments: dict[str, str], missing: str
) -> None:
    result = await tools.call_tool("probe_require", arguments)
    details = failure(result)
    assert details["code"] == "INVALID_PARAMS"
    assert missing in details["message"]
    assert details["hint"] == CONTRACT.param_hints[missing]


@pytest.mark.parametrize(
    "path",
    [
        "res://../outside.txt",
        "/etc/passwd",
        "C:/Windows/win.ini",
        "\\\\server\\share\\x",
        "//server/share/x",
        "res://addons/godot_live_mcp/plugin.gd",
        "user://elsewhere.txt",
        "res://a/../../b",
    ],
)
async def test_a_guarded_path_parameter_is_refused_before_the_handler_runs(tools: Client, path: str) -> None:
    result = await tools.call_tool("probe_guarded_path", {"path": path})
    assert failure(result)["code"] == "PATH_DENIED", path


@pytest.mark.parametrize("path", ["res://scenes/level.tscn", "scenes/level.tscn", "res://a/./b.txt"])
async def test_a_guarded_path_inside_the_project_passes(tools: Client, path: str) -> None:
    assert structured(await tools.call_tool("probe_guarded_path", {"path": path}))["params"]["path"] == path


async def test_a_code_outside_the_vocabulary_is_caught_and_never_reaches_the_client(tools: Client) -> None:
    expect_editor_error(r"NO_SUCH_CODE|command 'probe\.unknown_code' returned")
    result = await tools.call_tool("probe_unknown_code", {})
    assert failure(result)["code"] == "INTERNAL"
