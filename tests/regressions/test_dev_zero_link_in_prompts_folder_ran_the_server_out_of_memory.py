"""Regression (issue 21): a link to ``/dev/zero`` among a project's prompt files or test scripts ran the
server to 3 GB in 2.3 s (it read the "file" to its end), and a FIFO there would have hung it. The
server now reads only regular files inside the project, at most a size cap of each: the others are
skipped with a warning naming them, and the server answers.

The server runs as ``serve --project P --no-launch`` over real stdio, its address space capped at
2 GB so that the old behaviour fails fast instead of eating the machine's memory; its peak resident
size is read from ``/proc`` at the end.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV

pytestmark = pytest.mark.anyio

FIXTURES = Path(__file__).resolve().parents[1] / "engine" / "fixtures"
ADDRESS_SPACE_CAP = 2 * 1024**3
PEAK_RSS_CAP_KB = 400 * 1024  # far below the 3 GB the link took
# Runs serve with its address space capped and its pid written down (the stdio client starts it).
_CAPPED_SERVE = (
    "import os, resource, runpy, sys\n"
    "resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))\n"
    "open(sys.argv.pop(1), 'w').write(str(os.getpid()))\n"
    "runpy.run_module('godot_live_mcp', run_name='__main__', alter_sys=True)\n"
)


def hostile_project(tmp_path: Path) -> Path:
    """The GUT fixture with, among its test scripts and its prompt files, a link to /dev/zero and a
    FIFO, next to an honest one of each."""
    project = Path(shutil.copytree(FIXTURES / "gut_project", tmp_path / "project"))
    prompts = project / ".godot-live-mcp" / "prompts"
    prompts.mkdir(parents=True)
    (prompts / "hello.md").write_text("---\ndescription: Say hello.\n---\nSay hello.\n", "utf-8")
    for folder, suffix in ((prompts, ".md"), (project / "test", ".gd")):
        (folder / f"zero{suffix}").symlink_to("/dev/zero")
        (folder / f"test_zero{suffix}").symlink_to("/dev/zero")
        os.mkfifo(folder / f"test_fifo{suffix}")
    return project


@asynccontextmanager
async def capped_serve(project: Path, workspace: Path) -> AsyncIterator[tuple[Client, Path]]:
    pid_file, log = workspace / "serve.pid", workspace / "serve.log"
    serve = ["serve", "--project", str(project), "--no-launch", "--tools", "all", "--max-tools", "400"]
    params = StdioServerParameters(
        command=sys.executable,
        args=["-c", _CAPPED_SERVE.format(cap=ADDRESS_SPACE_CAP), str(pid_file), *serve],
        env={
            **os.environ,
            REGISTRY_DIR_ENV: str(workspace / "registry"),
            "XDG_STATE_HOME": str(workspace / "state"),
        },
    )
    with log.open("w", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            yield client, pid_file


def peak_rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM in /proc")


async def test_links_to_dev_zero_and_fifos_are_skipped_and_the_server_answers(tmp_path: Path) -> None:
    project = hostile_project(tmp_path)
    with anyio.fail_after(90):
        async with capped_serve(project, tmp_path) as (client, pid_file):
            prompts = [prompt.name for prompt in (await client.list_prompts()).prompts]
            listed = await client.call_tool("test_list", {})
            peak = peak_rss_kb(int(pid_file.read_text()))
    log = (tmp_path / "serve.log").read_text("utf-8")
    assert "hello" in prompts
    assert not {"zero", "test_zero", "test_fifo"} & set(prompts)
    assert not listed.is_error, listed
    text = str(listed.structured_content)
    assert "res://test/test_math.gd" in text
    assert "test_zero" not in text
    assert "test_fifo" not in text
    assert peak < PEAK_RSS_CAP_KB, f"peak resident size {peak} kB"
    for name in ("zero.md", "test_fifo.md", "test_zero.gd", "test_fifo.gd"):
        assert name in log, log  # each skipped file is named in a warning
    assert "not a regular file" in log
