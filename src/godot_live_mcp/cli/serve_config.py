"""The project's settings for ``godot-live-mcp serve``: ``<project>/.godot-live-mcp/config.toml`` (TOML).

Its ``[serve]`` table takes these keys; a command-line flag wins over the file, the file over the default:

    [serve]
    tools = "core"    # the start-up tool list: "core", "all", or group names ("core,scene,node" or a list)
    max_tools = 80    # the most tools listed at once, however many groups are loaded (at least 2)
    allow_execute = false  # true: offer editor_execute and execute_code, which run arbitrary code
    sandbox = true    # false: run the editor, its games and test runs unconfined (docs/security.md)
    linger = 0        # minutes the launched editor stays for the next session, without clients

A key the server does not know, or a value of the wrong type, is an error naming the file and the key.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from godot_live_mcp.contract import CONTRACT, SetupError
from godot_live_mcp.regular_files import CONFIG_CAP, read_regular_text

CONFIG_FILE = Path(".godot-live-mcp") / "config.toml"
SECTION = "serve"
MIN_MAX_TOOLS = 2
_KEYS = ("tools", "max_tools", "allow_execute", "sandbox", "linger")


@dataclass(frozen=True)
class ServeConfig:
    """The ``[serve]`` values of a project's file; None where the file says nothing."""

    tools: str | None = None
    max_tools: int | None = None
    allow_execute: bool | None = None
    sandbox: bool | None = None
    linger: float | None = None


def config_path(project: Path) -> Path:
    return project / CONFIG_FILE


def load_serve_config(project: Path | None) -> ServeConfig:
    """The ``[serve]`` table of ``project``'s config file (empty without a project or a file).

    Raises ``SetupError`` for a file that is not TOML, an unknown key or a wrongly typed value.
    """
    path = config_path(project) if project is not None else None
    if path is None or not path.is_file():
        return ServeConfig()
    try:
        table = tomllib.loads(read_regular_text(path, inside=project, cap=CONFIG_CAP)).get(SECTION, {})
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise _bad(path, f"is not valid TOML: {error}") from None
    except OSError as error:
        raise _bad(path, f"cannot be read: {error}") from None
    if not isinstance(table, dict):
        raise _bad(path, f"[{SECTION}] must be a table")
    unknown = sorted(set(table) - set(_KEYS))
    if unknown:
        raise _bad(path, f"[{SECTION}] has unknown keys {unknown}; it takes {list(_KEYS)}")
    return ServeConfig(
        tools=_tools(path, table.get("tools")),
        max_tools=_max_tools(path, table.get("max_tools")),
        allow_execute=_flag(path, "allow_execute", table.get("allow_execute")),
        sandbox=_flag(path, "sandbox", table.get("sandbox")),
        linger=_linger(path, table.get("linger")),
    )


def _tools(path: Path, value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return ",".join(value)
    raise _bad(path, 'tools must be "core", "all", or group names (a string or a list of strings)')


def _max_tools(path: Path, value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < MIN_MAX_TOOLS:
        raise _bad(path, f"max_tools must be a whole number of at least {MIN_MAX_TOOLS}")
    return value


def _linger(path: Path, value: Any) -> float | None:
    if value is None:
        return None
    most = CONTRACT.linger_max_minutes
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= most:
        raise _bad(path, f"linger must be a number of minutes from 0 to {most}")
    return float(value)


def _flag(path: Path, key: str, value: Any) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise _bad(path, f"{key} must be true or false")


def _bad(path: Path, problem: str) -> SetupError:
    return SetupError(
        f"{path}: {problem}.", f"Fix or remove {path}; `godot-live-mcp serve --help` lists the flags."
    )
