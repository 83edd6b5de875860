"""Python plugins: installed packages that bring tools for the assistant, each under its own namespace.

A plugin is an entry point of the group ``godot_live_mcp.plugins`` whose object has a ``manifest``
(``PluginManifest``) and ``install(host)``. ``host.registry(ProjectTools)`` is the plugin's view of the
project's tool registry (tools, and prompts and resources); ``docs/extending.md`` ("Python plugins") walks
through one.
"""

from godot_live_mcp.plugins._config import ENABLED_FILE, STATUS_FILE, read_enabled, read_status, write_enabled
from godot_live_mcp.plugins._content import (
    PROMPT_PLACEHOLDER,
    RESOURCE_SCHEME,
    PluginPrompt,
    PluginPromptArgument,
    PluginResource,
)
from godot_live_mcp.plugins._context import EditorAccess, ProjectFiles, RuntimeAccess, ToolContext
from godot_live_mcp.plugins._errors import PluginError
from godot_live_mcp.plugins._host import (
    ENTRY_POINT_GROUP,
    CallHook,
    Plugin,
    PluginHost,
    PluginProblem,
    PluginSource,
    PluginState,
    ProjectPlugins,
    installed_plugins,
)
from godot_live_mcp.plugins._manifest import (
    OWN_NAMESPACE,
    Permission,
    PluginManifest,
    SchemaVersion,
    reserved_namespaces,
)
from godot_live_mcp.plugins._registry import GroupSpec, PluginScope, ProjectTools, Registration
from godot_live_mcp.plugins._snapshot import SnapshotVerdict, compare_snapshots, render_snapshot
from godot_live_mcp.plugins._tool import MAX_NAME_LENGTH, ProjectTool

__all__ = [
    "ENABLED_FILE",
    "ENTRY_POINT_GROUP",
    "MAX_NAME_LENGTH",
    "OWN_NAMESPACE",
    "PROMPT_PLACEHOLDER",
    "RESOURCE_SCHEME",
    "STATUS_FILE",
    "CallHook",
    "EditorAccess",
    "GroupSpec",
    "Permission",
    "Plugin",
    "PluginError",
    "PluginHost",
    "PluginManifest",
    "PluginProblem",
    "PluginPrompt",
    "PluginPromptArgument",
    "PluginResource",
    "PluginScope",
    "PluginSource",
    "PluginState",
    "ProjectFiles",
    "ProjectPlugins",
    "ProjectTool",
    "ProjectTools",
    "Registration",
    "RuntimeAccess",
    "SchemaVersion",
    "SnapshotVerdict",
    "ToolContext",
    "compare_snapshots",
    "installed_plugins",
    "read_enabled",
    "read_status",
    "render_snapshot",
    "reserved_namespaces",
    "write_enabled",
]
