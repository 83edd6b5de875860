"""Asks an editor to exit cleanly over its own channel, so its plugin tear-down runs.

SIGTERM kills Godot without running ``_exit_tree``; the ``_quit`` protocol method does not.
"""

from __future__ import annotations

import json

from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from godot_live_mcp.bridge._auth import read_token
from godot_live_mcp.bridge.jsonrpc import encode_request
from godot_live_mcp.contract import ToolError
from godot_live_mcp.instances.instance import EditorInstance


def request_quit(instance: EditorInstance, timeout_s: float = 3.0) -> bool:
    """True when the editor acknowledged ``_quit``; False when it could not be reached."""
    try:
        token = read_token(instance.token_path)
        with connect(instance.url, open_timeout=timeout_s, close_timeout=1.0, proxy=None) as ws:
            ws.send(encode_request(0, "auth", {"token": token}))
            json.loads(ws.recv(timeout=timeout_s))
            ws.send(encode_request(1, "_quit"))
            reply = json.loads(ws.recv(timeout=timeout_s))
    except (OSError, TimeoutError, WebSocketException, ToolError, ValueError):
        return False
    return isinstance(reply, dict) and bool(reply.get("result", {}).get("quitting"))
