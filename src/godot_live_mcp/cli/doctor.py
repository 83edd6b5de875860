"""``godot-live-mcp doctor``: check that everything the server needs is in place, with a fix for each gap."""

from __future__ import annotations

import os
import sys
from importlib import metadata
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from godot_live_mcp import __version__
from godot_live_mcp.cli._doctor_live import live_findings
from godot_live_mcp.cli._setup_status import Finding, setup_findings
from godot_live_mcp.cli.serve_config import load_serve_config
from godot_live_mcp.contract import ActionableError
from godot_live_mcp.godot.locator import find_godot, godot_version
from godot_live_mcp.instances.addon_install import (
    addon_enabled,
    addon_version_gap,
    bundled_addon_version,
    installed_addon_version,
    project_root,
)
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV, registry_dir
from godot_live_mcp.sandbox import abi_version, sandbox_state

__all__ = ["doctor_command"]


@click.command("doctor")
@click.option(
    "--project", type=click.Path(path_type=Path), default=None, help="Also check this Godot project."
)
@click.option("--godot", "godot", default=None, help="Godot binary to check instead of the one found.")
def doctor_command(project: Path | None, godot: str | None) -> None:
    """Check Godot, versions, the registry folder and (with --project) the addon; exit 1 on any gap."""
    checks = [*_environment_checks(), *_godot_checks(godot), _registry_check(), _sandbox_check(project)]
    if project is not None:
        checks += _project_checks(project)
        checks += _setup_checks(project)
    _render(checks)
    sys.exit(0 if all(check.ok for check in checks) else 1)


def _environment_checks() -> list[Finding]:
    python = ".".join(str(part) for part in sys.version_info[:3])
    return [
        Finding("Python", True, f"{python} ({sys.executable})"),
        Finding("godot-live-mcp", True, f"{__version__}, MCP SDK {_distribution_version('mcp')}"),
    ]


def _godot_checks(explicit: str | None) -> list[Finding]:
    try:
        found = find_godot(explicit)
    except ActionableError as error:
        return [Finding("Godot binary", False, error.message, error.hint)]
    checks = [Finding("Godot binary", True, f"{found.path} (from {found.describe()})")]
    try:
        version = godot_version(found.path)
    except ActionableError as error:
        return [*checks, Finding("Godot version", False, error.message, error.hint)]
    if not version.startswith("4."):
        hint = "use Godot 4: `godot-live-mcp godot install`, or pass --godot PATH to a Godot 4 binary"
        return [*checks, Finding("Godot version", False, f"{version} is not Godot 4", hint)]
    return [*checks, Finding("Godot version", True, version)]


def _registry_check() -> Finding:
    folder = registry_dir()
    existing = next((parent for parent in (folder, *folder.parents) if parent.exists()), folder)
    if os.access(existing, os.W_OK):
        state = "" if existing == folder else " (created when the first editor starts)"
        return Finding("Registry folder", True, f"{folder}{state}")
    detail = f"{folder} cannot be written ({existing} is not writable)"
    return Finding("Registry folder", False, detail, f"set {REGISTRY_DIR_ENV} to a folder you can write")


def _sandbox_check(project: Path | None) -> Finding:
    """Whether the processes `serve` starts would be sandboxed (informational: off is not a failure)."""
    try:
        config = load_serve_config(project_root(project)) if project is not None else None
    except ActionableError:
        config = None  # the project checks say why
    state = sandbox_state()
    if config is not None and config.sandbox is False:
        state = "off: sandbox = false in config.toml"
    detail = f"on (Landlock ABI {abi_version()})" if state == "landlock" else state
    return Finding("Sandbox", True, f"{detail}; serve --no-sandbox turns it off")


def _project_checks(project: Path) -> list[Finding]:
    try:
        root = project_root(project)
        installed = installed_addon_version(root)
        enabled = addon_enabled(root)
    except ActionableError as error:
        return [Finding("Project", False, error.message, error.hint)]
    install_hint = f"run `godot-live-mcp install-addon {root}`"
    addon = _addon_check(root, installed, install_hint)
    detail = "listed in [editor_plugins] of project.godot" if enabled else "not enabled in project.godot"
    enabled_check = Finding("Addon enabled", enabled, detail, "" if enabled else install_hint)
    return [Finding("Project", True, str(root)), addon, enabled_check]


def _addon_check(root: Path, installed: str | None, install_hint: str) -> Finding:
    """Installed and current; an older copy is upgraded only when the person runs install-addon."""
    bundled = bundled_addon_version()
    gap = addon_version_gap(installed, bundled)
    if gap == "missing":
        return Finding("Addon installed", False, f"no addons/godot_live_mcp in {root}", install_hint)
    if gap == "older":
        detail = f"version {installed} is older than {bundled}, which this package ships"
        hint = f"{install_hint} to upgrade it, then reload the project"
        return Finding("Addon installed", False, detail, hint)
    if gap == "newer":
        detail = f"version {installed} is newer than this package ({__version__}, addon {bundled})"
        hint = "upgrade godot-live-mcp (pip install -U godot-live-mcp)"
        return Finding("Addon installed", False, detail, hint)
    return Finding("Addon installed", True, f"version {installed}")


def _setup_checks(project: Path) -> list[Finding]:
    """The clients configured for the project, and its working rules blocks (``configure --rules``)."""
    try:
        root = project_root(project).resolve()
    except ActionableError:
        return []  # the project check has said why
    return [*live_findings(root), *setup_findings(root)]


def _render(checks: list[Finding]) -> None:
    console = Console(highlight=False)
    table = Table(title="godot-live-mcp doctor", title_justify="left")
    table.add_column("check")
    table.add_column("ok")
    table.add_column("detail", overflow="fold")
    for check in checks:
        table.add_row(check.name, "[green]yes[/]" if check.ok else "[red]no[/]", escape(check.detail))
    console.print(table)
    for check in checks:
        if not check.ok:
            console.print(f"[red]✗[/] {check.name}: {escape(check.hint or check.detail)}", soft_wrap=True)
    if all(check.ok for check in checks):
        console.print("[green]Everything needed is in place.[/]")


def _distribution_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"
