from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from godot_live_mcp.instances.registry_dir import registry_dir


def test_environment_variable_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GODOT_MCP_REGISTRY_DIR", str(tmp_path))

    assert registry_dir() == tmp_path


def test_default_is_the_user_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GODOT_MCP_REGISTRY_DIR", raising=False)

    assert registry_dir() == Path(platformdirs.user_data_dir("godot-live-mcp", appauthor=False, roaming=True))
