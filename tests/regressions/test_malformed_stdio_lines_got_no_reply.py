"""Regression (issue 14): on stdio, a line that is not JSON, a batch array, or JSON nested 199 levels
deep got no reply at all, so the client waited forever. Each now gets the JSON-RPC 2.0 error
(``-32700`` parse error, ``-32600`` invalid request, ``id: null``), and the server goes on serving."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV

PARSE_ERROR = CONTRACT.jsonrpc_codes["parse_error"]
INVALID_REQUEST = CONTRACT.jsonrpc_codes["invalid_request"]
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
PING = {"jsonrpc": "2.0", "id": 7, "method": "ping"}


def nested_call(request_id: int, depth: int) -> str:
    arguments = '{"request":' + "[" * depth + "]" * depth + "}"
    return (
        f'{{"jsonrpc":"2.0","id":{request_id},"method":"tools/call",'
        f'"params":{{"name":"discover_tools","arguments":{arguments}}}}}'
    )


LINES: list[tuple[str, int]] = [
    ("{not json", PARSE_ERROR),
    ('{"jsonrpc": "2.0", "id": 1, "method": "ping"', PARSE_ERROR),
    (json.dumps([PING, PING]), INVALID_REQUEST),
    ("[]", INVALID_REQUEST),
    ("[" * 199 + "]" * 199, INVALID_REQUEST),
    (nested_call(3, 199), PARSE_ERROR),
    (nested_call(4, 1000), PARSE_ERROR),
    ("42", INVALID_REQUEST),
    ('{"jsonrpc": "2.0", "id": 2}', INVALID_REQUEST),
    ('{"id": 2, "method": "ping"}', INVALID_REQUEST),
]


def serve_lines(tmp_path: Path, lines: list[str], replies: int) -> list[dict[str, Any]]:
    """Send ``lines`` to ``serve`` over real pipes and read ``replies`` answers before closing stdin."""
    env = {
        **os.environ,
        REGISTRY_DIR_ENV: str(tmp_path / "registry"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
    }
    command = [sys.executable, "-m", "godot_live_mcp", "serve", "--no-launch"]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
    ) as serve:
        assert serve.stdin is not None
        assert serve.stdout is not None
        serve.stdin.write("".join(line + "\n" for line in lines).encode())
        serve.stdin.flush()
        answers = [json.loads(serve.stdout.readline()) for _ in range(replies)]
        serve.stdin.close()
        assert serve.wait(timeout=30) == 0
        assert serve.stdout.read() == b""
    return answers


def test_every_malformed_line_gets_its_json_rpc_error_and_serving_goes_on(tmp_path: Path) -> None:
    lines = [json.dumps(INITIALIZE), json.dumps(INITIALIZED), *(line for line, _ in LINES)]
    lines += ["", "   ", nested_call(5, 150), json.dumps(PING)]
    answers = serve_lines(tmp_path, lines, replies=len(LINES) + 3)
    errors = [answer for answer in answers if answer.get("id") is None]
    by_id = {answer["id"]: answer for answer in answers if answer.get("id") is not None}
    assert [error["error"]["code"] for error in errors] == [code for _, code in LINES]
    assert all(error["jsonrpc"] == "2.0" and error["error"]["message"] for error in errors)
    assert sorted(by_id) == [1, 5, 7]  # blank lines got no reply
    assert by_id[7] == {"jsonrpc": "2.0", "id": 7, "result": {}}
    assert by_id[5]["result"]["isError"] is True  # 150 levels parse, and are refused as arguments


def test_a_regular_file_as_stdin_gets_the_same_answers(tmp_path: Path) -> None:
    # Not a pipe: the SDK's own stdio transport reads it, and the same errors come back.
    lines = tmp_path / "lines.jsonl"
    lines.write_text("".join(line + "\n" for line, _ in LINES[:4]), "utf-8")
    env = {**os.environ, REGISTRY_DIR_ENV: str(tmp_path / "registry"), "XDG_STATE_HOME": str(tmp_path / "s")}
    with lines.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "godot_live_mcp", "serve", "--no-launch"],
            stdin=stdin,
            capture_output=True,
            env=env,
            timeout=60,
        )
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [answer["error"]["code"] for answer in answers] == [code for _, code in LINES[:4]]
