"""Copy the bundled editor addon into a Godot project and enable it in ``project.godot``."""

from __future__ import annotations

import filecmp
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from godot_live_mcp.contract import ADDON_ROOT, addon_source_dir
from godot_live_mcp.instances._actionable import ActionableError
from godot_live_mcp.instances.project_file import (
    format_string_array,
    parse_string,
    parse_string_array,
    read_config_text,
    read_value,
    with_value,
    write_config_text,
)

__all__ = [
    "PLUGIN_CFG_RES",
    "AddonInstallError",
    "AddonInstallResult",
    "addon_enabled",
    "addon_installed",
    "bundled_addon_version",
    "install_addon",
    "installed_addon_version",
    "project_root",
]

PROJECT_FILE = "project.godot"
PLUGIN_CFG_RES = f"res://{ADDON_ROOT}/plugin.cfg"
# Left out of the copy, and so out of the comparison with a copy.
_SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc")

CopyOutcome = Literal["new", "replaced", "unchanged"]


class AddonInstallError(ActionableError):
    """The addon could not be installed or enabled; the project was left as it was."""


@dataclass(frozen=True)
class AddonInstallResult:
    """What ``install_addon`` did."""

    addon_dir: Path
    version: str
    copy: CopyOutcome
    enabled_now: bool  # project.godot was changed to enable the plugin


def install_addon(project_dir: Path, *, force: bool = False) -> AddonInstallResult:
    """Copy the bundled addon to ``<project>/addons/godot_live_mcp`` and enable it; idempotent.

    A copy of the same version with different files is local work: it is replaced only with ``force``.
    """
    project = project_root(project_dir)
    source = addon_source_dir()
    target = project / ADDON_ROOT
    version = bundled_addon_version()
    outcome = _place_copy(source, target, version, force)
    return AddonInstallResult(target, version, outcome, _enable(project))


def addon_installed(project_dir: Path) -> bool:
    """Whether the project has the addon's files (its ``plugin.cfg``)."""
    return (project_root(project_dir) / ADDON_ROOT / "plugin.cfg").is_file()


def addon_enabled(project_dir: Path) -> bool:
    """Whether ``project.godot`` lists the addon among the enabled editor plugins."""
    return PLUGIN_CFG_RES in _enabled_plugins(read_config_text(project_root(project_dir) / PROJECT_FILE))


def installed_addon_version(project_dir: Path) -> str | None:
    """The ``version`` of the addon copy in the project, or None when it is not installed."""
    target = project_root(project_dir) / ADDON_ROOT
    return _plugin_version(target) if (target / "plugin.cfg").is_file() else None


def bundled_addon_version() -> str:
    """The ``version`` of the addon this package ships."""
    return _plugin_version(addon_source_dir())


def project_root(project_dir: Path) -> Path:
    """The Godot project folder named by ``project_dir`` (the folder or its ``project.godot``)."""
    folder = project_dir.expanduser().absolute()
    if folder.name == PROJECT_FILE and folder.is_file():
        folder = folder.parent
    if not (folder / PROJECT_FILE).is_file():
        raise AddonInstallError(
            f"{folder} is not a Godot project (it has no {PROJECT_FILE})",
            "pass the folder that contains project.godot",
        )
    return folder


def _place_copy(source: Path, target: Path, version: str, force: bool) -> CopyOutcome:
    if not target.exists():
        _swap_in(source, target)
        return "new"
    if _has_all_files(target, source):
        return "unchanged"
    if _plugin_version(target) == version and not force:
        raise AddonInstallError(
            f"{target} holds a changed copy of godot_live_mcp {version}; keeping it",
            "pass --force to replace it with the bundled copy (local changes are lost)",
        )
    _swap_in(source, target)
    return "replaced"


def _swap_in(source: Path, target: Path) -> None:
    """Copy to a hidden sibling (Godot skips hidden folders), then swap it for ``target``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    workspace = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        fresh = workspace / "new"
        shutil.copytree(source, fresh, ignore=_SKIPPED)
        if target.exists():
            os.rename(target, workspace / "old")
        try:
            os.rename(fresh, target)
        except BaseException:
            if (workspace / "old").exists():
                os.rename(workspace / "old", target)
            raise
    finally:
        shutil.rmtree(workspace, ignore_errors=True)


def _has_all_files(target: Path, source: Path) -> bool:
    # Extra files in the target are fine: the editor adds .uid and .import files next to ours.
    return all(
        (target / relative).is_file() and filecmp.cmp(source / relative, target / relative, shallow=False)
        for relative in _files(source)
    )


def _files(root: Path) -> Iterator[Path]:
    for folder, subfolders, names in os.walk(root):
        skipped = _SKIPPED(folder, [*subfolders, *names])
        subfolders[:] = [name for name in subfolders if name not in skipped]
        yield from (Path(folder, name).relative_to(root) for name in names if name not in skipped)


def _enable(project: Path) -> bool:
    path = project / PROJECT_FILE
    text = read_config_text(path)
    plugins = _enabled_plugins(text)
    if PLUGIN_CFG_RES in plugins:
        return False
    enabled = format_string_array([*plugins, PLUGIN_CFG_RES])
    write_config_text(path, with_value(text, "editor_plugins", "enabled", enabled))
    return True


def _enabled_plugins(text: str) -> list[str]:
    raw = read_value(text, "editor_plugins", "enabled")
    if raw is None:
        return []
    plugins = parse_string_array(raw)
    if plugins is None:
        raise AddonInstallError(
            f"[editor_plugins] enabled= in {PROJECT_FILE} is not a list of strings: {raw[:80]}",
            'fix that line (expected PackedStringArray("res://...")) or enable the plugin in the editor',
        )
    return plugins


def _plugin_version(addon_dir: Path) -> str:
    """The ``version`` of the addon's ``plugin.cfg``, or ``""`` when it has none."""
    cfg = addon_dir / "plugin.cfg"
    raw = read_value(read_config_text(cfg), "plugin", "version") if cfg.is_file() else None
    return (parse_string(raw) or "") if raw is not None else ""
