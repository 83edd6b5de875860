"""``godot-live-mcp configure CLIENT``: add this server to an MCP client's configuration (and, with
``--rules``, the working rules to the file the client reads), merged into what is there."""

from __future__ import annotations

import difflib
from pathlib import Path

import click

from godot_live_mcp import __version__
from godot_live_mcp.cli._client_config import FileEdit, merged_config, same_newlines, serve_entry, server_name
from godot_live_mcp.cli._clients import Client, client_named, client_names, user_config_path
from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.cli._rules import found_rules, rules_path, with_rules
from godot_live_mcp.contract import SetupError
from godot_live_mcp.instances.addon_install import project_root
from godot_live_mcp.regular_files import read_regular_text, replace_text

__all__ = ["config_file", "configure_command"]


@click.command("configure", epilog=f"CLIENT is one of: {', '.join(client_names())}.")
@click.argument("client", type=click.Choice(client_names()), metavar="CLIENT")
@click.option(
    "--project",
    type=click.Path(path_type=Path),
    default=".",
    show_default=True,
    help="The Godot project the server serves.",
)
@click.option(
    "--workspace",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="The folder you open in the client, if not the project (its files go there).",
)
@click.option(
    "--user", "user_level", is_flag=True, help="Write the client's user-level file, for every folder."
)
@click.option(
    "--file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write this configuration file instead (in the client's format).",
)
@click.option(
    "--name", default=None, help='The server\'s name (default "godot"; "godot-<project>" in a user file).'
)
@click.option("--rules", is_flag=True, help="Also write the working rules into the file the client reads.")
@click.option("--dry-run", is_flag=True, help="Print the changes as a diff and write nothing.")
def configure_command(
    client: str,
    project: Path,
    workspace: Path | None,
    user_level: bool,
    file: Path | None,
    name: str | None,
    rules: bool,
    dry_run: bool,
) -> None:
    """Add `godot-live-mcp serve --project PROJECT` to CLIENT's MCP configuration.

    Other servers and settings in the file stay as they are; a second run changes nothing.
    """
    spec = client_named(client)
    with reported_as_click_error():
        root = project_root(project).resolve()
        folder = (workspace or root).resolve()
        path = (file.absolute() if file else None) or config_file(spec, folder, user_level)
        entry = serve_entry(name or server_name(path, folder, root), root)
        edits = [merged_config(spec, path, entry)]
        if rules:
            edits += _rules_edit(spec, folder)
    _report(spec, edits, entry.shell_line(), dry_run)


def config_file(client: Client, workspace: Path, user_level: bool) -> Path:
    """The file ``configure`` writes: the workspace's, else (or with ``--user``) the user's."""
    if client.project_file is not None and not user_level:
        return workspace / client.project_file
    if client.user_file is None:
        raise SetupError(
            f"{client.title} has no user-level configuration file.",
            f"Leave out --user to write {client.project_file} in the workspace, or pass --file PATH.",
        )
    return user_config_path(client.user_file)


def _rules_edit(client: Client, workspace: Path) -> list[FileEdit]:
    if client.rules is None:
        return []
    path = rules_path(workspace, client.rules)
    before = read_regular_text(path, inside=workspace) if path.is_file() else ""
    lf = before.replace("\r\n", "\n")
    after = same_newlines(before, with_rules(lf, __version__, client.rules.front_matter))
    old = next((block.version for block in found_rules(workspace) if block.path == path), None)
    if before == after:
        summary = f"the working rules of godot-live-mcp {__version__} are already there"
    elif old is not None:
        summary = f"replaced the working rules of godot-live-mcp {old} with those of {__version__}"
    else:
        summary = f"added the working rules of godot-live-mcp {__version__}"
    return [FileEdit(path, before, after, summary)]


def _report(client: Client, edits: list[FileEdit], command: str, dry_run: bool) -> None:
    for edit in edits:
        if dry_run and edit.changed:
            click.echo(_diff(edit), nl=False)
        elif edit.changed:
            edit.path.parent.mkdir(parents=True, exist_ok=True)
            replace_text(edit.path, edit.after)
        mark = click.style("~" if dry_run and edit.changed else "✓", fg="green" if edit.changed else None)
        click.echo(f"{mark} {edit.path}: {edit.summary}")
    click.echo(f"  {client.title} will run: {command}")
    if client.note:
        click.echo(f"  note: {client.note}")
    if dry_run:
        click.echo("dry run: nothing was written")


def _diff(edit: FileEdit) -> str:
    old = str(edit.path) if edit.before else "/dev/null"
    lines = difflib.unified_diff(
        edit.before.splitlines(keepends=True), edit.after.splitlines(keepends=True), old, str(edit.path)
    )
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )
