"""A command's answer, typed: success with its data, or failure with a code, a message and a hint.

On the wire it is the command envelope (``{"success": true, ...data}`` or ``{"success": false,
"code", "error", "hint"}``) inside a JSON-RPC result; ``read_reply`` is the only place that reads it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError, default_hint, is_known_code

__all__ = ["CommandFailure", "CommandReply", "CommandSuccess", "read_reply"]

_LANDING = CONTRACT.undo_landing_key


@dataclass(frozen=True)
class CommandSuccess:
    """The command ran; ``data`` is its result (the envelope without ``success``); ``landing``: the undo
    history its change went to (``{"history": "scene", "scene": path}`` or ``{"history": "global"}``)."""

    data: JsonObject
    landing: JsonObject | None = None


@dataclass(frozen=True)
class CommandFailure:
    """The command failed with a contract ``code``; ``hint`` names the next step."""

    code: str
    message: str
    hint: str

    def to_error(self) -> ToolError:
        return ToolError(self.code, self.message, self.hint)


CommandReply = CommandSuccess | CommandFailure


def read_reply(result: JsonValue, method: str, peer: str = "the Godot editor") -> CommandReply:
    """The reply in ``result``; an envelope that breaks the contract is ``INTERNAL``, never passed on."""
    if not isinstance(result, dict) or not isinstance(result.get("success"), bool):
        text = json.dumps(result, ensure_ascii=False, default=str)[:200]
        raise ToolError(ErrorCode.INTERNAL, f"{method}: {peer} answered with a malformed envelope: {text}")
    if result["success"]:
        data = {key: value for key, value in result.items() if key not in ("success", _LANDING)}
        landing = result.get(_LANDING)
        return CommandSuccess(data, landing if isinstance(landing, dict) else None)
    return _failure(result, peer)


def _failure(envelope: JsonObject, peer: str) -> CommandFailure:
    code = str(envelope.get("code") or ErrorCode.INTERNAL)
    message = str(envelope.get("error") or "The command failed without saying why.")
    if not is_known_code(code):
        message = f"{message} ({peer} used the unknown code {code!r})"
        code = ErrorCode.INTERNAL
    hint = envelope.get("hint")
    return CommandFailure(code, message, str(hint) if hint else default_hint(code))
