"""Long tool calls as MCP tasks (2025-11-25): created at once, polled, fetched, cancelled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp.client import Client
from mcp.shared.exceptions import MCPError
from mcp_types import METHOD_NOT_FOUND

from godot_live_mcp.server.tasks import RELATED_TASK_META_KEY
from tests.unit.server.feature_session import serving

pytestmark = pytest.mark.anyio


async def raw(client: Client, method: str, params: dict[str, Any]) -> dict[str, Any]:
    """A request the SDK client has no method for (it leaves tasks out): sent as it goes on the wire."""
    result: dict[str, Any] = await client.session._dispatcher.send_raw_request(method, params, None)
    return result


def held_step() -> tuple[Any, anyio.Event, anyio.Event]:
    """A fake runtime.step that starts, then waits for release."""
    started, release = anyio.Event(), anyio.Event()

    async def step(params: dict[str, Any]) -> Any:
        started.set()
        await release.wait()
        return {"success": True, "frames_stepped": params.get("frames", 1), "paused": True, "game_frame": 9}

    return step, started, release


async def test_long_tools_are_listed_as_task_capable_and_the_server_says_it_takes_tasks(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as session:
        listed = await raw(session.client, "tools/list", {})
        capabilities = session.client.server_capabilities
    execution = {tool["name"]: tool.get("execution") for tool in listed["tools"]}
    assert execution["runtime_step"] == {"taskSupport": "optional"}
    assert execution["node_get"] is None
    assert capabilities.tasks is not None
    assert capabilities.tasks.requests is not None


async def test_a_task_answers_at_once_then_gives_its_result(tmp_path: Path) -> None:
    step, _, release = held_step()
    async with serving(tmp_path) as session:
        session.editor.handlers["runtime.step"] = step
        call = {"name": "runtime_step", "arguments": {"frames": 3}, "task": {"ttl": 60000}}
        created = types.CreateTaskResult.model_validate(await raw(session.client, "tools/call", call))
        task_id = created.task.task_id
        working = await raw(session.client, "tasks/get", {"taskId": task_id})
        listed = await raw(session.client, "tasks/list", {})
        release.set()
        payload = await raw(session.client, "tasks/result", {"taskId": task_id})
        done = await raw(session.client, "tasks/get", {"taskId": task_id})
    assert created.task.status == "working"
    assert working["status"] == "working"
    assert [task["taskId"] for task in listed["tasks"]] == [task_id]
    result = types.CallToolResult.model_validate(payload)
    assert result.structured_content == {"frames_stepped": 3, "paused": True, "game_frame": 9}
    assert (result.meta or {})[RELATED_TASK_META_KEY] == {"taskId": task_id}
    assert done["status"] == "completed"


async def test_a_cancelled_task_stops_the_editor_request(tmp_path: Path) -> None:
    step, started, _ = held_step()
    async with serving(tmp_path) as session:
        session.editor.handlers["runtime.step"] = step
        call = {"name": "runtime_step", "arguments": {}, "task": {}}
        task_id = (await raw(session.client, "tools/call", call))["task"]["taskId"]
        with anyio.fail_after(5):
            await started.wait()
        cancelled = await raw(session.client, "tasks/cancel", {"taskId": task_id})
        with anyio.fail_after(5):
            await session.editor.cancel_received.wait()
    assert cancelled["status"] == "cancelled"


async def test_an_unknown_task_is_invalid_params(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        with pytest.raises(Exception, match="No task 'nope'"):
            await raw(session.client, "tasks/get", {"taskId": "nope"})


async def test_a_call_without_task_runs_as_before(tmp_path: Path) -> None:
    step, _, release = held_step()
    release.set()
    async with serving(tmp_path) as session:
        session.editor.handlers["runtime.step"] = step
        result = await session.client.call_tool("runtime_step", {"frames": 2})
    assert result.structured_content == {"frames_stepped": 2, "paused": True, "game_frame": 9}


async def test_a_task_asked_of_a_tool_that_is_not_long_running_is_refused(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        call = {"name": "node_get", "arguments": {}, "task": {}}
        with pytest.raises(MCPError) as refused:
            await raw(session.client, "tools/call", call)
        answered = await session.client.call_tool("node_get", {})  # the same tool, as an ordinary call
    assert refused.value.code == METHOD_NOT_FOUND
    assert "node_get does not run as a task" in refused.value.message
    assert not answered.is_error
