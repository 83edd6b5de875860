"""``godot-live-mcp extensions``: the project's GDScript extensions, and the person's consent that lets
each load (``<project>/.godot-live-mcp/extensions.json``, which the editor follows and no tool writes)."""

from __future__ import annotations

from pathlib import Path

import click

from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.instances.addon_install import project_root
from godot_live_mcp.security import extension_consent as consent
from godot_live_mcp.security.extension_consent import FoundExtension

__all__ = ["extensions_group"]

_PROJECT_HELP = "The Godot project (default: the current folder)."


@click.group("extensions")
def extensions_group() -> None:
    """GDScript extensions: each loads in the editor only once a person enabled it as it is."""


@extensions_group.command("list")
@click.option("--project", type=click.Path(path_type=Path), default=None, help=_PROJECT_HELP)
def list_command(project: Path | None) -> None:
    """Every extension script of the project and whether it is enabled, waits, or changed since."""
    with reported_as_click_error():
        folder = project_root(project or Path.cwd())
        found, allowed = consent.find_extensions(folder), consent.enabled(folder)
    if not found:
        click.echo("The project has no GDScript extensions (scripts that extend MCPToolkitExtension).")
    for extension in found:
        state = _state(extension, allowed.get(extension.name))
        click.echo(f"{extension.name:24} {state:32} {extension.path}")


@extensions_group.command("enable")
@click.argument("name")
@click.option("--project", type=click.Path(path_type=Path), default=None, help=_PROJECT_HELP)
def enable_command(name: str, project: Path | None) -> None:
    """Let the extension of class NAME load, as its script is now (read the script first: it runs in
    the editor with your rights). A later change of the script waits for you again."""
    with reported_as_click_error():
        extension = consent.enable(project_root(project or Path.cwd()), name)
    click.echo(f"enabled {name} ({extension.path}); a running editor loads it within a second.")


@extensions_group.command("disable")
@click.argument("name")
@click.option("--project", type=click.Path(path_type=Path), default=None, help=_PROJECT_HELP)
def disable_command(name: str, project: Path | None) -> None:
    """Stop the extension of class NAME from loading; a running editor withdraws its tools."""
    with reported_as_click_error():
        was = consent.disable(project_root(project or Path.cwd()), name)
    click.echo(f"disabled {name}." if was else f"{name} was not enabled.")


def _state(found: FoundExtension, allowed: FoundExtension | None) -> str:
    if allowed is None:
        return f"waiting: extensions enable {found.name}"
    if allowed.path != found.path:
        return "waiting: moved since enabled"
    return "enabled" if allowed.sha256 == found.sha256 else "waiting: changed since enabled"
