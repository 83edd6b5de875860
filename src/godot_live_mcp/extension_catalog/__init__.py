"""The extension catalog: a maintainer-curated list of extensions (contract.json ``extension_catalog``),
fetched from the url a person set (``.godot-live-mcp/extension_catalog.json``), filtered by the running
toolkit and Godot versions, and installed as a person's action into a folder of its own."""

from godot_live_mcp.extension_catalog._entries import (
    Catalog,
    CatalogEntry,
    compatible,
    entry_problem,
    parse_catalog,
    within,
)
from godot_live_mcp.extension_catalog._fetch import fetch, fetch_catalog
from godot_live_mcp.extension_catalog._install import Installed, install_entry
from godot_live_mcp.extension_catalog._rules import (
    CatalogError,
    CatalogRules,
    CatalogSettings,
    load_rules,
    read_settings,
    settings_file,
)

__all__ = [
    "Catalog",
    "CatalogEntry",
    "CatalogError",
    "CatalogRules",
    "CatalogSettings",
    "Installed",
    "compatible",
    "entry_problem",
    "fetch",
    "fetch_catalog",
    "install_entry",
    "load_rules",
    "parse_catalog",
    "read_settings",
    "settings_file",
    "within",
]
