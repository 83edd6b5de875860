"""Copy the bundled editor addon into a Godot project and enable it in ``project.godot``; take it out."""

from __future__ import annotations

import filecmp
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from godot_live_mcp.contract import ADDON_ROOT, SetupError, addon_source_dir
from godot_live_mcp.instances.project_file import (
    format_string_array,
    parse_string,
    parse_string_array,
    read_config_text,
    read_value,
    section_values,
    with_array_item,
    with_section_renamed,
    with_value,
    without_array_item,
    without_empty_section,
    without_key,
)
from godot_live_mcp.instances.registry import live_instances, same_path_key
from godot_live_mcp.regular_files import replace_text

__all__ = [
    "OLD_ADDON_ROOT",
    "PLUGIN_CFG_RES",
    "AddonInstallError",
    "AddonInstallResult",
    "AddonUninstallResult",
    "addon_enabled",
    "addon_installed",
    "addon_version_gap",
    "bundled_addon_version",
    "install_addon",
    "installed_addon_version",
    "is_our_old_addon",
    "project_root",
    "uninstall_addon",
]

PROJECT_FILE = "project.godot"
PLUGIN_CFG_RES = f"res://{ADDON_ROOT}/plugin.cfg"
SETTINGS_SECTION = "godot_live_mcp"
# Our addon under its previous name (godot-mcp): recognised by its plugin.cfg name and its contract
# file, so a foreign addon in the same folder is never touched.
OLD_ADDON_ROOT = "addons/godot_mcp"
OLD_PLUGIN_NAME = "Godot MCP"
OLD_SETTINGS_SECTION = "mcp_toolkit"
PLUGIN_NAME = "Godot Live MCP"
# Left out of the copy, and so out of the comparison with a copy.
_SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc")

CopyOutcome = Literal["new", "replaced", "unchanged"]
VersionGap = Literal["missing", "older", "same", "newer"]


class AddonInstallError(SetupError):
    """The addon could not be installed or enabled; the project was left as it was."""


@dataclass(frozen=True)
class AddonInstallResult:
    """What ``install_addon`` did."""

    addon_dir: Path
    version: str
    copy: CopyOutcome
    enabled_now: bool  # project.godot was changed to enable the plugin
    replaced_old: Path | None = None  # our addon under its previous name, removed (None: there was none)


@dataclass(frozen=True)
class AddonUninstallResult:
    """What ``uninstall_addon`` took out; empty when the project had none of it."""

    removed_folder: Path | None
    disabled: bool  # the plugin's entry left [editor_plugins] enabled=
    autoloads: tuple[str, ...]  # autoload names that pointed into the addon
    settings_kept: bool  # a [godot_live_mcp] settings section stays (the person's own values)


def install_addon(project_dir: Path, *, force: bool = False) -> AddonInstallResult:
    """Copy the bundled addon to ``<project>/addons/godot_live_mcp`` and enable it; idempotent.

    A copy of the same version with different files is local work: it is replaced only with ``force``.
    Our addon under its previous name (``addons/godot_mcp``) is upgraded: its settings and autoloads
    move to the new name, then its folder goes (last, so a failure leaves it working).
    """
    project = project_root(project_dir)
    source = addon_source_dir()
    target = project / ADDON_ROOT
    version = bundled_addon_version()
    outcome = _place_copy(source, target, version, force)
    old = project / OLD_ADDON_ROOT
    upgrading = is_our_old_addon(old)
    enabled_now = _enable(project, upgrading)
    if upgrading:
        shutil.rmtree(old)
    return AddonInstallResult(target, version, outcome, enabled_now, old if upgrading else None)


def uninstall_addon(
    project_dir: Path, *, force: bool = False, registry: Path | None = None
) -> AddonUninstallResult:
    """Undo ``install_addon``: the plugin's entry in ``[editor_plugins]``, the runtime autoload the plugin
    adds when it loads, then the addon folder. Every other byte of project.godot stays (a section left
    empty goes, as install added it). Refused while an editor has the project open, and for a locally
    changed copy of the bundled version, unless ``force``.
    """
    project = project_root(project_dir)
    target = project / ADDON_ROOT
    _check_removable(project, target, force, registry)
    path = project / PROJECT_FILE
    text = read_config_text(path)
    changed, disabled = _without_plugin(text)
    changed, autoloads = _without_autoloads(changed)
    if changed != text:
        replace_text(path, changed)
    removed = target if target.exists() else None
    if removed is not None:
        shutil.rmtree(removed)
    settings_kept = bool(section_values(changed, SETTINGS_SECTION))
    return AddonUninstallResult(removed, disabled, autoloads, settings_kept)


def _check_removable(project: Path, target: Path, force: bool, registry: Path | None) -> None:
    """Refusals of ``uninstall_addon``: a foreign folder always; an open editor and local changes
    unless ``force``."""
    if target.exists() and not _is_ours(target):
        raise AddonInstallError(
            f"{target} does not hold the godot_live_mcp addon (its plugin.cfg names another plugin)",
            "remove that folder by hand if you no longer want it",
        )
    if force:
        return
    key = same_path_key(project)
    open_in = [i for i in live_instances(registry) if same_path_key(i.project_path) == key]
    if open_in:
        raise AddonInstallError(
            f"{project} is open in a Godot editor (pid {open_in[0].pid}): it would enable the addon "
            "again when it saves the project settings",
            "close that editor first, or pass --force",
        )
    version = _plugin_version(target) if target.exists() else None
    if version == bundled_addon_version() and not _has_all_files(target, addon_source_dir()):
        raise AddonInstallError(
            f"{target} holds local changes to godot_live_mcp {version}",
            "pass --force to remove it all the same (the changes are lost)",
        )


def _is_ours(folder: Path) -> bool:
    cfg = folder / "plugin.cfg"
    raw = read_value(read_config_text(cfg), "plugin", "name") if cfg.is_file() else None
    return raw is not None and parse_string(raw) == PLUGIN_NAME


def _without_plugin(text: str) -> tuple[str, bool]:
    """``text`` without our entry in ``[editor_plugins] enabled=``; the key and the section go when
    nothing else is left in them. True when the entry was there."""
    if PLUGIN_CFG_RES not in _enabled_plugins(text):
        return text, False
    raw = read_value(text, "editor_plugins", "enabled") or ""
    rest = without_array_item(raw, PLUGIN_CFG_RES)
    if parse_string_array(rest):
        return with_value(text, "editor_plugins", "enabled", rest), True
    return without_empty_section(without_key(text, "editor_plugins", "enabled"), "editor_plugins"), True


def _without_autoloads(text: str) -> tuple[str, tuple[str, ...]]:
    """``text`` without the autoloads whose script is inside the addon (the plugin adds one)."""
    prefix = f"res://{ADDON_ROOT}/"
    names = tuple(
        name
        for name, raw in section_values(text, "autoload").items()
        if (parse_string(raw) or "").lstrip("*").startswith(prefix)
    )
    for name in names:
        text = without_key(text, "autoload", name)
    return (without_empty_section(text, "autoload") if names else text), names


def is_our_old_addon(folder: Path) -> bool:
    """Whether ``folder`` holds this addon under its previous name: its plugin.cfg says "Godot MCP" and
    it has our contract file."""
    cfg = folder / "plugin.cfg"
    if not cfg.is_file() or not (folder / "contract" / "contract.json").is_file():
        return False
    raw = read_value(read_config_text(cfg), "plugin", "name")
    return raw is not None and parse_string(raw) == OLD_PLUGIN_NAME


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


def addon_version_gap(installed: str | None, bundled: str | None = None) -> VersionGap:
    """How the ``installed`` copy's version stands to the bundled one (``None``: not installed)."""
    if installed is None:
        return "missing"
    mine, theirs = _version_key(installed), _version_key(bundled or bundled_addon_version())
    return "same" if mine == theirs else ("older" if mine < theirs else "newer")


def _version_key(version: str) -> tuple[int, ...]:
    """``1.2.0`` as ``(1, 2, 0)``; a part that is no number counts as 0, and so does a missing one."""
    parts = [int(part) if part.isdigit() else 0 for part in version.strip().split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def bundled_addon_version() -> str:
    """The ``version`` of the addon this package ships."""
    return _plugin_version(addon_source_dir())


def project_root(project_dir: Path | None) -> Path:
    """The Godot project folder named by ``project_dir`` (the folder or its ``project.godot``; None: the
    current folder)."""
    folder = (project_dir or Path.cwd()).expanduser().absolute()
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


def _enable(project: Path, upgrading: bool) -> bool:
    """Enable the plugin (True when it was not enabled); when ``upgrading``, also retire the previous
    name. Every other byte of project.godot stays."""
    path = project / PROJECT_FILE
    text = read_config_text(path)
    enabled_now = PLUGIN_CFG_RES not in _enabled_plugins(text)
    changed = _retire_old_name(text) if upgrading else text
    if PLUGIN_CFG_RES not in _enabled_plugins(changed):
        # Written into the list as it is, so uninstall_addon can take out exactly this.
        raw = read_value(changed, "editor_plugins", "enabled")
        listed = (
            format_string_array([PLUGIN_CFG_RES]) if raw is None else with_array_item(raw, PLUGIN_CFG_RES)
        )
        changed = with_value(changed, "editor_plugins", "enabled", listed)
    if changed != text:
        replace_text(path, changed)
    return enabled_now


def _retire_old_name(text: str) -> str:
    """The previous plugin replaced by this one where it was enabled, its settings section and the
    autoloads pointing into its folder renamed."""
    old_cfg = f"res://{OLD_ADDON_ROOT}/plugin.cfg"
    plugins = _enabled_plugins(text)
    if old_cfg in plugins:
        renamed = dict.fromkeys(PLUGIN_CFG_RES if plugin == old_cfg else plugin for plugin in plugins)
        text = with_value(text, "editor_plugins", "enabled", format_string_array(list(renamed)))
    text = with_section_renamed(text, OLD_SETTINGS_SECTION, SETTINGS_SECTION)
    old_prefix, new_prefix = f"res://{OLD_ADDON_ROOT}/", f"res://{ADDON_ROOT}/"
    for name, raw in section_values(text, "autoload").items():
        path = parse_string(raw)
        if path is not None and path.lstrip("*").startswith(old_prefix):
            text = with_value(text, "autoload", name, f'"{path.replace(old_prefix, new_prefix, 1)}"')
    return text


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
