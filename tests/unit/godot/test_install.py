from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import ClassVar

import pytest

from godot_live_mcp.godot import install as godot_install
from godot_live_mcp.godot._apt_closure import AptError, AptState
from godot_live_mcp.godot._prefix import read_manifest
from godot_live_mcp.godot.display import DISPLAY_PACKAGES, DisplayError
from godot_live_mcp.godot.install import GodotInstallError, install_godot
from tests.unit.godot.fake_godot import fake_godot, fake_private_install


class _Steps:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def step(self, text: str) -> None:
        self.lines.append(text)

    def begin(self, text: str, total: int) -> None:
        self.lines.append(f"{text} ({total})")

    def advance(self, detail: str) -> None:
        pass


class _FakeArchive:
    """Stands in for apt: ``suites`` maps a suite to its godot version (None: the update fails)."""

    suites: ClassVar[dict[str, str | None]] = {"forky": "4.6.3+ds-2"}
    closure_names = ("godot", "libc6")
    used: ClassVar[list[str]] = []
    excluded_from_patching: ClassVar[list[Path]] = []

    def __init__(self, state: AptState) -> None:
        self.state = state

    def prepare(self) -> None:
        self.state.debs_dir.mkdir(parents=True, exist_ok=True)

    def update(self) -> None:
        self.used.append(self.state.suite)
        if self.suites.get(self.state.suite) is None:
            raise AptError(f"could not fetch {self.state.suite}", "check network")

    def candidate(self, package: str) -> str | None:
        return self.suites.get(self.state.suite)

    def closure(self, packages: Sequence[str]) -> list[str]:
        return [*self.closure_names, *[name for name in packages if name not in self.closure_names]]

    def download(self, packages: Sequence[str], on_fetch: Callable[[str], None]) -> list[Path]:
        for name in packages:
            (self.state.debs_dir / f"{name}_1.0_amd64.deb").write_bytes(b"")
            on_fetch(name)
        return sorted(self.state.debs_dir.glob("*.deb"))


def _record_patch(root: Path, prefix: Path, patchelf: Path, *, exclude: Sequence[Path]) -> int:
    _FakeArchive.excluded_from_patching = list(exclude)
    return 1


def _fake_unpack(deb: Path, root: Path) -> str:
    name = deb.name.partition("_")[0]
    if name == "godot":
        fake_godot(root / "usr" / "bin" / "godot", "4.6.3.stable.debian")
    return name


@pytest.fixture
def fake_apt(monkeypatch: pytest.MonkeyPatch) -> type[_FakeArchive]:
    """Replaces apt, dpkg and patchelf so the install's own logic runs without network or root."""
    monkeypatch.setattr(_FakeArchive, "suites", {"forky": "4.6.3+ds-2"})
    monkeypatch.setattr(_FakeArchive, "used", [])
    monkeypatch.setattr(_FakeArchive, "excluded_from_patching", [])
    monkeypatch.setattr(godot_install, "AptArchive", _FakeArchive)
    monkeypatch.setattr(godot_install, "_unpack", _fake_unpack)
    monkeypatch.setattr(godot_install, "patch_tree", _record_patch)
    monkeypatch.setattr(godot_install, "_glibc_files", lambda debs, root: [root / "usr/lib/libc.so.6"])
    monkeypatch.setattr(godot_install, "find_patchelf", lambda: Path("/usr/bin/true"))
    monkeypatch.setattr(godot_install, "_check_host", lambda: None)
    monkeypatch.setattr(godot_install, "_check_free_space", lambda folder: None)
    return _FakeArchive


def _siblings(prefix: Path) -> list[str]:
    return sorted(path.name for path in prefix.parent.iterdir() if not path.name.endswith(".lock"))


def test_installs_and_writes_the_manifest_last(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    steps = _Steps()

    result = install_godot(tmp_path / "godot", progress=steps)

    assert (result.version, result.suite, result.already_installed) == ("4.6.3.stable.debian", "forky", False)
    assert result.binary == tmp_path / "godot" / "usr" / "bin" / "godot"
    manifest = read_manifest(tmp_path / "godot")
    assert manifest is not None
    assert manifest.packages == ("godot", "libc6")
    assert steps.lines[-1] == "Checking that the installed Godot runs"
    assert "Downloading 2 packages (2)" in steps.lines
    assert _siblings(tmp_path / "godot") == ["godot"]
    assert not (tmp_path / "godot" / ".apt" / "debs").exists()


def test_falls_back_to_sid_when_forky_fails(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    fake_apt.suites = {"forky": None, "sid": "4.6.3+ds-3"}

    result = install_godot(tmp_path / "godot")

    assert (result.suite, fake_apt.used) == ("sid", ["forky", "sid"])


def test_no_godot_4_anywhere_is_an_error_with_a_hint(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    fake_apt.suites = {"forky": "3.5.2-1", "sid": None}

    with pytest.raises(GodotInstallError, match="no suite could provide Godot 4") as raised:
        install_godot(tmp_path / "godot")

    assert "godotengine.org" in raised.value.hint
    assert _siblings(tmp_path / "godot") == []


def test_an_explicit_suite_is_the_only_one_tried(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    fake_apt.suites = {"forky": "4.6.3+ds-2", "sid": "4.6.3+ds-3"}

    assert install_godot(tmp_path / "godot", suite="sid").suite == "sid"
    assert fake_apt.used == ["sid"]


def test_extra_packages_join_the_closure(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    result = install_godot(tmp_path / "godot", extra_packages=["libgl1"])

    assert result.packages == ("godot", "libc6", "libgl1")


def test_a_working_install_is_left_alone(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    fake_private_install(tmp_path / "godot", "4.6.3.stable.old")

    result = install_godot(tmp_path / "godot")

    assert (result.already_installed, result.version, fake_apt.used) == (True, "4.6.3.stable.old", [])


def test_missing_extra_packages_or_another_suite_mean_reinstall(
    tmp_path: Path, fake_apt: type[_FakeArchive]
) -> None:
    fake_private_install(tmp_path / "godot", "4.6.3.stable.old")

    assert not install_godot(tmp_path / "godot", extra_packages=["libgl1"]).already_installed
    fake_apt.suites = {"sid": "4.6.3+ds-3"}
    assert install_godot(tmp_path / "godot", suite="sid").suite == "sid"
    assert install_godot(tmp_path / "godot", suite="sid").already_installed


def test_force_reinstalls_and_removes_the_old_copy(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    fake_private_install(tmp_path / "godot", "4.6.3.stable.old")

    result = install_godot(tmp_path / "godot", force=True)

    assert (result.already_installed, result.version) == (False, "4.6.3.stable.debian")
    assert _siblings(tmp_path / "godot") == ["godot"]


def test_a_broken_install_is_replaced(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    fake_private_install(tmp_path / "godot", manifest=False)

    assert install_godot(tmp_path / "godot").version == "4.6.3.stable.debian"


def test_a_binary_that_does_not_run_rolls_back_to_the_previous_install(
    tmp_path: Path, fake_apt: type[_FakeArchive], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_private_install(tmp_path / "godot", "4.6.3.stable.old")

    def _broken_unpack(deb: Path, root: Path) -> str:
        fake_godot(root / "usr" / "bin" / "godot", "crash", exit_code=1)
        return deb.name

    monkeypatch.setattr(godot_install, "_unpack", _broken_unpack)

    with pytest.raises(GodotInstallError, match="does not run"):
        install_godot(tmp_path / "godot", force=True)

    manifest = read_manifest(tmp_path / "godot")
    assert manifest is not None
    assert manifest.version == "4.6.3.stable.old"
    assert _siblings(tmp_path / "godot") == ["godot"]


def test_a_failed_download_leaves_nothing_behind(
    tmp_path: Path, fake_apt: type[_FakeArchive], monkeypatch: pytest.MonkeyPatch
) -> None:
    def _fail(self: _FakeArchive, packages: Sequence[str], on_fetch: Callable[[str], None]) -> list[Path]:
        raise AptError("apt-get download failed", "check network")

    monkeypatch.setattr(_FakeArchive, "download", _fail)

    with pytest.raises(AptError):
        install_godot(tmp_path / "godot")

    assert _siblings(tmp_path / "godot") == []


def test_refuses_to_replace_a_folder_that_is_not_an_install(
    tmp_path: Path, fake_apt: type[_FakeArchive]
) -> None:
    (tmp_path / "godot").mkdir()
    (tmp_path / "godot" / "important.txt").write_text("keep me")

    with pytest.raises(GodotInstallError, match="not a godot-live-mcp Godot install"):
        install_godot(tmp_path / "godot")

    assert (tmp_path / "godot" / "important.txt").read_text() == "keep me"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["godot"]


def test_an_empty_folder_is_fine(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    (tmp_path / "godot").mkdir()

    assert not install_godot(tmp_path / "godot").already_installed


def test_other_systems_are_told_where_to_get_godot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.platform", "darwin")

    with pytest.raises(GodotInstallError, match="Linux x86_64 only") as raised:
        godot_install._check_host()

    assert "--godot PATH" in raised.value.hint


def test_a_system_without_apt_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setattr("platform.machine", lambda: "x86_64")
    monkeypatch.setattr("shutil.which", lambda name: None)

    with pytest.raises(GodotInstallError, match="needs apt and dpkg"):
        godot_install._check_host()


def test_default_prefix_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GODOT_MCP_GODOT_PREFIX", str(tmp_path / "here"))

    assert godot_install.default_prefix() == tmp_path / "here"


def test_staged_prefix_is_not_private_to_the_owner(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    install_godot(tmp_path / "godot")

    assert os.stat(tmp_path / "godot").st_mode & 0o055 == 0o055


def test_too_little_disk_space_is_reported_before_any_download(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("shutil.disk_usage", lambda path: SimpleNamespace(free=5 << 20))

    with pytest.raises(GodotInstallError, match="only 5 MB free") as raised:
        godot_install._check_free_space(tmp_path)

    assert "--prefix" in raised.value.hint


def test_a_prefix_with_a_colon_is_refused(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    with pytest.raises(GodotInstallError, match="contains ':'"):
        install_godot(tmp_path / "a:b")

    assert not (tmp_path / "a:b").exists()


class _FakeDisplay:
    def __init__(self, prefixes: list[Path], prefix: Path) -> None:
        prefixes.append(prefix)

    def stop(self) -> None:
        pass


@pytest.fixture
def display_starts(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The prefixes whose display server the install started (and stopped) to check it."""
    prefixes: list[Path] = []
    monkeypatch.setattr(godot_install, "start_display", lambda prefix: _FakeDisplay(prefixes, prefix))
    return prefixes


def test_with_display_installs_the_display_stack_and_checks_that_xvfb_starts(
    tmp_path: Path, fake_apt: type[_FakeArchive], display_starts: list[Path]
) -> None:
    steps = _Steps()

    result = install_godot(tmp_path / "godot", with_display=True, progress=steps)

    assert set(DISPLAY_PACKAGES) <= set(result.packages)
    assert display_starts == [tmp_path / "godot"]
    assert "Checking that the installed display server starts" in steps.lines


def test_an_install_without_the_display_stack_is_upgraded_in_place(
    tmp_path: Path, fake_apt: type[_FakeArchive], display_starts: list[Path]
) -> None:
    fake_private_install(tmp_path / "godot", "4.6.3.stable.old")

    upgraded = install_godot(tmp_path / "godot", with_display=True)
    again = install_godot(tmp_path / "godot", with_display=True)
    plain = install_godot(tmp_path / "godot")

    assert not upgraded.already_installed
    assert again.already_installed
    assert plain.already_installed
    assert "xvfb" in again.packages
    assert _siblings(tmp_path / "godot") == ["godot"]


def test_a_display_server_that_does_not_start_rolls_back_to_the_previous_install(
    tmp_path: Path, fake_apt: type[_FakeArchive], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_private_install(tmp_path / "godot", "4.6.3.stable.old")

    def _broken(prefix: Path) -> _FakeDisplay:
        raise DisplayError("Xvfb stopped before it was ready (exit 1)", "hint")

    monkeypatch.setattr(godot_install, "start_display", _broken)

    with pytest.raises(GodotInstallError, match="Xvfb does not start") as raised:
        install_godot(tmp_path / "godot", with_display=True)

    assert "xvfb package" in raised.value.hint
    manifest = read_manifest(tmp_path / "godot")
    assert manifest is not None
    assert manifest.version == "4.6.3.stable.old"
    assert _siblings(tmp_path / "godot") == ["godot"]


def test_glibc_files_are_never_patched(tmp_path: Path, fake_apt: type[_FakeArchive]) -> None:
    install_godot(tmp_path / "godot")

    assert [path.name for path in fake_apt.excluded_from_patching] == ["libc.so.6"]


def test_glibc_files_are_read_from_the_downloaded_package(tmp_path: Path) -> None:
    package = tmp_path / "package"
    (package / "DEBIAN").mkdir(parents=True)
    (package / "DEBIAN" / "control").write_text(
        "Package: libc6\nVersion: 2.43-7\nArchitecture: amd64\nMaintainer: test <t@example.org>\n"
        "Description: test\n",
        encoding="utf-8",
    )
    (package / "usr" / "lib" / "x86_64-linux-gnu").mkdir(parents=True)
    (package / "usr" / "lib" / "x86_64-linux-gnu" / "libc.so.6").write_bytes(b"\x7fELF")
    debs = tmp_path / "debs"
    debs.mkdir()
    subprocess.run(["dpkg-deb", "--build", str(package), str(debs / "libc6_2.43-7_amd64.deb")], check=True)
    (debs / "libc6-dev_2.43-7_amd64.deb").write_bytes(b"not read")

    files = godot_install._glibc_files(debs, tmp_path / "root")

    assert tmp_path / "root" / "usr" / "lib" / "x86_64-linux-gnu" / "libc.so.6" in files


def test_an_unreadable_glibc_package_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "libc6_2.43-7_amd64.deb").write_bytes(b"garbage")

    with pytest.raises(GodotInstallError, match=r"dpkg-deb could not list libc6_2\.43-7_amd64\.deb"):
        godot_install._glibc_files(tmp_path, tmp_path / "root")
