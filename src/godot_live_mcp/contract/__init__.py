"""Facts shared with the addon, read from the addon's own ``contract.json`` and never retyped here, and
the error hierarchy whose codes that file lists."""

from godot_live_mcp.contract._data import ADDON_ROOT, CONTRACT, Contract, GroupFacts, addon_source_dir
from godot_live_mcp.contract._errors import (
    ActionableError,
    ErrorCode,
    SetupError,
    ToolError,
    default_hint,
    is_known_code,
)

__all__ = [
    "ADDON_ROOT",
    "CONTRACT",
    "ActionableError",
    "Contract",
    "ErrorCode",
    "GroupFacts",
    "SetupError",
    "ToolError",
    "addon_source_dir",
    "default_hint",
    "is_known_code",
]
