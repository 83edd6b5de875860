"""Catalog entries: parsed and checked against the contract's patterns, and filtered by the running
toolkit and Godot versions (``contract/version_gate.gd`` compares the same way)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from godot_live_mcp.extension_catalog._rules import CatalogError, CatalogRules


@dataclass(frozen=True)
class CatalogEntry:
    """One release of a listed extension: what the dock shows, and the archive with its SHA-256."""

    name: str
    description: str
    repository: str
    version: str
    archive: str
    sha256: str
    bounds: dict[str, str]

    def fits(self, toolkit: str, godot: str | None) -> bool:
        """Whether the running toolkit (and Godot, when known) lie within this entry's bounds."""
        ranges = [("toolkit", toolkit)] + ([("godot", godot)] if godot else [])
        return all(
            within(
                current,
                self.bounds.get(f"min_{what}_version", ""),
                self.bounds.get(f"max_{what}_version", ""),
            )
            for what, current in ranges
        )


@dataclass(frozen=True)
class Catalog:
    """The valid entries, and one line for each entry that was left out."""

    entries: tuple[CatalogEntry, ...]
    problems: tuple[str, ...]


def parse_catalog(data: Any, rules: CatalogRules) -> Catalog:
    """``{"format": 1, "extensions": [...]}`` as entries; a bad entry is left out with a line saying why."""
    if not isinstance(data, dict) or data.get("format") != rules.format:
        raise CatalogError(
            f"the catalog is not a format {rules.format} catalog",
            'it must be a JSON object with "format": 1 and an "extensions" list',
        )
    items = data.get("extensions")
    if not isinstance(items, list) or len(items) > rules.limits["max_entries"]:
        raise CatalogError(
            f'the catalog has no "extensions" list of at most {rules.limits["max_entries"]} entries',
            "ask its maintainers to fix it, or set another url",
        )
    entries: list[CatalogEntry] = []
    problems: list[str] = []
    for index, item in enumerate(items):
        problem = entry_problem(item, rules)
        if problem:
            label = item.get("name") if isinstance(item, dict) and isinstance(item.get("name"), str) else None
            problems.append(f"catalog entry {index + 1}{f' ({label})' if label else ''} left out: {problem}")
        else:
            entries.append(_entry(item))
    return Catalog(tuple(entries), tuple(problems))


def entry_problem(item: Any, rules: CatalogRules) -> str:
    """Why ``item`` is no valid entry ("" when it is)."""
    if not isinstance(item, dict):
        return "not a JSON object"
    for field, pattern in rules.required.items():
        value = item.get(field)
        if not isinstance(value, str) or not pattern.fullmatch(value):
            return f"{field} missing or malformed"
    for field, pattern in rules.optional.items():
        value = item.get(field)
        if value is not None and (not isinstance(value, str) or not pattern.fullmatch(value)):
            return f"{field} malformed"
    unknown = sorted(set(item) - set(rules.required) - set(rules.optional))
    if unknown:
        return f"unknown field {unknown[0]}"
    if not str(item["archive"]).startswith(rules.secure_prefixes):
        return "archive is not an https:// address"
    return ""


def compatible(entries: tuple[CatalogEntry, ...], toolkit: str, godot: str | None) -> list[CatalogEntry]:
    """For each name, its newest release that fits the running versions; by name."""
    best: dict[str, CatalogEntry] = {}
    for entry in entries:
        if not entry.fits(toolkit, godot):
            continue
        kept = best.get(entry.name)
        if kept is None or version_key(entry.version) > version_key(kept.version):
            best[entry.name] = entry
    return [best[name] for name in sorted(best, key=str.lower)]


def within(current: str, lowest: str, highest: str) -> bool:
    """``lowest <= current``, and ``current`` at the depth of ``highest`` is at most ``highest`` (so a
    maximum of ``4.6`` admits every 4.6.x); an empty bound is open."""
    if lowest and version_key(current) < version_key(lowest):
        return False
    if highest:
        depth = len(highest.split("."))
        return version_key(".".join(current.split(".")[:depth])) <= version_key(highest)
    return True


def version_key(version: str) -> tuple[int, ...]:
    """``4.6.1`` as ``(4, 6, 1, 0)``; a part that is no number counts as 0."""
    parts = [int(part) if part.isdigit() else 0 for part in version.split(".")[:4]]
    return tuple(parts + [0] * (4 - len(parts)))


def _entry(item: dict[str, str]) -> CatalogEntry:
    bounds = {key: item[key] for key in item if key.endswith("_version") and key != "version"}
    return CatalogEntry(
        name=item["name"],
        description=item["description"],
        repository=item["repository"],
        version=item["version"],
        archive=item["archive"],
        sha256=item["sha256"],
        bounds=bounds,
    )
