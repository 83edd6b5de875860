"""``godot-live-mcp plugins``: the Python plugins installed here, what each may do, and which a project
enables (``<project>/.godot-live-mcp/plugins.toml``, which a running server follows)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.contract import SetupError
from godot_live_mcp.instances.addon_install import project_root

if TYPE_CHECKING:
    from godot_live_mcp.plugins import PluginState, ProjectPlugins

__all__ = ["PluginReport", "plugin_reports", "plugins_group", "plugins_project"]

_PERMISSION_TEXT = {
    "tools": "add tools for the assistant",
    "editor": "call the editor's commands (change scenes, scripts, settings)",
    "runtime": "call the running game's commands",
    "files": "read and write project files (through the editor's path guard)",
    "hooks": "see and wrap every tool call",
    "prompts": "offer prompts (recipes a person picks)",
    "resources": "offer resources a client may read into the model's context",
}
_WIDTH = max(len(name) for name in _PERMISSION_TEXT)
_PROJECT_HELP = "The Godot project (default: the current folder)."


@dataclass
class PluginReport:
    """One installed plugin as ``plugins list`` shows it."""

    name: str
    package: str
    version: str = ""
    description: str = ""
    permissions: list[str] = field(default_factory=list)
    enabled: bool = False
    tools: list[str] = field(default_factory=list)
    core_tools: list[str] = field(default_factory=list)
    tokens: int = 0
    prompts: list[str] = field(default_factory=list)
    resources: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    server: str = ""

    def as_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@click.group("plugins")
def plugins_group() -> None:
    """Python plugins: list them with their permissions; enable or disable them for a project."""


@plugins_group.command("list")
@click.option("--project", type=click.Path(path_type=Path), default=None, help=_PROJECT_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def list_command(project: Path | None, as_json: bool) -> None:
    """Every installed plugin: its permissions, tools and their token cost, prompts and resources, whether
    the project enables it, and any problem (at load, install, or a call on the running server)."""
    with reported_as_click_error():
        reports = plugin_reports(plugins_project(project))
    if as_json:
        click.echo(json.dumps([report.as_json() for report in reports], indent=1))
    elif not reports:
        click.echo("No Python plugins are installed (entry point group godot_live_mcp.plugins).")
    else:
        click.echo("\n\n".join(_render(report) for report in reports))


@plugins_group.command("enable")
@click.argument("name")
@click.option("--project", type=click.Path(path_type=Path), default=None, help=_PROJECT_HELP)
@click.option("--yes", is_flag=True, help="Enable without asking (the permissions are still shown).")
def enable_command(name: str, project: Path | None, yes: bool) -> None:
    """Enable plugin NAME for the project, after showing what it may do."""
    from godot_live_mcp.plugins import read_enabled, write_enabled

    with reported_as_click_error():
        folder = project_root(project)
        report = _report_named(name, folder)
        click.echo(_render(report))
        if report.problems and not report.tools:
            raise SetupError(f"Plugin {name!r} does not install here.", "Fix the problem shown above first.")
        enabled = read_enabled(folder)
        if name in enabled:
            click.echo(f"{name} is already enabled.")
            return
        if not yes:
            click.confirm(f"Enable {name} with these permissions?", abort=True)
        path = write_enabled(folder, [*enabled, name])
    click.echo(f"enabled {name} in {path}; a running server adds its tools within a second.")


@plugins_group.command("disable")
@click.argument("name")
@click.option("--project", type=click.Path(path_type=Path), default=None, help=_PROJECT_HELP)
def disable_command(name: str, project: Path | None) -> None:
    """Disable plugin NAME for the project; a running server withdraws its tools."""
    from godot_live_mcp.plugins import read_enabled, write_enabled

    with reported_as_click_error():
        folder = project_root(project)
        enabled = read_enabled(folder)
        if name not in enabled:
            click.echo(f"{name} is not enabled in {folder}.")
            return
        path = write_enabled(folder, [item for item in enabled if item != name])
    click.echo(f"disabled {name} in {path}.")


def plugin_reports(project: Path | None) -> list[PluginReport]:
    """A report per installed plugin: each is installed into a registry of its own, apart from any
    server, to show its tools and cost; the project's enabled list and its server's last status join."""
    from godot_live_mcp.plugins import ProjectPlugins, ProjectTools, read_enabled, read_status

    enabled = read_enabled(project) if project is not None else []
    status = read_status(project) if project is not None else None
    trial = ProjectPlugins(ProjectTools())
    names = [state.name for state in trial.states()]
    trial.apply(names)
    return [_report(trial, state, state.name in enabled, status) for state in trial.states()]


def _report_named(name: str, project: Path) -> PluginReport:
    reports = {report.name: report for report in plugin_reports(project)}
    if name not in reports:
        installed = ", ".join(reports) or "none"
        raise SetupError(
            f"No installed plugin is named {name!r} (installed: {installed}).",
            "pip install the plugin's package into the environment godot-live-mcp runs in.",
        )
    return reports[name]


def _report(trial: ProjectPlugins, state: PluginState, enabled: bool, status: Any) -> PluginReport:
    from godot_live_mcp.bridge.editor_link import EditorLink
    from godot_live_mcp.instances.editor_source import RegistrySource
    from godot_live_mcp.server.plugin_tools import plugin_tool_entries
    from godot_live_mcp.server.surface_size import measure, tokenizer

    manifest = state.manifest
    report = PluginReport(state.name, f"{state.source.package} {state.source.package_version}".strip())
    report.enabled = enabled
    report.problems = [f"[{p.stage}] {p.code}: {p.message}" for p in state.problems]
    if manifest is not None:
        report.version, report.description = manifest.version, manifest.description
        report.permissions = sorted(permission.value for permission in manifest.permissions)
    link = EditorLink(RegistrySource(None))  # never connected: the entries are only measured
    entries = [e for e in plugin_tool_entries(trial, link) if e.tool.meta and _owned(e.tool.meta, state.name)]
    report.tools = [entry.name for entry in entries]
    report.core_tools = [entry.name for entry in entries if entry.core]
    report.tokens = measure(state.name, [entry.tool for entry in entries], tokenizer().count).tokens
    report.prompts = [prompt.mcp_name for prompt in trial.tools.prompts if prompt.owner == state.name]
    report.resources = [resource.uri for resource in trial.tools.resources if resource.owner == state.name]
    report.server = _server_word(status, state.name)
    return report


def _owned(meta: dict[str, Any], plugin: str) -> bool:
    return meta.get("godot-live-mcp/owner") == f"plugin:{plugin}"


def _server_word(status: Any, name: str) -> str:
    plugins = status.get("plugins") if isinstance(status, dict) else None
    entry = plugins.get(name) if isinstance(plugins, dict) else None
    if not isinstance(entry, dict):
        return ""
    problems = entry.get("problems")
    last = problems[-1] if isinstance(problems, list) and problems else None
    state = "installed" if entry.get("installed") else "not installed"
    if isinstance(last, dict):
        return f"{state}; last problem [{last.get('stage')}] {last.get('code')}: {last.get('message')}"
    return state


def _render(report: PluginReport) -> str:
    title = f"{report.name} {report.version}".strip()
    lines = [f"{title}  ({report.package}) - {'enabled' if report.enabled else 'disabled'}"]
    if report.description:
        lines.append(f"  {report.description}")
    lines.append("  permissions:" + ("" if report.permissions else " none"))
    lines += [f"    {name:<{_WIDTH}} {_PERMISSION_TEXT.get(name, '')}" for name in report.permissions]
    if report.tools:
        core = f", {len(report.core_tools)} always listed" if report.core_tools else ", none always listed"
        lines.append(f"  tools: {', '.join(report.tools)} ({report.tokens:,} tokens{core})")
    if report.prompts:
        lines.append(f"  prompts: {', '.join(report.prompts)}")
    if report.resources:
        lines.append(f"  resources: {', '.join(report.resources)}")
    lines += [f"  problem: {problem}" for problem in report.problems]
    if report.server:
        lines.append(f"  running server: {report.server}")
    return "\n".join(lines)


def plugins_project(project: Path | None) -> Path | None:
    """The project whose enabled plugins count: ``project``, else the current folder's when it is a
    Godot project. Raises ``SetupError`` for a ``project`` that is not one."""
    try:
        return project_root(project)
    except SetupError:
        if project is not None:
            raise
        return None
