"""The ``godot://`` resource URIs: what each names, and the list clients see."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from urllib.parse import unquote

import mcp_types as types

SCHEME = "godot://"
JSON = "application/json"
# Project or game content: its JSON (or text) inside one untrusted-content envelope, so not bare JSON.
MARKED = "text/plain"
MARKED_NOTE = " Project content: JSON inside one untrusted-content envelope."


class ResourceKind(Enum):
    PROJECT_INFO = "project/info"
    COERCION_DOC = "docs/coercion"
    EDITOR_LOG = "log/editor"
    GAME_LOG = "log/game"
    SCENE = "scene/"
    SCRIPT = "script/"
    CLASS = "classdb/"

    @property
    def templated(self) -> bool:
        return self.value.endswith("/")


@dataclass(frozen=True)
class ResourceAddress:
    """A parsed resource URI: its kind and, for templates, the res:// path or class name it names."""

    kind: ResourceKind
    key: str = ""

    @property
    def uri(self) -> str:
        if self.kind.templated:
            shown = self.key.removeprefix("res://")
            return f"{SCHEME}{self.kind.value}{shown}"
        return f"{SCHEME}{self.kind.value}"


class UnknownResourceError(ValueError):
    """The URI names no resource of this server."""


def parse_uri(uri: str) -> ResourceAddress:
    """The address ``uri`` names; raises ``UnknownResourceError``. Paths may be given with or without
    ``res://`` and percent-encoded: ``godot://scene/levels/main.tscn`` is ``res://levels/main.tscn``."""
    if not uri.startswith(SCHEME):
        raise UnknownResourceError(f"{uri!r} is not a godot:// URI.")
    rest = uri[len(SCHEME) :]
    for kind in ResourceKind:
        if not kind.templated and rest == kind.value:
            return ResourceAddress(kind)
        if kind.templated and rest.startswith(kind.value) and len(rest) > len(kind.value):
            key = unquote(rest[len(kind.value) :])
            return ResourceAddress(kind, key if kind is ResourceKind.CLASS else res_path(key))
    raise UnknownResourceError(f"{uri!r} names no resource of this server.")


def res_path(path: str) -> str:
    return "res://" + path.removeprefix("res://").lstrip("/")


FIXED: tuple[types.Resource, ...] = (
    types.Resource(
        uri=f"{SCHEME}{ResourceKind.PROJECT_INFO.value}",
        name="project-info",
        title="Project info",
        description="The project's name, path, main scene, features, autoloads and input actions."
        + MARKED_NOTE,
        mime_type=MARKED,
    ),
    types.Resource(
        uri=f"{SCHEME}{ResourceKind.COERCION_DOC.value}",
        name="coercion",
        title="Value shapes (coercion)",
        description='How Godot values are written as JSON: tagged objects such as {"type": "Vector2", ...}.',
        mime_type="text/markdown",
    ),
    types.Resource(
        uri=f"{SCHEME}{ResourceKind.EDITOR_LOG.value}",
        name="editor-log",
        title="Editor log",
        description="The newest entries of the editor's output log (subscribe to hear of new ones)."
        + MARKED_NOTE,
        mime_type=MARKED,
    ),
    types.Resource(
        uri=f"{SCHEME}{ResourceKind.GAME_LOG.value}",
        name="game-log",
        title="Game log",
        description="The newest entries the running game logged (subscribe to hear of new ones)."
        + MARKED_NOTE,
        mime_type=MARKED,
    ),
)

TEMPLATES: tuple[types.ResourceTemplate, ...] = (
    types.ResourceTemplate(
        uri_template=f"{SCHEME}{ResourceKind.SCENE.value}{{path}}",
        name="scene",
        title="Scene tree",
        description="The nodes a scene file (.tscn or .scn) declares, as saved on disk, open or not; path is "
        "relative to res:// (godot://scene/levels/main.tscn). Subscribe to hear when the file changes."
        + MARKED_NOTE,
        mime_type=MARKED,
    ),
    types.ResourceTemplate(
        uri_template=f"{SCHEME}{ResourceKind.SCRIPT.value}{{path}}",
        name="script",
        title="Script source",
        description="A script's text (path relative to res://), inside one untrusted-content envelope.",
        mime_type=MARKED,
    ),
    types.ResourceTemplate(
        uri_template=f"{SCHEME}{ResourceKind.CLASS.value}{{class}}",
        name="classdb",
        title="Engine class",
        description="An engine class's inheritance, methods, properties and signals (own members).",
        mime_type=JSON,
    ),
)
