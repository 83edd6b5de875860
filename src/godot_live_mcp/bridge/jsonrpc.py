"""JSON-RPC 2.0 frames of the wire both peers speak (docs/protocol.md): typed inside, JSON only at the edge.

The error codes come from contract.json (``jsonrpc_codes``), which the addon reads too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeAlias

from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError, is_known_code

RequestId = int | str
JsonValue: TypeAlias = "dict[str, JsonValue] | list[JsonValue] | str | int | float | bool | None"
JsonObject: TypeAlias = "dict[str, JsonValue]"

_CODES = CONTRACT.jsonrpc_codes
PARSE_ERROR = _CODES["parse_error"]
INVALID_REQUEST = _CODES["invalid_request"]
METHOD_NOT_FOUND = _CODES["method_not_found"]
INVALID_PARAMS = _CODES["invalid_params"]
INTERNAL_ERROR = _CODES["internal_error"]
DEADLINE_EXCEEDED = _CODES["deadline_exceeded"]


@dataclass(frozen=True)
class Response:
    """A result frame; for a command it holds the command envelope."""

    id: RequestId
    result: JsonValue


@dataclass(frozen=True)
class ErrorResponse:
    """A protocol failure; ``id`` is ``None`` when the peer could not read ours."""

    id: RequestId | None
    code: int
    message: str
    data: JsonValue = None

    def to_tool_error(self, method: str, peer: str = "the Godot editor") -> ToolError:
        """The contract error a caller sees for this protocol failure of ``peer`` (the editor or the game)."""
        data = self.data if isinstance(self.data, dict) else {}
        if self.code == DEADLINE_EXCEEDED:
            code = str(data.get("code", ErrorCode.TIMEOUT))
            return ToolError(code if is_known_code(code) else ErrorCode.TIMEOUT, f"{method}: {self.message}")
        if self.code == METHOD_NOT_FOUND:
            return ToolError(
                ErrorCode.UNKNOWN_TOOL,
                f"{_capital(peer)} has no command {method!r}: {self.message}",
                f"The commands of {peer} changed; list the tools again.",
            )
        if self.code == INVALID_PARAMS:
            return ToolError(ErrorCode.INVALID_PARAMS, f"{method}: {self.message}")
        if self.code == INTERNAL_ERROR:
            return ToolError(ErrorCode.INTERNAL, f"{method} failed inside {peer}: {self.message}")
        return ToolError(
            ErrorCode.PROTOCOL_ERROR,
            f"{_capital(peer)} rejected the {method} frame ({self.code}): {self.message}",
        )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Notification:
    """A frame without an id, pushed by the peer (``_queued``, ``catalog.changed``, ...)."""

    method: str
    params: JsonObject = field(default_factory=dict)


@dataclass(frozen=True)
class IncomingRequest:
    """A request from the peer; neither peer sends one today, so callers only log it."""

    id: RequestId
    method: str


Message = Response | ErrorResponse | Notification | IncomingRequest


class MalformedFrameError(ValueError):
    """A frame from the peer that is not a JSON-RPC 2.0 message."""


def encode_request(request_id: RequestId, method: str, params: Mapping[str, JsonValue] | None = None) -> str:
    frame: JsonObject = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        frame["params"] = dict(params)
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def parse_message(frame: str | bytes) -> Message:
    """Parse one frame; raises ``MalformedFrameError`` naming what is wrong."""
    try:
        # Godot's JSON.stringify leaves control characters other than \b\f\n\r\t unescaped (for
        # example the colour codes of editor output): accept them rather than drop the reply.
        data = json.loads(frame, strict=False)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise MalformedFrameError(f"not JSON: {error}") from error
    if not isinstance(data, dict) or data.get("jsonrpc") != "2.0":
        raise MalformedFrameError("not a JSON-RPC 2.0 object")
    if "method" in data:
        return _parse_call(data)
    request_id = as_request_id(data.get("id"))
    if "result" in data and request_id is not None:
        return Response(request_id, data["result"])
    failure = data.get("error")
    if isinstance(failure, dict) and (data.get("id") is None or request_id is not None):
        code, message = failure.get("code"), failure.get("message", "")
        if isinstance(code, int | float) and not isinstance(code, bool):
            return ErrorResponse(request_id, int(code), str(message), failure.get("data"))
    raise MalformedFrameError("neither a result, an error, nor a call")


def _parse_call(data: JsonObject) -> Notification | IncomingRequest:
    method, params = data["method"], data.get("params", {})
    if not isinstance(method, str) or not isinstance(params, dict):
        raise MalformedFrameError("a call needs a string method and object params")
    if "id" in data:
        request_id = as_request_id(data["id"])
        if request_id is None:
            raise MalformedFrameError("a request id must be an integer or a string")
        return IncomingRequest(request_id, method)
    return Notification(method, params)


def json_int(value: JsonValue) -> int:
    """A JSON number as an int (GDScript writes every number as a float); ``ValueError`` for anything else."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"expected a number, got {value!r:.40}")
    return int(value)


def as_request_id(value: object) -> RequestId | None:
    """``value`` as a request id (an integer or a string), or None when it cannot be one."""
    # GDScript parses every JSON number as a float, so an echoed id may come back as 7.0.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, int | str) and not isinstance(value, bool):
        return value
    return None
