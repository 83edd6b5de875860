"""A catalogue command projected as an MCP ``Tool``: name, title, schemas, annotations, ``_meta``."""

from __future__ import annotations

import logging
import re

import mcp_types as types

from godot_live_mcp.bridge.catalog import CommandSpec
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.server._meta import LONG_RUNNING_META_KEY, META_PREFIX
from godot_live_mcp.server.results import image_output_schema
from godot_live_mcp.server.schema_bounds import published_schema
from godot_live_mcp.server.schema_floats import with_non_finite_floats

logger = logging.getLogger(__name__)

_NAME_RULE = re.compile(r"^[A-Za-z0-9_.-]+$")


def tool_name(command: str) -> str:
    """The MCP name of an editor command: ``domain.verb`` becomes ``domain_verb``.

    Raises ``ToolError`` ``NAME_INVALID`` when the result breaks the MCP naming rules.
    """
    name = command.replace(".", "_")
    limit = CONTRACT.limits["max_tool_name_length"]
    if not _NAME_RULE.match(name) or len(name) > limit:
        raise ToolError(
            ErrorCode.NAME_INVALID,
            f"The command {command!r} cannot be published: its tool name {name!r} must be 1-{limit} "
            "characters of letters, digits, '_', '-' and '.'.",
            "Rename the command (in its extension or registration) to fit the rule.",
        )
    return name


def tool_title(command: str) -> str:
    """A short human title: ``scene.get_tree`` becomes ``Scene: get tree``."""
    *domain, verb = command.split(".")
    verb_text = verb.replace("_", " ")
    if not domain:
        return verb_text.capitalize()
    return f"{' '.join(domain).replace('_', ' ').capitalize()}: {verb_text}"


def project_command(spec: CommandSpec) -> types.Tool:
    """The MCP tool for ``spec``; raises ``ToolError`` ``NAME_INVALID`` for an unpublishable name."""
    flags = spec.annotations
    title = tool_title(spec.name)
    return types.Tool(
        name=tool_name(spec.name),
        title=title,
        description=spec.description or title,
        input_schema=_input_schema(spec.input_schema),
        output_schema=_output_schema(spec),
        # The title once, on the tool: clients prefer it to annotations.title, and each copy costs context.
        annotations=types.ToolAnnotations(
            read_only_hint=not flags.mutating,
            destructive_hint=flags.destructive,
            idempotent_hint=flags.idempotent,
            open_world_hint=flags.open_world,
        ),
        _meta=tool_meta(spec),
    )


def tool_meta(spec: CommandSpec) -> JsonObject:
    meta: JsonObject = {
        f"{META_PREFIX}command": spec.name,
        f"{META_PREFIX}group": spec.group.name if spec.group else None,
        f"{META_PREFIX}timeout_ms": spec.timeout_ms,
        f"{META_PREFIX}owner": spec.owner,
        f"{META_PREFIX}channel": spec.channel,
    }
    if spec.annotations.long_running:
        meta[LONG_RUNNING_META_KEY] = True
    return meta


def _input_schema(schema: JsonObject) -> JsonObject:
    """The schema with its declared bounds kept safe; MCP requires an object at the root ({} means "no
    arguments")."""
    return published_schema({"type": "object", **schema} if "type" not in schema else schema)


def _output_schema(spec: CommandSpec) -> JsonObject | None:
    schema = spec.output_schema
    if schema is None:
        return None
    if schema.get("type") != "object":
        logger.warning("%s: output_schema is not an object schema; publishing the tool without it", spec.name)
        return None
    return image_output_schema(with_non_finite_floats(schema))
