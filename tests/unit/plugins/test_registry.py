"""ProjectTools: namespaces, permissions, names, duplicates, ordering, schema versions and listeners."""

from __future__ import annotations

import pytest

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.plugins import (
    MAX_NAME_LENGTH,
    Permission,
    PluginError,
    PluginManifest,
    PluginScope,
    ProjectTools,
)
from tests.unit.plugins._plugins import names, nothing, reset


def view(root: ProjectTools, plugin_id: str, rank: int, *permissions: Permission) -> ProjectTools:
    granted = permissions or (Permission.TOOLS,)
    return root.for_plugin(PluginScope(PluginManifest(plugin_id, "1.0.0", "A plugin.", granted), rank))


def test_a_tool_is_published_under_the_plugins_namespace() -> None:
    root = ProjectTools()
    view(root, "wind", 1).add_tool(reset, name="gust")
    view(root, "wind.editor", 2).add_tool(reset, name="calm")
    tool = root.named("wind.gust")
    assert tool is not None
    assert (tool.published, tool.mcp_name, tool.owner) == ("wind.gust", "wind_gust", "wind")
    assert root.named("wind_calm") is not None  # the editor half publishes under wind. too
    assert root.named("wind.calm") is root.named("wind_calm")


def test_two_plugins_can_each_have_reset() -> None:
    root = ProjectTools()
    view(root, "wind", 1).add_tool(reset)
    view(root, "rain", 2).add_tool(reset)
    assert names(root) == ["wind_reset", "rain_reset"]


def test_without_the_tools_permission_add_tool_is_refused_naming_the_plugin() -> None:
    root = ProjectTools()
    with pytest.raises(PluginError) as refused:
        view(root, "wind", 1, Permission.EDITOR).add_tool(reset)
    assert refused.value.code == ErrorCode.PERMISSION_DENIED
    assert refused.value.plugin == "wind"
    assert "'tools' permission" in refused.value.message
    assert root.tools == ()


def test_a_plugin_publishes_only_under_its_own_namespace() -> None:
    with pytest.raises(PluginError, match="only under its own namespace 'wind', not 'rain'"):
        view(ProjectTools(), "wind", 1).add_tool(reset, namespace="rain")


def test_a_duplicate_is_refused_naming_the_owner_of_the_first() -> None:
    root = ProjectTools()
    view(root, "wind", 1).add_tool(reset, name="gust")
    with pytest.raises(PluginError) as refused:
        view(root, "wind.editor", 2).add_tool(nothing, name="gust")
    assert refused.value.code == ErrorCode.DUPLICATE_COMMAND
    assert "plugin 'wind' added 'wind.gust' first" in refused.value.message


def test_names_that_meet_as_mcp_names_collide_too() -> None:
    root = ProjectTools()
    view(root, "a_b", 1).add_tool(reset, name="c")
    with pytest.raises(PluginError, match="MCP name a_b_c"):
        view(root, "a", 2).add_tool(reset, name="b_c")


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("x" * (MAX_NAME_LENGTH - len("wind_") + 1), "past the limit of 64"),
        ("blow hard", "letters, digits"),
        ("gust.strong", "no dots"),
        ("", "letters, digits"),
    ],
)
def test_a_name_past_the_limit_or_outside_the_mcp_rules_is_refused(name: str, says: str) -> None:
    with pytest.raises(PluginError) as refused:
        view(ProjectTools(), "wind", 1).add_tool(reset, name=name)
    assert refused.value.code == ErrorCode.NAME_INVALID
    assert says in refused.value.message


def test_the_longest_name_fits() -> None:
    root = ProjectTools()
    view(root, "wind", 1).add_tool(reset, name="x" * (MAX_NAME_LENGTH - len("wind_")))
    assert len(names(root)[0]) == MAX_NAME_LENGTH


def test_the_servers_own_tool_names_are_refused() -> None:
    with pytest.raises(PluginError, match="the server's own tool"):
        view(ProjectTools(), "discover", 1).add_tool(reset, name="tools")


def test_the_application_names_its_namespace_and_reserved_ones_are_refused_to_it() -> None:
    root = ProjectTools()
    with pytest.raises(PluginError, match="name its namespace"):
        root.add_tool(reset)
    with pytest.raises(PluginError) as refused:
        root.add_tool(reset, namespace="scene")
    assert refused.value.code == ErrorCode.NAMESPACE_RESERVED
    own = ProjectTools(own_namespaces=["godot_live_mcp"])
    own.add_tool(reset, namespace="godot_live_mcp")
    assert names(own) == ["godot_live_mcp_reset"]


def test_the_application_comes_first_then_plugins_by_install_order_then_as_added() -> None:
    root = ProjectTools()
    second = view(root, "rain", 2)
    first = view(root, "wind", 1)
    second.add_tool(reset, name="b")
    second.add_tool(reset, name="a")
    first.add_tool(reset, name="z")
    root.add_tool(reset, namespace="acme_racer")
    assert names(root) == ["acme_racer_reset", "wind_z", "rain_b", "rain_a"]


def test_schema_versions_are_per_namespace_and_shared_halves_must_agree() -> None:
    root = ProjectTools()
    view(root, "wind", 1).declare_schema_version("1.2.0")
    view(root, "wind.editor", 2).declare_schema_version("1.2.0")
    root.declare_schema_version("3.0.0", namespace="acme_racer")
    assert root.schema_versions == {"acme_racer": "3.0.0", "wind": "1.2.0"}
    with pytest.raises(PluginError, match=r"already has schema version 1\.2\.0, declared by 'wind'"):
        view(root, "wind.extra", 3).declare_schema_version("2.0.0")
    with pytest.raises(PluginError, match="not a semantic version"):
        view(root, "rain", 4).declare_schema_version("one")


def test_a_group_stays_inside_the_namespace() -> None:
    tools = view(ProjectTools(), "wind", 1)
    tools.declare_group("wind_storms", "Storms.", ["storm"])
    tools.add_tool(reset, group="wind_storms")
    with pytest.raises(PluginError, match="outside its namespace"):
        tools.add_tool(nothing, group="scene")


def test_the_signature_gives_the_input_schema_and_the_docstring_the_description() -> None:
    async def gust(strength: float, direction: str = "north") -> str:
        """Blow once, as hard as asked.

        More text that is not part of the description.
        """
        return f"blew {strength} {direction}"

    root = ProjectTools()
    view(root, "wind", 1).add_tool(gust)
    tool = root.named("wind_gust")
    assert tool is not None
    assert tool.description == "Blow once, as hard as asked."
    assert tool.input_schema["required"] == ["strength"]
    assert tool.input_schema["additionalProperties"] is False
    assert set(tool.input_schema["properties"]) == {"strength", "direction"}  # type: ignore[arg-type]


def test_a_function_that_is_not_async_or_undescribed_is_refused() -> None:
    def blocking() -> str:
        """Not async."""
        return ""

    async def silent() -> str:
        return ""

    tools = view(ProjectTools(), "wind", 1)
    with pytest.raises(PluginError, match="not an async function"):
        tools.add_tool(blocking)  # type: ignore[arg-type]
    with pytest.raises(PluginError, match="no description"):
        tools.add_tool(silent)


def test_listeners_hear_once_per_batch_and_cancelling_withdraws() -> None:
    root = ProjectTools()
    heard: list[None] = []
    listening = root.listen(lambda: heard.append(None))
    tools = view(root, "wind", 1)
    with root.batch():
        added = tools.add_tool(reset)
        tools.add_tool(nothing)
    assert len(heard) == 1
    added.cancel()
    assert names(root) == ["wind_nothing"]
    assert len(heard) == 2
    listening.cancel()
    tools.add_tool(reset)
    assert len(heard) == 2
