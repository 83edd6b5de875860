"""``godot-live-mcp instances``: every live Godot editor and game on this machine, from the registry;
entries of processes that are gone are pruned first, so a crashed editor leaves no ghost."""

from __future__ import annotations

import json
import socket
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from godot_live_mcp.instances.instance import EditorInstance, Endpoint, RuntimeInstance
from godot_live_mcp.instances.registry import live_instances, prune_dead_entries
from godot_live_mcp.instances.registry_dir import registry_dir
from godot_live_mcp.instances.runtime_entry import find_runtime, live_games

__all__ = ["instances_command", "listed_instances"]

_PROBE_TIMEOUT_S = 0.5


@dataclass(frozen=True)
class ListedGame:
    """A live game of the editor's project, by its id (launcher pid-game pid)."""

    game: RuntimeInstance
    answering: bool

    def to_json(self) -> dict[str, Any]:
        game = self.game
        return {
            "game_id": game.game_id,
            "pid": game.pid,
            "port": game.runtime_port,
            "launcher_pid": game.launcher_pid,
            "answering": self.answering,
        }


@dataclass(frozen=True)
class ListedInstance:
    editor: EditorInstance
    answering: bool
    game: Endpoint | None  # the game this editor launched (runtime tools aim at it by default)
    game_answering: bool
    games: tuple[ListedGame, ...] = ()  # every live game of its project, whoever launched it

    def to_json(self) -> dict[str, Any]:
        editor = self.editor
        game = self.game
        return {
            "project_name": editor.project_name,
            "project_path": str(editor.project_path),
            "project_hash": editor.project_hash,
            "editor_port": editor.editor_port,
            "pid": editor.pid,
            "godot_version": editor.godot_version,
            "addon_version": editor.plugin_version,
            "protocol_version": editor.protocol_version,
            "headless": editor.headless,
            "started_unix": editor.started_unix,
            "answering": self.answering,
            "owner_pid": editor.owner_pid,
            "linger_s": editor.linger_s,
            "linger_deadline_unix": editor.linger_deadline_unix or None,
            "game": None
            if game is None
            else {"port": game.port, "pid": game.pid, "answering": self.game_answering},
            "games": [listed.to_json() for listed in self.games],
        }


@click.command("instances")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def instances_command(as_json: bool) -> None:
    """List the live Godot editors and games of every project, with ports, pids and versions.

    Entries of editors and games whose process is gone are removed from the registry first.
    """
    pruned = prune_dead_entries()
    listed = listed_instances()
    if as_json:
        payload = {
            "registry": str(registry_dir()),
            "pruned": [str(p) for p in pruned],
            "instances": [i.to_json() for i in listed],
        }
        click.echo(json.dumps(payload, indent=2))
        return
    _render(listed, len(pruned))


def listed_instances(registry: Path | None = None) -> list[ListedInstance]:
    """The registered editors whose process lives, most recently started first, each probed on its port."""
    editors = sorted(live_instances(registry), key=lambda e: e.started_unix, reverse=True)
    listed = []
    for editor in editors:
        game = find_runtime(editor, registry)
        games = tuple(ListedGame(g, _answers(g.runtime_port)) for g in live_games(editor, registry))
        answering = _answers(editor.editor_port)
        game_answering = game is not None and _answers(game.port)
        listed.append(ListedInstance(editor, answering, game, game_answering, games))
    return listed


def _answers(port: int) -> bool:
    """Something accepts connections on ``port`` of the loopback address."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=_PROBE_TIMEOUT_S):
            return True
    except OSError:
        return False


def _render(listed: list[ListedInstance], pruned: int) -> None:
    console = Console(highlight=False)
    if pruned:
        console.print(f"[dim]removed {pruned} registry files of editors or games that are gone[/]")
    if not listed:
        console.print(f"No live Godot editor is registered in {escape(str(registry_dir()))}.")
        console.print("Open a project with the godot_live_mcp addon enabled, or run `godot-live-mcp serve`.")
        return
    table = Table(title_justify="left", title="Live Godot editors")
    for column in ("project", "editor", "pid", "Godot", "addon", "mode", "since", "game"):
        table.add_column(column, overflow="fold")
    for item in listed:
        editor = item.editor
        table.add_row(
            f"{escape(editor.project_name)}\n[dim]{escape(str(editor.project_path))}[/]",
            _port(editor.editor_port, item.answering),
            str(editor.pid),
            escape(editor.godot_version),
            escape(editor.plugin_version),
            _mode(editor),
            _since(editor.started_unix),
            _games(item),
        )
    console.print(table)


def _games(item: ListedInstance) -> str:
    """The project's live games by id; the one this editor launched first, the others dimmed."""
    if not item.games:
        return "-"
    lines = []
    for listed in sorted(item.games, key=lambda g: g.game.launcher_pid != item.editor.pid):
        game = listed.game
        line = f"{_port(game.runtime_port, listed.answering)} pid {game.pid}"
        line += f"\n[dim]id {escape(game.game_id)}[/]" if game.game_id else ""
        lines.append(line if game.launcher_pid in (item.editor.pid, 0) else f"[dim]{line}[/]")
    return "\n".join(lines)


def _mode(editor: EditorInstance) -> str:
    """Headless or window, then who owns it: a serving server's pid, or until when it lingers."""
    mode = "headless" if editor.headless else "window"
    if editor.linger_deadline_unix > 0:
        until = datetime.fromtimestamp(editor.linger_deadline_unix).astimezone()
        return f"{mode}\n[yellow]lingering until {until:%H:%M}[/]"
    if editor.owner_pid is not None:
        kept = f", stays {editor.linger_s / 60:g} min" if editor.lingers else ""
        return f"{mode}\n[dim]launched by pid {editor.owner_pid}{kept}[/]"
    return mode


def _port(port: int, answering: bool) -> str:
    return f"[green]{port}[/]" if answering else f"[red]{port} (not answering)[/]"


def _since(started_unix: float) -> str:
    started = datetime.fromtimestamp(started_unix).astimezone()
    return f"{started:%Y-%m-%d %H:%M}\n[dim]{_age(time.time() - started_unix)} ago[/]"


def _age(seconds: float) -> str:
    minutes = int(max(seconds, 0) // 60)
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours < 48 else f"{hours // 24} days"
