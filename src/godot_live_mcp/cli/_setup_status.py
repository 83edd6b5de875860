"""What ``doctor`` says about the clients: which are configured for a project (and whether the command
they start still exists), and which rules blocks are older than this version."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import NamedTuple

from godot_live_mcp import __version__
from godot_live_mcp.cli._client_config import configured_servers, is_our_entry
from godot_live_mcp.cli._clients import CLIENTS, Client, user_config_path
from godot_live_mcp.cli._rules import found_rules, rules_path

__all__ = ["Finding", "setup_findings"]


class Finding(NamedTuple):
    """One line of ``doctor``'s table: a check, whether it passed, what was found, and the fix."""

    name: str
    ok: bool
    detail: str
    hint: str = ""


def setup_findings(project: Path) -> list[Finding]:
    """The client check, then one finding for the rules blocks when there are any."""
    return [_clients_finding(project), *_rules_findings(project)]


def _clients_finding(project: Path) -> Finding:
    configured: list[str] = []
    broken: list[str] = []
    for client, path in _config_files(project):
        for data in configured_servers(client, path).values():
            if not is_our_entry(data, project):
                continue
            command = data.get("command") if isinstance(data, dict) else None
            if isinstance(command, str) and shutil.which(command) is None:
                broken.append(f"{client.title} ({path}) starts {command}, which is not there")
            else:
                configured.append(client.title)
    if broken:
        clients = " / ".join(sorted({line.split(" (", 1)[0] for line in broken}))
        hint = f"run `godot-live-mcp configure CLIENT --project {project}` again for {clients}"
        return Finding("Client configured", False, "; ".join(broken), hint)
    if not configured:
        detail = (
            f"no client is set up for this project: `godot-live-mcp configure CLIENT --project {project}`"
        )
        return Finding("Client configured", True, detail)
    return Finding("Client configured", True, ", ".join(dict.fromkeys(configured)))


def _config_files(project: Path) -> list[tuple[Client, Path]]:
    files = []
    for client in CLIENTS:
        candidates = [project / client.project_file] if client.project_file else []
        if client.user_file is not None:
            candidates.append(user_config_path(client.user_file))
        files += [(client, path) for path in candidates if path.is_file()]
    return files


def _rules_findings(project: Path) -> list[Finding]:
    blocks = found_rules(project)
    old = [block for block in blocks if block.version != __version__]
    if not blocks:
        return []
    if not old:
        listed = ", ".join(str(block.path.relative_to(project)) for block in blocks)
        return [Finding("Working rules", True, f"{listed}: version {__version__}")]
    detail = "; ".join(f"{block.path} holds the rules of version {block.version}" for block in old)
    clients = sorted(
        client.name
        for client in CLIENTS
        if client.rules is not None and rules_path(project, client.rules) in {block.path for block in old}
    )
    hint = (
        f"run `godot-live-mcp configure CLIENT --rules --project {project}` with CLIENT "
        f"{' and '.join(clients) or 'each client you use'}"
    )
    return [Finding("Working rules", False, f"{detail}; this is {__version__}", hint)]
