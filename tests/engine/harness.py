"""The engine test harness: project copies, editors, MCP clients over real stdio, and the log check.

The fixtures built on it (one session editor shared by every test folder) live in tests/conftest.py.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from godot_live_mcp.instances.addon_install import install_addon
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import EditorProcess, launch_editor
from godot_live_mcp.instances.registry import live_instances
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from godot_live_mcp.security.extension_consent import enable as enable_extension
from godot_live_mcp.security.extension_consent import find_extensions

DEMO_PROJECT = Path(__file__).resolve().parents[2] / "examples" / "demo_project"
# Test-only commands (contract breakers, a hanging mutation, ...) loaded as a GDScript extension.
TEST_EXTENSIONS = Path(__file__).resolve().parent / "extensions"
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# A --max-tools no catalogue reaches: the harness lists every tool unless a test chooses otherwise.
EVERY_TOOL = 10_000


@dataclass
class EngineEditor:
    """The session's editor: its project copy, registry, log, and the environment servers must share."""

    project: Path
    registry: Path
    log_path: Path
    env: dict[str, str]
    process: EditorProcess
    instance: EditorInstance
    workspace: Path
    server_logs: list[Path] = field(default_factory=list)


# Errors a test provokes on purpose (e.g. a command breaking the envelope); only these are excused.
# Every project copy carries the contract probe extension, which registers unusable names on
# purpose at start-up: the registry's refusals of those are expected in every editor log.
# Whichever test wakes the language server (an lsp_* call, from any folder), it parses every script
# of the project and reports each that does not parse, other tests' deliberately broken ones among
# them: the server reporting on the project, not an error of the editor or the addon.
_EXPECTED_ERRORS: list[re.Pattern[str]] = [
    re.compile(r"command '(nonamespace|probe\.bad name|probe\.x+)' refused"),
    re.compile(r"^ERROR: LSP: Failed to parse script: res://"),
]


def expect_editor_error(pattern: str) -> None:
    """Excuse editor log errors matching ``pattern``: call it in the test that provokes them."""
    _EXPECTED_ERRORS.append(re.compile(pattern))


def unexcused_errors(log: Path) -> list[str]:
    """The errors of ``log`` that no test excused with expect_editor_error."""
    return [line for line in engine_errors(log) if not any(p.search(line) for p in _EXPECTED_ERRORS)]


def warnings_and_errors(log: Path, known: tuple[str, ...] = ()) -> list[str]:
    """Every ERROR and WARNING line of ``log`` (script ones too), colours stripped, those that start
    with one of ``known`` aside: what an editor that loaded cleanly never prints."""
    lines = [_ANSI.sub("", line) for line in log.read_text("utf-8", errors="replace").splitlines()]
    return [
        line
        for line in lines
        if line.startswith(("ERROR", "SCRIPT ERROR", "WARNING", "SCRIPT WARNING"))
        and not line.startswith(known)
    ]


# Engine warnings that always mean a bug of ours: a raw NaN reached JSON.stringify (the engine prints it
# once per process, so only a check over every log of the run finds it).
_BUG_WARNINGS = ("found in argument passed to JSON.stringify",)


def engine_errors(log: Path) -> list[str]:
    """``SCRIPT ERROR`` and ``ERROR:`` lines of ``log`` with their ``at:`` line, and the warnings that
    mean a bug of ours."""
    lines = [_ANSI.sub("", line).rstrip() for line in log.read_text("utf-8", errors="replace").splitlines()]
    errors = []
    for index, line in enumerate(lines):
        ours = line.startswith("WARNING:") and any(warning in line for warning in _BUG_WARNINGS)
        if not line.startswith(("ERROR:", "SCRIPT ERROR:")) and not ours:
            continue
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        at = following if following.startswith("at:") else ""
        errors.append(f"{line}  {at}".rstrip())
    return errors


def copy_demo_project(destination: Path, *, test_extensions: bool = True) -> Path:
    """A fresh copy of the demo project with the addon installed and (unless told not to) the
    test-only extensions added."""
    shutil.copytree(DEMO_PROJECT, destination, ignore=shutil.ignore_patterns(".godot"))
    if test_extensions:
        shutil.copytree(TEST_EXTENSIONS, destination / "mcp_test_extensions")
        for found in find_extensions(destination):  # as a person would: extensions enable NAME
            enable_extension(destination, found.name)
    install_addon(destination)
    return destination


def start_editor(
    project: Path,
    env: dict[str, str],
    log_path: Path,
    editor_logs: list[Path],
    extra_args: tuple[str, ...] = (),
) -> EditorProcess:
    """Launch a headless editor with the server's own launcher; its log joins the end-of-session check."""
    editor_logs.append(log_path)
    return launch_editor(project, env=env, log_path=log_path, extra_args=extra_args)


@dataclass(frozen=True)
class TwoEditors:
    """Two headless editors of one copy of the demo project, both ready: the live entries by pid."""

    first: EditorProcess
    second: EditorProcess
    registry: Path
    live: dict[int, EditorInstance]


@asynccontextmanager
async def two_editors_of_one_project(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> AsyncIterator[TwoEditors]:
    """Two editors on one project with a registry of their own; both stopped when the block exits."""
    project = copy_demo_project(tmp_path / "project")
    registry = tmp_path / "registry"
    env = {**engine_editor.env, REGISTRY_DIR_ENV: str(registry)}
    with (
        start_editor(project, env, tmp_path / "first.log", editor_logs) as first,
        start_editor(project, env, tmp_path / "second.log", editor_logs) as second,
    ):
        await first.wait_ready(120)
        await second.wait_ready(120)
        # Each is ready once its own entry is written; projects.json lists both a rebuild later.
        with anyio.fail_after(30):
            while True:
                live = {instance.pid: instance for instance in live_instances(registry)}
                if {first.pid, second.pid} <= live.keys():
                    break
                await anyio.sleep(0.05)  # pacing only: the projection's own rebuild decides
        yield TwoEditors(first, second, registry, live)


@asynccontextmanager
async def mcp_client(
    editor: EngineEditor,
    *args: str,
    project: Path | None = None,
    env: dict[str, str] | None = None,
    mode: str = "legacy",
    allow_execute: bool = True,
    **client_options: Any,
) -> AsyncIterator[Client]:
    """An official SDK client on ``godot-live-mcp serve --project P --no-launch ARGS`` over real stdio.

    Every tool is listed unless ARGS choose the surface (``--tools``, ``--max-tools``): tests call tools
    by name; tests/engine/surface/ checks the default start-up surface. The code-execution tools are
    on (``--allow-execute``) unless ``allow_execute`` is False.
    """
    serve_args = ["--project", str(project or editor.project)]
    if allow_execute:
        serve_args.append("--allow-execute")
    if "--tools" not in args:
        serve_args += ["--tools", "all"]
    if "--max-tools" not in args:
        serve_args += ["--max-tools", str(EVERY_TOOL)]
    if "--launch" in args:
        args = tuple(arg for arg in args if arg != "--launch")
    else:
        serve_args.append("--no-launch")
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "godot_live_mcp", "serve", *serve_args, *args],
        env={**_code_under_test(), **editor.env, **(env or {})},
    )
    log_path = editor.workspace / f"server-{len(editor.server_logs)}.log"
    editor.server_logs.append(log_path)
    with log_path.open("w", encoding="utf-8") as server_log:
        async with Client(stdio_client(params, errlog=server_log), mode=mode, **client_options) as client:
            yield client


def _code_under_test() -> dict[str, str]:
    """The tests' own PYTHONPATH, so that the server runs the code they test (the SDK passes a server
    only a few variables; a worktree sharing another checkout's venv would serve that checkout's code)."""
    return {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {}
