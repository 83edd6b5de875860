"""A Ray cluster of two nodes on this machine that nothing outside it can reach: a private network
namespace holding only ``lo`` (Ray binds some servers to every address and advertises the interface's
address whatever it is told), a head node and a worker node started with ``ray start --block``, every
process known by its id and stopped by it. The sweeps' drivers run in the namespace too (``inside``)."""

from __future__ import annotations

import ipaddress
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

from tests.engine.playtest_farm.proc_tree import Proc, descendants

__all__ = ["LoopbackRay", "NamespaceUnavailableError"]

_PORT = 6379  # the namespace is empty: Ray's default port is free there
_READY = "Ray runtime started"
_START_S = 120.0
# A lost node is noticed in about 2 s instead of Ray's default 20 s (5 checks, 3 s apart, plus 5 s).
_SYSTEM_CONFIG = {"health_check_initial_delay_ms": 1000, "health_check_period_ms": 1000,
                  "health_check_failure_threshold": 2}  # fmt: skip


class NamespaceUnavailableError(RuntimeError):
    """The private network namespace could not be made: the cluster would not be loopback-only."""


class LoopbackRay:
    """``with LoopbackRay(folder) as cluster:`` a head and a worker node (no worker with
    ``worker_cpus=0``), ``cluster.address``."""

    def __init__(
        self, folder: Path, head_cpus: int = 1, worker_cpus: int = 1, extra_env: dict[str, str] | None = None
    ) -> None:
        self.folder, self.head_cpus, self.worker_cpus = folder, head_cpus, worker_cpus
        self.extra_env = extra_env or {}
        # Ray's sockets live under its temp folder and a socket's path has at most 107 bytes: a short one.
        self.temp = Path(tempfile.mkdtemp(prefix="ray-", dir="/tmp"))
        self.address = f"127.0.0.1:{_PORT}"
        self._holder: subprocess.Popen[bytes] | None = None
        self.nodes: dict[str, subprocess.Popen[bytes]] = {}
        self._seen: dict[str, list[Proc]] = {}  # a node's processes outlive a killed root

    def __enter__(self) -> LoopbackRay:
        try:
            self._open_namespace()
            self._start("head", "--head", f"--port={_PORT}", f"--num-cpus={self.head_cpus}",
                        "--include-dashboard=false", f"--temp-dir={self.temp}",
                        f"--system-config={json.dumps(_SYSTEM_CONFIG)}")  # fmt: skip
            if self.worker_cpus > 0:  # 0: the head alone
                self._start("worker", f"--address={self.address}", f"--num-cpus={self.worker_cpus}")
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    def inside(self, *command: str) -> list[str]:
        """``command`` run in the cluster's network namespace."""
        assert self._holder is not None
        return ["nsenter", f"--net=/proc/{self._holder.pid}/ns/net", "--", *command]

    def env(self) -> dict[str, str]:
        """The environment of a driver: the cluster's address, no usage reports."""
        return {**os.environ, "RAY_ADDRESS": self.address, "RAY_USAGE_STATS_ENABLED": "0", **self.extra_env}

    def interfaces(self) -> list[str]:
        assert self._holder is not None
        lines = Path(f"/proc/{self._holder.pid}/net/dev").read_text().splitlines()[2:]
        return [line.split(":")[0].strip() for line in lines]

    def listening(self) -> list[str]:
        """The address of every listening TCP socket in the namespace (IPv4 and IPv6)."""
        assert self._holder is not None
        found = []
        for name, size in (("tcp", 4), ("tcp6", 16)):
            for line in Path(f"/proc/{self._holder.pid}/net/{name}").read_text().splitlines()[1:]:
                local, state = line.split()[1], line.split()[3]
                if state == "0A":  # LISTEN
                    found.append(str(_address(local.split(":")[0], size)))
        return found

    def processes(self, node: str) -> list[Proc]:
        """Every process the node started, the games of its tasks included."""
        seen = self._seen.setdefault(node, [])
        seen += [p for p in descendants(self.nodes[node].pid) if p not in seen]
        return list(seen)

    def games(self, node: str) -> list[Proc]:
        return [p for p in self.processes(node) if p.alive() and p.is_game()]

    def kill_node(self, node: str) -> list[Proc]:
        """SIGKILL every Ray process of the node, by id, leaving its games to die with their workers;
        the games it had."""
        every = self.processes(node)
        games = [p for p in every if p.is_game()]
        for process in every:
            if process not in games:
                process.kill()
        self.nodes[node].wait()
        return games

    def stop(self) -> None:
        """Every process of every node, then the namespace's holder, each by its id."""
        for node in reversed(list(self.nodes)):
            for process in reversed(self.processes(node)):
                process.kill()
            self.nodes[node].wait()
        if self._holder is not None:
            if self._holder.poll() is None:
                self._holder.kill()
            self._holder.wait()
            if self._holder.stdin is not None:
                self._holder.stdin.close()
        shutil.rmtree(self.temp, ignore_errors=True)

    def _open_namespace(self) -> None:
        # The holder waits on its stdin, so the namespace lives exactly as long as this object.
        self._holder = subprocess.Popen(["unshare", "--net", "--", "cat"], stdin=subprocess.PIPE)
        # Until its unshare is done the holder is still in this namespace: lo would be set up here.
        own, deadline = os.readlink("/proc/self/ns/net"), time.monotonic() + _START_S
        while self._holder.poll() is None and os.readlink(f"/proc/{self._holder.pid}/ns/net") == own:
            if time.monotonic() > deadline:
                raise NamespaceUnavailableError("unshare --net did not give its process a namespace")
            time.sleep(0.01)  # a poll of the holder's namespace: nothing signals the switch
        up = subprocess.run(self.inside("ip", "link", "set", "lo", "up"), capture_output=True, text=True)
        if up.returncode != 0 or self._holder.poll() is not None:
            raise NamespaceUnavailableError(
                f"no private network namespace (unshare --net, then ip link set lo up): {up.stderr.strip()}"
            )

    def _start(self, node: str, *options: str) -> None:
        log = self.folder / f"ray-{node}.log"
        ray = Path(sys.executable).parent / "ray"
        command = self.inside(str(ray), "start", "--block", "--node-ip-address=127.0.0.1",
                              "--disable-usage-stats", *options)  # fmt: skip
        with log.open("wb") as out:
            self.nodes[node] = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=self.env(), start_new_session=True
            )
        deadline = time.monotonic() + _START_S
        while _READY not in log.read_text(errors="replace"):
            if self.nodes[node].poll() is not None or time.monotonic() > deadline:
                output = log.read_text(errors="replace")[-3000:]
                raise RuntimeError(
                    f"the Ray {node} node did not start; its output:\n{output}{self._gcs_logs()}"
                )
            time.sleep(0.1)  # a poll of the node's own output for the line it prints when started

    def _gcs_logs(self) -> str:
        """The end of the cluster store's own logs: why a node found no GCS."""
        logs = sorted(self.temp.glob("session_*/logs/gcs_server.*"))
        return "".join(f"\n{path.name}:\n{path.read_text(errors='replace')[-1500:]}" for path in logs)


def _address(hex_text: str, size: int) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    raw = bytes.fromhex(hex_text)
    if size == 4:
        return ipaddress.IPv4Address(raw[::-1])
    # /proc/net/tcp6 writes four 32-bit words, each in host (little-endian) order
    return ipaddress.IPv6Address(b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4)))
