"""Prompts and resources in ProjectTools: namespaced, permitted, named by the rules, checked against their
text or reader, refused when taken, and withdrawn with their plugin."""

from __future__ import annotations

import anyio
import pytest
from pydantic import BaseModel

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.plugins import (
    Permission,
    PluginError,
    PluginManifest,
    PluginPromptArgument,
    PluginScope,
    ProjectTools,
    ToolContext,
)
from tests.unit.plugins._plugins import FakeChannel, spec

CONTENT = (Permission.PROMPTS, Permission.RESOURCES)
FORECAST = "Forecast the weather over {{scene}} for {{hours}} hours, gusts first."


def view(root: ProjectTools, plugin_id: str, rank: int, *permissions: Permission) -> ProjectTools:
    granted = permissions or CONTENT
    return root.for_plugin(PluginScope(PluginManifest(plugin_id, "1.0.0", "A plugin.", granted), rank))


def forecast(tools: ProjectTools, name: str = "forecast") -> None:
    tools.add_prompt(
        name,
        FORECAST,
        description="Forecast the weather over a scene.",
        arguments={"scene": "res:// path of the scene.", "hours": "How far ahead."},
        optional=["hours"],
        title="Forecast",
    )


class Weather(BaseModel):
    gusts: int


async def today() -> Weather:
    """Today's weather in the level."""
    return Weather(gusts=3)


async def motto() -> str:
    """The plugin's motto, as text."""
    return "Calm after the storm."


def test_a_prompt_is_listed_under_the_plugins_namespace_with_its_arguments() -> None:
    root = ProjectTools()
    forecast(view(root, "wind.editor", 1))
    (prompt,) = root.prompts
    assert (prompt.mcp_name, prompt.owner, prompt.title) == ("wind_forecast", "wind.editor", "Forecast")
    assert prompt.arguments == (
        PluginPromptArgument("scene", "res:// path of the scene.", True),
        PluginPromptArgument("hours", "How far ahead.", False),
    )


def test_a_resource_is_offered_at_godot_namespace_name_described_by_its_docstring() -> None:
    root = ProjectTools()
    view(root, "wind", 1).add_resource("today/weather", today)
    (resource,) = root.resources
    assert resource.uri == "godot://wind/today/weather"
    assert resource.description == "Today's weather in the level."


@pytest.mark.parametrize(
    ("permission", "add"),
    [
        ("prompts", forecast),
        ("resources", lambda tools: tools.add_resource("today", today)),
    ],
)
def test_without_its_permission_a_prompt_or_resource_is_refused(permission: str, add: object) -> None:
    root = ProjectTools()
    with pytest.raises(PluginError) as refused:
        add(view(root, "wind", 1, Permission.TOOLS))  # type: ignore[operator]
    assert refused.value.code == ErrorCode.PERMISSION_DENIED
    assert f"the {permission!r} permission" in refused.value.message
    assert (root.prompts, root.resources) == ((), ())


def test_the_same_prompt_name_in_two_namespaces_is_two_prompts_but_not_in_one() -> None:
    root = ProjectTools()
    forecast(view(root, "wind", 1))
    forecast(view(root, "rain", 2))
    with pytest.raises(PluginError) as refused:
        forecast(view(root, "wind.editor", 3))
    assert [prompt.mcp_name for prompt in root.prompts] == ["wind_forecast", "rain_forecast"]
    assert refused.value.code == ErrorCode.DUPLICATE_COMMAND
    assert "plugin 'wind' added 'wind_forecast' first" in refused.value.message


def test_a_resource_uri_taken_is_refused_naming_the_owner() -> None:
    root = ProjectTools()
    view(root, "wind", 1).add_resource("today", today)
    with pytest.raises(PluginError, match="plugin 'wind' added 'godot://wind/today' first"):
        view(root, "wind.editor", 2).add_resource("today", motto)


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Forecast", "lower-case"),
        ("fore.cast", "lower-case"),
        ("x" * 60, "past the limit of 64"),
        ("", "lower-case"),
    ],
)
def test_a_prompt_name_outside_the_rules_is_refused(name: str, says: str) -> None:
    with pytest.raises(PluginError, match=says) as refused:
        forecast(view(ProjectTools(), "wind", 1), name)
    assert refused.value.code == ErrorCode.NAME_INVALID


@pytest.mark.parametrize("name", ["../secrets", "today/", "/today", "to day", "Today"])
def test_a_resource_name_outside_the_rules_is_refused(name: str) -> None:
    with pytest.raises(PluginError, match="its name must be") as refused:
        view(ProjectTools(), "wind", 1).add_resource(name, today)
    assert refused.value.code == ErrorCode.NAME_INVALID


@pytest.mark.parametrize(
    ("arguments", "optional", "says"),
    [
        ({"scene": "The scene."}, (), "placeholders no argument describes: hours"),
        ({"scene": "s", "hours": "h", "days": "d"}, (), "arguments its text never uses: days"),
        ({"scene": "s", "hours": "h"}, ("minutes",), "optional arguments it does not describe: minutes"),
    ],
)
def test_a_prompt_whose_arguments_and_placeholders_differ_is_refused(
    arguments: dict[str, str], optional: tuple[str, ...], says: str
) -> None:
    tools = view(ProjectTools(), "wind", 1)
    with pytest.raises(PluginError, match=says):
        tools.add_prompt(
            "forecast", FORECAST, description="Forecast.", arguments=arguments, optional=optional
        )


def test_a_prompt_without_description_or_text_is_refused() -> None:
    tools = view(ProjectTools(), "wind", 1)
    with pytest.raises(PluginError, match="no description"):
        tools.add_prompt("calm", "Stay calm.", description=" ")
    with pytest.raises(PluginError, match="text is empty"):
        tools.add_prompt("calm", "", description="Calm.")


def test_a_resource_reader_must_be_async_and_take_only_the_context() -> None:
    tools = view(ProjectTools(), "wind", 1)

    def blocking() -> str:
        """Not async."""
        return ""

    async def with_argument(context: ToolContext, day: str) -> str:
        """Takes a day."""
        return day

    with pytest.raises(PluginError, match="not an async function"):
        tools.add_resource("a", blocking)  # type: ignore[arg-type]  # what the check is for
    with pytest.raises(PluginError, match="its reader takes day"):
        tools.add_resource("b", with_argument)


def test_withdrawing_the_plugin_withdraws_its_prompts_and_resources_and_listeners_hear() -> None:
    root = ProjectTools()
    scope = PluginScope(PluginManifest("wind", "1.0.0", "A plugin.", CONTENT), 1)
    heard: list[None] = []
    root.listen(lambda: heard.append(None))
    forecast(root.for_plugin(scope))
    root.for_plugin(scope).add_resource("today", today)
    scope.withdraw()
    assert (root.prompts, root.resources) == ((), ())
    assert len(heard) == 4


def test_a_resource_reads_as_text_or_as_json() -> None:
    root = ProjectTools()
    wind = view(root, "wind", 1)
    wind.add_resource("today", today)
    wind.add_resource("motto", motto)
    context = ToolContext(PluginManifest("wind", "1.0.0", "A plugin."), "r", FakeChannel((spec("a.b"),)))
    texts = [anyio.run(resource.text, context) for resource in root.resources]
    assert texts == ['{"gusts":3}', "Calm after the storm."]
