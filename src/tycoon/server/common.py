"""What the parts of a table share: its statuses, its errors, the client as it sees one, and
JSON text as every message is sent. See docs/decisions/0027-server-in-parts.md."""

from __future__ import annotations

from typing import Any, Protocol

import orjson

from tycoon.server.store import TableRow

WAITING, PLAYING, FINISHED, CLOSED = "waiting", "playing", "finished", "closed"
"""A table's status: seats still open, the game on, the game over, closed by its host."""


def dumps(value: Any) -> str:
    """JSON text as every message is sent: compact, UTF-8, by orjson (a Die Bosse view in about
    5 µs against 62 µs for the standard library's encoder; encoding was a seventh of the
    server's work under load, docs/performance.md)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class TableError(Exception):
    """A request the table refuses: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Stale(TableError):
    """The action was chosen at an older version of the table."""


class Client(Protocol):
    """A connected client, as the table sees it (``tycoon.server.ws.Connection``)."""

    seat: int | None
    address: str | None
    """Where the client connects from (its IP address), for the spectators' cap per address."""
    version: int
    acks: list[Any]
    diff: bool
    """Whether the client asked for updates as differences (``"diff": true`` in its hello)."""
    base: dict[str, Any] | None
    """What this client was last sent in whole or in part: the picture its next diff is taken
    against (``status``, ``turn``, ``view``, ``legal``, ``families``, ``outcome``)."""

    def send(self, message: dict[str, Any]) -> None: ...

    def mark_dirty(self) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


def summary(row: TableRow, seats: list[dict[str, Any]], version: int, title: str) -> dict[str, Any]:
    """The public summary of a table (``GET /api/tables/{id}``), loaded or not."""
    return {
        "id": row.id,
        "game": row.game,
        "title": title,
        "options": row.options,
        "status": row.status,
        "version": version,
        "seats": seats,
        "clock": row.settings.get("clock"),
        "replace_after": row.settings.get("replace_after"),
        "outcome": row.outcome,
        "created": round(row.created, 3),
    }
