"""``tycoon serve`` lets no one hold its connections: a request's head has a time limit, and
one address holds only so many connections at once (a real server process over loopback)."""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverkit import Process


@contextlib.contextmanager
def serve(tmp_path: Path, header_timeout: float) -> Iterator[Process]:
    """A server that waits ``header_timeout`` for a request's head and takes 3 connections
    per address."""
    extra = ("--header-timeout", str(header_timeout), "--connections-per-address", "3")
    server = Process(str(tmp_path / "tycoon.db"), tmp_path / "serve.log", extra=extra)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[Process]:
    with serve(tmp_path, 0.5) as server:
        yield server


def connect(server: Process) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.settimeout(10)
    return sock


def answer(sock: socket.socket) -> bytes:
    """What the server sends until it closes the connection (at most 10 s)."""
    out = b""
    while chunk := sock.recv(4096):
        out += chunk
    return out


def one_response(sock: socket.socket) -> bytes:
    """One whole response on a connection kept alive: its head, then as many bytes of body as
    its content-length says (a response may come in more than one piece)."""
    out = b""
    while b"\r\n\r\n" not in out:
        chunk = sock.recv(4096)
        assert chunk, f"the connection closed within a response's head: {out!r}"
        out += chunk
    head, _, body = out.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        chunk = sock.recv(4096)
        assert chunk, f"the connection closed within a response's body: {out!r}"
        body += chunk
    assert len(body) == length, "the server sent more than one response's bytes"
    return head + b"\r\n\r\n" + body


def test_a_request_whose_head_never_ends_is_closed_after_the_limit(guarded: Process) -> None:
    sock = connect(guarded)
    sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Half: ")  # and nothing more
    began = time.monotonic()
    got = answer(sock)
    assert time.monotonic() - began < 5
    assert got.startswith(b"HTTP/1.1 408 ")
    sock.close()
    assert guarded.get("/api/health")["status"] == "ok"  # others are served


def test_an_idle_connection_that_never_asks_is_closed_too(guarded: Process) -> None:
    with connect(guarded) as sock:
        began = time.monotonic()
        answer(sock)
        assert time.monotonic() - began < 5


def test_a_keep_alive_connection_has_the_limit_for_each_request(guarded: Process) -> None:
    with connect(guarded) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n")
        first = one_response(sock)
        assert first.startswith(b"HTTP/1.1 200 ")
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: loc")  # half of a second request
        began = time.monotonic()
        assert answer(sock).startswith(b"HTTP/1.1 408 ")
        assert time.monotonic() - began < 5


def test_one_address_holds_only_so_many_connections(tmp_path: Path) -> None:
    with serve(tmp_path, 10) as server:
        one_address_at_most_three(server)


def one_address_at_most_three(guarded: Process) -> None:
    held = [connect(guarded) for _ in range(3)]
    for sock in held:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n")  # heads under way
    time.sleep(0.1)
    extra = connect(guarded)
    refused = answer(extra)
    assert refused.startswith(b"HTTP/1.1 503 ")
    assert b"too many connections from your address" in refused
    extra.close()
    held.pop().close()
    time.sleep(0.1)
    assert guarded.get("/api/health")["status"] == "ok"  # a connection let go is a place again
    for sock in held:
        sock.close()
