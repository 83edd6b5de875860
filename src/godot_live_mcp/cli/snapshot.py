"""``godot-live-mcp snapshot``: the tool surface of each package as stable text (``api/<package>.mcp``),
and ``--check``, which fails with the semantic-version bump a difference requires."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import anyio
import click

from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.contract import SetupError

if TYPE_CHECKING:
    from godot_live_mcp.bridge.catalog import Catalog

__all__ = [
    "BUILTIN_PACKAGE",
    "builtin_snapshot",
    "builtin_snapshot_text",
    "plugin_snapshots",
    "snapshot_command",
    "snapshot_problem",
]

BUILTIN_PACKAGE = "godot-live-mcp"


@click.command("snapshot")
@click.option("--plugin", "plugins", multiple=True, help="Only this plugin's package (repeatable).")
@click.option(
    "--builtin/--no-builtin",
    default=None,
    help="The built-in surface (a headless editor on a demo copy); alone: only it. Default: no --plugin.",
)
@click.option(
    "--out", type=click.Path(file_okay=False, path_type=Path), default=Path("api"), show_default=True
)
@click.option("--check", is_flag=True, help="Compare with the files in --out; exit 1 naming the bump needed.")
@click.option(
    "--godot", default=None, help="Godot binary to launch (else GODOT_BIN, PATH, the private install)."
)
def snapshot_command(
    plugins: tuple[str, ...], builtin: bool | None, out: Path, check: bool, godot: str | None
) -> None:
    """Write (or --check) api/<package>.mcp: by default for each installed plugin's package and for the
    built-in tools (api/godot-live-mcp.mcp)."""
    with reported_as_click_error():
        every_plugin = not plugins and builtin is not True  # --builtin alone: the built-in surface only
        texts = plugin_snapshots(list(plugins)) if plugins or every_plugin else {}
        if builtin if builtin is not None else not plugins:
            texts[BUILTIN_PACKAGE] = builtin_snapshot(godot)
    if check:
        problems = [
            p for package, text in texts.items() if (p := snapshot_problem(out, package, text, plugins))
        ]
        for problem in problems:
            click.echo(problem, err=True)
        if problems:
            sys.exit(1)
        click.echo(f"{len(texts)} snapshots in {out} are up to date", err=True)
        return
    out.mkdir(parents=True, exist_ok=True)
    for package, text in texts.items():
        (out / f"{package}.mcp").write_text(text, "utf-8")
        click.echo(f"wrote {out / f'{package}.mcp'}", err=True)


def plugin_snapshots(only: list[str]) -> dict[str, str]:
    """The snapshot text of each installed plugin's package (all of a package's plugins in one file), or
    of the packages of the plugins named; a plugin that does not install is an error."""
    from godot_live_mcp.bridge.editor_link import EditorLink
    from godot_live_mcp.instances.editor_source import RegistrySource
    from godot_live_mcp.plugins import ProjectPlugins, ProjectTools, render_snapshot
    from godot_live_mcp.server.plugin_tools import plugin_tool_entries

    trial = ProjectPlugins(ProjectTools())
    states = trial.states()
    unknown = sorted(set(only) - {state.name for state in states})
    if unknown:
        raise SetupError(
            f"No installed plugin is named {', '.join(unknown)}.", "See godot-live-mcp plugins list."
        )
    packages = {state.source.package for state in states if not only or state.name in only}
    chosen = [state for state in states if state.source.package in packages]
    trial.apply([state.name for state in chosen])
    broken = [problem for state in chosen for problem in state.problems]
    if broken:
        raise SetupError(f"{broken[0].message}", broken[0].hint)
    entries = plugin_tool_entries(trial, EditorLink(RegistrySource(None)))
    texts = {}
    for package in sorted(packages):
        owners = {state.name for state in chosen if state.source.package == package}
        owned = [entry.tool for entry in entries if _owner(entry.tool.meta) in owners]
        namespaces = {name.split(".", 1)[0] for name in owners}
        versions = {ns: v for ns, v in trial.tools.schema_versions.items() if ns in namespaces}
        texts[package] = render_snapshot(package, owned, versions)
    return texts


def builtin_snapshot(godot: str | None) -> str:
    """The built-in surface of a headless editor on a fresh copy of the demo project."""
    from godot_live_mcp.cli.tools import _live_catalog

    return builtin_snapshot_text(anyio.run(_live_catalog, None, godot))


def builtin_snapshot_text(catalog: Catalog) -> str:
    """The built-in surface (``builtin_tools``): the server-run tools and ``catalog``'s built-in commands
    (its GDScript extensions' left out)."""
    from godot_live_mcp.plugins import render_snapshot
    from godot_live_mcp.server.builtin_tools import builtin_tools
    from godot_live_mcp.server.served_tools import own_project_tools

    return render_snapshot(BUILTIN_PACKAGE, builtin_tools(catalog), own_project_tools().schema_versions)


def _owner(meta: dict[str, object] | None) -> str:
    owner = str((meta or {}).get("godot-live-mcp/owner", ""))
    return owner.removeprefix("plugin:")


def snapshot_problem(out: Path, package: str, text: str, plugins: Sequence[str] = ()) -> str | None:
    """None when ``out/<package>.mcp`` holds ``text``; else the semantic-version verdict of the
    difference (the bump, each change, the schema version to declare) and the command that regenerates
    the file (``plugins``: the plugins named on the command line)."""
    from godot_live_mcp.plugins import compare_snapshots

    path = out / f"{package}.mcp"
    regenerate = _regenerate(out, package, plugins)
    if not path.is_file():
        return f"{path} is missing; write it with `{regenerate}`."
    verdict = compare_snapshots(path.read_text("utf-8"), text)
    if not verdict.changed:
        return None
    lines = [f"{path} differs from the {package} surface: a {verdict.bump} change."]
    lines += [f"  {reason}" for reason in verdict.reasons]
    for namespace, version in verdict.required_versions().items():
        declared = verdict.versions[namespace][1]
        lines.append(f"  declare schema version {version} for {namespace} (now {declared}).")
    lines.append(f"  If the change is meant, regenerate: {regenerate}")
    return "\n".join(lines)


def _regenerate(out: Path, package: str, plugins: Sequence[str]) -> str:
    if package == BUILTIN_PACKAGE:
        return f"godot-live-mcp snapshot --builtin --out {out}"
    chosen = "".join(f" --plugin {name}" for name in plugins) or " --no-builtin"
    return f"godot-live-mcp snapshot{chosen} --out {out}"
