"""The project's config file for serve, and command-line flags winning over it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from godot_live_mcp.cli.main import cli
from godot_live_mcp.cli.serve import _linger_minutes, _tool_surface
from godot_live_mcp.cli.serve_config import ServeConfig, config_path, load_serve_config
from godot_live_mcp.contract import SetupError
from godot_live_mcp.server.composition import ServeOptions
from godot_live_mcp.server.surface import DEFAULT_MAX_TOOLS, StartupTools


def write_config(project: Path, text: str) -> None:
    path = config_path(project)
    path.parent.mkdir(parents=True)
    path.write_text(text, "utf-8")


def test_no_project_or_no_file_says_nothing(tmp_path: Path) -> None:
    assert load_serve_config(None) == ServeConfig()
    assert load_serve_config(tmp_path) == ServeConfig()


def test_the_serve_table_gives_tools_and_max_tools(tmp_path: Path) -> None:
    write_config(tmp_path, '[serve]\ntools = ["scene", "node"]\nmax_tools = 40\n')
    assert load_serve_config(tmp_path) == ServeConfig(tools="scene,node", max_tools=40)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[serve]\ntool = 'all'\n", "unknown keys ['tool']"),
        ("[serve]\nmax_tools = 'many'\n", "max_tools must be a whole number"),
        ("[serve]\nmax_tools = 1\n", "at least 2"),
        ("[serve]\ntools = 3\n", "tools must be"),
        ("[serve\n", "is not valid TOML"),
        ("[serve]\nlinger = -1\n", "linger must be a number of minutes from 0 to 1440"),
        ("[serve]\nlinger = true\n", "linger must be"),
    ],
)
def test_a_bad_file_names_the_file_and_the_problem(tmp_path: Path, text: str, problem: str) -> None:
    write_config(tmp_path, text)
    with pytest.raises(SetupError, match=r"config\.toml") as caught:
        load_serve_config(tmp_path)
    assert problem in caught.value.message


def test_linger_comes_from_the_flag_else_the_file_and_never_with_a_display(tmp_path: Path) -> None:
    write_config(tmp_path, "[serve]\nlinger = 15\n")
    config = load_serve_config(tmp_path)
    assert config.linger == 15.0
    assert _linger_minutes(None, config, display=False) == 15.0
    assert _linger_minutes(2.5, config, display=False) == 2.5
    assert _linger_minutes(None, ServeConfig(), display=True) == 0.0
    with pytest.raises(SystemExit):
        _linger_minutes(None, config, display=True)


def test_flags_win_over_the_file_and_the_file_over_the_defaults(tmp_path: Path) -> None:
    assert _tool_surface(tmp_path, None, None) == (StartupTools(), DEFAULT_MAX_TOOLS)
    write_config(tmp_path, '[serve]\ntools = "all"\nmax_tools = 30\n')
    assert _tool_surface(tmp_path, None, None) == (StartupTools(every_group=True), 30)
    assert _tool_surface(tmp_path, "core,node", 50) == (StartupTools(groups=("node",)), 50)


@pytest.mark.parametrize(
    ("flag", "config", "allowed"),
    [
        (False, "", False),
        (True, "", True),
        (False, "[serve]\nallow_execute = true\n", True),
        (True, "[serve]\nallow_execute = false\n", True),
    ],
)
def test_code_execution_needs_the_flag_or_the_config_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: bool, config: str, allowed: bool
) -> None:
    from godot_live_mcp.server import composition

    (tmp_path / "project.godot").write_text("config_version=5\n", "utf-8")
    if config:
        write_config(tmp_path, config)
    seen: list[ServeOptions] = []

    async def fake_serve(options: ServeOptions) -> None:
        seen.append(options)

    monkeypatch.setattr(composition, "serve", fake_serve)
    args = ["serve", "--project", str(tmp_path), "--no-launch", *(["--allow-execute"] if flag else [])]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert seen[0].allow_execute is allowed
