"""The last catalogue a project's editor published, kept in the user's cache folder: a server lists that
project's tools at once, before its editor is up (a large project imports for 20-35 s on first open),
and the editor's own catalogue replaces it as soon as it connects. A project never served before
borrows the built-in commands of another project's catalogue from the same addon version."""

from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path

import platformdirs

from godot_live_mcp.bridge.catalog import BUILTIN_OWNER, Catalog, parse_catalog
from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.contract import ActionableError
from godot_live_mcp.instances.addon_install import installed_addon_version
from godot_live_mcp.regular_files import read_regular_text, replace_text

logger = logging.getLogger(__name__)

_SCHEMA = 1
_CAP = 16 * 1024 * 1024  # a catalogue of 229 tools is about 400 KB
_BORROW_FROM = 20  # the newest catalogues of other projects looked at


CACHE_DIR_ENV = "GODOT_MCP_CATALOG_CACHE"


def default_cache_dir() -> Path:
    """``GODOT_MCP_CATALOG_CACHE``, else ``catalogs`` in the user cache folder."""
    given = os.environ.get(CACHE_DIR_ENV, "").strip()
    if given:
        return Path(given)
    return platformdirs.user_cache_path("godot-live-mcp", appauthor=False) / "catalogs"


class CatalogCache:
    """One project's cached catalogue (``<cache>/catalogs/<hash of the project path>.json``)."""

    def __init__(self, project: Path, folder: Path | None = None) -> None:
        resolved = project.expanduser().resolve()
        key = hashlib.sha256(str(resolved).encode("utf-8")).hexdigest()[:16]
        self.path = (folder or default_cache_dir()) / f"{key}.json"
        self._project = resolved
        self._saved: JsonValue = None

    def load(self) -> Catalog | None:
        """The project's cached catalogue, else the built-in commands of another project's from the
        addon version installed here; None when there is neither (an unreadable file is never fatal)."""
        document = _read(self.path)
        if document is not None and document.get("project") == str(self._project):
            self._saved = document["catalog"]
            return _parsed(document["catalog"], self.path)
        return self._borrowed()

    def save(self, raw: JsonValue, addon_version: str) -> None:
        """Keep ``raw`` (an ``mcp.catalog`` result of an editor with ``addon_version``) when it differs
        from what is kept; written atomically (for this user only), and a failure is logged, never
        raised: the cache is a convenience."""
        if raw == self._saved:
            return
        document = {"schema": _SCHEMA, "project": str(self._project), "addon": addon_version, "catalog": raw}
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            replace_text(self.path, json.dumps(document, separators=(",", ":")), new_mode=0o600)
        except OSError as error:
            logger.warning("could not cache the catalogue in %s: %s", self.path, error)
            return
        self._saved = raw

    def _borrowed(self) -> Catalog | None:
        try:
            version = installed_addon_version(self._project)
        except ActionableError:
            return None
        if version is None or not self.path.parent.is_dir():
            return None
        others = sorted(self.path.parent.glob("*.json"), key=_modified, reverse=True)[:_BORROW_FROM]
        for path in others:
            document = _read(path)
            if document is not None and document.get("addon") == version and path != self.path:
                return _parsed(_builtin_only(document["catalog"]), path)
        return None


def _read(path: Path) -> dict[str, JsonValue] | None:
    """A cache document of this schema, or None (missing, unreadable, another schema)."""
    try:
        document = json.loads(read_regular_text(path, cap=_CAP))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        logger.warning("ignoring the cached catalogue %s: %s", path, error)
        return None
    ok = isinstance(document, dict) and document.get("schema") == _SCHEMA and "catalog" in document
    return document if ok else None


def _parsed(raw: JsonValue, path: Path) -> Catalog | None:
    try:
        return parse_catalog(raw)
    except ValueError as error:
        logger.warning("ignoring the cached catalogue %s: %s", path, error)
        return None


def _builtin_only(raw: JsonValue) -> JsonValue:
    """The catalogue without another project's extensions: what every project with the addon has."""
    commands = raw.get("commands") if isinstance(raw, dict) else None
    if not isinstance(raw, dict) or not isinstance(commands, list):
        return raw
    kept: list[JsonValue] = [
        c for c in commands if isinstance(c, dict) and c.get("owner", BUILTIN_OWNER) == BUILTIN_OWNER
    ]
    return {**raw, "commands": kept}


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
