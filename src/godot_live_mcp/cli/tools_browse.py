"""``godot-live-mcp tools list|search|show``: the tools of the live editor's catalogue, as a client lists
them (the same catalogue and projection as ``tools reference`` and ``tools count``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import click

from godot_live_mcp.bridge.catalog import Catalog, CommandSpec
from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.cli.tools import _live_catalog, fetch_catalog
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.registry import find_instance

if TYPE_CHECKING:
    import mcp_types as types

__all__ = ["browse_commands"]

_SEARCH_LIMIT = 15

_project_option = click.option(
    "--project",
    type=click.Path(path_type=Path),
    default=None,
    help="The live editor of this project (default: the only or most recent live one, else a fresh "
    "demo copy).",
)
_godot_option = click.option(
    "--godot",
    default=None,
    help="Godot binary for the fresh demo copy (else GODOT_BIN, PATH, the private install).",
)
_json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")


@click.command("list")
@click.option(
    "--group", "group", default=None, help="Only the tools of this group (scene, node, runtime, ...)."
)
@_project_option
@_godot_option
@_json_option
def list_command(group: str | None, project: Path | None, godot: str | None, as_json: bool) -> None:
    """List every tool: name, group, read-only or mutating, and what it does."""
    tools = _published(_catalog(project, godot))
    if group is not None:
        tools = [(spec, tool) for spec, tool in tools if _group(spec) == group]
        if not tools:
            raise click.ClickException(f'No tool is in group "{group}".')
    _print_rows(tools, as_json)


@click.command("search")
@click.argument("query", nargs=-1, required=True)
@_project_option
@_godot_option
@_json_option
def search_command(query: Sequence[str], project: Path | None, godot: str | None, as_json: bool) -> None:
    """Find tools by words (`tools search press a key in the game`), best matches first."""
    from godot_live_mcp.server.group_matching import stem, words

    wanted = [stem(word) for word in words(" ".join(query))]
    scored = [(_score(wanted, spec, tool), spec, tool) for spec, tool in _published(_catalog(project, godot))]
    best = sorted((item for item in scored if item[0] > 0), key=lambda item: -item[0])[:_SEARCH_LIMIT]
    if not best:
        raise click.ClickException(
            f"No tool matches {' '.join(query)!r}; `godot-live-mcp tools list` lists all."
        )
    _print_rows([(spec, tool) for _score_, spec, tool in best], as_json)


@click.command("show")
@click.argument("name")
@_project_option
@_godot_option
@_json_option
def show_command(name: str, project: Path | None, godot: str | None, as_json: bool) -> None:
    """Show one tool as a client sees it: description, annotations, input and output schemas."""
    from godot_live_mcp.server.suggestions import did_you_mean

    tools = _published(_catalog(project, godot))
    found = next(((spec, tool) for spec, tool in tools if name in (tool.name, spec.name)), None)
    if found is None:
        raise click.ClickException(
            f"No tool is named {name!r}.{did_you_mean(name, [t.name for _, t in tools])}"
        )
    spec, tool = found
    dumped = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
    if as_json:
        click.echo(json.dumps(dumped, indent=2, ensure_ascii=False))
        return
    click.echo(click.style(tool.name, bold=True) + f"  ({_kind(tool)}; group {_group(spec)})")
    click.echo(f"editor command {spec.name}, timeout {spec.timeout_ms / 1000:g} s")
    click.echo("")
    click.echo(tool.description or "")
    for title, key in (("input schema", "inputSchema"), ("output schema", "outputSchema")):
        if key in dumped:
            click.echo(f"\n{title}:\n{json.dumps(dumped[key], indent=2, ensure_ascii=False)}")


browse_commands = (list_command, search_command, show_command)


def _catalog(project: Path | None, godot: str | None) -> Catalog:
    with reported_as_click_error():
        return anyio.run(_browse_catalog, project, godot)


async def _browse_catalog(project: Path | None, godot: str | None) -> Catalog:
    if project is None:
        instance = find_instance(None)
        if instance is not None:
            click.echo(f"tools of the live editor of {instance.describe()}", err=True)
            return await fetch_catalog(instance)
        click.echo("no live editor: starting a headless one on a copy of the demo project", err=True)
    return await _live_catalog(project, godot)


def _published(catalog: Catalog) -> list[tuple[CommandSpec, types.Tool]]:
    from godot_live_mcp.server.projection import project_command

    published = []
    for spec in catalog.commands:
        try:
            published.append((spec, project_command(spec)))
        except ToolError as error:
            if error.code != ErrorCode.NAME_INVALID:
                raise
    return sorted(published, key=lambda pair: pair[1].name)


def _score(wanted: Sequence[str], spec: CommandSpec, tool: types.Tool) -> float:
    """Each query word counts where it best matches: the tool's name (3), its group (2), its text (1)."""
    from godot_live_mcp.server.group_matching import stem, words

    places = (
        (3.0, {stem(w) for w in words(tool.name.replace("_", " "))}),
        (2.0, {stem(w) for w in words(_group(spec))}),
        (1.0, {stem(w) for w in words(tool.description or "")}),
    )
    return sum(max((worth for worth, found in places if word in found), default=0.0) for word in wanted)


def _print_rows(tools: Sequence[tuple[CommandSpec, types.Tool]], as_json: bool) -> None:
    rows = [_row(spec, tool) for spec, tool in tools]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    width = max(len(row["name"]) for row in rows)
    for row in rows:
        name = click.style(row["name"].ljust(width), bold=True)
        click.echo(f"{name}  {row['group']:<10} {row['kind']:<9} {row['summary']}")


def _row(spec: CommandSpec, tool: types.Tool) -> dict[str, Any]:
    summary = " ".join((tool.description or "").split())
    first = summary.split(". ", 1)[0].rstrip(".")
    return {"name": tool.name, "group": _group(spec), "kind": _kind(tool), "summary": first}


def _group(spec: CommandSpec) -> str:
    return spec.group.name if spec.group is not None else "-"


def _kind(tool: types.Tool) -> str:
    hints = tool.annotations
    return "read-only" if hints is not None and hints.read_only_hint else "mutating"
