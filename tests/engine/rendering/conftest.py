"""A Godot editor with its whole interface, drawing for real on a private Xvfb screen (no GPU needed).

Started once per test module that asks for it: about 1 GB and one busy core while it draws.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.contract import ActionableError
from godot_live_mcp.godot.display import XDisplay, start_display
from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.instances.launcher import EditorProcess
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client

GUI_ARGS = ("--editor", "--rendering-driver", "opengl3", "--audio-driver", "Dummy")
LOADED_WITHIN_S = 60.0
# What software OpenGL under Xvfb makes the engine say, with nothing of ours in it: Mesa's GLX on
# Xvfb has no swap-control extension, so the editor cannot change V-Sync.
KNOWN_DISPLAY_WARNINGS = ("WARNING: Could not set V-Sync mode, as changing V-Sync mode is not supported",)


@pytest.fixture(scope="module")
def display() -> Iterator[XDisplay]:
    try:
        started = start_display()
    except ActionableError as error:
        pytest.fail(f"the rendering tests need a display: {error}", pytrace=False)
    with started:
        yield started


@pytest.fixture(scope="module")
def gui_editor(
    tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path], display: XDisplay
) -> Iterator[EngineEditor]:
    """The demo project (addon only, no test extensions) open in a full editor on ``display``."""
    workspace = tmp_path_factory.mktemp("gui")
    project = copy_demo_project(workspace / "demo_project", test_extensions=False)
    registry = workspace / "registry"
    env = {REGISTRY_DIR_ENV: str(registry)}
    log_path = workspace / "editor.log"
    editor_logs.append(log_path)
    gui_env = {**env, **_private_home(workspace)}
    with _start_gui_editor(project, gui_env, display, log_path, registry) as process:
        instance = anyio.run(process.wait_ready, 120.0)
        yield EngineEditor(project, registry, log_path, env, process, instance, workspace)


@pytest.fixture(scope="module")
async def gui_tools(gui_editor: EngineEditor) -> AsyncIterator[Client]:
    """One MCP client on the GUI editor, shared by a test module, once the editor shows the level."""
    async with mcp_client(gui_editor) as client:
        await _wait_for_open_scene(client, LOADED_WITHIN_S)
        yield client


async def _wait_for_open_scene(client: Client, timeout_s: float) -> None:
    # The plugin listens while the editor is still loading; the main scene opens a few seconds later.
    with anyio.fail_after(timeout_s):
        while True:
            info = await client.call_tool("editor_get_info", {})
            if isinstance(info.structured_content, dict) and info.structured_content.get("current_scene"):
                return
            await anyio.sleep(0.2)


def _start_gui_editor(
    project: Path, env: dict[str, str], display: XDisplay, log_path: Path, registry: Path
) -> EditorProcess:
    godot = find_godot().path
    full_env = {**os.environ, **env, **display.env_for(godot)}
    with log_path.open("ab") as log:
        popen = subprocess.Popen(
            [str(godot), *GUI_ARGS, "--path", str(project)],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=full_env,
            cwd=project,
            start_new_session=True,
        )
    return EditorProcess(popen, project, log_path, registry)


def _private_home(workspace: Path) -> dict[str, str]:
    """Fresh editor settings and caches, so a developer's own editor layout cannot change the tests."""
    home = workspace / "home"
    return {f"XDG_{kind}_HOME": str(home / kind.lower()) for kind in ("CONFIG", "DATA", "CACHE")}
