"""What one connection may hold of the server before it has asked for anything: the HTTP
protocol ``tycoon serve`` runs (uvicorn's, on httptools) with a time limit on a request's head
and a cap on the connections one address holds at once.

uvicorn closes a connection idle between requests (``timeout_keep_alive``), but not one that
sent part of a request and then nothing: such half-open requests were held for as long as their
sender liked, and a few hundred from one address used up the server's file descriptors, so
nobody else got in. Here each request's head (from the connection's start, or from the end of
the answer before) must be complete within ``header_timeout`` seconds, or the connection is
answered 408 and closed; and an address with ``per_address`` connections open is answered 503
at the next one. A WebSocket counts as a connection of its address for as long as it is open.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


def _answer(status: str, text: str) -> bytes:
    body = text.encode()
    head = f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {len(body)}\r\n"
    return (head + "connection: close\r\n\r\n").encode() + body


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a time limit on request heads and a cap per address (the
    settings are class attributes: :func:`guarded_http` makes a class with them)."""

    header_timeout: ClassVar[float] = 10.0
    per_address: ClassVar[int] = 128
    open_by_address: ClassVar[dict[str, set[asyncio.BaseTransport]]] = {}
    """Every address's connections, closed ones dropped when the address connects again."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        held = {t for t in self.open_by_address.get(address, ()) if not t.is_closing()}
        if len(held) >= self.per_address:
            transport.write(
                _answer(
                    "503 Service Unavailable",
                    f"too many connections from your address (at most {self.per_address} at once); "
                    "close some and try again\n",
                )
            )
            transport.close()
            return
        held.add(transport)
        self.open_by_address[address] = held
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self.head_timer = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _too_slow(self) -> None:
        self.head_timer = None
        if not self.transport.is_closing():
            message = f"a request's head is sent within {self.header_timeout:g} seconds\n"
            self.transport.write(_answer("408 Request Timeout", message))
            self.transport.close()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        pipelined = bool(self.pipeline)  # the next request's head is in already
        super().on_response_complete()
        if not pipelined and not self.transport.is_closing():
            self._arm()  # the next request on this connection has the same time for its head

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def guarded_http(header_timeout: float, per_address: int) -> type[GuardedHttp]:
    """The protocol class for uvicorn's ``http`` setting, with these limits; its own count of
    connections per address."""
    attributes = {"header_timeout": header_timeout, "per_address": per_address, "open_by_address": {}}
    return type("GuardedHttp", (GuardedHttp,), attributes)
