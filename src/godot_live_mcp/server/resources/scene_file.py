"""The node tree of a text scene file (``.tscn``), read from its ``[node]`` and ``[ext_resource]`` headers.

Used by ``godot://scene/{path}`` for scenes that are not open: no editor command reads an unopened
scene's tree, so the server reads the file through the editor (``file.read``) and parses it here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from godot_live_mcp.bridge.jsonrpc import JsonObject

_SECTION = re.compile(r"^\[(\w+)(.*)\]\s*$")
_FIELD = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|\[[^\]]*\]|\w+\([^)]*\)|[^\s\]]+)')
_RESOURCE_ID = re.compile(r'^\w+\(\s*"((?:[^"\\]|\\.)*)"\s*\)$')
_SCRIPT_LINE = re.compile(r"^script\s*=\s*(\w+\([^)]*\))\s*$")
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


class SceneFormatError(ValueError):
    """The text is not a Godot text scene."""


@dataclass
class SceneNode:
    name: str
    parent: str | None
    type: str = ""
    instance: str = ""
    script: str = ""
    groups: list[str] = field(default_factory=list)

    @property
    def path(self) -> str:
        if self.parent is None:
            return "."
        return self.name if self.parent == "." else f"{self.parent}/{self.name}"

    def to_json(self) -> JsonObject:
        row: JsonObject = {"path": self.path, "name": self.name, "type": self.type}
        row["depth"] = 0 if self.parent is None else self.path.count("/") + 1
        for key, value in (("instance", self.instance), ("script", self.script)):
            if value:
                row[key] = value
        if self.groups:
            row["groups"] = list(self.groups)
        return row


def parse_scene(text: str) -> list[SceneNode]:
    """The nodes of ``text`` in file order (the tree order); raises ``SceneFormatError``."""
    if not text.lstrip().startswith("[gd_scene"):
        raise SceneFormatError("the file does not start with [gd_scene: it is not a text scene")
    resources: dict[str, str] = {}
    nodes: list[SceneNode] = []
    current: SceneNode | None = None
    for line in text.splitlines():
        section = _SECTION.match(line)
        if section:
            current = _section(section.group(1), _fields(section.group(2)), resources, nodes)
        elif current is not None:
            script = _SCRIPT_LINE.match(line.strip())
            if script:
                current.script = _resource_path(script.group(1), resources)
    return nodes


def scene_tree(path: str, text: str) -> JsonObject:
    """What ``godot://scene/{path}`` returns: the scene's nodes as ``scene_get_tree`` lists them."""
    nodes = parse_scene(text)
    root = nodes[0] if nodes else None
    return {
        "scene": path,
        "source": "file",
        "root_type": root.type if root else "",
        "total_nodes": len(nodes),
        "nodes": [node.to_json() for node in nodes],
    }


def _section(
    kind: str, fields: dict[str, str], resources: dict[str, str], nodes: list[SceneNode]
) -> SceneNode | None:
    if kind == "ext_resource":
        resources[_unquote(fields.get("id", ""))] = _unquote(fields.get("path", ""))
        return None
    if kind != "node":
        return None
    node = SceneNode(
        name=_unquote(fields.get("name", "")),
        parent=_unquote(fields["parent"]) if "parent" in fields else None,
        type=_unquote(fields.get("type", "")),
        instance=_resource_path(fields.get("instance", ""), resources),
        groups=_QUOTED.findall(fields.get("groups", "")),
    )
    nodes.append(node)
    return node


def _fields(text: str) -> dict[str, str]:
    return {key: value for key, value in _FIELD.findall(text)}


def _resource_path(value: str, resources: dict[str, str]) -> str:
    reference = _RESOURCE_ID.match(value)
    if reference is None:
        return ""
    return resources.get(reference.group(1), "") if value.startswith("ExtResource") else ""


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return value[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return value
