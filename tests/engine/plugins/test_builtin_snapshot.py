"""The committed snapshot of the built-in tool surface (api/godot-live-mcp.mcp) matches the session
editor's built-in tools and the server's own; a difference fails with its semantic-version verdict and
the command that regenerates the file."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from godot_live_mcp.cli.snapshot import BUILTIN_PACKAGE, builtin_snapshot_text, snapshot_problem
from godot_live_mcp.cli.tools import fetch_catalog
from tests.engine.harness import EngineEditor

pytestmark = pytest.mark.engine

API = Path(__file__).resolve().parents[3] / "api"


def test_the_committed_builtin_snapshot_matches_the_live_surface(engine_editor: EngineEditor) -> None:
    # The session editor also loads test-only extensions; the snapshot holds built-in tools only.
    catalog = anyio.run(fetch_catalog, engine_editor.instance)
    problem = snapshot_problem(API, BUILTIN_PACKAGE, builtin_snapshot_text(catalog))
    assert problem is None, problem
