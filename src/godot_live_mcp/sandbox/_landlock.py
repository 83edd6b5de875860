"""Landlock (Linux 5.13+, TCP rules from ABI 4 / Linux 6.7) through raw system calls: a ruleset that
lets a process and everything it starts read, write and connect only where the rules say."""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Iterable
from pathlib import Path

__all__ = ["LandlockError", "abi_version", "restrict_self"]

# The same numbers on every Linux architecture (the unified system call table).
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_ASK_VERSION = 1
_RULE_PATH_BENEATH, _RULE_NET_PORT = 1, 2
_PR_SET_NO_NEW_PRIVS = 38

_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_MAKE_ALL = sum(1 << bit for bit in range(4, 13))  # remove dir/file, make char/dir/reg/sock/fifo/block/sym
_REFER, _TRUNCATE, _IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
_FILE_ONLY = _EXECUTE | _WRITE_FILE | _READ_FILE | _TRUNCATE | _IOCTL_DEV
_BIND_TCP, _CONNECT_TCP = 1 << 0, 1 << 1
READ = _EXECUTE | _READ_FILE | _READ_DIR
# Read, change, create and remove anything beneath, rename into it (REFER) and use devices there.
WRITE = READ | _WRITE_FILE | _MAKE_ALL | _REFER | _TRUNCATE | _IOCTL_DEV


class LandlockError(OSError):
    """The kernel refused a step of building or applying the ruleset."""


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


class _NetPortAttr(ctypes.Structure):
    _fields_ = [("allowed_access", ctypes.c_uint64), ("port", ctypes.c_uint64)]


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def abi_version() -> int:
    """The kernel's Landlock ABI (0 when it has none, or when it is disabled or not Linux)."""
    if not sys.platform.startswith("linux"):
        return 0
    version = _libc().syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_ASK_VERSION))
    return max(int(version), 0)


def _handled_fs(abi: int) -> int:
    rights = READ | _WRITE_FILE | _MAKE_ALL
    if abi >= 2:
        rights |= _REFER
    if abi >= 3:
        rights |= _TRUNCATE
    if abi >= 5:
        rights |= _IOCTL_DEV
    return rights


def restrict_self(paths: Iterable[tuple[Path, int]], tcp_ports: Iterable[int]) -> int:
    """Restrict this process and its future children to ``paths`` (each with READ or WRITE) and, from
    ABI 4 on, TCP bind and connect to ``tcp_ports`` only; returns the ABI used. Irreversible."""
    abi = abi_version()
    if abi < 1:
        raise LandlockError(0, "Landlock is not available in this kernel")
    libc = _libc()
    handled_fs = _handled_fs(abi)
    attr = _RulesetAttr(handled_fs, _BIND_TCP | _CONNECT_TCP if abi >= 4 else 0)
    ruleset = libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(ctypes.sizeof(attr)), 0)
    if ruleset < 0:
        raise _error("landlock_create_ruleset")
    try:
        for path, access in paths:
            _allow_path(libc, ruleset, path, access & handled_fs)
        if abi >= 4:
            for port in sorted(set(tcp_ports)):
                _add_rule(libc, ruleset, _RULE_NET_PORT, _NetPortAttr(_BIND_TCP | _CONNECT_TCP, port))
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise _error("prctl(PR_SET_NO_NEW_PRIVS)")
        if libc.syscall(_RESTRICT_SELF, ruleset, 0) != 0:
            raise _error("landlock_restrict_self")
    finally:
        os.close(ruleset)
    return abi


def _allow_path(libc: ctypes.CDLL, ruleset: int, path: Path, access: int) -> None:
    try:
        descriptor = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # a folder this machine does not have needs no rule
    try:
        if not os.path.isdir(path):
            access &= _FILE_ONLY
        _add_rule(libc, ruleset, _RULE_PATH_BENEATH, _PathBeneathAttr(access, descriptor))
    finally:
        os.close(descriptor)


def _add_rule(libc: ctypes.CDLL, ruleset: int, kind: int, attr: ctypes.Structure) -> None:
    if libc.syscall(_ADD_RULE, ruleset, kind, ctypes.byref(attr), 0) != 0:
        raise _error("landlock_add_rule")


def _error(step: str) -> LandlockError:
    number = ctypes.get_errno()
    return LandlockError(number, f"{step}: {os.strerror(number)}")
