"""One export run (``godot --headless --export-*``) and what it wrote, then an optional smoke run of
the build: headless, for a bounded number of frames, watching for its main scene and a clean exit."""

from __future__ import annotations

import re
from pathlib import Path

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.export._project_settings import project_setting
from godot_live_mcp.project_tests._process import GodotRun, run_godot
from godot_live_mcp.regular_files import read_regular_head

_HEADER_BYTES = 4096  # a scene's first line: [gd_scene ... uid="uid://..."]

__all__ = ["FileState", "changed_files", "folder_state", "main_scene_stem", "smoke_result", "smoke_run"]

FileState = dict[str, tuple[int, int]]
_UID_HEADER = re.compile(r'uid="(uid://[^"]+)"')
_ERROR = ("ERROR:", "SCRIPT ERROR:")
_SMOKE_TIMEOUT_S = 60.0


def folder_state(folder: Path) -> FileState:
    """Size and modification time of every file under ``folder``."""
    if not folder.is_dir():
        return {}
    state: FileState = {}
    for path in folder.rglob("*"):
        if path.is_file():
            stat = path.stat()
            state[str(path)] = (stat.st_size, stat.st_mtime_ns)
    return state


def changed_files(before: FileState, after: FileState) -> list[JsonValue]:
    """Each file created or changed between the two states, with its size."""
    files: list[JsonValue] = []
    for path, (size, mtime) in sorted(after.items()):
        if before.get(path) != (size, mtime):
            status = "created" if path not in before else "changed"
            files.append({"path": path, "status": status, "bytes": size})
    return files


def main_scene_stem(project: Path) -> str | None:
    """The file stem of the project's main scene (``level`` for res://scenes/level.tscn; a uid:// value
    is looked up in the scenes' headers)."""
    scene = project_setting(project, "application/run/main_scene")
    if not isinstance(scene, str) or not scene:
        return None
    if not scene.startswith("uid://"):
        return Path(scene).stem
    for candidate in project.rglob("*.tscn"):
        try:
            head = read_regular_head(candidate, inside=project, cap=_HEADER_BYTES)
        except OSError:  # a link out, a FIFO: not a scene of this project
            continue
        header = _UID_HEADER.search(head.decode("utf-8", "replace").partition("\n")[0])
        if header and header.group(1) == scene:
            return candidate.stem
    return None


async def smoke_run(command: list[str], cwd: Path, frames: int, project: Path | None = None) -> GodotRun:
    """The build run headless with verbose loading messages for ``frames`` frames."""
    arguments = [*command, "--headless", "--verbose", "--quit-after", str(frames)]
    return await run_godot(arguments, cwd=cwd, timeout_s=_SMOKE_TIMEOUT_S, what="smoke run", project=project)


def smoke_result(run: GodotRun, stem: str | None) -> JsonObject:
    """Whether the build loaded its main scene (exported as ``export-<hash>-<stem>.scn``) and exited with 0
    and no engine errors."""
    loaded = [line for line in run.lines if line.startswith("Loading resource:")]
    reached = stem is not None and any(
        line.endswith((f"-{stem}.scn", f"/{stem}.scn", f"/{stem}.tscn")) for line in loaded
    )
    errors: list[JsonValue] = [line for line in run.lines[:] if line.startswith(_ERROR)]
    del errors[10:]
    return {
        "reached_main_scene": reached,
        "exit_code": run.returncode,
        "clean_exit": run.returncode == 0 and not errors,
        "errors": errors,
        "seconds": round(run.seconds, 2),
    }
