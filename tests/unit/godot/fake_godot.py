"""Stand-ins for Godot binaries and private installs, for tests that must not run the real engine."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.godot._prefix import InstallManifest, prefix_binary


def fake_godot(path: Path, version: str = "4.6.3.stable.fake", *, exit_code: int = 0) -> Path:
    """An executable script that answers ``--version`` like Godot does."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\necho '{version}'\nexit {exit_code}\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def fake_private_install(prefix: Path, version: str = "4.6.3.stable.fake", *, manifest: bool = True) -> Path:
    """A prefix laid out like a finished ``godot-live-mcp godot install``; returns its binary."""
    binary = fake_godot(prefix_binary(prefix), version)
    if manifest:
        InstallManifest(version, "forky", ("godot", "libc6"), "2026-11-30T00:00:00+00:00", "0.1.0").write(
            prefix
        )
    return binary
