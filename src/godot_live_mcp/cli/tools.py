"""``godot-live-mcp tools``: what the editor publishes, as documentation."""

from __future__ import annotations

import difflib
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import request_catalog
from godot_live_mcp.bridge.peer_connection import connect_peer
from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.addon_install import install_addon, project_root
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import EditorProcess, launch_editor
from godot_live_mcp.instances.registry import find_instance
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV

__all__ = ["tools_group", "wait_ready_showing_progress"]

_READY_TIMEOUT_S = 120.0


@click.group("tools")
def tools_group() -> None:
    """Describe the tools the editor publishes."""


@tools_group.command("reference")
@click.option(
    "--project",
    type=click.Path(path_type=Path),
    default=None,
    help="Document the live editor of this project (from the registry) instead of a fresh demo copy.",
)
@click.option("--include-extensions", is_flag=True, help="Also document commands of GDScript extensions.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write here, not stdout."
)
@click.option(
    "--check",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Compare with this file instead of writing; exit 1 when it differs.",
)
@click.option(
    "--godot", default=None, help="Godot binary to launch (else GODOT_BIN, PATH, the private install)."
)
def reference_command(
    project: Path | None, include_extensions: bool, output: Path | None, check: Path | None, godot: str | None
) -> None:
    """Write the tool reference (Markdown) from the live catalogue.

    Without --project it launches a headless editor on a temporary copy of the bundled demo project,
    so the page shows exactly the built-in tools of this version.
    """
    # Imported here: rendering pulls in the MCP SDK, which other commands should not pay for at start-up.
    from godot_live_mcp.cli._tool_reference import render_reference

    with reported_as_click_error():
        catalog = anyio.run(_live_catalog, project, godot)
    page = render_reference(catalog, include_extensions=include_extensions)
    if check is not None:
        _check(check, page)
    elif output is not None:
        output.write_text(page, "utf-8")
        click.echo(f"wrote {output}", err=True)
    else:
        click.echo(page, nl=False)


@tools_group.command("count")
@click.option(
    "--project",
    type=click.Path(path_type=Path),
    default=None,
    help="Measure the live editor of this project (from the registry) instead of a fresh demo copy.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option(
    "--godot", default=None, help="Godot binary to launch (else GODOT_BIN, PATH, the private install)."
)
def count_command(project: Path | None, as_json: bool, godot: str | None) -> None:
    """Print each tool surface's size: core (the default start-up), read-only and all, then what each
    Python plugin the project (--project, else the current folder's) enables adds.

    Tools, characters and tokens of the tools/list JSON, output schemas apart. Tokens are real
    (o200k_base) with the optional bpe-openai package installed, else characters/4; it says which.
    """
    from godot_live_mcp.cli._tool_count import count_report
    from godot_live_mcp.cli.plugins import plugins_project

    with reported_as_click_error():
        catalog = anyio.run(_live_catalog, project, godot)
        report = count_report(catalog, plugins_project(project), as_json=as_json)
    click.echo(report, nl=False)


def stale_reference_message(path: Path, page: str) -> str | None:
    """None when ``path`` holds ``page``; else what differs and the command that regenerates it."""
    from godot_live_mcp.cli._tool_reference import REGENERATE

    current = path.read_text("utf-8") if path.is_file() else ""
    if current == page:
        return None
    diff = difflib.unified_diff(
        current.splitlines(), page.splitlines(), str(path), "live catalogue", lineterm=""
    )
    shown = "\n".join(list(diff)[:40])
    return f"{path} does not match the live tool catalogue; regenerate it with `{REGENERATE}`.\n{shown}"


def _check(path: Path, page: str) -> None:
    problem = stale_reference_message(path, page)
    if problem is not None:
        click.echo(problem, err=True)
        sys.exit(1)
    click.echo(f"{path} is up to date", err=True)


async def _live_catalog(project: Path | None, godot: str | None) -> Catalog:
    if project is None:
        return await _fresh_demo_catalog(godot)
    root = project_root(project)
    instance = find_instance(root)
    if instance is None:
        raise ToolError(
            ErrorCode.EDITOR_DISCONNECTED,
            f"No live Godot editor for {root} is registered.",
            "Open the project in Godot with the godot_live_mcp addon enabled, then run this again.",
        )
    return await fetch_catalog(instance)


async def fetch_catalog(instance: EditorInstance) -> Catalog:
    """The catalogue ``instance`` publishes now (``mcp.catalog``)."""
    async with connect_peer(instance.endpoint) as connection:
        return await request_catalog(connection)


async def _fresh_demo_catalog(godot: str | None) -> Catalog:
    async with fresh_demo_editor(godot) as instance:
        return await fetch_catalog(instance)


@asynccontextmanager
async def fresh_demo_editor(
    godot: str | None, prepare: Callable[[Path], None] | None = None
) -> AsyncIterator[EditorInstance]:
    """A headless editor on a temporary copy of the demo project (``prepare`` may add files to the copy
    before the editor starts), stopped when the block exits."""
    # Imported here: the demo module pulls in the MCP client.
    from godot_live_mcp.cli._demo_run import demo_project_source

    with tempfile.TemporaryDirectory(
        prefix="godot-live-mcp-reference-", ignore_cleanup_errors=True
    ) as folder:
        project = Path(folder) / "demo_project"
        shutil.copytree(demo_project_source(), project, ignore=shutil.ignore_patterns(".godot"))
        install_addon(project)
        if prepare is not None:
            prepare(project)
        env = {REGISTRY_DIR_ENV: str(Path(folder) / "registry")}
        editor = launch_editor(project, godot=godot, env=env, log_path=Path(folder) / "editor.log")
        try:
            yield await wait_ready_showing_progress(editor, _READY_TIMEOUT_S)
        finally:
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(editor.stop)


async def wait_ready_showing_progress(
    editor: EditorProcess, timeout_s: float, console: Console | None = None
) -> EditorInstance:
    """``editor.wait_ready(timeout_s)`` with a bar (elapsed out of the timeout) that goes when it is up.
    Nothing is drawn when stderr is not a terminal (scripts, pipes, tests)."""
    console = console or Console(stderr=True)
    if not console.is_terminal:
        return await editor.wait_ready(timeout_s)
    bar = Progress(
        SpinnerColumn(),
        TextColumn(escape(f"Starting a headless Godot editor on {editor.project.name} (pid {editor.pid})")),
        BarColumn(),
        TimeElapsedColumn(),
        TextColumn(f"/ up to {timeout_s:.0f} s"),
        console=console,
        transient=True,
    )
    with bar:
        bar.add_task("editor", total=None)
        return await editor.wait_ready(timeout_s)
