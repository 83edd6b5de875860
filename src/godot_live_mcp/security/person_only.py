"""The places of a project only a person edits: the server's configuration (contract.json
``person_only_files``, the list the addon's path guard enforces). For server-run tools that write into
the project themselves, so they refuse the same places."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.contract import CONTRACT

__all__ = ["person_only_place"]


def person_only_place(project: Path, target: Path) -> str | None:
    """The person-only place (as contract.json lists it) that ``target`` is or lies inside, links
    resolved; None when a tool may write there."""
    real = target.resolve()
    for place in CONTRACT.person_only_files:
        # As spelled under the real project folder, and where a link there leads.
        for where in (project.resolve() / place, (project / place).resolve()):
            if real.is_relative_to(where):
                return place
    return None
