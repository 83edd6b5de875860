"""The built-in audit hook: one JSON line per tool call in a private, size-rotated file.

A line holds the time, the tool, the SHA-256 of the canonical arguments (never the arguments: they may
carry code or secrets), the outcome code and the duration.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from io import TextIOWrapper
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Any

import platformdirs

from godot_live_mcp.server.hooks._base import Proceed, ToolCall, ToolHook, ToolOutcome, outcome_code

MAX_BYTES = 5 * 1024 * 1024
BACKUPS = 3
_logger = logging.getLogger(__name__)


def audit_dir() -> Path:
    """The private folder of the audit logs: ``<user state dir>/godot-live-mcp/audit``."""
    return platformdirs.user_state_path("godot-live-mcp", appauthor=False) / "audit"


def audit_file(project: Path | None, folder: Path | None = None) -> Path:
    """The audit log of the server instance serving ``project`` (one file per project folder)."""
    key = hashlib.sha256(str(project).encode("utf-8")).hexdigest()[:12] if project else "any-project"
    return (folder or audit_dir()) / f"calls-{key}.jsonl"


def arguments_digest(arguments: Mapping[str, Any]) -> str:
    """SHA-256 of the arguments as canonical JSON (sorted keys, no spaces)."""
    canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class _PrivateRotatingFile(RotatingFileHandler):
    """Creates each file (the first and every rotated one) readable by its owner only."""

    def _open(self) -> TextIOWrapper:
        descriptor = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return os.fdopen(descriptor, "a", encoding=self.encoding or "utf-8")


class AuditHook(ToolHook):
    """Appends one line per call to ``path``; the folder is made 0700 and the file 0600."""

    def __init__(self, path: Path, *, max_bytes: int = MAX_BYTES, backups: int = BACKUPS) -> None:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(path.parent, 0o700)
        if path.exists():
            os.chmod(path, 0o600)
        self.path = path
        self._handler = _PrivateRotatingFile(path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")
        self._handler.setFormatter(logging.Formatter("%(message)s"))

    async def around(self, call: ToolCall, proceed: Proceed) -> ToolOutcome:
        started = time.perf_counter()
        outcome = "CANCELLED"
        try:
            result = await proceed()
            outcome = outcome_code(result)
            return result
        except Exception:
            outcome = "INTERNAL"
            raise
        finally:
            self._write(call, outcome, (time.perf_counter() - started) * 1000)

    def close(self) -> None:
        self._handler.close()

    def _write(self, call: ToolCall, outcome: str, duration_ms: float) -> None:
        line = {
            "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "tool": call.name,
            "arguments_sha256": arguments_digest(call.arguments),
            "outcome": outcome,
            "duration_ms": round(duration_ms, 1),
        }
        record = _logger.makeRecord(_logger.name, logging.INFO, __file__, 0, json.dumps(line), (), None)
        self._handler.handle(record)
