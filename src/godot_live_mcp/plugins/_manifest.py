"""What a plugin says about itself: its id (and so its namespace), version, description and permissions."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from godot_live_mcp.contract import CONTRACT, ErrorCode
from godot_live_mcp.plugins._errors import PluginError

__all__ = ["OWN_NAMESPACE", "Permission", "PluginManifest", "SchemaVersion", "reserved_namespaces"]

OWN_NAMESPACE = "godot_live_mcp"
"""The server's own namespace (``godot_live_mcp.schema``): reserved like the built-ins' ones."""

_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$")
_SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:[-+][0-9A-Za-z.+-]+)?$")


class Permission(StrEnum):
    """What a plugin may do; each is shown by ``godot-live-mcp plugins list`` before it is enabled."""

    TOOLS = "tools"
    """Add tools for the assistant."""
    EDITOR = "editor"
    """Call the editor's commands (``context.editor.call``)."""
    RUNTIME = "runtime"
    """Call the running game's commands (``context.runtime.call``)."""
    FILES = "files"
    """Read and write project files through the editor's path guard (``context.files``)."""
    HOOKS = "hooks"
    """Wrap every tool call with a hook (``host.add_hook``)."""
    PROMPTS = "prompts"
    """Offer prompts, under its namespace, that a person may pick (``add_prompt``)."""
    RESOURCES = "resources"
    """Offer resources, under its namespace, that a client may read into the model's context
    (``add_resource``)."""


def reserved_namespaces() -> frozenset[str]:
    """Namespaces no plugin may take: ``Contract.reserved_namespaces`` (every group's, the other
    built-ins' and ours)."""
    return frozenset((*CONTRACT.reserved_namespaces, OWN_NAMESPACE))


@dataclass(frozen=True, order=True)
class SchemaVersion:
    """A semantic version ``major.minor.patch`` (a pre-release or build suffix is kept, not compared)."""

    major: int
    minor: int
    patch: int
    suffix: str = field(default="", compare=False)

    @classmethod
    def parse(cls, text: str) -> SchemaVersion:
        """Raises ``ValueError`` for text that is not ``major.minor.patch``."""
        match = _SEMVER.match(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f"{text!r} is not a semantic version (major.minor.patch, e.g. '1.0.0')")
        major, minor, patch = (int(part) for part in match.groups())
        return cls(major, minor, patch, text.strip()[len(f"{major}.{minor}.{patch}") :])

    def bumped(self, level: str) -> SchemaVersion:
        """The next version at ``level`` (``major``, ``minor`` or ``patch``)."""
        if level == "major":
            return SchemaVersion(self.major + 1, 0, 0)
        if level == "minor":
            return SchemaVersion(self.major, self.minor + 1, 0)
        return SchemaVersion(self.major, self.minor, self.patch + 1)

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}.{self.patch}{self.suffix}"


@dataclass(frozen=True)
class PluginManifest:
    """``id``: lower-case words joined by ``_``, optionally dotted (``wind``, ``wind.editor``); its part
    before the first dot is the plugin's namespace. ``version``: semantic. ``permissions``: what it may do."""

    id: str
    version: str
    description: str
    permissions: frozenset[Permission] = frozenset()

    def __init__(
        self,
        id: str,
        version: str,
        description: str,
        permissions: Iterable[Permission | str] = (),
        *,
        source: str | None = None,
    ) -> None:
        """Raises ``PluginError`` (``INVALID_PARAMS``) for a malformed id, version, description or
        permission, naming the plugin by ``source`` (its entry point) or else its id."""
        name = source or (id if isinstance(id, str) and id else "?")
        if not isinstance(id, str) or not _ID.match(id):
            raise _malformed(name, f"its id {id!r} must be lower-case words of a-z, 0-9 and '_', dotted")
        try:
            SchemaVersion.parse(version)
        except ValueError as error:
            raise _malformed(name, f"its version: {error}") from None
        if not isinstance(description, str) or not description.strip():
            raise _malformed(name, "it has no description (one sentence on what its tools are for)")
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "version", version)
        object.__setattr__(self, "description", description.strip())
        object.__setattr__(self, "permissions", _permissions(name, permissions))

    @classmethod
    def from_value(cls, value: object, source: str) -> PluginManifest:
        """A manifest given as a ``PluginManifest`` or a mapping of its fields; ``source`` names the plugin
        in errors until its id is known."""
        if isinstance(value, PluginManifest):
            return value
        if not isinstance(value, Mapping):
            raise _malformed(source, f"its manifest is a {type(value).__name__}, not a PluginManifest")
        fields: dict[str, Any] = dict(value)
        unknown = sorted(set(fields) - {"id", "version", "description", "permissions"})
        if unknown:
            raise _malformed(source, f"its manifest has unknown fields {unknown}")
        missing = sorted({"id", "version", "description"} - set(fields))
        if missing:
            raise _malformed(source, f"its manifest lacks {missing}")
        return cls(**fields, source=source)

    @property
    def namespace(self) -> str:
        """The id up to its first dot: every tool of the plugin is published under it."""
        return self.id.split(".", 1)[0]

    def require(self, permission: Permission, to: str) -> None:
        """Raises ``PluginError`` ``PERMISSION_DENIED`` unless the manifest lists ``permission``."""
        if permission not in self.permissions:
            raise PluginError(
                self.id,
                f"it needs the {permission.value!r} permission to {to}, and its manifest does not list it.",
                f"Add Permission.{permission.name} to the plugin's manifest permissions, release it, and "
                f"enable it again (`godot-live-mcp plugins list` shows what each plugin may do).",
                code=ErrorCode.PERMISSION_DENIED,
            )

    def check_namespace(self) -> None:
        """Raises ``PluginError`` ``NAMESPACE_RESERVED`` when the namespace belongs to the built-ins."""
        if self.namespace in reserved_namespaces():
            raise PluginError(
                self.id,
                f"its namespace {self.namespace!r} is reserved for the built-in tools.",
                "Give the plugin an id of its own (the namespace is the id up to its first dot).",
                code=ErrorCode.NAMESPACE_RESERVED,
            )


def _permissions(plugin: str, values: Iterable[Permission | str]) -> frozenset[Permission]:
    if isinstance(values, str):
        values = [values]
    chosen: set[Permission] = set()
    for value in values:
        try:
            chosen.add(Permission(value))
        except ValueError:
            known = ", ".join(permission.value for permission in Permission)
            raise _malformed(
                plugin, f"its manifest asks for the unknown permission {value!r} ({known})"
            ) from None
    return frozenset(chosen)


def _malformed(plugin: str, problem: str) -> PluginError:
    return PluginError(
        plugin,
        f"malformed manifest: {problem}.",
        "Fix the plugin's PluginManifest (id, version, description, permissions); see docs/extending.md.",
        code=ErrorCode.INVALID_PARAMS,
    )
