"""Typed views of the registry records a live editor (and the game it runs) publish, and the endpoint
either one is reached at."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

REGISTRY_SCHEMA = 1

PeerRole = Literal["editor", "game"]
_PEER_NAMES: dict[PeerRole, str] = {"editor": "the Godot editor", "game": "the game"}


class MalformedEntryError(ValueError):
    """A registry record is not the shape the addon writes."""


@dataclass(frozen=True)
class Endpoint:
    """Where a peer listens and how to authenticate to it: an editor, or the game it runs (both speak
    the same wire protocol, so one client reaches either)."""

    role: PeerRole
    project_name: str
    project_path: Path
    port: int
    pid: int
    token_path: Path

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def peer_name(self) -> str:
        """``the Godot editor`` or ``the game``, for messages."""
        return _PEER_NAMES[self.role]

    def describe(self) -> str:
        whose = "" if self.role == "editor" else "the game of "
        return f"{whose}{self.project_name} ({self.project_path}, pid {self.pid}, port {self.port})"


@dataclass(frozen=True)
class RuntimeInstance:
    """A running game's runtime channel, as published in ``<hash>.runtime.<game id>.json``. Its id is
    ``<launcher pid>-<game pid>``: the editor (or other launcher) that started it, and its run; ``""``
    from an addon older than the keyed entries (one game per project)."""

    project_hash: str
    runtime_port: int
    pid: int
    token_path: Path
    started_unix: float
    game_id: str = ""
    launcher_pid: int = 0

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> RuntimeInstance:
        _check_schema(data)
        return cls(
            project_hash=_str(data, "project_hash"),
            runtime_port=_int(data, "runtime_port"),
            pid=_int(data, "pid"),
            token_path=Path(_str(data, "token_path")),
            started_unix=_float(data, "started_unix"),
            game_id=str(data.get("game_id") or ""),
            launcher_pid=_optional_int(data, "launcher_pid") or 0,
        )


@dataclass(frozen=True)
class EditorInstance:
    """A live editor's registry entry: where it listens and how to authenticate."""

    project_hash: str
    project_path: Path
    project_name: str
    editor_port: int
    pid: int
    godot_version: str
    plugin_version: str
    protocol_version: int
    token_path: Path
    headless: bool
    started_unix: float
    runtime: RuntimeInstance | None = None
    lsp_port: int | None = None  # the GDScript language server; None: an older addon, or not published
    dap_port: int | None = None
    owner_pid: int | None = None  # the server that launched it; None: a person started it
    linger_s: float = 0.0  # how long it stays after its server is gone (serve --linger), without clients
    linger_deadline_unix: float = 0.0  # when it quits unless a client connects; 0: not lingering now

    @property
    def lingers(self) -> bool:
        """Launched by a server to stay for the next session: any server may adopt it."""
        return self.linger_s > 0

    @property
    def url(self) -> str:
        return self.endpoint.url

    @property
    def endpoint(self) -> Endpoint:
        """Where this editor listens."""
        return Endpoint(
            "editor", self.project_name, self.project_path, self.editor_port, self.pid, self.token_path
        )

    def describe(self) -> str:
        return self.endpoint.describe()

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> EditorInstance:
        """Parse one entry; raises ``MalformedEntryError`` naming the first bad field."""
        _check_schema(data)
        runtime = data.get("runtime")
        return cls(
            project_hash=_str(data, "project_hash"),
            project_path=Path(_str(data, "project_path")),
            project_name=_str(data, "project_name"),
            editor_port=_int(data, "editor_port"),
            pid=_int(data, "pid"),
            godot_version=_str(data, "godot_version"),
            plugin_version=_str(data, "plugin_version"),
            protocol_version=_int(data, "protocol_version"),
            token_path=Path(_str(data, "token_path")),
            headless=_bool(data, "headless"),
            started_unix=_float(data, "started_unix"),
            runtime=RuntimeInstance.from_json(runtime) if isinstance(runtime, Mapping) else None,
            lsp_port=_optional_int(data, "lsp_port"),
            dap_port=_optional_int(data, "dap_port"),
            owner_pid=_optional_int(data, "owner_pid"),
            linger_s=_optional_float(data, "linger_s"),
            linger_deadline_unix=_optional_float(data, "linger_deadline_unix"),
        )


def _check_schema(data: Mapping[str, object]) -> None:
    if data.get("schema") not in (None, REGISTRY_SCHEMA):
        raise MalformedEntryError(f"unsupported registry schema {data.get('schema')!r}")


def _field(data: Mapping[str, object], key: str) -> object:
    if key not in data:
        raise MalformedEntryError(f"missing field {key!r}")
    return data[key]


def _str(data: Mapping[str, object], key: str) -> str:
    value = _field(data, key)
    if not isinstance(value, str):
        raise MalformedEntryError(f"field {key!r} is not a string")
    return value


def _int(data: Mapping[str, object], key: str) -> int:
    value = _field(data, key)
    # GDScript's JSON writes every number as a float; a whole float is a valid int here.
    if isinstance(value, bool) or not isinstance(value, int | float) or int(value) != value:
        raise MalformedEntryError(f"field {key!r} is not an integer")
    return int(value)


def _optional_int(data: Mapping[str, object], key: str) -> int | None:
    return _int(data, key) if data.get(key) is not None else None


def _optional_float(data: Mapping[str, object], key: str) -> float:
    return _float(data, key) if data.get(key) is not None else 0.0


def _float(data: Mapping[str, object], key: str) -> float:
    value = _field(data, key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MalformedEntryError(f"field {key!r} is not a number")
    return float(value)


def _bool(data: Mapping[str, object], key: str) -> bool:
    value = _field(data, key)
    if not isinstance(value, bool):
        raise MalformedEntryError(f"field {key!r} is not a boolean")
    return value
