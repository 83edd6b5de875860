"""The places only a person edits are one list (contract.json ``person_only_files``) that covers every
file the server reads as its configuration and every MCP client's project file."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.cli._clients import CLIENTS
from godot_live_mcp.cli.serve_config import CONFIG_FILE
from godot_live_mcp.plugins._config import ENABLED_FILE, STATUS_FILE
from godot_live_mcp.security.person_only import person_only_place
from godot_live_mcp.server.prompts.user_files import PROMPTS_FOLDER


@pytest.mark.parametrize(
    "relative",
    [
        CONFIG_FILE,
        ENABLED_FILE,
        STATUS_FILE,
        PROMPTS_FOLDER / "review.md",
        Path("override.cfg"),
        *(Path(client.project_file) for client in CLIENTS if client.project_file),
    ],
    ids=str,
)
def test_every_configuration_file_is_person_only(tmp_path: Path, relative: Path) -> None:
    assert person_only_place(tmp_path, tmp_path / relative) is not None


def test_ordinary_files_and_look_alikes_are_not(tmp_path: Path) -> None:
    for relative in ("scenes/main.tscn", ".godot-live-mcp.md", "docs/.mcp.json.txt", ".vscode/settings.json"):
        assert person_only_place(tmp_path, tmp_path / relative) is None, relative


def test_a_link_into_the_configuration_is_followed(tmp_path: Path) -> None:
    (tmp_path / ".godot-live-mcp").mkdir()
    (tmp_path / "conf").symlink_to(tmp_path / ".godot-live-mcp")
    assert person_only_place(tmp_path, tmp_path / "conf" / "config.toml") == ".godot-live-mcp"


def test_the_configuration_folder_as_a_link_protects_where_it_leads(tmp_path: Path) -> None:
    (tmp_path / "settings").mkdir()
    (tmp_path / ".godot-live-mcp").symlink_to(tmp_path / "settings")
    assert person_only_place(tmp_path, tmp_path / "settings" / "config.toml") == ".godot-live-mcp"
