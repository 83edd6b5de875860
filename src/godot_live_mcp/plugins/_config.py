"""Which plugins a project enables (``<project>/.godot-live-mcp/plugins.toml``), and what the server last
reported about them (``plugins.status.json`` beside it), which ``godot-live-mcp plugins list`` reads.

The file holds one key, the plugin ids in install order::

    enabled = ["scene_stats"]
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import SetupError
from godot_live_mcp.regular_files import CONFIG_CAP, read_regular_text, replace_text

__all__ = [
    "ENABLED_FILE",
    "STATUS_FILE",
    "enabled_stamp",
    "read_enabled",
    "read_status",
    "write_enabled",
    "write_status",
]

ENABLED_FILE = Path(".godot-live-mcp") / "plugins.toml"
STATUS_FILE = Path(".godot-live-mcp") / "plugins.status.json"
_HEADER = (
    "# Python plugins this project's godot-live-mcp server installs, in this order.\n"
    "# Edit with `godot-live-mcp plugins enable|disable NAME`; a running server follows the change.\n"
)


def read_enabled(project: Path) -> list[str]:
    """The enabled plugin ids of ``project`` (none without the file). Raises ``SetupError`` for a file
    that is not TOML or whose ``enabled`` is not a list of names."""
    path = project / ENABLED_FILE
    if not path.is_file():
        return []
    try:
        data = tomllib.loads(read_regular_text(path, inside=project, cap=CONFIG_CAP))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise _bad(path, f"is not valid TOML: {error}") from None
    except OSError as error:
        raise _bad(path, f"cannot be read: {error}") from None
    unknown = sorted(set(data) - {"enabled"})
    enabled = data.get("enabled", [])
    if unknown:
        raise _bad(path, f"has unknown keys {unknown}; it takes only 'enabled'")
    if not isinstance(enabled, list) or not all(isinstance(name, str) for name in enabled):
        raise _bad(path, "'enabled' must be a list of plugin ids")
    return list(dict.fromkeys(enabled))


def write_enabled(project: Path, enabled: list[str]) -> Path:
    """Write the enabled ids (atomically: a running server never reads half a file); the file's path."""
    path = project / ENABLED_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_text(path, _HEADER + f"enabled = {json.dumps(list(dict.fromkeys(enabled)))}\n")
    return path


def enabled_stamp(project: Path) -> int | None:
    """A value that changes whenever the file does (None without it)."""
    try:
        return (project / ENABLED_FILE).stat().st_mtime_ns
    except OSError:
        return None


def read_status(project: Path) -> JsonObject | None:
    """What a server last wrote about the project's plugins, or None (no server, or an unreadable file)."""
    try:
        data = json.loads(read_regular_text(project / STATUS_FILE, inside=project, cap=CONFIG_CAP))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def write_status(project: Path, status: JsonObject) -> None:
    """Best effort: a folder we cannot write only costs ``plugins list`` its server report."""
    path = project / STATUS_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_text(path, json.dumps(status, indent=1, sort_keys=True) + "\n")
    except OSError:
        pass


def _bad(path: Path, problem: str) -> SetupError:
    return SetupError(
        f"{path}: {problem}.", "Fix it by hand, or rewrite it with `godot-live-mcp plugins enable|disable`."
    )
