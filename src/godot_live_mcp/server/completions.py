"""``completion/complete``: values for a person typing a prompt argument or a resource-template parameter.

Scene and script paths, engine class names and the node paths of a scene come from the live editor, one
command a request (a short cache spares the editor while someone types); at most 100 values go back,
prefix matches first, with ``total`` and ``hasMore``. Arguments nothing can complete, unknown prompts and
an editor that is not there answer an empty list: completion only helps typing, it never fails a client.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.reply import CommandFailure
from godot_live_mcp.contract import ToolError

__all__ = ["MAX_VALUES", "Completions"]

logger = logging.getLogger(__name__)

MAX_VALUES = 100  # the protocol's cap on one answer
_LISTED = 2000  # the most entries one editor command is asked for
_FRESH_S = 2.0  # a listing is reused this long: one keystroke after another asks the same
_CALL_TIMEOUT_S = 5.0
_SCENES, _SCRIPTS, _CLASSES, _NODES = "scene", "script", "class", "node"

# (prompt or template, argument) -> what completes it; prompt arguments carry res://, URIs do not.
_PROMPT_ARGUMENTS = {
    ("debug-scene", "scene"): _SCENES,
    ("debug-scene", "node_path"): _NODES,
    ("profile-game", "scene"): _SCENES,
    ("write-test", "path"): _SCRIPTS,
    ("review-script", "path"): _SCRIPTS,
}
_TEMPLATE_PARAMETERS = {
    ("godot://scene/{path}", "path"): _SCENES,
    ("godot://script/{path}", "path"): _SCRIPTS,
    ("godot://classdb/{class}", "class"): _CLASSES,
}
_GLOBS = {_SCENES: "*.*scn", _SCRIPTS: "*.gd"}


@dataclass(frozen=True)
class _Listing:
    values: tuple[str, ...]
    at: float


class Completions:
    """The ``completion/complete`` handler over ``link`` (registered, the SDK declares the
    ``completions`` capability)."""

    def __init__(self, link: EditorLink) -> None:
        self._link = link
        self._listings: dict[tuple[str, str], _Listing] = {}

    async def complete(
        self, ctx: ServerRequestContext[Any], params: types.CompleteRequestParams
    ) -> types.CompleteResult:
        ref = params.ref
        if isinstance(ref, types.PromptReference):
            source, strip = _PROMPT_ARGUMENTS.get((ref.name, params.argument.name)), False
        else:
            source, strip = _TEMPLATE_PARAMETERS.get((ref.uri, params.argument.name)), True
        context = (params.context.arguments if params.context else None) or {}
        values = await self._values(source, context) if source is not None else ()
        if strip:
            values = tuple(value.removeprefix("res://") for value in values)
        return types.CompleteResult(completion=ranked(values, params.argument.value))

    async def _values(self, source: str, context: dict[str, str]) -> tuple[str, ...]:
        scene = context.get("scene", "")
        key = (source, scene if source == _NODES else "")
        cached = self._listings.get(key)
        if cached is not None and time.monotonic() - cached.at < _FRESH_S:
            return cached.values
        try:
            values = await self._ask_editor(source, scene)
        except ToolError as error:  # no editor, no such scene: nothing to offer
            logger.debug("no completions of %s: %s", source, error.message)
            return ()
        self._listings[key] = _Listing(values, time.monotonic())
        return values

    async def _ask_editor(self, source: str, scene: str) -> tuple[str, ...]:
        if source == _CLASSES:
            data = await self._call("classdb.list_classes", {"limit": _LISTED * 5})
            return tuple(str(row["name"]) for row in _rows(data, "classes"))
        if source == _NODES:
            aimed: JsonObject = {"scene": scene} if scene else {}  # else the active scene
            data = await self._call("scene.get_tree", {"detail": "normal", "limit": _LISTED, **aimed})
            return tuple(str(row["path"]) for row in _rows(data, "nodes"))
        listing: JsonObject = {"path": "res://", "glob": _GLOBS[source], "recursive": True, "limit": _LISTED}
        paths = (await self._call("file.list", {**listing, "detail": "brief"})).get("paths")
        found = paths if isinstance(paths, list) else []
        return tuple(f"res://{path}" for path in found if isinstance(path, str))

    async def _call(self, command: str, params: JsonObject) -> JsonObject:
        await self._link.wait_first_attempt(_CALL_TIMEOUT_S)  # a server just started: its editor
        reply = await self._link.call(command, params, _CALL_TIMEOUT_S)
        if isinstance(reply, CommandFailure):
            raise reply.to_error()
        return reply.data


def _rows(data: JsonObject, key: str) -> list[dict[str, Any]]:
    rows = data.get(key)
    return [row for row in rows if isinstance(row, dict)] if isinstance(rows, list) else []


def ranked(values: tuple[str, ...], typed: str) -> types.Completion:
    """The values matching what was typed (case-insensitive), prefix matches first, then those with a
    path segment or word starting with it, then those containing it; capped at ``MAX_VALUES``."""
    needle = typed.lower().removeprefix("res://")

    def rank(value: str) -> int | None:
        plain = value.lower().removeprefix("res://")
        if plain.startswith(needle):
            return 0
        if any(part.startswith(needle) for part in plain.replace(".", "/").split("/")):
            return 1
        return 2 if needle in plain else None

    scored = sorted((score, value) for value in values if (score := rank(value)) is not None)
    matches = [value for _score, value in scored]
    shown = matches[:MAX_VALUES]
    return types.Completion(values=shown, total=len(matches), has_more=len(matches) > len(shown))
