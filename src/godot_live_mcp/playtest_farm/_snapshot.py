"""The imported project as it travels to a cluster's workers: its files and the import results in
``.godot/`` (never the editor's state, a sweep's run folders or version control), staged in a folder of
its own and named by the hash of its content, so the same project gives the same snapshot."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ProjectSnapshot", "snapshot_files"]

# What a game reads from .godot/: the imported assets and the caches beside them (uid, class names).
_IMPORT_RESULTS = "imported"
# Not needed by a game; .gitignore would make Ray leave files out of the upload.
_LEFT_OUT_NAMES = {".gitignore", ".gitattributes", "__pycache__"}


@dataclass(frozen=True)
class ProjectSnapshot:
    """A staged copy of a project: ``folder`` holds it, ``digest`` names its content."""

    folder: Path
    digest: str
    size_bytes: int
    files: int

    @classmethod
    def stage(cls, project: Path, into: Path, leave_out: Path | None = None) -> ProjectSnapshot:
        """The snapshot of ``project`` staged in ``into`` (linked where the file system allows, else
        copied); ``leave_out`` (a sweep's own folder, when it lies in the project) is not part of it."""
        hashed = hashlib.sha256()
        size = count = 0
        for relative in snapshot_files(project, leave_out):
            source, target = project / relative, into / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            _link_or_copy(source, target)
            hashed.update(relative.as_posix().encode() + b"\0" + _file_digest(source) + b"\0")
            size += source.stat().st_size
            count += 1
        return cls(into, hashed.hexdigest()[:16], size, count)

    def summary(self) -> str:
        """``snapshot 1a2b3c4d5e6f7a8b: 42 files, 1.3 MiB``."""
        return f"snapshot {self.digest}: {self.files} files, {self.size_bytes / 2**20:.1f} MiB"


def snapshot_files(project: Path, leave_out: Path | None = None) -> Iterator[Path]:
    """The project's files a game needs, relative and sorted: the project without its hidden folders,
    plus ``.godot/imported/`` and the files directly in ``.godot/``."""
    skipped = leave_out.resolve() if leave_out is not None else None
    for folder, subfolders, names in os.walk(project):
        here = Path(folder)
        relative = here.relative_to(project)
        subfolders[:] = sorted(
            name
            for name in subfolders
            if _kept_folder(relative / name) and (here / name).resolve() != skipped
        )
        for name in sorted(names):
            if name not in _LEFT_OUT_NAMES and (here / name).is_file():
                yield relative / name


def _kept_folder(relative: Path) -> bool:
    parts = relative.parts
    if parts[0] == ".godot":
        return len(parts) == 1 or parts[1] == _IMPORT_RESULTS
    return not any(part.startswith(".") or part in _LEFT_OUT_NAMES for part in parts)


def _file_digest(path: Path) -> bytes:
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").digest()


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)
