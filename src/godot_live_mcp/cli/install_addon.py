"""``godot-live-mcp install-addon``: put the editor addon into a Godot project and enable it."""

from __future__ import annotations

from pathlib import Path

import click

from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.instances.addon_install import install_addon

__all__ = ["install_addon_command"]

_COPY_MESSAGES = {
    "new": "Copied godot_live_mcp {version} to {folder}",
    "replaced": "Replaced the copy in {folder} with godot_live_mcp {version}",
    "unchanged": "godot_live_mcp {version} is already in {folder}",
}


@click.command("install-addon")
@click.argument("project", type=click.Path(file_okay=True, path_type=Path))
@click.option("--force", is_flag=True, help="Replace a locally changed copy of the same version.")
def install_addon_command(project: Path, force: bool) -> None:
    """Copy the godot_live_mcp editor addon into PROJECT and enable it in project.godot."""
    with reported_as_click_error():
        result = install_addon(project, force=force)
    click.echo(_COPY_MESSAGES[result.copy].format(version=result.version or "?", folder=result.addon_dir))
    if result.replaced_old is not None:
        click.echo(
            f"Removed the previous addon folder {result.replaced_old} (godot-mcp); its settings and "
            "autoload now use the godot_live_mcp name"
        )
    click.echo(
        "Enabled it in project.godot" if result.enabled_now else "It is already enabled in project.godot"
    )
    if result.copy != "unchanged" or result.enabled_now:
        click.echo("If the project is open in Godot, reload it: Project > Reload Current Project")
