"""``godot-live-mcp configure`` through its real entry point, on real files that already hold other servers:
what was there stays (byte for byte around our entry), ours is added once, a second run changes nothing,
and ``--dry-run`` writes nothing."""

from __future__ import annotations

import json
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
import tomlkit
import yaml

from godot_live_mcp.cli import _jsonc
from tests.unit.cli.cli_process import ENTRY_POINT, Machine, make_machine, make_project

CLINE = ".config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json"
MCP_JSON = (
    '{\n    "mcpServers": {\n        "filesystem": {\n            "command": "npx",\n'
    '            "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]\n        }\n    }\n}\n'
)
VSCODE_JSONC = """{
\t// servers of this workspace
\t"inputs": [],
\t"servers": {
\t\t"github": {
\t\t\t"type": "http",
\t\t\t"url": "https://api.githubcopilot.com/mcp/" // remote
\t\t},
\t},
}
"""
ZED_SETTINGS = """// Zed settings
{
  "tab_size": 4,
  /* the theme */
  "theme": "One Dark"
}
"""
CODEX_TOML = """# my Codex settings
model = "o4-mini"

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]  # a comment

[profiles.fast]
model = "o4-mini"
"""


@dataclass(frozen=True)
class Case:
    client: str
    file: str  # relative to the project ("@home/..." for the fake home)
    before: str
    foreign: str  # a server that was there and must stay
    container: str = "mcpServers"
    creates_container: bool = False


CASES = [
    Case("claude-code", ".mcp.json", MCP_JSON, "filesystem"),
    Case(
        "claude-desktop",
        "@home/.config/Claude/claude_desktop_config.json",
        '{"globalShortcut": "Ctrl+Space", '
        '"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}}',
        "time",
    ),
    Case(
        "cursor",
        ".cursor/mcp.json",
        '{\n\t"mcpServers": {\n\t\t"web": {"url": "http://localhost:3000/mcp"}\n\t}\n}\n',
        "web",
    ),
    Case("vscode", ".vscode/mcp.json", VSCODE_JSONC, "github", container="servers"),
    Case(
        "windsurf",
        "@home/.codeium/windsurf/mcp_config.json",
        '{\n  "other": true\n}\n',
        "",
        creates_container=True,
    ),
    Case(
        "cline",
        f"@home/{CLINE}",
        '{\n  "mcpServers": {\n    "git": {\n      "command": "uvx",\n      "args": ["mcp-server-git"],\n'
        '      "disabled": false,\n      "autoApprove": []\n    }\n  }\n}',
        "git",
    ),
    Case("zed", ".zed/settings.json", ZED_SETTINGS, "", container="context_servers", creates_container=True),
    Case("gemini", ".gemini/settings.json", '{"theme": "Dracula"}', "", creates_container=True),
]


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    return make_machine(tmp_path)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "my_game")


def _file(case_file: str, machine: Machine, project: Path) -> Path:
    if case_file.startswith("@home/"):
        return machine.home / case_file.removeprefix("@home/")
    return project / case_file


def _ours(project: Path) -> tuple[str, list[str]]:
    return str(ENTRY_POINT), ["serve", "--project", str(project.resolve())]


def _configure(machine: Machine, project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return machine.run("configure", *args, "--project", str(project))


@pytest.mark.parametrize("case", CASES, ids=[case.client for case in CASES])
def test_json_clients_keep_what_was_there_and_list_ours_once(
    case: Case, machine: Machine, project: Path
) -> None:
    path = _file(case.file, machine, project)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(case.before, "utf-8")
    name = "godot-my-game" if case.file.startswith("@home/") else "godot"

    first = _configure(machine, project, case.client)
    after = path.read_text("utf-8")
    second = _configure(machine, project, case.client)

    assert first.returncode == 0, first.stderr
    assert f'added server "{name}"' in first.stdout
    root = _jsonc.parse(after)
    servers = root.data[case.container]
    command, args = _ours(project)
    assert servers[name]["command"] == command
    assert servers[name]["args"] == args
    if case.foreign:
        assert servers[case.foreign] == _jsonc.parse(case.before).data[case.container][case.foreign]
    holder = root.member(case.container)
    assert holder is not None
    undone = (
        _jsonc.remove_member(after, root, case.container)
        if case.creates_container
        else _jsonc.remove_member(after, holder.value, name)
    )
    assert undone == case.before, "our entry was not the only change"
    assert second.returncode == 0, second.stderr
    assert "already up to date" in second.stdout
    assert path.read_text("utf-8") == after


def test_codex_toml_keeps_comments_and_tables(machine: Machine, project: Path) -> None:
    path = project / ".codex" / "config.toml"
    path.parent.mkdir()
    path.write_text(CODEX_TOML)

    first = _configure(machine, project, "codex")
    after = path.read_text()
    second = _configure(machine, project, "codex")

    assert first.returncode == 0, first.stderr
    undone = tomlkit.parse(after)
    del undone["mcp_servers"]["godot"]
    assert tomlkit.dumps(undone) == CODEX_TOML, "our table was not the only change"
    data = tomllib.loads(after)
    command, args = _ours(project)
    assert data["mcp_servers"]["godot"] == {"command": command, "args": args}
    assert data["mcp_servers"]["docs"] == {"command": "npx", "args": ["-y", "docs-mcp"]}
    assert "already up to date" in second.stdout
    assert path.read_text() == after
    assert "trust the project" in first.stdout


def test_codex_user_file_follows_codex_home(machine: Machine, project: Path, tmp_path: Path) -> None:
    codex_home = tmp_path / "codex-home"
    env = {**machine.env, "CODEX_HOME": str(codex_home)}

    result = subprocess.run(
        [str(ENTRY_POINT), "configure", "codex", "--user", "--project", str(project)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    data = tomllib.loads((codex_home / "config.toml").read_text())
    assert data["mcp_servers"]["godot-my-game"]["args"] == _ours(project)[1]


def test_continue_gets_a_block_file_of_its_own(machine: Machine, project: Path) -> None:
    other = project / ".continue" / "mcpServers" / "playwright.yaml"
    other.parent.mkdir(parents=True)
    other.write_text(
        "name: P\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: Browser\n    command: npx\n"
    )

    first = _configure(machine, project, "continue")
    second = _configure(machine, project, "continue")

    block = yaml.safe_load((project / ".continue" / "mcpServers" / "godot-live-mcp.yaml").read_text())
    command, args = _ours(project)
    assert first.returncode == 0, first.stderr
    assert block["schema"] == "v1"
    assert block["mcpServers"] == [{"name": "godot", "command": command, "args": args}]
    assert "already up to date" in second.stdout
    assert other.read_text().endswith("command: npx\n")


def test_dry_run_prints_the_diff_and_writes_nothing(machine: Machine, project: Path) -> None:
    path = project / ".mcp.json"
    path.write_text(MCP_JSON)

    result = _configure(machine, project, "claude-code", "--dry-run", "--rules")

    assert result.returncode == 0, result.stderr
    assert path.read_text() == MCP_JSON
    assert not (project / "CLAUDE.md").exists()
    assert f'+            "command": "{ENTRY_POINT}",' in result.stdout
    assert "+++ " + str(project.resolve() / "CLAUDE.md") in result.stdout
    assert "dry run: nothing was written" in result.stdout


def test_a_foreign_server_with_our_name_is_left_alone(machine: Machine, project: Path) -> None:
    path = project / ".mcp.json"
    foreign = '{"mcpServers": {"godot": {"command": "npx", "args": ["other-godot-mcp"]}}}\n'
    path.write_text(foreign)

    refused = _configure(machine, project, "claude-code")
    renamed = _configure(machine, project, "claude-code", "--name", "godot-live")

    assert refused.returncode == 1
    assert "--name" in refused.stderr
    assert renamed.returncode == 0, renamed.stderr
    servers = _jsonc.parse(path.read_text()).data["mcpServers"]
    assert servers["godot"] == {"command": "npx", "args": ["other-godot-mcp"]}
    assert servers["godot-live"]["args"] == _ours(project)[1]


def test_our_hand_written_entry_under_another_name_is_replaced_not_doubled(
    machine: Machine, project: Path
) -> None:
    path = project / ".mcp.json"
    hand_written = {"command": "godot-live-mcp", "args": ["serve", "--project", str(project)]}
    path.write_text(json.dumps({"mcpServers": {"my-godot": hand_written}}, indent=2))

    result = _configure(machine, project, "claude-code")

    servers = _jsonc.parse(path.read_text()).data["mcpServers"]
    assert result.returncode == 0, result.stderr
    assert list(servers) == ["godot"]
    assert "removed the duplicate 'my-godot'" in result.stdout


def test_windows_line_endings_stay(machine: Machine, project: Path) -> None:
    path = project / ".mcp.json"
    path.write_bytes(MCP_JSON.replace("\n", "\r\n").encode())

    result = _configure(machine, project, "claude-code")

    raw = path.read_bytes()
    assert result.returncode == 0, result.stderr
    assert raw.count(b"\n") == raw.count(b"\r\n")


def test_the_command_written_starts_this_installation(machine: Machine, project: Path) -> None:
    _configure(machine, project, "cursor")
    entry = _jsonc.parse((project / ".cursor" / "mcp.json").read_text()).data["mcpServers"]["godot"]

    started = subprocess.run(
        [entry["command"], "serve", "--help"], capture_output=True, text=True, check=False, timeout=60
    )

    assert Path(entry["command"]).is_absolute()
    assert started.returncode == 0, started.stderr
    assert "--project" in started.stdout


def test_not_a_godot_project_is_refused_with_a_hint(machine: Machine, tmp_path: Path) -> None:
    result = _configure(machine, tmp_path, "cursor")

    assert result.returncode == 1
    assert "is not a Godot project" in result.stderr
    assert "hint:" in result.stderr


def test_a_client_without_a_user_file_says_so(machine: Machine, project: Path) -> None:
    result = _configure(machine, project, "continue", "--user")

    assert result.returncode == 1
    assert "has no user-level configuration file" in result.stderr
