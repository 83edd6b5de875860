"""The MCP surface: a low-level server whose tools follow the editor's catalogue at run time."""

from __future__ import annotations

import logging
from typing import Any

import anyio
import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.models import InitializationOptions
from mcp.server.session import ServerSession
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, ToolsListChanged

from godot_live_mcp import __version__
from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.plugins import ProjectPlugins
from godot_live_mcp.server.batch_steps import StepChecks, batch_arguments, checked_steps, losing_steps
from godot_live_mcp.server.builtin_tools import builtin_tool_names
from godot_live_mcp.server.confirm import would_lose_work
from godot_live_mcp.server.discovery import discover
from godot_live_mcp.server.editor_tools import editor_tool_entries
from godot_live_mcp.server.editor_wait import wait_for_editor
from godot_live_mcp.server.features import FeatureOptions, ServerFeatures
from godot_live_mcp.server.game_owner import GameOwner
from godot_live_mcp.server.hooks import ToolCall, ToolHook, ToolOutcome
from godot_live_mcp.server.instance_tools import InstanceRouting, Routed
from godot_live_mcp.server.instructions import FIXED_LIST, GROWING_LIST
from godot_live_mcp.server.per_request import StampedOnceServer, drop_unexported_tracing
from godot_live_mcp.server.plugin_content import announce_content_changes, offer_plugin_content
from godot_live_mcp.server.plugin_tools import plugin_tool_entries
from godot_live_mcp.server.queue_progress import reporting_progress
from godot_live_mcp.server.read_only_calls import check_read_only_call, read_only_refusal
from godot_live_mcp.server.result_seal import sealed
from godot_live_mcp.server.results import error_result, reply_result
from godot_live_mcp.server.server_tools import DISCOVER_TOOLS, RUN_TOOL, server_tools, unwrap_run_tool
from godot_live_mcp.server.session_groups import SessionGroups, keeps_state, session_groups
from godot_live_mcp.server.session_scenes import (
    SessionScene,
    aim_at_last_change,
    aim_at_session_scene,
    note_session_scene,
    session_scene,
)
from godot_live_mcp.server.suggestions import did_you_mean
from godot_live_mcp.server.surface import DEFAULT_MAX_TOOLS, StartupTools, Surface, resolve_surface
from godot_live_mcp.server.tasks import CAPABILITY as TASKS_CAPABILITY
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.tool_table import ToolEntry, ToolOwner, ToolTable

logger = logging.getLogger(__name__)


class _ToolsChangeServer(StampedOnceServer):
    """Advertises ``listChanged: true`` for tools, prompts and resources on every transport: the tool list
    follows the editor, and plugins enabled at run time change all three.

    The HTTP session manager builds its initialization options itself, so the default must change here.
    The instructions say which kind of connection this is: ``initialize`` (a handshake connection, whose
    list grows) sends ``GROWING_LIST``; ``server/discover`` (2026-07-28, a fixed list) the server's own,
    ``FIXED_LIST``.
    """

    def create_initialization_options(
        self,
        notification_options: NotificationOptions | None = None,
        experimental_capabilities: dict[str, dict[str, Any]] | None = None,
        extensions: dict[str, dict[str, Any]] | None = None,
    ) -> InitializationOptions:
        options = super().create_initialization_options(
            notification_options
            or NotificationOptions(tools_changed=True, prompts_changed=True, resources_changed=True),
            experimental_capabilities,
            extensions,
        )
        if self.get_request_handler("tasks/get") is not None:  # the tasks the SDK does not derive
            options.capabilities.tasks = TASKS_CAPABILITY
        options.instructions = GROWING_LIST
        return options


class GodotMcpApp:
    """Composes the tool table, the tool policy and the editor link into an MCP ``Server``.

    ``startup_wait_s`` bounds how long the first list or call waits for the first connection
    attempt (an editor being launched), so a client that lists tools once still sees them.
    ``startup`` and ``max_tools`` shape what each session lists (``surface.py``). ``plugins``: the
    project registry's tools (Python plugins, ``godot_live_mcp.schema``), published after the editor's;
    run ``follow_plugins`` to follow plugins enabled or disabled while serving.
    """

    def __init__(
        self,
        link: EditorLink,
        policy: ToolPolicy,
        *,
        startup_wait_s: float = 120.0,
        runtime: RuntimeLink | None = None,
        features: FeatureOptions | None = None,
        startup: StartupTools | None = None,
        max_tools: int = DEFAULT_MAX_TOOLS,
        plugins: ProjectPlugins | None = None,
        instances: InstanceRouting | None = None,
    ) -> None:
        self.link = link
        self.instances = instances
        self.runtime = runtime
        self.policy = policy
        self.startup = startup or StartupTools()
        self.max_tools = max_tools
        self.table = ToolTable()
        self._builtin = builtin_tool_names(None)
        self.games = GameOwner()
        self._startup_wait_s = startup_wait_s
        self._sessions: list[ServerSession] = []
        self._bus = InMemorySubscriptionBus()
        self.features = ServerFeatures(
            link, runtime, self._bus, features, startup_wait_s=startup_wait_s, run_call=self._call_tool
        )
        resources, prompts = self.features.resources, self.features.prompts
        self.server: Server[Any] = _ToolsChangeServer(
            "godot-live-mcp",
            version=__version__,
            instructions=FIXED_LIST,  # initialize sends GROWING_LIST (create_initialization_options)
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
            on_subscriptions_listen=resources.listening(ListenHandler(self._bus)),
            on_list_prompts=prompts.list_prompts,
            on_get_prompt=prompts.get_prompt,
            on_list_resources=resources.list_resources,
            on_list_resource_templates=resources.list_templates,
            on_read_resource=resources.read,
            on_subscribe_resource=resources.subscribe,
            on_unsubscribe_resource=resources.unsubscribe,
            lifespan=self.features.running,
        )
        drop_unexported_tracing(self.server)
        self.features.install(self.server)
        self.server.add_notification_handler(
            "notifications/initialized", types.NotificationParams, self._initialized
        )
        link.add_catalog_listener(self.apply_catalog)
        if instances is not None:  # editor_list_instances, editor_select_instance; project while several
            self.table.replace({ToolOwner.SERVER: instances.entries()})
            instances.roster.add_listener(self._announce_tools_changed)
        self.plugins = plugins
        self._plugins_changed = plugins is not None
        if plugins is not None:
            plugins.tools.listen(self._note_plugins_changed)
            self._publish_plugin_tools()
            offer_plugin_content(self.features, plugins)

    async def apply_catalog(self, catalog: Catalog | None) -> None:
        """Publish the tools of ``catalog`` (None: the editor is gone, withdraw its tools); tell connected
        clients when the list changed."""
        entries = (
            editor_tool_entries(catalog, self.link, self.runtime)
            if catalog is not None
            else {ToolOwner.EDITOR: [], ToolOwner.EXTENSION: []}
        )
        self._builtin = builtin_tool_names(catalog)
        if self.table.replace(entries):
            self._log_published()
            self._log_startup_surface()
            await self._announce_tools_changed()

    async def follow_plugins(self, interval_s: float = 0.5) -> None:
        """Until cancelled: follow the project's enabled plugins, and publish the registry's tools when they
        change (clients hear ``tools/list_changed`` once per change)."""
        if self.plugins is None:
            return
        while True:
            self.plugins.refresh()
            if self._plugins_changed and self._publish_plugin_tools():
                self._log_published(" (plugins changed)")
                await self._announce_tools_changed()
            await announce_content_changes(self.features, self._bus, self._sessions)
            await anyio.sleep(interval_s)

    def _note_plugins_changed(self) -> None:
        self._plugins_changed = True

    def _publish_plugin_tools(self) -> bool:
        """Put the registry's tools and the plugins' hooks in place; True when the tool list changed."""
        if self.plugins is None:
            return False
        self._plugins_changed = False
        hooks = self.plugins.hooks()
        usable = [hook for hook in hooks if isinstance(hook, ToolHook)]
        if len(usable) < len(hooks):
            logger.error("skipping plugin hooks that are not ToolHook subclasses")
        self.features.hooks.set_plugin_hooks(usable)
        entries = plugin_tool_entries(
            self.plugins,
            self.link,
            self.runtime,
            read_only_server=self.policy.read_only,
            allow_execute=self.policy.allow_execute,
        )
        return self.table.replace({ToolOwner.PLUGIN: entries})

    def surface(self, groups: SessionGroups | None = None) -> Surface:
        """What a session with these loaded groups lists (a new session's surface without them)."""
        return resolve_surface(
            self.table.entries(), self.policy, self.startup, groups or SessionGroups(), self.max_tools
        )

    async def _list_tools(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        await self.link.wait_for_tools(self._startup_wait_s)
        listed = self.surface(session_groups(ctx.session)).listed()
        shown = (self.instances.listed(entry) if self.instances else entry.tool for entry in listed)
        return types.ListToolsResult(tools=[*server_tools(self.policy), *shown])

    async def _call_tool(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> ToolOutcome:
        """Every call's one way out is ``sealed``: scrubbed and marked untrusted there, whoever answered."""
        try:
            params = unwrap_run_tool(params)  # run_tool's call takes the one path of the tool it names
        except ToolError as error:
            outcome: ToolOutcome = error_result(error)
        else:
            call = ToolCall(params.name, params.arguments or {})
            outcome = await self.features.hooks.run(call, lambda: self._run_call(ctx, params))
        return sealed(outcome, params.name, params.arguments)

    async def _run_call(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> ToolOutcome:
        try:
            if params.name == DISCOVER_TOOLS:
                return await self._discover(ctx, params.arguments)
            entry = await self._lookup(ctx, params.name, params.arguments)
            if not entry.runs_steps:  # a batch is checked step by step (in _cleared)
                self._check_policy(entry)
            routed = await self._routed(ctx, entry, params.arguments)
            if routed.entry is not None:  # another editor: the tool as its own catalogue describes it
                entry = routed.entry
                self._check_policy(entry)
            scene = session_scene(ctx.session)
            validated = entry.arguments.validate(entry.name, routed.arguments)
            arguments = aim_at_session_scene(scene, entry, aim_at_last_change(scene, entry, validated))
            arguments, question = await self._cleared(ctx, params, entry, arguments, routed.link, scene)
            if question is not None:
                return question
            wants_progress = bool(ctx.meta and ctx.meta.get("progress_token") is not None)
            async with reporting_progress(
                ctx.session, entry.name, entry.timeout_s, wanted=wants_progress
            ) as listeners:
                reply = await routed.backend.invoke(arguments, entry.timeout_s, listeners)
            reply = note_session_scene(scene, entry, arguments, reply)
            self.games.note(entry.marks, reply)
            return reply_result(reply)
        except ToolError as error:
            return error_result(error)

    async def _cleared(
        self,
        ctx: ServerRequestContext[Any],
        params: types.CallToolRequestParams,
        entry: ToolEntry,
        arguments: JsonObject,
        link: EditorLink,
        scene: SessionScene,
    ) -> tuple[JsonObject, types.InputRequiredResult | None]:
        """The arguments to send, past read-only mode's call checks; and the question to ask first, if any.
        A batch's steps are each checked so before any runs, with one question for all that lose work."""
        if entry.runs_steps:
            steps = await checked_steps(arguments, self._step_checks(link, scene))
            losing = losing_steps(steps, would_lose_work)
            question = await self.features.confirm.check_steps(ctx, params, entry, arguments, losing)
            return batch_arguments(arguments, steps), question
        if self.policy.read_only:
            await check_read_only_call(entry, arguments, link)
        return arguments, await self.features.confirm.check(ctx, params, entry, arguments)

    def _step_checks(self, link: EditorLink, scene: SessionScene) -> StepChecks:
        """What a direct call goes through, for each step of a batch."""

        async def call_check(step: ToolEntry, given: JsonObject) -> None:
            await check_read_only_call(step, given, link)

        return StepChecks(
            lookup=self.table.get,
            published=lambda: [each.name for each in self.table.entries() if self.policy.lists(each)],
            policy=self._check_policy,
            aim=lambda step, given: aim_at_session_scene(scene, step, given),
            call_check=call_check if self.policy.read_only else None,
        )

    async def _routed(
        self, ctx: ServerRequestContext[Any], entry: ToolEntry, arguments: dict[str, Any] | None
    ) -> Routed:
        """The call aimed at its editor (``project``, the session's choice, or the server's own)."""
        if self.instances is None:
            return Routed(entry.backend, dict(arguments or {}), self.link)
        return await self.instances.route(ctx.session, entry, arguments)

    def _check_policy(self, entry: ToolEntry) -> None:
        try:
            self.policy.check(entry)
        except ToolError as refused:
            answer: ToolError | None = refused
            if refused.code == ErrorCode.READ_ONLY_MODE:
                answer = read_only_refusal(entry, self.games, refused)
            if answer is not None:
                raise answer from None

    async def _discover(
        self, ctx: ServerRequestContext[Any], arguments: dict[str, Any] | None
    ) -> types.CallToolResult:
        """``discover_tools``; a call that changed the session's list tells that session, once."""
        if self.link.catalog is None:
            await self.link.wait_for_tools(self._startup_wait_s)
        groups = session_groups(ctx.session)
        found = discover(
            self.surface(groups), groups, arguments, self.surface, keeps_state=keeps_state(ctx.session)
        )
        if found.changed:
            await ctx.session.send_notification(
                types.ToolListChangedNotification(), related_request_id=ctx.request_id
            )
        return found.result

    async def _lookup(
        self, ctx: ServerRequestContext[Any], name: str, arguments: dict[str, Any] | None
    ) -> ToolEntry:
        """Any catalogued tool, listed or not: the surface decides only what is listed. A call made while
        the editor is still starting waits for it (``editor_wait.py``): the server's own tools (lsp,
        tests, plugins) work on that editor too. A tool only another editor publishes (its own
        extension) is found when the call names that editor's ``project``."""
        if self.link.catalog is None:
            await wait_for_editor(self.link, ctx.session, self._startup_wait_s)
        entry = self.table.get(name)
        if entry is None:  # The catalogue may be on its way into the table right now.
            await self.link.wait_settled(self._startup_wait_s)
            entry = self.table.get(name)
        if entry is None and self.instances is not None:
            entry = await self.instances.published_elsewhere(ctx.session, name, arguments)
        if entry is not None:
            return entry
        if self.link.catalog is None:
            raise self.link.problem
        listable = [entry.name for entry in self.table.entries() if self.policy.lists(entry)]
        raise unknown_tool(name, [DISCOVER_TOOLS, RUN_TOOL, *listable])

    def _log_published(self, why: str = "") -> None:
        others = sum(1 for entry in self.table.entries() if entry.name not in self._builtin)
        logger.info(
            "publishing %d built-in tools (as docs/tools.md counts them) and %d of extensions and plugins%s",
            len(self._builtin),
            others,
            why,
        )

    def _log_startup_surface(self) -> None:
        surface = self.surface()
        known = {group.name for group in surface.groups}
        unknown = [name for name in self.startup.groups if name not in known]
        if unknown:
            logger.warning("--tools names groups the editor does not publish: %s", ", ".join(unknown))
        if surface.left_out:
            logger.warning(
                "--max-tools %d leaves these start-up groups unlisted: %s",
                self.max_tools,
                ", ".join(surface.left_out),
            )

    async def _initialized(self, ctx: ServerRequestContext[Any], params: types.NotificationParams) -> None:
        # Kept to announce catalogue changes that happen outside any request.
        self._sessions.append(ctx.session)

    async def _announce_tools_changed(self) -> None:
        await self._bus.publish(ToolsListChanged())
        for session in list(self._sessions):
            try:
                await session.send_tool_list_changed()
            except Exception as error:  # a client that went away must not stop the others
                logger.debug("dropping a closed session: %s", error)
                self._sessions.remove(session)


def unknown_tool(name: str, published: list[str]) -> ToolError:
    """``UNKNOWN_TOOL`` for ``name``; the hint starts with the closest published names."""
    return ToolError(
        ErrorCode.UNKNOWN_TOOL,
        f"No tool named {name!r} is published.",
        did_you_mean(name, published)
        + "discover_tools lists every tool by group (the editor's commands may have changed).",
    )
