"""Loads ``contract.json`` from the bundled addon: the single source of the shared facts."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

ADDON_ROOT = "addons/godot_live_mcp"


def addon_source_dir() -> Path:
    """The folder of the bundled addon (``.../addon/addons/godot_live_mcp``)."""
    return Path(str(resources.files("godot_live_mcp") / "addon" / ADDON_ROOT))


@dataclass(frozen=True)
class Contract:
    """Typed view of ``contract.json``."""

    protocol_version: int
    error_codes: dict[str, dict[str, str]]
    param_hints: dict[str, str]
    coercion_tags: tuple[str, ...]
    reserved_namespaces: tuple[str, ...]
    limits: dict[str, int]
    timeouts_ms: dict[str, int]
    ports: dict[str, tuple[int, int]]

    def answer_wait_s(self, timeout_ms: int) -> float:
        """The wait (s) for an answer the addon owes within ``timeout_ms``: that plus the transport margin."""
        return (timeout_ms + self.timeouts_ms["transport_margin"]) / 1000


def load_contract() -> Contract:
    raw: dict[str, Any] = json.loads((addon_source_dir() / "contract" / "contract.json").read_text("utf-8"))
    return Contract(
        protocol_version=int(raw["protocol_version"]),
        error_codes=dict(raw["error_codes"]),
        param_hints=dict(raw["param_hints"]),
        coercion_tags=tuple(raw["coercion_tags"]),
        reserved_namespaces=tuple(raw["reserved_namespaces"]),
        limits={k: int(v) for k, v in raw["limits"].items()},
        timeouts_ms={k: int(v) for k, v in raw["timeouts_ms"].items()},
        ports={k: (int(v[0]), int(v[1])) for k, v in raw["ports"].items()},
    )


CONTRACT = load_contract()
