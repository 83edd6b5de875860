"""While the editor serve launched is still starting, the project's tools are listed at once (from the
catalogue its last session kept), and a call waits for the editor, telling the client how the start
goes, then runs. The Godot here is held at its start until the client has heard that progress, so the
test sees the state it asserts on whatever the machine's speed."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.instances.registry import find_instance
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def held_godot(folder: Path, release: Path) -> Path:
    """A Godot that starts an editor only once ``release`` exists (``--version`` answers at once)."""
    script = folder / "held-godot"
    real = find_godot().path
    script.write_text(
        "#!/bin/sh\n"
        f'[ "$1" = "--version" ] && exec "{real}" "$@"\n'
        f'while [ ! -e "{release}" ]; do sleep 0.1; done\n'
        f'exec "{real}" "$@"\n'
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


async def test_the_tools_are_listed_and_a_call_waits_for_the_starting_editor_with_progress(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project")
    env = {"XDG_STATE_HOME": str(tmp_path / "state")}
    async with mcp_client(engine_editor, "--launch", project=project, env=env) as client:
        await client.call_tool("editor_get_info", {})  # the first session: its catalogue is kept

    release = tmp_path / "release"
    godot = held_godot(tmp_path, release)
    heard: list[str] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        heard.append(message or "")
        release.touch()

    held = ("--launch", "--godot", str(godot))
    async with mcp_client(engine_editor, *held, project=project, env=env) as client:
        listed = {tool.name for tool in (await client.list_tools()).tools}
        registered_at_list = find_instance(project, engine_editor.registry)
        info = structured(await client.call_tool("editor_get_info", {}, progress_callback=on_progress))
    editor_logs.extend(sorted((tmp_path / "state" / "godot-live-mcp" / "log").glob("*.log")))

    assert "editor_get_info" in listed
    assert registered_at_list is None  # listed before the editor was there
    assert heard[0].startswith(f"Waiting for the Godot editor: launched for {project} (pid ")
    assert info["project_path"].rstrip("/") == str(project)
