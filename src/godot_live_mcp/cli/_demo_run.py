"""The demo's steps: copy the example project, launch an editor, drive it through a real MCP client."""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from collections.abc import Awaitable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import anyio
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from rich.console import Console
from rich.markup import escape

from godot_live_mcp.cli._demo_render import render_result, render_tools
from godot_live_mcp.contract import ActionableError
from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.instances.addon_install import install_addon
from godot_live_mcp.instances.launcher import EditorProcess, launch_editor
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV

# Look around, edit the level and take the edit back, then play: hold move_right for exactly 30
# physics frames of a paused game and read where the player went (x 160 -> 260, every run).
DEMO_CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("editor_get_info", {}),
    ("project_get_info", {}),
    ("scene_get_tree", {"detail": "full"}),
    ("classdb_get_class", {"class_name": "CharacterBody2D"}),
    (
        "node_create",
        {
            "class_name": "Marker2D",
            "name": "SpawnPoint",
            "parent": ".",
            "properties": {"position": {"type": "Vector2", "x": 96, "y": 520}},
        },
    ),
    ("node_get", {"node_path": "SpawnPoint", "names": ["position"]}),
    ("editor_undo", {}),
    ("game_start", {}),
    ("runtime_pause", {}),
    ("runtime_get_node", {"node_path": "Player", "names": ["position"]}),
    ("input_action_press", {"action": "move_right"}),
    ("runtime_step", {"frames": 30}),
    ("input_action_release", {"action": "move_right"}),
    ("runtime_get_node", {"node_path": "Player", "names": ["position"]}),
    ("game_stop", {}),
)
_STEP_TIMEOUT_S = 120.0
_T = TypeVar("_T")


class DemoFailedError(Exception):
    """A step of the demo failed; the message says which and what the logs said."""


@dataclass(frozen=True)
class _Workspace:
    root: Path

    @property
    def project(self) -> Path:
        return self.root / "demo_project"

    @property
    def env(self) -> dict[str, str]:
        return {REGISTRY_DIR_ENV: str(self.root / "registry")}

    @property
    def editor_log(self) -> Path:
        return self.root / "editor.log"

    @property
    def server_log(self) -> Path:
        return self.root / "server.log"


def demo_project_source() -> Path:
    """The bundled example project (wheel installs), else the repository's copy (editable installs)."""
    bundled = Path(str(resources.files("godot_live_mcp") / "_bundled" / "demo_project"))
    repository = Path(__file__).resolve().parents[3] / "examples" / "demo_project"
    for candidate in (bundled, repository):
        if (candidate / "project.godot").is_file():
            return candidate
    raise DemoFailedError(f"the example project is missing (looked in {bundled} and {repository})")


async def run_demo(godot: str | None, console: Console) -> None:
    """Run the whole demo; raises ``DemoFailedError`` saying which step failed and why."""
    source = demo_project_source()
    try:
        binary = find_godot(godot)
    except ActionableError as error:
        raise DemoFailedError(str(error)) from error
    console.print(f"Godot: [bold]{binary.path}[/] (from {binary.describe()})")
    with tempfile.TemporaryDirectory(prefix="godot-live-mcp-demo-", ignore_cleanup_errors=True) as folder:
        workspace = _Workspace(Path(folder))
        _prepare_project(source, workspace.project)
        console.print(f"Project: a copy of {source.name} in [bold]{workspace.project}[/]")
        editor = launch_editor(
            workspace.project, godot=str(binary.path), env=workspace.env, log_path=workspace.editor_log
        )
        try:
            await _step(console, "launch a headless editor", editor.wait_ready(_STEP_TIMEOUT_S), editor)
            await _mcp_session(console, workspace, editor)
        finally:
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(editor.stop)


def _prepare_project(source: Path, project: Path) -> None:
    shutil.copytree(source, project, ignore=shutil.ignore_patterns(".godot"))
    try:
        install_addon(project)
    except ActionableError as error:
        raise DemoFailedError(str(error)) from error


async def _mcp_session(console: Console, workspace: _Workspace, editor: EditorProcess) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        # The groups the demo calls beyond the core set, listed: a client checks a tool's structured
        # result only against a tool it has listed.
        args=[
            *("-m", "godot_live_mcp", "serve", "--project", str(workspace.project)),
            *("--no-launch", "--tools", "core,classdb,project,editor,runtime,input"),
        ],
        env=workspace.env,
    )
    with workspace.server_log.open("w", encoding="utf-8") as server_log:
        try:
            async with Client(stdio_client(params, errlog=server_log)) as client:
                console.print(f"MCP client connected over stdio (protocol {client.protocol_version})")
                listing = await _step(console, "tools/list", client.list_tools(), editor)
                console.print(escape(render_tools(listing.tools)), style="dim")
                for tool, arguments in DEMO_CALLS:
                    title = f"{tool} {arguments or ''}"
                    result = await _step(console, title, client.call_tool(tool, arguments), editor)
                    shown = escape(render_result(tool, result))
                    console.print(shown, style="red" if result.is_error else "dim")
                    if result.is_error:
                        raise DemoFailedError(f"{tool} answered an error (see above)")
        except DemoFailedError:
            raise
        except Exception as error:  # the SDK's transport and protocol errors, possibly grouped
            raise DemoFailedError(
                f"the MCP session failed: {error}\n{_tail(workspace.server_log)}"
            ) from error


async def _step(console: Console, title: str, work: Awaitable[_T], editor: EditorProcess) -> _T:
    began = time.perf_counter()
    try:
        with anyio.fail_after(_STEP_TIMEOUT_S):
            value = await work
    except TimeoutError as error:
        raise DemoFailedError(f"{title} took longer than {_STEP_TIMEOUT_S:.0f} s") from error
    except ActionableError as error:
        raise DemoFailedError(f"{title}: {error.message}") from error
    elapsed_ms = (time.perf_counter() - began) * 1000
    console.print(f"[cyan]{elapsed_ms:9.1f} ms[/]  [bold]{escape(title)}[/]")
    if not editor.is_running():
        raise DemoFailedError(f"the editor exited (code {editor.returncode}):\n{editor.log_tail()}")
    return value


def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text("utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return ""
