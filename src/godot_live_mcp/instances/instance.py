"""Typed views of the registry records a live editor (and the game it runs) publish."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REGISTRY_SCHEMA = 1


class MalformedEntryError(ValueError):
    """A registry record is not the shape the addon writes."""


@dataclass(frozen=True)
class RuntimeInstance:
    """A running game's runtime channel, as published in ``<hash>.runtime.json``."""

    project_hash: str
    runtime_port: int
    pid: int
    token_path: Path
    started_unix: float

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RuntimeInstance:
        _check_schema(data)
        return cls(
            project_hash=_str(data, "project_hash"),
            runtime_port=_int(data, "runtime_port"),
            pid=_int(data, "pid"),
            token_path=Path(_str(data, "token_path")),
            started_unix=_float(data, "started_unix"),
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

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.editor_port}"

    def describe(self) -> str:
        return f"{self.project_name} ({self.project_path}, pid {self.pid}, port {self.editor_port})"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EditorInstance:
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
        )


def _check_schema(data: Mapping[str, Any]) -> None:
    if data.get("schema") not in (None, REGISTRY_SCHEMA):
        raise MalformedEntryError(f"unsupported registry schema {data.get('schema')!r}")


def _field(data: Mapping[str, Any], key: str) -> object:
    if key not in data:
        raise MalformedEntryError(f"missing field {key!r}")
    return data[key]


def _str(data: Mapping[str, Any], key: str) -> str:
    value = _field(data, key)
    if not isinstance(value, str):
        raise MalformedEntryError(f"field {key!r} is not a string")
    return value


def _int(data: Mapping[str, Any], key: str) -> int:
    value = _field(data, key)
    # GDScript's JSON writes every number as a float; a whole float is a valid int here.
    if isinstance(value, bool) or not isinstance(value, int | float) or int(value) != value:
        raise MalformedEntryError(f"field {key!r} is not an integer")
    return int(value)


def _float(data: Mapping[str, Any], key: str) -> float:
    value = _field(data, key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MalformedEntryError(f"field {key!r} is not a number")
    return float(value)


def _bool(data: Mapping[str, Any], key: str) -> bool:
    value = _field(data, key)
    if not isinstance(value, bool):
        raise MalformedEntryError(f"field {key!r} is not a boolean")
    return value
