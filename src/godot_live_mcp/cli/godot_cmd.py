"""``godot-live-mcp godot``: find the Godot binary, or install one privately from Debian's archive."""

from __future__ import annotations

from pathlib import Path
from typing import cast, get_args

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.godot.install import Suite, default_prefix, install_godot
from godot_live_mcp.godot.locator import find_godot

__all__ = ["godot_group"]


@click.group("godot")
def godot_group() -> None:
    """Find the Godot binary, or install one privately."""


@godot_group.command("install")
@click.option(
    "--prefix",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Folder to install into [default: $GODOT_MCP_GODOT_PREFIX, else the user cache folder].",
)
@click.option(
    "--suite",
    type=click.Choice(get_args(Suite)),
    default=None,
    help="Debian suite [default: forky, then sid].",
)
@click.option(
    "--with-display",
    is_flag=True,
    help="Also install Mesa (software OpenGL and Vulkan) and Xvfb, so Godot can render without a GPU.",
)
@click.option(
    "--with-templates",
    is_flag=True,
    help="Also install Debian's Linux export templates (debug and release), for export_run.",
)
@click.option("--force", is_flag=True, help="Reinstall even when a working install is there.")
def install_command(
    prefix: Path | None, suite: str | None, with_display: bool, with_templates: bool, force: bool
) -> None:
    """Install Godot 4 from Debian's archive into a private folder (Linux x86_64; touches nothing else)."""
    console = Console(stderr=True, highlight=False)
    target = prefix or default_prefix()
    with reported_as_click_error(), _ConsoleProgress(console) as progress:
        result = install_godot(
            target,
            suite=cast(Suite | None, suite),
            with_display=with_display,
            with_templates=with_templates,
            force=force,
            progress=progress,
        )
    if result.already_installed:
        message = f"Godot {result.version} is already installed in {result.prefix} (--force reinstalls it)"
    else:
        message = (
            f"Installed Godot {result.version} from Debian {result.suite} ({len(result.packages)} packages) "
            f"in {result.prefix} in {result.seconds:.1f} s"
        )
    console.print(message, markup=False, soft_wrap=True)
    click.echo(str(result.binary))


@godot_group.command("path")
def path_command() -> None:
    """Print the Godot binary that would be used (stdout) and where it was found (stderr)."""
    with reported_as_click_error():
        found = find_godot()
    click.echo(str(found.path))
    click.echo(f"found via {found.describe()}", err=True)


class _ConsoleProgress:
    """Step lines on stderr, with a progress bar for counted work when stderr is a terminal."""

    def __init__(self, console: Console) -> None:
        self._console = console
        self._bar: Progress | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> _ConsoleProgress:
        return self

    def __exit__(self, *_raised: object) -> None:
        self._end_bar()

    def step(self, text: str) -> None:
        self._end_bar()
        self._console.print(f"[bold cyan]•[/] {escape(text)}", soft_wrap=True, highlight=False)

    def begin(self, text: str, total: int) -> None:
        self.step(text)
        if not self._console.is_terminal:
            return
        self._bar = Progress(
            TextColumn("  {task.description:<32}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self._console,
            transient=True,
        )
        self._bar.start()
        self._task = self._bar.add_task("", total=total)

    def advance(self, detail: str) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, advance=1, description=detail)

    def _end_bar(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
            self._task = None
