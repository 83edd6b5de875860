"""Talking to Godot: JSON-RPC framing, the auth handshake, the editor connection and the link keeping
it, and the link to the game that editor runs."""

from godot_live_mcp.bridge._auth import EditorIdentity
from godot_live_mcp.bridge.catalog import (
    Catalog,
    CommandAnnotations,
    CommandGroup,
    CommandSpec,
    parse_catalog,
)
from godot_live_mcp.bridge.editor_connection import EditorConnection, connect_editor
from godot_live_mcp.bridge.editor_link import Backoff, CatalogListener, EditorLink
from godot_live_mcp.bridge.jsonrpc import (
    ErrorResponse,
    MalformedFrameError,
    Notification,
    Response,
    parse_message,
)
from godot_live_mcp.bridge.queue_events import QueueEvent, QueueListener, listening_to_queue
from godot_live_mcp.bridge.runtime_link import RuntimeLink

__all__ = [
    "Backoff",
    "Catalog",
    "CatalogListener",
    "CommandAnnotations",
    "CommandGroup",
    "CommandSpec",
    "EditorConnection",
    "EditorIdentity",
    "EditorLink",
    "ErrorResponse",
    "MalformedFrameError",
    "Notification",
    "QueueEvent",
    "QueueListener",
    "Response",
    "RuntimeLink",
    "connect_editor",
    "listening_to_queue",
    "parse_catalog",
    "parse_message",
]
