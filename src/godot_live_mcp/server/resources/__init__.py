"""The ``godot://`` resources: project info, scene trees, scripts, engine classes, the coercion reference
and the logs, read through the editor; subscriptions poll what is watched while someone watches it."""

from godot_live_mcp.server.resources.addresses import (
    FIXED,
    TEMPLATES,
    ResourceAddress,
    ResourceKind,
    UnknownResourceError,
    parse_uri,
)
from godot_live_mcp.server.resources.catalog import ResourceCatalog
from godot_live_mcp.server.resources.readers import ResourceReaders, coercion_document
from godot_live_mcp.server.resources.watch import ResourceWatch

__all__ = [
    "FIXED",
    "TEMPLATES",
    "ResourceAddress",
    "ResourceCatalog",
    "ResourceKind",
    "ResourceReaders",
    "ResourceWatch",
    "UnknownResourceError",
    "coercion_document",
    "parse_uri",
]
