"""Finding the running game of an editor's project: the ``<hash>.runtime.json`` entry the game's runtime
server writes while it listens and withdraws when it shuts down cleanly, else the ``runtime`` overlay of
the project's entry in ``projects.json`` (a projection rebuilt a moment later)."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.instances._process import pid_alive
from godot_live_mcp.instances.instance import EditorInstance, Endpoint
from godot_live_mcp.instances.registry import read_instances, read_runtime_entry

__all__ = ["find_runtime"]


def find_runtime(editor: EditorInstance, registry: Path | None = None) -> Endpoint | None:
    """Where the game of ``editor``'s project listens, while its process lives.

    The entry file comes first: ``game.start`` answers once it exists, and the rebuild of ``projects.json``
    can land after that answer. A crashed game's entry outlives it, hence the process check.
    """
    runtime = read_runtime_entry(editor.project_hash, registry)
    if runtime is None:
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
