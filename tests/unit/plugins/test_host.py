"""ProjectPlugins: installing what the project enables, withdrawing what it stops, and surviving broken
plugins (found through fake entry points)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.plugins import (
    ENABLED_FILE,
    Permission,
    PluginError,
    PluginHost,
    ProjectPlugins,
    ProjectTools,
    read_enabled,
    read_status,
    write_enabled,
)
from godot_live_mcp.server.hooks import Proceed, ToolCall, ToolHook, ToolOutcome
from tests.unit.plugins._plugins import names, plugin, reset, source, sources


def adds(*tools: str) -> Callable[[ProjectTools, PluginHost], None]:
    def body(registry: ProjectTools, _host: PluginHost) -> None:
        for name in tools:
            registry.add_tool(reset, name=name)

    return body


def wind(project: Path | None = None) -> ProjectPlugins:
    """A registry with one installed plugin, wind, which adds wind_gust (not enabled yet)."""
    found = sources(source("wind", plugin("wind", adds("gust"))))
    return ProjectPlugins(ProjectTools(), sources=found, project=lambda: project)


def broken_install(registry: ProjectTools, _host: PluginHost) -> None:
    registry.add_tool(reset)
    raise RuntimeError("the config it wanted is missing")


def test_enabled_plugins_are_installed_in_the_order_given() -> None:
    found = sources(
        source("wind", plugin("wind", adds("gust"))), source("rain", plugin("rain", adds("drop")))
    )
    plugins = ProjectPlugins(ProjectTools(), sources=found)
    plugins.apply(["rain", "wind"])
    assert names(plugins.tools) == ["rain_drop", "wind_gust"]
    assert [state.installed for state in plugins.states()] == [True, True]


def test_a_plugin_not_enabled_is_not_even_loaded() -> None:
    loaded: list[str] = []

    def load() -> object:
        loaded.append("wind")
        return plugin("wind", adds("gust"))

    plugins = ProjectPlugins(ProjectTools(), sources=sources(source("wind", load)))
    plugins.apply([])
    assert loaded == []
    assert plugins.tools.tools == ()


def test_a_plugin_whose_install_raises_is_reported_and_the_others_keep_working() -> None:
    found = sources(
        source("broken", plugin("broken", broken_install)), source("wind", plugin("wind", adds("gust")))
    )
    plugins = ProjectPlugins(ProjectTools(), sources=found)
    plugins.apply(["broken", "wind"])
    broken = plugins.states()[0]
    assert names(plugins.tools) == ["wind_gust"]  # what broken added before raising is withdrawn
    assert not broken.installed
    problem = broken.problems[0]
    assert (problem.stage, problem.code) == ("install", ErrorCode.EXTENSION_ERROR)
    assert problem.message == "Plugin 'broken': install raised RuntimeError: the config it wanted is missing"
    assert "plugins disable broken" in problem.hint


def test_a_plugin_that_does_not_import_or_has_a_bad_manifest_is_reported() -> None:
    def missing() -> object:
        raise ImportError("No module named 'storm'")

    class NoManifest:
        def install(self, host: PluginHost) -> None: ...

    found = sources(
        source("storm", missing), source("hail", NoManifest()), source("rain", plugin("wind", adds()))
    )
    plugins = ProjectPlugins(ProjectTools(), sources=found)
    plugins.apply(["storm", "hail", "rain"])
    problems = {state.name: state.problems[0] for state in plugins.states()}
    assert "load raised ImportError: No module named 'storm'" in problems["storm"].message
    assert (
        problems["hail"].message
        == "Plugin 'hail': malformed manifest: its manifest is a NoneType, not a PluginManifest."
    )
    assert "named 'rain' but its manifest id is 'wind'" in problems["rain"].message


def test_a_reserved_namespace_is_refused_at_install() -> None:
    plugins = ProjectPlugins(ProjectTools(), sources=sources(source("scene", plugin("scene", adds("x")))))
    plugins.apply(["scene"])
    assert plugins.states()[0].problems[0].code == ErrorCode.NAMESPACE_RESERVED
    assert plugins.tools.tools == ()


def test_a_tool_without_the_permission_fails_the_install_naming_the_plugin() -> None:
    found = sources(source("wind", plugin("wind", adds("gust"), permissions=[Permission.EDITOR])))
    plugins = ProjectPlugins(ProjectTools(), sources=found)
    plugins.apply(["wind"])
    problem = plugins.states()[0].problems[0]
    assert problem.code == ErrorCode.PERMISSION_DENIED
    assert problem.message.startswith("Plugin 'wind': it needs the 'tools' permission")


def test_disabling_withdraws_the_tools_and_enabling_again_brings_them_back_once() -> None:
    tools = ProjectTools()
    heard: list[None] = []
    tools.listen(lambda: heard.append(None))
    plugins = ProjectPlugins(tools, sources=sources(source("wind", plugin("wind", adds("gust", "calm")))))
    plugins.apply(["wind"])
    plugins.apply([])
    assert tools.tools == ()
    plugins.apply(["wind"])
    assert names(tools) == ["wind_gust", "wind_calm"]
    assert len(heard) == 3  # one notice per change, however many tools it moved


def test_the_enabled_file_is_followed_when_it_changes(tmp_path: Path) -> None:
    plugins = wind(tmp_path)
    assert plugins.refresh()  # the first look, with no file: nothing enabled
    assert not plugins.refresh()
    write_enabled(tmp_path, ["wind"])
    assert plugins.refresh()
    assert names(plugins.tools) == ["wind_gust"]
    assert read_enabled(tmp_path) == ["wind"]
    status = read_status(tmp_path)
    assert status is not None
    assert status["plugins"] == {
        "wind": {
            "enabled": True,
            "installed": True,
            "tools": ["wind_gust"],
            "prompts": [],
            "resources": [],
            "problems": [],
        }
    }


def test_a_malformed_enabled_file_leaves_the_plugins_as_they_were(tmp_path: Path) -> None:
    plugins = wind(tmp_path)
    write_enabled(tmp_path, ["wind"])
    plugins.refresh()
    (tmp_path / ENABLED_FILE).write_text("enabled = wind\n", "utf-8")
    assert not plugins.refresh()
    assert names(plugins.tools) == ["wind_gust"]


class Counting(ToolHook):
    def __init__(self) -> None:
        self.calls: list[str] = []

    async def around(self, call: ToolCall, proceed: Proceed) -> ToolOutcome:
        self.calls.append(call.name)
        return await proceed()


def test_hooks_need_their_permission_and_go_with_the_plugin() -> None:
    hook = Counting()

    def hooking(registry: ProjectTools, host: PluginHost) -> None:
        host.add_hook(hook)

    found = sources(
        source("wind", plugin("wind", hooking)),
        source("rain", plugin("rain", hooking, permissions=[Permission.TOOLS])),
    )
    plugins = ProjectPlugins(ProjectTools(), sources=found)
    plugins.apply(["wind", "rain"])
    assert plugins.hooks() == [hook]
    refused = plugins.states()[1].problems[0]
    assert refused.message.startswith("Plugin 'rain': it needs the 'hooks' permission")
    plugins.apply([])
    assert plugins.hooks() == []


def test_a_failure_at_call_time_is_kept_for_plugins_list(tmp_path: Path) -> None:
    plugins = wind(tmp_path)
    plugins.apply(["wind"])
    plugins.note_failure("wind", PluginError("wind", "its tool wind_gust raised KeyError: 'x'"))
    status: Any = read_status(tmp_path)
    problems = status["plugins"]["wind"]["problems"]
    assert problems[0]["stage"] == "call"
    assert problems[0]["message"] == "Plugin 'wind': its tool wind_gust raised KeyError: 'x'"


def test_an_enabled_plugin_that_is_not_installed_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    plugins = ProjectPlugins(ProjectTools(), sources=sources())
    plugins.apply(["ghost"])
    assert "plugin 'ghost' is enabled but not installed" in caplog.text


def test_a_project_that_enables_no_plugin_gets_no_status_file(tmp_path: Path) -> None:
    plugins = wind(tmp_path)
    plugins.refresh()
    assert read_status(tmp_path) is None
