"""Finding the running game of an editor's project, as the registry publishes it: the ``runtime``
overlay of the project's entry in ``projects.json`` (built from the ``<hash>.runtime.json`` entry
the game's runtime server writes while it listens and withdraws when it shuts down cleanly)."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.instances._process import pid_alive
from godot_live_mcp.instances.instance import EditorInstance, Endpoint
from godot_live_mcp.instances.registry import read_instances

__all__ = ["find_runtime"]


def find_runtime(editor: EditorInstance, registry: Path | None = None) -> Endpoint | None:
    """Where the game of ``editor``'s project listens, while its process lives.

    A crashed game's overlay outlives it until the next rebuild of ``projects.json``, hence the
    process check.
    """
    listed = next((i for i in read_instances(registry) if i.project_hash == editor.project_hash), None)
    runtime = listed.runtime if listed is not None else None
    if runtime is None or not pid_alive(runtime.pid):
        return None
    return Endpoint(
        "game",
        editor.project_name,
        editor.project_path,
        runtime.runtime_port,
        runtime.pid,
        runtime.token_path,
    )
