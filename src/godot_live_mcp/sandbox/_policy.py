"""What a sandboxed Godot may touch: the system's read-only folders, the engine and its display stack,
the project, its own user:// folder, the registry and a private temporary folder; TCP only on the
ports of the editor-game channel."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from godot_live_mcp.godot._prefix import default_prefix

__all__ = ["SandboxPolicy", "build_policy"]

# The system, readable: libraries, fonts, certificates, /proc and /sys for the engine's own probes.
_SYSTEM_READ = (
    "/usr",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/bin",
    "/sbin",
    "/etc",
    "/opt",
    "/run",
    "/sys",
    "/proc",
)
_SYSTEM_READ_MORE = ("/var/lib", "/var/cache")
# /dev/null, /dev/shm (X shared memory, Mesa) and /dev/dri are written to; /tmp holds the lock file and
# socket of the X server that a headless editor starts for a game's private display (and its keymaps).
_SYSTEM_WRITE = ("/dev", "/tmp")
# The editor's debugger listens on network/debug/remote_port (6007) or the next free ones.
_DEBUGGER_PORTS = range(6007, 6017)
_LANGUAGE_SERVER_ENVS = ("GODOT_MCP_LSP_PORT", "GODOT_MCP_DAP_PORT")
_UNSAFE_NAME = re.compile(r'[:/\\?*"|%<>]')


@dataclass(frozen=True)
class SandboxPolicy:
    """Folders readable, folders writable (beneath each, everything) and the TCP ports bind and connect
    may use; ``temp`` is the private TMPDIR."""

    read: tuple[str, ...]
    write: tuple[str, ...]
    tcp_ports: tuple[int, ...]
    temp: str

    def to_json(self) -> str:
        return json.dumps(
            {"read": self.read, "write": self.write, "tcp_ports": self.tcp_ports, "temp": self.temp}
        )

    @classmethod
    def from_json(cls, text: str) -> SandboxPolicy:
        raw = json.loads(text)
        return cls(tuple(raw["read"]), tuple(raw["write"]), tuple(raw["tcp_ports"]), str(raw["temp"]))


def build_policy(binary: Path, project: Path, env: Mapping[str, str]) -> SandboxPolicy:
    """The policy for ``binary`` run on ``project`` with ``env`` (whose HOME and XDG folders count);
    creates the project's user:// folder and the temporary folder, which must exist to be allowed."""
    home = _home(env)
    data = _godot_data(env)
    own_data = user_data_folder(project, env)
    config = _xdg(env, "XDG_CONFIG_HOME", home / ".config") / "godot"
    cache = _xdg(env, "XDG_CACHE_HOME", home / ".cache") / "godot"
    temp = _private_temp()
    writable = (project.resolve(), own_data, config, cache, _registry(env), temp)
    for folder in writable[1:]:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # a folder must exist to be allowed
    # The private prefix too: an exported game binary runs on its loader and libraries.
    engines = {str(_engine_root(binary.resolve())), str(default_prefix())}
    read = (*_SYSTEM_READ, *_SYSTEM_READ_MORE, *sorted(engines), str(data))
    return SandboxPolicy(read, (*_SYSTEM_WRITE, *map(str, writable)), _channel_ports(env), str(temp))


def user_data_folder(project: Path, env: Mapping[str, str]) -> Path:
    """Where the project's user:// lies for a game run with ``env`` (Linux: under XDG_DATA_HOME)."""
    return _godot_data(env) / "app_userdata" / _user_dir_name(project)


def _home(env: Mapping[str, str]) -> Path:
    return Path(env.get("HOME") or Path.home())


def _godot_data(env: Mapping[str, str]) -> Path:
    return _xdg(env, "XDG_DATA_HOME", _home(env) / ".local" / "share") / "godot"


def _xdg(env: Mapping[str, str], name: str, default: Path) -> Path:
    value = env.get(name, "").strip()
    return Path(value) if value and Path(value).is_absolute() else default


def _registry(env: Mapping[str, str]) -> Path:
    from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV, registry_dir

    override = env.get(REGISTRY_DIR_ENV, "").strip()
    return Path(override) if override else registry_dir()


def _private_temp() -> Path:
    return platformdirs.user_cache_path("godot-live-mcp", appauthor=False) / "sandbox-tmp"


def _engine_root(engine: Path) -> Path:
    """The private prefix of an installed engine (``PREFIX/usr/bin/godot``), else the binary itself."""
    parent = engine.parent
    if parent.name == "bin" and parent.parent.name == "usr" and parent.parent.parent != Path(parent.anchor):
        return parent.parent.parent
    return engine


def _user_dir_name(project: Path) -> str:
    """The folder name Godot gives user:// under app_userdata: the project's name made safe."""
    name = ""
    try:
        text = (project / "project.godot").read_text("utf-8", errors="replace")
    except OSError:
        text = ""
    found = re.search(r'^config/name="((?:[^"\\]|\\.)*)"', text, re.MULTILINE)
    if found:
        name = found.group(1).replace('\\"', '"').strip()
    return _UNSAFE_NAME.sub("_", name) or "[unnamed project]"


def _channel_ports(env: Mapping[str, str]) -> tuple[int, ...]:
    # Imported here: the wrapper that applies a policy starts every Godot and must start fast.
    from godot_live_mcp.contract import CONTRACT

    ports: set[int] = set(_DEBUGGER_PORTS)
    for channel, (first, last) in CONTRACT.ports.items():
        prefix = f"GODOT_MCP_{channel.upper()}_PORT"
        pinned = env.get(prefix, "").strip()
        if pinned.isdigit():
            ports.add(int(pinned))
            continue
        low, high = env.get(prefix + "_MIN", "").strip(), env.get(prefix + "_MAX", "").strip()
        ports.update(range(int(low) if low.isdigit() else first, (int(high) if high.isdigit() else last) + 1))
    ports.update(int(env[name]) for name in _LANGUAGE_SERVER_ENVS if env.get(name, "").isdigit())
    # A setting out of range is the addon's to report (a configuration error in its log), not the rules'.
    return tuple(sorted(port for port in ports if 0 < port < 65536))
