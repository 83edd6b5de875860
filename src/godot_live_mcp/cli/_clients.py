"""Where each MCP client reads its server list and its working rules, as data: one row a client.

Each row was checked against the client's own documentation (the comment above it names the pages).
``configure`` reads only this table; adding a client is adding a row.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

__all__ = ["CLIENTS", "Client", "RulesFile", "UserFile", "client_named", "client_names", "user_config_path"]

FileFormat = Literal["json", "toml", "continue_yaml"]
Base = Literal["home", "app_data", "config_home"]


@dataclass(frozen=True)
class UserFile:
    """A file in the user's folders: ``base`` is the home folder, the platform's application-data folder
    (macOS ``~/Library/Application Support``, Windows ``%APPDATA%``, else ``$XDG_CONFIG_HOME`` or
    ``~/.config``) or the config home (``%APPDATA%`` on Windows, else ``$XDG_CONFIG_HOME`` or
    ``~/.config``, macOS included). ``env`` names a variable that replaces ``base`` and the first part."""

    base: Base
    parts: tuple[str, ...]
    env: str | None = None


@dataclass(frozen=True)
class RulesFile:
    """Where the client reads standing instructions, relative to the workspace. ``front_matter`` opens a
    file we create; ``read_first`` lists files the client reads instead when one exists (Zed reads only
    the first it finds), so the block goes into the first of them that exists."""

    path: str
    front_matter: str = ""
    read_first: tuple[str, ...] = ()


@dataclass(frozen=True)
class Client:
    name: str
    title: str
    format: FileFormat
    container: str  # the key (JSON, TOML table) holding the servers by name
    project_file: str | None  # relative to the workspace
    user_file: UserFile | None
    extra: Mapping[str, object] = field(default_factory=dict)  # fields besides command and args
    rules: RulesFile | None = None
    note: str = ""


_ALWAYS_ON = (
    "---\ndescription: Using the live Godot editor through godot-live-mcp\nalwaysApply: true\n---\n\n"
)

CLIENTS: tuple[Client, ...] = (
    # https://code.claude.com/docs/en/mcp (project scope: .mcp.json; user scope: ~/.claude.json)
    # https://code.claude.com/docs/en/memory (CLAUDE.md)
    Client(
        "claude-code",
        "Claude Code",
        "json",
        "mcpServers",
        ".mcp.json",
        UserFile("home", (".claude.json",)),
        {"type": "stdio"},
        RulesFile("CLAUDE.md"),
        "Claude Code asks once to approve the servers of a project's .mcp.json.",
    ),
    # https://modelcontextprotocol.io/quickstart/user (claude_desktop_config.json, macOS and Windows paths)
    Client(
        "claude-desktop",
        "Claude Desktop",
        "json",
        "mcpServers",
        None,
        UserFile("app_data", ("Claude", "claude_desktop_config.json")),
        note="Quit and restart Claude Desktop to load it. Claude Desktop reads no rules file.",
    ),
    # https://cursor.com/docs/mcp (.cursor/mcp.json, ~/.cursor/mcp.json)
    # https://cursor.com/docs/context/rules (.cursor/rules/*.mdc with alwaysApply)
    Client(
        "cursor",
        "Cursor",
        "json",
        "mcpServers",
        ".cursor/mcp.json",
        UserFile("home", (".cursor", "mcp.json")),
        rules=RulesFile(".cursor/rules/godot-live-mcp.mdc", _ALWAYS_ON),
    ),
    # https://code.visualstudio.com/docs/copilot/reference/mcp-configuration ("servers", type stdio)
    # https://code.visualstudio.com/docs/copilot/customization/custom-instructions
    Client(
        "vscode",
        "VS Code (Copilot)",
        "json",
        "servers",
        ".vscode/mcp.json",
        UserFile("app_data", ("Code", "User", "mcp.json")),
        {"type": "stdio"},
        RulesFile(".github/copilot-instructions.md"),
    ),
    # https://docs.windsurf.com/windsurf/cascade/mcp (~/.codeium/windsurf/mcp_config.json only)
    # https://docs.windsurf.com/windsurf/cascade/memories (.windsurf/rules/*.md, trigger always_on)
    Client(
        "windsurf",
        "Windsurf",
        "json",
        "mcpServers",
        None,
        UserFile("home", (".codeium", "windsurf", "mcp_config.json")),
        rules=RulesFile(".windsurf/rules/godot-live-mcp.md", "---\ntrigger: always_on\n---\n\n"),
        note="Windsurf reads one server list for every workspace; press refresh in its MCP panel.",
    ),
    # https://docs.cline.bot/mcp/configuring-mcp-servers (cline_mcp_settings.json in VS Code's
    # globalStorage of saoudrizwan.claude-dev); https://docs.cline.bot/features/cline-rules (.clinerules/)
    Client(
        "cline",
        "Cline",
        "json",
        "mcpServers",
        None,
        UserFile(
            "app_data",
            (
                "Code",
                "User",
                "globalStorage",
                "saoudrizwan.claude-dev",
                "settings",
                "cline_mcp_settings.json",
            ),
        ),
        {"disabled": False},
        RulesFile(".clinerules/godot-live-mcp.md"),
        "This is Cline in VS Code; for another editor pass --file with its cline_mcp_settings.json.",
    ),
    # https://zed.dev/docs/ai/mcp ("context_servers", custom servers); https://zed.dev/docs/ai/rules
    # (the first of .rules, .cursorrules, .windsurfrules, .clinerules, .github/copilot-instructions.md,
    # AGENT.md, AGENTS.md, CLAUDE.md, GEMINI.md is read)
    Client(
        "zed",
        "Zed",
        "json",
        "context_servers",
        ".zed/settings.json",
        UserFile("config_home", ("zed", "settings.json")),
        {"source": "custom"},
        RulesFile(
            ".rules",
            read_first=(
                ".rules",
                ".cursorrules",
                ".windsurfrules",
                ".clinerules",
                ".github/copilot-instructions.md",
                "AGENT.md",
                "AGENTS.md",
                "CLAUDE.md",
                "GEMINI.md",
            ),
        ),
    ),
    # https://developers.openai.com/codex/mcp ([mcp_servers.<name>] in ~/.codex/config.toml, or in
    # .codex/config.toml of a trusted project); https://developers.openai.com/codex/guides/agents-md
    Client(
        "codex",
        "Codex CLI",
        "toml",
        "mcp_servers",
        ".codex/config.toml",
        UserFile("home", (".codex", "config.toml"), env="CODEX_HOME"),
        rules=RulesFile("AGENTS.md"),
        note="Codex reads a project's .codex/config.toml only once you trust the project (or use --user).",
    ),
    # https://geminicli.com/docs/tools/mcp-server/ (mcpServers in .gemini/settings.json or
    # ~/.gemini/settings.json); https://geminicli.com/docs/cli/gemini-md/ (GEMINI.md)
    Client(
        "gemini",
        "Gemini CLI",
        "json",
        "mcpServers",
        ".gemini/settings.json",
        UserFile("home", (".gemini", "settings.json")),
        rules=RulesFile("GEMINI.md"),
    ),
    # https://docs.continue.dev/customize/deep-dives/mcp (a block file in .continue/mcpServers/ with
    # name, version, schema v1 and an mcpServers list); https://docs.continue.dev/customize/deep-dives/rules
    Client(
        "continue",
        "Continue",
        "continue_yaml",
        "mcpServers",
        ".continue/mcpServers/godot-live-mcp.yaml",
        None,
        rules=RulesFile(
            ".continue/rules/godot-live-mcp.md",
            "---\nname: Godot editor (godot-live-mcp)\nalwaysApply: true\n---\n\n",
        ),
        note="Continue uses MCP servers in agent mode only.",
    ),
)


def client_names() -> list[str]:
    return [client.name for client in CLIENTS]


def client_named(name: str) -> Client:
    return next(client for client in CLIENTS if client.name == name)


def user_config_path(spec: UserFile, env: Mapping[str, str] | None = None) -> Path:
    """The absolute path of a user-level file on this machine."""
    environ = os.environ if env is None else env
    if spec.env and environ.get(spec.env, "").strip():
        return Path(environ[spec.env].strip()).joinpath(*spec.parts[1:])
    return _base(spec.base, environ).joinpath(*spec.parts)


def _base(base: Base, environ: Mapping[str, str]) -> Path:
    home = Path.home()
    if base == "home":
        return home
    if sys.platform == "win32":
        return Path(environ.get("APPDATA") or home / "AppData" / "Roaming")
    if base == "app_data" and sys.platform == "darwin":
        return home / "Library" / "Application Support"
    return Path(environ.get("XDG_CONFIG_HOME") or home / ".config")
