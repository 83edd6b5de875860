"""Talking to Godot: JSON-RPC framing, the auth handshake, the one connection to a peer (an editor or
the game it runs), the typed command reply, the link keeping the editor and the link to its game."""

from godot_live_mcp.bridge._auth import PeerIdentity
from godot_live_mcp.bridge.catalog import (
    Catalog,
    CommandAnnotations,
    CommandGroup,
    CommandSpec,
    parse_catalog,
)
from godot_live_mcp.bridge.editor_link import Backoff, CatalogListener, EditorLink, EditorSource
from godot_live_mcp.bridge.jsonrpc import (
    ErrorResponse,
    JsonObject,
    JsonValue,
    MalformedFrameError,
    Notification,
    Response,
    parse_message,
)
from godot_live_mcp.bridge.peer_connection import PeerConnection, connect_peer, request_quit
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners, QueueEvent, QueueListener
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply, CommandSuccess, read_reply
from godot_live_mcp.bridge.runtime_link import RuntimeLink

__all__ = [
    "UNHEARD",
    "Backoff",
    "CallListeners",
    "Catalog",
    "CatalogListener",
    "CommandAnnotations",
    "CommandFailure",
    "CommandGroup",
    "CommandReply",
    "CommandSpec",
    "CommandSuccess",
    "EditorLink",
    "EditorSource",
    "ErrorResponse",
    "JsonObject",
    "JsonValue",
    "MalformedFrameError",
    "Notification",
    "PeerConnection",
    "PeerIdentity",
    "QueueEvent",
    "QueueListener",
    "Response",
    "RuntimeLink",
    "connect_peer",
    "parse_catalog",
    "parse_message",
    "read_reply",
    "request_quit",
]
