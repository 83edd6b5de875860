"""Install Godot 4 from Debian's archive into a private prefix (Linux x86_64), touching nothing else.

The install is built in a hidden sibling folder, renamed into place, checked by running the binary
(and starting the display server, when asked for), and only then marked finished by its manifest;
a failure leaves the previous state untouched.
"""

from __future__ import annotations

import io
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal, Protocol, get_args

from filelock import FileLock

from godot_live_mcp import __version__
from godot_live_mcp.contract import SetupError
from godot_live_mcp.godot._apt_closure import DEBIAN_KEYRING, AptArchive, AptError, AptState
from godot_live_mcp.godot._elf_patch import find_patchelf, patch_tree
from godot_live_mcp.godot._prefix import (
    MANIFEST_NAME,
    InstallManifest,
    default_prefix,
    prefix_binary,
    read_manifest,
)
from godot_live_mcp.godot.display import DISPLAY_PACKAGES, DisplayError, start_display
from godot_live_mcp.godot.locator import GodotNotFound, godot_version
from godot_live_mcp.godot.standard_templates import install_standard_templates

__all__ = [
    "DISPLAY_PACKAGES",
    "TEMPLATE_PACKAGES",
    "GodotInstallError",
    "InstallProgress",
    "InstallResult",
    "Suite",
    "default_prefix",
    "install_godot",
    "prefix_binary",
]

Suite = Literal["forky", "sid"]  # tried in this order
_GODOT_PACKAGE = "godot"
_GLIBC_PACKAGE = "libc6"
_DISPLAY_SERVER_PACKAGE = "xvfb"
# Debian's Linux export templates (same source package and version as the editor).
TEMPLATE_PACKAGES = ("godot-template-debug", "godot-template-release")
_REQUIRED_TOOLS = ("apt-get", "apt-cache", "dpkg")
_UNPACK_WORKERS = 8
_NEEDED_FREE_BYTES = 3 << 29  # about 250 MB of packages plus 810 MB unpacked (with the display stack)
_ELSEWHERE_HINT = "get Godot 4 from https://godotengine.org/download and pass --godot PATH or set GODOT_BIN"


class GodotInstallError(SetupError):
    """The private install could not be made; nothing was left half-written."""


class InstallProgress(Protocol):
    """Receives the install's progress: named steps, and counted work within a step."""

    def step(self, text: str) -> None: ...

    def begin(self, text: str, total: int) -> None: ...

    def advance(self, detail: str) -> None: ...


class _Silent:
    def step(self, text: str) -> None:
        pass

    def begin(self, text: str, total: int) -> None:
        pass

    def advance(self, detail: str) -> None:
        pass


@dataclass(frozen=True)
class InstallResult:
    """A finished private install."""

    prefix: Path
    binary: Path
    version: str
    suite: str
    packages: tuple[str, ...]
    already_installed: bool
    seconds: float


def install_godot(
    prefix: Path | None = None,
    *,
    suite: Suite | None = None,
    with_display: bool = False,
    with_templates: bool = False,
    extra_packages: Sequence[str] = (),
    force: bool = False,
    progress: InstallProgress | None = None,
) -> InstallResult:
    """Install Debian's ``godot`` (plus ``extra_packages``) into ``prefix``; quick no-op when already there.

    ``with_display`` adds Mesa's software OpenGL and Vulkan and Xvfb, so Godot can render without a GPU;
    an install without them is upgraded in place. ``with_templates`` adds the Linux export templates
    (patched like the editor, so exported games run from the prefix) and links them into Godot's
    standard templates folder, where the editor finds them by version (presets then name no path of
    this machine). ``suite`` None tries forky, then sid.
    Failures raise a SetupError (message and hint).
    """
    started = time.monotonic()
    prefix = (prefix or default_prefix()).expanduser().absolute()
    report = progress or _Silent()
    templates = TEMPLATE_PACKAGES if with_templates else ()
    wanted = (_GODOT_PACKAGE, *(DISPLAY_PACKAGES if with_display else ()), *templates, *extra_packages)
    suites: tuple[str, ...] = (suite,) if suite else get_args(Suite)
    _check_host()
    _check_prefix_path(prefix)
    _check_replaceable(prefix)  # early too, so a refusal leaves not even the lock file behind
    prefix.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(prefix.parent / f".{prefix.name}.lock"):
        manifest = None if force else _finished_install(prefix, wanted, suite)
        already_installed = manifest is not None
        if manifest is None:
            _check_replaceable(prefix)
            _check_free_space(prefix.parent)
            manifest = _StagedInstall(prefix, report).run(suites, wanted)
        if with_templates:
            install_standard_templates(prefix, manifest.version)
    return InstallResult(
        prefix=prefix,
        binary=prefix_binary(prefix),
        version=manifest.version,
        suite=manifest.suite,
        packages=manifest.packages,
        already_installed=already_installed,
        seconds=time.monotonic() - started,
    )


class _StagedInstall:
    """Builds the prefix in a hidden sibling folder, then swaps it in."""

    def __init__(self, prefix: Path, progress: InstallProgress) -> None:
        self.prefix = prefix
        self.progress = progress

    def run(self, suites: Sequence[str], wanted: Sequence[str]) -> InstallManifest:
        staging = Path(tempfile.mkdtemp(prefix=f".{self.prefix.name}.partial-", dir=self.prefix.parent))
        staging.chmod(0o755)  # mkdtemp's 0700 would become the prefix's mode
        try:
            archive = self._open_archive(staging / ".apt", suites)
            packages = self._resolve(archive, wanted)
            self._extract(self._download(archive, packages), staging)
            self.progress.step(
                "Patching the binaries and libraries to use the prefix's own loader and folders"
            )
            patch_tree(
                staging, self.prefix, find_patchelf(), exclude=_glibc_files(archive.state.debs_dir, staging)
            )
            shutil.rmtree(archive.state.debs_dir)
            return self._swap_in(staging, archive.state.suite, packages)
        finally:
            shutil.rmtree(staging, ignore_errors=True)

    def _open_archive(self, apt_root: Path, suites: Sequence[str]) -> AptArchive:
        problems: list[str] = []
        for suite in suites:
            self.progress.step(f"Fetching the package lists of Debian {suite}")
            archive = AptArchive(AptState(apt_root, suite))
            archive.prepare()
            try:
                archive.update()
            except AptError as error:
                problems.append(error.message)
                continue
            version = archive.candidate(_GODOT_PACKAGE)
            if version and version.startswith("4."):
                self.progress.step(f"Debian {suite} has godot {version}")
                return archive
            problems.append(f"Debian {suite} has no Godot 4 package (found {version or 'none'})")
        raise GodotInstallError(
            "no suite could provide Godot 4:\n" + "\n".join(problems),
            "check network access to deb.debian.org; " + _ELSEWHERE_HINT,
        )

    def _resolve(self, archive: AptArchive, wanted: Sequence[str]) -> tuple[str, ...]:
        self.progress.step(f"Resolving the dependencies of {', '.join(wanted)}")
        packages = tuple(archive.closure(wanted))
        missing = [name for name in wanted if name not in packages]
        if missing:
            raise GodotInstallError(
                f"Debian {archive.state.suite} has no package {', '.join(missing)}",
                "check the package names",
            )
        return packages

    def _download(self, archive: AptArchive, packages: Sequence[str]) -> list[Path]:
        self.progress.begin(f"Downloading {len(packages)} packages", len(packages))
        debs = archive.download(packages, self.progress.advance)
        if len(debs) != len(packages):
            raise GodotInstallError(
                f"expected {len(packages)} packages, apt-get downloaded {len(debs)}",
                "run the install again; if it repeats, try --suite sid",
            )
        return debs

    def _extract(self, debs: Sequence[Path], root: Path) -> None:
        # dpkg -x is mostly decompression: a few at once cut the longest step roughly by the core count.
        self.progress.begin(f"Unpacking {len(debs)} packages", len(debs))
        with ThreadPoolExecutor(max_workers=min(_UNPACK_WORKERS, os.cpu_count() or 1)) as pool:
            try:
                for done in as_completed([pool.submit(_unpack, deb, root) for deb in debs]):
                    self.progress.advance(done.result())
            except BaseException:
                pool.shutdown(cancel_futures=True)
                raise

    def _swap_in(self, staging: Path, suite: str, packages: tuple[str, ...]) -> InstallManifest:
        """Rename the staged tree into place, prove the binary runs, then write the manifest."""
        self.progress.step(f"Moving the install into {self.prefix}")
        previous = self._move_aside()
        try:
            os.rename(staging, self.prefix)
        except BaseException:
            self._restore(previous)
            raise
        try:
            manifest = self._verify(suite, packages)
        except BaseException:
            os.rename(self.prefix, staging)
            self._restore(previous)
            raise
        if previous is not None:
            shutil.rmtree(previous.parent, ignore_errors=True)
        return manifest

    def _verify(self, suite: str, packages: tuple[str, ...]) -> InstallManifest:
        self.progress.step("Checking that the installed Godot runs")
        try:
            version = godot_version(prefix_binary(self.prefix))
        except GodotNotFound as error:
            message = f"the installed Godot does not run: {error.message}"
            raise GodotInstallError(message, _ELSEWHERE_HINT) from error
        if not version.startswith("4."):
            raise GodotInstallError(f"the installed binary reports version {version!r}", _ELSEWHERE_HINT)
        if _DISPLAY_SERVER_PACKAGE in packages:
            self._verify_display()
        installed_at = datetime.now(UTC).isoformat(timespec="seconds")
        manifest = InstallManifest(version, suite, packages, installed_at, __version__)
        manifest.write(self.prefix)
        return manifest

    def _verify_display(self) -> None:
        self.progress.step("Checking that the installed display server starts")
        try:
            start_display(prefix=self.prefix).stop()
        except DisplayError as error:
            raise GodotInstallError(
                f"the installed Xvfb does not start: {error.message}",
                "install without --with-display and use the system's Xvfb (Debian's xvfb package); "
                "please report this failure with the message above",
            ) from error

    def _move_aside(self) -> Path | None:
        """Move an existing prefix into a hidden sibling folder; returns where it went."""
        if not self.prefix.exists():
            return None
        aside = Path(tempfile.mkdtemp(prefix=f".{self.prefix.name}.old-", dir=self.prefix.parent))
        target = aside / "prefix"
        os.rename(self.prefix, target)
        return target

    def _restore(self, previous: Path | None) -> None:
        if previous is not None:
            os.rename(previous, self.prefix)
            previous.parent.rmdir()


def _unpack(deb: Path, root: Path) -> str:
    done = subprocess.run(["dpkg", "-x", str(deb), str(root)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise GodotInstallError(
            f"dpkg -x {deb.name} failed (exit {done.returncode}): {done.stderr.strip()}",
            "check free disk space, then run the install again",
        )
    return deb.name.partition("_")[0]


def _glibc_files(debs_dir: Path, root: Path) -> list[Path]:
    """Where glibc's own files landed in ``root``, read from its downloaded package."""
    debs = sorted(debs_dir.glob(f"{_GLIBC_PACKAGE}_*.deb"))
    if not debs:
        return []
    listing = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(debs[0])], capture_output=True, check=False)
    if listing.returncode != 0:
        detail = listing.stderr.decode(errors="replace").strip()
        raise GodotInstallError(
            f"dpkg-deb could not list {debs[0].name} (exit {listing.returncode}): {detail}",
            "run the install again; if it repeats, try --suite sid",
        )
    with tarfile.open(fileobj=io.BytesIO(listing.stdout)) as archive:
        return [root / name.removeprefix("./") for name in archive.getnames()]


def _finished_install(prefix: Path, wanted: Sequence[str], suite: str | None) -> InstallManifest | None:
    """The manifest of a finished install that has ``wanted`` (from ``suite``) and still runs."""
    manifest = read_manifest(prefix)
    if manifest is None or not set(wanted) <= set(manifest.packages):
        return None
    if suite is not None and manifest.suite != suite:
        return None
    try:
        godot_version(prefix_binary(prefix))
    except GodotNotFound:
        return None
    return manifest


def _check_host() -> None:
    machine = platform.machine()
    if sys.platform != "linux" or machine not in ("x86_64", "amd64"):
        raise GodotInstallError(
            f"the private Godot install works on Linux x86_64 only (this is {sys.platform} {machine})",
            _ELSEWHERE_HINT,
        )
    missing = [tool for tool in _REQUIRED_TOOLS if shutil.which(tool) is None]
    if missing:
        raise GodotInstallError(
            f"the private Godot install needs apt and dpkg (missing: {', '.join(missing)})",
            "run it on a Debian or Ubuntu machine; elsewhere, " + _ELSEWHERE_HINT,
        )
    if not DEBIAN_KEYRING.is_file():
        raise GodotInstallError(
            f"Debian's archive key {DEBIAN_KEYRING} is missing",
            "install it with `sudo apt-get install debian-archive-keyring`",
        )


def _check_prefix_path(prefix: Path) -> None:
    if ":" in str(prefix):
        raise GodotInstallError(
            f"the install folder {prefix} contains ':', which separates folders in a library search path",
            "choose another folder with --prefix",
        )


def _check_replaceable(prefix: Path) -> None:
    """Refuse to replace a non-empty folder that is not one of our installs."""
    if not prefix.exists():
        return
    ours = (prefix / MANIFEST_NAME).exists() or (prefix / ".apt").is_dir() or prefix_binary(prefix).exists()
    if not prefix.is_dir() or not (ours or not any(prefix.iterdir())):
        raise GodotInstallError(
            f"{prefix} exists and is not a godot-live-mcp Godot install",
            "choose another folder with --prefix, or remove that one",
        )


def _check_free_space(folder: Path) -> None:
    free = shutil.disk_usage(folder).free
    if free < _NEEDED_FREE_BYTES:
        raise GodotInstallError(
            f"only {free >> 20} MB free in {folder}; the install needs about {_NEEDED_FREE_BYTES >> 20} MB",
            "free some space or choose another folder with --prefix",
        )
