"""One authenticated WebSocket connection to an editor: requests correlated by id, bounded waits.

When the socket closes, every pending request fails at once; nothing waits for an answer that
cannot come. The editor's queue notifications (``_queued``, ``_executing``) go to the request they
name.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from typing import Any

import anyio
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.frames import Close

from godot_live_mcp import __version__
from godot_live_mcp.bridge._auth import EditorIdentity, authenticate, read_token
from godot_live_mcp.bridge.jsonrpc import (
    IncomingRequest,
    MalformedFrameError,
    Notification,
    RequestId,
    Response,
    encode_request,
    parse_message,
)
from godot_live_mcp.bridge.queue_events import QueueEvent, QueueListener, parse_queue_event
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance

logger = logging.getLogger(__name__)

NotificationCallback = Callable[[Notification], None]
MAX_FRAME_BYTES = 32 * 1024 * 1024
_MESSAGE_TOO_BIG = 1009
_CANCEL_SEND_TIMEOUT_S = 1.0
_QUEUE_EVENTS_KEPT = 8  # a request sees two (queued, then executing); more are dropped


class _Pending:
    """The slot a request's answer lands in, and the stream of queue events that precede it."""

    def __init__(self, method: str) -> None:
        self.method = method
        self.result: Any = None
        self.error: ToolError | None = None
        self._resolved = False
        self._events_in, self.events = anyio.create_memory_object_stream[QueueEvent](_QUEUE_EVENTS_KEPT)

    def note(self, event: QueueEvent) -> None:
        with suppress(anyio.WouldBlock, anyio.ClosedResourceError):
            self._events_in.send_nowait(event)

    def resolve(self, result: Any = None, error: ToolError | None = None) -> None:
        """The first answer wins; closing the event stream ends the wait for it."""
        if self._resolved:
            return
        self._resolved = True
        self.result, self.error = result, error
        self._events_in.close()

    def close(self) -> None:
        self._events_in.close()
        self.events.close()


@dataclass(frozen=True)
class _CloseReason:
    code: str
    message: str


class EditorConnection:
    """An open, authenticated connection; build it with ``connect_editor``."""

    def __init__(self, ws: ClientConnection, identity: EditorIdentity, on_notification: NotificationCallback):
        self.identity = identity
        self._ws = ws
        self._on_notification = on_notification
        self._ids = itertools.count(1)  # id 0 is the auth request
        self._pending: dict[RequestId, _Pending] = {}
        self._close_reason: _CloseReason | None = None
        self._closed = anyio.Event()

    @property
    def closed(self) -> bool:
        return self._close_reason is not None

    async def wait_closed(self) -> None:
        await self._closed.wait()

    async def request(
        self,
        method: str,
        params: Mapping[str, Any] | None = None,
        *,
        timeout_s: float,
        on_queue: QueueListener | None = None,
    ) -> Any:
        """Send one request and return its result; raises ``ToolError`` on timeout, failure or close.

        ``timeout_s`` bounds the wait, and starts again when a queued command begins to run (the
        editor's watchdog times the run from there). ``on_queue`` hears this request's queue events.
        When the caller gives up (timeout or cancellation) the editor is told with ``_cancel``.
        """
        self._raise_if_closed()
        request_id = next(self._ids)
        pending = self._pending[request_id] = _Pending(method)
        try:
            await self._send(encode_request(request_id, method, params))
            await _wait_for_answer(pending, timeout_s, on_queue)
        except TimeoutError:
            await self._cancel_remote(request_id)
            raise ToolError(
                ErrorCode.TIMEOUT, f"{method} got no answer from the editor within {timeout_s:.1f} s."
            ) from None
        except anyio.get_cancelled_exc_class():
            await self._cancel_remote(request_id)
            raise
        finally:
            self._pending.pop(request_id, None)
            pending.close()
        if pending.error is not None:
            raise pending.error
        return pending.result

    async def aclose(self) -> None:
        await self._ws.close()

    async def _send(self, frame: str) -> None:
        try:
            await self._ws.send(frame)
        except ConnectionClosed as closed:
            self._mark_closed(closed)
            self._raise_if_closed()

    async def _cancel_remote(self, request_id: RequestId) -> None:
        if self.closed:
            return
        frame = encode_request(next(self._ids), "_cancel", {"id": request_id})
        with anyio.move_on_after(_CANCEL_SEND_TIMEOUT_S, shield=True):
            with suppress(ConnectionClosed):
                await self._ws.send(frame)

    async def _read_frames(self) -> None:
        """Dispatch incoming frames until the socket closes, then fail whatever is still pending."""
        try:
            async for frame in self._ws:
                self._dispatch(frame)
        except ConnectionClosed as closed:
            self._mark_closed(closed)
        finally:
            self._mark_closed(None)

    def _dispatch(self, frame: str | bytes) -> None:
        try:
            message = parse_message(frame)
        except MalformedFrameError as error:
            logger.warning("ignoring a frame from the editor: %s", error)
            return
        if isinstance(message, Notification):
            self._notify(message)
        elif isinstance(message, IncomingRequest):
            logger.warning("ignoring request %r from the editor: the server answers none", message.method)
        elif message.id is None or message.id not in self._pending:
            logger.debug("ignoring an answer to no pending request: %r", message)
        else:
            pending = self._pending[message.id]
            if isinstance(message, Response):
                pending.resolve(result=message.result)
            else:
                pending.resolve(error=message.to_tool_error(pending.method))

    def _notify(self, notification: Notification) -> None:
        queued = parse_queue_event(notification)
        if queued is None:
            self._on_notification(notification)
            return
        request_id, event = queued
        pending = self._pending.get(request_id)
        if pending is not None:
            pending.note(event)

    def _mark_closed(self, closed: ConnectionClosed | None) -> None:
        if self._close_reason is not None:
            return
        self._close_reason = _close_reason(closed, self._ws)
        for pending in self._pending.values():
            pending.resolve(error=ToolError(self._close_reason.code, self._close_reason.message))
        self._closed.set()

    def _raise_if_closed(self) -> None:
        if self._close_reason is not None:
            raise ToolError(self._close_reason.code, self._close_reason.message)


async def _wait_for_answer(pending: _Pending, timeout_s: float, on_queue: QueueListener | None) -> None:
    """Until the answer is in; ``TimeoutError`` after ``timeout_s``, counted afresh once the command runs."""
    with anyio.fail_after(timeout_s) as deadline:
        async for event in pending.events:
            if event.started:
                deadline.deadline = anyio.current_time() + timeout_s
            if on_queue is not None:
                await on_queue(event)


def _close_reason(closed: ConnectionClosed | None, ws: ClientConnection) -> _CloseReason:
    frames: list[Close | None] = (
        [closed.rcvd, closed.sent] if closed else [ws.protocol.close_rcvd, ws.protocol.close_sent]
    )
    codes = [frame.code for frame in frames if frame is not None]
    if _MESSAGE_TOO_BIG in codes:
        return _CloseReason(
            ErrorCode.PROTOCOL_ERROR,
            "A message did not fit the WebSocket frame limit, so the connection to the editor closed (1009).",
        )
    detail = f" (code {codes[0]})" if codes else ""
    return _CloseReason(ErrorCode.EDITOR_DISCONNECTED, f"The connection to the Godot editor closed{detail}.")


@asynccontextmanager
async def connect_editor(
    instance: EditorInstance,
    *,
    on_notification: NotificationCallback = lambda _: None,
    open_timeout_s: float = 5.0,
) -> AsyncIterator[EditorConnection]:
    """Connect to ``instance``, authenticate with its token, and read frames until the block exits."""
    token = read_token(instance.token_path)
    try:
        ws = await connect(
            instance.url,
            proxy=None,
            max_size=MAX_FRAME_BYTES,
            compression=None,
            open_timeout=open_timeout_s,
            # A busy editor cannot answer pings while a command holds its main thread.
            ping_interval=None,
            close_timeout=2.0,
        )
    except (OSError, TimeoutError, WebSocketException) as error:
        raise ToolError(
            ErrorCode.EDITOR_DISCONNECTED,
            f"Could not connect to the Godot editor at {instance.url} ({instance.describe()}): {error}",
        ) from error
    try:
        identity = await authenticate(ws, token, client=f"godot-live-mcp/{__version__}", instance=instance)
        connection = EditorConnection(ws, identity, on_notification)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(connection._read_frames)
            try:
                yield connection
            finally:
                tasks.cancel_scope.cancel()
    finally:
        with anyio.move_on_after(3.0, shield=True):
            await ws.close()
