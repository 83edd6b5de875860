"""Reading a file of the project or of the person, bounded before anything is allocated; replacing one
whole (``replace_text``).

Every file the Python server reads for itself (prompt files, test scripts, configuration, presets,
registry entries, token files, logs) goes through here: the path is resolved and must stay inside its
folder (a link may not lead out), the file is opened without following a last link and without
blocking (a FIFO cannot hang the open), it must be a regular file (``fstat`` after the open: a link to
``/dev/zero`` is refused, not read until memory runs out), and at most ``cap`` bytes are read.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

__all__ = [
    "CONFIG_CAP",
    "DEFAULT_CAP",
    "LARGE_CAP",
    "FileRefusedError",
    "read_regular_bytes",
    "read_regular_head",
    "read_regular_tail",
    "read_regular_text",
    "replace_text",
]

DEFAULT_CAP = 1024 * 1024  # 1 MiB: a script, a preset file, a report
CONFIG_CAP = 256 * 1024  # a configuration or prompt file, a registry entry
LARGE_CAP = 16 * 1024 * 1024  # a test report, a client's configuration that keeps its history
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_CHUNK = 64 * 1024


class FileRefusedError(OSError):
    """A file not read: out of its folder, not a regular file, or over its cap (the message says which,
    naming the file). An ``OSError``, so a caller that skips unreadable files skips these too."""


def read_regular_text(
    path: Path, *, inside: Path | None = None, cap: int = DEFAULT_CAP, errors: str = "strict"
) -> str:
    """The UTF-8 text of ``path``, checked as ``read_regular_bytes`` does."""
    return read_regular_bytes(path, inside=inside, cap=cap).decode("utf-8", errors)


def read_regular_bytes(path: Path, *, inside: Path | None = None, cap: int = DEFAULT_CAP) -> bytes:
    """At most ``cap`` bytes: the whole of ``path``, a regular file inside the folder ``inside`` (links
    resolved) when one is given; ``FileRefusedError`` otherwise."""
    descriptor = _open_regular(path, inside)
    try:
        size = os.fstat(descriptor).st_size
        if size > cap:
            raise _over_cap(path, size, cap)
        data = _read_at_most(descriptor, cap + 1)
    finally:
        os.close(descriptor)
    if len(data) > cap:  # it grew since the fstat
        raise _over_cap(path, len(data), cap)
    return data


def read_regular_head(path: Path, *, inside: Path | None = None, cap: int = DEFAULT_CAP) -> bytes:
    """The first ``cap`` bytes of ``path`` (a scene's header line), checked the same way."""
    descriptor = _open_regular(path, inside)
    try:
        return _read_at_most(descriptor, cap)
    finally:
        os.close(descriptor)


def read_regular_tail(path: Path, *, inside: Path | None = None, cap: int = DEFAULT_CAP) -> bytes:
    """The last ``cap`` bytes of ``path`` (a log that may have grown large), checked the same way."""
    descriptor = _open_regular(path, inside)
    try:
        size = os.fstat(descriptor).st_size
        os.lseek(descriptor, max(0, size - cap), os.SEEK_SET)
        return _read_at_most(descriptor, cap)
    finally:
        os.close(descriptor)


def replace_text(path: Path, text: str, *, new_mode: int | None = None) -> None:
    """Write ``text`` (UTF-8, line endings as given) beside ``path``, then rename it over ``path``: a
    reader sees the old file or the new one, never half. The file keeps its permissions; a new one gets
    ``new_mode``, else the umask's."""
    if path.exists():
        mode = stat.S_IMODE(path.stat().st_mode)
    else:
        mode = _umask_mode() if new_mode is None else new_mode
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask_mode() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def _open_regular(path: Path, inside: Path | None) -> int:
    real = os.path.realpath(path)
    if inside is not None:
        root = os.path.realpath(inside)
        if os.path.commonpath([root, real]) != root:
            raise FileRefusedError(f"{path} leads out of {inside} (through a link): not read")
    descriptor = os.open(real, _OPEN_FLAGS)  # the last part is no link now: O_NOFOLLOW catches a swap
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefusedError(f"{path} is {_kind(mode)}, not a regular file: not read")
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def _read_at_most(descriptor: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while total < limit:
        chunk = os.read(descriptor, min(_CHUNK, limit - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def _over_cap(path: Path, size: int, cap: int) -> FileRefusedError:
    return FileRefusedError(f"{path} is {size:,} bytes, over the {cap:,} byte cap for this file: not read")


def _kind(mode: int) -> str:
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "something else"
