"""Builds the asset-library zip of the addon: ``dist/godot-live-mcp-addon-<version>.zip``.

Laid out as Godot's asset installer maps a zip: one top folder (which the installer drops), then
``addons/godot_live_mcp/`` with the addon, its LICENSE, README and icon (kept inside the addon's folder,
so installing adds nothing at the project's root). The bytes depend only on the files: sorted entries,
fixed dates and modes. Usage: ``python3 scripts/addon_zip.py [OUTPUT_DIR]`` (default ``dist``).
"""

from __future__ import annotations

import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ADDON = ROOT / "src" / "godot_live_mcp" / "addon" / "addons" / "godot_live_mcp"
EXTRAS = ROOT / "packaging" / "addon"
EXTRA_FILES = ("LICENSE", "README.md", "icon.svg")
SKIPPED_SUFFIXES = (".pyc", ".uid", ".import")
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def addon_version() -> str:
    """The ``version`` of the addon's plugin.cfg (the one place it is written)."""
    found = re.search(r'^version="([^"]+)"', (ADDON / "plugin.cfg").read_text("utf-8"), re.MULTILINE)
    if found is None:
        raise SystemExit(f"{ADDON / 'plugin.cfg'} has no version")
    return found.group(1)


def zip_name(version: str) -> str:
    return f"godot-live-mcp-addon-{version}.zip"


def addon_files() -> dict[str, Path]:
    """Archive path below the top folder -> source file, for the addon and the extras."""
    files = {
        f"addons/godot_live_mcp/{path.relative_to(ADDON).as_posix()}": path
        for path in sorted(ADDON.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in SKIPPED_SUFFIXES
    }
    for name in EXTRA_FILES:
        files[f"addons/godot_live_mcp/{name}"] = EXTRAS / name
    return dict(sorted(files.items()))


def build(output_dir: Path) -> Path:
    version = addon_version()
    top = f"godot-live-mcp-addon-{version}/"
    output_dir.mkdir(parents=True, exist_ok=True)
    target = output_dir / zip_name(version)
    partial = target.with_suffix(".zip.partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, source in addon_files().items():
            entry = zipfile.ZipInfo(top + name, ZIP_EPOCH)
            entry.external_attr = 0o100644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, source.read_bytes())
    partial.replace(target)
    return target


if __name__ == "__main__":
    built = build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist")
    print(f"{built} ({built.stat().st_size} bytes)")
