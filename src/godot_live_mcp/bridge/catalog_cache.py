"""The last catalogue a project's editor published, kept in the user's cache folder: a server lists that
project's tools at once, before its editor is up (a large project imports for 20-35 s on first open),
and the editor's own catalogue replaces it as soon as it connects."""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

import platformdirs

from godot_live_mcp.bridge.catalog import Catalog, parse_catalog
from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.instances.project_file import write_config_text
from godot_live_mcp.regular_files import read_regular_text

logger = logging.getLogger(__name__)

_SCHEMA = 1
_CAP = 16 * 1024 * 1024  # a catalogue of 229 tools is about 400 KB


def default_cache_dir() -> Path:
    return platformdirs.user_cache_path("godot-live-mcp", appauthor=False) / "catalogs"


class CatalogCache:
    """One project's cached catalogue (``<cache>/catalogs/<hash of the project path>.json``)."""

    def __init__(self, project: Path, folder: Path | None = None) -> None:
        resolved = str(project.expanduser().resolve())
        key = hashlib.sha256(resolved.encode("utf-8")).hexdigest()[:16]
        self.path = (folder or default_cache_dir()) / f"{key}.json"
        self._project = resolved
        self._saved: JsonValue = None

    def load(self) -> Catalog | None:
        """The cached catalogue; None when there is none, or it is unreadable (never fatal)."""
        try:
            document = json.loads(read_regular_text(self.path, cap=_CAP))
            if document.get("schema") != _SCHEMA or document.get("project") != self._project:
                return None
            catalog = parse_catalog(document["catalog"])
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, AttributeError) as error:
            logger.warning("ignoring the cached catalogue %s: %s", self.path, error)
            return None
        self._saved = document["catalog"]
        return catalog

    def save(self, raw: JsonValue) -> None:
        """Keep ``raw`` (an ``mcp.catalog`` result) when it differs from what is kept; written atomically
        (for this user only), and a failure is logged, never raised: the cache is a convenience."""
        if raw == self._saved:
            return
        document = {"schema": _SCHEMA, "project": self._project, "catalog": raw}
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            write_config_text(self.path, json.dumps(document, separators=(",", ":")))
        except OSError as error:
            logger.warning("could not cache the catalogue in %s: %s", self.path, error)
            return
        self._saved = raw
