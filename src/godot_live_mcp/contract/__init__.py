"""Facts shared with the addon: read from the addon's own ``contract.json``, never retyped here."""

from godot_live_mcp.contract._data import ADDON_ROOT, CONTRACT, addon_source_dir
from godot_live_mcp.contract._errors import ErrorCode, ToolError, default_hint, is_known_code

__all__ = [
    "ADDON_ROOT",
    "CONTRACT",
    "ErrorCode",
    "ToolError",
    "addon_source_dir",
    "default_hint",
    "is_known_code",
]
