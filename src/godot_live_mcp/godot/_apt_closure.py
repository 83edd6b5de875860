"""Debian's archive through a private apt state: options, the dependency closure, and downloads.

Nothing here reads or writes the system's apt state: every path apt uses is under ``AptState.root``.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.contract import SetupError

ARCHIVE_URL = "http://deb.debian.org/debian"
DEBIAN_KEYRING = Path("/usr/share/keyrings/debian-archive-keyring.gpg")

_CLOSURE_FLAGS = (
    "--recurse",
    "--no-recommends",
    "--no-suggests",
    "--no-conflicts",
    "--no-breaks",
    "--no-replaces",
    "--no-enhances",
)
_PACKAGE_NAME = re.compile(r"^[a-z0-9][a-z0-9+.-]+$")


class AptError(SetupError):
    """apt failed on the private state; the message carries the tail of its output."""


@dataclass(frozen=True)
class AptState:
    """The private apt folders for one suite, all under ``root``."""

    root: Path
    suite: str
    keyring: Path = DEBIAN_KEYRING
    archive_url: str = ARCHIVE_URL

    @property
    def sources_list(self) -> Path:
        return self.root / "sources.list"

    @property
    def lists_dir(self) -> Path:
        return self.root / "lists"

    @property
    def cache_dir(self) -> Path:
        return self.root / "cache"

    @property
    def debs_dir(self) -> Path:
        return self.root / "debs"


def sources_line(state: AptState) -> str:
    """The one ``deb`` line of the private sources list."""
    return f"deb [signed-by={state.keyring}] {state.archive_url} {state.suite} main\n"


def apt_options(state: AptState) -> list[str]:
    """``-o`` options that point apt at the private state and away from the system's sources."""
    settings = {
        "Dir::Etc::SourceList": str(state.sources_list),
        "Dir::Etc::SourceParts": "/dev/null",
        "Dir::State::Lists": str(state.lists_dir),
        "Dir::Cache": str(state.cache_dir),
        "Debug::NoLocking": "1",
        # A machine with foreign architectures enabled would otherwise fetch their lists too.
        "APT::Architectures": "amd64",
    }
    return [part for key, value in settings.items() for part in ("-o", f"{key}={value}")]


def closure_command(state: AptState, packages: Sequence[str]) -> list[str]:
    """The ``apt-cache depends`` command listing the run-time closure of ``packages``."""
    return ["apt-cache", *apt_options(state), "depends", *_CLOSURE_FLAGS, *packages]


def parse_closure(output: str) -> list[str]:
    """Package names from ``apt-cache depends --recurse`` output: unindented lines, virtual ones dropped."""
    names: list[str] = []
    for line in output.splitlines():
        if not line or line[0].isspace() or line.startswith("<"):
            continue
        name = line.strip().removesuffix(":amd64")
        if name not in names:
            names.append(name)
    return names


def parse_candidate(show_output: str) -> str | None:
    """The ``Version:`` of ``apt-cache show --no-all-versions`` output, or None."""
    for line in show_output.splitlines():
        if line.startswith("Version:"):
            return line.partition(":")[2].strip() or None
    return None


def fetched_package(line: str) -> str | None:
    """The package named by an ``apt-get download`` line (``Get:3 URL suite/main amd64 NAME ...``)."""
    if not line.startswith("Get:"):
        return None
    fields = line.split()
    return fields[4] if len(fields) > 4 else None


def check_package_names(names: Sequence[str]) -> None:
    """Refuse names apt would read as options or patterns."""
    bad = [name for name in names if not _PACKAGE_NAME.match(name)]
    if bad:
        raise AptError(f"not Debian package names: {', '.join(bad)}", "use plain names such as libgl1")


class AptArchive:
    """Runs apt-get and apt-cache on one private state."""

    def __init__(self, state: AptState) -> None:
        self.state = state

    def prepare(self) -> None:
        """Create the private folders and write the sources list."""
        for folder in (self.state.lists_dir / "partial", self.state.cache_dir, self.state.debs_dir):
            folder.mkdir(parents=True, exist_ok=True)
        self.state.sources_list.write_text(sources_line(self.state), encoding="utf-8")

    def update(self) -> None:
        """Fetch the suite's package lists."""
        self._run(
            ["apt-get", *apt_options(self.state), "update"],
            f"could not fetch the package lists of Debian {self.state.suite} from {self.state.archive_url}",
            "check network access to deb.debian.org (apt's proxy settings in /etc/apt/apt.conf.d apply)",
        )

    def candidate(self, package: str) -> str | None:
        """The version apt would download for ``package``, or None when the suite has none."""
        done = subprocess.run(
            ["apt-cache", *apt_options(self.state), "show", "--no-all-versions", package],
            capture_output=True,
            text=True,
            check=False,
        )
        return parse_candidate(done.stdout) if done.returncode == 0 else None

    def closure(self, packages: Sequence[str]) -> list[str]:
        """Every package ``packages`` need at run time, themselves included."""
        check_package_names(packages)
        output = self._run(
            closure_command(self.state, packages),
            f"could not resolve the dependencies of {', '.join(packages)} in Debian {self.state.suite}",
            "check the package names, or try the other suite with --suite",
        )
        return parse_closure(output)

    def download(self, packages: Sequence[str], on_fetch: Callable[[str], None]) -> list[Path]:
        """Download the ``.deb`` files into ``debs_dir``, calling ``on_fetch`` as each one starts."""
        check_package_names(packages)
        command = ["apt-get", *apt_options(self.state), "download", *packages]
        with subprocess.Popen(
            command,
            cwd=self.state.debs_dir,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        ) as process:
            assert process.stdout is not None
            lines: list[str] = []
            for line in process.stdout:
                lines.append(line)
                name = fetched_package(line)
                if name:
                    on_fetch(name)
        if process.returncode != 0:
            raise AptError(
                f"apt-get download failed (exit {process.returncode}):\n{_tail(''.join(lines))}",
                "check network access to deb.debian.org, then run the install again",
            )
        return sorted(self.state.debs_dir.glob("*.deb"))

    def _run(self, command: list[str], failure: str, hint: str) -> str:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise AptError(f"{failure} (exit {done.returncode}):\n{_tail(done.stdout + done.stderr)}", hint)
        return done.stdout


def _tail(output: str, lines: int = 15) -> str:
    return "\n".join(output.strip().splitlines()[-lines:])
