"""A plugin tool: an async function whose signature gives its input schema, published under a namespace."""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, get_type_hints

import pydantic
from mcp.server.mcpserver.utilities.func_metadata import FuncMetadata, func_metadata

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.plugins._context import ToolContext
from godot_live_mcp.plugins._errors import PluginError

__all__ = [
    "MAX_NAME_LENGTH",
    "SERVER_TOOL_NAMES",
    "ProjectTool",
    "ToolFlags",
    "ToolFunction",
    "build_tool",
    "context_parameter",
    "described",
    "published",
    "wire_name",
]

MAX_NAME_LENGTH = CONTRACT.limits["max_tool_name_length"]
"""The longest MCP name (``<namespace>_<name>``); hosts are told to expect no more."""
SERVER_TOOL_NAMES = frozenset({"discover_tools", "run_tool"})
_NAME = re.compile(r"^[A-Za-z0-9_-]+$")
_CONTEXT_NAMES = ("context", "ctx")
_DEFAULT_TIMEOUT_S = CONTRACT.timeouts_ms["default"] / 1000

ToolFunction = Callable[..., Awaitable[Any]]


def published(namespace: str, name: str) -> str:
    """The published name of a tool called ``name`` under ``namespace``: ``wind.gust``."""
    return f"{namespace}.{name}"


def wire_name(namespace: str, name: str) -> str:
    """Its MCP name: ``wind_gust``."""
    return f"{namespace}_{name}"


def check_name(namespace: str, name: str) -> str | None:
    """Why ``name`` cannot be published under ``namespace``, or None."""
    if not isinstance(name, str) or not _NAME.match(name):
        return f"the tool name {name!r} must be letters, digits, '_' and '-' (no dots, no spaces)"
    mcp = wire_name(namespace, name)
    if len(mcp) > MAX_NAME_LENGTH:
        return f"its MCP name {mcp!r} is {len(mcp)} characters, past the limit of {MAX_NAME_LENGTH}"
    if mcp in SERVER_TOOL_NAMES:
        return f"its MCP name {mcp!r} is the server's own tool"
    return None


@dataclass(frozen=True)
class ProjectTool:
    """One tool in the project registry. ``owner``: the plugin id, or the namespace for the application's
    own tools. ``group``: the tool group ``discover_tools`` offers it in; ``core``: always listed."""

    namespace: str
    name: str
    owner: str
    description: str
    input_schema: JsonObject
    output_schema: JsonObject | None
    read_only: bool
    destructive: bool
    idempotent: bool
    group: str
    core: bool
    timeout_s: float
    runner: ToolRunner

    @property
    def published(self) -> str:
        return published(self.namespace, self.name)

    @property
    def mcp_name(self) -> str:
        return wire_name(self.namespace, self.name)


class ToolRunner:
    """Validates arguments against the function's signature, calls it, and turns its return value into
    structured data. Raises ``ValueError`` at construction for a signature the SDK cannot describe."""

    def __init__(self, function: ToolFunction) -> None:
        if not inspect.iscoroutinefunction(function):
            raise ValueError(f"{getattr(function, '__name__', function)!r} is not an async function")
        self.function = function
        self.context_parameter = context_parameter(function)
        skip = [self.context_parameter] if self.context_parameter else []
        self._meta: FuncMetadata = func_metadata(function, skip_names=skip)

    def input_schema(self) -> JsonObject:
        schema: JsonObject = self._meta.arg_model.model_json_schema(by_alias=True)
        schema.pop("title", None)
        schema.setdefault("properties", {})
        schema["additionalProperties"] = False  # a misspelt argument is refused, not ignored
        return schema

    def output_schema(self) -> JsonObject | None:
        schema = self._meta.output_schema
        return dict(schema) if isinstance(schema, dict) and schema.get("type") == "object" else None

    async def run(self, tool: str, context: ToolContext, arguments: JsonObject) -> JsonObject:
        """The function's structured result; raises ``ToolError`` ``INVALID_PARAMS`` for arguments its
        signature refuses. Whatever the function raises goes through."""
        try:
            values = self._meta.validate_arguments(dict(arguments))
        except pydantic.ValidationError as error:
            first = error.errors()[0]
            where = "/".join(str(part) for part in first["loc"]) or "arguments"
            raise ToolError(
                ErrorCode.INVALID_PARAMS,
                f"{tool}: {where}: {first['msg']}.",
                "Check the tool's inputSchema (discover_tools with include_schemas).",
            ) from None
        direct = {self.context_parameter: context} if self.context_parameter else {}
        result = await self._meta.call_fn(self.function, True, values, direct)
        return _structured(self._meta, result)


def _structured(meta: FuncMetadata, result: Any) -> JsonObject:
    converted = meta.convert_result(result)
    data = getattr(converted, "structured_content", None)
    if isinstance(data, dict):
        return data
    texts = [block.text for block in getattr(converted, "content", []) if hasattr(block, "text")]
    return {"result": "\n".join(texts)}


def context_parameter(function: ToolFunction) -> str | None:
    """The parameter that receives the ``ToolContext``: annotated with it, else named context or ctx."""
    try:
        hints = get_type_hints(function)
    except Exception:  # an annotation that does not resolve: fall back to the parameter's name
        hints = {}
    parameters = inspect.signature(function).parameters
    for name in parameters:
        if hints.get(name) is ToolContext:
            return name
    return next((name for name in _CONTEXT_NAMES if name in parameters), None)


@dataclass(frozen=True)
class ToolFlags:
    """What ``add_tool`` says about a tool besides its function; ``timeout_s`` None: the default."""

    read_only: bool
    destructive: bool
    idempotent: bool
    core: bool
    timeout_s: float | None


def described(owner: str, name: str, description: str | None, function: object) -> str:
    """``description``, else the first paragraph of ``function``'s docstring, on one line; raises
    ``PluginError`` when there is neither."""
    text = (description or getattr(function, "__doc__", None) or "").strip().split("\n\n", 1)[0]
    if not text:
        problem = f"cannot add {name!r}: it has no description (a docstring, or description=)."
        raise PluginError(owner, problem)
    return " ".join(text.split())


def _timeout(value: float | None) -> float:
    return _DEFAULT_TIMEOUT_S if value is None or value <= 0 else float(value)


def build_tool(
    owner: str,
    space: str,
    name: str,
    function: ToolFunction,
    description: str | None,
    group: str,
    flags: ToolFlags,
) -> ProjectTool:
    """The tool ``add_tool`` adds; raises ``PluginError`` for a signature or description it cannot use."""
    try:
        runner = ToolRunner(function)
        schema = runner.input_schema()
    except Exception as error:  # the SDK's InvalidSignature, pydantic's schema errors, not async
        raise PluginError(
            owner,
            f"cannot add {name!r}: its signature cannot be described as a tool: {error}.",
            "A tool is an async function whose parameters have JSON-friendly type annotations.",
            code=ErrorCode.INVALID_PARAMS,
        ) from None
    return ProjectTool(
        namespace=space,
        name=name,
        owner=owner,
        description=described(owner, name, description, function),
        input_schema=schema,
        output_schema=runner.output_schema(),
        read_only=flags.read_only,
        destructive=flags.destructive,
        idempotent=flags.idempotent,
        group=group,
        core=flags.core,
        timeout_s=_timeout(flags.timeout_s),
        runner=runner,
    )
