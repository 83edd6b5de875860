"""Installing a catalog entry: download, check its SHA-256, unpack its one ``addons/<folder>/`` into a
hidden staging folder beside the target, move it into place in one rename, then enable its extensions
(the person's action). A failure at any step leaves nothing behind."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import stat
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.extension_catalog._entries import CatalogEntry
from godot_live_mcp.extension_catalog._fetch import fetch
from godot_live_mcp.extension_catalog._rules import CatalogError, CatalogRules
from godot_live_mcp.security import extension_consent as consent

_CHUNK = 65536
_MAINTAINERS = "tell the catalog's maintainers"


@dataclass(frozen=True)
class _Member:
    info: zipfile.ZipInfo
    path: str  # addons/<folder>/..., the archive's top folder dropped


@dataclass(frozen=True)
class Installed:
    """Where an entry went and which extension classes were enabled."""

    entry: CatalogEntry
    folder: Path
    enabled: tuple[str, ...]


def install_entry(project: Path, entry: CatalogEntry, rules: CatalogRules) -> Installed:
    """Install ``entry`` into ``<project>/addons/<its folder>`` and enable its extensions."""
    label = f"{entry.name} {entry.version}"
    data = fetch(entry.archive, rules, rules.limits["max_archive_bytes"], f"the archive of {label}")
    digest = hashlib.sha256(data).hexdigest()
    if digest != entry.sha256:
        raise CatalogError(
            f"the archive of {label} is not the one the catalog lists (SHA-256 {digest[:16]}...)",
            "nothing was installed; tell the catalog's maintainers",
        )
    taken = {found.name: found.path for found in consent.find_extensions(project)}
    addons = project / "addons"
    addons.mkdir(exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=rules.staging_prefix, dir=addons))
    try:
        folder = _unpack(data, staging, rules, label)
        target = addons / folder
        classes = _classes_to_enable(taken, staging, label, target)
        os.rename(staging / "addons" / folder, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    for name in classes:
        consent.enable(project, name)
    return Installed(entry, target, classes)


def _classes_to_enable(taken: dict[str, str], staging: Path, label: str, target: Path) -> tuple[str, ...]:
    if target.exists():
        raise CatalogError(f"{target} exists already", f"remove that folder first to install {label}")
    staged = consent.find_extensions(staging)
    if not staged:
        raise CatalogError(f"the archive of {label} holds no extension script", _MAINTAINERS)
    for found in staged:
        if found.name in taken:
            raise CatalogError(
                f"{label} brings class {found.name}, which {taken[found.name]} has already",
                "remove or rename that script first",
            )
    return tuple(found.name for found in staged)


def _unpack(data: bytes, staging: Path, rules: CatalogRules, label: str) -> str:
    """Writes the archive's ``addons/<folder>/`` under ``staging`` as the asset installer maps it (one
    top folder other than addons/ is dropped; files outside addons/ are left out); its folder name."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            if len(members) > rules.limits["max_archive_files"]:
                raise CatalogError(f"the archive of {label} holds too many files", _MAINTAINERS)
            prefix = _top_folder([member.filename for member in members])
            picked = _addon_members(members, prefix, label)
            folder = _one_folder(picked, rules, label)
            _extract(archive, picked, staging, rules, label)
    except zipfile.BadZipFile as error:
        raise CatalogError(f"the archive of {label} is no zip file: {error}", _MAINTAINERS) from error
    return folder


def _top_folder(names: list[str]) -> str:
    """The single folder every member lies in, as Godot's asset installer skips it ("" when none, and
    never ``addons/``)."""
    first = {name.split("/", 1)[0] for name in names}
    if len(first) != 1 or not all("/" in name for name in names):
        return ""
    top = first.pop()
    return "" if top == "addons" else top + "/"


def _addon_members(members: list[zipfile.ZipInfo], prefix: str, label: str) -> list[_Member]:
    """The files under addons/, each with its path once the top folder is dropped; refuses the whole
    archive for one unsafe entry (absolute, climbing, a link)."""
    picked: list[_Member] = []
    for member in members:
        name = member.filename
        parts = name[len(prefix) :].rstrip("/").split("/")
        mode = member.external_attr >> 16
        unsafe = name.startswith("/") or "\\" in name or ":" in parts[0] or ".." in parts or "" in parts
        if unsafe or stat.S_ISLNK(mode):
            raise CatalogError(f"the archive of {label} holds an unsafe entry {name!r}", _MAINTAINERS)
        if len(parts) >= 3 and parts[0] == "addons" and not member.is_dir():
            picked.append(_Member(member, "/".join(parts)))
    return picked


def _one_folder(picked: list[_Member], rules: CatalogRules, label: str) -> str:
    folders = {member.path.split("/")[1] for member in picked}
    if len(folders) != 1:
        raise CatalogError(f"the archive of {label} must hold exactly one addons/<folder>/", _MAINTAINERS)
    folder = folders.pop()
    if not rules.addon_folder.fullmatch(folder) or folder in rules.refused_folders:
        raise CatalogError(
            f"{label} would install into addons/{folder}/, which is not allowed",
            "an extension gets a folder of its own beside the toolkit's",
        )
    return folder


def _extract(
    archive: zipfile.ZipFile,
    picked: list[_Member],
    staging: Path,
    rules: CatalogRules,
    label: str,
) -> None:
    budget = rules.limits["max_unpacked_bytes"]
    for member in picked:
        target = staging / member.path
        target.parent.mkdir(parents=True, exist_ok=True)
        with archive.open(member.info) as source, target.open("wb") as out:
            while chunk := source.read(_CHUNK):
                budget -= len(chunk)
                if budget < 0:
                    raise CatalogError(
                        f"the archive of {label} unpacks to more than allowed",
                        _MAINTAINERS,
                    )
                out.write(chunk)
