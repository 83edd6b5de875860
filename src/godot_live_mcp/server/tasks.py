"""Long tool calls as MCP tasks (protocol 2025-11-25): ``tools/call`` with ``task`` answers at once with a
task id; the call runs on; ``tasks/get`` polls it, ``tasks/result`` waits for its result, ``tasks/cancel``
stops it, ``tasks/list`` lists them.

The SDK leaves tasks out of its 2025-11-25 surface, so the task-augmented ``tools/call`` is taken by a
server middleware (above the SDK's result check) and the ``tasks/*`` methods are registered as custom
ones. Exactly the tools whose command carries the ``long_running`` mark are listed with
``execution.taskSupport: optional`` and run as tasks; a task asked of any other tool is refused
(Method not found, as the specification asks). 2026-07-28 moved tasks into an extension the SDK does
not define yet: there, long calls stay ordinary calls with progress.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import anyio
import mcp_types as types
from anyio.abc import TaskGroup
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS, METHOD_NOT_FOUND

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.contract import ToolError
from godot_live_mcp.server._meta import LONG_RUNNING_META_KEY
from godot_live_mcp.server.hooks import ToolOutcome
from godot_live_mcp.server.projection import tool_name

logger = logging.getLogger(__name__)

TASKS_VERSION = "2025-11-25"
RELATED_TASK_META_KEY = "io.modelcontextprotocol/related-task"
DEFAULT_TTL_MS = 10 * 60 * 1000
POLL_INTERVAL_MS = 1000

RunCall = Callable[[ServerRequestContext[Any], types.CallToolRequestParams], Awaitable[ToolOutcome]]

CAPABILITY = types.ServerTasksCapability(
    list=types.TasksListCapability(),
    cancel=types.TasksCancelCapability(),
    requests=types.ServerTasksRequestsCapability(
        tools=types.TasksToolsCapability(call=types.TasksCallCapability())
    ),
)


@dataclass
class _Job:
    task: types.Task
    done: anyio.Event = field(default_factory=anyio.Event)
    scope: anyio.CancelScope = field(default_factory=anyio.CancelScope)
    outcome: types.CallToolResult | None = None
    expires: float = 0.0


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class ToolTasks:
    """The task store of one server; ``attach`` provides the task group the calls run in. ``link``'s
    catalogue says which tools are long-running."""

    def __init__(self, run_call: RunCall, link: EditorLink) -> None:
        self._run_call = run_call
        self._link = link
        self._jobs: dict[str, _Job] = {}
        self._group: TaskGroup | None = None

    def install(self, server: Server[Any]) -> None:
        server.middleware.append(self.middleware)
        server.add_request_handler("tasks/get", types.GetTaskRequestParams, self.get)
        server.add_request_handler("tasks/result", types.GetTaskPayloadRequestParams, self.result)
        server.add_request_handler("tasks/cancel", types.CancelTaskRequestParams, self.cancel)
        server.add_request_handler("tasks/list", types.PaginatedRequestParams, self.list_tasks)

    def attach(self, group: TaskGroup | None) -> None:
        """Task-augmented calls run in ``group`` (the server's lifespan); None stops taking them."""
        self._group = group

    async def middleware(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        if ctx.protocol_version != TASKS_VERSION or ctx.request_id is None:
            return await call_next(ctx)
        if ctx.method == "tools/list":
            return self._mark_long_tools(await call_next(ctx))
        raw = ctx.params if isinstance(ctx.params, Mapping) else {}
        if ctx.method != "tools/call" or raw.get("task") is None or self._group is None:
            return await call_next(ctx)
        params = types.CallToolRequestParams.model_validate(raw, by_name=False)
        if not self.long_running(params.name):
            raise MCPError(
                METHOD_NOT_FOUND,
                f"{params.name} does not run as a task (tools/list gives it no execution.taskSupport): "
                "call it without task.",
            )
        return types.CreateTaskResult(task=self._start(self._group, ctx, params))

    def long_running(self, tool: str) -> bool:
        """Whether ``tool`` is published from a command marked ``long_running``."""
        catalog = self._link.catalog
        commands = catalog.commands if catalog is not None else ()
        return any(spec.annotations.long_running and _tool_name(spec.name) == tool for spec in commands)

    def _start(
        self, group: TaskGroup, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.Task:
        ttl = params.task.ttl if params.task is not None and params.task.ttl else DEFAULT_TTL_MS
        now = _now()
        task = types.Task(
            task_id=secrets.token_urlsafe(12),
            status="working",
            created_at=now,
            last_updated_at=now,
            ttl=ttl,
            poll_interval=POLL_INTERVAL_MS,
        )
        job = _Job(task, expires=anyio.current_time() + ttl / 1000)
        self._forget_expired()
        self._jobs[task.task_id] = job
        group.start_soon(self._run, job, ctx, params.model_copy(update={"task": None}))
        return task

    async def _run(
        self, job: _Job, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> None:
        try:
            with job.scope:
                outcome = await self._run_call(ctx, params)
                if isinstance(outcome, types.CallToolResult):
                    job.outcome = outcome
                    self._finish(job, "failed" if outcome.is_error else "completed", _first_text(outcome))
                else:  # a question for the person cannot be asked from a background call
                    self._finish(job, "failed", "The call needs the person's answer: run it without a task.")
        except Exception as error:
            logger.exception("task %s (%s) failed", job.task.task_id, params.name)
            self._finish(job, "failed", f"INTERNAL: {error}")
        finally:
            if job.task.status == "working":
                self._finish(job, "cancelled", "Cancelled.")

    def _finish(self, job: _Job, status: types.TaskStatus, message: str | None) -> None:
        job.task = job.task.model_copy(
            update={"status": status, "status_message": message, "last_updated_at": _now()}
        )
        job.done.set()

    async def get(
        self, ctx: ServerRequestContext[Any], params: types.GetTaskRequestParams
    ) -> types.GetTaskResult:
        return types.GetTaskResult(**self._job(params.task_id).task.model_dump())

    async def result(
        self, ctx: ServerRequestContext[Any], params: types.GetTaskPayloadRequestParams
    ) -> HandlerResult:
        """The call's result once it ends (waiting for it), tagged with its task."""
        job = self._job(params.task_id)
        await job.done.wait()
        if job.outcome is None:
            raise MCPError(
                INVALID_PARAMS, f"Task {params.task_id} ended {job.task.status}: {job.task.status_message}"
            )
        related = {RELATED_TASK_META_KEY: {"taskId": params.task_id}}
        return job.outcome.model_copy(update={"meta": {**(job.outcome.meta or {}), **related}})

    async def cancel(
        self, ctx: ServerRequestContext[Any], params: types.CancelTaskRequestParams
    ) -> types.CancelTaskResult:
        job = self._job(params.task_id)
        if job.done.is_set():
            raise MCPError(INVALID_PARAMS, f"Task {params.task_id} already ended ({job.task.status}).")
        job.scope.cancel()
        await job.done.wait()
        return types.CancelTaskResult(**job.task.model_dump())

    async def list_tasks(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams
    ) -> types.ListTasksResult:
        self._forget_expired()
        return types.ListTasksResult(tasks=[job.task for job in self._jobs.values()])

    def _job(self, task_id: str) -> _Job:
        self._forget_expired()
        job = self._jobs.get(task_id)
        if job is None:
            raise MCPError(INVALID_PARAMS, f"No task {task_id!r}: it never existed or its ttl ran out.")
        return job

    def _forget_expired(self) -> None:
        now = anyio.current_time()
        for task_id, job in list(self._jobs.items()):
            if job.done.is_set() and job.expires < now:
                del self._jobs[task_id]

    @staticmethod
    def _mark_long_tools(listed: HandlerResult) -> HandlerResult:
        tools = listed.get("tools") if isinstance(listed, dict) else None
        for tool in tools if isinstance(tools, list) else []:
            if (tool.get("_meta") or {}).get(LONG_RUNNING_META_KEY) is True:
                tool["execution"] = {"taskSupport": "optional"}
        return listed


def _tool_name(command: str) -> str | None:
    try:
        return tool_name(command)
    except ToolError:  # a name that cannot be published names no tool
        return None


def _first_text(outcome: types.CallToolResult) -> str | None:
    if not outcome.is_error:
        return None
    text = next((block.text for block in outcome.content if isinstance(block, types.TextContent)), "")
    return text[:300] or None
