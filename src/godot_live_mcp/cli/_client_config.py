"""Our server's entry in a client's configuration file: built for this machine, merged into whatever the
file already holds (other servers, settings, comments, key order and indentation stay), never twice."""

from __future__ import annotations

import json
import re
import shutil
import sys
import tomllib
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomlkit
import yaml

from godot_live_mcp import __version__
from godot_live_mcp.cli import _jsonc
from godot_live_mcp.cli._clients import Client
from godot_live_mcp.contract import SetupError
from godot_live_mcp.instances.registry import same_path_key
from godot_live_mcp.regular_files import LARGE_CAP, read_regular_text

__all__ = [
    "FileEdit",
    "ServerEntry",
    "configured_servers",
    "is_our_entry",
    "merged_config",
    "same_newlines",
    "serve_entry",
    "server_name",
]

_OUR_PROGRAM = re.compile(r"godot[-_]live[-_]mcp", re.IGNORECASE)


@dataclass(frozen=True)
class ServerEntry:
    """The server a client starts: ``command args...`` serving ``project``, named ``name`` in the file."""

    name: str
    command: str
    args: tuple[str, ...]
    project: Path

    def fields(self, client: Client) -> dict[str, Any]:
        return {**client.extra, "command": self.command, "args": list(self.args)}

    def shell_line(self) -> str:
        return " ".join([self.command, *self.args])


@dataclass(frozen=True)
class FileEdit:
    """A file's text before (empty when it does not exist) and after, and what changed in words."""

    path: Path
    before: str
    after: str
    summary: str

    @property
    def changed(self) -> bool:
        return self.before != self.after


def serve_entry(name: str, project: Path) -> ServerEntry:
    """``godot-live-mcp serve --project PROJECT`` with this interpreter's own entry point (absolute: desktop
    apps see neither the shell's PATH nor its virtual environment), else ``python -m godot_live_mcp``."""
    scripts = Path(sys.executable).absolute().parent
    script = shutil.which("godot-live-mcp", path=str(scripts))
    serve = ("serve", "--project", str(project))
    if script is not None:
        return ServerEntry(name, str(Path(script).absolute()), serve, project)
    return ServerEntry(name, str(Path(sys.executable).absolute()), ("-m", "godot_live_mcp", *serve), project)


def server_name(path: Path, workspace: Path, project: Path) -> str:
    """``godot`` in a file of the workspace; ``godot-<project folder>`` in a file shared by every project."""
    if Path(same_path_key(path)).is_relative_to(same_path_key(workspace)):
        return "godot"
    slug = re.sub(r"[^a-z0-9]+", "-", project.name.lower()).strip("-")
    return f"godot-{slug}" if slug else "godot"


def is_our_entry(data: object, project: Path | None = None) -> bool:
    """An entry that starts godot-live-mcp (serving ``project`` when one is given)."""
    if not isinstance(data, Mapping):
        return False
    args = data.get("args")
    words = [data.get("command"), *(args if isinstance(args, list) else [])]
    words = [word for word in words if isinstance(word, str)]
    if not any(_OUR_PROGRAM.search(word) for word in words):
        return False
    if project is None:
        return True
    served = next((words[i + 1] for i, word in enumerate(words[:-1]) if word == "--project"), None)
    return served is not None and same_path_key(Path(served)) == same_path_key(project)


def merged_config(client: Client, path: Path, entry: ServerEntry) -> FileEdit:
    """``path`` with ``entry`` merged in (nothing written); raises ``SetupError`` for a file that cannot be
    read, or whose ``entry.name`` belongs to another server."""
    try:
        before = read_regular_text(path, cap=LARGE_CAP) if path.exists() else ""
    except (OSError, UnicodeDecodeError) as error:
        raise SetupError(f"Cannot read {path}: {error}.", "Fix the file, or pass --file PATH.") from None
    after, summary = _MERGERS[client.format](before.replace("\r\n", "\n"), client, entry, path)
    return FileEdit(path, before, same_newlines(before, after), summary)


def same_newlines(before: str, after: str) -> str:
    """``after`` (written with ``\\n``) with the line endings of ``before``: Windows files stay CRLF."""
    return after.replace("\n", "\r\n") if "\r\n" in before else after


def _json(text: str, client: Client, entry: ServerEntry, path: Path) -> tuple[str, str]:
    wanted = entry.fields(client)
    if not text.strip():
        return json.dumps({client.container: {entry.name: wanted}}, indent=2) + "\n", _summary({}, entry)
    root = _parsed(text, path)
    if not isinstance(root.data, dict):
        raise _bad(path, "its top level is not a JSON object")
    holder = root.member(client.container)
    if holder is None:
        return _jsonc.set_member(text, root, client.container, {entry.name: wanted}), _summary({}, entry)
    if not isinstance(holder.value.data, dict):
        raise _bad(path, f'"{client.container}" is not an object')
    servers: dict[str, Any] = holder.value.data
    _check_name(servers, entry, path)
    for stale in _stale_names(servers, entry):
        text = _jsonc.remove_member(text, _container(text, client, path), stale)
    if servers.get(entry.name) == wanted:
        return text, _summary(servers, entry, changed=False)
    text = _jsonc.set_member(text, _container(text, client, path), entry.name, wanted)
    return text, _summary(servers, entry)


def _toml(text: str, client: Client, entry: ServerEntry, path: Path) -> tuple[str, str]:
    try:
        document = tomlkit.parse(text)
    except tomlkit.exceptions.ParseError as error:
        raise _bad(path, f"it is not valid TOML ({error})") from None
    servers = document.get(client.container)
    if servers is None:
        servers = tomlkit.table(is_super_table=True)
        document[client.container] = servers
    elif not isinstance(servers, MutableMapping):
        raise _bad(path, f"{client.container} is not a table")
    plain = {str(key): _plain(value) for key, value in servers.items()}
    _check_name(plain, entry, path)
    for stale in _stale_names(plain, entry):
        del servers[stale]
    if plain.get(entry.name) == entry.fields(client):
        return tomlkit.dumps(document), _summary(plain, entry, changed=False)
    table = tomlkit.table()
    table.update(entry.fields(client))
    table.add(tomlkit.nl())  # a blank line before the table that follows, if one does
    servers[entry.name] = table
    return tomlkit.dumps(document).rstrip("\n") + "\n", _summary(plain, entry)


def _continue_block(text: str, client: Client, entry: ServerEntry, path: Path) -> tuple[str, str]:
    """A Continue block file of its own; other servers in it stay, its comments do not (YAML)."""
    try:
        block = yaml.safe_load(text) if text.strip() else None
    except yaml.YAMLError as error:
        raise _bad(path, f"it is not valid YAML ({error})") from None
    if block is None:
        block = {"name": "godot-live-mcp", "version": __version__, "schema": "v1", client.container: []}
    listed = block.get(client.container) if isinstance(block, dict) else None
    if not isinstance(listed, list):
        raise _bad(path, f"it has no {client.container} list")
    wanted = {"name": entry.name, **entry.fields(client)}
    servers = {str(item.get("name")): item for item in listed if isinstance(item, dict)}
    _check_name(servers, entry, path)
    kept = [item for item in listed if not _replaced_item(item, entry)]
    if [item for item in listed if _replaced_item(item, entry)] == [wanted]:
        return text, _summary(servers, entry, changed=False)
    block[client.container] = [*kept, wanted]
    after = yaml.safe_dump(block, sort_keys=False, allow_unicode=True, default_flow_style=False)
    return after, _summary(servers, entry)


_MERGERS: dict[str, Callable[[str, Client, ServerEntry, Path], tuple[str, str]]] = {
    "json": _json,
    "toml": _toml,
    "continue_yaml": _continue_block,
}


def _replaced_item(item: object, entry: ServerEntry) -> bool:
    return isinstance(item, dict) and (item.get("name") == entry.name or is_our_entry(item, entry.project))


def _check_name(servers: Mapping[str, Any], entry: ServerEntry, path: Path) -> None:
    """The name is free, or ours for this project: another server of that name is never overwritten."""
    existing = servers.get(entry.name)
    if existing is None or is_our_entry(existing, entry.project):
        return
    whose = "another project's godot-live-mcp" if is_our_entry(existing) else "another server"
    raise SetupError(
        f'{path} already has a server named "{entry.name}" that is {whose}; it was left as it is.',
        "Pass --name NAME to add this one under another name.",
    )


def _stale_names(servers: Mapping[str, Any], entry: ServerEntry) -> list[str]:
    """Our entries for this project under another name: one entry per project, never two."""
    return [
        name for name, data in servers.items() if name != entry.name and is_our_entry(data, entry.project)
    ]


def _summary(servers: Mapping[str, Any], entry: ServerEntry, *, changed: bool = True) -> str:
    """What merging ``entry`` into ``servers`` (the entries before it) did, in words."""
    stale = _stale_names(servers, entry)
    removed = f"; removed the duplicate {', '.join(repr(s) for s in stale)}" if stale else ""
    if not changed and not stale:
        return f'server "{entry.name}" is already up to date'
    what = "unchanged" if not changed else "replaced" if entry.name in servers else "added"
    return f'{what} server "{entry.name}"{removed}'


def _container(text: str, client: Client, path: Path) -> _jsonc.JsonNode:
    holder = _parsed(text, path).member(client.container)
    assert holder is not None
    return holder.value


def _parsed(text: str, path: Path) -> _jsonc.JsonNode:
    try:
        return _jsonc.parse(text)
    except _jsonc.JsoncError as error:
        raise _bad(path, f"it is not valid JSON: {error}") from None


def _plain(value: Any) -> Any:
    unwrap = getattr(value, "unwrap", None)
    return unwrap() if callable(unwrap) else value


def _bad(path: Path, problem: str) -> SetupError:
    return SetupError(
        f"{path} was left as it is: {problem}.", "Fix the file (or move it away), then run this again."
    )


def configured_servers(client: Client, path: Path) -> dict[str, Any]:
    """The servers ``path`` lists by name (empty when it is missing or unreadable)."""
    try:
        text = read_regular_text(path, cap=LARGE_CAP)
        if client.format == "toml":
            servers = tomllib.loads(text).get(client.container)
        elif client.format == "continue_yaml":
            listed = (yaml.safe_load(text) or {}).get(client.container) or []
            servers = {str(item.get("name")): item for item in listed if isinstance(item, dict)}
        else:
            servers = _jsonc.parse(text).data.get(client.container)
    except (OSError, UnicodeDecodeError, ValueError, AttributeError, yaml.YAMLError):
        return {}
    return dict(servers) if isinstance(servers, Mapping) else {}
