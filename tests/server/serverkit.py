"""Helpers for the server tests: a server in this process, clients on its WebSockets, and a
real ``tycoon serve`` process.

The PostgreSQL tests use the server at ``TYCOON_TEST_POSTGRES`` (a URL), or else the
throwaway cluster ``.ci/run`` starts at ``postgresql://postgres@127.0.0.1:55432/postgres``;
they are skipped, saying so, only when no PostgreSQL server answers there. Each test gets a
schema of its own.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server tests need the web extra: pip install -e '.[web,test]'")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")

import anyio
from starlette.testclient import TestClient

from tycoon.server import ServerConfig, create_app

POSTGRES = os.environ.get("TYCOON_TEST_POSTGRES") or "postgresql://postgres@127.0.0.1:55432/postgres"
"""The PostgreSQL server the tests use."""


def _postgres_missing() -> str:
    """Why the PostgreSQL tests cannot run here, or "" when they can."""
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed (the web extra)"
    try:
        with psycopg.connect(POSTGRES, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        return f"no PostgreSQL server reachable at {POSTGRES} ({first}); set TYCOON_TEST_POSTGRES or run .ci/run"
    return ""


POSTGRES_MISSING = _postgres_missing()
needs_postgres = pytest.mark.skipif(bool(POSTGRES_MISSING), reason=POSTGRES_MISSING)
"""Marks a test that runs only on PostgreSQL."""
DATABASES = ["sqlite", pytest.param("postgresql", marks=needs_postgres)]
"""Both databases, for ``pytest.mark.parametrize``."""


def fresh_postgres() -> str:
    """A URL for a new, empty schema of the test PostgreSQL database."""
    import psycopg

    name = "t_" + secrets.token_hex(6)
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    joiner = "&" if "?" in POSTGRES else "?"
    return f"{POSTGRES}{joiner}options=-csearch_path%3D{name}"


def database_url(kind: str, tmp_path: Path) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'tycoon.db'}"
    return fresh_postgres()


class Server:
    """A server in this process (Starlette's test client), with bots that move at once."""

    def __init__(self, db: str, **settings: Any) -> None:
        settings = {"think_time": 0.0, "rate": 10_000.0, "burst": 10_000.0, "sqlite_synchronous": "NORMAL", **settings}
        self.config = ServerConfig(db=db, **settings)
        self.app = create_app(self.config)
        self.http = TestClient(self.app, raise_server_exceptions=False)
        self.clients: list[Client] = []

    def __enter__(self) -> Server:
        self.http.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        for client in self.clients:
            client.close()
        self.http.__exit__(*exc)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    def create(self, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        response = self.http.post("/api/tables", json={"game": game, "seats": seats, **extra})
        assert response.status_code == 201, response.text
        answer: dict[str, Any] = response.json()
        return answer

    def connect(
        self, table_id: str, token: str | None = None, version: int | None = None, diff: bool = False, **headers: str
    ) -> Client:
        hello: dict[str, Any] = {"type": "hello", "token": token}
        if version is not None:
            hello["version"] = version
        if diff:
            hello["diff"] = True
        return self.connect_with(table_id, hello, **headers)

    def connect_with(self, table_id: str, hello: dict[str, Any], **headers: str) -> Client:
        """A client that says ``hello`` as given, with its first answer received."""
        ws = self.http.websocket_connect(f"/ws/tables/{table_id}", headers=dict(headers))
        session = ws.__enter__()
        session.send_json(hello)
        client = Client(session, ws)
        self.clients.append(client)
        client.receive()
        return client

    def table(self, table_id: str) -> Any:
        return self.hub.tables[table_id]

    def call(self, fn: Any, *args: Any) -> Any:
        """Run the coroutine function ``fn(*args)`` on the server's event loop; its result."""
        return self.http.portal.call(fn, *args)

    def host(self, answer: dict[str, Any]) -> dict[str, str]:
        """The header that carries the host's token of a table just created."""
        return {"Authorization": f"Bearer {answer['host_token']}"}


class Client:
    """One client on a WebSocket: what it received, and the table as it was last told."""

    def __init__(self, session: Any, context: Any) -> None:
        self.session = session
        self.context = context
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.version = -1
        self.seat: int | None = None
        self.requests = 0

    def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await self.session._send_rx.receive()

        message = self.session.portal.call(get)
        if message["type"] == "websocket.close":
            data = {"type": "closed-socket", "code": message.get("code"), "reason": message.get("reason")}
        else:
            data = json.loads(message["text"])
        self.take(data)
        return data

    def take(self, data: dict[str, Any]) -> None:
        """Keep a message; a sync or an update brings the picture up to date (a diff applied)."""
        self.received.append(data)
        if data["type"] in ("sync", "update"):
            self.state = apply_update(self.state, data)
            self.version = data["version"]
            if data["type"] == "sync":
                self.seat = data["seat"]

    def until(self, test: Any, timeout: float = 10.0) -> dict[str, Any]:
        """Receive until a message passes ``test``; that message."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.05, deadline - time.monotonic()))
            if test(message):
                return message

    def catch_up(self, version: int) -> None:
        if self.version < version:
            self.until(lambda m: self.version >= version)

    def send(self, message: dict[str, Any]) -> None:
        self.session.send_json(message)

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a request with a fresh id; its answer (an update naming it, or an error)."""
        self.requests += 1
        rid = f"r{self.requests}"
        self.send({**message, "id": rid})
        return self.until(lambda m: m.get("re") == rid or (isinstance(m.get("re"), list) and rid in m["re"]))

    def act(self, action: dict[str, Any] | str, version: int | None = None) -> dict[str, Any]:
        key = "text" if isinstance(action, str) else "action"
        return self.request({"type": "act", key: action, "version": self.version if version is None else version})

    def legal(self) -> list[dict[str, Any]]:
        return list(self.state.get("legal", []))

    def my_turn(self) -> bool:
        return self.state.get("status") == "playing" and self.state.get("turn", {}).get("seat") == self.seat

    def close(self) -> None:
        if self.context is None:
            return
        context, self.context = self.context, None
        with contextlib.suppress(Exception):
            context.__exit__(None, None, None)


def apply_update(state: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """The picture a client holds after ``message``, a sync or an update, whole or a diff
    (docs/protocol.md): a diff's ``view_set`` replaces those keys of the view, ``view_items``
    those items of a key's list, ``view_unset`` drops keys, and the parts it leaves out stay as
    they were."""
    out = {**state, **{k: v for k, v in message.items() if k not in ("view_set", "view_items", "view_unset")}}
    if "view_set" in message:
        view = {**state["view"], **message["view_set"]}
        for key, items in message.get("view_items", {}).items():
            view[key] = list(view[key])
            for index, item in items.items():
                view[key][int(index)] = item
        for key in message.get("view_unset", []):
            view.pop(key, None)
        out["view"] = view
    return out


def pick(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A choice that moves the game on: the turn's end where it may, else the first."""
    ends = [a["action"] for a in legal if a["action"]["kind"] in ("end", "done")]
    return ends[0] if ends else legal[0]["action"]


# --- a real server process ---------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Process:
    """``tycoon serve`` in a process of its own."""

    def __init__(self, db: str, log: Path, think: float = 0.0, extra: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        script = Path(sys.executable).parent / "tycoon"  # the installed command itself
        start = [str(script)] if script.exists() else [sys.executable, "-m", "tycoon.cli"]
        command = [*start, "serve", "--port", str(self.port), "--db", db]
        command += ["--think", str(think), "--log-level", "warning", *extra]
        with open(log, "ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            try:
                self.get("/api/health")
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: {log.read_text()}") from None
                time.sleep(0.1)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def text(self, path: str) -> str:
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            return str(response.read().decode())

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


# --- the truth, to compare messages against ------------------------------------------------


def states_by_version(server: Server, table_id: str) -> dict[int, Any]:
    """The table's state after every version, rebuilt from the stored log (take-backs too)."""
    table = server.table(table_id)
    entries = server.http.portal.call(server.hub.store.entries, table_id, 0)
    state = table.game.new_state()
    states = {0: state.clone()}
    stack: list[Any] = []
    for entry in entries:
        if entry.kind == "takeback":
            state = stack.pop()
        else:
            stack.append(state.clone())
            state.apply(table.game.codec.from_json(entry.action), entry.seat)
        states[entry.seq] = state.clone()
    return states


class RemoteClient(Client):
    """A client of a real server process, over a real WebSocket (the ``websockets`` library)."""

    def __init__(
        self, base: str, table_id: str, token: str | None, version: int | None = None, diff: bool = False
    ) -> None:
        from websockets.sync.client import connect

        super().__init__(None, None)
        self.opened = connect(base.replace("http://", "ws://") + f"/ws/tables/{table_id}", open_timeout=10)
        self.socket = self.opened.__enter__()
        hello: dict[str, Any] = {"type": "hello", "token": token}
        if version is not None:
            hello["version"] = version
        if diff:
            hello["diff"] = True
        self.socket.send(json.dumps(hello))
        self.receive()

    def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        from websockets.exceptions import ConnectionClosed

        try:
            raw = self.socket.recv(timeout=timeout)
            data = json.loads(raw)
        except ConnectionClosed as e:
            data = {"type": "closed-socket", "code": e.rcvd.code if e.rcvd else None}
        self.take(data)
        if data["type"] == "closed-socket":
            raise ConnectionError("the server closed the connection")
        return data

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.opened.__exit__(None, None, None)
