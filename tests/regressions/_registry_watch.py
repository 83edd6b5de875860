"""Every file created in the instance registry while a block runs, seen by the kernel (Linux inotify):
an entry or token that lives for a second is recorded as surely as one that stays."""

from __future__ import annotations

import ctypes
import os
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_IN_CREATE = 0x100
_IN_MOVED_TO = 0x80
_EVENT = struct.Struct("iIII")  # wd, mask, cookie, len; then len bytes of name
_WATCHED = ("entries", "tokens")


@contextmanager
def files_created(registry: Path) -> Iterator[list[str]]:
    """Yields a list that, once the block ends, holds ``<folder>/<name>`` of each file created (or
    renamed into place) in the registry's entries and tokens folders meanwhile."""
    libc = ctypes.CDLL(None, use_errno=True)
    descriptor = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
    assert descriptor >= 0, os.strerror(ctypes.get_errno())
    folders: dict[int, str] = {}
    created: list[str] = []
    try:
        for name in _WATCHED:
            (registry / name).mkdir(parents=True, exist_ok=True)
            watch = libc.inotify_add_watch(
                descriptor, str(registry / name).encode(), _IN_CREATE | _IN_MOVED_TO
            )
            assert watch >= 0, os.strerror(ctypes.get_errno())
            folders[watch] = name
        yield created
        created.extend(_drain(descriptor, folders))
    finally:
        os.close(descriptor)


def _drain(descriptor: int, folders: dict[int, str]) -> list[str]:
    names: list[str] = []
    while True:
        try:
            data = os.read(descriptor, 65536)
        except BlockingIOError:
            return names
        at = 0
        while at < len(data):
            watch, _mask, _cookie, length = _EVENT.unpack_from(data, at)
            name = data[at + _EVENT.size : at + _EVENT.size + length].rstrip(b"\0").decode()
            names.append(f"{folders[watch]}/{name}")
            at += _EVENT.size + length
