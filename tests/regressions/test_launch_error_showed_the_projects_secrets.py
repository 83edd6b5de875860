"""Regression (issue 14): when an editor the server launched stopped before it was ready, the error quoted
the last lines of its log as they were, and the log itself was readable by every local user (0644); a
project's editor scripts print there, secrets included. The lines quoted are scrubbed now, and the log is
0600.

A real headless editor runs a project whose editor plugin prints fake secrets and quits at once."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from godot_live_mcp.instances.launcher import EditorLaunchError, launch_editor
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SECRETS = {
    "github_token": "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "assignment": "hunter2hunter2",
    "stripe_key": "sk_live_51H8abcdefghijklmnopqrst",
}
PLUGIN = f"""@tool
extends EditorPlugin


func _enter_tree() -> void:
\tprint("token {SECRETS["github_token"]}")
\tprint("DB_PASSWORD={SECRETS["assignment"]}")
\tprinterr("billing {SECRETS["stripe_key"]}")
\tget_tree().quit(3)
"""


def leaky_project(folder: Path) -> Path:
    project = folder / "leaky"
    (project / "addons" / "leaky").mkdir(parents=True)
    (project / "project.godot").write_text(
        'config_version=5\n\n[application]\n\nconfig/name="Leaky"\n\n'
        '[editor_plugins]\n\nenabled=PackedStringArray("res://addons/leaky/plugin.cfg")\n',
        "utf-8",
    )
    (project / "addons" / "leaky" / "plugin.cfg").write_text(
        '[plugin]\n\nname="Leaky"\ndescription=""\nauthor=""\nversion="1"\nscript="plugin.gd"\n', "utf-8"
    )
    (project / "addons" / "leaky" / "plugin.gd").write_text(PLUGIN, "utf-8")
    return project


async def test_the_log_lines_of_a_failed_launch_are_scrubbed_and_private(tmp_path: Path) -> None:
    log = tmp_path / "logs" / "editor.log"
    env = {REGISTRY_DIR_ENV: str(tmp_path / "registry")}
    editor = launch_editor(leaky_project(tmp_path), env=env, log_path=log)
    with editor, pytest.raises(EditorLaunchError) as failed:
        await editor.wait_ready(120.0)
    message = failed.value.message
    assert "exited with code 3" in message
    assert [kind for kind, secret in SECRETS.items() if secret in message] == []
    assert all(f"[REDACTED:{kind}]" in message for kind in SECRETS), message
    assert SECRETS["github_token"] in log.read_text("utf-8")  # the log itself keeps what was printed
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert stat.S_IMODE(log.parent.stat().st_mode) == 0o700
