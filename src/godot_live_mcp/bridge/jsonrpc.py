"""JSON-RPC 2.0 frames of the editor wire (docs/protocol.md): typed inside, JSON only at the edge."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from godot_live_mcp.contract import ErrorCode, ToolError, is_known_code

RequestId = int | str

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
DEADLINE_EXCEEDED = -32000


@dataclass(frozen=True)
class Response:
    """A result frame; for a command it holds the command envelope."""

    id: RequestId
    result: Any


@dataclass(frozen=True)
class ErrorResponse:
    """A protocol failure; ``id`` is ``None`` when the peer could not read ours."""

    id: RequestId | None
    code: int
    message: str
    data: Any = None

    def to_tool_error(self, method: str) -> ToolError:
        """The contract error a caller sees for this protocol failure."""
        data = self.data if isinstance(self.data, Mapping) else {}
        if self.code == DEADLINE_EXCEEDED:
            code = str(data.get("code", ErrorCode.TIMEOUT))
            return ToolError(code if is_known_code(code) else ErrorCode.TIMEOUT, f"{method}: {self.message}")
        if self.code == METHOD_NOT_FOUND:
            return ToolError(
                ErrorCode.UNKNOWN_TOOL,
                f"The editor has no command {method!r}: {self.message}",
                "The editor's commands changed; list the tools again.",
            )
        if self.code == INVALID_PARAMS:
            return ToolError(ErrorCode.INVALID_PARAMS, f"{method}: {self.message}")
        if self.code == INTERNAL_ERROR:
            return ToolError(ErrorCode.INTERNAL, f"{method} failed inside the editor: {self.message}")
        return ToolError(
            ErrorCode.PROTOCOL_ERROR, f"The editor rejected the {method} frame ({self.code}): {self.message}"
        )


@dataclass(frozen=True)
class Notification:
    """A frame without an id, pushed by the editor (``_queued``, ``catalog.changed``, ...)."""

    method: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class IncomingRequest:
    """A request from the editor; the editor channel sends none today, so callers only log it."""

    id: RequestId
    method: str


Message = Response | ErrorResponse | Notification | IncomingRequest


class MalformedFrameError(ValueError):
    """A frame from the editor that is not a JSON-RPC 2.0 message."""


def encode_request(request_id: RequestId, method: str, params: Mapping[str, Any] | None = None) -> str:
    frame: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
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


def _parse_call(data: dict[str, Any]) -> Notification | IncomingRequest:
    method, params = data["method"], data.get("params", {})
    if not isinstance(method, str) or not isinstance(params, dict):
        raise MalformedFrameError("a call needs a string method and object params")
    if "id" in data:
        request_id = as_request_id(data["id"])
        if request_id is None:
            raise MalformedFrameError("a request id must be an integer or a string")
        return IncomingRequest(request_id, method)
    return Notification(method, params)


def as_request_id(value: object) -> RequestId | None:
    """``value`` as a request id (an integer or a string), or None when it cannot be one."""
    # GDScript parses every JSON number as a float, so an echoed id may come back as 7.0.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, int | str) and not isinstance(value, bool):
        return value
    return None
