"""Keys this server puts in MCP ``_meta`` fields, under its own prefix."""

from __future__ import annotations

META_PREFIX = "godot-live-mcp/"
# A failed call's {code, message, hint}: in _meta rather than structuredContent, because clients
# validate structuredContent against the tool's (success) outputSchema even on errors.
ERROR_META_KEY = f"{META_PREFIX}error"
# On a tool that can take long (the command's long_running mark): offered as a task, reports progress.
LONG_RUNNING_META_KEY = f"{META_PREFIX}long_running"
