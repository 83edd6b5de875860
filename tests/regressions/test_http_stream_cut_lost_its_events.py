"""Regression (issue 24): HTTP streams were not resumable (SEP-1699): no priming event with an id on a
POST stream, no ``retry`` field, and a client reconnecting with ``Last-Event-ID`` got nothing back. A
stream cut right after its priming event now resumes on a GET and receives the call's answer."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import anyio
import httpx2
import pytest

from godot_live_mcp.server.http_events import RETRY_MS
from godot_live_mcp.server.transports import HTTP_PATH
from tests.engine.harness import EngineEditor
from tests.http_serving import free_port, served_token, served_token_file
from tests.regressions.test_http_transport_had_no_authentication import INITIALIZE, MCP_HEADERS

pytestmark = [pytest.mark.anyio, pytest.mark.engine]

VERSION = {"MCP-Protocol-Version": "2025-11-25"}
CALL = {
    "jsonrpc": "2.0",
    "id": 2,
    "method": "tools/call",
    "params": {"name": "editor_get_info", "arguments": {}},
}


async def read_event(lines: object) -> dict[str, str]:
    """The fields of the next SSE event (up to its blank line)."""
    event: dict[str, str] = {}
    async for line in lines:  # type: ignore[attr-defined]
        if not line:
            if event:
                return event
            continue
        name, _, value = line.partition(":")
        event[name] = value.removeprefix(" ")
    return event


async def test_a_cut_stream_resumed_with_last_event_id_receives_the_missed_answer(
    engine_editor: EngineEditor, tmp_path: Path
) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}{HTTP_PATH}"
    env = {**os.environ, **engine_editor.env, "XDG_STATE_HOME": str(tmp_path / "state")}
    serve = [sys.executable, "-m", "godot_live_mcp", "serve", "--transport", "http", "--port", str(port)]
    serve += ["--project", str(engine_editor.project), "--no-launch"]
    async with await anyio.open_process(serve, env=env, stderr=subprocess.DEVNULL) as process:
        try:
            token_file = served_token_file(tmp_path / "state", port)
            token = await served_token(token_file, lambda: process.returncode)
            headers = {**MCP_HEADERS, "Authorization": f"Bearer {token}"}
            async with httpx2.AsyncClient(timeout=60) as http:
                opened = await http.post(url, json=INITIALIZE, headers=headers)
                headers |= {**VERSION, "Mcp-Session-Id": opened.headers["mcp-session-id"]}
                initialized = {"jsonrpc": "2.0", "method": "notifications/initialized"}
                await http.post(url, json=initialized, headers=headers)
                async with http.stream("POST", url, json=CALL, headers=headers) as cut:
                    priming = await read_event(cut.aiter_lines())
                # The stream is gone before the answer was read; the client comes back for it.
                resumed_headers = {**headers, "Accept": "text/event-stream", "Last-Event-ID": priming["id"]}
                async with http.stream("GET", url, headers=resumed_headers) as resumed:
                    assert resumed.status_code == 200
                    lines = resumed.aiter_lines()
                    replayed = await read_event(lines)
                    while not replayed.get("data"):  # a priming event of the resumed stream
                        replayed = await read_event(lines)
        finally:
            process.send_signal(signal.SIGTERM)
            with anyio.fail_after(15):
                await process.wait()
    assert priming["data"] == ""
    assert priming["retry"] == str(RETRY_MS)
    answer = json.loads(replayed["data"])
    assert answer["id"] == 2
    assert answer["result"]["structuredContent"]["editor_pid"] == engine_editor.process.pid
    assert int(replayed["id"]) > int(priming["id"])
