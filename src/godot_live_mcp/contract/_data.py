"""Loads ``contract.json`` from the bundled addon: the single source of the shared facts."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

ADDON_ROOT = "addons/godot_live_mcp"


def addon_source_dir() -> Path:
    """The folder of the bundled addon (``.../addon/addons/godot_live_mcp``)."""
    return Path(str(resources.files("godot_live_mcp") / "addon" / ADDON_ROOT))


@dataclass(frozen=True)
class GroupFacts:
    """A built-in tool group: what its tools are for, and words a request for them may use."""

    description: str
    keywords: tuple[str, ...]


@dataclass(frozen=True)
class Contract:
    """Typed view of ``contract.json``; ``contract_data.gd`` reads the same sections in the addon."""

    protocol_version: int
    error_codes: dict[str, dict[str, str]]
    param_hints: dict[str, str]
    coercion_tags: tuple[str, ...]
    reserved_namespaces: tuple[str, ...]
    """Namespaces no extension or plugin may take: every group's name, then
    ``reserved_namespaces_beyond_groups`` (other built-in namespaces, those of the server-run tools
    ``discover_tools`` and ``run_tool``, the server's own). ``contract_data.gd`` derives the same."""
    limits: dict[str, int]
    timeouts_ms: dict[str, int]
    ports: dict[str, tuple[int, int]]
    protocol_methods: dict[str, str]
    jsonrpc_codes: dict[str, int]
    close_codes: dict[str, int]
    read_only_rule: dict[str, bool]
    groups: dict[str, GroupFacts]
    core_tools: tuple[str, ...]
    person_only_files: tuple[str, ...]
    """Project-relative places only a person edits (the server's configuration); the addon refuses tools
    that write, move or delete them (``security/person_only.gd``)."""
    extensions_file: str
    """Where a person's enabled GDScript extensions are kept, relative to the project."""
    helper_env: str
    """The environment variable that marks a Godot the server starts as a helper (an export, an import, a
    test run): the addon then serves nothing and never registers (``instances/helper_process.gd``)."""
    version_fixes: dict[str, str]
    """``install_addon`` (with ``{project}``) and ``upgrade_server``: the commands that fix a version gap."""
    linger_env: str
    """The environment variable that tells an editor ``serve --linger`` launched how long (s) to stay
    without clients once its server is gone (``instances/linger.gd``)."""
    linger_max_minutes: int
    undo_landing_key: str
    """The envelope key by which a command tells where its undo action landed (the server takes it out)."""
    marks: tuple[str, ...] = ()
    """The marks a tool may be declared with (``dispatch/declarations.gd``, ``server_tools/_spec.py``)."""

    def answer_wait_s(self, timeout_ms: int) -> float:
        """The wait (s) for an answer the addon owes within ``timeout_ms``: that plus the transport margin."""
        return (timeout_ms + self.timeouts_ms["transport_margin"]) / 1000

    def clamp_timeout_ms(self, value: object) -> int:
        """A command's deadline as both sides settle it: no positive number means the default, else the
        number held between the floor and the cap."""
        limits = self.timeouts_ms
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            return limits["default"]
        return int(min(max(value, limits["floor"]), limits["cap"]))

    def counts_as_read_only(self, annotations: Mapping[str, bool]) -> bool:
        """Whether a command with these annotation flags is read-only: every flag of the rule has its value
        (read-only together with destructive counts as mutating)."""
        return all(annotations.get(flag, False) == value for flag, value in self.read_only_rule.items())

    def method(self, role: str) -> str:
        """The wire name of a protocol method or notice by its role (``catalog`` is ``mcp.catalog``)."""
        return self.protocol_methods[role]


def load_contract() -> Contract:
    raw: dict[str, Any] = json.loads((addon_source_dir() / "contract" / "contract.json").read_text("utf-8"))
    return Contract(
        protocol_version=int(raw["protocol_version"]),
        error_codes=dict(raw["error_codes"]),
        param_hints=dict(raw["param_hints"]),
        coercion_tags=tuple(raw["coercion_tags"]),
        reserved_namespaces=(*raw["groups"], *raw["reserved_namespaces_beyond_groups"]),
        limits={k: int(v) for k, v in raw["limits"].items()},
        timeouts_ms={k: int(v) for k, v in raw["timeouts_ms"].items()},
        ports={k: (int(v[0]), int(v[1])) for k, v in raw["ports"].items()},
        protocol_methods={k: str(v) for k, v in raw["protocol_methods"].items()},
        jsonrpc_codes={k: int(v) for k, v in raw["jsonrpc_codes"].items()},
        close_codes={k: int(v) for k, v in raw["close_codes"].items()},
        read_only_rule={k: bool(v) for k, v in raw["read_only_rule"].items()},
        groups={
            name: GroupFacts(str(group["description"]), tuple(str(k) for k in group["keywords"]))
            for name, group in raw["groups"].items()
        },
        core_tools=tuple(str(name) for name in raw["core_tools"]),
        person_only_files=tuple(str(path) for path in raw["person_only_files"]["paths"]),
        extensions_file=str(raw["person_only_files"]["extensions_file"]),
        helper_env=str(raw["helper_process"]["env"]),
        version_fixes={k: str(v) for k, v in raw["version_fixes"].items() if k != "meaning"},
        linger_env=str(raw["linger"]["env"]),
        linger_max_minutes=int(raw["linger"]["max_minutes"]),
        undo_landing_key=str(raw["envelope_keys"]["undo_landing"]),
        marks=tuple(str(mark) for mark in raw["marks"]),
    )


CONTRACT = load_contract()
