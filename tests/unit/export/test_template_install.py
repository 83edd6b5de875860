"""``godot install --with-templates``: Debian's export templates join the private install and are
patched like the editor, so an exported game (a copy of a template) runs from the prefix."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.godot._elf_patch import library_path, patch_tree
from godot_live_mcp.godot.install import TEMPLATE_PACKAGES, install_godot
from tests.unit.godot.test_install import fake_apt  # noqa: F401  (the fixture the tests use)


@pytest.mark.usefixtures("fake_apt")
def test_with_templates_installs_debians_template_packages(tmp_path: Path) -> None:
    result = install_godot(tmp_path / "godot", with_templates=True)
    assert TEMPLATE_PACKAGES == ("godot-template-debug", "godot-template-release")
    assert set(TEMPLATE_PACKAGES) <= set(result.packages)
    assert install_godot(tmp_path / "godot", with_templates=True).already_installed


@pytest.mark.usefixtures("fake_apt")
def test_an_install_without_templates_is_upgraded_when_they_are_asked_for(tmp_path: Path) -> None:
    plain = install_godot(tmp_path / "godot")
    upgraded = install_godot(tmp_path / "godot", with_templates=True)
    assert not set(TEMPLATE_PACKAGES) & set(plain.packages)
    assert not upgraded.already_installed


def test_the_templates_get_the_editors_loader_and_library_path(tmp_path: Path) -> None:
    log = tmp_path / "patchelf.log"
    patchelf = tmp_path / "patchelf"
    patchelf.write_text(f'#!/bin/sh\necho "$@" >> {log}\n', encoding="utf-8")
    patchelf.chmod(0o755)
    root, prefix = tmp_path / "staged", tmp_path / "final"
    (root / "usr/bin").mkdir(parents=True)
    (root / "usr/lib/x86_64-linux-gnu").mkdir(parents=True)
    for name in ("godot", "godot-template-debug", "godot-template-release"):
        (root / "usr/bin" / name).write_bytes(b"\x7fELF")

    assert patch_tree(root, prefix, patchelf) == 3

    calls = {line.split()[-1]: line.split()[:-1] for line in log.read_text().splitlines()}
    editor = calls[str(root / "usr/bin/godot")]
    assert editor[:2] == ["--set-interpreter", str(prefix / "usr/lib64/ld-linux-x86-64.so.2")]
    assert editor[-1] == library_path(prefix)
    assert calls[str(root / "usr/bin/godot-template-debug")] == editor
    assert calls[str(root / "usr/bin/godot-template-release")] == editor
