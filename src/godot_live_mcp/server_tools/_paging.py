"""The one paging of server-run lists, worded and shaped as the editor's (``shared/page_args.gd``,
``contract/pagination.gd``): ``offset`` and ``limit`` in, ``"@page": "<unit> offset"`` out."""

from __future__ import annotations

from collections.abc import Sequence

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import CONTRACT

__all__ = ["page", "page_args"]


def page_args(unit: str, units: str, default: int) -> dict[str, str]:
    """The ``offset`` and ``limit`` fields of a list of ``units``, ``default`` a page."""
    most = CONTRACT.limits["max_page_limit"]
    return {
        "offset": f"integer[0..1000000]=0: Index of the first {unit} to return.",
        "limit": f"integer[1..{most}]={default}: How many {units} to return at most.",
    }


def page(unit: str, items: Sequence[JsonValue], arguments: JsonObject, default: int) -> JsonObject:
    """The page of ``items`` the arguments pick, under ``unit``, with ``Pagination.build``'s fields."""
    offset, limit = _whole(arguments, "offset", 0), max(_whole(arguments, "limit", default), 1)
    start = min(max(offset, 0), len(items))
    shown = list(items[start : start + limit])
    after = start + len(shown)
    result: JsonObject = {unit: shown, "has_more": after < len(items), f"total_{unit}": len(items)}
    result["returned"] = len(shown)
    if after < len(items):
        result["next_offset"] = after
        result["hint"] = (
            f"More {unit} remain ({len(items)} in all); call again with offset = {after} "
            "until has_more is false."
        )
    return result


def _whole(arguments: JsonObject, key: str, default: int) -> int:
    value = arguments.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default
