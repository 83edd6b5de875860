"""The MCP bundle's entry point: the host runs it with uv (manifest ``server.type`` "uv"), in the
environment uv makes from the bundle's pyproject.toml, with the person's settings as ``--project`` and
``--godot``. A setting left empty, or a placeholder the host did not fill in, is left out, so serve
falls back to GODOT_BIN, godot4 or godot on PATH, or the private install."""

from __future__ import annotations

import sys

from godot_live_mcp.cli.main import cli


def serve_arguments(argv: list[str]) -> list[str]:
    """``serve`` with the option pairs of ``argv`` whose value the host filled in."""
    arguments = ["serve"]
    for option, value in zip(argv[::2], argv[1::2], strict=False):
        if value.strip() and not value.startswith("${"):
            arguments += [option, value]
    return arguments


if __name__ == "__main__":
    cli(serve_arguments(sys.argv[1:]), prog_name="godot-live-mcp")
