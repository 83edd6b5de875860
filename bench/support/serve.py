"""How a bench starts ``godot-live-mcp serve`` over stdio: one place, so every bench times the same server."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mcp.client.stdio import StdioServerParameters


def serve_params(project: Path, env: dict[str, str], *flags: str) -> StdioServerParameters:
    """``serve --project PROJECT FLAGS`` with ``env`` plus this process's PYTHONPATH: the SDK starts a
    server with a minimal environment, so a bench run from a work tree would otherwise time the package
    the virtualenv installed."""
    path = os.environ.get("PYTHONPATH")
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "godot_live_mcp", "serve", "--project", str(project), *flags],
        env={**env, "PYTHONPATH": path} if path else env,
    )
