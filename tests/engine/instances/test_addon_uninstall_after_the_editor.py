"""install-addon --uninstall after a real editor ran the addon: the editor rewrote project.godot (and
added the runtime autoload); uninstall takes out exactly the plugin's lines, nothing else."""

from __future__ import annotations

import difflib
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.instances.addon_install import PLUGIN_CFG_RES, uninstall_addon
from tests.engine.harness import EngineEditor, copy_demo_project, start_editor

pytestmark = pytest.mark.engine

AUTOLOAD_LINE = 'MCPRuntimeServer="*res://addons/godot_live_mcp/runtime/mcp_runtime_server.gd"'


def test_uninstall_takes_out_only_what_the_addon_added(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project", test_extensions=False)
    with start_editor(project, engine_editor.env, tmp_path / "editor.log", editor_logs) as editor:
        anyio.run(editor.wait_ready, 120.0)
    written_by_godot = (project / "project.godot").read_text("utf-8")

    # force: the addon source may be edited while the suite runs; the editor is stopped already.
    result = uninstall_addon(project, force=True, registry=engine_editor.registry)

    after = (project / "project.godot").read_text("utf-8")
    diff = difflib.ndiff(written_by_godot.splitlines(), after.splitlines())
    changes = [line for line in diff if line[:2] in ("- ", "+ ")]
    assert AUTOLOAD_LINE in written_by_godot
    assert result.autoloads == ("MCPRuntimeServer",)
    assert result.disabled
    assert sorted(changes) == sorted(
        [
            f"- {AUTOLOAD_LINE}",
            "- ",
            "- [editor_plugins]",
            "- ",
            f'- enabled=PackedStringArray("{PLUGIN_CFG_RES}")',
        ]
    )
    assert "godot_live_mcp" not in after
    assert 'GameState="*res://autoload/game_state.gd"' in after
    assert not (project / "addons" / "godot_live_mcp").exists()
