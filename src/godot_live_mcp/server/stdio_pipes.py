"""MCP over stdin/stdout on the event loop's own pipe transports, without a worker thread per line.

The SDK's default stdio transport reads and writes through a worker thread per operation: three thread
hops per tool call, each costing milliseconds on a busy machine (``bench/latency.py`` shows it). Here the
pipes are asyncio transports handed to the SDK's ``stdio_server`` as its explicit streams. As the SDK does
for its own streams, fd 0 and fd 1 point at ``/dev/null`` and at stderr while serving, so a stray print or
a child process never writes into the MCP channel; both are restored on exit.

A line that is not a JSON-RPC message gets the error JSON-RPC 2.0 gives it (``answering_malformed_lines``):
a parse error when it is not JSON (or nests deeper than the parser goes), an invalid request when it is
JSON but not one message (a batch array, a bare value, a missing ``method``) or longer than
``MAX_LINE_BYTES`` (codes in contract.json's ``jsonrpc_codes``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager, suppress
from typing import Any, cast

import anyio
import mcp_types as types
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from godot_live_mcp.contract import CONTRACT

logger = logging.getLogger(__name__)

MAX_LINE_BYTES = 64 * 1024 * 1024
PARSE_ERROR = CONTRACT.jsonrpc_codes["parse_error"]
INVALID_REQUEST = CONTRACT.jsonrpc_codes["invalid_request"]
_STDIN, _STDOUT, _STDERR = 0, 1, 2
# What _Lines passes on in place of a line it had to drop: not JSON, and recognised by the reply.
_OVERSIZED = "\x00oversized\n"

# (read stream, write stream) exactly as the SDK's stdio_server yields them (it leaves them untyped).
Streams = tuple[Any, Any]


class _Lines:
    """stdin as the text lines ``stdio_server`` iterates over."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self._reader = reader

    def __aiter__(self) -> _Lines:
        return self

    async def __anext__(self) -> str:
        while True:
            try:
                line = await self._reader.readline()
            except ValueError:  # longer than MAX_LINE_BYTES: asyncio has dropped it
                logger.error("dropped an MCP message longer than %d bytes", MAX_LINE_BYTES)
                return _OVERSIZED
            if not line:
                raise StopAsyncIteration
            if line.strip():
                return line.decode("utf-8", errors="replace")


class _Output:
    """stdout as ``stdio_server`` writes it: ``write`` queues, ``flush`` waits while the pipe is full."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self._writer = writer

    async def write(self, text: str) -> None:
        self._writer.write(text.encode("utf-8"))

    async def flush(self) -> None:
        await self._writer.drain()


@asynccontextmanager
async def answering_malformed_lines(streams: Streams) -> AsyncIterator[Streams]:
    """``streams`` with every line the transport could not read answered by its JSON-RPC error
    (``id: null``: an unreadable line has no id anyone could rely on), never dropped in silence."""
    read_stream, write_stream = streams
    passed, received = anyio.create_memory_object_stream[SessionMessage | Exception](0)

    async def pump() -> None:
        # The server may close its ends first when it stops: nothing is left to answer then.
        with suppress(anyio.BrokenResourceError, anyio.ClosedResourceError):
            async with passed:
                await _forward(read_stream, passed, write_stream)

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(pump)
        try:
            yield received, write_stream
        finally:
            tasks.cancel_scope.cancel()


async def _forward(read_stream: Any, passed: Any, write_stream: Any) -> None:
    async for item in read_stream:
        if isinstance(item, SessionMessage):
            await passed.send(item)
        elif not _blank(item):
            reply = malformed_reply(item)
            logger.warning("answered an unreadable MCP line: %s", reply.error.message)
            await write_stream.send(SessionMessage(reply))


def malformed_reply(problem: Exception) -> types.JSONRPCError:
    """The JSON-RPC error for a line the SDK could not read as a message."""
    first = _first_error(problem)
    detail = str(first.get("msg", problem))
    if first.get("type") != "json_invalid":
        code = INVALID_REQUEST
        message = f"Invalid Request: a line holds one JSON-RPC 2.0 message object, never a batch ({detail})."
    elif str(first.get("input", "")).startswith(_OVERSIZED.strip()):
        code, message = INVALID_REQUEST, f"Invalid Request: the line is longer than {MAX_LINE_BYTES} bytes."
    else:
        code, message = PARSE_ERROR, f"Parse error: {detail}."
    return types.JSONRPCError(jsonrpc="2.0", id=None, error=types.ErrorData(code=code, message=message))


def _first_error(problem: Exception) -> dict[str, Any]:
    if isinstance(problem, ValidationError) and problem.error_count():
        return dict(problem.errors()[0])
    return {}


def _blank(problem: Exception) -> bool:
    """An empty line between messages: nothing was sent, so nothing is answered."""
    value = _first_error(problem).get("input")
    return isinstance(value, str) and not value.strip()


def pipes_usable() -> bool:
    """True on POSIX when stdin and stdout are pipes or sockets (how MCP clients start servers) and
    stderr is open (stray output goes there)."""
    if sys.platform == "win32":
        return False
    try:
        modes = [os.fstat(fd).st_mode for fd in (_STDIN, _STDOUT, _STDERR)]
    except OSError:
        return False
    return all(stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) for mode in modes[:2])


@asynccontextmanager
async def stdio_streams() -> AsyncIterator[Streams]:
    """The MCP read and write streams over stdin/stdout: on pipe transports when usable, else the SDK's."""
    if not pipes_usable():
        async with stdio_server() as streams:
            yield streams
        return
    async with AsyncExitStack() as stack:
        wire_in = _claim(_STDIN, os.open(os.devnull, os.O_RDONLY))
        stack.callback(_restore, _STDIN, wire_in)
        wire_out = _claim(_STDOUT, os.dup(_STDERR))
        stack.callback(_restore, _STDOUT, wire_out)
        lines, output = await _open_pipes(stack, wire_in, wire_out)
        yield await stack.enter_async_context(stdio_server(stdin=lines, stdout=output))


async def _open_pipes(stack: AsyncExitStack, wire_in: int, wire_out: int) -> tuple[Any, Any]:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=MAX_LINE_BYTES)
    read_transport, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(wire_in, "rb", buffering=0, closefd=False)
    )
    stack.callback(read_transport.close)
    write_transport, protocol = await loop.connect_write_pipe(
        asyncio.streams.FlowControlMixin, os.fdopen(wire_out, "wb", buffering=0, closefd=False)
    )
    writer = asyncio.StreamWriter(write_transport, protocol, None, loop)
    stack.push_async_callback(_flush_and_close, writer)
    # stdio_server's parameters are typed as anyio files; it only iterates, writes and flushes them.
    return cast(Any, _Lines(reader)), cast(Any, _Output(writer))


def _claim(fd: int, diversion: int) -> int:
    """A private duplicate of ``fd`` (the wire) above the standard range; ``fd`` itself now ``diversion``."""
    try:
        wire = os.dup(fd)  # not inheritable (PEP 446), so children never hold the wire
        os.dup2(diversion, fd)
    finally:
        os.close(diversion)
    return wire


def _restore(fd: int, wire: int) -> None:
    with suppress(OSError):
        os.set_blocking(wire, True)  # the pipe transport made the shared description non-blocking
        os.dup2(wire, fd)
    with suppress(OSError):
        os.close(wire)


async def _flush_and_close(writer: asyncio.StreamWriter) -> None:
    """Let the last answer leave before the pipe closes (bounded: the client may have gone)."""
    with anyio.move_on_after(2.0, shield=True), suppress(ConnectionError):
        writer.transport.set_write_buffer_limits(high=0)  # drain() now waits for an empty buffer
        await writer.drain()
    writer.transport.close()
