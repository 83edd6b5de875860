"""``godot-live-mcp serve``: the MCP server an AI client starts. Logs go to stderr only.

On stdio, stdout is the MCP channel: nothing else may ever be written to it.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import anyio
import click

from godot_live_mcp.cli.serve_config import MIN_MAX_TOOLS, ServeConfig, load_serve_config
from godot_live_mcp.contract import CONTRACT, ActionableError, SetupError
from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.instances.addon_install import (
    addon_enabled,
    addon_version_gap,
    bundled_addon_version,
    install_addon,
    installed_addon_version,
    project_root,
)
from godot_live_mcp.sandbox import NO_SANDBOX_ENV, sandbox_state

if TYPE_CHECKING:
    from godot_live_mcp.server.surface import StartupTools

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
    help="Port for --transport http (clients need the bearer token it prints on stderr).",
)
@click.option(
    "--read-only", is_flag=True, help="List and run only read-only tools (or GODOT_MCP_READ_ONLY=1)."
)
@click.option(
    "--allow-execute",
    is_flag=True,
    help="Offer editor_execute and execute_code: they run any code the client sends (OS commands, any "
    "file, every instance's token). Default: the project's config.toml, else off.",
)
@click.option(
    "--no-sandbox",
    is_flag=True,
    help="Run the launched editor, its games and test runs without the sandbox (Linux Landlock: the "
    "project and user:// writable, no other home file, no network). Default: config.toml, else on.",
)
@click.option("--no-launch", is_flag=True, help="Never start an editor; only connect to a running one.")
@click.option(
    "--display",
    is_flag=True,
    help="Launch the editor with its interface on a private virtual display (Xvfb, software OpenGL) instead "
    "of headless, so editor_screenshot works; about 1 GB and a CPU core while it draws.",
)
@click.option(
    "--linger",
    "linger",
    type=click.FloatRange(0, CONTRACT.linger_max_minutes),
    default=None,
    metavar="MINUTES",
    help="Leave the launched editor running for the next session on this project; it quits after MINUTES "
    "without a client, or when the project is opened in another editor. Default: config.toml, else 0.",
)
@click.option(
    "--godot", default=None, help="Godot binary to launch (else GODOT_BIN, PATH, the private install)."
)
@click.option(
    "--confirm",
    type=click.Choice(["destructive"]),
    default=None,
    help="Ask the person (MCP elicitation) before a destructive tool runs; refused if the client cannot ask.",
)
@click.option(
    "--tools",
    default=None,
    help="Tools listed at start: core, all, or core plus groups (scene,node). Default: the project's "
    ".godot-live-mcp/config.toml, else core.",
)
@click.option(
    "--max-tools",
    type=click.IntRange(min=MIN_MAX_TOOLS),
    default=None,
    help="Most tools listed at once, however many groups are loaded (default: config file, else 80).",
)
@click.option(
    "--upgrade-addon",
    is_flag=True,
    help="Upgrade an older godot_live_mcp addon in --project before serving (else it is only reported).",
)
@click.option("-v", "--verbose", is_flag=True, help="Log every tool call.")
def serve_command(
    project: Path | None,
    transport: str,
    port: int,
    read_only: bool,
    allow_execute: bool,
    no_sandbox: bool,
    no_launch: bool,
    display: bool,
    linger: float | None,
    godot: str | None,
    confirm: str | None,
    tools: str | None,
    max_tools: int | None,
    upgrade_addon: bool,
    verbose: bool,
) -> None:
    """Serve a live Godot editor to an MCP client (stdio by default, or HTTP on 127.0.0.1)."""
    # Imported here so that other commands do not pay for the MCP server at start-up.
    from godot_live_mcp.server.composition import ServeOptions, serve
    from godot_live_mcp.server.hooks import rate_limit_from_env
    from godot_live_mcp.server.http_listener import PortInUseError

    _log_to_stderr(logging.DEBUG if verbose else logging.INFO)
    with _exit_2_on():
        folder = project_root(project).resolve() if project is not None else None
        config = load_serve_config(folder)
        startup, most = _tool_surface(folder, tools, max_tools)
        _choose_sandbox(no_sandbox, config)
        options = ServeOptions(
            project=folder,
            transport="http" if transport == "http" else "stdio",
            port=port,
            read_only=read_only,
            allow_execute=allow_execute or config.allow_execute is True,
            launch=not no_launch,
            godot=godot,
            confirm_destructive=confirm == "destructive",
            tools=startup,
            max_tools=most,
            display=display,
            linger_minutes=_linger_minutes(linger, config, display=display),
        )
        rate_limit_from_env()
        if options.project is not None and options.launch:
            find_godot(godot)  # a Godot to launch, before serving
    if options.project is not None:
        _prepare_addon(options.project, install_missing=options.launch, upgrade=upgrade_addon)
    with _exit_2_on(PortInUseError):
        anyio.run(serve, options)


def _log_to_stderr(level: int) -> None:
    """Every log record to stderr (stdout may be the MCP channel): ours from ``level``, others' warnings."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s", "%H:%M:%S"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    logging.getLogger("godot_live_mcp").setLevel(level)


@contextmanager
def _exit_2_on(kind: type[ActionableError] = ActionableError) -> Iterator[None]:
    """An error of ``kind`` raised in the block ends the command: ``godot-live-mcp serve: ERROR`` on
    stderr, exit code 2."""
    try:
        yield
    except kind as error:
        _fail(error)


def _fail(error: ActionableError) -> NoReturn:
    click.echo(f"godot-live-mcp serve: {error}", err=True)
    sys.exit(2)


def _choose_sandbox(no_sandbox: bool, config: ServeConfig) -> None:
    """Turn the sandbox off for every process this server starts, by flag or by the project's file."""
    reason = (
        "--no-sandbox" if no_sandbox else "sandbox = false in config.toml" if config.sandbox is False else ""
    )
    if reason:
        os.environ[NO_SANDBOX_ENV] = reason
    logger.info("sandbox of the processes this server starts: %s", sandbox_state())


def _linger_minutes(flag: float | None, config: ServeConfig, *, display: bool) -> float:
    minutes = flag if flag is not None else config.linger or 0.0
    if minutes > 0 and display:
        _fail(
            SetupError(
                "--linger keeps a headless editor for the next session; the display of --display ends "
                "with this server.",
                "Drop --display, or set linger = 0 in .godot-live-mcp/config.toml for this project.",
            )
        )
    return minutes


def _tool_surface(project: Path | None, tools: str | None, max_tools: int | None) -> tuple[StartupTools, int]:
    """The start-up tools and the cap: the flags, else the project's config file, else the defaults."""
    from godot_live_mcp.server.surface import DEFAULT_MAX_TOOLS, StartupTools

    config = load_serve_config(project)
    startup = StartupTools.parse(tools or config.tools or "core")
    return startup, max_tools or config.max_tools or DEFAULT_MAX_TOOLS


def _prepare_addon(project: Path, *, install_missing: bool, upgrade: bool) -> None:
    """The addon in the project: installed (and enabled) when missing and the server launches the editor;
    a copy of another version is reported, and replaced only with ``upgrade`` (never a newer one)."""
    try:
        installed = installed_addon_version(project)
        gap = addon_version_gap(installed)
        if gap in ("older", "newer") and not (upgrade and gap == "older"):
            _report_version_gap(project, installed or "", gap)
        elif upgrade or (install_missing and (gap == "missing" or not addon_enabled(project))):
            result = install_addon(project)
            logger.info("installed the godot_live_mcp addon %s into %s", result.version, result.addon_dir)
    except ActionableError as error:
        logger.warning("left the addon in %s as it is: %s", project, error)


def _report_version_gap(project: Path, installed: str, gap: str) -> None:
    bundled = bundled_addon_version()
    fix = (
        f"run 'godot-live-mcp install-addon {project}' (or serve with --upgrade-addon), then reload it"
        if gap == "older"
        else "upgrade godot-live-mcp (pip install -U godot-live-mcp)"
    )
    logger.warning(
        "the godot_live_mcp addon in %s is version %s, %s than the %s this server ships: %s",
        project,
        installed,
        gap,
        bundled,
        fix,
    )
