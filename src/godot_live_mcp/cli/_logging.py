"""Logging for commands that may own stdout (``serve`` on stdio): everything goes to stderr."""

from __future__ import annotations

import logging
import sys


def configure_stderr_logging(level: int = logging.INFO) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s", "%H:%M:%S"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    logging.getLogger("godot_live_mcp").setLevel(level)
