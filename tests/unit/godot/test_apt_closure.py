from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.godot._apt_closure import (
    AptError,
    AptState,
    apt_options,
    check_package_names,
    closure_command,
    fetched_package,
    parse_candidate,
    parse_closure,
    sources_line,
)

# Recorded on Debian forky, 2026-11-30: `apt-cache depends --recurse --no-recommends ... godot`.
RECORDED_DEPENDS = (Path(__file__).parent / "data" / "apt_cache_depends_godot.txt").read_text("utf-8")


def _options(state: AptState) -> dict[str, str]:
    pairs = apt_options(state)
    assert pairs[::2] == ["-o"] * (len(pairs) // 2)
    return dict(pair.split("=", 1) for pair in pairs[1::2])


def test_options_keep_apt_away_from_the_system_state(tmp_path: Path) -> None:
    options = _options(AptState(tmp_path / ".apt", "forky"))

    assert options == {
        "Dir::Etc::SourceList": str(tmp_path / ".apt" / "sources.list"),
        "Dir::Etc::SourceParts": "/dev/null",
        "Dir::State::Lists": str(tmp_path / ".apt" / "lists"),
        "Dir::Cache": str(tmp_path / ".apt" / "cache"),
        "Debug::NoLocking": "1",
        "APT::Architectures": "amd64",
    }


def test_sources_line_pins_the_debian_key_and_suite(tmp_path: Path) -> None:
    assert sources_line(AptState(tmp_path, "sid")) == (
        "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] "
        "http://deb.debian.org/debian sid main\n"
    )


def test_closure_command_asks_for_run_time_dependencies_only(tmp_path: Path) -> None:
    state = AptState(tmp_path, "forky")

    command = closure_command(state, ["godot", "libgl1"])

    assert command[0] == "apt-cache"
    assert command[1 : 1 + len(apt_options(state))] == apt_options(state)
    assert command[1 + len(apt_options(state)) :] == [
        "depends",
        "--recurse",
        "--no-recommends",
        "--no-suggests",
        "--no-conflicts",
        "--no-breaks",
        "--no-replaces",
        "--no-enhances",
        "godot",
        "libgl1",
    ]


def test_closure_of_the_recorded_output() -> None:
    packages = parse_closure(RECORDED_DEPENDS)

    assert len(packages) == 139
    assert packages[0] == "godot"
    assert {"libc6", "libpulse0", "libstdc++6", "sse4.2-support"} <= set(packages)
    assert len(set(packages)) == len(packages)
    assert not [name for name in packages if name.startswith("<") or " " in name]


def test_closure_drops_virtual_packages_and_dependency_lines() -> None:
    output = "godot\n  Depends: libc6\n |Depends: <debconf-2.0>\n    cdebconf\nlibc6\n<debconf-2.0>\nlibc6\n"

    assert parse_closure(output) == ["godot", "libc6"]


def test_candidate_version_is_read_from_apt_cache_show() -> None:
    assert parse_candidate("Package: godot\nVersion: 4.6.3+ds-2\nInstalled-Size: 156598\n") == "4.6.3+ds-2"
    assert parse_candidate("") is None


def test_download_lines_name_their_package() -> None:
    line = "Get:1 http://deb.debian.org/debian forky/main amd64 libzstd1 amd64 1.5.7+dfsg-4 [304 kB]"

    assert fetched_package(line) == "libzstd1"
    assert fetched_package("Fetched 395 kB in 0s (16.5 MB/s)") is None
    assert fetched_package("Get:2") is None


def test_option_like_package_names_are_refused() -> None:
    check_package_names(["godot", "libstdc++6", "sse4.2-support"])

    with pytest.raises(AptError, match="-o"):
        check_package_names(["godot", "-o"])
