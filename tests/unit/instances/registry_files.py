"""Writing registry records the way the addon does, for registry and launcher tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def entry(project: Path, *, pid: int | None = None, started: float = 1000.0, **extra: Any) -> dict[str, Any]:
    project_hash = extra.pop("project_hash", f"{abs(hash(str(project))) % 16**12:012x}")
    return {
        "schema": 1,
        "project_hash": project_hash,
        "project_path": str(project),
        "project_name": project.name,
        "editor_port": 6550,
        "pid": os.getpid() if pid is None else pid,
        "godot_version": "4.6.3",
        "plugin_version": "0.1.0",
        "protocol_version": 1,
        "token_path": str(project / "t.token"),
        "headless": True,
        "started_unix": started,
        **extra,
    }


def write_entry(registry: Path, record: dict[str, Any], suffix: str = "") -> Path:
    path = registry / "entries" / f"{record['project_hash']}{suffix}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record), "utf-8")
    return path


def write_projects(registry: Path, records: list[dict[str, Any]]) -> None:
    projects = {record["project_hash"]: {**record, "runtime": None} for record in records}
    registry.mkdir(parents=True, exist_ok=True)
    payload = {"schema": 1, "updated_unix": 1.0, "projects": projects}
    (registry / "projects.json").write_text(json.dumps(payload), "utf-8")


def dead_pid() -> int:
    """The pid of a process that has exited and been reaped."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid
