"""Figures of the released artefacts. Prints figures; asserts nothing.

Builds the sdist, the wheel and the MCP bundle (as ``make dist`` does, the build without isolation),
then installs the wheel into fresh environments one installer at a time (pip into a new venv, pipx
install, uvx's first run) with the machine's shared pip and uv caches, and the extras with uv.

    python bench/dist.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def timed(command: list[str], env: dict[str, str], cwd: Path) -> float:
    began = time.monotonic()
    subprocess.run(command, env=env, cwd=cwd, check=True, capture_output=True)
    return time.monotonic() - began


def installs(wheel: Path, home: Path) -> dict[str, list[str]]:
    venv, extras = home / "pip-venv", home / "extras-venv"
    return {
        "pip (fresh venv)": ["sh", "-c", f"python3 -m venv {venv} && {venv}/bin/pip install -q {wheel}"],
        "pipx install": [str(BIN / "pipx"), "install", str(wheel)],
        "uvx (first run)": [str(BIN / "uvx"), "--from", str(wheel), "godot-live-mcp", "--version"],
        "uv, extras tokens,ray,test": [
            "sh",
            "-c",
            f"{BIN}/uv venv -q {extras} && {BIN}/uv pip install -q --python {extras}/bin/python "
            f"'godot-live-mcp[tokens,ray,test] @ {wheel.as_uri()}'",
        ],
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        home = Path(work)
        out = home / "dist"
        env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")} | {
            "PIPX_HOME": str(home / "pipx"),
            "PIPX_BIN_DIR": str(home / "bin"),
            "PIPX_MAN_DIR": str(home / "man"),
            "UV_TOOL_DIR": str(home / "uv-tools"),
            "UV_TOOL_BIN_DIR": str(home / "bin"),
            "UV_PYTHON_DOWNLOADS": "never",
        }
        build = [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)]
        print(f"build sdist+wheel: {timed(build, env, home):.1f} s")
        wheel = next(out.glob("*.whl"))
        script = str(ROOT / "scripts" / "build_bundle.py")
        bundle_build = [sys.executable, script, str(wheel), "--out", str(out)]
        print(f"build bundle: {timed(bundle_build, env, home):.1f} s")
        for artefact in sorted(out.glob("godot*")):
            print(f"{artefact.name}: {artefact.stat().st_size / 1e6:.2f} MB")
        for name, command in installs(wheel, home).items():
            print(f"{name}: {timed(command, env, home):.1f} s")


if __name__ == "__main__":
    main()
