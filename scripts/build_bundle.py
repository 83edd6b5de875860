"""Build the MCP bundle (.mcpb) for Claude Desktop from the built wheel, and the registry entry that
points at it.

    python scripts/build_bundle.py dist/godot_live_mcp-VERSION-py3-none-any.whl [--out dist]

The bundle is of the ``uv`` server type: the manifest, its entry point, the wheel itself and a
pyproject.toml naming that wheel; the host's uv installs the wheel's dependencies for the person's own
platform. The manifest is checked with the bundle tool's own validator (``mcpb validate``) and packed
with it (``mcpb pack``). ``OUT/server.json`` is the repository's server.json with the bundle added as
an ``mcpb`` package (its release URL and SHA-256), both checked against the registry's schema.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import jsonschema

ROOT = Path(__file__).resolve().parents[1]
BUNDLE_SOURCE = ROOT / "release" / "mcpb"
SERVER_JSON = ROOT / "server.json"
REGISTRY_SCHEMA = ROOT / "release" / "registry" / "server.schema.json"
MCPB = ROOT / "node_modules" / ".bin" / "mcpb"
RELEASES = "https://github.com/godot-live-mcp/godot-live-mcp/releases/download"

PYPROJECT = """\
# Written by scripts/build_bundle.py: the environment the host's uv makes for this bundle.
[project]
name = "godot-live-mcp-bundle"
version = "{version}"
requires-python = ">=3.11"
dependencies = ["godot-live-mcp=={version}"]

[tool.uv]
package = false

[tool.uv.sources]
godot-live-mcp = {{ path = "wheels/{wheel}" }}
"""


def wheel_version(wheel: Path) -> str:
    """The version in a wheel's file name (``NAME-VERSION-TAGS.whl``)."""
    return wheel.name.split("-")[1]


def stage_bundle(wheel: Path, stage: Path) -> dict[str, Any]:
    """Lay the bundle's files out in ``stage``; returns its manifest."""
    manifest: dict[str, Any] = json.loads((BUNDLE_SOURCE / "manifest.json").read_text("utf-8"))
    version = wheel_version(wheel)
    if manifest["version"] != version:
        sys.exit(f"release/mcpb/manifest.json says {manifest['version']}, the wheel is {version}")
    shutil.copytree(BUNDLE_SOURCE, stage, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (stage / "wheels").mkdir()
    shutil.copy2(wheel, stage / "wheels" / wheel.name)
    (stage / "pyproject.toml").write_text(PYPROJECT.format(version=version, wheel=wheel.name), "utf-8")
    return manifest


def mcpb(*args: str) -> None:
    """Run the bundle tool (from node_modules, installed by ``npm ci``); stop on its failure."""
    if not MCPB.exists():
        sys.exit("the bundle tool is missing: run `make setup` (npm ci installs @anthropic-ai/mcpb)")
    subprocess.run([str(MCPB), *args], check=True)


def registry_entry(bundle: Path, version: str) -> dict[str, Any]:
    """server.json with the bundle added as an ``mcpb`` package, checked against the registry schema."""
    entry: dict[str, Any] = json.loads(SERVER_JSON.read_text("utf-8"))
    entry["packages"].append(
        {
            "registryType": "mcpb",
            "identifier": f"{RELEASES}/v{version}/{bundle.name}",
            "version": version,
            "fileSha256": hashlib.sha256(bundle.read_bytes()).hexdigest(),
            "transport": {"type": "stdio"},
        }
    )
    schema = json.loads(REGISTRY_SCHEMA.read_text("utf-8"))
    jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker()).validate(entry)
    return entry


def build(wheel: Path, out: Path) -> Path:
    """The bundle ``OUT/godot-live-mcp-VERSION.mcpb`` and ``OUT/server.json``; returns the bundle."""
    version = wheel_version(wheel)
    bundle = out / f"godot-live-mcp-{version}.mcpb"
    with tempfile.TemporaryDirectory() as work:
        stage = Path(work) / "bundle"
        stage_bundle(wheel, stage)
        mcpb("validate", str(stage / "manifest.json"))
        mcpb("pack", str(stage), str(bundle))
    entry = registry_entry(bundle, version)
    (out / "server.json").write_text(json.dumps(entry, indent=2) + "\n", "utf-8")
    return bundle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    arguments = parser.parse_args()
    bundle = build(arguments.wheel.resolve(), arguments.out.resolve())
    print(f"{bundle} ({bundle.stat().st_size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
