"""``godot-live-mcp serve``: the MCP server an AI client starts. Logs go to stderr only.

On stdio, stdout is the MCP channel: nothing else may ever be written to it.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import NoReturn

import anyio
import click

from godot_live_mcp.cli._logging import configure_stderr_logging
from godot_live_mcp.instances._actionable import ActionableError
from godot_live_mcp.instances.addon_install import addon_enabled, addon_installed, install_addon, project_root
from godot_live_mcp.instances.godot_locator import find_godot

__all__ = ["serve_command"]

logger = logging.getLogger("godot_live_mcp.serve")


@click.command("serve")
@click.option("--project", type=click.Path(path_type=Path), default=None, help="Godot project to serve.")
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True)
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=8765,
    show_default=True,
    help="Port for --transport http.",
)
@click.option(
    "--read-only", is_flag=True, help="List and run only read-only tools (or GODOT_MCP_READ_ONLY=1)."
)
@click.option("--no-launch", is_flag=True, help="Never start an editor; only connect to a running one.")
@click.option(
    "--godot", default=None, help="Godot binary to launch (else GODOT_BIN, PATH, the private install)."
)
@click.option("-v", "--verbose", is_flag=True, help="Log every tool call.")
def serve_command(
    project: Path | None,
    transport: str,
    port: int,
    read_only: bool,
    no_launch: bool,
    godot: str | None,
    verbose: bool,
) -> None:
    """Serve a live Godot editor to an MCP client (stdio by default, or HTTP on 127.0.0.1)."""
    # Imported here so that other commands do not pay for the MCP server at start-up.
    from godot_live_mcp.server.composition import ServeOptions, serve

    configure_stderr_logging(logging.DEBUG if verbose else logging.INFO)
    options = ServeOptions(
        project=_project_folder(project) if project is not None else None,
        transport="http" if transport == "http" else "stdio",
        port=port,
        read_only=read_only,
        launch=not no_launch,
        godot=godot,
    )
    if options.project is not None and options.launch:
        _prepare_launch(options.project, godot)
    anyio.run(serve, options)


def _project_folder(project: Path) -> Path:
    try:
        return project_root(project).resolve()
    except ActionableError as error:
        _fail(error)


def _prepare_launch(project: Path, godot: str | None) -> None:
    """Guard clauses before serving: a Godot to launch, and the addon in the project (asking nothing)."""
    try:
        find_godot(godot)
    except ActionableError as error:
        _fail(error)
    try:
        if not addon_installed(project) or not addon_enabled(project):
            result = install_addon(project)
            logger.info("installed the godot_live_mcp addon %s into %s", result.version, result.addon_dir)
    except ActionableError as error:
        logger.warning("left the addon in %s as it is: %s", project, error)


def _fail(error: ActionableError) -> NoReturn:
    click.echo(f"godot-live-mcp serve: {error}", err=True)
    sys.exit(2)
