"""The WebSocket at ``/ws/tables/{id}``: one client, one seat (or a spectator).

The client says hello (with its seat's token, or none to watch), gets a ``sync``, and from
then on an ``update`` whenever the table changes. Updates are built when they are sent, from
the latest state, so a slow client gets fewer, fuller updates instead of a growing queue.
Every message a client sends is checked for size, rate and form before anything looks at
it; whatever goes wrong is answered with an ``error`` to that client alone and changes
nothing. The messages are in docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from tycoon.core.actions import JSONValue
from tycoon.core.errors import IllegalAction
from tycoon.core.messages import to_wire
from tycoon.core.wire import in_64_bits, is_text
from tycoon.server.common import Stale, TableError, dumps
from tycoon.server.guard import CHAT_MAX, RateLimit, clean_text, origin_allowed, token_matches
from tycoon.server.hub import Hub
from tycoon.server.publisher import PICTURE
from tycoon.server.requests import RequestError
from tycoon.server.store import StoreError
from tycoon.server.table import ServerTable

log = logging.getLogger("tycoon.server")

HELLO_WAIT = 10.0
"""Seconds a client has to say hello after connecting."""
OUTBOX_MAX = 2000
"""Messages waiting for a client that reads too slowly before it is let go."""
DROPS_MAX = 200
"""Messages refused for rate in a row before the connection is closed."""
PREFIX_MAX = 64
"""The most values a ``narrow`` message's prefix may hold (no family has that many fields)."""
VALUE_MAX = 200
"""The longest text a value of a ``narrow`` prefix may be."""


class Connection:
    """One client's connection, as the table sees it."""

    def __init__(
        self,
        websocket: WebSocket,
        table: ServerTable,
        seat: int | None,
        hub: Hub,
        diff: bool = False,
        address: str | None = None,
    ) -> None:
        self.websocket = websocket
        self.table = table
        self.seat = seat
        self.address = address
        self.version = 0
        """The version the client has been told of."""
        self.acks: list[Any] = []
        """Request ids whose actions are applied, for the next update's ``re``."""
        self.diff = diff
        """Updates carry only what changed since the last message (the client said ``"diff": true``)."""
        self.base: dict[str, Any] | None = None
        """The picture this client holds once it has read what was sent so far (see Publisher.update_text)."""
        self.outbox: deque[str | tuple[str, dict[str, Any]] | None] = deque()
        """Messages to send; ``None`` stands for an update built when its turn comes, a pair for
        a sync and the picture it gives the client."""
        self.dirty = False
        self.waiting: asyncio.Future[None] | None = None
        """What the sender waits on while the outbox is empty (a bare future: an ``asyncio.Event``
        cost the loop more than the wait itself, woken for every client at every version)."""
        self.closing: tuple[int, str] | None = None
        self.rate = RateLimit(hub.config.rate, hub.config.burst)
        self.drops = 0

    def send(self, message: dict[str, Any]) -> None:
        if len(self.outbox) > OUTBOX_MAX:
            self.close(1013, "the client reads too slowly")
            return
        if message.get("type") == "sync":
            # The next diff is taken against this sync, once it is on its way (not before: an
            # update queued ahead of it is built against what the client held until then).
            self.outbox.append((dumps(message), {k: message[k] for k in PICTURE if k in message}))
        else:
            self.outbox.append(dumps(message))
        self.wake()

    def mark_dirty(self) -> None:
        if not self.dirty:
            self.dirty = True
            self.outbox.append(None)
            self.wake()

    def close(self, code: int, reason: str) -> None:
        self.closing = (code, reason)
        self.wake()

    def wake(self) -> None:
        """Let the sender go on, if it waits."""
        waiting = self.waiting
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    def error(self, code: str, message: Any, request: Any = None) -> None:
        """Send an error: ``message`` is a string, or (a refusal) a message on the wire."""
        out: dict[str, Any] = {"type": "error", "code": code, "message": message}
        if request is not None:
            out["re"] = request
        self.send(out)

    async def pump(self) -> None:
        """Send what is queued, in order, until the connection closes (or the client goes)."""
        try:
            await self._pump()
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closing = self.closing or (1000, "gone")

    async def _pump(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            if not self.outbox and self.closing is None:
                self.waiting = loop.create_future()
                try:
                    await self.waiting
                finally:
                    self.waiting = None
            while self.outbox:
                item = self.outbox.popleft()
                if item is None:
                    self.dirty = False
                    text = self.table.publisher.update_text(self)
                    if text is None:
                        continue
                    item = text
                elif isinstance(item, tuple):
                    item, self.base = item
                await self.websocket.send_text(item)
            if self.closing is not None:
                await self.websocket.close(*self.closing)
                return


async def table_socket(websocket: WebSocket) -> None:
    hub: Hub = websocket.app.state.hub
    config = hub.config
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), config.allowed_origins):
        # Closing before accepting refuses the handshake (HTTP 403).
        await websocket.close(code=1008)
        return
    await websocket.accept()
    table_id = websocket.path_params["table_id"]
    try:
        raw = await asyncio.wait_for(websocket.receive_text(), HELLO_WAIT)
    except TimeoutError:
        await _refuse(websocket, 4408, "hello-timeout", 'say hello first: {"type": "hello", "token": ...}')
        return
    except (WebSocketDisconnect, KeyError, RuntimeError):
        return
    hello = _parse(raw, config.max_message)
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        await _refuse(
            websocket, 4400, "bad-hello", 'the first message is {"type": "hello", "token": <seat token or null>}'
        )
        return
    try:
        table = await hub.get(table_id)
    except RequestError as e:
        await _refuse(websocket, 4404, e.code, e.message)
        return
    except StoreError as e:
        log.error("table %s: %s", table_id, e)
        await _refuse(websocket, 4503, "storage", "the database could not be read; try again")
        return
    token = hello.get("token")
    seat: int | None = None
    if token is not None:
        seat = next((s for s, info in enumerate(table.row.seats) if token_matches(token, info.get("token"))), None)
        if seat is None:
            await _refuse(websocket, 4401, "bad-token", "that token is no seat's at this table (leave it out to watch)")
            return
    if seat is None:
        try:
            await table.seating.may_watch(hello.get("host"))
        except TableError as e:
            await _refuse(websocket, 4403, e.code, e.message)
            return
    address = websocket.client.host if websocket.client else None
    try:
        table.seating.admit(seat, address)
    except TableError as e:
        await _refuse(websocket, 4429, e.code, e.message)
        return
    since = hello.get("version")
    if isinstance(since, bool) or not isinstance(since, int):
        since = None
    conn = Connection(websocket, table, seat, hub, diff=hello.get("diff") is True, address=address)
    table.seating.attach(conn)
    conn.send(table.publisher.sync_message(conn, since))
    sender = asyncio.create_task(conn.pump())
    receiver = asyncio.create_task(_receive(websocket, conn, table, hub))
    try:
        # Either side may end it: the client goes (the receiver ends), or the server closes
        # the connection (the sender ends after sending the close).
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        table.seating.detach(conn)
        if not sender.done():
            conn.close(1000, "bye")
            try:
                await asyncio.wait_for(sender, 2.0)
            except (Exception, asyncio.CancelledError):
                sender.cancel()
        receiver.cancel()
        for task in (sender, receiver):
            with contextlib.suppress(BaseException):
                await task
        if receiver.done() and not receiver.cancelled() and receiver.exception() is not None:
            error = receiver.exception()
            if not isinstance(error, WebSocketDisconnect):
                log.error("table %s: a client connection failed", table_id, exc_info=error)


async def _refuse(websocket: WebSocket, code: int, error: str, message: str) -> None:
    try:
        await websocket.send_text(dumps({"type": "error", "code": error, "message": message}))
        await websocket.close(code, message[:120])
    except Exception:
        pass


def _parse(raw: str, limit: int) -> Any:
    if len(raw) > limit:
        return None
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


async def _receive(websocket: WebSocket, conn: Connection, table: ServerTable, hub: Hub) -> None:
    config = hub.config
    while conn.closing is None:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            data = message.get("bytes") or b""
            try:
                raw = data.decode("utf-8")
            except UnicodeDecodeError:
                conn.error("bad-message", "messages are JSON text")
                continue
        # Every message counts against the rate, whatever it holds; a refused one is still read
        # (it is small) so that its answer can name its request.
        allowed = conn.rate.allow()
        if not allowed:
            conn.drops += 1
            if conn.drops >= DROPS_MAX:
                conn.error("rate", "too many messages; the connection is closed")
                conn.close(4429, "too many messages")
                return
        else:
            conn.drops = 0
        if len(raw) > config.max_message:
            conn.error("too-large", f"a message has at most {config.max_message} characters; this one has {len(raw)}")
            continue
        try:
            data = json.loads(raw)
        except RecursionError:
            conn.error("bad-json", "the message nests its JSON too deep to read")
            continue
        except ValueError as e:
            conn.error("bad-json", f"not JSON: {e}")
            continue
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            conn.error("bad-message", 'every message is a JSON object with a "type"')
            continue
        request = data.get("id")
        if request is not None and not _good_id(request):
            conn.error("bad-message", "id is a string or a number of at most 64 characters")
            continue
        if not allowed:
            conn.error("rate", f"too many messages: at most {config.rate:g} a second; this one was ignored", request)
            continue
        try:
            await _handle(conn, table, data, request)
        except Stale as e:
            conn.error(e.code, e.message, request)
            conn.send(table.publisher.sync_message(conn))
        except TableError as e:
            conn.error(e.code, e.message, request)
        except IllegalAction as e:
            # The refusal as a message: each page renders it in its reader's language.
            conn.error("illegal", to_wire(e.text), request)
        except Exception:
            log.exception("table %s: a client message failed", table.id)
            conn.error("internal", "the server could not handle this message; nothing changed", request)


def _good_id(request: object) -> bool:
    """Whether ``request`` may name a request: text (no lone surrogate, which cannot be sent
    back) or a whole number of 64 bits, of at most 64 characters; ``true`` is no number."""
    if isinstance(request, str):
        return len(request) <= 64 and is_text(request)
    return isinstance(request, int) and not isinstance(request, bool) and in_64_bits(request)


async def _handle(conn: Connection, table: ServerTable, data: dict[str, Any], request: Any) -> None:
    kind = data["type"]
    if kind == "ping":
        conn.send({"type": "pong", "re": request})
        return
    if kind == "sync":
        conn.send({**table.publisher.sync_message(conn, None), "re": request})
        return
    if kind == "hello":
        raise TableError("bad-message", "hello is said once, as the first message")
    if conn.seat is None:
        raise TableError("spectator", "a spectator watches: only a seat's token acts or chats")
    if "seat" in data and data["seat"] != conn.seat:
        raise TableError(
            "not-your-seat", f"this connection acts for seat {conn.seat} only; leave 'seat' out or give {conn.seat}"
        )
    if kind == "chat":
        text = data.get("text")
        if not isinstance(text, str):
            raise TableError("chat", 'chat is {"type": "chat", "text": ..., "to": <seat, optional>}')
        text = clean_text(text, CHAT_MAX)
        if not text:
            raise TableError("chat", "an empty message is not sent")
        await table.publisher.say(conn.seat, text, data.get("to"), ack=(conn, request))
        return
    version = data.get("version")
    if kind in ("act", "takeback", "narrow") and (isinstance(version, bool) or not isinstance(version, int)):
        raise TableError("bad-message", f'{kind} needs "version": the version the choice was made at')
    if kind == "act":
        if "action" in data:
            action = table.authority.read_action(data["action"])
        elif "text" in data:
            action = table.authority.read_action(data["text"])
        else:
            raise TableError("bad-message", 'act needs "action" (its JSON form) or "text" (its text form)')
        await table.authority.move(conn.seat, action, "person", expect=version, ack=(conn, request))
        return
    if kind == "narrow":
        index, prefix = _narrow_question(data)
        assert isinstance(version, int)  # checked above
        answer = await table.authority.narrow(conn.seat, index, prefix, expect=version)
        conn.send({**answer, "re": request})
        return
    if kind == "takeback":
        await table.authority.take_back(conn.seat, expect=version, ack=(conn, request))
        return
    if kind == "return":
        await table.seating.reclaim(conn.seat)
        conn.send({**table.publisher.sync_message(conn), "re": request})
        return
    raise TableError(
        "bad-message",
        f"unknown message type {kind!r}; a client sends act, narrow, takeback, chat, return, sync or ping",
    )


def _narrow_question(data: dict[str, Any]) -> tuple[int, list[JSONValue]]:
    """The family index and the prefix of a ``narrow`` message, checked for form (whether they
    fit the seat's families is the table's to say)."""
    index = data.get("family")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 1000:
        raise TableError("bad-narrow", f'narrow needs "family": the index of one of your families; not {index!r:.40}')
    prefix = data.get("prefix")
    if not isinstance(prefix, list) or len(prefix) > PREFIX_MAX:
        raise TableError(
            "bad-narrow", f'narrow needs "prefix": a list of at most {PREFIX_MAX} values, those of the first fields'
        )
    for i, value in enumerate(prefix):
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int) and in_64_bits(value):
            continue
        if isinstance(value, str) and len(value) <= VALUE_MAX and is_text(value):
            continue
        raise TableError(
            "bad-narrow",
            f"prefix[{i}] is a field's value: a whole number of 64 bits, true, false, null or a short text",
        )
    return index, prefix
