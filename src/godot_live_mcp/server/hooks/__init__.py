"""The hook pipeline around every tool call, its built-in hooks, and the extension point for more.

A Python plugin adds a hook by subclassing ``ToolHook`` (one method, ``around``) and passing an instance
to ``host.add_hook`` in its ``install`` (with the ``hooks`` permission); see ``godot_live_mcp.plugins``.
"""

from godot_live_mcp.server.hooks._base import (
    INPUT_REQUIRED,
    OK,
    Proceed,
    ToolCall,
    ToolHook,
    ToolOutcome,
    outcome_code,
)
from godot_live_mcp.server.hooks._pipeline import HookPipeline
from godot_live_mcp.server.hooks.audit import AuditHook, arguments_digest, audit_dir, audit_file
from godot_live_mcp.server.hooks.call_log import CallLogHook
from godot_live_mcp.server.hooks.rate_limit import RATE_LIMIT_ENV, RateLimitHook, rate_limit_from_env

__all__ = [
    "INPUT_REQUIRED",
    "OK",
    "RATE_LIMIT_ENV",
    "AuditHook",
    "CallLogHook",
    "HookPipeline",
    "Proceed",
    "RateLimitHook",
    "ToolCall",
    "ToolHook",
    "ToolOutcome",
    "arguments_digest",
    "audit_dir",
    "audit_file",
    "outcome_code",
    "rate_limit_from_env",
]
