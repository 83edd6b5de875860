from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import anyio
import pytest

from godot_live_mcp.bridge.jsonrpc import Notification
from godot_live_mcp.bridge.peer_connection import connect_peer, request_quit
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from tests.unit.fakes.fake_editor import FakeEditor, JsonRpcError

pytestmark = pytest.mark.anyio


async def test_auth_returns_the_editor_identity(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor, connect_peer(editor.instance.endpoint) as connection:
        assert connection.identity.godot_version == "4.6.3"
        assert connection.identity.protocol_version == CONTRACT.protocol_version


async def test_wrong_token_is_auth_failed(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor:
        editor.token_path.write_text("cd" * 32, "utf-8")
        with pytest.raises(ToolError) as failure:
            async with connect_peer(editor.instance.endpoint):
                pass
    assert failure.value.code == ErrorCode.AUTH_FAILED
    assert "invalid token" in failure.value.message


async def test_missing_token_file_is_auth_failed_naming_the_file(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor:
        instance = replace(editor.instance, token_path=tmp_path / "nope.token")
        with pytest.raises(ToolError) as failure:
            async with connect_peer(instance.endpoint):
                pass
    assert failure.value.code == ErrorCode.AUTH_FAILED
    assert "nope.token" in failure.value.message


async def test_nothing_listening_is_editor_disconnected(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor:
        instance = editor.instance
    with pytest.raises(ToolError) as failure:
        async with connect_peer(instance.endpoint):
            pass
    assert failure.value.code == ErrorCode.EDITOR_DISCONNECTED


async def test_request_returns_the_result_of_its_own_id(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor, connect_peer(editor.instance.endpoint) as connection:
        results: dict[int, Any] = {}

        async def ask(n: int) -> None:
            results[n] = await connection.request("editor.get_info", {"n": n}, timeout_s=5)

        async with anyio.create_task_group() as tasks:
            for n in range(5):
                tasks.start_soon(ask, n)
    assert results == {n: {"success": True, "echo": {"n": n}} for n in range(5)}


async def test_jsonrpc_errors_become_contract_errors(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor, connect_peer(editor.instance.endpoint) as connection:
        with pytest.raises(ToolError) as unknown:
            await connection.request("no.such", None, timeout_s=5)

        async def watchdog(params: dict[str, Any]) -> Any:
            raise JsonRpcError(-32000, "ran past its deadline", {"code": "TIMEOUT"})

        editor.handlers["editor.get_info"] = watchdog
        with pytest.raises(ToolError) as deadline:
            await connection.request("editor.get_info", None, timeout_s=5)
    assert unknown.value.code == ErrorCode.UNKNOWN_TOOL
    assert deadline.value.code == ErrorCode.TIMEOUT


async def test_a_request_past_its_timeout_is_timeout_and_cancelled_remotely(tmp_path: Path) -> None:
    release = anyio.Event()

    async def stuck(params: dict[str, Any]) -> Any:
        await release.wait()
        return {"success": True}

    async with FakeEditor(tmp_path) as editor, connect_peer(editor.instance.endpoint) as connection:
        editor.handlers["editor.get_info"] = stuck
        with pytest.raises(ToolError) as failure:
            await connection.request("editor.get_info", None, timeout_s=0.2)
        # The connection stays usable after a timeout.
        release.set()
        editor.handlers.pop("editor.get_info")
        assert await connection.request("editor.get_info", {}, timeout_s=5) == {"success": True, "echo": {}}
    assert failure.value.code == ErrorCode.TIMEOUT
    stuck_id = editor.received[0]["id"]
    assert editor.cancelled == [stuck_id]


async def test_close_fails_every_pending_request_at_once(tmp_path: Path) -> None:
    started = anyio.Event()

    async def stuck(params: dict[str, Any]) -> Any:
        started.set()
        await anyio.sleep_forever()

    failures: list[ToolError] = []
    async with FakeEditor(tmp_path) as editor, connect_peer(editor.instance.endpoint) as connection:
        editor.handlers["editor.get_info"] = stuck

        async def ask() -> None:
            with pytest.raises(ToolError) as failure:
                await connection.request("editor.get_info", None, timeout_s=60)
            failures.append(failure.value)

        began = time.monotonic()
        async with anyio.create_task_group() as tasks:
            for _ in range(3):
                tasks.start_soon(ask)
            await started.wait()
            await editor.stop()
        elapsed = time.monotonic() - began
        with pytest.raises(ToolError) as after_close:
            await connection.request("editor.get_info", None, timeout_s=60)
    assert [failure.code for failure in failures] == [ErrorCode.EDITOR_DISCONNECTED] * 3
    assert after_close.value.code == ErrorCode.EDITOR_DISCONNECTED
    assert elapsed < 5


async def test_caller_cancellation_sends_cancel_to_the_editor(tmp_path: Path) -> None:
    started = anyio.Event()

    async def stuck(params: dict[str, Any]) -> Any:
        started.set()
        await anyio.sleep_forever()

    async with FakeEditor(tmp_path) as editor, connect_peer(editor.instance.endpoint) as connection:
        editor.handlers["editor.get_info"] = stuck

        async def ask() -> None:
            await connection.request("editor.get_info", None, timeout_s=60)

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(ask)
            await started.wait()
            tasks.cancel_scope.cancel()
        # The _cancel frame is sent before the cancellation completes; its answer proves arrival.
        await connection.request("mcp.catalog", None, timeout_s=5)
    assert editor.cancelled == [editor.received[0]["id"]]


async def test_notifications_reach_the_callback(tmp_path: Path) -> None:
    seen: list[Notification] = []
    async with (
        FakeEditor(tmp_path) as editor,
        connect_peer(editor.instance.endpoint, on_notification=seen.append) as c,
    ):
        await editor.notify("catalog.changed", {"catalog_version": 2})
        await c.request("mcp.catalog", None, timeout_s=5)  # frames arrive in order
    assert seen == [Notification("catalog.changed", {"catalog_version": 2})]


async def test_a_frame_too_big_for_the_editor_is_a_protocol_error(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor, connect_peer(editor.instance.endpoint) as connection:

        async def too_big(params: dict[str, Any]) -> Any:
            await editor.close_connections(1009, "message too big")
            return {"success": True}

        editor.handlers["editor.get_info"] = too_big
        with pytest.raises(ToolError) as failure:
            await connection.request("editor.get_info", {"blob": "x" * 1000}, timeout_s=5)
    assert failure.value.code == ErrorCode.PROTOCOL_ERROR
    assert "1009" in failure.value.message


async def test_quit_goes_through_the_same_client_and_is_acknowledged(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor:
        assert await request_quit(editor.instance.endpoint)
    assert editor.quit_requested
    assert editor.methods_received() == ["_quit"]


async def test_quit_to_nobody_listening_is_false(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor:
        endpoint = editor.instance.endpoint
    assert not await request_quit(endpoint, timeout_s=1)


async def test_a_game_connection_speaks_of_the_game(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as game, connect_peer(game.game_endpoint) as connection:
        await game.stop()
        with pytest.raises(ToolError) as failure:
            await connection.request("runtime.get_tree", None, timeout_s=5)
    assert failure.value.code == ErrorCode.RUNTIME_DISCONNECTED
    assert "the game" in failure.value.message
