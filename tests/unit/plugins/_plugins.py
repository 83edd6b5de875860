"""Plugins made in a test: an object with a manifest and an install, found through a fake entry point.

Only the unit tests use these fakes; tests/engine/plugins/ runs the real server with a real installed
plugin."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from godot_live_mcp.bridge.catalog import Catalog, CommandAnnotations, CommandSpec
from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply, CommandSuccess
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.plugins import Permission, PluginHost, PluginManifest, PluginSource, ProjectTools

EVERY_PERMISSION = tuple(Permission)


@dataclass
class TestPlugin:
    """A plugin whose install runs ``body`` with its view of the registry."""

    manifest: PluginManifest
    body: Callable[[ProjectTools, PluginHost], None]

    def install(self, host: PluginHost) -> None:
        self.body(host.registry(ProjectTools), host)


def plugin(
    plugin_id: str,
    body: Callable[[ProjectTools, PluginHost], None],
    permissions: Iterable[Permission] = EVERY_PERMISSION,
) -> TestPlugin:
    return TestPlugin(PluginManifest(plugin_id, "1.0.0", f"The {plugin_id} plugin.", permissions), body)


def source(name: str, loaded: object | Callable[[], object], package: str = "") -> PluginSource:
    """A fake entry point named ``name`` whose load returns ``loaded`` (or calls it, when it is a loader)."""
    load = loaded if callable(loaded) and not hasattr(loaded, "install") else (lambda: loaded)
    return PluginSource(name, package or f"{name}-package", "1.0.0", load)


def sources(*found: PluginSource) -> Callable[[], list[PluginSource]]:
    return lambda: list(found)


async def nothing() -> str:
    """Do nothing at all, for a test."""
    return "done"


async def reset() -> str:
    """Reset the state, for a test."""
    return "reset"


def spec(name: str, *, read_only: bool = True, channel: str = "editor") -> CommandSpec:
    return CommandSpec(
        name,
        f"The {name} command.",
        {"type": "object"},
        CommandAnnotations(read_only=read_only),
        1000,
        channel=channel,
    )


@dataclass
class FakeChannel:
    """An editor (or game) link that answers from ``answers`` and records each call."""

    commands: tuple[CommandSpec, ...] = ()
    answers: Mapping[str, JsonObject] = field(default_factory=dict)
    calls: list[tuple[str, JsonObject]] = field(default_factory=list)

    @property
    def catalog(self) -> Catalog | None:
        return Catalog(1, self.commands)

    @property
    def problem(self) -> ToolError:
        return ToolError(ErrorCode.EDITOR_DISCONNECTED, "no editor")

    async def call(
        self, method: str, params: Mapping[str, JsonValue] | None, timeout_s: float
    ) -> CommandReply:
        self.calls.append((method, dict(params or {})))
        if method not in self.answers:
            return CommandFailure(ErrorCode.NOT_FOUND, f"{method} found nothing", "Look elsewhere.")
        return CommandSuccess(dict(self.answers[method]))


def names(tools: ProjectTools) -> list[str]:
    return [tool.mcp_name for tool in tools.tools]


def anything(_: Any) -> None:
    """A listener that ignores what it hears."""
