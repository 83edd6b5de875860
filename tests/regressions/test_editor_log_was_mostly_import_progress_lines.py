"""``godot://log/editor`` was about 90% import-progress lines ("[ 31% ] update_scripts_classes |
(repeated 3 times)"): every percentage of every task took an entry. The editor's progress lines now
fold into one entry per task, in the resource and in ``editor_get_log`` alike; checked on the real
editor's log after a scan that registers a new global class."""

from __future__ import annotations

import json
import re
import struct
import zlib
from itertools import pairwise

import mcp_types as types
import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, scratch_for
from tests.engine.harness import EngineEditor
from tests.mcp_results import envelope_body

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

PROGRESS = re.compile(r"^\[\d+\] MESSAGE: \[\s*(?:\d+%|DONE) \]\s*(\S+)", re.MULTILINE)


def png(width: int = 2, height: int = 2) -> bytes:
    """A small opaque PNG: a new image makes the editor import it, reporting progress as it goes."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def progress_tasks(log: str) -> list[str | None]:
    """Each line's progress task (None for any other line)."""
    return [(found.group(1) if (found := PROGRESS.match(line)) else None) for line in log.splitlines()]


def unfolded(log: str) -> list[str]:
    """Tasks whose progress took two lines in a row (folded progress takes one)."""
    tasks = progress_tasks(log)
    return [task for task, after in pairwise(tasks) if task is not None and task == after]


async def test_progress_lines_fold_into_one_entry_per_task(
    tools: Client, engine_editor: EngineEditor, request: pytest.FixtureRequest
) -> None:
    start = (await call(tools, "editor_get_log", {"limit": 1}))["resume_cursor"]
    scratch = scratch_for(request, engine_editor.project)
    scratch.disk.mkdir(parents=True, exist_ok=True)
    probe = scratch.disk / "progress_probe.png"
    # Left in place afterwards: deleting an image the editor may still be reimporting logs an error.
    probe.write_bytes(png())
    await call(tools, "editor_wait_for_idle", {"scan": True, "timeout_ms": 30000})
    since = (await call(tools, "editor_get_log", {"cursor": start, "limit": 10000}))["log"]
    content = (await tools.read_resource("godot://log/editor")).contents[0]
    assert isinstance(content, types.TextResourceContents)
    newest = json.loads(envelope_body(content.text))["log"]
    assert any(progress_tasks(since)), since  # the import did report progress
    assert unfolded(since) == [], since
    assert unfolded(newest) == [], newest
    assert re.search(r"\] reimport \| .* \(\d+ progress lines\)", since), since
