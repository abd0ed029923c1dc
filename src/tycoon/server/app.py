"""The HTTP API and the application: routes, limits, errors as JSON, and the hub's life.

Every answer is JSON; a refused request says why in ``{"error": {"code", "message"}}``; no
stack trace ever reaches a client (it goes to the server's log). Host actions take the host's
token in ``Authorization: Bearer <token>``. The routes are in docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from tycoon import __version__
from tycoon.core.registry import specs
from tycoon.server.bots import UnknownAgent
from tycoon.server.common import TableError
from tycoon.server.config import ServerConfig
from tycoon.server.faces import game_entry, messages, page_script
from tycoon.server.hub import Hub
from tycoon.server.replay import Replays
from tycoon.server.requests import RequestError, read_seat_bot
from tycoon.server.store import StoreError
from tycoon.server.ws import table_socket

log = logging.getLogger("tycoon.server")


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


async def _json(request: Request) -> Any:
    """The request body as JSON, at most ``max_body`` bytes; :class:`RequestError` otherwise."""
    limit = _hub(request).config.max_body
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise RequestError(413, "too-large", f"a request body has at most {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > limit:
            raise RequestError(413, "too-large", f"a request body has at most {limit} bytes")
    if not body:
        return None
    try:
        return json.loads(body)
    except ValueError as e:
        raise RequestError(400, "bad-json", f"the body is not JSON: {e}") from None
    except RecursionError:
        raise RequestError(400, "bad-json", "the body nests its JSON too deep to read") from None


CLIENT = Path(__file__).parent / "client"
"""Where the browser client's static files go (``index.html`` and what it loads): served at
``/``, ``/table/{id}`` (the links handed out) and ``/client/...``. Until they are there, those
pages say so and point to the API."""


async def index(request: Request) -> Response:
    page = CLIENT / "index.html"
    if page.is_file():
        return FileResponse(page)
    return PlainTextResponse(
        f"tycoon {__version__} game server. The browser client is not installed here; "
        "the API is at /api/games and /api/tables (docs/protocol.md).\n"
    )


async def health(request: Request) -> Response:
    hub = _hub(request)
    return JSONResponse({"status": "ok", "version": __version__, "database": hub.store.dialect, **hub.stats()})


async def games(request: Request) -> Response:
    return JSONResponse({"games": [game_entry(s) for s in specs()]})


async def create_table(request: Request) -> Response:
    body = await _json(request)
    address = request.client.host if request.client else "?"
    answer = await _hub(request).create(body, _base(request), address)
    return JSONResponse(answer, status_code=201)


async def list_tables(request: Request) -> Response:
    return JSONResponse({"tables": await _hub(request).open_tables()})


async def show_table(request: Request) -> Response:
    return JSONResponse(await _hub(request).summary(request.path_params["table_id"]))


async def join_table(request: Request) -> Response:
    body = await _json(request)
    answer = await _hub(request).join(request.path_params["table_id"], body, _base(request))
    return JSONResponse(answer, status_code=201)


async def start_table(request: Request) -> Response:
    hub = _hub(request)
    table = await hub.get(request.path_params["table_id"])
    hub.check_host(table.row, _bearer(request))
    await table.seating.start()
    return JSONResponse(table.summary())


async def seat_bot(request: Request) -> Response:
    hub = _hub(request)
    table = await hub.get(request.path_params["table_id"])
    hub.check_host(table.row, _bearer(request))
    wanted = read_seat_bot(await _json(request))
    try:
        seat = int(request.path_params["seat"])
    except ValueError:
        raise RequestError(404, "bad-seat", "a seat is a number") from None
    await table.seating.seat_bot(seat, wanted.bot)
    return JSONResponse(table.summary())


async def close_table(request: Request) -> Response:
    hub = _hub(request)
    table = await hub.get(request.path_params["table_id"])
    hub.check_host(table.row, _bearer(request))
    await table.close()
    hub.unload(table)
    return JSONResponse(table.summary())


async def record(request: Request) -> Response:
    hub = _hub(request)
    table = await hub.get(request.path_params["table_id"])
    await hub.record_ready(table.row)
    text = "\n".join((await table.authority.record()).lines()) + "\n"
    return Response(text, media_type="application/x-ndjson")


async def replay(request: Request) -> Response:
    """A finished game's record replayed for the browser client (``tycoon.server.replay``)."""
    hub = _hub(request)
    table = await hub.get(request.path_params["table_id"])
    await hub.record_ready(table.row)
    try:
        at = int(request.query_params.get("at", "0"))
        seat_text = request.query_params.get("seat", "")
        seat = int(seat_text) if seat_text != "" else None
    except ValueError:
        raise RequestError(400, "bad-request", "at is a move number and seat a seat number, from 0") from None
    if seat is not None and not 0 <= seat < len(table.row.seats):
        raise RequestError(400, "bad-request", f"seat is a seat number from 0 to {len(table.row.seats) - 1}")
    replays: Replays = request.app.state.replays
    record_ = await table.authority.record()
    # Replaying a long game takes a while: off the event loop, like the bots.
    answer = await asyncio.to_thread(lambda: replays.get(table.id, record_).answer(at, seat))
    return JSONResponse(answer)


async def _request_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestError)
    return _error(exc.status, exc.code, exc.message)


async def _table_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, TableError)
    status = {"internal": 500, "storage": 503, "bad-seat": 400}.get(exc.code, 409)
    return _error(status, exc.code, exc.message)


async def _storage_error(request: Request, exc: Exception) -> Response:
    """A read the database failed (a failed write is already the table's ``storage``)."""
    log.error("request %s %s: %s", request.method, request.url.path, exc)
    return _error(503, "storage", "the database could not be read; try again")


async def _unknown_agent(request: Request, exc: Exception) -> Response:
    return _error(400, "bad-bot", str(exc))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: "there is nothing here; the API is under /api", 405: "this method is not allowed here"}
    return _error(exc.status_code, "http", messages.get(exc.status_code, str(exc.detail)))


async def _crash(request: Request, exc: Exception) -> Response:
    log.error("request %s %s failed", request.method, request.url.path, exc_info=exc)
    return _error(500, "internal", "the server failed to handle this request; nothing was changed")


def create_app(config: ServerConfig | None = None) -> Starlette:
    """The ASGI application of the game server with ``config`` (default: ``tycoon serve``'s)."""
    config = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub = Hub(config)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.close()

    routes = [
        Route("/", index),
        Route("/table/{table_id}", index),
        Route("/api/health", health),
        Route("/api/games", games),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/api/tables/{table_id}/join", join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/start", start_table, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat}", seat_bot, methods=["POST"]),
        Route("/api/tables/{table_id}/close", close_table, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/replay", replay),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
    ]
    # Each game's page and texts are where its spec says (tycoon.server.faces), before the
    # client's own files.
    routes.append(Route("/client/games/{script}", page_script))
    routes.append(Route("/client/messages/{catalogue}", messages))
    if CLIENT.is_dir():
        routes.append(Mount("/client", StaticFiles(directory=CLIENT), name="client"))
    handlers: dict[Any, Any] = {
        RequestError: _request_error,
        TableError: _table_error,
        StoreError: _storage_error,
        UnknownAgent: _unknown_agent,
        HTTPException: _http_error,
        Exception: _crash,
    }
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)
    app.state.config = config
    app.state.replays = Replays()
    return app
