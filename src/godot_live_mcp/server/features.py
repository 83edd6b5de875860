"""The MCP surface around the tools: prompts, resources and subscriptions, the hook pipeline around
every call, destructive-call confirmation and client logging, built from the serve options.

``GodotMcpApp`` hands these handlers to its ``Server`` and runs ``running()`` as the server's lifespan.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.subscriptions import SubscriptionBus

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.server.client_log import ClientLogRelay
from godot_live_mcp.server.completions import Completions
from godot_live_mcp.server.confirm import DestructiveConfirmation
from godot_live_mcp.server.hooks import AuditHook, CallLogHook, HookPipeline, RateLimitHook, ToolHook
from godot_live_mcp.server.prompts import PromptLibrary
from godot_live_mcp.server.resources import ResourceCatalog
from godot_live_mcp.server.tasks import RunCall, ToolTasks

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class FeatureOptions:
    """``confirm_destructive``: ask before destructive tools (``--confirm destructive``); ``rate_limit``:
    tool calls a minute (None: no limit); ``audit_file``: where the audit log goes (None: no audit log);
    ``project``: the project folder named at start, for its prompt files until an editor is connected."""

    confirm_destructive: bool = False
    rate_limit: int | None = None
    audit_file: Path | None = None
    project: Path | None = None


class ServerFeatures:
    def __init__(
        self,
        link: EditorLink,
        runtime: RuntimeLink | None,
        bus: SubscriptionBus,
        options: FeatureOptions | None = None,
        *,
        startup_wait_s: float = 120.0,
        run_call: RunCall | None = None,
    ) -> None:
        self.options = options or FeatureOptions()
        self._link = link
        self.prompts = PromptLibrary(self.project)
        self.resources = ResourceCatalog(
            link, runtime, bus, startup_wait_s=startup_wait_s, project=self.project
        )
        self.confirm = DestructiveConfirmation(self.options.confirm_destructive)
        self.client_log = ClientLogRelay()
        self.completions = Completions(link)
        self.hooks = HookPipeline(built_in_hooks(self.options))
        self.tasks = ToolTasks(run_call, link) if run_call is not None else None

    def project(self) -> Path | None:
        """The served project's folder: the connected editor's, else the one named at start."""
        instance = self._link.instance
        return instance.project_path if instance is not None else self.options.project

    def install(self, server: Server[Any]) -> None:
        """Register the handlers the ``Server`` constructor does not take without a deprecation warning."""
        server.add_request_handler("logging/setLevel", types.SetLevelRequestParams, self.client_log.set_level)
        completions = self.completions.complete
        server.add_request_handler("completion/complete", types.CompleteRequestParams, completions)
        if self.tasks is not None:
            self.tasks.install(server)

    @asynccontextmanager
    async def running(self, _server: Server[Any]) -> AsyncIterator[dict[str, Any]]:
        """The server's lifespan: the subscription poller and the log relay run while it serves."""
        failure: Exception | None = None
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(self.resources.watch.run)
            tasks.start_soon(self.client_log.run)
            if self.tasks is not None:
                self.tasks.attach(tasks)
            try:
                yield {}
            except Exception as error:  # re-raised below, outside the group, so it is not wrapped
                failure = error
            finally:
                if self.tasks is not None:
                    self.tasks.attach(None)
                tasks.cancel_scope.cancel()
                self._close_hooks()
        if failure is not None:
            raise failure

    def _close_hooks(self) -> None:
        for hook in self.hooks.hooks:
            if isinstance(hook, AuditHook):
                hook.close()


def built_in_hooks(options: FeatureOptions) -> list[ToolHook]:
    """Outermost first: logging sees every call (refused ones too), the audit records what ran or was
    refused by the rate limit."""
    hooks: list[ToolHook] = [CallLogHook()]
    if options.audit_file is not None:
        hooks.append(AuditHook(options.audit_file))
        logger.info("audit log: %s", options.audit_file)
    if options.rate_limit:
        hooks.append(RateLimitHook(options.rate_limit))
    return hooks
