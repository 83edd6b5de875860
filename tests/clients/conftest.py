"""The engine fixtures, reused: third-party clients drive ``godot-mcp serve`` against a real headless editor.

Imported fixtures are registered again for this folder, so this folder gets its own session editor.
"""

from tests.engine.conftest import anyio_backend, editor_logs, engine_editor

__all__ = ["anyio_backend", "editor_logs", "engine_editor"]
