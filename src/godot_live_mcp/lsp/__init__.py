"""Code intelligence from the Godot editor's GDScript language server: a small LSP client, which server
a call talks to, position and path conversions, and compact answers for the ``lsp`` tools."""

from godot_live_mcp.lsp._positions import ProjectUris, TextPosition
from godot_live_mcp.lsp.client import LanguageServerClient
from godot_live_mcp.lsp.session import Documents, LanguageServerTarget

__all__ = ["Documents", "LanguageServerClient", "LanguageServerTarget", "ProjectUris", "TextPosition"]
