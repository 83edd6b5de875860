"""The lsp tests wake the editor's language server, which parses every script of the project once and
logs each one that does not parse (other tests' deliberately broken scripts, work in progress): that is
the server reporting on the project, not an error of the editor or the addon."""

from __future__ import annotations

import pytest

from tests.engine.harness import expect_editor_error


@pytest.fixture(autouse=True, scope="module")
def _language_server_parse_reports() -> None:
    expect_editor_error(r"^ERROR: LSP: Failed to parse script: res://")
