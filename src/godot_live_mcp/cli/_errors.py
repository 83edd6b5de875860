"""How every command reports an ``ActionableError``: its message, then ``hint: ...``, on stderr."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click

from godot_live_mcp.contract import ActionableError


@contextmanager
def reported_as_click_error() -> Iterator[None]:
    """An ``ActionableError`` raised in the block ends the command the click way (``Error: ...``, exit 1)."""
    try:
        yield
    except ActionableError as error:
        raise click.ClickException(str(error)) from error
