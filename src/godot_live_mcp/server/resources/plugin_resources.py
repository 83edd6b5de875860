"""The resources Python plugins offer (``godot://<namespace>/<name>``): listed after the built-in ones and
read in this process, with a read-only context bound to the plugin's permissions; what a plugin returns
reaches the client inside one untrusted-content envelope, as project content does."""

from __future__ import annotations

import logging

import anyio
import mcp_types as types

from godot_live_mcp.contract import CONTRACT, ActionableError, ErrorCode, ToolError
from godot_live_mcp.plugins import PluginError, PluginResource, ProjectPlugins, ToolContext
from godot_live_mcp.plugins._context import EditorChannel, RuntimeChannel
from godot_live_mcp.security.untrusted import envelope
from godot_live_mcp.server.resources.addresses import MARKED, UnknownResourceError, parse_uri

__all__ = ["PluginResources"]

logger = logging.getLogger(__name__)

_TIMEOUT_S = CONTRACT.timeouts_ms["default"] / 1000
_NOTE = "A Python plugin's content, inside one untrusted-content envelope."


class PluginResources:
    """The enabled plugins' resources; one whose URI a built-in resource holds is refused (logged once)."""

    def __init__(
        self, plugins: ProjectPlugins, editor: EditorChannel, runtime: RuntimeChannel | None
    ) -> None:
        self._plugins, self._editor, self._runtime = plugins, editor, runtime
        self._refused: set[str] = set()
        self._seen = self.offered()

    def offered(self) -> tuple[PluginResource, ...]:
        return tuple(resource for resource in self._plugins.tools.resources if self._usable(resource))

    def listed(self) -> list[types.Resource]:
        return [
            types.Resource(
                uri=resource.uri,
                name=f"{resource.namespace}_{resource.name.replace('/', '_')}",
                title=resource.title or None,
                description=f"{resource.description} {_NOTE}",
                mime_type=MARKED,
            )
            for resource in self.offered()
        ]

    def named(self, uri: str) -> PluginResource | None:
        return next((resource for resource in self.offered() if resource.uri == uri), None)

    def changed(self) -> bool:
        """Whether the offered resources changed since the last call (a plugin enabled or disabled)."""
        now = self.offered()
        changed, self._seen = now != self._seen, now
        return changed

    async def read(self, resource: PluginResource) -> tuple[str, str]:
        """(mime type, text); raises ``ToolError``: the editor's failure as it came, ``TIMEOUT``, or
        ``EXTENSION_ERROR`` naming the plugin for a reader that raised (kept for ``plugins list``)."""
        manifest = self._plugins.manifest(resource.owner)
        if manifest is None:
            raise ToolError(ErrorCode.NOT_FOUND, f"{resource.uri} is no longer offered.")
        context = ToolContext(manifest, resource.uri, self._editor, self._runtime, read_only=True)
        try:
            with anyio.fail_after(_TIMEOUT_S):
                text = await resource.text(context)
        except TimeoutError:
            raise ToolError(
                ErrorCode.TIMEOUT, f"{resource.uri} was not read within {_TIMEOUT_S:.0f} s."
            ) from None
        except ToolError:
            raise
        except Exception as error:
            raise self._failure(resource, error) from None
        return MARKED, envelope("plugin_resource", resource.uri, text)

    def _failure(self, resource: PluginResource, error: Exception) -> ToolError:
        if not isinstance(error, ActionableError):
            logger.error("plugin %s: resource %s raised", resource.owner, resource.uri, exc_info=error)
            error = PluginError(
                resource.owner,
                f"its resource {resource.uri} raised {type(error).__name__}: {error}",
                f"A bug in the plugin: tell its author; `godot-live-mcp plugins disable {resource.owner}` "
                "turns it off.",
            )
        if isinstance(error, PluginError):
            self._plugins.note_failure(resource.owner, error)
        return ToolError(error.code, error.message, error.hint)

    def _usable(self, resource: PluginResource) -> bool:
        try:
            parse_uri(resource.uri)
        except UnknownResourceError:
            return True
        if resource.uri not in self._refused:
            self._refused.add(resource.uri)
            logger.warning(
                "refusing %s's resource %s: a built-in resource has it", resource.owner, resource.uri
            )
        return False
