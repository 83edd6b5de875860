"""``godot-live-mcp install-addon``: put the editor addon into a Godot project and enable it, or take it
out again with ``--uninstall``."""

from __future__ import annotations

from pathlib import Path

import click

from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.instances.addon_install import AddonUninstallResult, install_addon, uninstall_addon

__all__ = ["install_addon_command"]

_COPY_MESSAGES = {
    "new": "Copied godot_live_mcp {version} to {folder}",
    "replaced": "Replaced the copy in {folder} with godot_live_mcp {version}",
    "unchanged": "godot_live_mcp {version} is already in {folder}",
}


@click.command("install-addon")
@click.argument("project", type=click.Path(file_okay=True, path_type=Path))
@click.option(
    "--force",
    is_flag=True,
    help="Replace (or with --uninstall remove) a locally changed copy of the same version; "
    "with --uninstall, also while an editor has the project open.",
)
@click.option(
    "--uninstall",
    is_flag=True,
    help="Remove what install-addon added: the plugin entry, its autoload, the folder.",
)
def install_addon_command(project: Path, force: bool, uninstall: bool) -> None:
    """Copy the godot_live_mcp editor addon into PROJECT and enable it in project.godot (or upgrade an
    older copy); with --uninstall, take it out again."""
    if uninstall:
        with reported_as_click_error():
            removed = uninstall_addon(project, force=force)
        _report_uninstall(removed)
        return
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


def _report_uninstall(result: AddonUninstallResult) -> None:
    lines = []
    if result.disabled:
        lines.append("Took the plugin out of [editor_plugins] in project.godot")
    lines += [f"Removed the autoload {name} from project.godot" for name in result.autoloads]
    if result.removed_folder is not None:
        lines.append(f"Removed {result.removed_folder}")
    if result.settings_kept:
        lines.append(
            "Kept your [godot_live_mcp] settings in project.godot (delete that section by hand if unwanted)"
        )
    click.echo(
        "\n".join(lines) if lines else "The godot_live_mcp addon is not in this project: nothing to remove"
    )
