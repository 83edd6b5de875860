"""The project registry's tools (Python plugins and the server's own ``godot_live_mcp.schema``) as
published tools: each runs in-process with a ``ToolContext``, behind the same argument checks, policy,
hooks and results as the editor's commands.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

import anyio
import mcp_types as types
from jsonschema.exceptions import SchemaError
from pydantic import BaseModel

from godot_live_mcp import __version__
from godot_live_mcp.bridge.catalog import Catalog, CommandGroup
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply, CommandSuccess
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.contract import CONTRACT, ActionableError, ErrorCode, ToolError
from godot_live_mcp.plugins import (
    OWN_NAMESPACE,
    Permission,
    PluginError,
    PluginManifest,
    ProjectPlugins,
    ProjectTool,
    ProjectTools,
    ToolContext,
)
from godot_live_mcp.server._meta import META_PREFIX
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner

__all__ = ["SERVER_SCHEMA_VERSION", "PluginToolBackend", "add_server_tools", "plugin_tool_entries"]

logger = logging.getLogger(__name__)

SERVER_SCHEMA_VERSION = "1.0.0"
"""The schema version of the server's own namespace (``godot_live_mcp``)."""
_APPLICATION = PluginManifest(
    OWN_NAMESPACE, __version__, "The godot-live-mcp server itself.", permissions=list(Permission)
)


class SchemaVersions(BaseModel):
    server_version: str
    protocol_version: int
    schema_versions: dict[str, str]


def add_server_tools(tools: ProjectTools) -> None:
    """Register the server's own project tools through the root: ``godot_live_mcp.schema``."""

    async def schema() -> SchemaVersions:
        """Tell the server's version and the schema version of each tool namespace (semver: a new tool or
        optional argument is a minor, a removed tool or new required argument a major)."""
        return SchemaVersions(
            server_version=__version__,
            protocol_version=CONTRACT.protocol_version,
            schema_versions=tools.schema_versions,
        )

    tools.declare_schema_version(SERVER_SCHEMA_VERSION, namespace=OWN_NAMESPACE)
    tools.declare_group(
        OWN_NAMESPACE,
        "The server itself: the schema version of each tool namespace, Python plugins' among them.",
        ("schema", "version", "plugin", "namespace"),
        namespace=OWN_NAMESPACE,
    )
    tools.add_tool(schema, namespace=OWN_NAMESPACE, read_only=True, idempotent=True)


class PluginToolBackend(ToolBackend):
    """Runs one registry tool in this process, with a context bound to its plugin's permissions.

    A failure of the plugin's own code is answered with ``EXTENSION_ERROR`` naming the plugin, logged
    with its traceback, and kept for ``godot-live-mcp plugins list``; the server goes on.
    """

    def __init__(
        self,
        tool: ProjectTool,
        plugins: ProjectPlugins,
        editor: EditorLink,
        runtime: RuntimeLink | None,
        *,
        read_only_server: bool = False,
        allow_execute: bool = False,
    ) -> None:
        self._tool, self._plugins = tool, plugins
        self._editor, self._runtime = editor, runtime
        self._read_only = read_only_server or tool.read_only
        self._allow_execute = allow_execute

    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        tool = self._tool
        manifest = self._plugins.manifest(tool.owner) or _APPLICATION
        context = ToolContext(
            manifest,
            tool.mcp_name,
            _HeardEditor(self._editor, listeners),
            None if self._runtime is None else _HeardLink(self._runtime, listeners),
            read_only=self._read_only,
            allow_execute=self._allow_execute,
            on_progress=listeners.on_progress,
        )
        try:
            with anyio.fail_after(timeout_s):
                return CommandSuccess(await tool.runner.run(tool.mcp_name, context, arguments))
        except TimeoutError:
            raise ToolError(
                ErrorCode.TIMEOUT,
                f"{tool.mcp_name} did not finish within {timeout_s:.0f} s.",
                f"The plugin {tool.owner!r} sets this tool's timeout (timeout_s in add_tool).",
            ) from None
        except ActionableError as error:
            if isinstance(error, PluginError):
                self._plugins.note_failure(tool.owner, error)
            return CommandFailure(error.code, error.message, error.hint)
        except Exception as error:
            logger.error("plugin %s: tool %s raised", tool.owner, tool.mcp_name, exc_info=error)
            failure = PluginError(
                tool.owner,
                f"its tool {tool.mcp_name} raised {type(error).__name__}: {error}",
                f"A bug in the plugin: tell its author; `godot-live-mcp plugins disable {tool.owner}` "
                "turns it off. The other tools are unaffected.",
            )
            self._plugins.note_failure(tool.owner, failure)
            return CommandFailure(failure.code, failure.message, failure.hint)


class _HeardLink:
    """A link as one call's plugin context uses it: its commands report to the call's listeners."""

    def __init__(self, link: EditorLink | RuntimeLink, listeners: CallListeners) -> None:
        self._link, self._listeners = link, listeners

    async def call(
        self, method: str, params: Mapping[str, JsonValue] | None, timeout_s: float
    ) -> CommandReply:
        return await self._link.call(method, params, timeout_s, self._listeners)


class _HeardEditor(_HeardLink):
    """The editor link so (see ``_HeardLink``), with the catalogue and problem a context reads of it."""

    def __init__(self, link: EditorLink, listeners: CallListeners) -> None:
        super().__init__(link, listeners)
        self._editor = link

    @property
    def catalog(self) -> Catalog | None:
        return self._editor.catalog

    @property
    def problem(self) -> ToolError:
        return self._editor.problem


def plugin_tool_entries(
    plugins: ProjectPlugins,
    editor: EditorLink,
    runtime: RuntimeLink | None = None,
    *,
    read_only_server: bool = False,
    allow_execute: bool = False,
) -> list[ToolEntry]:
    """An entry for each tool of the registry, in its order; a schema the validator refuses is logged."""
    entries = []
    versions = plugins.tools.schema_versions
    for tool in plugins.tools.tools:
        try:
            validator = ArgumentValidator(tool.input_schema)
        except SchemaError as error:
            logger.error(
                "refusing %s of %s: its input schema is invalid: %s", tool.mcp_name, tool.owner, error
            )
            continue
        backend = PluginToolBackend(
            tool, plugins, editor, runtime, read_only_server=read_only_server, allow_execute=allow_execute
        )
        entries.append(
            ToolEntry(
                tool=_tool(tool, versions.get(tool.namespace)),
                owner=ToolOwner.PLUGIN,
                backend=backend,
                arguments=validator,
                read_only=tool.read_only,
                timeout_s=tool.timeout_s,
                group=_group(plugins, tool),
                core=tool.core,
            )
        )
    return entries


def _tool(tool: ProjectTool, schema_version: str | None) -> types.Tool:
    title = f"{tool.namespace}: {tool.name.replace('_', ' ')}"
    meta: JsonObject = {
        f"{META_PREFIX}command": tool.published,
        f"{META_PREFIX}group": tool.group,
        f"{META_PREFIX}owner": tool.owner if tool.owner == OWN_NAMESPACE else f"plugin:{tool.owner}",
        f"{META_PREFIX}timeout_ms": round(tool.timeout_s * 1000),
    }
    if schema_version is not None:
        meta[f"{META_PREFIX}schema_version"] = schema_version
    return types.Tool(
        name=tool.mcp_name,
        title=title,
        description=tool.description,
        input_schema=tool.input_schema,
        output_schema=tool.output_schema,
        annotations=types.ToolAnnotations(
            read_only_hint=tool.read_only,
            destructive_hint=tool.destructive,
            idempotent_hint=tool.idempotent,
            open_world_hint=False,
        ),
        _meta=meta,
    )


def _group(plugins: ProjectPlugins, tool: ProjectTool) -> CommandGroup:
    declared = plugins.tools.groups.get(tool.group)
    if declared is not None:
        return CommandGroup(declared.name, declared.description, declared.keywords)
    manifest = plugins.manifest(tool.owner)
    description = manifest.description if manifest is not None else f"Tools of {tool.namespace}."
    return CommandGroup(tool.group, description, (tool.namespace,))
