"""``godot-live-mcp demo``: a real MCP client drives a live headless editor on a copy of the demo project."""

from __future__ import annotations

import sys

import anyio
import click
from rich.console import Console
from rich.markup import escape

__all__ = ["demo_command"]


@click.command("demo")
@click.option(
    "--godot", default=None, help="Godot binary to use (else GODOT_BIN, PATH, the private install)."
)
def demo_command(godot: str | None) -> None:
    """Copy the example project to a temporary folder and drive it through MCP, printing each call."""
    # Imported here so that other commands do not pay for the MCP client at start-up.
    from godot_live_mcp.cli._demo_run import DemoFailedError, run_demo

    console = Console(highlight=False)
    try:
        anyio.run(run_demo, godot, console)
    except DemoFailedError as error:
        console.print(f"[bold red]demo failed:[/] {escape(str(error))}")
        sys.exit(1)
    except KeyboardInterrupt:
        console.print("[yellow]interrupted; the editor was stopped and the temporary folder removed[/]")
        sys.exit(130)
    console.print("[bold green]demo finished:[/] the editor is stopped and the temporary folder removed")
