"""The stdio transport on pipe transports, in a real child process: what goes in comes out, nothing else."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

# Echoes every message back; prints on purpose while serving; writes to fd 1 again once done.
ECHO_SERVER = """
import os, sys
import anyio
from mcp.shared.message import SessionMessage
from godot_live_mcp.server.stdio_pipes import pipes_usable, stdio_streams

async def main() -> None:
    usable = pipes_usable()
    async with stdio_streams() as (read_stream, write_stream):
        print("stray print while serving")
        async with write_stream:
            async for message in read_stream:
                if isinstance(message, SessionMessage):
                    await write_stream.send(message)
    print(f"pipes={usable} blocking={os.get_blocking(0)}", file=sys.stderr)
    os.write(1, b"fd 1 restored\\n")

anyio.run(main)
"""


def request(request_id: int, text: str = "") -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": "x", "text": text}}


def run_echo(stdin: bytes | Path) -> subprocess.CompletedProcess[bytes]:
    if isinstance(stdin, Path):
        with stdin.open("rb") as source:
            return subprocess.run(
                [sys.executable, "-c", ECHO_SERVER], stdin=source, capture_output=True, timeout=30
            )
    return subprocess.run([sys.executable, "-c", ECHO_SERVER], input=stdin, capture_output=True, timeout=30)


def lines_of(messages: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(message).encode() + b"\n" for message in messages)


def test_every_message_comes_back_whole_and_in_order_and_prints_go_to_stderr() -> None:
    # The last answer is larger than the pipe buffer: it must still leave in full before exit.
    messages = [request(1), request(2, "é ✓"), request(3, "x" * 3_000_000)]
    done = run_echo(lines_of(messages))
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode().splitlines()
    assert [json.loads(line) for line in out[:3]] == messages
    assert out[3:] == ["fd 1 restored"]
    assert "stray print while serving" in done.stderr.decode()
    assert "pipes=True blocking=True" in done.stderr.decode()


def test_a_regular_file_as_stdin_falls_back_to_the_sdk_transport(tmp_path: Path) -> None:
    source = tmp_path / "requests.jsonl"
    source.write_bytes(lines_of([request(7)]))
    done = run_echo(source)
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads(done.stdout.decode().splitlines()[0]) == request(7)
    assert "pipes=False" in done.stderr.decode()
