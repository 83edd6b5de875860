"""One authenticated WebSocket connection to a peer (an editor, or the game it runs): requests
correlated by id, bounded waits. The only WebSocket client of the server.

When the socket closes, every pending request fails at once; nothing waits for an answer that
cannot come. The peer's queue and progress notifications (``_queued``, ``_executing``, ``_progress``)
go to the request they name.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager, suppress

import anyio
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.frames import Close

from godot_live_mcp import __version__
from godot_live_mcp.bridge._auth import PeerIdentity, authenticate, disconnected_code, read_token
from godot_live_mcp.bridge.jsonrpc import (
    IncomingRequest,
    JsonValue,
    MalformedFrameError,
    Notification,
    RequestId,
    Response,
    encode_request,
    parse_message,
)
from godot_live_mcp.bridge.queue_events import (
    CallEvent,
    ProgressListener,
    QueueEvent,
    QueueListener,
    parse_call_event,
)
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.instances.instance import Endpoint

__all__ = ["MAX_FRAME_BYTES", "NotificationCallback", "PeerConnection", "connect_peer", "request_quit"]

logger = logging.getLogger(__name__)

NotificationCallback = Callable[[Notification], None]
MAX_FRAME_BYTES = 32 * 1024 * 1024
_MESSAGE_TOO_BIG = CONTRACT.close_codes["message_too_big"]
_CANCEL_SEND_TIMEOUT_S = 1.0
_EVENTS_KEPT = 64  # queued, executing, then a long command's progress reports; more are dropped


class _Pending:
    """The slot a request's answer lands in, and the stream of queue and progress events before it."""

    def __init__(self, method: str) -> None:
        self.method = method
        self.result: JsonValue = None
        self.error: ToolError | None = None
        self._resolved = False
        self._events_in, self.events = anyio.create_memory_object_stream[CallEvent](_EVENTS_KEPT)

    def note(self, event: CallEvent) -> None:
        with suppress(anyio.WouldBlock, anyio.ClosedResourceError):
            self._events_in.send_nowait(event)

    def resolve(self, result: JsonValue = None, error: ToolError | None = None) -> None:
        """The first answer wins; closing the event stream ends the wait for it."""
        if self._resolved:
            return
        self._resolved = True
        self.result, self.error = result, error
        self._events_in.close()

    def close(self) -> None:
        self._events_in.close()
        self.events.close()


class PeerConnection:
    """An open, authenticated connection; build it with ``connect_peer``."""

    def __init__(
        self,
        ws: ClientConnection,
        endpoint: Endpoint,
        identity: PeerIdentity,
        on_notification: NotificationCallback,
    ) -> None:
        self.endpoint = endpoint
        self.identity = identity
        self._ws = ws
        self._on_notification = on_notification
        self._ids = itertools.count(1)  # id 0 is the auth request
        self._pending: dict[RequestId, _Pending] = {}
        self._close_reason: ToolError | None = None  # a fresh copy is raised each time
        self._closed = anyio.Event()

    @property
    def closed(self) -> bool:
        return self._close_reason is not None

    async def wait_closed(self) -> None:
        await self._closed.wait()

    async def request(
        self,
        method: str,
        params: Mapping[str, JsonValue] | None = None,
        *,
        timeout_s: float,
        on_queue: QueueListener | None = None,
        on_progress: ProgressListener | None = None,
    ) -> JsonValue:
        """Send one request and return its result; raises ``ToolError`` on timeout, failure or close.

        ``timeout_s`` bounds the wait, and starts again when a queued command begins to run (the
        peer's watchdog times the run from there). ``on_queue`` hears this request's queue events,
        ``on_progress`` its progress reports.
        When the caller gives up (timeout or cancellation) the peer is told with ``_cancel``.
        """
        self._raise_if_closed()
        request_id = next(self._ids)
        pending = self._pending[request_id] = _Pending(method)
        try:
            await self._send(encode_request(request_id, method, params))
            await _wait_for_answer(pending, timeout_s, on_queue, on_progress)
        except TimeoutError:
            await self._cancel_remote(request_id)
            raise ToolError(
                ErrorCode.TIMEOUT,
                f"{method} got no answer from {self.endpoint.peer_name} within {timeout_s:.1f} s.",
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
        """Tell the peer the caller gave up, and wait (briefly) for its answer: when the command had
        already started and cannot stop, it runs to its end, and the log says so (a warning, relayed
        to the client), so nobody takes a change that happened for one that did not."""
        if self.closed:
            return
        method = self._pending[request_id].method if request_id in self._pending else "a request"
        cancel_id = next(self._ids)
        answer = self._pending[cancel_id] = _Pending(CONTRACT.method("cancel"))
        frame = encode_request(cancel_id, CONTRACT.method("cancel"), {"id": request_id})
        try:
            with anyio.move_on_after(_CANCEL_SEND_TIMEOUT_S, shield=True):
                with suppress(ConnectionClosed, TimeoutError):
                    await self._ws.send(frame)
                    await _wait_for_answer(answer, _CANCEL_SEND_TIMEOUT_S, None, None)
        finally:
            self._pending.pop(cancel_id, None)
            answer.close()
        if isinstance(answer.result, dict) and answer.result.get("too_late") is True:
            logger.warning(
                "%s had already started in %s when it was cancelled; it ran to its end, so its change "
                "is made (editor_undo takes it back).",
                method,
                self.endpoint.peer_name,
            )

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
            logger.warning("ignoring a frame from %s: %s", self.endpoint.peer_name, error)
            return
        if isinstance(message, Notification):
            self._notify(message)
        elif isinstance(message, IncomingRequest):
            logger.warning(
                "ignoring request %r from %s: the server answers none",
                message.method,
                self.endpoint.peer_name,
            )
        elif message.id is None or message.id not in self._pending:
            logger.debug("ignoring an answer to no pending request: %r", message)
        else:
            pending = self._pending[message.id]
            if isinstance(message, Response):
                pending.resolve(result=message.result)
            else:
                pending.resolve(error=message.to_tool_error(pending.method, self.endpoint.peer_name))

    def _notify(self, notification: Notification) -> None:
        about_request = parse_call_event(notification)
        if about_request is None:
            self._on_notification(notification)
            return
        request_id, event = about_request
        pending = self._pending.get(request_id)
        if pending is not None:
            pending.note(event)

    def _mark_closed(self, closed: ConnectionClosed | None) -> None:
        if self._close_reason is not None:
            return
        self._close_reason = _close_reason(closed, self._ws, self.endpoint)
        for pending in self._pending.values():
            pending.resolve(error=ToolError(self._close_reason.code, self._close_reason.message))
        self._closed.set()

    def _raise_if_closed(self) -> None:
        if self._close_reason is not None:
            raise ToolError(self._close_reason.code, self._close_reason.message)


async def _wait_for_answer(
    pending: _Pending, timeout_s: float, on_queue: QueueListener | None, on_progress: ProgressListener | None
) -> None:
    """Until the answer is in; ``TimeoutError`` after ``timeout_s``, counted afresh once the command runs."""
    with anyio.fail_after(timeout_s) as deadline:
        async for event in pending.events:
            if not isinstance(event, QueueEvent):
                if on_progress is not None:
                    await on_progress(event)
                continue
            if event.started:
                deadline.deadline = anyio.current_time() + timeout_s
            if on_queue is not None:
                await on_queue(event)


def _close_reason(closed: ConnectionClosed | None, ws: ClientConnection, endpoint: Endpoint) -> ToolError:
    frames: list[Close | None] = (
        [closed.rcvd, closed.sent] if closed else [ws.protocol.close_rcvd, ws.protocol.close_sent]
    )
    codes = [frame.code for frame in frames if frame is not None]
    if _MESSAGE_TOO_BIG in codes:
        return ToolError(
            ErrorCode.PROTOCOL_ERROR,
            f"A message did not fit the WebSocket frame limit, so the connection to {endpoint.peer_name} "
            f"closed ({_MESSAGE_TOO_BIG}).",
        )
    detail = f" (code {codes[0]})" if codes else ""
    return ToolError(disconnected_code(endpoint), f"The connection to {endpoint.peer_name} closed{detail}.")


@asynccontextmanager
async def connect_peer(
    endpoint: Endpoint,
    *,
    on_notification: NotificationCallback = lambda _: None,
    open_timeout_s: float = 5.0,
    read_only: bool = False,
) -> AsyncIterator[PeerConnection]:
    """Connect to ``endpoint``, authenticate with its token (telling it whether this server runs
    read-only), and read frames until the block exits."""
    token = read_token(endpoint.token_path)
    try:
        ws = await connect(
            endpoint.url,
            proxy=None,
            max_size=MAX_FRAME_BYTES,
            compression=None,
            open_timeout=open_timeout_s,
            # A busy peer cannot answer pings while a command holds its main thread.
            ping_interval=None,
            close_timeout=2.0,
        )
    except (OSError, TimeoutError, WebSocketException) as error:
        raise ToolError(
            disconnected_code(endpoint),
            f"Could not connect to {endpoint.peer_name} at {endpoint.url} ({endpoint.describe()}): {error}",
        ) from error
    try:
        identity = await authenticate(
            ws, token, client=f"godot-live-mcp/{__version__}", endpoint=endpoint, read_only=read_only
        )
        connection = PeerConnection(ws, endpoint, identity, on_notification)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(connection._read_frames)
            try:
                yield connection
            finally:
                tasks.cancel_scope.cancel()
    finally:
        with anyio.move_on_after(3.0, shield=True):
            await ws.close()


async def request_quit(endpoint: Endpoint, timeout_s: float = 3.0) -> bool:
    """Ask the peer to exit cleanly (``_quit``), so its tear-down runs (SIGTERM would skip it).

    True when it acknowledged; False when it could not be reached or refused.
    """
    try:
        async with connect_peer(endpoint, open_timeout_s=timeout_s) as connection:
            reply = await connection.request(CONTRACT.method("quit"), None, timeout_s=timeout_s)
    except ToolError as error:
        logger.debug("%s did not take _quit: %s", endpoint.describe(), error.message)
        return False
    return isinstance(reply, dict) and reply.get("quitting") is True
