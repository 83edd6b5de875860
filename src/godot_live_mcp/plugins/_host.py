"""Installed plugins: found by entry point, installed when the project enables them, withdrawn when it
stops; a plugin that fails is reported and skipped, never fatal."""

from __future__ import annotations

import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import ActionableError, ErrorCode
from godot_live_mcp.plugins._config import STATUS_FILE, enabled_stamp, read_enabled, write_status
from godot_live_mcp.plugins._errors import PluginError
from godot_live_mcp.plugins._manifest import Permission, PluginManifest
from godot_live_mcp.plugins._registry import PluginScope, ProjectTools, Registration

__all__ = [
    "ENTRY_POINT_GROUP",
    "CallHook",
    "Plugin",
    "PluginHost",
    "PluginProblem",
    "PluginSource",
    "PluginState",
    "ProjectPlugins",
    "installed_plugins",
]

logger = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "godot_live_mcp.plugins"
R = TypeVar("R", bound=ProjectTools)


class CallHook(Protocol):
    """What ``PluginHost.add_hook`` takes: a ``godot_live_mcp.server.hooks.ToolHook``."""

    async def around(self, call: Any, proceed: Any) -> Any: ...


class PluginHost:
    """What a plugin's ``install`` receives: its own view of the project's registry (tools, prompts and
    resources), and hooks."""

    def __init__(self, scope: PluginScope, tools: ProjectTools, hooks: list[tuple[int, CallHook]]) -> None:
        self._scope, self._tools, self._hooks = scope, tools, hooks

    @property
    def manifest(self) -> PluginManifest:
        return self._scope.manifest

    @property
    def log(self) -> logging.Logger:
        return logging.getLogger(f"godot_live_mcp.plugins.{self.manifest.id}")

    def registry(self, kind: type[R]) -> R:
        """The registry of type ``kind`` as this plugin sees it (``host.registry(ProjectTools)``)."""
        if not isinstance(self._tools, kind):
            raise PluginError(self.manifest.id, f"the host has no registry of type {kind.__name__}.")
        return self._tools.for_plugin(self._scope)

    def add_hook(self, hook: CallHook) -> Registration:
        """Wrap every tool call with ``hook`` (a ``ToolHook``; needs the ``hooks`` permission). Plugin
        hooks run inside the server's own (logging, audit, rate limit), in install order."""
        self.manifest.require(Permission.HOOKS, "add a hook")
        if not callable(getattr(hook, "around", None)):
            raise PluginError(self.manifest.id, "a hook must be a ToolHook (with an async around method).")
        entry = (self._scope.rank, hook)
        self._hooks.append(entry)
        return self._scope.track(Registration(lambda: self._hooks.remove(entry)))


class Plugin(ABC):
    """A plugin: a ``manifest`` and ``install``. Expose an instance (or this class) as an entry point of
    the group ``godot_live_mcp.plugins`` named after its id."""

    manifest: ClassVar[PluginManifest]

    @abstractmethod
    def install(self, host: PluginHost) -> None:
        """Register the plugin's tools, prompts and resources (``host.registry(ProjectTools)``) and hooks.
        Raising withdraws whatever it registered; the plugin is then reported as failed and the server
        goes on."""


@dataclass(frozen=True)
class PluginSource:
    """An installed plugin before it is loaded: its entry point's name, package and loader."""

    name: str
    package: str
    package_version: str
    load: Callable[[], object]


def installed_plugins() -> list[PluginSource]:
    """Every entry point of the ``godot_live_mcp.plugins`` group, by name (none is loaded here)."""
    found = []
    for point in entry_points(group=ENTRY_POINT_GROUP):
        dist = point.dist
        package = dist.name if dist is not None else point.module
        version = dist.version if dist is not None else ""
        found.append(PluginSource(point.name, package, version, point.load))
    return sorted(found, key=lambda source: source.name)


@dataclass(frozen=True)
class PluginProblem:
    """Why a plugin is not working: at ``load``, ``install`` or ``call`` time."""

    plugin: str
    stage: str
    code: str
    message: str
    hint: str
    at: float = field(default_factory=time.time)

    def as_json(self) -> JsonObject:
        """Its fields but ``plugin`` (the status file keys problems by plugin)."""
        return {key: value for key, value in asdict(self).items() if key != "plugin"}


@dataclass
class PluginState:
    """One installed plugin as a person sees it in ``plugins list``."""

    source: PluginSource
    manifest: PluginManifest | None = None
    enabled: bool = False
    installed: bool = False
    problems: list[PluginProblem] = field(default_factory=list)
    scope: PluginScope | None = None
    plugin: object | None = None

    @property
    def name(self) -> str:
        return self.source.name


class ProjectPlugins:
    """The plugins of one server run: which are installed, which the project enables, and their tools in
    ``tools`` (the root registry, which the application fills too) and hooks."""

    def __init__(
        self,
        tools: ProjectTools,
        *,
        sources: Callable[[], Sequence[PluginSource]] = installed_plugins,
        project: Callable[[], Path | None] = lambda: None,
    ) -> None:
        self.tools = tools
        self._sources = sources
        self._project = project
        self._states: dict[str, PluginState] = {}
        self._hooks: list[tuple[int, CallHook]] = []
        self._installs = 0
        self._seen: tuple[Path | None, int | None] | None = None

    def states(self) -> list[PluginState]:
        self._discover()
        return list(self._states.values())

    def hooks(self) -> list[CallHook]:
        """The hooks plugins added, in install order."""
        return [hook for _, hook in sorted(self._hooks, key=lambda entry: entry[0])]

    def manifest(self, plugin: str) -> PluginManifest | None:
        state = self._states.get(plugin)
        return state.manifest if state is not None else None

    def refresh(self) -> bool:
        """Follow the project's enabled list when its file changed since the last look; True when applied.
        A malformed file is logged and the plugins stay as they were."""
        project = self._project()
        seen = (project, enabled_stamp(project) if project is not None else None)
        if seen == self._seen:
            return False
        self._seen = seen
        try:
            enabled = read_enabled(project) if project is not None else []
        except ActionableError as error:
            logger.error("%s", error)
            return False
        self.apply(enabled)
        return True

    def apply(self, enabled: Sequence[str]) -> None:
        """Withdraw the plugins no longer enabled, then install the newly enabled ones in order; listeners
        of ``tools`` hear of it once."""
        self._discover()
        with self.tools.batch():
            for state in self._states.values():
                if state.installed and state.name not in enabled:
                    self._withdraw(state)
                state.enabled = state.name in enabled
            for name in enabled:
                wanted = self._states.get(name)
                if wanted is None:
                    logger.error("plugin %r is enabled but not installed (pip install its package)", name)
                elif not wanted.installed:
                    self._install(wanted)
        self.write_status()

    def note_failure(self, plugin: str, error: ActionableError) -> None:
        """A call of the plugin's tool failed in the plugin's own code: kept for ``plugins list``."""
        state = self._states.get(plugin)
        if state is not None:
            state.problems = [*state.problems[-4:], _problem(plugin, "call", error)]
            self.write_status()

    def write_status(self) -> None:
        """Report to ``plugins list`` (only for a project that enables plugins, or did before)."""
        project = self._project()
        if project is None:
            return
        if any(state.enabled for state in self._states.values()) or (project / STATUS_FILE).is_file():
            write_status(project, self.status())

    def status(self) -> JsonObject:
        plugins: JsonObject = {}
        for state in self._states.values():
            plugins[state.name] = {
                "enabled": state.enabled,
                "installed": state.installed,
                "tools": [tool.mcp_name for tool in self.tools.owned_by(state.name)],
                "prompts": [p.mcp_name for p in self.tools.prompts if p.owner == state.name],
                "resources": [r.uri for r in self.tools.resources if r.owner == state.name],
                "problems": [problem.as_json() for problem in state.problems],
            }
        return {"written_at": time.time(), "plugins": plugins}

    def _discover(self) -> None:
        for source in self._sources():
            if source.name not in self._states:
                self._states[source.name] = PluginState(source)

    def _install(self, state: PluginState) -> None:
        state.problems = []
        try:
            plugin, manifest = _load(state)
            state.manifest, state.plugin = manifest, plugin
            manifest.check_namespace()
        except ActionableError as error:
            self._fail(state, "load", error)
            return
        self._installs += 1
        scope = PluginScope(manifest, self._installs)
        host = PluginHost(scope, self.tools, self._hooks)
        try:
            plugin.install(host)  # type: ignore[attr-defined]  # _load checked it is there
        except Exception as error:
            scope.withdraw()
            self._fail(state, "install", _as_plugin_error(manifest.id, "install", error))
            return
        state.scope, state.installed = scope, True
        logger.info(
            "plugin %s %s installed: %d tools",
            manifest.id,
            manifest.version,
            len(self.tools.owned_by(manifest.id)),
        )

    def _withdraw(self, state: PluginState) -> None:
        if state.scope is not None:
            state.scope.withdraw()
        state.scope, state.installed = None, False
        logger.info("plugin %s withdrawn", state.name)

    def _fail(self, state: PluginState, stage: str, error: ActionableError) -> None:
        state.problems.append(_problem(state.name, stage, error))
        logger.error("plugin %s failed at %s and is skipped: %s", state.name, stage, error)


def _load(state: PluginState) -> tuple[object, PluginManifest]:
    """The plugin object and its manifest; raises ``PluginError`` for one that cannot be used."""
    source = state.source
    try:
        plugin = source.load()
        if isinstance(plugin, type):
            plugin = plugin()
    except Exception as error:
        raise _as_plugin_error(source.name, "load", error) from None
    manifest = PluginManifest.from_value(getattr(plugin, "manifest", None), source.name)
    if manifest.id != source.name:
        raise PluginError(
            source.name,
            f"its entry point is named {source.name!r} but its manifest id is {manifest.id!r}.",
            f"Name the entry point in the group {ENTRY_POINT_GROUP} after the manifest id.",
            code=ErrorCode.INVALID_PARAMS,
        )
    if not callable(getattr(plugin, "install", None)):
        raise PluginError(source.name, "it has no install(host) method.", code=ErrorCode.INVALID_PARAMS)
    return plugin, manifest


def _as_plugin_error(plugin: str, stage: str, error: Exception) -> ActionableError:
    if isinstance(error, ActionableError):
        return error
    logger.error("plugin %s raised at %s", plugin, stage, exc_info=error)
    return PluginError(
        plugin,
        f"{stage} raised {type(error).__name__}: {error}",
        f"A bug in the plugin: tell its author; `godot-live-mcp plugins disable {plugin}` turns it off.",
    )


def _problem(plugin: str, stage: str, error: ActionableError) -> PluginProblem:
    return PluginProblem(plugin, stage, error.code, error.message, error.hint)
