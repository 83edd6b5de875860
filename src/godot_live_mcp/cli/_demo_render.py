"""Short, readable renderings of the demo's tool results (the full result is JSON in the tool's text)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import mcp_types as types

Renderer = Callable[[Mapping[str, Any]], str]


def render_result(tool: str, result: types.CallToolResult) -> str:
    """A few lines for ``result``: a tool-specific summary when it has the expected shape, else JSON."""
    data = result.structured_content
    if result.is_error or not isinstance(data, Mapping):
        return _text(result)
    renderer = _RENDERERS.get(tool)
    try:
        return renderer(data) if renderer else _json(data)
    except (KeyError, TypeError, ValueError, AttributeError):
        return _json(data)


def render_tools(tools: list[types.Tool]) -> str:
    """How many tools, how many read-only, and the domains they come in."""
    read_only = sum(1 for tool in tools if tool.annotations and tool.annotations.read_only_hint)
    domains: dict[str, int] = {}
    for tool in tools:
        domain = tool.name.split("_", 1)[0]
        domains[domain] = domains.get(domain, 0) + 1
    listing = ", ".join(f"{domain} {count}" for domain, count in sorted(domains.items()))
    return f"{len(tools)} tools ({read_only} read-only): {listing}"


def _editor_info(data: Mapping[str, Any]) -> str:
    scenes = ", ".join(data.get("open_scenes", [])) or "none"
    mode = "headless" if data.get("headless") else "with a display"
    return (
        f"Godot {data['godot_version']} ({mode}), addon {data.get('plugin_version', '?')}\n"
        f"project {data['project_name']} at {data.get('project_path', '?')}\nopen scenes: {scenes}"
    )


def _scene_tree(data: Mapping[str, Any]) -> str:
    lines = []
    for node in data["nodes"]:
        script = f"  [{node['script']}]" if node.get("script") else ""
        lines.append(f"{'  ' * int(node.get('depth', 0))}{node['name']} ({node['type']}){script}")
    more = f"\n... {data['total_nodes'] - data['returned']} more" if data.get("has_more") else ""
    return "\n".join(lines) + more


def _class_info(data: Mapping[str, Any]) -> str:
    chain = " > ".join([data["class_name"], *data.get("inherits", [])])
    counts = ", ".join(f"{len(data.get(key, []))} {key}" for key in ("methods", "properties", "signals"))
    return f"{chain}\n{counts}"


def _project_info(data: Mapping[str, Any]) -> str:
    autoloads = ", ".join(item["name"] for item in data.get("autoloads", [])) or "none"
    return f"{data['name']}: main scene {data.get('main_scene', '?')}, autoloads: {autoloads}"


def _node(data: Mapping[str, Any]) -> str:
    # node_get and runtime_get_node list the same property rows ({name, type, value}).
    rows = data.get("properties", [])
    properties = ", ".join(f"{row['name']} = {_value(row.get('value'))}" for row in rows)
    return f"{data['node_path']} ({data['type']}): {properties}"


def _created(data: Mapping[str, Any]) -> str:
    return f"{data['status']} {data['node_path']} ({data['type']}) in {data['scene']}"


def _undone(data: Mapping[str, Any]) -> str:
    return f"undid '{data['action']}' in {data.get('scene') or 'the global history'}"


def _game(data: Mapping[str, Any]) -> str:
    game = data.get("game") or {}
    return f"running: {data.get('running')} (pid {game.get('pid', '-')})"


def _input(data: Mapping[str, Any]) -> str:
    return f"{data['sent']} (seen from game frame {data['seen_from_frame']})"


def _paused(data: Mapping[str, Any]) -> str:
    return f"paused: {data['paused']} at game frame {data['game_frame']}"


def _stopped(data: Mapping[str, Any]) -> str:
    last = data.get("last_run") or {}
    return f"running: {data['running']} (last run {last.get('ended', '?')})"


def _stepped(data: Mapping[str, Any]) -> str:
    return f"{data['frames_stepped']} physics frames, now at game frame {data['game_frame']} (paused)"


def _value(value: Any) -> str:
    if isinstance(value, Mapping) and value.get("type") == "Vector2":
        return f"({value['x']:g}, {value['y']:g})"
    return json.dumps(value, ensure_ascii=False)


def _json(data: Mapping[str, Any], limit: int = 600) -> str:
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return text if len(text) <= limit else text[:limit] + " ..."


def _text(result: types.CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if isinstance(block, types.TextContent))


_RENDERERS: dict[str, Renderer] = {
    "editor_get_info": _editor_info,
    "scene_get_tree": _scene_tree,
    "classdb_get_class": _class_info,
    "project_get_info": _project_info,
    "node_create": _created,
    "node_get": _node,
    "runtime_get_node": _node,
    "editor_undo": _undone,
    "game_start": _game,
    "runtime_step": _stepped,
    "runtime_pause": _paused,
    "input_action_press": _input,
    "input_action_release": _input,
    "game_stop": _stopped,
}
