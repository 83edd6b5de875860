"""Fixtures shared by every test folder: one real headless editor per session (started only when a
test asks for it), a module-scoped MCP client on it, and a clean editor log at the end."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.bridge.catalog_cache import CACHE_DIR_ENV
from godot_live_mcp.contract import ActionableError
from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.harness import (
    EngineEditor,
    copy_demo_project,
    mcp_client,
    start_editor,
    unexcused_errors,
)


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session", autouse=True)
def editor_logs() -> Iterator[list[Path]]:
    """Every editor log of the session; after the last test and editor stop, none may hold an error."""
    logs: list[Path] = []
    yield logs
    problems = [f"{log.name}: {line}" for log in logs for line in unexcused_errors(log)]
    if problems:
        pytest.fail("the editor logged errors:\n" + "\n".join(problems), pytrace=False)


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
    # The session's servers keep their catalogues in its workspace, not in the person's cache folder.
    env = {REGISTRY_DIR_ENV: str(registry), CACHE_DIR_ENV: str(workspace / "catalogs")}
    with start_editor(project, env, workspace / "editor.log", editor_logs) as process:
        instance = anyio.run(process.wait_ready, 120.0)
        yield EngineEditor(project, registry, process.log_path, env, process, instance, workspace)


@pytest.fixture(scope="module")
async def tools(engine_editor: EngineEditor) -> AsyncIterator[Client]:
    """One MCP client (over real stdio) shared by a test module: the cheap way to call many tools."""
    async with mcp_client(engine_editor) as client:
        yield client
