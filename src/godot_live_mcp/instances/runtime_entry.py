"""Finding a running game of an editor's project. Games are keyed by who launched them and their run
(``<hash>.runtime.<launcher pid>-<game pid>.json``, see the addon's ``instances/game_key.gd``), so two
editors of one project, or two games of one editor, never share a slot. The entry files come first (the
game writes its own before any rebuild of ``projects.json``), then the ``runtime`` overlay of the editor's
entry in ``projects.json``."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.instances._process import pid_alive
from godot_live_mcp.instances.instance import EditorInstance, Endpoint, RuntimeInstance
from godot_live_mcp.instances.registry import read_games, read_instances

__all__ = ["find_runtime", "live_games"]


def live_games(editor: EditorInstance, registry: Path | None = None) -> list[RuntimeInstance]:
    """The live games of ``editor``'s project, whoever launched them, oldest first."""
    games = [game for game in read_games(editor.project_hash, registry) if pid_alive(game.pid)]
    if not games:
        listed = next((i for i in read_instances(registry) if i.project_hash == editor.project_hash), None)
        overlay = listed.runtime if listed is not None else None
        games = [overlay] if overlay is not None and pid_alive(overlay.pid) else []
    return sorted(games, key=lambda game: game.started_unix)


def find_runtime(
    editor: EditorInstance, registry: Path | None = None, game_id: str | None = None
) -> Endpoint | None:
    """Where a game of ``editor``'s project listens, while its process lives: the game ``game_id`` names,
    else the newest one ``editor`` launched (an older addon's unkeyed game counts as its own).

    A crashed game's entry outlives it, hence the process check.
    """
    games = live_games(editor, registry)
    if game_id is not None:
        chosen = next((game for game in games if game.game_id == game_id), None)
    else:
        own = [game for game in games if game.launcher_pid in (editor.pid, 0)]
        chosen = own[-1] if own else None
    return _endpoint(editor, chosen) if chosen is not None else None


def _endpoint(editor: EditorInstance, game: RuntimeInstance) -> Endpoint:
    return Endpoint(
        "game", editor.project_name, editor.project_path, game.runtime_port, game.pid, game.token_path
    )
