"""Reading the machine-wide instance registry the addon writes, and choosing an editor from it."""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

import anyio

from godot_live_mcp.instances._process import pid_alive
from godot_live_mcp.instances.instance import EditorInstance, MalformedEntryError, RuntimeInstance
from godot_live_mcp.instances.registry_dir import registry_dir
from godot_live_mcp.regular_files import read_regular_text

logger = logging.getLogger(__name__)

PROJECTS_FILE = "projects.json"
ENTRIES_DIR = "entries"
TOKENS_DIR = "tokens"
_GAME_MARK = ".runtime."  # entries/<hash>.runtime.<game id>.json; <hash>.runtime.json from older addons
# A token file without an entry may belong to an instance that is still starting.
_ORPHAN_TOKEN_AGE_S = 60.0


def read_instances(registry: Path | None = None) -> list[EditorInstance]:
    """Every well-formed editor entry: ``projects.json``, or the entry files when it is unreadable."""
    root = registry or registry_dir()
    from_index = _read_projects_file(root / PROJECTS_FILE)
    return from_index if from_index is not None else _read_entry_files(root / ENTRIES_DIR)


def read_games(project_hash: str, registry: Path | None = None) -> list[RuntimeInstance]:
    """The games of a project, from their own entry files: written when a game's runtime server listens,
    before any rebuild of ``projects.json`` (the files ``game.start`` waits for, so a caller never sees
    them late). Live or not: the caller checks the process."""
    entries = (registry or registry_dir()) / ENTRIES_DIR
    try:
        paths = sorted(entries.glob(f"{project_hash}{_GAME_MARK}*json"))
    except OSError:
        return []
    return _parse_all(RuntimeInstance.from_json, _json_files(paths))


def _is_game_entry(path: Path) -> bool:
    return _GAME_MARK in path.name or path.name.endswith(".runtime.json")


def _json_files(paths: Iterable[Path]) -> Iterable[tuple[Path, dict[str, object]]]:
    for path in paths:
        data = _read_json(path)
        if isinstance(data, dict):
            yield path, data


def live_instances(registry: Path | None = None) -> list[EditorInstance]:
    """The entries whose editor process is still running."""
    return [instance for instance in read_instances(registry) if pid_alive(instance.pid)]


def choose_instance(
    instances: Iterable[EditorInstance], project: Path | None, *, prefer_pid: int | None = None
) -> EditorInstance | None:
    """The editor of ``project`` when one is asked for, else the only one; of several, the one with
    ``prefer_pid`` (an editor the caller launched), else the most recently started."""
    candidates = list(instances)
    if project is not None:
        wanted = same_path_key(project)
        candidates = [i for i in candidates if same_path_key(i.project_path) == wanted]
    preferred = [i for i in candidates if i.pid == prefer_pid]
    if not candidates:
        return None
    return preferred[0] if preferred else max(candidates, key=lambda instance: instance.started_unix)


def why_chosen(
    chosen: EditorInstance, instances: Iterable[EditorInstance], prefer_pid: int | None = None
) -> str:
    """Why ``chosen`` was picked among the live editors of its project; ``""`` when it was the only one."""
    same = [i for i in instances if same_path_key(i.project_path) == same_path_key(chosen.project_path)]
    if len(same) < 2:
        return ""
    others = ", ".join(str(i.pid) for i in same if i.pid != chosen.pid)
    reason = "the one this server launched" if chosen.pid == prefer_pid else "the most recently started"
    return (
        f"{len(same)} editors have {chosen.project_path} open: using pid {chosen.pid}, {reason} "
        f"(not pid {others})"
    )


def find_instance(
    project: Path | None = None, registry: Path | None = None, *, prefer_pid: int | None = None
) -> EditorInstance | None:
    """The live editor to serve: see ``choose_instance``; says why when the project is open twice."""
    live = live_instances(registry)
    chosen = choose_instance(live, project, prefer_pid=prefer_pid)
    reason = why_chosen(chosen, live, prefer_pid) if chosen is not None else ""
    if reason and reason != _last_reason.get(chosen.project_hash if chosen else ""):
        logger.info("%s", reason)
    if chosen is not None:
        _last_reason[chosen.project_hash] = reason
    return chosen


# The last choice told, per project: said once, not at every reconnection.
_last_reason: dict[str, str] = {}


async def wait_for_instance(
    project: Path,
    pid: int | None,
    deadline: float,
    registry: Path | None = None,
    *,
    keep_waiting: Callable[[], bool] = lambda: True,
    poll_interval_s: float = 0.1,
) -> EditorInstance | None:
    """Watch the entry files until the editor of ``project`` (with ``pid`` when given) publishes itself.

    ``deadline`` is on the ``time.monotonic()`` clock. Returns ``None`` when it passes or when
    ``keep_waiting()`` turns false (for example because the launched process exited).
    """
    entries = (registry or registry_dir()) / ENTRIES_DIR
    wanted = same_path_key(project)
    while True:
        for instance in _read_entry_files(entries):
            if same_path_key(instance.project_path) == wanted and pid in (None, instance.pid):
                return instance
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not keep_waiting():
            return None
        await anyio.sleep(min(poll_interval_s, remaining))


def prune_dead_entries(registry: Path | None = None, *, settled: Iterable[str] = ()) -> list[Path]:
    """Remove the entries of editors and games whose process is gone, with their token files, and token
    files without an entry that are over a minute old (or at once for the ``settled`` project hashes,
    whose editor and game the caller has just stopped); the files removed.

    Only files inside the registry's ``entries`` and ``tokens`` folders are ever removed, whatever an
    entry names. ``projects.json`` is left to the addon, which rebuilds it from the entries.
    """
    root = registry or registry_dir()
    removed: list[Path] = []
    for entry in _files(root / ENTRIES_DIR, "*.json"):
        pid = _entry_pid(entry)
        if pid is not None and not pid_alive(pid):
            removed += _remove(entry, root / TOKENS_DIR / (entry.name.removesuffix(".json") + ".token"))
    live_stems = {entry.name.removesuffix(".json") for entry in _files(root / ENTRIES_DIR, "*.json")}
    done = set(settled)
    for token in _files(root / TOKENS_DIR, "*.token"):
        stem = token.name.removesuffix(".token")
        if stem in live_stems:
            continue
        if stem.split(".", 1)[0] in done or _age_s(token) > _ORPHAN_TOKEN_AGE_S:
            removed += _remove(token)
    if removed:
        logger.info("pruned %d registry files of instances that are gone", len(removed))
    return removed


def _files(folder: Path, pattern: str) -> list[Path]:
    try:
        return sorted(path for path in folder.glob(pattern) if path.is_file() and not path.is_symlink())
    except OSError:
        return []


def _entry_pid(path: Path) -> int | None:
    data = _read_json(path)
    pid = data.get("pid") if isinstance(data, dict) else None
    if isinstance(pid, bool) or not isinstance(pid, int | float) or int(pid) != pid or pid <= 0:
        return None
    return int(pid)


def _age_s(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0


def _remove(*paths: Path) -> list[Path]:
    removed = []
    for path in paths:
        try:
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def same_path_key(path: Path) -> str:
    """A comparison key for project folders: absolute, symlinks resolved, case folded where the OS does."""
    return os.path.normcase(str(Path(path).expanduser().resolve()))


def _read_json(path: Path) -> object:
    try:
        return json.loads(read_regular_text(path, inside=path.parent))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        logger.debug("unreadable registry file %s: %s", path, error)
        return None


def _read_projects_file(path: Path) -> list[EditorInstance] | None:
    data = _read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("projects"), dict):
        return None
    records = [
        (path, {"project_hash": project_hash, **raw})
        for project_hash, raw in data["projects"].items()
        if isinstance(raw, dict)
    ]
    return _parse_all(EditorInstance.from_json, records)


def _read_entry_files(entries: Path) -> list[EditorInstance]:
    try:
        files = sorted(entries.glob("*.json"))
    except OSError:
        return []
    records = list(_json_files(files))
    runtimes = _parse_all(RuntimeInstance.from_json, [rec for rec in records if _is_game_entry(rec[0])])
    editors = _parse_all(EditorInstance.from_json, [rec for rec in records if not _is_game_entry(rec[0])])
    return [_with_runtime(editor, runtimes) for editor in editors]


def _with_runtime(editor: EditorInstance, runtimes: list[RuntimeInstance]) -> EditorInstance:
    """The editor with the newest game it launched (any game of its project from an older addon)."""
    own = [
        game
        for game in runtimes
        if game.project_hash == editor.project_hash and game.launcher_pid in (editor.pid, 0)
    ]
    if not own or editor.runtime is not None:
        return editor
    return replace(editor, runtime=max(own, key=lambda game: game.started_unix))


_Record = TypeVar("_Record")


def _parse_all(
    parse: Callable[[dict[str, object]], _Record], records: Iterable[tuple[Path, dict[str, object]]]
) -> list[_Record]:
    """Each record parsed; a malformed one is skipped (and logged with the file it came from)."""
    parsed = []
    for origin, data in records:
        try:
            parsed.append(parse(data))
        except MalformedEntryError as error:
            logger.debug("skipping registry record in %s: %s", origin, error)
    return parsed
