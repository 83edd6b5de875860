"""An addon copy from an older version is reported by ``doctor`` and ``serve`` with the fix, and replaced
only when asked (``install-addon``, ``serve --upgrade-addon``), never silently; through the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.instances.addon_install import (
    addon_version_gap,
    bundled_addon_version,
    install_addon,
    installed_addon_version,
)
from tests.unit.cli.cli_process import Machine, make_machine, make_project

OLD = "0.0.1"


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    return make_machine(tmp_path)


@pytest.fixture
def old_project(tmp_path: Path) -> Path:
    project = make_project(tmp_path / "game")
    install_addon(project)
    cfg = project / "addons" / "godot_live_mcp" / "plugin.cfg"
    cfg.write_text(cfg.read_text().replace(f'version="{bundled_addon_version()}"', f'version="{OLD}"'))
    assert installed_addon_version(project) == OLD
    return project


@pytest.mark.parametrize(
    ("installed", "gap"),
    [
        (None, "missing"),
        ("0.0.9", "older"),
        ("0.1", "same"),
        ("0.0.10", "older"),
        ("99.0.0", "newer"),
        ("1.10.0", "newer"),
    ],
)
def test_version_gap(installed: str | None, gap: str) -> None:
    assert addon_version_gap(installed, "1.9.0" if installed == "1.10.0" else "0.1.0") == gap


def test_doctor_reports_the_older_copy_with_the_command_that_upgrades_it(
    machine: Machine, old_project: Path
) -> None:
    before = machine.run("doctor", "--project", str(old_project))
    upgraded = machine.run("install-addon", str(old_project))
    after = machine.run("doctor", "--project", str(old_project))

    assert before.returncode == 1
    assert f"version {OLD} is older than {bundled_addon_version()}" in before.stdout
    assert f"godot-live-mcp install-addon {old_project}` to upgrade it" in before.stdout
    assert upgraded.returncode == 0, upgraded.stderr
    assert f"Replaced the copy in {old_project / 'addons' / 'godot_live_mcp'}" in upgraded.stdout
    assert "older than" not in after.stdout
    assert installed_addon_version(old_project) == bundled_addon_version()


def test_serve_reports_the_older_copy_and_leaves_it(machine: Machine, old_project: Path) -> None:
    # stdin at its end: the client has left, so serve stops right after its start-up checks.
    served = machine.run("serve", "--project", str(old_project), "--no-launch", stdin="")

    assert served.returncode == 0, served.stderr
    assert f"is version {OLD}, older than the {bundled_addon_version()} this server ships" in served.stderr
    assert "--upgrade-addon" in served.stderr
    assert served.stdout == ""
    assert installed_addon_version(old_project) == OLD


def test_serve_upgrades_the_older_copy_when_asked(machine: Machine, old_project: Path) -> None:
    served = machine.run("serve", "--project", str(old_project), "--no-launch", "--upgrade-addon", stdin="")

    assert served.returncode == 0, served.stderr
    assert f"installed the godot_live_mcp addon {bundled_addon_version()}" in served.stderr
    assert installed_addon_version(old_project) == bundled_addon_version()


def test_serve_never_replaces_a_newer_copy(machine: Machine, old_project: Path) -> None:
    cfg = old_project / "addons" / "godot_live_mcp" / "plugin.cfg"
    cfg.write_text(cfg.read_text().replace(f'version="{OLD}"', 'version="99.0.0"'))

    served = machine.run("serve", "--project", str(old_project), "--no-launch", "--upgrade-addon", stdin="")

    assert "is version 99.0.0, newer than" in served.stderr
    assert installed_addon_version(old_project) == "99.0.0"
