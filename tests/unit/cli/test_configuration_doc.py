"""docs/configuration.md names everything the code reads: every GODOT_MCP_* variable, every config file
key, every godot_live_mcp/ project setting (with the contract's default for the limits), every client of
``configure`` and every command and option of the CLI, each in its command's section."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from godot_live_mcp.cli._clients import CLIENTS
from godot_live_mcp.cli.main import cli
from godot_live_mcp.cli.serve_config import ServeConfig
from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.godot.locator import GODOT_BIN_ENV

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "src" / "godot_live_mcp"
ADDON = SOURCE / "addon" / "addons" / "godot_live_mcp"
DOC = (ROOT / "docs" / "configuration.md").read_text("utf-8")


def _sources(pattern: str) -> Iterator[str]:
    for path in sorted(SOURCE.rglob(pattern)):
        yield path.read_text("utf-8")


def environment_variables() -> set[str]:
    names = {GODOT_BIN_ENV}
    for text in [*_sources("*.py"), *_sources("*.gd")]:
        names |= set(re.findall(r"GODOT_MCP_[A-Z0-9_]*[A-Z0-9]", text))
    for channel in CONTRACT.ports:  # the addon builds GODOT_MCP_<CHANNEL>_PORT[_MIN|_MAX]
        names |= {f"GODOT_MCP_{channel.upper()}_PORT{suffix}" for suffix in ("", "_MIN", "_MAX")}
    return names


def project_settings() -> set[str]:
    names: set[str] = set()
    for path in ADDON.rglob("*.gd"):
        text = path.read_text("utf-8")
        names |= set(re.findall(r'"(godot_live_mcp/(?:[a-z_]+/)+[a-z_]+)"', text))
        names |= {
            f"godot_live_mcp/limits/{n}" for n in re.findall(r'ToolkitSettings\.limit\("(\w+)"\)', text)
        }
    settings = (ADDON / "core" / "toolkit_settings.gd").read_text("utf-8")
    names |= {f"godot_live_mcp/limits/{n}" for n in re.findall(r'\blimit\("(\w+)"\)', settings)}
    return names


def commands(
    group: click.Group, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


def section(words: tuple[str, ...]) -> str:
    """The text under the first ``###`` heading that names the command (``tools search`` in
    ``### `godot-live-mcp tools list`, `tools search```)."""
    wanted = re.compile(r"(?<![\w-])" + re.escape(" ".join(words)) + r"(?![\w-])")
    for part in DOC.split("\n### ")[1:]:
        heading, _, body = part.partition("\n")
        if wanted.search(re.sub(r"[`,]", " ", heading).replace("  ", " ")):
            return body.split("\n## ", 1)[0]
    raise AssertionError(f"docs/configuration.md has no section for `godot-live-mcp {' '.join(words)}`")


@pytest.mark.parametrize("name", sorted(environment_variables()))
def test_every_environment_variable_is_documented(name: str) -> None:
    assert f"`{name}`" in DOC


def test_the_port_bands_are_the_contracts() -> None:
    for channel, (low, high) in CONTRACT.ports.items():
        row = next(line for line in DOC.splitlines() if f"`GODOT_MCP_{channel.upper()}_PORT_MIN`" in line)
        assert f"`{low}`, `{high}`" in row, channel


@pytest.mark.parametrize("key", [field.name for field in dataclasses.fields(ServeConfig)])
def test_every_config_toml_key_is_documented(key: str) -> None:
    body = DOC.split("### `config.toml`", 1)[1].split("\n### ", 1)[0]
    assert f"| `{key}` |" in body


@pytest.mark.parametrize("setting", sorted(project_settings()))
def test_every_project_setting_is_documented(setting: str) -> None:
    row = next((line for line in DOC.splitlines() if line.startswith(f"| `{setting}` |")), None)
    assert row is not None, f"{setting} is read by the addon but not documented"
    name = setting.removeprefix("godot_live_mcp/limits/")
    if name in CONTRACT.limits:
        assert f"| `{CONTRACT.limits[name]}` |" in row, "the default differs from contract.json"


@pytest.mark.parametrize("client", [client.name for client in CLIENTS])
def test_every_client_of_configure_is_documented(client: str) -> None:
    assert f"| `{client}` |" in DOC


@pytest.mark.parametrize(
    ("words", "command"), list(commands(cli)), ids=[" ".join(words) for words, _ in commands(cli)]
)
def test_every_command_and_option_is_documented(words: tuple[str, ...], command: click.Command) -> None:
    body = section(words)
    for param in command.params:
        if isinstance(param, click.Option):
            for opt in [*param.opts, *param.secondary_opts]:
                assert f"`{opt}" in body, f"{opt} of `godot-live-mcp {' '.join(words)}` is not documented"
