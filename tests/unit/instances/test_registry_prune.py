"""Pruning the registry: entries of instances that are gone go with their tokens; nothing else is touched."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from godot_live_mcp.instances.registry import prune_dead_entries


def dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def plant(registry: Path, stem: str, pid: int, token_path: Path | None = None) -> tuple[Path, Path]:
    (registry / "entries").mkdir(parents=True, exist_ok=True)
    (registry / "tokens").mkdir(parents=True, exist_ok=True)
    token = registry / "tokens" / f"{stem}.token"
    token.write_text("ab" * 32)
    entry = registry / "entries" / f"{stem}.json"
    entry.write_text(json.dumps({"schema": 1, "pid": pid, "token_path": str(token_path or token)}))
    return entry, token


def age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_a_dead_instance_loses_its_entry_and_token_and_a_live_one_keeps_them(tmp_path: Path) -> None:
    dead_entry, dead_token = plant(tmp_path, "aaaa", dead_pid())
    runtime_entry, runtime_token = plant(tmp_path, "aaaa.runtime", dead_pid())
    live_entry, live_token = plant(tmp_path, "bbbb", os.getpid())
    removed = prune_dead_entries(tmp_path)
    assert sorted(removed) == sorted([dead_entry, dead_token, runtime_entry, runtime_token])
    assert live_entry.exists()
    assert live_token.exists()


def test_a_token_without_an_entry_goes_once_old_or_settled(tmp_path: Path) -> None:
    _, fresh = plant(tmp_path, "cccc", os.getpid())
    (tmp_path / "entries" / "cccc.json").unlink()
    _, old = plant(tmp_path, "dddd", os.getpid())
    (tmp_path / "entries" / "dddd.json").unlink()
    age(old, 120)
    _, settled = plant(tmp_path, "eeee.runtime", os.getpid())
    (tmp_path / "entries" / "eeee.runtime.json").unlink()
    assert sorted(prune_dead_entries(tmp_path, settled=["eeee"])) == sorted([old, settled])
    assert fresh.exists()


def test_a_token_path_outside_the_registry_is_never_removed(tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    plant(tmp_path / "registry", "ffff", dead_pid(), token_path=precious)
    prune_dead_entries(tmp_path / "registry")
    assert precious.read_text() == "keep me"
    assert not (tmp_path / "registry" / "entries" / "ffff.json").exists()
