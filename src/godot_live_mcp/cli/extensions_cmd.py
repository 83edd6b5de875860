"""``godot-live-mcp extensions``: the project's GDScript extensions, and the person's consent that lets
each load (``<project>/.godot-live-mcp/extensions.json``, which the editor follows and no tool writes);
the extension catalog, and installing from it."""

from __future__ import annotations

from pathlib import Path

import click

from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.extension_catalog import (
    CatalogEntry,
    CatalogError,
    compatible,
    fetch_catalog,
    install_entry,
)
from godot_live_mcp.godot.locator import GodotNotFound, find_godot, godot_version
from godot_live_mcp.instances.addon_install import bundled_addon_version, project_root
from godot_live_mcp.security import extension_consent as consent
from godot_live_mcp.security.extension_consent import FoundExtension

__all__ = ["extensions_group"]

_PROJECT_HELP = "The Godot project (default: the current folder)."
_GODOT_HELP = "The Godot whose version filters the catalog (default: as serve finds it)."


@click.group("extensions")
def extensions_group() -> None:
    """GDScript extensions: each loads in the editor only once a person enabled it as it is."""


@extensions_group.command("list")
@click.option("--project", type=click.Path(path_type=Path), default=None, help=_PROJECT_HELP)
def list_command(project: Path | None) -> None:
    """Every extension script of the project and whether it is enabled, waits, or changed since."""
    with reported_as_click_error():
        folder = project_root(project)
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
        extension = consent.enable(project_root(project), name)
    click.echo(f"enabled {name} ({extension.path}); a running editor loads it within a second.")


@extensions_group.command("disable")
@click.argument("name")
@click.option("--project", type=click.Path(path_type=Path), default=None, help=_PROJECT_HELP)
def disable_command(name: str, project: Path | None) -> None:
    """Stop the extension of class NAME from loading; a running editor withdraws its tools."""
    with reported_as_click_error():
        was = consent.disable(project_root(project), name)
    click.echo(f"disabled {name}." if was else f"{name} was not enabled.")


@extensions_group.command("catalog")
@click.option("--project", type=click.Path(path_type=Path), default=None, help=_PROJECT_HELP)
@click.option("--godot", default=None, help=_GODOT_HELP)
def catalog_command(project: Path | None, godot: str | None) -> None:
    """The extensions of the curated catalog that fit this toolkit and Godot (the url is the project's
    .godot-live-mcp/extension_catalog.json "url", else the default catalog)."""
    with reported_as_click_error():
        entries, url = _compatible_entries(project_root(project), godot)
    click.echo(f"{len(entries)} extension(s) for this toolkit and Godot in {url}")
    for entry in entries:
        click.echo(f"{entry.name:24} {entry.version:9} {entry.description}  <{entry.repository}>")


@extensions_group.command("install")
@click.argument("name")
@click.option("--project", type=click.Path(path_type=Path), default=None, help=_PROJECT_HELP)
@click.option("--godot", default=None, help=_GODOT_HELP)
def install_command(name: str, project: Path | None, godot: str | None) -> None:
    """Install the catalog's extension NAME into addons/<its folder>/ and enable it (read its code at its
    repository first: it runs in the editor with your rights)."""
    with reported_as_click_error():
        folder = project_root(project)
        catalog, rules, _url = fetch_catalog(folder)
        entry = _chosen(compatible(catalog.entries, bundled_addon_version(), _godot_version(godot)), name)
        installed = install_entry(folder, entry, rules)
    classes = ", ".join(installed.enabled)
    click.echo(f"installed {entry.name} {entry.version} into {installed.folder} and enabled {classes}.")


def _compatible_entries(project: Path, godot: str | None) -> tuple[list[CatalogEntry], str]:
    catalog, _rules, url = fetch_catalog(project)
    for problem in catalog.problems:
        click.echo(problem, err=True)
    version = _godot_version(godot)
    return compatible(catalog.entries, bundled_addon_version(), version), url


def _chosen(entries: list[CatalogEntry], name: str) -> CatalogEntry:
    for entry in entries:
        if entry.name.lower() == name.lower():
            return entry
    listed = ", ".join(entry.name for entry in entries) or "none"
    raise CatalogError(
        f"the catalog has no extension {name!r} for this toolkit and Godot (listed: {listed})",
        "see godot-live-mcp extensions catalog",
    )


def _godot_version(explicit: str | None) -> str | None:
    """The numeric part of the Godot's version (4.6.3), or None (with a line) when there is none."""
    try:
        raw = godot_version(find_godot(explicit).path)
    except GodotNotFound as error:
        click.echo(f"not filtered by Godot version: {error.message}", err=True)
        return None
    return ".".join(part for part in raw.split(".")[:3] if part.isdigit())


def _state(found: FoundExtension, allowed: FoundExtension | None) -> str:
    if allowed is None:
        return f"waiting: extensions enable {found.name}"
    if allowed.path != found.path:
        return "waiting: moved since enabled"
    return "enabled" if allowed.sha256 == found.sha256 else "waiting: changed since enabled"
