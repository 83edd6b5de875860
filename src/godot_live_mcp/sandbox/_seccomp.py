"""A seccomp filter that leaves a process only stream sockets on the internet families (TCP, which
Landlock confines by port), local sockets and netlink: no UDP, raw or packet sockets, and no io_uring
(whose requests would open sockets past the filter). Landlock has no UDP rules; this closes that gap."""

from __future__ import annotations

import ctypes
import errno
import platform

__all__ = ["SeccompError", "deny_datagrams"]

_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 22, 2
_LD_ABS_W, _JEQ, _JGE, _AND, _RET = 0x20, 0x15, 0x35, 0x54, 0x06
_ALLOW, _DENY = 0x7FFF0000, 0x00050000 | errno.EACCES
_NR, _ARCH, _ARG0, _ARG1 = 0, 4, 16, 24  # offsets in struct seccomp_data (little-endian low words)
_X32_BIT = 0x40000000
_IO_URING_SETUP = 425
_AF_UNIX, _AF_INET, _AF_INET6, _AF_NETLINK = 1, 2, 10, 16
_SOCK_STREAM, _SOCK_TYPE_MASK = 1, 0xF
# machine: (AUDIT_ARCH_*, the number of socket(2))
_ARCHES = {"x86_64": (0xC000003E, 41), "aarch64": (0xC00000B7, 198)}


class SeccompError(OSError):
    """The kernel refused the filter, or this machine's architecture is not known here."""


class _Instruction(ctypes.Structure):
    _fields_ = [
        ("code", ctypes.c_uint16),
        ("jt", ctypes.c_uint8),
        ("jf", ctypes.c_uint8),
        ("k", ctypes.c_uint32),
    ]


class _Program(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_Instruction))]


def _program(arch: int, socket_nr: int) -> list[tuple[int, int, int, int]]:
    """The filter as (code, jump if true, jump if false, k); jumps count the instructions skipped."""
    steps: list[tuple[int, str | int, str | int, int]] = [
        (_LD_ABS_W, 0, 0, _ARCH),  # 0
        (_JEQ, 0, "allow", arch),  # 1: another architecture's calls are not ours to judge
        (_LD_ABS_W, 0, 0, _NR),  # 2
        (_JGE, "deny", 0, _X32_BIT),  # 3: x32 calls would carry socket(2) under another number
        (_JEQ, "deny", 0, _IO_URING_SETUP),  # 4
        (_JEQ, 0, "allow", socket_nr),  # 5
        (_LD_ABS_W, 0, 0, _ARG0),  # 6: the family
        (_JEQ, "allow", 0, _AF_UNIX),  # 7
        (_JEQ, "allow", 0, _AF_NETLINK),  # 8
        (_JEQ, 1, 0, _AF_INET),  # 9: to the type check
        (_JEQ, 0, "deny", _AF_INET6),  # 10
        (_LD_ABS_W, 0, 0, _ARG1),  # 11: the type, flags masked off
        (_AND, 0, 0, _SOCK_TYPE_MASK),  # 12
    ]
    steps.insert(13, (_JEQ, "allow", "deny", _SOCK_STREAM))
    allow, deny = len(steps) + 1, len(steps)

    def target(at: int, jump: str | int) -> int:
        return (allow if jump == "allow" else deny) - at - 1 if isinstance(jump, str) else jump

    program = [(code, target(i, jt), target(i, jf), k) for i, (code, jt, jf, k) in enumerate(steps)]
    return [*program, (_RET, 0, 0, _DENY), (_RET, 0, 0, _ALLOW)]


def deny_datagrams() -> None:
    """Install the filter on this process and its future children (needs no_new_privs set first)."""
    known = _ARCHES.get(platform.machine())
    if known is None:
        raise SeccompError(0, f"no socket filter for the {platform.machine()} architecture")
    instructions = _program(*known)
    array = (_Instruction * len(instructions))(*(_Instruction(*step) for step in instructions))
    program = _Program(len(instructions), array)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(program), 0, 0) != 0:
        number = ctypes.get_errno()
        raise SeccompError(number, f"prctl(PR_SET_SECCOMP): {errno.errorcode.get(number, number)}")
