"""Running the installed ``godot-live-mcp`` entry point in a subprocess with a home folder of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ENTRY_POINT = Path(sys.executable).parent / "godot-live-mcp"


@dataclass(frozen=True)
class Machine:
    """A fake user: its home (and config home), its registry folder, and the environment pointing there."""

    home: Path
    registry: Path

    @property
    def env(self) -> dict[str, str]:
        drop = ("CODEX_HOME", "APPDATA", "GODOT_BIN", "GODOT_MCP_READ_ONLY")
        env = {key: value for key, value in os.environ.items() if key not in drop}
        env.update(
            HOME=str(self.home),
            XDG_CONFIG_HOME=str(self.home / ".config"),
            GODOT_MCP_REGISTRY_DIR=str(self.registry),
            NO_COLOR="1",
            COLUMNS="250",
        )
        return env

    def run(
        self, *args: str, stdin: str | None = None, timeout: float = 60
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(ENTRY_POINT), *args],
            env=self.env,
            capture_output=True,
            text=True,
            input=stdin,
            timeout=timeout,
            check=False,
        )


def make_machine(root: Path) -> Machine:
    home = root / "home"
    home.mkdir(parents=True)
    return Machine(home, root / "registry")


def make_project(folder: Path, name: str = "My Game") -> Path:
    folder.mkdir(parents=True)
    (folder / "project.godot").write_text(f'config_version=5\n\n[application]\n\nconfig/name="{name}"\n')
    return folder
