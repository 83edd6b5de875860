"""Every live editor of the machine as one server reaches them: its own editor link (whose catalogue is
published) and a link to each other live editor a call was routed to, with that editor's own catalogue (an
editor with another addon version or other extensions has other tools); and which editor a call goes to.

A call names its editor with ``project`` (a project path or name); without it, it goes to the session's
choice, else to the server's editor when that is not a guess (one live editor, ``--project``, or all live
editors on one project), else it is refused with the choices listed.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import anyio

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import EditorLink, EditorSource
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.registry import choose_instance, live_instances, same_path_key, why_chosen
from godot_live_mcp.instances.runtime_entry import live_games

__all__ = ["EditorRoster", "EditorTarget", "PinnedSource"]

logger = logging.getLogger(__name__)

Listener = Callable[[], Awaitable[None]]
_LIST_HINT = "editor_list_instances lists the live editors."


class PinnedSource(EditorSource):
    """One particular live editor (by pid), as the registry publishes it now."""

    def __init__(self, instance: EditorInstance, registry: Path | None = None) -> None:
        self._pid, self._project = instance.pid, instance.project_path
        self._registry = registry

    async def find(self) -> EditorInstance:
        for instance in live_instances(self._registry):
            if instance.pid == self._pid:
                return instance
        raise ToolError(
            ErrorCode.EDITOR_NOT_RUNNING,
            f"The Godot editor of {self._project} (pid {self._pid}) is gone.",
            _LIST_HINT,
        )


@dataclass(frozen=True)
class EditorTarget:
    """Where one call goes: the link (and game link) of the editor chosen, and why it, when that was a
    choice between editors of one project (``""`` otherwise). ``catalog``: that editor's own catalogue;
    None for the server's editor, whose tools the server's table holds."""

    link: EditorLink
    runtime: RuntimeLink | None
    instance: EditorInstance | None
    note: str = ""
    catalog: Catalog | None = None

    def missing(self, name: str) -> ToolError:
        """``UNKNOWN_TOOL`` for a tool this editor does not publish, naming the editor and its addon."""
        where = self.instance.describe() if self.instance is not None else "the chosen editor"
        addon = f" (addon {self.instance.plugin_version})" if self.instance is not None else ""
        return ToolError(
            ErrorCode.UNKNOWN_TOOL,
            f"{name} is not a tool of {where}{addon}: its addon version or extensions differ.",
            "Call it without project (the server's editor), or use a tool that editor publishes.",
        )


@dataclass
class _Reached:
    """A link to another editor, with its own catalogue (the last one fetched)."""

    link: EditorLink
    runtime: RuntimeLink
    scope: anyio.CancelScope = field(default_factory=anyio.CancelScope)
    catalog: Catalog | None = None

    async def describe(self, catalog: Catalog | None) -> None:
        """The catalogue listener of the link."""
        self.catalog = catalog


class EditorRoster:
    """Run ``run()`` in a task group; then ``target()`` chooses the editor of each call."""

    def __init__(
        self,
        primary: EditorLink,
        runtime: RuntimeLink | None = None,
        *,
        project: Path | None = None,
        registry: Path | None = None,
        poll_interval_s: float = 0.5,
        connect_wait_s: float = 10.0,
    ) -> None:
        self.primary, self._runtime = primary, runtime
        self._project, self.registry = project, registry
        self._poll_interval_s, self._connect_wait_s = poll_interval_s, connect_wait_s
        self._reached: dict[int, _Reached] = {}
        self._games: dict[str, tuple[RuntimeLink, anyio.CancelScope]] = {}
        self._listeners: list[Listener] = []
        self._tasks: anyio.abc.TaskGroup | None = None
        self._several = False
        self._several_games = False

    @property
    def several(self) -> bool:
        """More than one editor is live (as of the last look at the registry)."""
        return self._several

    @property
    def several_games(self) -> bool:
        """More than one game of the server's project runs (as of the last look at the registry)."""
        return self._several_games

    def add_listener(self, listener: Listener) -> None:
        """Call ``listener`` when ``several`` or ``several_games`` changes (tools gain or lose their
        ``project`` or ``game`` argument)."""
        self._listeners.append(listener)

    def served_project(self) -> Path | None:
        """The project the server serves: its own editor's, else the one ``--project`` named."""
        instance = self.primary.instance
        return instance.project_path if instance is not None else self._project

    def live(self) -> list[EditorInstance]:
        """The live editors, oldest first."""
        return sorted(live_instances(self.registry), key=lambda instance: instance.started_unix)

    def default_pid(self) -> int | None:
        """The pid of the server's own editor while it is connected."""
        instance = self.primary.instance
        return instance.pid if instance is not None and self.primary.connected else None

    async def run(self) -> None:
        """Until cancelled: follow the registry; drop links to editors that are gone."""
        async with anyio.create_task_group() as self._tasks:
            while True:
                await self._refresh()
                await anyio.sleep(self._poll_interval_s)

    async def target(self, project: str | None, selected: int | None = None) -> EditorTarget:
        """The editor a call goes to (see the module); raises ``ToolError`` naming the choices."""
        if project is None and selected is None and self._project is not None:
            # The common call: no choice made, and a served project rules out any guess. Reading the
            # registry here cost every call a directory scan (a third of the pipeline, bench/latency.py).
            return EditorTarget(self.primary, self._runtime, self.primary.instance)
        live = self.live()
        chosen = self.resolve(project, selected, live)
        if chosen is None:
            return EditorTarget(self.primary, self._runtime, self.primary.instance)
        return await self.reach(chosen, live)

    def resolve(
        self, project: str | None, selected: int | None, live: Sequence[EditorInstance]
    ) -> EditorInstance | None:
        """The editor chosen by ``project``, else the session's ``selected`` pid; None for the server's own
        editor. Raises ``INSTANCE_AMBIGUOUS`` when that would be a guess between projects."""
        if project is not None:
            return self.choose(project, live)
        chosen = next((instance for instance in live if instance.pid == selected), None)
        if (
            chosen is None
            and len({same_path_key(i.project_path) for i in live}) > 1
            and self._project is None
        ):
            raise ToolError(
                ErrorCode.INSTANCE_AMBIGUOUS,
                f"{len(live)} Godot editors are live and this call does not say which: {_choices(live)}.",
            )
        return chosen

    def choose(self, project: str, live: Sequence[EditorInstance]) -> EditorInstance:
        """The live editor of ``project`` (a path or a project name); of two on one project, the server's
        own, else the most recent."""
        matches = _matching(project, live)
        if len({same_path_key(i.project_path) for i in matches}) > 1:
            raise ToolError(
                ErrorCode.INSTANCE_AMBIGUOUS,
                f"{len(matches)} live editors match project {project!r}: {_choices(matches)}.",
                "Pass the project's path instead of its name.",
            )
        chosen = choose_instance(matches, None, prefer_pid=self.default_pid())
        if chosen is None:
            listed = _choices(live) if live else "none"
            raise ToolError(
                ErrorCode.EDITOR_NOT_RUNNING,
                f"No live Godot editor has project {project!r} open. Live editors: {listed}.",
            )
        return chosen

    async def reach(self, instance: EditorInstance, live: Sequence[EditorInstance] = ()) -> EditorTarget:
        """The links of ``instance``: the server's own when it is that editor, else a link of its own (made
        on first use, connected within a bounded wait)."""
        note = why_chosen(instance, live, self.default_pid())
        if instance.pid == self.default_pid():
            return EditorTarget(self.primary, self._runtime, instance, note)
        reached = self._reached.get(instance.pid) or self._start(instance)
        if not await reached.link.wait_connected(self._connect_wait_s):
            raise reached.link.problem
        await reached.link.wait_settled(self._connect_wait_s)  # its catalogue is in
        return EditorTarget(reached.link, reached.runtime, reached.link.instance, note, reached.catalog)

    async def game(self, target: EditorTarget, game_id: str) -> RuntimeLink:
        """A link to the game ``game_id`` of ``target``'s project (whoever launched it), made on first use;
        it answers ``GAME_NOT_RUNNING`` when there is no such game."""
        if game_id in self._games:
            return self._games[game_id][0]
        if self._tasks is None:
            raise ToolError(ErrorCode.INTERNAL, "The editor roster is not running.")
        link = target.link
        runtime = RuntimeLink(lambda: link.instance, registry=self.registry, game_id=game_id)
        scope = anyio.CancelScope()
        self._games[game_id] = (runtime, scope)

        async def follow() -> None:
            with scope:
                await runtime.run()

        self._tasks.start_soon(follow)
        return runtime

    def _start(self, instance: EditorInstance) -> _Reached:
        if self._tasks is None:
            raise ToolError(ErrorCode.INTERNAL, "The editor roster is not running.")
        link = EditorLink(PinnedSource(instance, self.registry), read_only=self.primary.read_only)
        reached = _Reached(link, RuntimeLink(lambda: link.instance, registry=self.registry))
        link.add_catalog_listener(reached.describe)
        self._reached[instance.pid] = reached
        self._tasks.start_soon(self._keep, reached)
        logger.info("reaching a second editor: %s", instance.describe())
        return reached

    @staticmethod
    async def _keep(reached: _Reached) -> None:
        with reached.scope:
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(reached.link.run)
                tasks.start_soon(reached.runtime.run)

    async def _refresh(self) -> None:
        live = self.live()
        pids = {instance.pid for instance in live}
        for pid in [pid for pid in self._reached if pid not in pids]:
            gone = self._reached.pop(pid)
            gone.link.close()
            gone.scope.cancel()
        games = self._live_game_ids()
        for game_id in [game_id for game_id in self._games if game_id not in games]:
            self._games.pop(game_id)[1].cancel()
        several, several_games = len(live) > 1, len(games) > 1
        if several == self._several and several_games == self._several_games:
            return
        if several != self._several:
            logger.info("%d Godot editors are live: tools %s a project argument", len(live), _takes(several))
        if several_games != self._several_games:
            logger.info("%d games run: runtime tools %s a game argument", len(games), _takes(several_games))
        self._several, self._several_games = several, several_games
        for listener in self._listeners:
            await listener()

    def _live_game_ids(self) -> set[str]:
        """The ids of the live games of the server's editor's project."""
        instance = self.primary.instance
        if instance is None:
            return set()
        return {game.game_id for game in live_games(instance, self.registry) if game.game_id}


def _takes(several: bool) -> str:
    return "take" if several else "no longer take"


def _matching(project: str, live: Sequence[EditorInstance]) -> list[EditorInstance]:
    wanted = project.strip()
    by_path = [i for i in live if same_path_key(i.project_path) == same_path_key(Path(wanted))]
    if by_path:
        return by_path
    folded = wanted.casefold()
    return [i for i in live if folded in (i.project_name.casefold(), i.project_path.name.casefold())]


def _choices(instances: Sequence[EditorInstance]) -> str:
    return "; ".join(f"project={str(i.project_path)!r} ({i.project_name}, pid {i.pid})" for i in instances)
