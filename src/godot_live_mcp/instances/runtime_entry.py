"""Finding the running game of an editor's project, as the registry publishes it: the ``runtime``
overlay of the project's entry in ``projects.json`` (built from the ``<hash>.runtime.json`` entry
the game's runtime server writes while it listens and withdraws when it shuts down cleanly)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from godot_live_mcp.instances._process import pid_alive
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.registry import read_instances

__all__ = ["find_runtime"]


def find_runtime(editor: EditorInstance, registry: Path | None = None) -> EditorInstance | None:
    """The game of ``editor``'s project while its process lives, as an endpoint to connect to.

    The runtime channel speaks the editor's wire protocol, so the endpoint is the editor's record
    with the game's port, pid, token and start time. A crashed game's overlay outlives it until the
    next rebuild of ``projects.json``, hence the process check.
    """
    listed = next((i for i in read_instances(registry) if i.project_hash == editor.project_hash), None)
    runtime = listed.runtime if listed is not None else None
    if runtime is None or not pid_alive(runtime.pid):
        return None
    return replace(
        editor,
        editor_port=runtime.runtime_port,
        pid=runtime.pid,
        token_path=runtime.token_path,
        started_unix=runtime.started_unix,
        runtime=None,
    )
