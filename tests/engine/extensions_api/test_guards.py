"""The rules an extension's registration is held to, on the real editor: collisions (the first
registration stays), reserved namespaces, the namespace.action form, the handler's argument count,
internal fields, declarative path guards, and groups that take part in discover_tools."""

from __future__ import annotations

from typing import Any

import pytest

from godot_live_mcp.contract import CONTRACT
from tests.engine.extensions_api._session import Plot, Session, extension, session
from tests.engine.harness import EngineEditor
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

OK_HANDLER = """
func _ok(params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"by": get_script().resource_path.get_file(), "params": params})
"""


def adding(
    names: list[str], handler: str = "_ok", options: str = 'registry.create_extension_options("x")'
) -> str:
    """register() lines adding each name with the same handler and options."""
    return "\n".join(f'registry.add("{name}", {handler}, {options}.mark_read_only())' for name in names)


def refusals(report: dict[str, Any] | None) -> dict[str, str]:
    assert report is not None
    return {item["command"]: item["code"] for item in report.get("refused", [])}


async def test_a_collision_keeps_the_first_registration(
    plot: Plot, live: Session, engine_editor: EngineEditor
) -> None:
    plot.plant("first.gd", extension("ExtApiFirst", adding(["shared.tool"]), OK_HANDLER))
    plot.plant(
        "second.gd",
        extension("ExtApiSecond", adding(["shared.tool", "second.own", "scene.get_tree"]), OK_HANDLER),
    )
    await live.refresh()
    await live.wait_listed(present=["shared_tool", "second_own"])
    assert (await live.call("shared_tool"))["by"] == "first.gd"
    assert refusals(await live.extension("ExtApiSecond")) == {
        "shared.tool": "DUPLICATE_COMMAND",
        "scene.get_tree": "DUPLICATE_COMMAND",
    }
    assert "scene_get_tree" in await live.names()
    log = engine_editor.log_path.read_text("utf-8", errors="replace")
    assert "extension ExtApiSecond: 'shared.tool' refused: extension ExtApiFirst registered it first" in log
    assert "extension ExtApiSecond: 'scene.get_tree' refused: a built-in command registered it first" in log


async def test_reserved_namespaces_are_refused(plot: Plot, live: Session) -> None:
    builtin_only = "classdb"  # a namespace a built-in uses, reserved by that alone as well
    names = [f"{space}.mine" for space in (*CONTRACT.reserved_namespaces, builtin_only)] + ["mine.ok"]
    plot.plant("reserved.gd", extension("ExtApiReserved", adding(names), OK_HANDLER))
    await live.refresh()
    await live.wait_listed(present=["mine_ok"])
    refused = refusals(await live.extension("ExtApiReserved"))
    assert refused == {name: "NAMESPACE_RESERVED" for name in names[:-1]}


async def test_a_name_must_be_namespace_dot_action(plot: Plot, live: Session) -> None:
    names = ["noaction", "too.many.dots", "bad name.x", "fine.name"]
    plot.plant("names.gd", extension("ExtApiNames", adding(names), OK_HANDLER))
    await live.refresh()
    await live.wait_listed(present=["fine_name"])
    assert refusals(await live.extension("ExtApiNames")) == {name: "NAME_INVALID" for name in names[:-1]}


async def test_a_handler_with_the_wrong_argument_count_is_refused_at_add(
    plot: Plot, live: Session, engine_editor: EngineEditor
) -> None:
    members = """
func _one(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok()


func _two(_params: Dictionary, _context: MCPToolkitToolContext) -> Dictionary:
	return MCPToolkitSuccess.ok()


func _optional(_params: Dictionary, _extra: int = 0) -> Dictionary:
	return MCPToolkitSuccess.ok()
"""
    body = "\n".join(
        [
            'var plain: MCPToolkitExtensionOptions = registry.create_extension_options("x").mark_read_only()',
            "var cancellable: MCPToolkitCommandOptions = registry.create_options().mark_cancellable()",
            'registry.add("arity.two_for_plain", _two, plain)',
            'registry.add("arity.one_for_cancellable", _one, cancellable)',
            'registry.add("arity.optional", _optional, MCPToolkitExtensionOptions.new("x").mark_read_only())',
            'registry.add("arity.none", func() -> Dictionary: return {}, registry.create_options())',
            'registry.add("arity.good", _two, MCPToolkitExtensionOptions.new("x").mark_cancellable())',
        ]
    )
    plot.plant("arity.gd", extension("ExtApiArity", body, members))
    await live.refresh()
    await live.wait_listed(present=["arity_good", "arity_optional"])
    report = await live.extension("ExtApiArity")
    assert refusals(report) == {
        "arity.two_for_plain": "INVALID_PARAMS",
        "arity.one_for_cancellable": "INVALID_PARAMS",
        "arity.none": "INVALID_PARAMS",
    }
    log = engine_editor.log_path.read_text("utf-8", errors="replace")
    assert (
        "extension ExtApiArity: 'arity.one_for_cancellable' refused: its handler _one takes 1 argument(s),"
        " but it will be called as (params, context)"
    ) in log


async def test_an_extension_cannot_set_the_internal_channel(plot: Plot, live: Session) -> None:
    body = """
var options: MCPToolkitExtensionOptions = MCPToolkitExtensionOptions.new("x").mark_read_only()
options.channel = "runtime"
registry.add("channel.runtime", _ok, options)
""" + adding(["channel.editor"])
    plot.plant("channel.gd", extension("ExtApiChannel", body, OK_HANDLER))
    await live.refresh()
    await live.wait_listed(present=["channel_editor"])
    assert refusals(await live.extension("ExtApiChannel")) == {"channel.runtime": "INVALID_PARAMS"}


async def test_a_guarded_path_is_refused_before_the_handler_runs(plot: Plot, live: Session) -> None:
    options = 'registry.create_extension_options("x").guard_project_path("path").guard_user_path("slot")'
    members = (
        OK_HANDLER.replace("return", "_calls += 1\n\treturn")
        + "\n\nvar _calls: int = 0\n\n\n"
        + "func _count(_params: Dictionary) -> Dictionary:\n"
        + '\treturn MCPToolkitSuccess.ok({"calls": _calls})\n'
    )
    body = adding(["guard.read"], options=options) + "\n" + adding(["guard.calls"], "_count")
    plot.plant("guard.gd", extension("ExtApiGuard", body, members))
    await live.refresh()
    await live.wait_listed(present=["guard_read"])
    for arguments in [{"path": "res://../outside.txt"}, {"path": "/etc/passwd"}, {"slot": "res://x.save"}]:
        assert failure(await live.client.call_tool("guard_read", arguments))["code"] == "PATH_DENIED", (
            arguments
        )
    assert (await live.call("guard_calls"))["calls"] == 0
    assert (await live.call("guard_read", {"path": "res://scenes/level.tscn", "slot": "user://a.save"}))[
        "params"
    ]
    assert (await live.call("guard_calls"))["calls"] == 1


async def test_an_extension_group_takes_part_in_discover_tools(
    plot: Plot, live: Session, engine_editor: EngineEditor
) -> None:
    group = (
        '.with_group("extapi_weather", "Weather stations of the level: forecasts and rain.", ["forecast"])'
    )
    body = (
        adding(
            ["weather.forecast"], options=f'registry.create_extension_options("Tomorrow\'s forecast"){group}'
        )
        + "\n"
        + adding(
            ["weather.rain"],
            options='registry.create_extension_options("Rain so far").with_group("extapi_weather")',
        )
    )
    plot.plant("weather.gd", extension("ExtApiWeather", body, OK_HANDLER))
    await live.refresh()
    await live.wait_listed(present=["weather_forecast", "weather_rain"])
    async with session(engine_editor, "--tools", "core") as fresh:  # the start-up surface: core tools
        before = await fresh.names()
        catalogue = await fresh.call("discover_tools")
        loaded = await fresh.call("discover_tools", {"request": "forecast for the level"})
        after = await fresh.wait_listed(present=["weather_forecast", "weather_rain"])
    assert not {"weather_forecast", "weather_rain"} & before
    assert "extapi_weather" in str(catalogue)
    assert loaded["loaded"] == ["extapi_weather"]
    assert {"weather_forecast", "weather_rain"} <= after
    metas = [(await live.tools())[name].meta or {} for name in ("weather_forecast", "weather_rain")]
    assert [meta["godot-live-mcp/group"] for meta in metas] == ["extapi_weather", "extapi_weather"]
