"""PostgreSQL (``psycopg``): the database several server processes may share. Each stored
change sends ``NOTIFY tycoon`` with the table's id, and every process listens, so that a
move made at one process reaches the clients of the others. See
docs/decisions/0013-game-server.md and docs/decisions/0027-server-in-parts.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Sequence
from typing import Any

from tycoon.server.storage import Cursor, Store

log = logging.getLogger("tycoon.server")

CHANNEL = "tycoon"
"""The notification channel."""

SCHEMA_LOCK = 7411
"""The advisory lock held while the schema is made: two processes starting at once must not
both create it."""


class _Cursor(Cursor):
    """A cursor that takes ``?`` placeholders, as :class:`Cursor` does, and gives PostgreSQL its
    own (``%s``)."""

    def translate(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.raw.cursor() as cur:
            cur.executemany(sql, rows)


class PostgreSQLStore(Store):
    """A :class:`~tycoon.server.store.Store` in PostgreSQL (``postgresql://...``)."""

    dialect = "postgresql"
    prefixes = ("postgresql://", "postgres://")
    shared = True
    schema = """
CREATE TABLE IF NOT EXISTS tycoon_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
    settings TEXT NOT NULL, seed TEXT NOT NULL, deal TEXT NOT NULL, host TEXT NOT NULL,
    status TEXT NOT NULL, version INTEGER NOT NULL, meta INTEGER NOT NULL, clocks TEXT,
    outcome TEXT, created DOUBLE PRECISION NOT NULL, updated DOUBLE PRECISION NOT NULL);
CREATE INDEX IF NOT EXISTS tables_status ON tables (status);
CREATE INDEX IF NOT EXISTS tables_deal ON tables (deal);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER NOT NULL,
    action TEXT, by TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT NOT NULL, seq INTEGER NOT NULL, data BYTEA NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS chat (
    id BIGSERIAL PRIMARY KEY, table_id TEXT NOT NULL, seat INTEGER NOT NULL,
    to_seat INTEGER, name TEXT NOT NULL, text TEXT NOT NULL, at DOUBLE PRECISION NOT NULL);
CREATE INDEX IF NOT EXISTS chat_table ON chat (table_id, id);
"""

    def __init__(self, url: str, *, sqlite_synchronous: str = "FULL", sqlite_busy_timeout: float = 5.0) -> None:
        super().__init__(url, sqlite_synchronous=sqlite_synchronous, sqlite_busy_timeout=sqlite_busy_timeout)
        self._listener: threading.Thread | None = None

    def describe(self) -> str:
        head, at, tail = self.url.rpartition("@")
        if at and ":" in head.split("//", 1)[-1]:
            user = head.split("//", 1)[-1].split(":", 1)[0]
            return f"{head.split('//', 1)[0]}//{user}:***@{tail}"
        return self.url

    def _connect(self, *, autocommit: bool = False) -> Any:
        import psycopg

        return psycopg.connect(self.url, autocommit=autocommit)

    def _cursor(self, raw: Any) -> Cursor:
        return _Cursor(raw)

    def _make_schema(self, cur: Cursor) -> None:
        cur.execute(f"SELECT pg_advisory_lock({SCHEMA_LOCK})")
        super()._make_schema(cur)

    def _schema_made(self, cur: Cursor) -> None:
        cur.execute(f"SELECT pg_advisory_unlock({SCHEMA_LOCK})")

    def _hold(self) -> None:
        pass  # the advisory lock is taken with the schema (_make_schema)

    def _let_go(self) -> None:
        pass

    def _opened(self, conn: Any) -> None:
        pass

    def _before_read(self) -> None:
        pass

    def _abandon(self, conn: Any) -> Any:
        with contextlib.suppress(Exception):
            conn.rollback()
        with contextlib.suppress(Exception):
            conn.close()
        return None

    def _integrity_errors(self) -> tuple[type[BaseException], ...]:
        import psycopg

        return (psycopg.IntegrityError,)

    def _begin(self, cur: Cursor) -> None:
        pass  # psycopg begins a transaction at the first statement

    def _commit(self, conn: Any, cur: Cursor) -> None:
        conn.commit()

    def _rollback(self, conn: Any, cur: Cursor) -> None:
        conn.rollback()

    def _read_failed(self, conn: Any) -> None:
        """Drop the connection: the next read on this thread opens a new one."""
        self._local.conn = None
        with contextlib.suppress(ValueError):
            self._connections.remove(conn)
        with contextlib.suppress(Exception):
            conn.close()

    def _insert_id(self, cur: Cursor, sql: str, params: Sequence[Any]) -> int:
        found = cur.execute(sql + " RETURNING id", params).fetchone()
        return int(found[0])

    # --- notifications ------------------------------------------------------------------

    def notify(self, cur: Cursor, payload: str) -> None:
        cur.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{payload}@{self.origin}"))

    async def announce(self, payload: str) -> None:
        await self.write(lambda cur: self.notify(cur, payload))

    async def _listen(self) -> None:
        started = threading.Event()
        self._listener = threading.Thread(
            target=self._listen_loop, args=(started,), name="tycoon-db-listen", daemon=True
        )
        self._listener.start()
        await asyncio.to_thread(started.wait, 10)

    async def _stop_listening(self) -> None:
        if self._listener is not None:
            await asyncio.to_thread(self._listener.join, 5)

    def _listen_loop(self, started: threading.Event) -> None:
        while not self._stopping.is_set():
            try:
                conn = self._connect(autocommit=True)
                conn.execute(f"LISTEN {CHANNEL}")
                started.set()
                while not self._stopping.is_set():
                    for note in conn.notifies(timeout=0.5):
                        payload, _, origin = note.payload.rpartition("@")
                        if origin != self.origin:  # this process knows what it stored itself
                            self._deliver(payload)
                conn.close()
            except Exception as e:
                started.set()
                if not self._stopping.is_set():
                    log.warning("lost the PostgreSQL notification connection (%s); reconnecting", e)
                    # Whatever was missed meanwhile: tell the server to check every table.
                    self._deliver("*")
                    time.sleep(1.0)

    def _deliver(self, payload: str) -> None:
        if self._on_notify is None or self._loop is None:
            return
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._on_notify, payload)
