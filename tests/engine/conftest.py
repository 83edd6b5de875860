"""One real headless editor per session, MCP clients over real stdio, and a clean editor log at the end."""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from godot_mcp.instances._actionable import ActionableError
from godot_mcp.instances.addon_install import install_addon
from godot_mcp.instances.godot_locator import find_godot
from godot_mcp.instances.instance import EditorInstance
from godot_mcp.instances.launcher import EditorProcess, launch_editor
from godot_mcp.instances.registry_dir import REGISTRY_DIR_ENV

DEMO_PROJECT = Path(__file__).resolve().parents[2] / "examples" / "demo_project"
# Test-only commands (contract breakers, a hanging mutation, ...) loaded as a GDScript extension.
TEST_EXTENSIONS = Path(__file__).resolve().parent / "extensions"
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# Headless engine noise that is not ours (see the engine-facts note): an (ERROR line, its "at:" line) pattern.
KNOWN_HEADLESS_NOISE: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (re.compile(r'^ERROR: Parameter "t" is null\.$'), re.compile(r"\bat: texture_2d_get \(")),
)


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


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


# Errors a test provokes on purpose (e.g. a command breaking the envelope); only these are excused.
# Every project copy carries the contract probe extension, which registers unusable names on
# purpose at start-up: the registry's refusals of those are expected in every editor log.
_EXPECTED_ERRORS: list[re.Pattern[str]] = [
    re.compile(r"command '(nonamespace|probe\.bad name|probe\.x+)' refused")
]


def expect_editor_error(pattern: str) -> None:
    """Excuse editor log errors matching ``pattern``: call it in the test that provokes them."""
    _EXPECTED_ERRORS.append(re.compile(pattern))


@pytest.fixture(scope="session", autouse=True)
def editor_logs() -> Iterator[list[Path]]:
    """Every editor log of the session; after the last test and editor stop, none may hold an error."""
    logs: list[Path] = []
    yield logs
    problems = [
        f"{log.name}: {line}"
        for log in logs
        for line in engine_errors(log)
        if not any(pattern.search(line) for pattern in _EXPECTED_ERRORS)
    ]
    if problems:
        pytest.fail("the editor logged errors:\n" + "\n".join(problems), pytrace=False)


def engine_errors(log: Path) -> list[str]:
    """``SCRIPT ERROR`` and ``ERROR:`` lines of ``log`` with their ``at:`` line, minus known noise."""
    lines = [_ANSI.sub("", line).rstrip() for line in log.read_text("utf-8", errors="replace").splitlines()]
    errors = []
    for index, line in enumerate(lines):
        if not line.startswith(("ERROR:", "SCRIPT ERROR:")):
            continue
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        at = following if following.startswith("at:") else ""
        if not any(error.search(line) and where.search(at) for error, where in KNOWN_HEADLESS_NOISE):
            errors.append(f"{line}  {at}".rstrip())
    return errors


def copy_demo_project(destination: Path, *, test_extensions: bool = True) -> Path:
    """A fresh copy of the demo project with the addon installed and (unless told not to) the
    test-only extensions added."""
    shutil.copytree(DEMO_PROJECT, destination, ignore=shutil.ignore_patterns(".godot"))
    if test_extensions:
        shutil.copytree(TEST_EXTENSIONS, destination / "mcp_test_extensions")
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


@pytest.fixture(scope="session")
def engine_editor(
    tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]
) -> Iterator[EngineEditor]:
    try:
        find_godot()
    except ActionableError as error:
        pytest.fail(f"the engine tests need Godot: {error}", pytrace=False)
    workspace = tmp_path_factory.mktemp("engine")
    project = copy_demo_project(workspace / "demo_project")
    registry = workspace / "registry"
    env = {REGISTRY_DIR_ENV: str(registry)}
    process = start_editor(project, env, workspace / "editor.log", editor_logs)
    try:
        instance = anyio.run(process.wait_ready, 120.0)
        yield EngineEditor(project, registry, process.log_path, env, process, instance, workspace)
    finally:
        process.stop()


@asynccontextmanager
async def mcp_client(
    editor: EngineEditor,
    *args: str,
    project: Path | None = None,
    env: dict[str, str] | None = None,
    mode: str = "legacy",
) -> AsyncIterator[Client]:
    """An official SDK client on ``godot-mcp serve --project P --no-launch ARGS`` over real stdio."""
    serve_args = ["--project", str(project or editor.project)]
    if "--launch" in args:
        args = tuple(arg for arg in args if arg != "--launch")
    else:
        serve_args.append("--no-launch")
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "godot_mcp", "serve", *serve_args, *args],
        env={**editor.env, **(env or {})},
    )
    log_path = editor.workspace / f"server-{len(editor.server_logs)}.log"
    editor.server_logs.append(log_path)
    with log_path.open("w", encoding="utf-8") as server_log:
        async with Client(stdio_client(params, errlog=server_log), mode=mode) as client:
            yield client


@pytest.fixture(scope="module")
async def tools(engine_editor: EngineEditor) -> AsyncIterator[Client]:
    """One MCP client (over real stdio) shared by a test module: the cheap way to call many tools."""
    async with mcp_client(engine_editor) as client:
        yield client
