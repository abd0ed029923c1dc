"""What the server asks of its database, and what both databases do alike.

Tables live there between moves: table rows, the append-only action log, snapshots, chat.

:class:`Store` is what the server asks of the database, with one class for each:
:class:`~tycoon.server.store_sqlite.SQLiteStore` (stdlib ``sqlite3``, the embedded default)
and :class:`~tycoon.server.store_postgresql.PostgreSQLStore` (``psycopg``). Every write goes
through one writer thread that commits whatever has queued up in a single transaction (group
commit), each job inside its own savepoint, so one table's conflict never spoils another's move.
A job's future resolves only after the commit: the server tells nobody of a move before it is
stored. The log's primary key ``(table_id, seq)`` is the guard against two writers storing the
same sequence number; the loser gets :class:`Conflict`. On PostgreSQL each stored move also
sends ``NOTIFY tycoon`` so that other server processes sharing the database catch up. See
docs/decisions/0013-game-server.md and docs/decisions/0027-server-in-parts.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import threading
import time
import uuid
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

import orjson

log = logging.getLogger("tycoon.server")

T = TypeVar("T")

SCHEMA_VERSION = 1


class StoreError(Exception):
    """The database failed (connection lost, disk full, the file gone): the write did not
    happen, or the read could not be made."""


class Conflict(StoreError):
    """Another writer changed the table first (a sequence number taken, a version moved on)."""


@dataclass
class TableRow:
    """A table as stored: its setup, its seats and where its game stands."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    """Per seat: ``kind`` (human, bot, open), ``name``, ``bot`` (its kind), ``token`` (the
    SHA-256 of the seat's token, never the token), ``stand_in`` (a bot playing for an absent
    person)."""
    settings: dict[str, Any]
    """Clock, stand-in rules, autostart, listing."""
    seed: str
    """The seed of chance; never leaves the server."""
    deal: str
    """Tables sharing a deal share the seed (duplicate play)."""
    host: str
    """The SHA-256 of the host's token."""
    status: str = "waiting"
    version: int = 0
    """The sequence number of the last log entry."""
    meta: int = 0
    """Bumped by every change of seats or settings (optimistic locking)."""
    clocks: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)


@dataclass
class Entry:
    """One line of a table's action log."""

    seq: int
    """From 1, one per entry, unique per table."""
    kind: str
    """``move`` or ``takeback`` (the seat's last move is taken back)."""
    seat: int
    """The seat that moved, or -1 for chance."""
    action: dict[str, Any] | None
    """The action's JSON form (none for a take-back)."""
    by: str
    """Who chose it: ``person``, ``bot``, ``stand-in``, ``clock`` or ``chance``."""
    at: float
    """When it was stored (Unix time)."""


@dataclass
class ChatLine:
    id: int
    table_id: str
    seat: int
    to: int | None
    name: str
    text: str
    at: float


_COLUMNS = (
    "id, game, options, seats, settings, seed, deal, host, status, version, meta, clocks, outcome, created, updated"
)


def _row(values: Sequence[Any]) -> TableRow:
    (
        id_,
        game,
        options,
        seats,
        settings,
        seed,
        deal,
        host,
        status,
        version,
        meta,
        clocks,
        outcome,
        created,
        updated,
    ) = values
    return TableRow(
        id=id_,
        game=game,
        options=json.loads(options),
        seats=json.loads(seats),
        settings=json.loads(settings),
        seed=seed,
        deal=deal,
        host=host,
        status=status,
        version=version,
        meta=meta,
        clocks=json.loads(clocks) if clocks else None,
        outcome=json.loads(outcome) if outcome else None,
        created=created,
        updated=updated,
    )


def _dump(value: Any) -> str | None:
    """JSON text for a column: compact, UTF-8, by orjson as the messages are (the standard
    library's encoder took a quarter of the writer's time under load)."""
    return None if value is None else orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class Cursor:
    """What a job gets: ``execute`` with ``?`` placeholders, as SQLite's own cursor takes them
    (:class:`~tycoon.server.store_postgresql.PostgreSQLStore` gives a cursor that turns them
    into PostgreSQL's)."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.raw.execute(self.translate(sql), params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._executemany(self.translate(sql), rows)

    def translate(self, sql: str) -> str:
        """``sql`` in the database's own placeholders."""
        return sql

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.raw.executemany(sql, rows)


Job = Callable[[Cursor], Any]

_KINDS: dict[str, type[Store]] = {}
"""The class of store for each beginning of a database URL (each class adds its own)."""

Outcome = tuple["asyncio.Future[Any]", Any, BaseException | None]
"""A job's future, its result and what it raised (``None`` if it did not)."""


def store_class(url: str) -> type[Store]:
    """The kind of store a database URL names: ``sqlite:///PATH`` or ``postgresql://...``."""
    for prefix, kind in _KINDS.items():
        if url.startswith(prefix):
            return kind
    raise ValueError(f"unknown database URL {url!r}: use sqlite:///PATH or postgresql://...")


def open_store(url: str, *, sqlite_synchronous: str = "FULL", sqlite_busy_timeout: float = 5.0) -> Store:
    """The store of the database at ``url`` (not started: see :meth:`Store.start`)."""
    return store_class(url)(url, sqlite_synchronous=sqlite_synchronous, sqlite_busy_timeout=sqlite_busy_timeout)


class Store(ABC):
    """The database behind the server (see the module docstring): what the server asks of it,
    and the writer and readers both databases share. ``Store(url)`` is the store the URL
    names, as :func:`open_store` gives it; each database's class says how it connects, begins
    and ends a transaction, and tells other processes."""

    dialect: ClassVar[str]
    """``sqlite`` or ``postgresql`` (the health check says which)."""
    shared: ClassVar[bool]
    """Whether several server processes may use the database at once (each is then told of the
    others' moves and of who is connected there)."""
    schema: ClassVar[str]
    """The tables, in the database's own types."""
    prefixes: ClassVar[tuple[str, ...]] = ()
    """The beginnings of the URLs of this kind of database."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for prefix in cls.prefixes:
            _KINDS[prefix] = cls

    def __new__(cls, url: str, **settings: Any) -> Store:
        return super().__new__(store_class(url) if cls is Store else cls)

    def __init__(self, url: str, *, sqlite_synchronous: str = "FULL", sqlite_busy_timeout: float = 5.0) -> None:
        self.url = url
        self.path = ""
        """The SQLite file (empty for PostgreSQL)."""
        if sqlite_synchronous.upper() not in ("FULL", "NORMAL"):
            raise ValueError("sqlite_synchronous is FULL or NORMAL")
        self.synchronous = sqlite_synchronous.upper()
        if not 0 <= sqlite_busy_timeout <= 600:
            raise ValueError("sqlite_busy_timeout is seconds, from 0 to 600")
        self.busy_timeout = sqlite_busy_timeout
        """Seconds a statement waits for a lock another process holds before it fails."""
        self._jobs: queue.SimpleQueue[tuple[Job, asyncio.Future[Any]] | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="tycoon-db-read")
        self._local = threading.local()
        self._stopping = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._on_notify: Callable[[str], None] | None = None
        self._connections: list[Any] = []
        self.origin = uuid.uuid4().hex[:12]
        """This process, in its notifications: it ignores its own."""
        self.commits = 0
        """Transactions committed (for the benchmark)."""

    # --- what each database does its own way ----------------------------------------------

    @abstractmethod
    def describe(self) -> str:
        """The database for people: the SQLite file, or the PostgreSQL URL without password."""

    @abstractmethod
    def _connect(self, *, autocommit: bool = False) -> Any:
        """A new connection (``autocommit``: each statement its own transaction)."""

    def _cursor(self, raw: Any) -> Cursor:
        return Cursor(raw)

    @abstractmethod
    def _hold(self) -> None:
        """Before the schema is made: take whatever the database needs held while it serves."""

    @abstractmethod
    def _let_go(self) -> None:
        """Let go of what :meth:`_hold` took."""

    def _make_schema(self, cur: Cursor) -> None:
        for statement in self.schema.split(";"):
            if statement.strip():
                cur.execute(statement)

    @abstractmethod
    def _opened(self, conn: Any) -> None:
        """The writer has opened ``conn``."""

    @abstractmethod
    def _abandon(self, conn: Any) -> Any:
        """After a failed transaction: roll back what can be; the connection to go on with
        (``None`` for a new one)."""

    @abstractmethod
    def _integrity_errors(self) -> tuple[type[BaseException], ...]:
        """What the database raises when a job breaks a key (another writer was first)."""

    @abstractmethod
    def _begin(self, cur: Cursor) -> None: ...

    @abstractmethod
    def _commit(self, conn: Any, cur: Cursor) -> None: ...

    @abstractmethod
    def _rollback(self, conn: Any, cur: Cursor) -> None: ...

    @abstractmethod
    def _before_read(self) -> None:
        """Before a read touches the database."""

    @abstractmethod
    def _read_failed(self, conn: Any) -> None:
        """A read on this thread's connection ``conn`` failed."""

    @abstractmethod
    async def _listen(self) -> None:
        """Start hearing other processes' notifications (for a :attr:`shared` database)."""

    @abstractmethod
    def notify(self, cur: Cursor, payload: str) -> None:
        """Inside a write job: tell other processes (for a :attr:`shared` database; delivered
        at commit)."""

    @abstractmethod
    async def announce(self, payload: str) -> None:
        """Tell other processes something that needs no write of its own (presence)."""

    @abstractmethod
    def _insert_id(self, cur: Cursor, sql: str, params: Sequence[Any]) -> int:
        """Run the ``INSERT`` ``sql`` and give the id the database chose for the new row."""

    # --- life -------------------------------------------------------------------------

    async def start(self, on_notify: Callable[[str], None] | None = None) -> None:
        """Open the database (creating the file and the schema when needed) and start the
        writer thread, and for a shared database the listener for other processes'
        notifications."""
        self._loop = asyncio.get_running_loop()
        self._on_notify = on_notify
        await asyncio.to_thread(self._prepare)
        ready = threading.Event()
        self._writer = threading.Thread(target=self._write_loop, args=(ready,), name="tycoon-db-write", daemon=True)
        self._writer.start()
        await asyncio.to_thread(ready.wait)
        if on_notify is not None:
            await self._listen()

    async def close(self) -> None:
        self._stopping.set()
        self._jobs.put(None)
        if self._writer is not None:
            await asyncio.to_thread(self._writer.join, 10)
        await self._stop_listening()
        self._readers.shutdown(wait=True)
        for conn in self._connections:
            with contextlib.suppress(Exception):
                conn.close()
        self._connections.clear()
        self._let_go()

    @abstractmethod
    async def _stop_listening(self) -> None:
        """Wait for the listener to end (:meth:`close` has set ``_stopping``)."""

    def check(self) -> None:
        """Open the database once, as the server will (creating the file and the schema), and let
        go of it: :class:`StoreError` saying why it cannot be used, before anything starts."""
        try:
            self._prepare()
        except StoreError:
            raise
        except Exception as e:
            raise StoreError(f"cannot open the database {self.describe()}: {e}") from None
        finally:
            self._let_go()

    def _prepare(self) -> None:
        self._hold()
        conn = self._connect(autocommit=True)
        try:
            cur = self._cursor(conn)
            self._make_schema(cur)
            found = cur.execute("SELECT value FROM tycoon_meta WHERE key = 'schema'").fetchone()
            if found is None:
                cur.execute("INSERT INTO tycoon_meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif int(found[0]) > SCHEMA_VERSION:
                raise StoreError(
                    f"the database was written by a newer tycoon (schema {found[0]}; this one knows {SCHEMA_VERSION})"
                )
            self._probe(cur)
            self._schema_made(cur)
        finally:
            conn.close()

    @abstractmethod
    def _schema_made(self, cur: Cursor) -> None:
        """After the schema is checked and the database written once."""

    def _probe(self, cur: Cursor) -> None:
        """Write to the database once and commit, so that a database the server may read but
        not write (a read-only file or folder, an immutable file, a read-only PostgreSQL
        user) is refused before the server says it serves, not at every move after."""
        try:
            cur.execute(
                "INSERT INTO tycoon_meta (key, value) VALUES ('opened', ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (repr(time.time()),),
            )
        except Exception as e:
            raise StoreError(f"cannot write to the database {self.describe()}: {e}") from None

    # --- the writer -------------------------------------------------------------------

    def write(self, job: Job) -> asyncio.Future[Any]:
        """Run ``job(cursor)`` in the next transaction; the future resolves after the commit
        with the job's result, or fails with :class:`Conflict` or :class:`StoreError`."""
        assert self._loop is not None, "the store is not started"
        future: asyncio.Future[Any] = self._loop.create_future()
        self._jobs.put((job, future))
        return future

    def _write_loop(self, ready: threading.Event) -> None:
        conn = None
        try:
            conn = self._connect()
            self._opened(conn)
        except Exception as e:
            log.error("cannot open the database: %s", e)
        finally:
            ready.set()
        while True:
            first = self._jobs.get()
            if first is None:
                break
            jobs = [first]
            while len(jobs) < 500:
                try:
                    nxt = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self._jobs.put(None)
                    break
                jobs.append(nxt)
            results: list[Outcome] = []
            try:
                if conn is None:
                    conn = self._connect()
                    self._opened(conn)
                results = self._run_batch(conn, jobs)
            except Exception as e:  # the whole transaction failed
                log.error("database write failed: %s", e)
                if conn is not None:
                    with contextlib.suppress(Exception):
                        conn = self._abandon(conn)
                failure = StoreError(f"the database failed: {e}")
                results = [(future, None, failure) for _, future in jobs]
            self.commits += 1
            loop = self._loop
            assert loop is not None
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(_settle, results)
        if conn is not None:
            conn.close()

    def _run_batch(self, conn: Any, jobs: list[tuple[Job, asyncio.Future[Any]]]) -> list[Outcome]:
        """Commit ``jobs`` in one transaction. First all at once, which is what nearly always
        happens; if one of them fails (a conflict), the transaction is rolled back and run
        again with each job in a savepoint of its own, so that only that job fails."""
        cur = self._cursor(conn)
        self._begin(cur)
        try:
            results = [job(cur) for job, _ in jobs]
        except Exception:
            self._rollback(conn, cur)
        else:
            self._commit(conn, cur)
            return [(future, result, None) for (_, future), result in zip(jobs, results, strict=True)]
        return self._run_one_by_one(conn, cur, jobs)

    def _run_one_by_one(self, conn: Any, cur: Cursor, jobs: list[tuple[Job, asyncio.Future[Any]]]) -> list[Outcome]:
        integrity: tuple[type[BaseException], ...] = (*self._integrity_errors(), Conflict)
        self._begin(cur)
        out: list[Outcome] = []
        for job, future in jobs:
            cur.execute("SAVEPOINT job")
            try:
                result = job(cur)
            except integrity as e:
                cur.execute("ROLLBACK TO SAVEPOINT job")
                cur.execute("RELEASE SAVEPOINT job")
                out.append((future, None, e if isinstance(e, Conflict) else Conflict(str(e))))
                continue
            except Exception as e:
                cur.execute("ROLLBACK TO SAVEPOINT job")
                cur.execute("RELEASE SAVEPOINT job")
                log.exception("a database job failed")
                out.append((future, None, StoreError(str(e))))
                continue
            cur.execute("RELEASE SAVEPOINT job")
            out.append((future, result, None))
        self._commit(conn, cur)
        return out

    # --- reads ------------------------------------------------------------------------

    async def read(self, fn: Callable[[Cursor], T]) -> T:
        """Run ``fn(cursor)`` on a reading connection, off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._readers, self._read, fn)

    def _read(self, fn: Callable[[Cursor], T]) -> T:
        """``fn`` on this thread's connection; whatever fails (connecting too) is a
        :class:`StoreError`, which the server answers ``storage``."""
        conn = getattr(self._local, "conn", None)
        try:
            self._before_read()
            if conn is None:
                conn = self._connect(autocommit=True)
                self._local.conn = conn
                self._connections.append(conn)
            return fn(self._cursor(conn))
        except Exception as e:
            if conn is not None:
                self._read_failed(conn)
            raise StoreError(f"the database failed: {e}") from e

    # --- the operations the server uses ---------------------------------------------------

    async def create(self, rows: list[TableRow]) -> None:
        def job(cur: Cursor) -> None:
            for r in rows:
                cur.execute(
                    f"INSERT INTO tables ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        r.id,
                        r.game,
                        _dump(r.options),
                        _dump(r.seats),
                        _dump(r.settings),
                        r.seed,
                        r.deal,
                        r.host,
                        r.status,
                        r.version,
                        r.meta,
                        _dump(r.clocks),
                        _dump(r.outcome),
                        r.created,
                        r.updated,
                    ),
                )

        await self.write(job)

    async def table(self, table_id: str) -> TableRow | None:
        def fn(cur: Cursor) -> TableRow | None:
            found = cur.execute(f"SELECT {_COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
            return _row(found) if found else None

        return await self.read(fn)

    async def open_tables(self, limit: int = 100) -> list[TableRow]:
        def fn(cur: Cursor) -> list[TableRow]:
            rows = cur.execute(
                f"SELECT {_COLUMNS} FROM tables WHERE status = 'waiting' ORDER BY created DESC LIMIT ?", (limit * 4,)
            ).fetchall()
            return [_row(r) for r in rows]

        return await self.read(fn)

    async def playing_tables(self) -> list[str]:
        """The ids of the tables whose game is on."""

        def fn(cur: Cursor) -> list[str]:
            return [r[0] for r in cur.execute("SELECT id FROM tables WHERE status = 'playing'").fetchall()]

        return await self.read(fn)

    async def deal_tables(self, deal: str) -> list[TableRow]:
        def fn(cur: Cursor) -> list[TableRow]:
            rows = cur.execute(f"SELECT {_COLUMNS} FROM tables WHERE deal = ?", (deal,)).fetchall()
            return [_row(r) for r in rows]

        return await self.read(fn)

    async def entries(self, table_id: str, after: int = 0) -> list[Entry]:
        def fn(cur: Cursor) -> list[Entry]:
            rows = cur.execute(
                "SELECT seq, kind, seat, action, by, at FROM actions WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after),
            ).fetchall()
            return [Entry(s, k, seat, json.loads(a) if a else None, by, at) for s, k, seat, a, by, at in rows]

        return await self.read(fn)

    async def snapshot(self, table_id: str) -> tuple[int, bytes] | None:
        def fn(cur: Cursor) -> tuple[int, bytes] | None:
            found = cur.execute(
                "SELECT seq, data FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (table_id,)
            ).fetchone()
            return (int(found[0]), bytes(found[1])) if found else None

        return await self.read(fn)

    def append_job(
        self,
        table_id: str,
        expect_version: int,
        entries: list[Entry],
        fields: dict[str, Any],
        snapshot: tuple[int, bytes] | None = None,
        expect_meta: int | None = None,
    ) -> Job:
        """A job storing ``entries`` and the table's new ``fields`` (status, clocks, outcome,
        seats) if the table is still at ``expect_version`` (and ``expect_meta``)."""
        version = entries[-1].seq if entries else expect_version

        def job(cur: Cursor) -> None:
            _update(cur, table_id, {**fields, "version": version}, expect_version, expect_meta)
            if entries:
                cur.executemany(
                    "INSERT INTO actions (table_id, seq, kind, seat, action, by, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(table_id, e.seq, e.kind, e.seat, _dump(e.action), e.by, e.at) for e in entries],
                )
            if snapshot is not None:
                cur.execute(
                    "INSERT INTO snapshots (table_id, seq, data) VALUES (?, ?, ?)", (table_id, snapshot[0], snapshot[1])
                )
                cur.execute("DELETE FROM snapshots WHERE table_id = ? AND seq < ?", (table_id, snapshot[0]))
            self.notify(cur, f"t:{table_id}")

        return job

    async def append(
        self,
        table_id: str,
        expect_version: int,
        entries: list[Entry],
        fields: dict[str, Any],
        snapshot: tuple[int, bytes] | None = None,
        expect_meta: int | None = None,
    ) -> None:
        await self.write(self.append_job(table_id, expect_version, entries, fields, snapshot, expect_meta))

    async def update(self, table_id: str, fields: dict[str, Any], expect_meta: int) -> None:
        """Change seats or settings if nobody else did since ``expect_meta``."""

        def job(cur: Cursor) -> None:
            _update(cur, table_id, fields, None, expect_meta)
            self.notify(cur, f"t:{table_id}")

        await self.write(job)

    async def add_chat(self, line: ChatLine) -> int:
        def job(cur: Cursor) -> int:
            sql = "INSERT INTO chat (table_id, seat, to_seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?)"
            params = (line.table_id, line.seat, line.to, line.name, line.text, line.at)
            new_id = self._insert_id(cur, sql, params)
            self.notify(cur, f"c:{line.table_id}")
            return new_id

        result: int = await self.write(job)
        return result

    async def chat(self, table_id: str, after: int = 0, limit: int = 100) -> list[ChatLine]:
        def fn(cur: Cursor) -> list[ChatLine]:
            rows = cur.execute(
                "SELECT id, table_id, seat, to_seat, name, text, at FROM chat WHERE table_id = ? AND id > ? "
                "ORDER BY id DESC LIMIT ?",
                (table_id, after, limit),
            ).fetchall()
            return [ChatLine(*r) for r in reversed(rows)]

        return await self.read(fn)


def _update(
    cur: Cursor, table_id: str, fields: dict[str, Any], expect_version: int | None, expect_meta: int | None
) -> None:
    sets = []
    params: list[Any] = []
    for name, value in fields.items():
        if name not in ("status", "version", "seats", "settings", "clocks", "outcome"):
            raise ValueError(f"cannot update {name!r}")
        sets.append(f"{name} = ?")
        params.append(_dump(value) if name in ("seats", "settings", "clocks", "outcome") else value)
    sets.append("updated = ?")
    params.append(time.time())
    if "seats" in fields or "settings" in fields:
        sets.append("meta = meta + 1")
    where = "id = ?"
    params.append(table_id)
    if expect_version is not None:
        where += " AND version = ?"
        params.append(expect_version)
    if expect_meta is not None:
        where += " AND meta = ?"
        params.append(expect_meta)
    changed = cur.execute(f"UPDATE tables SET {', '.join(sets)} WHERE {where}", params).rowcount
    if changed != 1:
        raise Conflict(f"table {table_id} changed meanwhile")


def _settle(results: list[Outcome]) -> None:
    for future, result, error in results:
        if future.cancelled():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
